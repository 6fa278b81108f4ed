/* split.c - a kernel's cube work and vector work on dav-c220's separate
   cores (contract: split.h).

   On dav-c220 an AI Core group is one cube core (AIC: L1, L0A/B/C, the
   bias table, pipes MTE1, M, FIX) and two vector cores (AIVs: UB, pipe
   V), sharing only GM (doc/cce.md, "dav-c220: the cube and the vector
   cores").  A kernel with pto.matmul and vector work becomes a mix
   kernel (`__global__ __mix__(1, 2)'): this file partitions its source
   MIR (mir.h) into three single-core kernels that the ordinary passes
   (memplan, isel, sync) then lower one by one:

     AIC    the matmuls, the loads into their operands and accumulators,
            fills of accumulators with 0, stores of accumulators, and the
            epilogues and casts the cube path fuses into the fixpipe
            (cube.c) when the accumulator has no vector use;
     AIV0   every other tile statement (the vector work);
     AIV1   the flags only: the second vector core idles but takes part
            in every hand-off, since a mode-2 set from the AIVs counts
            once both have set (asc-devkit CrossCoreSetFlag(ISASI).md).
   Scalar statements and control flow go to all three, so the three
   execute the same hand-offs in the same order (scalar code may not
   read tiles: a located sorry).

   WHERE A VALUE IS.  Walking the statements in order, each tile has the
   set of cores holding its current value.  A statement that reads a
   tile on a core that does not hold it is preceded by a hand-off; a
   write leaves the value on the cores that ran it.  Loads and fills run
   on every core that uses the tile; stores where the value is.  Ifs
   meet the two branches (a tile held by disjoint cores at the ends is
   handed over at the end of the else branch); loops iterate their body
   to a fixed point (a tile whose back-edge holders do not meet the
   entry's is handed over before the loop).

   A HAND-OFF of tile T from core X to core Y goes through a slot of a
   GM workspace, one channel per (tile, direction) with a flag id of its
   own (at most 16):
     X: wait_flag_dev(id)                      slot free
        pto.store(slot, cols, T)               fixpipe (AIC) or MTE3
        ffts_cross_core_sync(pipe, mode 2, id) data ready
     Y: wait_flag_dev(id)                      data ready
        pto.load(T, slot, cols)                MTE2
        ffts_cross_core_sync(PIPE_MTE2, mode 2, id)  slot free
   The receiver sets "free" once at the kernel's start and the sender
   takes the last one at its end, so every rise is waited.  Each core
   runs the hand-offs in one order and every channel holds one value,
   so no core waits for a hand-off its partner has not reached: no
   deadlock, and no counter ever exceeds 1.  The slot of block b is
   b * the workspace's bytes per block past the channel's offset: the
   workspace is blocks * WS bytes (pto_split.ws_bytes).  */

#include "backend/cce/split.h"
#include "backend/cce/cube.h"

#include <stdlib.h>
#include <string.h>

enum { AIC = 1, AIV = 2, BOTH = 3 };
/* What the matmuls make of a tile: one of their tiles, an accumulator
   among them, the result of a cast of an accumulator.  */
enum { CUBE_TILE = 1, CUBE_OUT = 2, CUBE_ACC = 4 };

/* How a tile statement is placed.  */
typedef enum place {
  P_SCALAR,      /* no tile: every core */
  P_AIC,         /* the cube's: matmul, fused epilogue or cast */
  P_AIV,         /* vector work */
  P_WRITE,       /* load / fill: every core that uses the tile */
  P_STORE,       /* store: a core holding the value */
  P_CAST         /* a cast the fixpipe may do: AIC if the source is there */
} place;

typedef struct chan {
  const pto_var *tile;
  int from, to;               /* AIC or AIV */
  pto_var *ws;                /* its workspace pointer parameter */
  int64_t off;                /* byte offset in a block's workspace */
} chan;

typedef struct splitter {
  pto_mir_kernel *k;
  pto_program *p;
  pto_diag *diag;
  unsigned nids;
  unsigned char *uses;        /* by var id: cores that use the tile */
  unsigned char *cube;        /* by var id: CUBE_TILE | CUBE_ACC | CUBE_OUT */
  bool dry;                   /* computing states only */
  chan ch[PTO_SPLIT_MAXCHAN];
  int nch;
  int64_t ws;
  int errors;
  pto_split *out;
  /* The accumulators of the products summed on the vector cores (see
     acc_on_vector): the statement each serves, at most NMM.  */
  const pto_mir_node **temp_for;
  pto_var **temp;
  int ntemp, nmm;
  unsigned first_temp_id;
} splitter;

/* Per-tile holder sets, by var id.  */
typedef struct holders {
  unsigned char *w;
} holders;

/* ------------------------------------------------------------------ */
/* Classification                                                      */
/* ------------------------------------------------------------------ */

static const pto_expr *
tile_call(const pto_mir_node *n)
{
  const pto_stmt *s = n->stmt;
  if (n->kind != PTO_MIR_STMT || !s || s->kind != PTO_S_EVAL)
    return NULL;
  const pto_expr *e = s->value;
  return e->kind == PTO_E_CALL && e->is_op ? e : NULL;
}

static const pto_var *
tile_arg(const pto_expr *e, int i)
{
  const pto_expr *a = e->args[i];
  return a->kind == PTO_E_VAR && a->type->kind == PTO_TY_TILE ? a->u.var : NULL;
}

/* Whether expression E reads a tile element.  */
static bool
reads_tile(const pto_expr *e)
{
  if (!e)
    return false;
  if (e->kind == PTO_E_INDEX && e->a->type->kind == PTO_TY_TILE)
    return true;
  if (e->kind == PTO_E_VAR && e->type->kind == PTO_TY_TILE)
    return true;
  if (reads_tile(e->a) || reads_tile(e->b) || reads_tile(e->c))
    return true;
  for (int i = 0; i < e->nargs; i++)
    if (reads_tile(e->args[i]))
      return true;
  return false;
}

/* Pass 1 over the kernel: the matmul tiles.  */
static void
mark_cube(splitter *sp, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    mark_cube(sp, &n->body);
    mark_cube(sp, &n->els);
    const pto_expr *e = tile_call(n);
    if (e && e->op == PTO_OP_MATMUL) {
      for (int a = 0; a < 3; a++)
        if (tile_arg(e, a))
          sp->cube[tile_arg(e, a)->id] |= CUBE_TILE;
      if (tile_arg(e, 0))
        sp->cube[tile_arg(e, 0)->id] |= CUBE_ACC;
    }
  }
}

/* Whether E converts its tile argument 1 into its tile argument 0 the
   way the fixpipe does for an accumulator: pto.cast, pto.dequant and
   pto.col_dequant (cube.c lowers or refuses them there).  */
static bool
acc_conversion(const pto_expr *e)
{
  return e->op == PTO_OP_CAST || e->op == PTO_OP_DEQUANT
         || e->op == PTO_OP_COL_DEQUANT;
}

/* ... and the results of conversions of accumulators (the fixpipe
   converts them on the way out).  */
static void
mark_cast_out(splitter *sp, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    mark_cast_out(sp, &n->body);
    mark_cast_out(sp, &n->els);
    const pto_expr *e = tile_call(n);
    if (e && acc_conversion(e) && tile_arg(e, 0) && tile_arg(e, 1)
        && (sp->cube[tile_arg(e, 1)->id] & CUBE_ACC))
      sp->cube[tile_arg(e, 0)->id] |= CUBE_OUT;
  }
}

/* The placement of N by its op alone (P_AIC epilogues need the uses,
   see place_of).  */
static place
base_place(const splitter *sp, const pto_mir_node *n)
{
  const pto_expr *e = tile_call(n);
  if (!e) {
    const pto_stmt *s = n->stmt;
    if (n->kind != PTO_MIR_STMT || !s)
      return P_SCALAR;
    if ((s->kind == PTO_S_DECL && s->var->type->kind == PTO_TY_TILE)
        && !s->value)
      return P_SCALAR;   /* a tile declaration: every core */
    if ((s->kind == PTO_S_DECL && s->var->type->kind == PTO_TY_TILE)
        || (s->kind == PTO_S_ASSIGN && s->lhs->type->kind == PTO_TY_TILE)
        || (s->kind == PTO_S_ASSIGN && s->lhs->kind == PTO_E_INDEX
            && s->lhs->a->type->kind == PTO_TY_TILE))
      return P_AIV;      /* tile copies and element stores */
    return P_SCALAR;
  }
  switch (e->op) {
  case PTO_OP_MATMUL:
    return P_AIC;
  case PTO_OP_LOAD:
  case PTO_OP_LOAD_VALID:
    return P_WRITE;
  case PTO_OP_FILL:
    return P_WRITE;
  case PTO_OP_STORE:
  case PTO_OP_STORE_VALID:
    return P_STORE;
  case PTO_OP_CAST:
  case PTO_OP_DEQUANT:
  case PTO_OP_COL_DEQUANT:
    return tile_arg(e, 1) && (sp->cube[tile_arg(e, 1)->id] & CUBE_ACC)
               ? P_CAST : P_AIV;
  case PTO_OP_BLOCK_IDX:
  case PTO_OP_BLOCK_NUM:
  case PTO_OP_UNROLL_FACTOR:
    return P_SCALAR;
  default:
    for (int a = 0; a < e->nargs; a++)
      if (tile_arg(e, a))
        return P_AIV;
    return P_SCALAR;
  }
}

/* An epilogue the cube path fuses (cube.c) on accumulator C.  */
static const pto_var *
epilogue_acc(const splitter *sp, const pto_expr *e)
{
  const pto_var *c;
  if (!pto_cube_epilogue_form(e, &c) || !(sp->cube[c->id] & CUBE_ACC))
    return NULL;
  return c;
}

static place place_of(const splitter *sp, const pto_mir_node *n);

/* Pass 2: the cores that use each tile.  A vector statement uses its
   tiles on the AIVs, a matmul or a cast of an accumulator on the AIC;
   loads, fills and stores use a tile that is no matmul tile on the
   AIVs.  EPILOGUES: false, the fused epilogues are skipped; true, only
   they are marked, on the AIC unless their accumulator has vector uses
   (then they are vector work).  */
static void
mark_uses(splitter *sp, const pto_mir_block *b, bool epilogues)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    mark_uses(sp, &n->body, epilogues);
    mark_uses(sp, &n->els, epilogues);
    const pto_expr *e = tile_call(n);
    place pl = base_place(sp, n);
    const pto_var *epi = epilogue_acc(sp, e);
    if ((epi != NULL) != epilogues)
      continue;
    if (!e) {
      if (pl == P_AIV) {
        const pto_stmt *s = n->stmt;
        const pto_var *v = s->kind == PTO_S_DECL ? s->var
                           : s->lhs->kind == PTO_E_VAR ? s->lhs->u.var
                                                       : s->lhs->a->u.var;
        sp->uses[v->id] |= AIV;
        if (s->value && s->value->kind == PTO_E_VAR
            && s->value->type->kind == PTO_TY_TILE)
          sp->uses[s->value->u.var->id] |= AIV;
      }
      continue;
    }
    unsigned char core = epi ? (place_of(sp, n) == P_AIC ? AIC : AIV)
                         : pl == P_AIC || pl == P_CAST ? AIC
                         : pl == P_AIV ? AIV : 0;
    for (int a = 0; core && a < e->nargs; a++)
      if (tile_arg(e, a))
        sp->uses[tile_arg(e, a)->id] |= core;
  }
}

/* Pass 3: a tile only loaded, filled or stored (a copy through UB) is
   the AIVs', and so is a fill the cube cannot do.  */
static void
mark_movers(splitter *sp, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    mark_movers(sp, &n->body);
    mark_movers(sp, &n->els);
    const pto_expr *e = tile_call(n);
    place pl = base_place(sp, n);
    if (!e || (pl != P_WRITE && pl != P_STORE))
      continue;
    const pto_var *t = tile_arg(e, pl == P_WRITE ? 0 : 2);
    if (t && !sp->uses[t->id] && !sp->cube[t->id])
      sp->uses[t->id] = AIV;
    /* A fill the cube cannot do (of an operand, or not with 0) is the
       vector cores' work.  */
    if (t && e->op == PTO_OP_FILL && (sp->cube[t->id] & CUBE_TILE)
        && (!(sp->cube[t->id] & CUBE_ACC) || !pto_e_is_zero(e->args[1])))
      sp->uses[t->id] |= AIV;
  }
}

/* The epilogue stays on the AIC (the fixpipe's) when neither its
   accumulator nor its bias has a vector use.  */
static place
place_of(const splitter *sp, const pto_mir_node *n)
{
  place pl = base_place(sp, n);
  const pto_expr *e = tile_call(n);
  const pto_var *c = epilogue_acc(sp, e);
  if (pl == P_AIV && c && !(sp->uses[c->id] & AIV)
      && (e->op != PTO_OP_COL_EXPAND_ADD || !tile_arg(e, 2)
          || !(sp->uses[tile_arg(e, 2)->id] & AIV)))
    return P_AIC;
  return pl;
}

static bool
has_matmul(const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_expr *e = tile_call(n);
    if ((e && e->op == PTO_OP_MATMUL) || has_matmul(&n->body)
        || has_matmul(&n->els))
      return true;
  }
  return false;
}

/* The tiles statements of B read or write other than by a load or a
   fill of them (by var id).  */
static void
mark_consumed(const pto_mir_block *b, unsigned char *used)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    mark_consumed(&n->body, used);
    mark_consumed(&n->els, used);
    const pto_expr *e = tile_call(n);
    bool writes = e && (e->op == PTO_OP_LOAD || e->op == PTO_OP_LOAD_VALID
                        || e->op == PTO_OP_FILL);
    for (int a = writes ? 1 : 0; e && a < e->nargs; a++)
      if (tile_arg(e, a))
        used[tile_arg(e, a)->id] = 1;
  }
}

/* Drop the loads and fills of tiles nothing else in B touches (a fill
   placed on the AIC for a matmul that became the vector cores' sum).  */
static void
drop_dead_writes(pto_mir_block *b, const unsigned char *used)
{
  int j = 0;
  for (int i = 0; i < b->n; i++) {
    pto_mir_node *n = b->items[i];
    drop_dead_writes(&n->body, used);
    drop_dead_writes(&n->els, used);
    const pto_expr *e = tile_call(n);
    if (e && (e->op == PTO_OP_LOAD || e->op == PTO_OP_LOAD_VALID
              || e->op == PTO_OP_FILL)
        && tile_arg(e, 0) && !used[tile_arg(e, 0)->id])
      continue;
    b->items[j++] = n;
  }
  b->n = j;
}

static int
count_matmuls(const pto_mir_block *b)
{
  int k = 0;
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_expr *e = tile_call(n);
    k += (e && e->op == PTO_OP_MATMUL) + count_matmuls(&n->body)
         + count_matmuls(&n->els);
  }
  return k;
}

/* ------------------------------------------------------------------ */
/* Building statements                                                 */
/* ------------------------------------------------------------------ */

static pto_expr *
new_expr(splitter *sp, pto_expr_kind kind, const pto_type *t, pto_loc loc)
{
  return pto_mir_expr(sp->k, kind, t, loc);
}

static pto_expr *
var_ref(splitter *sp, const pto_var *v, pto_loc loc)
{
  return pto_mir_var_ref(sp->k, v, loc);
}

static pto_expr *
int_lit(splitter *sp, int64_t v, pto_loc loc)
{
  pto_expr *e = new_expr(sp, PTO_E_INT, pto_type_scalar(sp->p, PTO_DT_I32),
                         loc);
  e->u.ival = v;
  return e;
}

static pto_expr *
op_call(splitter *sp, pto_op op, const pto_type *t, int nargs, pto_loc loc)
{
  pto_expr *e = new_expr(sp, PTO_E_CALL, t, loc);
  e->is_op = true;
  e->op = op;
  e->nargs = nargs;
  e->args = pto_arena_alloc(sp->p->arena, ((size_t)nargs + 1) * sizeof *e->args);
  return e;
}

/* The slot of channel C in the running block's workspace: ws +
   block_idx * (bytes per block / element size).  */
static pto_expr *
slot_expr(splitter *sp, const chan *c, pto_loc loc)
{
  const pto_type *i32 = pto_type_scalar(sp->p, PTO_DT_I32);
  pto_expr *idx = op_call(sp, PTO_OP_BLOCK_IDX, i32, 0, loc);
  pto_expr *mul = new_expr(sp, PTO_E_BIN, i32, loc);
  mul->u.binop = PTO_BIN_MUL;
  mul->a = idx;
  mul->b = int_lit(sp, PTO_SPLIT_STRIDE_MARK, loc);  /* patched later */
  pto_expr *add = new_expr(sp, PTO_E_BIN, c->ws->type, loc);
  add->u.binop = PTO_BIN_ADD;
  add->a = var_ref(sp, c->ws, loc);
  add->b = mul;
  return add;
}

static pto_mir_node *
eval_node(splitter *sp, pto_expr *call, pto_loc loc)
{
  pto_stmt *s = pto_arena_alloc(sp->p->arena, sizeof *s);
  s->kind = PTO_S_EVAL;
  s->loc = loc;
  s->value = call;
  return pto_mir_src_node(sp->k, s);
}

/* pto.load(T, slot, cols) or pto.store(slot, cols, T).  */
static pto_mir_node *
transfer(splitter *sp, const chan *c, bool load, pto_loc loc)
{
  const pto_type *v = pto_type_void(sp->p);
  pto_expr *e = op_call(sp, load ? PTO_OP_LOAD : PTO_OP_STORE, v, 3, loc);
  pto_expr *t = var_ref(sp, c->tile, loc);
  pto_expr *slot = slot_expr(sp, c, loc);
  pto_expr *ld = int_lit(sp, c->tile->type->cols, loc);
  e->args[0] = load ? t : slot;
  e->args[1] = load ? slot : ld;
  e->args[2] = load ? ld : t;
  return eval_node(sp, e, loc);
}

/* ffts_cross_core_sync(PIPE, mode 2, ID) (SET) or wait_flag_dev(ID).  */
static pto_mir_node *
xsync(splitter *sp, bool set, const char *pipe, int id, pto_loc loc)
{
  /* The passes that read every node's statement see "(void)0".  */
  pto_stmt *st = pto_arena_alloc(sp->p->arena, sizeof *st);
  st->kind = PTO_S_EVAL;
  st->loc = loc;
  st->value = int_lit(sp, 0, loc);
  pto_mir_node *n = pto_arena_alloc(sp->p->arena, sizeof *n);
  n->stmt = st;
  n->kind = PTO_MIR_XSYNC;
  n->loc = loc;
  n->id = -1;
  n->pipe = PTO_PIPE_S;
  n->sync = set ? PTO_SYNC_SET : PTO_SYNC_WAIT;
  n->op = set ? pipe : NULL;
  n->event = id;
  return n;
}

/* ------------------------------------------------------------------ */
/* Hand-offs                                                           */
/* ------------------------------------------------------------------ */

static int
core_of(int set)
{
  return set & AIC ? AIC : AIV;
}

static chan *
channel(splitter *sp, const pto_var *t, int from, int to, pto_loc loc)
{
  for (int i = 0; i < sp->nch; i++)
    if (sp->ch[i].tile == t && sp->ch[i].from == from && sp->ch[i].to == to)
      return &sp->ch[i];
  if (sp->nch == PTO_SPLIT_MAXCHAN) {
    if (!sp->errors++)
      pto_sorry(sp->diag, loc, "kernel '%s' hands more than %d tiles "
                "between the cube core and the vector cores (dav-c220 has "
                "%d cross-core flags): split it into several kernels",
                sp->k->func->name, PTO_SPLIT_MAXCHAN, PTO_SPLIT_MAXCHAN);
    return NULL;
  }
  chan *c = &sp->ch[sp->nch++];
  c->tile = t;
  c->from = from;
  c->to = to;
  c->off = sp->ws;
  const pto_type *tt = t->type;
  int64_t bytes = (int64_t)tt->rows * tt->cols * pto_dtype_bytes(tt->dtype);
  sp->ws += (bytes + 511) / 512 * 512;
  pto_var *v = pto_arena_alloc(sp->p->arena, sizeof *v);
  v->name = pto_arena_printf(sp->p->arena, "pto_ws%d", sp->nch - 1);
  v->type = pto_type_ptr(sp->p, pto_type_scalar(sp->p, tt->dtype), false);
  v->loc = sp->k->func->loc;
  v->is_param = true;
  v->dir = PTO_DIR_INOUT;
  v->id = sp->p->next_var_id;
  c->ws = v;
  return c;
}

/* The three kernels' blocks at the current point.  */
typedef struct outs {
  pto_mir_block *aic, *aiv, *idle;
} outs;

static void
hand_off(splitter *sp, const outs *o, const pto_var *t, int from, int to,
         pto_loc loc)
{
  chan *c = channel(sp, t, from, to, loc);
  if (!c || sp->dry)
    return;
  int id = (int)(c - sp->ch);
  pto_mir_block *src = from == AIC ? o->aic : o->aiv;
  pto_mir_block *dst = to == AIC ? o->aic : o->aiv;
  const char *store_pipe = from == AIC ? "PIPE_FIX" : "PIPE_MTE3";
  pto_mir_push(src, xsync(sp, false, NULL, id, loc));
  pto_mir_push(src, transfer(sp, c, false, loc));
  pto_mir_push(src, xsync(sp, true, store_pipe, id, loc));
  pto_mir_push(dst, xsync(sp, false, NULL, id, loc));
  pto_mir_push(dst, transfer(sp, c, true, loc));
  pto_mir_push(dst, xsync(sp, true, "PIPE_MTE2", id, loc));
  /* The idle vector core: the AIVs' flags only.  */
  pto_mir_push(o->idle, xsync(sp, false, NULL, id, loc));
  pto_mir_push(o->idle, xsync(sp, true, from == AIV ? store_pipe
                                                    : "PIPE_MTE2", id, loc));
}

/* Make tile T's value available on core TO (from wherever it is).  */
static void
need(splitter *sp, const outs *o, holders *h, const pto_var *t, int to,
     pto_loc loc)
{
  unsigned char w = h->w[t->id];
  if (!w || (w & to))
    return;
  hand_off(sp, o, t, core_of(w), to, loc);
  h->w[t->id] |= (unsigned char)to;
}

/* ------------------------------------------------------------------ */
/* The walk                                                            */
/* ------------------------------------------------------------------ */

static holders
h_copy(const splitter *sp, const holders *h)
{
  holders c = { pto_xmalloc(sp->nids ? sp->nids : 1) };
  memcpy(c.w, h->w, sp->nids);
  return c;
}

static void walk_block(splitter *sp, const outs *o, holders *h,
                       const pto_mir_block *b);

static void
push_all(splitter *sp, const outs *o, pto_mir_node *n)
{
  if (sp->dry)
    return;
  pto_mir_push(o->aic, n);
  pto_mir_push(o->aiv, n);
  pto_mir_push(o->idle, n);
}

/* The fresh accumulator of matmul statement N (the same one in every
   round of a loop's fixed point): accumulator C's type, an id of its
   own past the program's (memplan.c indexes tiles by id).  */
static pto_var *
temp_acc(splitter *sp, const pto_mir_node *n, const pto_var *c)
{
  for (int i = 0; i < sp->ntemp; i++)
    if (sp->temp_for[i] == n)
      return sp->temp[i];
  pto_assert(sp->ntemp < sp->nmm);
  pto_var *v = pto_arena_alloc(sp->p->arena, sizeof *v);
  v->name = pto_arena_printf(sp->p->arena, "%s_mm%d", c->name, sp->ntemp);
  v->type = c->type;
  v->loc = n->loc;
  v->id = sp->first_temp_id + (unsigned)sp->ntemp;
  if (sp->p->next_var_id <= v->id)
    sp->p->next_var_id = v->id + 1;
  sp->temp_for[sp->ntemp] = n;
  sp->temp[sp->ntemp++] = v;
  return v;
}

/* pto.matmul(c, a, b) while only the vector cores hold c (a vector op
   changed it since its last product): the cube core computes the
   product into a fresh accumulator t, which the vector cores add to c.
   One hand-off (t) instead of two (c there and back); the sum is c +
   (a * b) instead of the cube's accumulation onto c, which differs in
   rounding only (the order of a matmul's additions is not specified).  */
static void
acc_on_vector(splitter *sp, const outs *o, holders *h, pto_mir_node *n,
              const pto_expr *e)
{
  const pto_var *c = tile_arg(e, 0);
  pto_var *t = temp_acc(sp, n, c);
  for (int a = 1; a < 3; a++)
    if (tile_arg(e, a))
      need(sp, o, h, tile_arg(e, a), AIC, n->loc);
  if (!sp->dry) {
    const pto_type *v = pto_type_void(sp->p);
    pto_expr *fill = op_call(sp, PTO_OP_FILL, v, 2, n->loc);
    fill->args[0] = var_ref(sp, t, n->loc);
    fill->args[1] = int_lit(sp, 0, n->loc);
    if (pto_dtype_is_float(c->type->dtype)) {
      fill->args[1] = new_expr(sp, PTO_E_FLOAT,
                               pto_type_scalar(sp->p, c->type->dtype), n->loc);
      fill->args[1]->u.fval = 0.0;
    }
    pto_expr *mm = op_call(sp, PTO_OP_MATMUL, v, 3, n->loc);
    mm->args[0] = var_ref(sp, t, n->loc);
    mm->args[1] = e->args[1];
    mm->args[2] = e->args[2];
    pto_mir_push(o->aic, eval_node(sp, fill, n->loc));
    pto_mir_push(o->aic, eval_node(sp, mm, n->loc));
  }
  h->w[t->id] = AIC;
  need(sp, o, h, t, AIV, n->loc);
  if (!sp->dry) {
    pto_expr *add = op_call(sp, PTO_OP_ADD, pto_type_void(sp->p), 3, n->loc);
    add->args[0] = var_ref(sp, c, n->loc);
    add->args[1] = var_ref(sp, c, n->loc);
    add->args[2] = var_ref(sp, t, n->loc);
    pto_mir_push(o->aiv, eval_node(sp, add, n->loc));
  }
  h->w[c->id] = AIV;
}

static void
walk_tile_stmt(splitter *sp, const outs *o, holders *h, pto_mir_node *n,
               place pl)
{
  const pto_expr *e = tile_call(n);
  const pto_var *t = NULL;
  int cores;
  if (!e) {   /* a tile copy or element store: the AIVs' */
    const pto_stmt *s = n->stmt;
    t = s->kind == PTO_S_DECL ? s->var
        : s->lhs->kind == PTO_E_VAR ? s->lhs->u.var : s->lhs->a->u.var;
    if (s->value && s->value->kind == PTO_E_VAR
        && s->value->type->kind == PTO_TY_TILE)
      need(sp, o, h, s->value->u.var, AIV, n->loc);
    if (s->kind == PTO_S_ASSIGN && s->lhs->kind == PTO_E_INDEX)
      need(sp, o, h, t, AIV, n->loc);
    if (!sp->dry)
      pto_mir_push(o->aiv, n);
    if (!sp->dry && s->kind == PTO_S_DECL) {
      /* the other cores still see the declaration */
      pto_stmt *d = pto_arena_alloc(sp->p->arena, sizeof *d);
      *d = *s;
      d->value = NULL;
      pto_mir_node *dn = pto_mir_src_node(sp->k, d);
      pto_mir_push(o->aic, dn);
      pto_mir_push(o->idle, dn);
    }
    h->w[t->id] = AIV;
    return;
  }
  const char *sig = pto_op_info(e->op)->sig;
  switch (pl) {
  case P_WRITE:
    t = tile_arg(e, 0);
    cores = sp->uses[t->id] ? sp->uses[t->id] : AIV;
    if (e->op == PTO_OP_FILL && (cores & AIC)
        && (!(sp->cube[t->id] & CUBE_ACC) || !pto_e_is_zero(e->args[1])))
      cores = AIV;   /* the cube fills accumulators with 0 only */
    if (!sp->dry && (cores & AIC))
      pto_mir_push(o->aic, n);
    if (!sp->dry && (cores & AIV))
      pto_mir_push(o->aiv, n);
    h->w[t->id] = (unsigned char)cores;
    return;
  case P_STORE:
    /* From the AIVs where they hold it (any tile), else the fixpipe.  */
    t = tile_arg(e, 2);
    cores = h->w[t->id] == AIC ? AIC : AIV;
    need(sp, o, h, t, cores, n->loc);
    if (!sp->dry)
      pto_mir_push(cores == AIC ? o->aic : o->aiv, n);
    return;
  case P_CAST:
    /* The fixpipe converts (into L1 or on the way out) when the result
       has no vector use.  A dequantization of an accumulator stays
       there even then: ExpandTileOps left it whole for the fixpipe, so
       cube.c accepts it or says why not.  */
    pl = (h->w[tile_arg(e, 1)->id] & AIC)
                 && (e->op != PTO_OP_CAST
                     || !(sp->uses[tile_arg(e, 0)->id] & AIV))
             ? P_AIC : P_AIV;
    break;
  default:
    break;
  }
  if (e->op == PTO_OP_MATMUL && tile_arg(e, 0)
      && h->w[tile_arg(e, 0)->id] == AIV) {
    acc_on_vector(sp, o, h, n, e);
    return;
  }
  cores = pl == P_AIC ? AIC : AIV;
  for (int a = 0; a < e->nargs; a++) {
    const pto_var *v = tile_arg(e, a);
    if (v && (sig[a] == 't' || sig[a] == 'U'))
      need(sp, o, h, v, cores, n->loc);
  }
  for (int a = 0; a < e->nargs; a++) {
    const pto_var *v = tile_arg(e, a);
    if (v && (sig[a] == 'T' || sig[a] == 'U'))
      h->w[v->id] = (unsigned char)cores;
  }
  if (!sp->dry)
    pto_mir_push(cores == AIC ? o->aic : o->aiv, n);
}

/* The meet of two holder states into A; tiles held by disjoint cores
   are listed in FIX (to be handed over to A's holder).  */
static bool
h_meet(const splitter *sp, holders *a, const holders *b, unsigned char *fix)
{
  bool changed = false;
  for (unsigned id = 0; id < sp->nids; id++) {
    unsigned char x = a->w[id], y = b->w[id], m;
    fix[id] = 0;
    if (!x)
      m = y;
    else if (!y)
      m = x;
    else if (x & y)
      m = x & y;
    else {
      m = x;
      fix[id] = 1;
    }
    changed |= m != x;
    a->w[id] = m;
  }
  return changed;
}

static const pto_var *
tile_by_id(splitter *sp, const pto_mir_block *b, unsigned id)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_var *v = tile_by_id(sp, &n->body, id);
    if (v)
      return v;
    v = tile_by_id(sp, &n->els, id);
    if (v)
      return v;
    const pto_expr *e = tile_call(n);
    for (int a = 0; e && a < e->nargs; a++)
      if (tile_arg(e, a) && tile_arg(e, a)->id == id)
        return tile_arg(e, a);
    if (n->kind == PTO_MIR_STMT && n->stmt->kind == PTO_S_DECL
        && n->stmt->var->id == id)
      return n->stmt->var;
  }
  return NULL;
}

/* The tile whose id is ID: the kernel's, or a fresh accumulator.  */
static const pto_var *
tile_named(splitter *sp, unsigned id)
{
  for (int i = 0; i < sp->ntemp; i++)
    if (sp->temp[i]->id == id)
      return sp->temp[i];
  const pto_var *v = tile_by_id(sp, &sp->k->src, id);
  pto_assert(v);
  return v;
}

static pto_mir_node *
shell(splitter *sp, const pto_mir_node *n)
{
  pto_mir_node *c = pto_arena_alloc(sp->p->arena, sizeof *c);
  *c = *n;
  memset(&c->body, 0, sizeof c->body);
  memset(&c->els, 0, sizeof c->els);
  return c;
}

static void
walk_if(splitter *sp, const outs *o, holders *h, pto_mir_node *n)
{
  pto_mir_node *x[3] = { NULL, NULL, NULL };
  outs ot = *o, oe = *o;
  if (!sp->dry) {
    for (int i = 0; i < 3; i++)
      x[i] = shell(sp, n);
    ot = (outs){ &x[0]->body, &x[1]->body, &x[2]->body };
    oe = (outs){ &x[0]->els, &x[1]->els, &x[2]->els };
  }
  holders t = h_copy(sp, h), e = h_copy(sp, h);
  walk_block(sp, &ot, &t, &n->body);
  walk_block(sp, &oe, &e, &n->els);
  unsigned char *fix = pto_xmalloc(sp->nids ? sp->nids : 1);
  holders m = h_copy(sp, &t);
  h_meet(sp, &m, &e, fix);
  for (unsigned id = 0; id < sp->nids; id++)
    if (fix[id])
      need(sp, &oe, &e, tile_named(sp, id), core_of(t.w[id]),
           n->loc);
  memcpy(h->w, m.w, sp->nids);
  free(fix);
  free(t.w);
  free(e.w);
  free(m.w);
  if (!sp->dry) {
    pto_mir_push(o->aic, x[0]);
    pto_mir_push(o->aiv, x[1]);
    pto_mir_push(o->idle, x[2]);
  }
}

enum { MAX_ROUNDS = 16 };

static void
walk_loop(splitter *sp, const outs *o, holders *h, pto_mir_node *n)
{
  holders head = h_copy(sp, h);
  unsigned char *fix = pto_xmalloc(sp->nids ? sp->nids : 1);
  bool dry = sp->dry;
  int round = 0;
  for (;; round++) {
    holders end = h_copy(sp, &head);
    outs none = *o;
    sp->dry = true;
    walk_block(sp, &none, &end, &n->body);
    sp->dry = dry;
    bool changed = false;
    for (unsigned id = 0; id < sp->nids; id++) {
      unsigned char x = head.w[id], y = end.w[id], m;
      m = !x ? y : !y ? x : (x & y) ? (x & y) : y;
      changed |= m != x;
      head.w[id] = m;
    }
    free(end.w);
    if (!changed)
      break;
    if (round == MAX_ROUNDS) {
      if (!sp->errors++)
        pto_sorry(sp->diag, n->loc, "internal compiler problem: where the "
                  "tiles of this loop live on the cube and vector cores "
                  "did not settle in %d rounds (please report it)",
                  MAX_ROUNDS);
      break;
    }
  }
  /* Before the loop: bring each tile to the head's holders.  */
  for (unsigned id = 0; id < sp->nids; id++)
    if (h->w[id] && head.w[id] && !(h->w[id] & head.w[id]))
      need(sp, o, h, tile_named(sp, id), core_of(head.w[id]),
           n->loc);
  pto_mir_node *x[3] = { NULL, NULL, NULL };
  outs ob = *o;
  if (!sp->dry) {
    for (int i = 0; i < 3; i++)
      x[i] = shell(sp, n);
    ob = (outs){ &x[0]->body, &x[1]->body, &x[2]->body };
  }
  holders body = h_copy(sp, &head);
  walk_block(sp, &ob, &body, &n->body);
  memcpy(h->w, head.w, sp->nids);
  free(body.w);
  free(head.w);
  free(fix);
  if (!sp->dry) {
    pto_mir_push(o->aic, x[0]);
    pto_mir_push(o->aiv, x[1]);
    pto_mir_push(o->idle, x[2]);
  }
}

static void
walk_block(splitter *sp, const outs *o, holders *h, const pto_mir_block *b)
{
  for (int i = 0; i < b->n && !sp->errors; i++) {
    pto_mir_node *n = b->items[i];
    switch (n->kind) {
    case PTO_MIR_IF:
      walk_if(sp, o, h, n);
      continue;
    case PTO_MIR_FOR:
    case PTO_MIR_WHILE:
      walk_loop(sp, o, h, n);
      continue;
    default:
      break;
    }
    place pl = place_of(sp, n);
    if (pl == P_SCALAR)
      push_all(sp, o, n);
    else
      walk_tile_stmt(sp, o, h, n, pl);
  }
}

/* ------------------------------------------------------------------ */
/* Checks                                                              */
/* ------------------------------------------------------------------ */

static void
check_scalars(splitter *sp, const pto_mir_block *b)
{
  for (int i = 0; i < b->n && !sp->errors; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_stmt *s = n->stmt;
    if (s && (s->kind == PTO_S_BREAK || s->kind == PTO_S_CONTINUE
              || s->kind == PTO_S_RETURN)) {
      sp->errors++;
      pto_sorry(sp->diag, s->loc, "kernel '%s' is split between the cube "
                "core and the vector cores of %s, which does not handle "
                "'%s' yet: let the loops run to their end",
                sp->k->func->name, sp->k->arch->name,
                s->kind == PTO_S_BREAK ? "break"
                : s->kind == PTO_S_CONTINUE ? "continue" : "return");
      return;
    }
    bool scalar = place_of(sp, n) == P_SCALAR;
    if (s && scalar && n->kind == PTO_MIR_STMT
        && (reads_tile(s->value) || (s->lhs && reads_tile(s->lhs)))) {
      sp->errors++;
      pto_sorry(sp->diag, s->loc, "kernel '%s' is split between the cube "
                "core and the vector cores of %s, and this scalar code "
                "reads a tile element, which only one of them holds: "
                "compute with tile operations, or write the vector part "
                "as a kernel of its own", sp->k->func->name,
                sp->k->arch->name);
      return;
    }
    if (s && n->kind != PTO_MIR_STMT
        && (reads_tile(s->cond) || reads_tile(s->start)
            || reads_tile(s->stop) || reads_tile(s->step))) {
      sp->errors++;
      pto_sorry(sp->diag, s->loc, "kernel '%s' is split between the cube "
                "core and the vector cores of %s, and this condition reads "
                "a tile element: the three cores must take the same path",
                sp->k->func->name, sp->k->arch->name);
      return;
    }
    check_scalars(sp, &n->body);
    check_scalars(sp, &n->els);
  }
}

/* GM written by one core and touched by the other is not ordered by the
   hand-offs: a located sorry at the first such access.  */
typedef struct gm_use {
  unsigned char rd, wr;
  bool seen[2];
  pto_loc loc[2];               /* the first access of the AIC, the AIVs */
} gm_use;

static const pto_var *
base_ptr(const pto_expr *e)
{
  while (e && e->kind == PTO_E_BIN)
    e = e->a->type->kind == PTO_TY_PTR ? e->a : e->b;
  return e && e->kind == PTO_E_VAR && e->type->kind == PTO_TY_PTR ? e->u.var
                                                                  : NULL;
}

static void
gm_uses(const pto_mir_block *b, int core, const pto_func *f, gm_use *u)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    gm_uses(&n->body, core, f, u);
    gm_uses(&n->els, core, f, u);
    const pto_expr *e = tile_call(n);
    if (!e)
      continue;
    bool load = e->op == PTO_OP_LOAD || e->op == PTO_OP_LOAD_VALID;
    bool store = e->op == PTO_OP_STORE || e->op == PTO_OP_STORE_VALID;
    if (!load && !store)
      continue;
    const pto_var *p = base_ptr(e->args[load ? 1 : 0]);
    for (int j = 0; p && j < f->nparams; j++)
      if (f->params[j] == p) {
        if (!u[j].seen[core - 1]) {
          u[j].seen[core - 1] = true;
          u[j].loc[core - 1] = e->loc;
        }
        if (load)
          u[j].rd |= (unsigned char)core;
        else
          u[j].wr |= (unsigned char)core;
      }
  }
}

static void
check_gm(splitter *sp, const pto_split *s)
{
  const pto_func *f = sp->k->func;
  gm_use *u = pto_xmalloc(((size_t)f->nparams + 1) * sizeof *u);
  memset(u, 0, ((size_t)f->nparams + 1) * sizeof *u);
  gm_uses(&s->aic, AIC, f, u);
  gm_uses(&s->aiv, AIV, f, u);
  for (int j = 0; j < f->nparams && !sp->errors; j++) {
    unsigned char all = u[j].rd | u[j].wr;
    if (u[j].wr && all == BOTH) {
      /* At the first access of the core that is not the (first) writer.  */
      int other = u[j].wr & AIC ? AIV : AIC;
      sp->errors++;
      pto_sorry(sp->diag, u[j].loc[other - 1], "'%s' is written by the %s "
                "and also accessed by the %s of this split kernel: the cores "
                "do not "
                "order their GM accesses except at the tile hand-offs; use "
                "another buffer or a kernel of its own",
                f->params[j]->name,
                u[j].wr & AIC ? "cube core" : "vector cores",
                u[j].wr & AIC ? "vector cores" : "cube core");
    }
  }
  free(u);
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */
/* ------------------------------------------------------------------ */

static void
splitter_init(splitter *sp, pto_mir_kernel *k, pto_diag *d)
{
  memset(sp, 0, sizeof *sp);
  sp->k = k;
  sp->p = (pto_program *)k->prog;
  sp->diag = d;
  sp->nmm = count_matmuls(&k->src);
  sp->first_temp_id = k->prog->next_var_id + 1;
  sp->nids = sp->first_temp_id + (unsigned)sp->nmm;
  sp->temp_for = pto_xmalloc(((size_t)sp->nmm + 1) * sizeof *sp->temp_for);
  sp->temp = pto_xmalloc(((size_t)sp->nmm + 1) * sizeof *sp->temp);
  sp->uses = pto_xmalloc(sp->nids);
  sp->cube = pto_xmalloc(sp->nids);
  memset(sp->uses, 0, sp->nids);
  memset(sp->cube, 0, sp->nids);
  mark_cube(sp, &k->src);
  mark_cast_out(sp, &k->src);
  mark_uses(sp, &k->src, false);
  mark_uses(sp, &k->src, true);
  mark_movers(sp, &k->src);
}

static void
splitter_free(splitter *sp)
{
  free(sp->uses);
  free(sp->cube);
  free(sp->temp_for);
  free(sp->temp);
}

bool
pto_split_wanted(const pto_mir_kernel *k)
{
  if (k->arch->isa != PTO_ISA_V220 || strcmp(k->arch->name, "dav-c220"))
    return false;
  splitter sp;
  splitter_init(&sp, (pto_mir_kernel *)k, NULL);
  bool want = false;
  if (has_matmul(&k->src))
    for (unsigned id = 0; id < sp.nids; id++)
      want |= (sp.uses[id] & AIV) != 0;
  splitter_free(&sp);
  return want;
}

/* Replace the stride marks of the slot expressions by the elements per
   block of each channel's dtype.  */
static void
patch_strides(const pto_mir_block *b, int64_t ws)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    patch_strides(&n->body, ws);
    patch_strides(&n->els, ws);
    const pto_expr *e = tile_call(n);
    if (!e || (e->op != PTO_OP_LOAD && e->op != PTO_OP_STORE))
      continue;
    pto_expr *slot = e->args[e->op == PTO_OP_LOAD ? 1 : 0];
    if (slot->kind != PTO_E_BIN || slot->b->kind != PTO_E_BIN
        || slot->b->b->kind != PTO_E_INT
        || slot->b->b->u.ival != PTO_SPLIT_STRIDE_MARK)
      continue;
    slot->b->b->u.ival = ws / pto_dtype_bytes(slot->type->pointee->dtype);
  }
}

int
pto_split_kernel(pto_mir_kernel *k, pto_diag *d, pto_split *out)
{
  splitter sp;
  splitter_init(&sp, k, d);
  memset(out, 0, sizeof *out);
  check_scalars(&sp, &k->src);
  if (!sp.errors) {
    holders h = { pto_xmalloc(sp.nids) };
    memset(h.w, 0, sp.nids);
    outs o = { &out->aic, &out->aiv, &out->idle };
    walk_block(&sp, &o, &h, &k->src);
    free(h.w);
  }
  if (!sp.errors)
    check_gm(&sp, out);
  if (!sp.errors) {
    pto_loc loc = k->func->loc;
    /* The receivers free every slot once; the senders take the last.  */
    for (int i = sp.nch - 1; i >= 0; i--) {
      const chan *c = &sp.ch[i];
      pto_mir_insert(c->to == AIC ? &out->aic : &out->aiv, 0,
                     xsync(&sp, true, "PIPE_MTE2", i, loc));
      if (c->to == AIV)
        pto_mir_insert(&out->idle, 0, xsync(&sp, true, "PIPE_MTE2", i, loc));
    }
    for (int i = 0; i < sp.nch; i++) {
      const chan *c = &sp.ch[i];
      pto_mir_push(c->from == AIC ? &out->aic : &out->aiv,
                   xsync(&sp, false, NULL, i, loc));
      if (c->from == AIV)
        pto_mir_push(&out->idle, xsync(&sp, false, NULL, i, loc));
      /* AIC -> AIV: the AIC's mode-2 "free" wait is the AIVs' set: the
         idle core set it at the start.  AIV -> AIC: the idle core waits
         the AIC's "free" like AIV0.  */
    }
    unsigned char *used = pto_xmalloc(sp.nids);
    memset(used, 0, sp.nids);
    mark_consumed(&out->aic, used);
    drop_dead_writes(&out->aic, used);
    free(used);
    for (int i = sp.ntemp - 1; i >= 0; i--) {
      pto_stmt *d = pto_arena_alloc(sp.p->arena, sizeof *d);
      d->kind = PTO_S_DECL;
      d->loc = sp.temp[i]->loc;
      d->var = sp.temp[i];
      pto_mir_node *dn = pto_mir_src_node(k, d);
      pto_mir_insert(&out->aic, 0, dn);
      pto_mir_insert(&out->aiv, 0, dn);
    }
    out->ws_bytes = sp.ws;
    out->nchan = sp.nch;
    for (int i = 0; i < sp.nch; i++) {
      out->chan_tile[i] = sp.ch[i].tile;
      out->chan_ws[i] = sp.ch[i].ws;
      out->chan_off[i] = sp.ch[i].off;
      out->chan_to_aiv[i] = sp.ch[i].to == AIV;
    }
    patch_strides(&out->aic, sp.ws);
    patch_strides(&out->aiv, sp.ws);
    /* Each part keeps every scalar statement, so a scalar only the
       other core's tile work reads is unused in it.  */
    pto_mir_void_unread(k, &out->aic);
    pto_mir_void_unread(k, &out->aiv);
    pto_mir_void_unread(k, &out->idle);
  }
  int errs = sp.errors;
  splitter_free(&sp);
  return errs;
}

void
pto_split_free(pto_split *s)
{
  pto_mir_block_free(&s->aic);
  pto_mir_block_free(&s->aiv);
  pto_mir_block_free(&s->idle);
}
