/* build.c - structured IR -> uop graph (the input of the
   linearizer, order.c; see linear.h).

   Contract: pto_lin_build(F) returns a graph that computes what F
   computes, or NULL after a located sorry for a construct it does not
   cover.  The graph:
   - parameters: a pointer is a DEFINE_GLOBAL, a scalar a DEFINE_VAR;
     a scalar variable that is ever assigned (a parameter included) is a
     DEFINE_REG read by LOAD(INDEX(reg)) and written by STORE; a variable
     bound once ("var x: T = v;", never assigned) is just the node of v;
     a tile variable is a DEFINE_LOCAL, and "var d: tile = s;" a COPY
     of s into d's own DEFINE_LOCAL;
   - p[i], *p, t[i][j] are LOAD/STORE of INDEX(buffer, indices...);
   - pure operations are hash-consed (one node per distinct operation);
     operations that may trap (integer division or modulo by anything
     but a constant other than 0 and -1, shifts by a non-constant or
     out-of-range amount) are not, and stay in their block;
   - effects (LOAD, STORE, COPY, effectful CALL) and trapping operations are
     "pinned": recorded, in program order, as items of the block that
     holds them; between two child blocks of a block (a segment) they
     are ordered by memory: a read after the last write of its memory
     class, a write after the last write and every read since.  Classes:
     GM (every pointer: pointers may alias), each tile, each register.
     A call of a function, pto.launch and synchronisation are barriers.
     Ordering against child blocks is added by stage 20;
   - for: RANGE(start, stop, step) opens a loop block; its END closes it.
     A loop whose body is exactly one nested loop (a perfect nest: no
     pinned node of its own) shares the inner loop's END, which then
     closes both ranges (tinygrad's END(op, [r_a, r_b])); stage 19 splits
     it;
   - if: IF(c) opens a block closed by ENDIF; an else branch is a second
     block IF(!c) (c is a value, evaluated once);
   - "if (c) store;" whose only effect is that store, with an index and
     value that neither load nor trap, becomes a gated store
     STORE(INDEX(buf, idx..., gate=c), v) in the enclosing block when
     opts->gate_stores is set; stage 22 restores IF/ENDIF for targets
     without predicated stores.
   A final "return v;" is a RETURN(v) after every effect.
   With opts->all_shapes (linear.h gives the shapes): "while" is a LOOP
   block; break and continue are BREAK/CONTINUE of the innermost loop
   (gated when alone in an if without else); a return anywhere is a
   RETURN; jumps and returns are barriers of their segment, and every
   pinned node (trapping operations too) follows the segment's last
   barrier; a for whose stop or step reads a register the body assigns
   (or memory, when the body writes memory or calls) is a LOOP over a
   register index; fp16 arithmetic is f32 arithmetic with explicit
   CAST f16 rounding points.  Without it, while, break, continue and a
   return before the end of the body are sorries.
   Not covered (sorry): tuples, &x, tile-valued expressions other than a
   tile variable.  The conditional operands of && || ?:
   that may fault (a load, a call, a trap) are evaluated as C does: a
   register "cond" set under IF blocks, then read.

   Loop extents for run counts (stage 21) come from the value ranges of
   rewrite/ranges.c under the ranges of the enclosing loop indices and of
   integer binds: the largest trip count.  A loop whose bounds have no
   useful range (unknown, or a trip count over 2^24) gets the fallback
   extent 16 and extent_known = false.  */

#include "ir/linear/linear.h"

#include <stdlib.h>
#include <string.h>

enum { FALLBACK_EXTENT = 16 };
#define EXTENT_LIMIT ((int64_t)1 << 24)

/* What a variable is in the graph.  */
typedef enum vkind { V_NONE, V_VAL, V_REG, V_LOCAL } vkind;

typedef struct vinfo {
  vkind kind;
  int node;
  bool written;           /* assigned somewhere: needs a register */
} vinfo;

/* Memory ordering state of one segment.  */
typedef struct mclass {
  int cls;
  int last_write;
  int nreaders, capreaders;
  int *readers;
} mclass;

typedef struct seg {
  int nclasses, capclasses;
  mclass *classes;
  int barrier;            /* last barrier in the segment, -1 none */
  int neff, capeff;
  int *eff;               /* every effect of the segment */
} seg;

/* An enclosing loop of the statement being built: the uop a "break"
   leaves, the uop a "continue" continues (CONT_IS_BREAK: by a BREAK of
   it, the one-trip inner LOOP of a lowered for).  */
typedef struct loopctx {
  int brk, cont;
  bool cont_is_break;
} loopctx;

typedef struct bctx {
  pto_lin_fn *fn;
  const pto_lin_opts *o;
  pto_diag *diag;
  bool failed;
  vinfo *vars;            /* by var id */
  unsigned nvars;
  pto_range_env *env;
  int *hash;              /* open addressing over uop ids, -1 empty */
  size_t hcap, hused;
  loopctx *loops;         /* innermost last */
  int nloops, caploops;
} bctx;

/* ------------------------------------------------------------------ */
/* Uops                                                                */
/* ------------------------------------------------------------------ */

void
pto_lin_const_expr(pto_expr *e, const pto_lin_uop *u)
{
  e->type = u->type;
  e->loc = u->loc;
  if (u->name) {
    e->kind = PTO_E_FUNCREF;
    e->fname = u->name;
  } else if (u->type->kind == PTO_TY_SCALAR
             && pto_dtype_is_float(u->type->dtype)) {
    e->kind = PTO_E_FLOAT;
    e->u.fval = u->ival ? (double)u->ival : u->fval;
  } else {
    e->kind = PTO_E_INT;
    e->u.ival = u->ival;
  }
}

int
pto_lin_new_uop(pto_lin_fn *fn, pto_lop op, const pto_type *t, pto_loc loc)
{
  if (fn->n == fn->cap) {
    fn->cap = fn->cap ? 2 * fn->cap : 64;
    fn->u = pto_xrealloc(fn->u, fn->cap * sizeof *fn->u);
  }
  pto_lin_uop *u = &fn->u[fn->n];
  memset(u, 0, sizeof *u);
  u->op = op;
  u->type = t;
  u->loc = loc;
  return fn->n++;
}

static void
push_src(pto_lin_uop *u, int s)
{
  if (u->nsrc == u->capsrc) {
    u->capsrc = u->capsrc ? 2 * u->capsrc : 4;
    u->src = pto_xrealloc(u->src, u->capsrc * sizeof *u->src);
  }
  u->src[u->nsrc++] = s;
}

/* Add value operand S to U (before any dep).  */
static void
add_val(pto_lin_fn *fn, int u, int s)
{
  pto_lin_uop *x = &fn->u[u];
  pto_assert(x->nval == x->nsrc);
  push_src(x, s);
  x->nval++;
}

void
pto_lin_add_dep(pto_lin_fn *fn, int u, int dep)
{
  pto_lin_uop *x = &fn->u[u];
  if (dep < 0 || dep == u)
    return;
  /* Duplicates are harmless (users are counted per source); look for
     one only among the last deps, so that a node with thousands of
     deps (the SINK of a long function) stays linear to build.  */
  for (int i = x->nsrc - 1; i >= x->nval && i >= x->nsrc - 64; i--)
    if (x->src[i] == dep)
      return;
  push_src(x, dep);
}

static int
new_block(pto_lin_fn *fn, int parent, int open)
{
  if (fn->nblocks == fn->capblocks) {
    fn->capblocks = fn->capblocks ? 2 * fn->capblocks : 8;
    fn->blocks = pto_xrealloc(fn->blocks, fn->capblocks * sizeof *fn->blocks);
  }
  pto_lin_block *b = &fn->blocks[fn->nblocks];
  memset(b, 0, sizeof *b);
  b->parent = parent;
  b->open = open;
  b->close = -1;
  b->depth = parent < 0 ? 0 : fn->blocks[parent].depth + 1;
  b->extent = 1;
  b->extent_known = true;
  return fn->nblocks++;
}

static void
add_item(pto_lin_fn *fn, int blk, int item)
{
  pto_lin_block *b = &fn->blocks[blk];
  if (b->nitems == b->capitems) {
    b->capitems = b->capitems ? 2 * b->capitems : 8;
    b->items = pto_xrealloc(b->items, b->capitems * sizeof *b->items);
  }
  b->items[b->nitems++] = item;
}

void
pto_lin_fn_free(pto_lin_fn *fn)
{
  if (!fn)
    return;
  for (int i = 0; i < fn->n; i++) {
    free(fn->u[i].src);
    free(fn->u[i].ranges);
  }
  for (int i = 0; i < fn->nblocks; i++)
    free(fn->blocks[i].items);
  free(fn->u);
  free(fn->blocks);
  free(fn->list);
  free(fn);
}

void
pto_lin_opts_init(pto_lin_opts *o)
{
  o->predicated_stores = false;
  o->gate_stores = true;
  o->all_shapes = false;
}

/* ------------------------------------------------------------------ */
/* Hash-consing of pure nodes                                          */
/* ------------------------------------------------------------------ */

static uint64_t
uop_hash(const pto_lin_uop *u)
{
  uint64_t h = 1469598103934665603u;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 1099511628211u)
  MIX(u->op);
  MIX((uintptr_t)u->type);
  MIX(u->alu);
  MIX(u->iop);
  MIX(u->is_op);
  MIX(u->gated);
  MIX(u->ival);
  uint64_t fb;
  memcpy(&fb, &u->fval, sizeof fb);
  MIX(fb);
  MIX((uintptr_t)u->name);
  for (int i = 0; i < u->nval; i++)
    MIX(u->src[i]);
#undef MIX
  return h;
}

static bool
uop_same(const pto_lin_uop *a, const pto_lin_uop *b)
{
  if (a->op != b->op || a->type != b->type || a->alu != b->alu
      || a->iop != b->iop || a->is_op != b->is_op || a->gated != b->gated
      || a->ival != b->ival || memcmp(&a->fval, &b->fval, sizeof a->fval)
      || a->name != b->name || a->nval != b->nval)
    return false;
  for (int i = 0; i < a->nval; i++)
    if (a->src[i] != b->src[i])
      return false;
  return true;
}

static void
hash_insert(bctx *c, int id)
{
  size_t i = uop_hash(&c->fn->u[id]) & (c->hcap - 1);
  while (c->hash[i] >= 0)
    i = (i + 1) & (c->hcap - 1);
  c->hash[i] = id;
  c->hused++;
}

/* Return an existing node equal to the last one created (and drop the
   last one), or keep and record it.  */
static int
intern_last(bctx *c)
{
  pto_lin_fn *fn = c->fn;
  int id = fn->n - 1;
  if (2 * (c->hused + 1) > c->hcap) {
    size_t old = c->hcap;
    int *oh = c->hash;
    c->hcap = old ? 2 * old : 256;
    c->hash = pto_xmalloc(c->hcap * sizeof *c->hash);
    memset(c->hash, 0xff, c->hcap * sizeof *c->hash);
    c->hused = 0;
    for (size_t i = 0; i < old; i++)
      if (oh[i] >= 0)
        hash_insert(c, oh[i]);
    free(oh);
  }
  size_t i = uop_hash(&fn->u[id]) & (c->hcap - 1);
  for (; c->hash[i] >= 0; i = (i + 1) & (c->hcap - 1))
    if (uop_same(&fn->u[c->hash[i]], &fn->u[id])) {
      free(fn->u[id].src);
      fn->n--;
      return c->hash[i];
    }
  c->hash[i] = id;
  c->hused++;
  return id;
}

/* ------------------------------------------------------------------ */
/* Segments: memory ordering between pinned nodes                      */
/* ------------------------------------------------------------------ */

static void
seg_reset(seg *s)
{
  for (int i = 0; i < s->nclasses; i++)
    free(s->classes[i].readers);
  free(s->classes);
  free(s->eff);
  memset(s, 0, sizeof *s);
  s->barrier = -1;
}

static mclass *
seg_class(seg *s, int cls)
{
  for (int i = 0; i < s->nclasses; i++)
    if (s->classes[i].cls == cls)
      return &s->classes[i];
  if (s->nclasses == s->capclasses) {
    s->capclasses = s->capclasses ? 2 * s->capclasses : 4;
    s->classes = pto_xrealloc(s->classes, s->capclasses * sizeof *s->classes);
  }
  mclass *m = &s->classes[s->nclasses++];
  memset(m, 0, sizeof *m);
  m->cls = cls;
  m->last_write = -1;
  return m;
}

static void
seg_note(seg *s, int u)
{
  if (s->neff == s->capeff) {
    s->capeff = s->capeff ? 2 * s->capeff : 8;
    s->eff = pto_xrealloc(s->eff, s->capeff * sizeof *s->eff);
  }
  s->eff[s->neff++] = u;
}

/* Order effect U, which reads class R (or -1) and writes class W (or
   -1), after what it must follow in segment S.  */
static void
seg_access(pto_lin_fn *fn, seg *s, int u, int r, int w)
{
  pto_lin_add_dep(fn, u, s->barrier);
  if (r >= 0) {
    mclass *m = seg_class(s, r);
    pto_lin_add_dep(fn, u, m->last_write);
    if (r != w) {
      if (m->nreaders == m->capreaders) {
        m->capreaders = m->capreaders ? 2 * m->capreaders : 4;
        m->readers = pto_xrealloc(m->readers, m->capreaders * sizeof(int));
      }
      m->readers[m->nreaders++] = u;
    }
  }
  if (w >= 0) {
    mclass *m = seg_class(s, w);
    pto_lin_add_dep(fn, u, m->last_write);
    for (int i = 0; i < m->nreaders; i++)
      pto_lin_add_dep(fn, u, m->readers[i]);
    m->nreaders = 0;
    m->last_write = u;
  }
  seg_note(s, u);
}

/* A barrier: after every effect of the segment, before every later.  */
static void
seg_barrier(pto_lin_fn *fn, seg *s, int u)
{
  for (int i = 0; i < s->neff; i++)
    pto_lin_add_dep(fn, u, s->eff[i]);
  pto_lin_add_dep(fn, u, s->barrier);
  for (int i = 0; i < s->nclasses; i++) {
    s->classes[i].last_write = u;
    s->classes[i].nreaders = 0;
  }
  s->barrier = u;
  seg_note(s, u);
}

/* ------------------------------------------------------------------ */
/* Expressions                                                         */
/* ------------------------------------------------------------------ */

#define GM_CLASS 0

typedef struct scope {
  int blk;
  seg s;
} scope;

static void
sorry(bctx *c, pto_loc loc, const char *what)
{
  if (!c->failed)
    pto_sorry(c->diag, loc, "linearize: %s is not supported", what);
  c->failed = true;
}

/* Pin U into the block of SC (an effect or a trapping operation),
   after the segment's last barrier (a jump or return: a trapping
   operation after "if (d == 0) break;" must not run before it).  */
static void
pin(bctx *c, scope *sc, int u)
{
  pto_lin_add_dep(c->fn, u, sc->s.barrier);
  c->fn->u[u].block = sc->blk;
  add_item(c->fn, sc->blk, u);
}

static bool
is_const_int(const pto_expr *e, int64_t *v)
{
  if (e->kind != PTO_E_INT)
    return false;
  *v = e->u.ival;
  return true;
}

/* True if binary E may trap (undefined behaviour) for some operands.  */
static bool
may_trap(const pto_expr *e)
{
  if (e->kind != PTO_E_BIN || e->type->kind != PTO_TY_SCALAR
      || !pto_dtype_is_int(e->type->dtype))
    return false;
  int64_t k;
  switch (e->u.binop) {
  case PTO_BIN_DIV: case PTO_BIN_MOD:
  case PTO_BIN_FLOORDIV: case PTO_BIN_FLOORMOD:
    return !is_const_int(e->b, &k) || k == 0 || k == -1;
  case PTO_BIN_SHL: case PTO_BIN_SHR:
    return !is_const_int(e->b, &k) || k < 0
           || k >= pto_dtype_bits(e->a->type->dtype);
  default:
    return false;
  }
}

/* True if evaluating E never loads memory (registers aside: reading
   one cannot fault), calls anything effectful, or traps: it may then be
   evaluated where the program would not evaluate it.  */
static bool
is_safe(bctx *c, const pto_expr *e)
{
  if (!e)
    return true;
  switch (e->kind) {
  case PTO_E_INT: case PTO_E_FLOAT: case PTO_E_FUNCREF:
    return true;
  case PTO_E_VAR:
    return true;   /* a register read cannot fault */
  case PTO_E_BIN:
    return !may_trap(e) && is_safe(c, e->a) && is_safe(c, e->b);
  case PTO_E_UN:
    return e->u.unop != PTO_UN_DEREF && e->u.unop != PTO_UN_ADDR
           && is_safe(c, e->a);
  case PTO_E_SELECT:
    return is_safe(c, e->a) && is_safe(c, e->b) && is_safe(c, e->c);
  case PTO_E_CALL:
    if (!e->is_op || pto_op_info(e->op)->effect != PTO_EFF_PURE)
      return false;
    for (int i = 0; i < e->nargs; i++)
      if (!is_safe(c, e->args[i]))
        return false;
    return true;
  default:
    return false;
  }
}

static int expr(bctx *c, scope *sc, const pto_expr *e);
static int tile_var(bctx *c, const pto_expr *e);
static int child_begin(bctx *c, scope *sc, int open, const pto_stmt *loop,
                       scope *in);
static void child_end(bctx *c, scope *sc, int blk, const pto_stmt *loop,
                      scope *in);

static int
mk_const(bctx *c, const pto_expr *e)
{
  int u = pto_lin_new_uop(c->fn, PTO_LOP_CONST, e->type, e->loc);
  pto_lin_uop *x = &c->fn->u[u];
  if (e->kind == PTO_E_FLOAT)
    x->fval = e->u.fval;
  else if (e->kind == PTO_E_FUNCREF)
    x->name = e->fname;
  else
    x->ival = e->u.ival;
  return intern_last(c);
}

/* The memory class of buffer node B: GM for pointers, else B itself.  */
static int
class_of(bctx *c, int b)
{
  pto_lop op = c->fn->u[b].op;
  return op == PTO_LOP_DEFINE_LOCAL || op == PTO_LOP_DEFINE_REG ? b : GM_CLASS;
}

/* INDEX(base, idx...[, gate]) for an lvalue or element read E; sets
   *CLS.  Return -1 on failure.  */
static int
address(bctx *c, scope *sc, const pto_expr *e, int gate, int *cls)
{
  int base = -1, nidx = 0;
  const pto_expr *const *idx = NULL;
  if (e->kind == PTO_E_VAR) {
    vinfo *v = &c->vars[e->u.var->id];
    if (v->kind != V_REG) {
      sorry(c, e->loc, "this lvalue");
      return -1;
    }
    base = v->node;
  } else if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_DEREF) {
    base = expr(c, sc, e->a);
  } else if (e->kind == PTO_E_INDEX) {
    if (e->a->type->kind == PTO_TY_TILE) {
      base = tile_var(c, e->a);
      if (base < 0) {
        sorry(c, e->loc, "an element of a tile that is not a variable");
        return -1;
      }
    } else {
      base = expr(c, sc, e->a);
    }
    nidx = e->nargs;
    idx = (const pto_expr *const *)e->args;
  } else {
    sorry(c, e->loc, "this lvalue");
    return -1;
  }
  int iv[2] = {-1, -1};
  for (int i = 0; i < nidx && i < 2; i++)
    iv[i] = expr(c, sc, idx[i]);
  if (c->failed)
    return -1;
  int u = pto_lin_new_uop(c->fn, PTO_LOP_INDEX, e->type, e->loc);
  add_val(c->fn, u, base);
  for (int i = 0; i < nidx && i < 2; i++)
    add_val(c->fn, u, iv[i]);
  if (gate >= 0) {
    add_val(c->fn, u, gate);
    c->fn->u[u].gated = true;
  }
  *cls = class_of(c, base);
  return intern_last(c);
}

static int
load(bctx *c, scope *sc, const pto_expr *e)
{
  int cls;
  int a = address(c, sc, e, -1, &cls);
  if (a < 0)
    return -1;
  int u = pto_lin_new_uop(c->fn, PTO_LOP_LOAD, e->type, e->loc);
  add_val(c->fn, u, a);
  seg_access(c->fn, &sc->s, u, cls, -1);
  pin(c, sc, u);
  return u;
}

/* The DEFINE_LOCAL that tile expression E names: a tile variable t, or
   *p for a pointer p bound once to &t (an alias of t); else -1.  */
static int
tile_var(bctx *c, const pto_expr *e)
{
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_DEREF && c->o->all_shapes)
    e = e->a;
  if (e->kind != PTO_E_VAR || c->vars[e->u.var->id].kind != V_LOCAL)
    return -1;
  return c->vars[e->u.var->id].node;
}

static int
tile_operand(bctx *c, const pto_expr *e)
{
  int t = tile_var(c, e);
  if (t < 0)
    sorry(c, e->loc, "a tile operand that is not a tile variable");
  return t;
}

/* The signature letter of operand I of intrinsic OI ('*' repeats; a
   function call, OI NULL, has only values).  */
static char
sig_at(const pto_opinfo *oi, int i)
{
  size_t n = oi ? strlen(oi->sig) : 0;
  if (n == 0)
    return '*';
  return (size_t)i < n ? oi->sig[i] : oi->sig[n - 1];
}

/* A call: pure intrinsics are hash-consed values; everything else is a
   pinned effect ordered by the memory its signature touches.  */
static int
call(bctx *c, scope *sc, const pto_expr *e)
{
  const pto_opinfo *oi = e->is_op ? pto_op_info(e->op) : NULL;
  if (oi && oi->rule == PTO_RULE_QUANT) {
    if (!c->failed)
      pto_error(c->diag, e->loc, "linearize: pto.%s is a sequence of tile "
                "ops that the ExpandTileOps pass writes out; run it first "
                "(--passes=expand, or the default pipeline)", oi->name);
    c->failed = true;
    return -1;
  }
  int *args = pto_xcalloc(e->nargs + 1, sizeof *args);
  for (int i = 0; i < e->nargs && !c->failed; i++) {
    char s = sig_at(oi, i);
    if (s == 'T' || s == 't' || s == 'U')
      args[i] = tile_operand(c, e->args[i]);
    else
      args[i] = expr(c, sc, e->args[i]);
  }
  if (c->failed) {
    free(args);
    return -1;
  }
  int u = pto_lin_new_uop(c->fn, PTO_LOP_CALL,
                  e->type->kind == PTO_TY_VOID ? NULL : e->type, e->loc);
  pto_lin_uop *x = &c->fn->u[u];
  x->is_op = e->is_op;
  x->iop = e->op;
  x->name = e->is_op ? oi->name : e->fname;
  for (int i = 0; i < e->nargs; i++)
    add_val(c->fn, u, args[i]);
  free(args);
  if (oi && oi->effect == PTO_EFF_PURE)
    return intern_last(c);
  if (!oi || oi->effect == PTO_EFF_SYNC || oi->effect == PTO_EFF_LAUNCH) {
    seg_barrier(c->fn, &sc->s, u);
  } else {
    /* One access per memory operand, in operand order; an operand that
       is both read and written (or a tile that is both destination and
       source) orders the call after every earlier access of it.  */
    for (int i = 0; i < e->nargs; i++) {
      char s = sig_at(oi, i);
      int cls = s == 'P' || s == 'p' ? GM_CLASS
                : s == 'T' || s == 't' || s == 'U' ? c->fn->u[u].src[i] : -1;
      if (cls < 0)
        continue;
      bool rd = s == 't' || s == 'U' || s == 'p';
      bool wr = s == 'T' || s == 'U' || s == 'P';
      seg_access(c->fn, &sc->s, u, rd ? cls : -1, wr ? cls : -1);
      sc->s.neff--;  /* noted once below */
    }
    seg_note(&sc->s, u);
  }
  pin(c, sc, u);
  return u;
}

/* "!K", hash-consed.  */
static int
mk_not(bctx *c, int k, const pto_type *bool_t, pto_loc loc)
{
  int u = pto_lin_new_uop(c->fn, PTO_LOP_UNARY, bool_t, loc);
  c->fn->u[u].alu = PTO_UN_NOT;
  add_val(c->fn, u, k);
  return intern_last(c);
}

/* INDEX(reg): the register's one cell.  */
static int
reg_index(bctx *c, int reg, pto_loc loc)
{
  int u = pto_lin_new_uop(c->fn, PTO_LOP_INDEX, c->fn->u[reg].type, loc);
  add_val(c->fn, u, reg);
  return intern_last(c);
}

static void
reg_store(bctx *c, scope *sc, int reg, int v, pto_loc loc)
{
  int a = reg_index(c, reg, loc);
  int u = pto_lin_new_uop(c->fn, PTO_LOP_STORE, NULL, loc);
  add_val(c->fn, u, a);
  add_val(c->fn, u, v);
  seg_access(c->fn, &sc->s, u, -1, reg);
  pin(c, sc, u);
}

/* "if (K) reg = X;" as an IF block of SC.  */
static void
cond_arm(bctx *c, scope *sc, int k, int reg, const pto_expr *x)
{
  int open = pto_lin_new_uop(c->fn, PTO_LOP_IF, NULL, x->loc);
  add_val(c->fn, open, k);
  scope in;
  int blk = child_begin(c, sc, open, NULL, &in);
  int v = expr(c, &in, x);
  if (!c->failed)
    reg_store(c, &in, reg, v, x->loc);
  child_end(c, sc, blk, NULL, &in);
}

/* "a && b" or "a || b" whose b may fault, "k ? a : b" with an arm that
   may: evaluated as C does, under IF blocks, into a register (named
   "cond") that is then read.  */
static int
cond_value(bctx *c, scope *sc, const pto_expr *e)
{
  int reg = pto_lin_new_uop(c->fn, PTO_LOP_DEFINE_REG, e->type, e->loc);
  c->fn->u[reg].name = "cond";
  int k = expr(c, sc, e->a);
  if (c->failed)
    return -1;
  if (e->kind == PTO_E_BIN) {
    reg_store(c, sc, reg, k, e->loc);
    if (e->u.binop == PTO_BIN_LOR)
      k = mk_not(c, k, e->type, e->loc);
    cond_arm(c, sc, k, reg, e->b);
  } else {
    cond_arm(c, sc, k, reg, e->b);
    if (!c->failed)
      cond_arm(c, sc, mk_not(c, k, e->a->type, e->loc), reg, e->c);
  }
  if (c->failed)
    return -1;
  int u = pto_lin_new_uop(c->fn, PTO_LOP_LOAD, e->type, e->loc);
  add_val(c->fn, u, reg_index(c, reg, e->loc));
  seg_access(c->fn, &sc->s, u, reg, -1);
  pin(c, sc, u);
  return u;
}

/* fp16 scalar arithmetic (linear.h): computed in f32, rounded by an
   explicit cast where the value becomes an f16.  The f32 type is not
   the program's interned one (the builder has no program): a private
   constant, equal in kind and dtype, used only by these nodes.  */
static const pto_type f32_wide = {.kind = PTO_TY_SCALAR, .dtype = PTO_DT_F32};
/* The same for the test of a for built as a LOOP.  */
static const pto_type bool_lin = {.kind = PTO_TY_SCALAR, .dtype = PTO_DT_BOOL};

static bool
is_f16(const pto_type *t)
{
  return t && t->kind == PTO_TY_SCALAR && t->dtype == PTO_DT_F16;
}

static bool
is_f16_arith_any(const pto_expr *e)
{
  return e->kind == PTO_E_BIN && is_f16(e->type)
         && pto_binop_class(e->u.binop) == 'A';
}

/* f16 arithmetic built in f32 (opts all_shapes).  */
static bool
is_f16_arith(const bctx *c, const pto_expr *e)
{
  return c->o->all_shapes && is_f16_arith_any(e);
}

static int
mk_cast(bctx *c, int a, const pto_type *t, pto_loc loc)
{
  int u = pto_lin_new_uop(c->fn, PTO_LOP_UNARY, t, loc);
  c->fn->u[u].alu = PTO_UN_CAST;
  add_val(c->fn, u, a);
  return intern_last(c);
}

static int wide(bctx *c, scope *sc, const pto_expr *e);

/* Operand E of an operation on f16 values: its unrounded f32 value.  */
static int
wide_operand(bctx *c, scope *sc, const pto_expr *e)
{
  if (is_f16_arith(c, e))
    return wide(c, sc, e);
  int v = expr(c, sc, e);
  if (c->failed || !is_f16(e->type))
    return v;
  return mk_cast(c, v, &f32_wide, e->loc);
}

/* The f32 value of f16 arithmetic E (not rounded).  */
static int
wide(bctx *c, scope *sc, const pto_expr *e)
{
  int a = wide_operand(c, sc, e->a), b = wide_operand(c, sc, e->b);
  if (c->failed)
    return -1;
  int u = pto_lin_new_uop(c->fn, PTO_LOP_BINARY, &f32_wide, e->loc);
  c->fn->u[u].alu = e->u.binop;
  add_val(c->fn, u, a);
  add_val(c->fn, u, b);
  return intern_last(c);
}

static int
expr(bctx *c, scope *sc, const pto_expr *e)
{
  if (c->failed)
    return -1;
  switch (e->kind) {
  case PTO_E_INT: case PTO_E_FLOAT: case PTO_E_FUNCREF:
    return mk_const(c, e);
  case PTO_E_VAR: {
    vinfo *v = &c->vars[e->u.var->id];
    if (v->kind == V_VAL)
      return v->node;
    if (v->kind == V_REG)
      return load(c, sc, e);
    sorry(c, e->loc, v->kind == V_LOCAL ? "a tile used as a value"
                                        : "this variable");
    return -1;
  }
  case PTO_E_BIN: {
    if ((e->u.binop == PTO_BIN_LAND || e->u.binop == PTO_BIN_LOR)
        && !is_safe(c, e->b))
      return cond_value(c, sc, e);
    if (is_f16_arith(c, e)) {
      int w = wide(c, sc, e);
      return c->failed ? -1 : mk_cast(c, w, e->type, e->loc);
    }
    bool f16_cmp = c->o->all_shapes && pto_binop_class(e->u.binop) == 'C'
                 && is_f16(e->a->type);
    int a = f16_cmp ? wide_operand(c, sc, e->a) : expr(c, sc, e->a);
    int b = f16_cmp ? wide_operand(c, sc, e->b) : expr(c, sc, e->b);
    if (c->failed)
      return -1;
    int u = pto_lin_new_uop(c->fn, PTO_LOP_BINARY, e->type, e->loc);
    c->fn->u[u].alu = e->u.binop;
    add_val(c->fn, u, a);
    add_val(c->fn, u, b);
    if (may_trap(e)) {
      pin(c, sc, u);
      return u;
    }
    return intern_last(c);
  }
  case PTO_E_UN: {
    if (e->u.unop == PTO_UN_DEREF) {
      if (e->type->kind == PTO_TY_TILE) {
        sorry(c, e->loc, "a tile read through a pointer");
        return -1;
      }
      return load(c, sc, e);
    }
    if (e->u.unop == PTO_UN_ADDR) {
      sorry(c, e->loc, "taking an address");
      return -1;
    }
    /* A cast of f16 arithmetic to another type reads its f32 value.  */
    bool widen = e->u.unop == PTO_UN_CAST && is_f16_arith(c, e->a)
                 && !is_f16(e->type);
    int a = widen ? wide(c, sc, e->a) : expr(c, sc, e->a);
    if (c->failed)
      return -1;
    int u = pto_lin_new_uop(c->fn, PTO_LOP_UNARY, e->type, e->loc);
    c->fn->u[u].alu = e->u.unop;
    add_val(c->fn, u, a);
    return intern_last(c);
  }
  case PTO_E_SELECT: {
    if (!is_safe(c, e->b) || !is_safe(c, e->c))
      return cond_value(c, sc, e);
    int k = expr(c, sc, e->a), a = expr(c, sc, e->b), b = expr(c, sc, e->c);
    if (c->failed)
      return -1;
    int u = pto_lin_new_uop(c->fn, PTO_LOP_SELECT, e->type, e->loc);
    add_val(c->fn, u, k);
    add_val(c->fn, u, a);
    add_val(c->fn, u, b);
    return intern_last(c);
  }
  case PTO_E_CALL:
    return call(c, sc, e);
  case PTO_E_INDEX:
    return load(c, sc, e);
  default:
    sorry(c, e->loc, "a tuple");
    return -1;
  }
}

/* ------------------------------------------------------------------ */
/* Statements                                                          */
/* ------------------------------------------------------------------ */

static void block_body(bctx *c, scope *sc, const pto_block *b, bool top);
static int define(bctx *c, pto_lop op, const pto_var *v);

/* STORE of V at the lvalue LHS (gated by GATE when >= 0).  */
static void
store(bctx *c, scope *sc, const pto_expr *lhs, int v, int gate, pto_loc loc)
{
  int cls;
  int a = address(c, sc, lhs, gate, &cls);
  if (a < 0 || v < 0)
    return;
  int u = pto_lin_new_uop(c->fn, PTO_LOP_STORE, NULL, loc);
  add_val(c->fn, u, a);
  add_val(c->fn, u, v);
  seg_access(c->fn, &sc->s, u, -1, cls);
  pin(c, sc, u);
}

/* The trip count bound of loop S under the current ranges.  */
static void
loop_extent(bctx *c, const pto_stmt *s, pto_lin_block *b, pto_range *iv)
{
  pto_range st = pto_expr_range(s->start, c->env);
  pto_range sp = pto_expr_range(s->stop, c->env);
  int64_t k;
  iv->known = false;
  b->extent = FALLBACK_EXTENT;
  b->extent_known = false;
  if (!st.known || !sp.known || !is_const_int(s->step, &k) || k == 0
      || (k > 0) == s->down)
    return;
  __int128 span = s->down ? (__int128)st.hi - sp.lo : (__int128)sp.hi - st.lo;
  __int128 step = k > 0 ? k : -(__int128)k;
  __int128 trips = span <= 0 ? 0 : (span + step - 1) / step;
  if (trips > EXTENT_LIMIT)
    return;
  b->extent = trips > 0 ? (int64_t)trips : 1;
  b->extent_known = true;
  if (trips > 0) {
    iv->known = true;
    iv->lo = s->down ? (int64_t)((__int128)sp.lo + 1) : st.lo;
    iv->hi = s->down ? st.hi : (int64_t)((__int128)sp.hi - 1);
  }
}

/* Open a child block of SC with opener OPEN (a RANGE: LOOP is its for
   statement; a LOOP or an IF: LOOP is NULL); IN becomes the scope of its
   body.  Return the block.  */
static int
child_begin(bctx *c, scope *sc, int open, const pto_stmt *loop, scope *in)
{
  pto_lin_fn *fn = c->fn;
  int blk = new_block(fn, sc->blk, open);
  fn->u[open].block = sc->blk;
  add_item(fn, sc->blk, -1 - blk);
  seg_reset(&sc->s);
  pto_range iv = {0, 0, false};
  if (loop) {
    loop_extent(c, loop, &fn->blocks[blk], &iv);
  } else if (fn->u[open].op == PTO_LOP_LOOP) {
    fn->blocks[blk].extent = FALLBACK_EXTENT;
    fn->blocks[blk].extent_known = false;
  }
  if (iv.known)
    pto_range_env_set(c->env, loop->var, iv.lo, iv.hi);
  memset(in, 0, sizeof *in);
  in->blk = blk;
  in->s.barrier = -1;
  return blk;
}

/* Close block BLK of SC (IN: its body's scope): its END or ENDIF.  */
static void
child_end(bctx *c, scope *sc, int blk, const pto_stmt *loop, scope *in)
{
  pto_lin_fn *fn = c->fn;
  int open = fn->blocks[blk].open;
  seg_reset(&in->s);
  if (loop)
    pto_range_env_forget(c->env, loop->var);
  pto_lin_block *b = &fn->blocks[blk];
  /* A perfect nest of RANGEs shares its inner loop's END.  */
  if (loop && b->nitems == 1 && b->items[0] < 0) {
    pto_lin_block *in_b = &fn->blocks[-1 - b->items[0]];
    pto_lin_uop *e = in_b->close >= 0 ? &fn->u[in_b->close] : NULL;
    if (e && e->op == PTO_LOP_END && fn->u[in_b->open].op == PTO_LOP_RANGE) {
      e->ranges = pto_xrealloc(e->ranges, (e->nranges + 1) * sizeof(int));
      e->ranges[e->nranges++] = open;
      b->close = in_b->close;
      fn->u[b->close].block = sc->blk;
      return;
    }
  }
  bool is_if = fn->u[open].op == PTO_LOP_IF;
  int cl = pto_lin_new_uop(fn, is_if ? PTO_LOP_ENDIF : PTO_LOP_END, NULL,
                   loop ? loop->loc : fn->u[open].loc);
  pto_lin_uop *x = &fn->u[cl];
  x->ranges = pto_xmalloc(sizeof(int));
  x->ranges[0] = open;
  x->nranges = 1;
  x->block = sc->blk;
  pto_lin_add_dep(fn, cl, open);
  b = &fn->blocks[blk];
  for (int i = 0; i < b->nitems; i++)
    if (b->items[i] >= 0)
      pto_lin_add_dep(fn, cl, b->items[i]);
  b->close = cl;
}

/* A child block of SC with opener OPEN whose body is BODY.  */
static void
child(bctx *c, scope *sc, int open, const pto_block *body,
      const pto_stmt *loop)
{
  scope in;
  int blk = child_begin(c, sc, open, loop, &in);
  block_body(c, &in, body, false);
  child_end(c, sc, blk, loop, &in);
}

/* "if (c) lhs = v;" that may become a gated store.  */
static bool
gated_store_candidate(bctx *c, const pto_stmt *s)
{
  if (!c->o->gate_stores || s->els.n != 0 || s->body.n != 1)
    return false;
  const pto_stmt *a = s->body.items[0];
  if (a->kind != PTO_S_ASSIGN || !is_safe(c, a->value))
    return false;
  const pto_expr *l = a->lhs;
  if (l->kind == PTO_E_VAR)
    return c->vars[l->u.var->id].kind == V_REG;
  if (l->kind == PTO_E_UN && l->u.unop == PTO_UN_DEREF)
    return is_safe(c, l->a);
  if (l->kind == PTO_E_INDEX) {
    for (int i = 0; i < l->nargs; i++)
      if (!is_safe(c, l->args[i]))
        return false;
    return l->a->type->kind == PTO_TY_TILE ? l->a->kind == PTO_E_VAR
                                           : is_safe(c, l->a);
  }
  return false;
}

/* A BREAK or CONTINUE (KIND: PTO_S_BREAK or PTO_S_CONTINUE) of the
   innermost loop, gated by GATE when >= 0: a barrier of SC.  */
static void
jump(bctx *c, scope *sc, pto_stmt_kind kind, int gate, pto_loc loc)
{
  if (c->nloops == 0) {
    sorry(c, loc, "break or continue outside a loop");
    return;
  }
  const loopctx *l = &c->loops[c->nloops - 1];
  bool brk = kind == PTO_S_BREAK || l->cont_is_break;
  int u = pto_lin_new_uop(c->fn, brk ? PTO_LOP_BREAK : PTO_LOP_CONTINUE,
                          NULL, loc);
  pto_lin_uop *x = &c->fn->u[u];
  x->ranges = pto_xmalloc(sizeof(int));
  x->ranges[0] = kind == PTO_S_BREAK ? l->brk : l->cont;
  x->nranges = 1;
  if (gate >= 0) {
    add_val(c->fn, u, gate);
    c->fn->u[u].gated = true;
  }
  seg_barrier(c->fn, &sc->s, u);
  pin(c, sc, u);
}

static void
push_loop(bctx *c, int brk, int cont, bool cont_is_break)
{
  if (c->nloops == c->caploops) {
    c->caploops = c->caploops ? 2 * c->caploops : 8;
    c->loops = pto_xrealloc(c->loops, c->caploops * sizeof *c->loops);
  }
  c->loops[c->nloops++] = (loopctx){brk, cont, cont_is_break};
}

static void
stmt_if(bctx *c, scope *sc, const pto_stmt *s)
{
  int k = expr(c, sc, s->cond);
  if (c->failed)
    return;
  if (c->o->all_shapes && s->els.n == 0 && s->body.n == 1
      && (s->body.items[0]->kind == PTO_S_BREAK
          || s->body.items[0]->kind == PTO_S_CONTINUE)) {
    jump(c, sc, s->body.items[0]->kind, k, s->body.items[0]->loc);
    return;
  }
  if (gated_store_candidate(c, s)) {
    const pto_stmt *a = s->body.items[0];
    int v = expr(c, sc, a->value);
    store(c, sc, a->lhs, v, k, a->loc);
    return;
  }
  int open = pto_lin_new_uop(c->fn, PTO_LOP_IF, NULL, s->loc);
  add_val(c->fn, open, k);
  child(c, sc, open, &s->body, NULL);
  if (s->els.n == 0 || c->failed)
    return;
  int nk = pto_lin_new_uop(c->fn, PTO_LOP_UNARY, s->cond->type, s->loc);
  c->fn->u[nk].alu = PTO_UN_NOT;
  add_val(c->fn, nk, k);
  nk = intern_last(c);
  open = pto_lin_new_uop(c->fn, PTO_LOP_IF, NULL, s->loc);
  add_val(c->fn, open, nk);
  child(c, sc, open, &s->els, NULL);
}

/* What the stop and step of a for read, for bounds_may_change.  */
typedef struct bound_reads {
  bctx *c;
  bool *vars;             /* by var id: a register the bounds read */
  bool mem;               /* the bounds read memory or call */
  bool changed;
} bound_reads;

static void
scan_bound(bound_reads *r, const pto_expr *e)
{
  if (!e)
    return;
  if (e->kind == PTO_E_VAR && r->c->vars[e->u.var->id].written)
    r->vars[e->u.var->id] = true;
  if (e->kind == PTO_E_INDEX || (e->kind == PTO_E_UN && e->u.unop == PTO_UN_DEREF)
      || (e->kind == PTO_E_CALL
          && !(e->is_op && pto_op_info(e->op)->effect == PTO_EFF_PURE)))
    r->mem = true;
  scan_bound(r, e->a);
  scan_bound(r, e->b);
  scan_bound(r, e->c);
  for (int i = 0; i < e->nargs; i++)
    scan_bound(r, e->args[i]);
}

/* Does E call something with an effect?  */
static bool
has_effect_call(const pto_expr *e)
{
  if (!e)
    return false;
  if (e->kind == PTO_E_CALL
      && !(e->is_op && pto_op_info(e->op)->effect == PTO_EFF_PURE))
    return true;
  if (has_effect_call(e->a) || has_effect_call(e->b) || has_effect_call(e->c))
    return true;
  for (int i = 0; i < e->nargs; i++)
    if (has_effect_call(e->args[i]))
      return true;
  return false;
}

static void
scan_body_expr(pto_expr **slot, void *ctx)
{
  bound_reads *r = ctx;
  if (r->mem && has_effect_call(*slot))
    r->changed = true;
}

static void
scan_body(bound_reads *r, const pto_block *b)
{
  for (int i = 0; i < b->n && !r->changed; i++) {
    pto_stmt *s = b->items[i];
    if (s->kind == PTO_S_ASSIGN) {
      if (s->lhs->kind == PTO_E_VAR ? r->vars[s->lhs->u.var->id] : r->mem)
        r->changed = true;
    }
    pto_stmt_exprs(s, scan_body_expr, r);
    scan_body(r, &s->body);
    scan_body(r, &s->els);
  }
}

/* May the body of for S change what its stop or step evaluates to?  */
static bool
bounds_may_change(bctx *c, const pto_stmt *s)
{
  bound_reads r = {c, pto_xcalloc(c->nvars + 1, sizeof(bool)), false, false};
  scan_bound(&r, s->stop);
  scan_bound(&r, s->step);
  scan_body(&r, &s->body);
  free(r.vars);
  return r.changed;
}

/* Does block B continue its own loop (not a nested one)?  */
static bool
continues(const pto_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    if (s->kind == PTO_S_CONTINUE
        || (s->kind == PTO_S_IF && (continues(&s->body) || continues(&s->els))))
      return true;
  }
  return false;
}

/* Open a LOOP block of SC; IN becomes its scope.  Return the LOOP.  */
static int
loop_begin(bctx *c, scope *sc, pto_loc loc, scope *in, int *blk)
{
  int open = pto_lin_new_uop(c->fn, PTO_LOP_LOOP, NULL, loc);
  *blk = child_begin(c, sc, open, NULL, in);
  return open;
}

/* "while (cond) body" (linear.h).  */
static void
stmt_while(bctx *c, scope *sc, const pto_stmt *s)
{
  scope in;
  int blk, open = loop_begin(c, sc, s->loc, &in, &blk);
  int64_t kc;
  push_loop(c, open, open, false);
  if (!(is_const_int(s->cond, &kc) && kc)) {
    int k = expr(c, &in, s->cond);
    if (!c->failed)
      jump(c, &in, PTO_S_BREAK, mk_not(c, k, s->cond->type, s->loc), s->loc);
  }
  block_body(c, &in, &s->body, false);
  c->nloops--;
  child_end(c, sc, blk, NULL, &in);
}

/* A for whose bounds may change in its body, as a LOOP (linear.h).  */
static void
stmt_for_reeval(bctx *c, scope *sc, const pto_stmt *s)
{
  int a = expr(c, sc, s->start);
  if (c->failed)
    return;
  vinfo *v = &c->vars[s->var->id];
  *v = (vinfo){V_REG, define(c, PTO_LOP_DEFINE_REG, s->var), true};
  pto_expr iv = {.kind = PTO_E_VAR, .type = s->var->type, .loc = s->loc};
  iv.u.var = s->var;
  store(c, sc, &iv, a, -1, s->loc);
  scope in;
  int blk, open = loop_begin(c, sc, s->loc, &in, &blk);
  int i0 = expr(c, &in, &iv), b = expr(c, &in, s->stop);
  if (c->failed)
    return;
  int t = pto_lin_new_uop(c->fn, PTO_LOP_BINARY, &bool_lin, s->loc);
  c->fn->u[t].alu = s->down ? PTO_BIN_GT : PTO_BIN_LT;
  add_val(c->fn, t, i0);
  add_val(c->fn, t, b);
  t = intern_last(c);
  push_loop(c, open, open, false);
  jump(c, &in, PTO_S_BREAK, mk_not(c, t, &bool_lin, s->loc), s->loc);
  if (continues(&s->body)) {
    scope in2;
    int blk2, inner = loop_begin(c, &in, s->loc, &in2, &blk2);
    c->loops[c->nloops - 1] = (loopctx){open, inner, true};
    block_body(c, &in2, &s->body, false);
    c->loops[c->nloops - 1] = (loopctx){inner, inner, false};
    if (!c->failed)
      jump(c, &in2, PTO_S_BREAK, -1, s->loc);
    child_end(c, &in, blk2, NULL, &in2);
  } else {
    block_body(c, &in, &s->body, false);
  }
  c->nloops--;
  int k = expr(c, &in, s->step), i1 = expr(c, &in, &iv);
  if (!c->failed) {
    int u = pto_lin_new_uop(c->fn, PTO_LOP_BINARY, s->var->type, s->loc);
    c->fn->u[u].alu = PTO_BIN_ADD;
    add_val(c->fn, u, i1);
    add_val(c->fn, u, k);
    store(c, &in, &iv, intern_last(c), -1, s->loc);
  }
  child_end(c, sc, blk, NULL, &in);
}

static void
stmt_for(bctx *c, scope *sc, const pto_stmt *s)
{
  if (c->o->all_shapes && bounds_may_change(c, s)) {
    stmt_for_reeval(c, sc, s);
    return;
  }
  int a = expr(c, sc, s->start), b = expr(c, sc, s->stop);
  int k = expr(c, sc, s->step);
  if (c->failed)
    return;
  int r = pto_lin_new_uop(c->fn, PTO_LOP_RANGE, s->var->type, s->loc);
  pto_lin_uop *x = &c->fn->u[r];
  x->down = s->down;
  x->name = s->var->name;
  add_val(c->fn, r, a);
  add_val(c->fn, r, b);
  add_val(c->fn, r, k);
  c->vars[s->var->id] = (vinfo){V_VAL, r, false};
  push_loop(c, r, r, false);
  child(c, sc, r, &s->body, s);
  c->nloops--;
}

static int
define(bctx *c, pto_lop op, const pto_var *v)
{
  int u = pto_lin_new_uop(c->fn, op, v->type, v->loc);
  c->fn->u[u].name = v->name;
  return u;
}

/* COPY(dst, src) for "dst = src;" of tiles (dst's own DEFINE_LOCAL
   when DST_NODE >= 0, else the tile DST names).  */
static void
tile_copy_to(bctx *c, scope *sc, int d, const pto_expr *src, pto_loc loc)
{
  int t = tile_operand(c, src);
  if (t < 0 || d < 0)
    return;
  int u = pto_lin_new_uop(c->fn, PTO_LOP_COPY, NULL, loc);
  add_val(c->fn, u, d);
  add_val(c->fn, u, t);
  seg_access(c->fn, &sc->s, u, t, d);
  pin(c, sc, u);
}

static void
tile_copy(bctx *c, scope *sc, const pto_expr *dst, const pto_expr *src,
          pto_loc loc)
{
  tile_copy_to(c, sc, tile_operand(c, dst), src, loc);
}

static void
stmt_decl(bctx *c, scope *sc, const pto_stmt *s)
{
  vinfo *v = &c->vars[s->var->id];
  if (s->var->type->kind == PTO_TY_TILE) {
    *v = (vinfo){V_LOCAL, define(c, PTO_LOP_DEFINE_LOCAL, s->var), false};
    if (s->value)
      tile_copy_to(c, sc, v->node, s->value, s->loc);
    return;
  }
  if (s->var->type->kind == PTO_TY_TUPLE) {
    sorry(c, s->loc, "a tuple");
    return;
  }
  if (c->o->all_shapes && !v->written && s->value
      && s->value->kind == PTO_E_UN
      && s->value->u.unop == PTO_UN_ADDR && tile_var(c, s->value->a) >= 0) {
    /* "var p: ptr<tile> = &t;": p is an alias of t, used as *p.  */
    *v = (vinfo){V_LOCAL, tile_var(c, s->value->a), false};
    return;
  }
  if (!v->written && s->value) {
    int val = expr(c, sc, s->value);
    v->kind = V_VAL;
    v->node = val;
    pto_range r = pto_expr_range(s->value, c->env);
    if (r.known && !c->failed)
      pto_range_env_set(c->env, s->var, r.lo, r.hi);
    return;
  }
  v->kind = V_REG;
  v->node = define(c, PTO_LOP_DEFINE_REG, s->var);
  if (s->value) {
    int val = expr(c, sc, s->value);
    pto_expr lhs = {.kind = PTO_E_VAR, .type = s->var->type, .loc = s->loc};
    lhs.u.var = s->var;
    store(c, sc, &lhs, val, -1, s->loc);
  }
}

static void
stmt(bctx *c, scope *sc, const pto_stmt *s, bool last_top)
{
  switch (s->kind) {
  case PTO_S_DECL:
    stmt_decl(c, sc, s);
    break;
  case PTO_S_ASSIGN: {
    if (s->lhs->type->kind == PTO_TY_TILE && c->o->all_shapes) {
      tile_copy(c, sc, s->lhs, s->value, s->loc);
      break;
    }
    int v = expr(c, sc, s->value);
    if (!c->failed)
      store(c, sc, s->lhs, v, -1, s->loc);
    break;
  }
  case PTO_S_EVAL:
    expr(c, sc, s->value);
    break;
  case PTO_S_IF:
    stmt_if(c, sc, s);
    break;
  case PTO_S_FOR:
    stmt_for(c, sc, s);
    break;
  case PTO_S_RETURN: {
    /* A final "return;" needs no uop.  */
    if (last_top && !s->value)
      break;
    if (!last_top && !c->o->all_shapes) {
      sorry(c, s->loc, "a return that is not the last statement");
      break;
    }
    int v = s->value ? expr(c, sc, s->value) : -1;
    if (c->failed)
      break;
    int u = pto_lin_new_uop(c->fn, PTO_LOP_RETURN, NULL, s->loc);
    if (v >= 0)
      add_val(c->fn, u, v);
    seg_barrier(c->fn, &sc->s, u);
    pin(c, sc, u);
    break;
  }
  case PTO_S_WHILE:
    if (c->o->all_shapes)
      stmt_while(c, sc, s);
    else
      sorry(c, s->loc, "a while loop");
    break;
  default:
    if (c->o->all_shapes)
      jump(c, sc, s->kind, -1, s->loc);
    else
      sorry(c, s->loc, "break or continue");
    break;
  }
}

static void
block_body(bctx *c, scope *sc, const pto_block *b, bool top)
{
  for (int i = 0; i < b->n && !c->failed; i++)
    stmt(c, sc, b->items[i], top && i == b->n - 1);
}

/* Mark the variables F assigns: they need registers.  */
static void
mark_written(pto_stmt *s, void *ctx)
{
  bctx *c = ctx;
  if (s->kind == PTO_S_ASSIGN && s->lhs->kind == PTO_E_VAR)
    c->vars[s->lhs->u.var->id].written = true;
}

static void
params(bctx *c, scope *sc, const pto_func *f)
{
  for (int i = 0; i < f->nparams; i++) {
    const pto_var *p = f->params[i];
    vinfo *v = &c->vars[p->id];
    bool ptr = p->type->kind == PTO_TY_PTR;
    if (p->type->kind != PTO_TY_PTR && p->type->kind != PTO_TY_SCALAR) {
      sorry(c, p->loc, "a parameter of this type");
      return;
    }
    int d = define(c, ptr ? PTO_LOP_DEFINE_GLOBAL : PTO_LOP_DEFINE_VAR, p);
    c->fn->u[d].ival = i;
    if (!v->written) {
      *v = (vinfo){V_VAL, d, false};
      continue;
    }
    v->kind = V_REG;
    v->node = define(c, PTO_LOP_DEFINE_REG, p);
    pto_expr lhs = {.kind = PTO_E_VAR, .type = p->type, .loc = p->loc};
    lhs.u.var = (pto_var *)p;
    store(c, sc, &lhs, d, -1, p->loc);
  }
}

/* The largest variable id defined in F, plus one, into *N.  */
static void
max_var_stmt(pto_stmt *s, void *ctx)
{
  unsigned *n = ctx;
  if ((s->kind == PTO_S_DECL || s->kind == PTO_S_FOR) && s->var->id + 1 > *n)
    *n = s->var->id + 1;
}

pto_lin_fn *
pto_lin_build(const pto_func *f, const pto_lin_opts *o, pto_diag *diag)
{
  bctx c;
  memset(&c, 0, sizeof c);
  c.fn = pto_xcalloc(1, sizeof *c.fn);
  c.fn->func = f;
  c.o = o;
  c.diag = diag;
  c.env = pto_range_env_new();
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i]->id + 1 > c.nvars)
      c.nvars = f->params[i]->id + 1;
  pto_walk_stmts((pto_func *)f, max_var_stmt, &c.nvars);
  c.vars = pto_xcalloc(c.nvars + 1, sizeof *c.vars);
  pto_walk_stmts((pto_func *)f, mark_written, &c);
  pto_lin_new_uop(c.fn, PTO_LOP_SINK, NULL, f->loc);
  new_block(c.fn, -1, -1);
  scope top = {0, {0}};
  top.s.barrier = -1;
  params(&c, &top, f);
  if (!c.failed)
    block_body(&c, &top, &f->body, true);
  seg_reset(&top.s);
  free(c.vars);
  free(c.hash);
  free(c.loops);
  pto_range_env_free(c.env);
  if (c.failed) {
    pto_lin_fn_free(c.fn);
    return NULL;
  }
  return c.fn;
}
