/* isel-linear.c - the CCE back end's walk of the linear form.

   Contract (backend/cce/isel-linear.h): pto_isel_linear_src(K) builds the
   linear form of kernel K->func (ir/linear/linear.h: pto_lin_function with
   stage 22 on, as the CCE scalar unit has no predicated stores) and
   walks fn->list in order, building from it the kernel's source MIR
   K->src (mir.h): one STMT node per scalar statement or tile operation
   and FOR/IF nodes holding their bodies, no function.  memplan.c
   numbers those nodes and computes liveness from them (so the UB plan
   follows the list's order), isel.c selects the machine IR per node
   (lower_op and friends for the tile operations, the scalar statements
   with their access footprints, copy forwarding), sync.c inserts syncs
   and double-buffers its loops, cce.c prints it.  The walk:
   * RANGE opens a FOR node over the source loop's own index
     variable with the source loop's attributes (unroll_times, which
     sync.c's double buffering reads; name, kind): each RANGE is matched
     with the first source for statement in pre-order not yet matched
     that has its location and index name (unrolled copies share both
     and come in order); start, stop and step are the uops' values;
     END closes the innermost open loop;
   * LOOP opens a WHILE node "while (1)"; the LOOP of a for whose
     bounds its body may change is matched with that for like a RANGE
     (the tiles of its body are declared in it), as is the one-trip LOOP
     inside it that the for's continue statements leave;
   * BREAK, CONTINUE and RETURN are the C statements (gated: under an
     if); a jump of a loop other than the innermost open one (a break
     of such a for, from inside its one-trip LOOP) sets a flag "jf_N",
     declared false at the top of that loop's body, and breaks; the
     end of each loop it leaves tests the flag and breaks again, or
     makes the jump;
   * IF opens an IF node on the uop's condition, ENDIF closes it; the
     linear form's else branch (an IF on !k right after the ENDIF of an
     IF on k) opens that node's else block, so that sync.c sees the
     branches as exclusive;
   * a tile operation (an effectful intrinsic CALL) becomes the
     statement "pto.op(args);" (its arguments located as in the source
     call at its location, for diagnostics), a COPY "d = s;" (isel.c
     forwards it into the next operation when it can); pto.matmul too:
     cube.c plans over K->src;
   * DEFINE_REG declares the scalar variable (its own name; "_r" added
     when a parameter or an earlier register has it, then the uop id);
     LOAD declares a local "BASE_lN" (BASE the
     loaded variable's name, N the uop id) initialised from the address
     (a register, *p, p[i] or t[i][j]), where its value is first used
     unless a write to its memory, a loop or an if comes first (the list
     puts loads early; reading late keeps the scalar reads, and so the
     syncs, where the structured path has them); STORE assigns;
   * pure values (constants, parameters, loop indices, ALU uops, pure
     intrinsics such as block_idx) are not materialised: each use prints
     the value's expression tree, so the GM addresses of DMAs stay
     affine expressions of loop indices and parameters for sync.c;
     except that the uop computing a bound "var x: T = a op b;" of the
     source (same location and shape) is declared as x, where the source
     declares it once its operands are in place, else at its position,
     and a scalar BINARY/UNARY/SELECT that the list uses as an operand
     more than once is declared "s_N" (N its id) at its list position,
     so that it is computed once (sync.c sees through both: the
     declaration keeps the expression, the local is never assigned);
   * a tile (DEFINE_LOCAL: the source tile of its name, or of its name
     and location when several have the name) is declared (its plan
     comment) where the source declares it relative to the other
     statements, always in the body of the loop its source declaration
     is in (before the open statement holding its first use when that
     is nested deeper), so that memplan.c's rule for a use inside a
     loop the declaration is outside of is unchanged.
   What the walk cannot take is a located sorry, and the kernel is not
   emitted (there is no other path): what the linear form's builder
   does not take (its own sorry: tuples, &x), calls of functions,
   pto.launch, function references, value-returning effectful
   intrinsics, a gated load, a tile the match above cannot tell apart;
   a broken invariant of the list (a value out of scope at a use, an
   END that does not close the innermost block, a loop with no source
   for) is a located sorry saying "internal error", and a list that
   fails pto_lin_check an internal error (pto_ice).
   Everything built lives in the program's arena (as the MIR does); the
   linear form itself is freed before returning.  No global state.  */

#include "backend/cce/isel-linear.h"
#include "ir/linear/linear.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A source tile declaration and the innermost for loop holding it.  */
typedef struct tile_decl {
  pto_var *var;
  const pto_stmt *loop;   /* NULL: the function body */
  int index;              /* of its declaration, in source pre-order */
} tile_decl;

typedef struct open_stmt {
  int uop;                /* the RANGE or IF */
  pto_mir_block *body;
  const pto_stmt *loop;   /* a RANGE: its source loop; an IF: the
                             enclosing one's (NULL: the function body) */
} open_stmt;

typedef struct lb {
  pto_mir_kernel *k;      /* the source MIR's nodes are allocated here */
  pto_program *p;         /* for its arena only */
  const pto_func *f;
  const pto_lin_fn *fn;
  pto_expr **vals;        /* by uop id: the value's expression */
  const pto_stmt **fors;  /* the source's for statements, pre-order */
  int nfors, capfors;
  tile_decl *tiles;
  bool *declared;         /* by tile index */
  int ntiles, captiles;
  const pto_stmt **stmts; /* every source statement, pre-order */
  const pto_stmt **stmt_loops;  /* ... and the innermost for holding it */
  int nstmts, capstmts;
  int *named_at;          /* by source index: the uop of a bound DECL */
  pto_mir_block **decl_block; /* by uop id: where a named value is declared */
  pto_mir_node **if_node; /* by IF uop id: the IF node it opened */
  int *pending;           /* LOAD uops not yet declared, in list order */
  int npending;
  open_stmt *stack;
  int depth;
  pto_mir_block *top;
  const pto_loc *use_loc;  /* the location of the uop being walked */
  const char **names;     /* by uop id: the source name of a bound value */
  const pto_stmt **loop_src; /* by RANGE/LOOP uop id: its source for */
  bool *for_used;         /* by index into fors: matched to a loop uop */
  int *flag_target;       /* by jump uop id: the loop it leaves through
                             a jump flag (-1: none) */
  int *flag_at;           /* ... the loop whose end tests the flag next */
  pto_var **flag_var;     /* by jump uop id: that flag */
  pto_diag *diag;
  bool ok;
} lb;

/* Stop the walk with a located sorry (only the first is reported: the
   walk goes on to its end but builds nothing more).  */
static void PTO_PRINTF(3, 4)
decline(lb *c, pto_loc loc, const char *fmt, ...)
{
  if (c->ok) {
    va_list ap;
    va_start(ap, fmt);
    pto_vdiag(c->diag, PTO_DIAG_SORRY, loc, fmt, ap);
    va_end(ap);
  }
  c->ok = false;
}

/* ------------------------------------------------------------------ */
/* The source's anchors                                               */
/* ------------------------------------------------------------------ */

static void
collect_block(lb *c, const pto_block *b, const pto_stmt *loop)
{
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    if (c->nstmts == c->capstmts) {
      c->capstmts = c->capstmts ? 2 * c->capstmts : 64;
      c->stmts = pto_xrealloc(c->stmts,
                              (size_t)c->capstmts * sizeof *c->stmts);
      c->stmt_loops = pto_xrealloc(c->stmt_loops, (size_t)c->capstmts
                                                      * sizeof *c->stmt_loops);
    }
    int index = c->nstmts;
    c->stmt_loops[index] = loop;
    c->stmts[c->nstmts++] = s;
    switch (s->kind) {
    case PTO_S_FOR:
      if (c->nfors == c->capfors) {
        c->capfors = c->capfors ? 2 * c->capfors : 16;
        c->fors = pto_xrealloc(c->fors, (size_t)c->capfors * sizeof *c->fors);
      }
      c->fors[c->nfors++] = s;
      collect_block(c, &s->body, s);
      break;
    case PTO_S_IF:
    case PTO_S_WHILE:
      collect_block(c, &s->body, loop);
      collect_block(c, &s->els, loop);
      break;
    case PTO_S_DECL:
      if (s->var->type->kind == PTO_TY_TILE) {
        if (c->ntiles == c->captiles) {
          c->captiles = c->captiles ? 2 * c->captiles : 16;
          c->tiles = pto_xrealloc(c->tiles,
                                  (size_t)c->captiles * sizeof *c->tiles);
        }
        c->tiles[c->ntiles++] = (tile_decl){ s->var, loop, index };
      }
      break;
    default:
      break;
    }
  }
}

/* Whether uop ID of FN has the shape of expression E: the same
   operations and constants down to DEPTH levels, parameters and loop
   indices by name (other leaves are not compared).  */
static bool
same_shape(const pto_lin_fn *fn, int id, const pto_expr *e, int depth)
{
  const pto_lin_uop *u = &fn->u[id];
  if (depth == 0)
    return true;
  switch (u->op) {
  case PTO_LOP_BINARY:
    return e->kind == PTO_E_BIN && (int)e->u.binop == u->alu
           && same_shape(fn, u->src[0], e->a, depth - 1)
           && same_shape(fn, u->src[1], e->b, depth - 1);
  case PTO_LOP_UNARY:
    return e->kind == PTO_E_UN && (int)e->u.unop == u->alu
           && same_shape(fn, u->src[0], e->a, depth - 1);
  case PTO_LOP_SELECT:
    return e->kind == PTO_E_SELECT
           && same_shape(fn, u->src[0], e->a, depth - 1)
           && same_shape(fn, u->src[1], e->b, depth - 1)
           && same_shape(fn, u->src[2], e->c, depth - 1);
  case PTO_LOP_CALL:
    if (e->kind != PTO_E_CALL || !e->is_op || !u->is_op || e->op != u->iop
        || e->nargs != u->nval)
      return false;
    for (int i = 0; i < u->nval; i++)
      if (!same_shape(fn, u->src[i], e->args[i], depth - 1))
        return false;
    return true;
  case PTO_LOP_CONST:
    if (e->kind == PTO_E_INT)
      return !u->type || !pto_dtype_is_float(u->type->dtype)
                 ? u->ival == e->u.ival
                 : false;
    if (e->kind == PTO_E_FLOAT)
      return u->fval == e->u.fval || (double)u->ival == e->u.fval;
    return e->kind == PTO_E_UN;  /* a folded cast */
  case PTO_LOP_DEFINE_VAR:
  case PTO_LOP_DEFINE_GLOBAL:
  case PTO_LOP_RANGE:
    return e->kind == PTO_E_VAR && u->name
           && !strcmp(u->name, e->u.var->name);
  default:
    return true;
  }
}

/* Whether uop U (id ID) computes the root of expression E: a pure value
   at E's location with E's shape.  */
static bool
computes(const pto_lin_fn *fn, int id, const pto_expr *e)
{
  const pto_lin_uop *u = &fn->u[id];
  if (u->loc.line != e->loc.line || u->loc.col != e->loc.col
      || u->loc.file != e->loc.file)
    return false;
  /* Arithmetic only: a bound "var s = block_num();" stays a call at its
     uses (one node serves every block_num() of the kernel).  */
  if (u->op != PTO_LOP_BINARY && u->op != PTO_LOP_SELECT)
    return false;
  return same_shape(fn, id, e, 8);
}

static bool
is_register(const pto_lin_fn *fn, const char *name)
{
  for (int i = 0; i < fn->n; i++)
    if (fn->u[i].op == PTO_LOP_DEFINE_REG && fn->u[i].name
        && !strcmp(fn->u[i].name, name))
      return true;
  return false;
}

/* Give the uop computing the value of each scalar "var x: T = v;" of
   block B that is never assigned (bound: not a register) the name x:
   the first such uop in id order, each name once.  */
static void
name_binds(lb *c, const pto_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    name_binds(c, &s->body);
    name_binds(c, &s->els);
    if (s->kind != PTO_S_DECL || !s->value
        || s->var->type->kind != PTO_TY_SCALAR
        || is_register(c->fn, s->var->name))
      continue;
    for (int id = 0; id < c->fn->n; id++)
      if (!c->names[id] && computes(c->fn, id, s->value)) {
        c->names[id] = s->var->name;
        for (int k = 0; k < c->nstmts; k++)
          if (c->stmts[k] == s)
            c->named_at[k] = id;
        break;
      }
  }
}

/* Name every scalar arithmetic uop (BINARY, UNARY, SELECT) that the
   list uses as an operand more than once and the source does not bind:
   "s_N" (N its id), so that the value is computed once, at its list
   position, and read from the local at every use.  A float exp or log
   is named at any use count: isel.c computes it on the vector unit
   only as the value of a declaration (lower_scalar_math).  */
static void
name_shared(lb *c)
{
  const pto_lin_fn *fn = c->fn;
  int *uses = pto_xcalloc((size_t)fn->n + 1, sizeof *uses);
  for (int p = 0; p < fn->nlist; p++) {
    const pto_lin_uop *u = &fn->u[fn->list[p]];
    for (int i = 0; i < u->nval; i++)
      uses[u->src[i]]++;
  }
  for (int id = 0; id < fn->n; id++) {
    pto_lop op = fn->u[id].op;
    const pto_type *t = fn->u[id].type;
    bool vec_math = op == PTO_LOP_UNARY && t && t->dtype == PTO_DT_F32
                    && (fn->u[id].alu == PTO_UN_EXP
                        || fn->u[id].alu == PTO_UN_LOG);
    if ((uses[id] > 1 || vec_math) && !c->names[id] && t
        && t->kind == PTO_TY_SCALAR
        && (op == PTO_LOP_BINARY || op == PTO_LOP_UNARY
            || op == PTO_LOP_SELECT))
      c->names[id] = pto_arena_printf(c->p->arena, "s_%d", id);
  }
  free(uses);
}

static bool
same_loc(pto_loc a, pto_loc b)
{
  return a.line == b.line && a.col == b.col && a.file == b.file;
}

/* The source tile variable of DEFINE_LOCAL U: the one of U's name, or
   when several have it, the one declared at U's location; NULL if none
   or still several.  */
static pto_var *
tile_of(const lb *c, const pto_lin_uop *u)
{
  pto_var *v = NULL;
  int n = 0;
  for (int pass = 0; pass < 2 && n != 1; pass++) {
    v = NULL;
    n = 0;
    for (int i = 0; i < c->ntiles; i++) {
      pto_var *t = c->tiles[i].var;
      if (u->name && !strcmp(t->name, u->name) && t != v
          && (pass == 0 || same_loc(t->loc, u->loc))) {
        v = t;
        n++;
      }
    }
  }
  return n == 1 ? v : NULL;
}

/* ------------------------------------------------------------------ */
/* Coverage                                                           */
/* ------------------------------------------------------------------ */

/* Whether every user of INDEX uop ID is a STORE to it (a gated store
   becomes "if (gate) *p = v;"; a gated load has no such form).  */
static bool
only_stored(const pto_lin_fn *fn, int id)
{
  for (int p = 0; p < fn->nlist; p++) {
    const pto_lin_uop *u = &fn->u[fn->list[p]];
    for (int i = 0; i < u->nval; i++)
      if (u->src[i] == id && (u->op != PTO_LOP_STORE || i != 0))
        return false;
  }
  return true;
}

/* Decline, located, every uop the walk cannot take.  */
static void
check_uops(lb *c)
{
  const pto_lin_fn *fn = c->fn;
  for (int i = 0; i < fn->n && c->ok; i++) {
    const pto_lin_uop *u = &fn->u[i];
    switch (u->op) {
    case PTO_LOP_CALL:
      if (!u->is_op)
        decline(c, u->loc, "call to '%s' is not supported in kernel code "
                "by the CCE back end", u->name ? u->name : "?");
      else if (u->iop == PTO_OP_LAUNCH)
        decline(c, u->loc, "pto.launch cannot appear in a kernel");
      else if (pto_op_info(u->iop)->effect != PTO_EFF_PURE && u->type)
        decline(c, u->loc, "the value of pto.%s is not supported by the "
                "CCE back end", pto_op_info(u->iop)->name);
      break;
    case PTO_LOP_INDEX:
      if (u->gated && !only_stored(fn, i))
        decline(c, u->loc, "a predicated load is not supported by the CCE "
                "back end");
      break;
    case PTO_LOP_DEFINE_LOCAL:
      if (!u->type || !tile_of(c, u))
        decline(c, u->loc, "the CCE back end cannot tell tile '%s' from "
                "another tile of that name declared here",
                u->name ? u->name : "?");
      break;
    case PTO_LOP_RETURN:
      if (u->nval)
        decline(c, u->loc, "a kernel returns no value");
      break;
    case PTO_LOP_CONST:
      if (u->name)
        decline(c, u->loc, "a function reference is not supported in "
                "kernel code by the CCE back end");
      break;
    default:
      break;
    }
  }
}

/* ------------------------------------------------------------------ */
/* The source MIR's statements and their expressions               */
/* ------------------------------------------------------------------ */

static pto_expr *
new_expr(lb *c, pto_expr_kind kind, const pto_type *t, pto_loc loc)
{
  return pto_mir_expr(c->k, kind, t, loc);
}

static pto_expr *
var_expr(lb *c, pto_var *v, pto_loc loc)
{
  return pto_mir_var_ref(c->k, v, loc);
}

/* A fresh scalar variable named NAME of type T.  Its id is the
   program's next_var_id, which no variable has: memplan.c's table of
   declaration positions has that entry (and reads it for tiles only).  */
static pto_var *
new_var(lb *c, const char *name, const pto_type *t, pto_loc loc)
{
  pto_var *v = pto_arena_alloc(c->p->arena, sizeof *v);
  v->name = pto_arena_strdup(c->p->arena, name);
  v->type = t;
  v->loc = loc;
  v->id = c->p->next_var_id;
  return v;
}

static void
args_of(lb *c, pto_expr *e, int n)
{
  e->nargs = n;
  e->args = pto_arena_alloc(c->p->arena, ((size_t)n + 1) * sizeof *e->args);
}

static void use_tile(lb *c, const pto_var *v);
static void flush_through(lb *c, int id);

/* Whether RANGE uop ID is open.  */
static bool
range_open(const lb *c, int id)
{
  for (int i = 0; i < c->depth; i++)
    if (c->stack[i].uop == id)
      return true;
  return false;
}

/* Whether block B is the body of an open statement (or the function's).  */
static bool
block_open(const lb *c, const pto_mir_block *b)
{
  for (int i = 0; i < c->depth; i++)
    if (c->stack[i].body == b)
      return true;
  return false;
}

/* Decline: uop ID has no value where the walk needs it (a broken
   invariant of the list, reported at the use).  NULL.  */
static pto_expr *
lost(lb *c, int id)
{
  decline(c, c->use_loc ? *c->use_loc : c->fn->u[id].loc,
          "internal error: the CCE back end's walk of the linear form has "
          "no value for %%%d (%s) here", id, pto_lop_name(c->fn->u[id].op));
  return NULL;
}

/* The expression of value uop ID (NULL after a decline).  */
static pto_expr *
value(lb *c, int id)
{
  if (c->fn->u[id].op == PTO_LOP_DEFINE_LOCAL) {
    pto_var *t = tile_of(c, &c->fn->u[id]);
    use_tile(c, t);
    return var_expr(c, t, c->use_loc ? *c->use_loc : c->fn->u[id].loc);
  }
  if (!c->vals[id] && c->fn->u[id].op == PTO_LOP_LOAD)
    flush_through(c, id);
  if ((c->decl_block[id] && !block_open(c, c->decl_block[id]))
      || (c->vals[id] && c->fn->u[id].op == PTO_LOP_RANGE
          && !range_open(c, id)))
    return lost(c, id);
  if (c->vals[id])
    return c->vals[id];
  const pto_lin_uop *u = &c->fn->u[id];
  pto_expr *e = NULL;
  switch (u->op) {
  case PTO_LOP_CONST:
    e = new_expr(c, PTO_E_INT, u->type, u->loc);
    pto_lin_const_expr(e, u);
    break;
  case PTO_LOP_DEFINE_GLOBAL:
  case PTO_LOP_DEFINE_VAR:
    if (u->ival < 0 || u->ival >= c->f->nparams)
      break;
    e = var_expr(c, c->f->params[u->ival], u->loc);
    break;
  case PTO_LOP_BINARY: {
    pto_expr *a = value(c, u->src[0]), *b = value(c, u->src[1]);
    if (!a || !b)
      break;
    e = new_expr(c, PTO_E_BIN, u->type, u->loc);
    e->u.binop = (pto_binop)u->alu;
    e->a = a;
    e->b = b;
    break;
  }
  case PTO_LOP_UNARY: {
    pto_expr *a = value(c, u->src[0]);
    if (!a)
      break;
    e = new_expr(c, PTO_E_UN, u->type, u->loc);
    e->u.unop = (pto_unop)u->alu;
    e->a = a;
    break;
  }
  case PTO_LOP_SELECT: {
    pto_expr *k = value(c, u->src[0]), *a = value(c, u->src[1]),
             *b = value(c, u->src[2]);
    if (!k || !a || !b)
      break;
    e = new_expr(c, PTO_E_SELECT, u->type, u->loc);
    e->a = k;
    e->b = a;
    e->c = b;
    break;
  }
  case PTO_LOP_CALL:
    if (!u->is_op || pto_op_info(u->iop)->effect != PTO_EFF_PURE || !u->type)
      break;
    e = new_expr(c, PTO_E_CALL, u->type, u->loc);
    e->is_op = true;
    e->op = u->iop;
    args_of(c, e, u->nval);
    for (int i = 0; i < u->nval; i++)
      if (!(e->args[i] = value(c, u->src[i])))
        return NULL;
    break;
  default:
    break;       /* RANGE, LOAD, DEFINE_REG: set when emitted */
  }
  if (!e)
    return c->ok ? lost(c, id) : NULL;
  return c->vals[id] = e;
}

/* The place INDEX uop ID names: the register, *p, p[i] or t[i][j].  */
static pto_expr *
address(lb *c, int id)
{
  const pto_lin_uop *x = &c->fn->u[id];
  if (x->op != PTO_LOP_INDEX || x->nval < 1 + x->gated)
    return lost(c, id);
  int n = x->nval - 1 - x->gated;   /* the gate: walk_uop's STORE */
  pto_expr *base = value(c, x->src[0]);
  if (!base)
    return NULL;
  if (c->fn->u[x->src[0]].op == PTO_LOP_DEFINE_REG)
    return n == 0 ? base : lost(c, id);
  pto_expr *e;
  if (n == 0) {
    e = new_expr(c, PTO_E_UN, x->type, x->loc);
    e->u.unop = PTO_UN_DEREF;
    e->a = base;
    return e;
  }
  e = new_expr(c, PTO_E_INDEX, x->type, x->loc);
  e->a = base;
  args_of(c, e, n);
  for (int i = 0; i < n; i++)
    if (!(e->args[i] = value(c, x->src[1 + i])))
      return NULL;
  return e;
}

/* Append the source MIR node of S to the current block.  */
static pto_mir_node *
push(lb *c, pto_stmt *s)
{
  pto_mir_node *n = pto_mir_src_node(c->k, s);
  pto_mir_push(c->top, n);
  return n;
}

static void walk_named(lb *c, int id);
static pto_expr *true_expr(lb *c, pto_loc loc);

/* Whether the value of uop ID can be printed now without declaring
   anything (its loads, registers and loop indices are in place),
   looking DEPTH levels deep.  */
static bool
ready(const lb *c, int id, int depth)
{
  const pto_lin_uop *u = &c->fn->u[id];
  if (depth == 0)
    return false;
  switch (u->op) {
  case PTO_LOP_CONST:
  case PTO_LOP_DEFINE_GLOBAL:
  case PTO_LOP_DEFINE_VAR:
    return true;
  case PTO_LOP_RANGE:
    return c->vals[id] != NULL && range_open(c, id);
  case PTO_LOP_LOAD:
  case PTO_LOP_DEFINE_REG:
    return c->vals[id] != NULL && block_open(c, c->decl_block[id]);
  case PTO_LOP_BINARY:
  case PTO_LOP_UNARY:
  case PTO_LOP_SELECT:
  case PTO_LOP_CALL:
    if (c->decl_block[id])
      return true;
    if (u->op == PTO_LOP_CALL
        && (!u->is_op || pto_op_info(u->iop)->effect != PTO_EFF_PURE))
      return false;
    for (int i = 0; i < u->nval; i++)
      if (!ready(c, u->src[i], depth - 1))
        return false;
    return true;
  default:
    return false;
  }
}

static const pto_stmt *
current_loop(const lb *c)
{
  return c->stack[c->depth - 1].loop;
}

static void
declare_tile(lb *c, int i)
{
  c->declared[i] = true;
  push(c, pto_s_decl(c->p, c->tiles[i].var, NULL, c->tiles[i].var->loc));
}

/* Declare tile V before its first use: in the current block when its
   source declaration is in the body of the current loop, else in the
   innermost open block of the loop it is declared in, before the open
   statement that holds the use (a tile of an outer loop body first
   used in a loop nested in an if), so that memplan.c sees it live
   across the inner loop as the source has it.  */
static void
use_tile(lb *c, const pto_var *v)
{
  for (int i = 0; i < c->ntiles; i++) {
    if (c->tiles[i].var != v || c->declared[i])
      continue;
    int at = c->depth - 1;
    while (at > 0 && c->stack[at].loop != c->tiles[i].loop)
      at--;
    if (at == c->depth - 1) {
      declare_tile(c, i);
      continue;
    }
    if (c->stack[at].loop != c->tiles[i].loop) {
      decline(c, v->loc, "internal error: the CCE back end's walk of the "
              "linear form uses tile '%s' outside its loop", v->name);
      return;
    }
    pto_mir_block *b = c->stack[at].body;
    c->declared[i] = true;
    pto_mir_insert(b, b->n ? b->n - 1 : 0,
                   pto_mir_src_node(c->k, pto_s_decl(c->p, c->tiles[i].var,
                                                     NULL, v->loc)));
  }
}

/* Declare the tiles still undeclared whose source declaration is in the
   body of the current loop and comes before source statement BEFORE
   (pre-order index; INT_MAX: all of them), so that memplan.c sees each
   declaration in its loop and the plan comments stay where the source
   declares the tiles.  */
static void
declare_before(lb *c, int before)
{
  /* Not inside an if: a bound scalar's declaration must stay in scope
     for the rest of the loop body, and a tile's comment belongs there
     (a tile first used inside the if is declared at that use).  */
  int top = c->stack[c->depth - 1].uop;
  if (top >= 0 && c->fn->u[top].op != PTO_LOP_RANGE)
    return;
  const pto_stmt *loop = current_loop(c);
  for (int i = 0; i < c->ntiles; i++)
    if (!c->declared[i] && c->tiles[i].loop == loop
        && c->tiles[i].index < before)
      declare_tile(c, i);
  /* Bound scalars of this loop's body whose operands are available,
     where the source declares them.  */
  for (int k = 0; k < c->nstmts && k < before; k++) {
    int id = c->named_at[k];
    if (id >= 0 && !c->decl_block[id] && c->stmt_loops[k] == loop
        && ready(c, id, 16))
      walk_named(c, id);
  }
}

static void
declare_pending(lb *c)
{
  declare_before(c, INT_MAX);
}

/* The pre-order index of the first source statement at LOC, or -1.  */
static int
source_index(const lb *c, pto_loc loc)
{
  for (int i = 0; i < c->nstmts; i++) {
    pto_loc l = c->stmts[i]->loc;
    if (l.line == loc.line && l.col == loc.col && l.file == loc.file)
      return i;
  }
  return -1;
}

static pto_mir_node *
open_block(lb *c, int uop, pto_stmt *s, const pto_stmt *loop)
{
  pto_mir_node *n = push(c, s);
  c->stack[c->depth++] = (open_stmt){ uop, &n->body, loop };
  c->top = &n->body;
  return n;
}

static int innermost_loop(const lb *c);
static void jump_under(lb *c, pto_expr *g, pto_stmt *j, pto_var *flag,
                       pto_loc loc);

/* After loop LOOP closed: for each jump that left it through a flag,
   "if (flag) break;" here, or the jump itself when this is the loop
   it is for.  */
static void
pass_flags(lb *c, int loop)
{
  for (int id = 0; id < c->fn->n; id++) {
    if (c->flag_target[id] < 0 || c->flag_at[id] != loop)
      continue;
    pto_loc loc = c->fn->u[id].loc;
    pto_expr *g = var_expr(c, c->flag_var[id], loc);
    int in = innermost_loop(c);
    c->flag_at[id] = in;
    if (in == c->flag_target[id]) {
      c->flag_target[id] = -1;
      jump_under(c, g, c->fn->u[id].op == PTO_LOP_BREAK
                           ? pto_s_break(c->p, loc)
                           : pto_s_continue(c->p, loc), NULL, loc);
    } else
      jump_under(c, g, pto_s_break(c->p, loc), NULL, loc);
  }
}

static void
close_block(lb *c, int uop)
{
  if (c->depth <= 1 || c->stack[c->depth - 1].uop != uop) {
    decline(c, c->fn->u[uop].loc, "internal error: the CCE back end's walk "
            "of the linear form closes %%%d, which is not the innermost "
            "open block", uop);
    return;
  }
  pto_lop op = c->fn->u[uop].op;
  if (op == PTO_LOP_RANGE || op == PTO_LOP_LOOP)
    declare_pending(c);
  c->depth--;
  c->top = c->stack[c->depth - 1].body;
  if (op == PTO_LOP_RANGE || op == PTO_LOP_LOOP)
    pass_flags(c, uop);
}

/* An IF on !K right after the ENDIF of an IF on K (nothing between in
   the block: the linear form's else branch) opens the else block of
   that IF node, so that sync.c sees the two branches as exclusive.
   Whether it did.  */
static bool
open_else(lb *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  const pto_lin_uop *k = &c->fn->u[u->src[0]];
  pto_mir_block *b = c->top;
  if (k->op != PTO_LOP_UNARY || k->alu != PTO_UN_NOT || !b->n)
    return false;
  pto_mir_node *prev = b->items[b->n - 1];
  int prev_if = -1;
  for (int i = 0; i < c->fn->n && prev_if < 0; i++)
    if (c->if_node[i] == prev)
      prev_if = i;
  if (prev_if < 0 || c->fn->u[prev_if].src[0] != k->src[0] || prev->els.n)
    return false;
  c->if_node[id] = prev;
  c->stack[c->depth++] = (open_stmt){ id, &prev->els, current_loop(c) };
  c->top = &prev->els;
  return true;
}

/* The source for statement of loop uop U (a RANGE, or the LOOP of a
   for whose bounds its body may change): the first in pre-order not yet
   matched with U's location and, for a RANGE, U's index name (copies
   of one loop made by unrolling share the location and come in
   order); NULL if none.  */
static const pto_stmt *
match_for(lb *c, const pto_lin_uop *u)
{
  for (int i = 0; i < c->nfors; i++) {
    const pto_stmt *s = c->fors[i];
    if (!c->for_used[i] && same_loc(s->loc, u->loc)
        && (u->op != PTO_LOP_RANGE
            || (u->name && !strcmp(s->var->name, u->name)))) {
      c->for_used[i] = true;
      return s;
    }
  }
  return NULL;
}

/* The pre-order index of source statement S.  */
static int
index_of(const lb *c, const pto_stmt *s)
{
  int k = 0;
  while (k < c->nstmts && c->stmts[k] != s)
    k++;
  return k;
}

static void
walk_range(lb *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  const pto_stmt *src = match_for(c, u);
  if (!src) {
    decline(c, u->loc, "internal error: the CCE back end finds no source "
            "loop for the loop of the linear form here");
    return;
  }
  pto_expr *start = value(c, u->src[0]), *stop = value(c, u->src[1]),
           *step = value(c, u->src[2]);
  if (!c->ok)
    return;
  pto_stmt *s = pto_s_for(c->p, src->var, start, stop, step, u->down, u->loc);
  s->attrs = src->attrs;
  c->vals[id] = var_expr(c, src->var, u->loc);
  declare_before(c, index_of(c, src));
  open_block(c, id, s, src);
}

/* LOOP: "while (1) { ... }".  The LOOP of a for whose bounds may
   change, like a RANGE, has that for as its loop (tiles declared in its
   body are declared there), and so does the one-trip LOOP inside it
   that the for's continue statements leave (same location).  */
static void
walk_loop(lb *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  const pto_stmt *loop = current_loop(c);
  int top = c->stack[c->depth - 1].uop;
  int k = source_index(c, u->loc);
  if (top >= 0 && c->fn->u[top].op == PTO_LOP_LOOP
      && same_loc(c->fn->u[top].loc, u->loc) && loop
      && same_loc(loop->loc, u->loc))
    ;                     /* the one-trip LOOP of a for's continue */
  else if (k >= 0 && c->stmts[k]->kind == PTO_S_FOR) {
    const pto_stmt *src = match_for(c, u);
    if (!src) {
      decline(c, u->loc, "internal error: the CCE back end finds no source "
              "loop for the loop of the linear form here");
      return;
    }
    declare_before(c, index_of(c, src));
    loop = src;
  }
  open_block(c, id, pto_s_while(c->p, true_expr(c, u->loc), u->loc), loop);
}

/* Whether NAME is a parameter's or a register's already declared.  */
static bool
name_taken(const lb *c, const char *name)
{
  for (int i = 0; i < c->f->nparams; i++)
    if (!strcmp(c->f->params[i]->name, name))
      return true;
  for (int i = 0; i < c->fn->n; i++)
    if (c->fn->u[i].op == PTO_LOP_DEFINE_REG && c->vals[i]
        && !strcmp(c->vals[i]->u.var->name, name))
      return true;
  return false;
}

/* DEFINE_REG: "T name;", the register's own name; "_r" added when a
   parameter or an earlier register has it (the linear form names the
   temporaries of every "c ? a : b" "cond"), then "_rN" (N its id).  */
static void
walk_define_reg(lb *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  const char *name = u->name ? u->name : "r";
  if (name_taken(c, name))
    name = pto_arena_printf(c->p->arena, "%s_r", name);
  if (name_taken(c, name))
    name = pto_arena_printf(c->p->arena, "%s%d", name, id);
  pto_var *v = new_var(c, name, u->type, u->loc);
  c->vals[id] = var_expr(c, v, u->loc);
  c->decl_block[id] = c->top;
  push(c, pto_s_decl(c->p, v, NULL, u->loc));
}

static void
declare_load(lb *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  pto_expr *a = address(c, u->src[0]);
  if (!a)
    return;
  const pto_lin_uop *base = &c->fn->u[c->fn->u[u->src[0]].src[0]];
  const char *bn = base->name && (base->op == PTO_LOP_DEFINE_REG
                                  || base->op == PTO_LOP_DEFINE_LOCAL
                                  || base->op == PTO_LOP_DEFINE_GLOBAL)
                       ? base->name
                       : "v";
  char *name = pto_arena_printf(c->p->arena, "%s_l%d", bn, id);
  pto_var *v = new_var(c, name, u->type, u->loc);
  c->vals[id] = var_expr(c, v, u->loc);
  c->decl_block[id] = c->top;
  push(c, pto_s_decl(c->p, v, a, u->loc));
}

/* Declare the pending loads up to and including LOAD uop ID, in order
   (all of them when ID is -1).  */
static void
flush_through(lb *c, int id)
{
  int n = c->npending;
  if (id >= 0) {
    for (n = 0; n < c->npending && c->pending[n] != id; n++)
      ;
    if (n == c->npending)
      return;             /* not pending: declared, or an error */
    n++;
  }
  int *todo = pto_xmalloc(((size_t)n + 1) * sizeof *todo);
  memcpy(todo, c->pending, (size_t)n * sizeof *todo);
  memmove(c->pending, c->pending + n,
          (size_t)(c->npending - n) * sizeof *c->pending);
  c->npending -= n;
  for (int i = 0; i < n && c->ok; i++)
    declare_load(c, todo[i]);
  free(todo);
}

/* The base uop of LOAD uop ID's address.  */
static int
load_base(const lb *c, int id)
{
  return c->fn->u[c->fn->u[id].src[0]].src[0];
}

/* Before a tile operation CALL U: declare the pending loads it may
   change the memory of (a load can move past an operation that neither
   writes its memory nor sits between it and its first use in another
   block: loads are declared where they are first used, as the
   structured path reads them, unless a write intervenes).  */
static void
flush_for_call(lb *c, const pto_lin_uop *u)
{
  const pto_opinfo *info = pto_op_info(u->iop);
  char w = info->sig[0];
  if (info->effect != PTO_EFF_WRITE || (w != 'T' && w != 'U' && w != 'P')
      || u->nval < 1) {
    flush_through(c, -1);
    return;
  }
  /* It writes the tile or the GM its first operand names.  */
  int last = -1;
  for (int i = 0; i < c->npending; i++) {
    int base = load_base(c, c->pending[i]);
    pto_lop bop = c->fn->u[base].op;
    bool gm = bop != PTO_LOP_DEFINE_LOCAL && bop != PTO_LOP_DEFINE_REG;
    if (w == 'P' ? gm : base == u->src[0])
      last = c->pending[i];
  }
  if (last >= 0)
    flush_through(c, last);
}

/* Give the arguments of tile operation E the locations of the source
   call at E's location (same op and arity), so that diagnostics point
   at the argument, not where a shared value (a constant, a parameter)
   was first seen: each argument becomes a copy with that location.  */
static void
located_args(lb *c, pto_expr *e)
{
  int k = source_index(c, e->loc);
  const pto_expr *src = k >= 0 ? c->stmts[k]->value : NULL;
  if (!src || c->stmts[k]->kind != PTO_S_EVAL || src->kind != PTO_E_CALL
      || !src->is_op || src->op != e->op || src->nargs != e->nargs)
    return;
  for (int i = 0; i < e->nargs; i++) {
    pto_expr *a = new_expr(c, e->args[i]->kind, e->args[i]->type,
                           src->args[i]->loc);
    *a = *e->args[i];
    a->loc = src->args[i]->loc;
    e->args[i] = a;
  }
}

static void
walk_call(lb *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  if (pto_op_info(u->iop)->effect == PTO_EFF_PURE)
    return;               /* a value: printed where it is used */
  flush_for_call(c, u);
  pto_expr *e = new_expr(c, PTO_E_CALL, pto_type_void(c->p), u->loc);
  e->is_op = true;
  e->op = u->iop;
  args_of(c, e, u->nval);
  for (int i = 0; i < u->nval; i++)
    if (!(e->args[i] = value(c, u->src[i])))
      return;
  located_args(c, e);
  push(c, pto_s_eval(c->p, e, u->loc));
}

/* Materialise pure value uop ID under its source name: "T name = v;" at
   its list position (its home block, before every use).  */
static void
walk_named(lb *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  if (c->decl_block[id])
    return;               /* declared early, where the source has it */
  pto_expr *e = value(c, id);
  if (!e)
    return;
  pto_var *v = new_var(c, c->names[id], u->type, u->loc);
  c->vals[id] = var_expr(c, v, u->loc);
  c->decl_block[id] = c->top;
  push(c, pto_s_decl(c->p, v, e, u->loc));
}

/* The constant true, the condition of a LOOP's while node.  */
static pto_expr *
true_expr(lb *c, pto_loc loc)
{
  pto_expr *e = new_expr(c, PTO_E_INT, pto_type_scalar(c->p, PTO_DT_BOOL),
                         loc);
  e->u.ival = 1;
  return e;
}

/* The innermost open loop (RANGE or LOOP) uop, or -1.  */
static int
innermost_loop(const lb *c)
{
  for (int i = c->depth - 1; i > 0; i--) {
    pto_lop op = c->fn->u[c->stack[i].uop].op;
    if (op == PTO_LOP_RANGE || op == PTO_LOP_LOOP)
      return c->stack[i].uop;
  }
  return -1;
}

/* The constant V of type bool.  */
static pto_expr *
bool_expr(lb *c, int v, pto_loc loc)
{
  pto_expr *e = true_expr(c, loc);
  e->u.ival = v;
  return e;
}

/* Append jump J to the current block, under "if (G)" unless G is NULL,
   after "FLAG = 1;" unless FLAG is NULL.  */
static void
jump_under(lb *c, pto_expr *g, pto_stmt *j, pto_var *flag, pto_loc loc)
{
  pto_mir_block *b = c->top;
  if (g) {
    pto_mir_node *n = pto_mir_src_node(c->k, pto_s_if(c->p, g, loc));
    pto_mir_push(b, n);
    b = &n->body;
  }
  if (flag)
    pto_mir_push(b, pto_mir_src_node(c->k, pto_s_assign(c->p,
                                                        var_expr(c, flag, loc),
                                                        bool_expr(c, 1, loc),
                                                        loc)));
  pto_mir_push(b, pto_mir_src_node(c->k, j));
}

/* BREAK, CONTINUE and RETURN: the statement, under "if (gate)" when
   gated.  A jump of a loop other than the innermost open one (the break
   of a for whose bounds may change, from inside the one-trip LOOP its
   continue statements leave) sets a flag "jf_N" declared false at the
   top of that loop's body and breaks; each loop it leaves tests the
   flag after its end (pass_flags) and breaks again, or jumps.  */
static void
walk_jump(lb *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  pto_stmt *j;
  pto_var *flag = NULL;
  if (u->op == PTO_LOP_RETURN)
    j = pto_s_return(c->p, NULL, u->loc);
  else if (u->nranges < 1 || innermost_loop(c) < 0) {
    decline(c, u->loc, "internal error: the CCE back end's walk of the "
            "linear form finds a jump out of no loop");
    return;
  } else if (u->ranges[0] != innermost_loop(c)) {
    int t = c->depth - 1;
    while (t > 0 && c->stack[t].uop != u->ranges[0])
      t--;
    if (t == 0) {
      decline(c, u->loc, "internal error: the CCE back end's walk of the "
              "linear form finds a jump out of a loop that is not open");
      return;
    }
    flag = new_var(c, pto_arena_printf(c->p->arena, "jf_%d", id),
                   pto_type_scalar(c->p, PTO_DT_BOOL), u->loc);
    pto_mir_insert(c->stack[t].body, 0,
                   pto_mir_src_node(c->k, pto_s_decl(c->p, flag,
                                                     bool_expr(c, 0, u->loc),
                                                     u->loc)));
    c->flag_var[id] = flag;
    c->flag_target[id] = u->ranges[0];
    c->flag_at[id] = innermost_loop(c);
    j = pto_s_break(c->p, u->loc);
  } else
    j = u->op == PTO_LOP_BREAK ? pto_s_break(c->p, u->loc)
                               : pto_s_continue(c->p, u->loc);
  pto_expr *g = NULL;
  if (u->nval && u->op != PTO_LOP_RETURN && !(g = value(c, u->src[0])))
    return;
  jump_under(c, g, j, flag, u->loc);
}

static void
walk_uop(lb *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  c->use_loc = &u->loc;
  if (u->op == PTO_LOP_STORE || u->op == PTO_LOP_COPY
      || u->op == PTO_LOP_RANGE || u->op == PTO_LOP_END
      || u->op == PTO_LOP_IF || u->op == PTO_LOP_ENDIF
      || u->op == PTO_LOP_LOOP || u->op == PTO_LOP_BREAK
      || u->op == PTO_LOP_CONTINUE || u->op == PTO_LOP_RETURN)
    flush_through(c, -1);
  if (u->op == PTO_LOP_CALL || u->op == PTO_LOP_COPY
      || u->op == PTO_LOP_STORE || u->op == PTO_LOP_LOAD) {
    int k = source_index(c, u->loc);
    if (k >= 0)
      declare_before(c, k);
  }
  switch (u->op) {
  case PTO_LOP_BINARY:
  case PTO_LOP_UNARY:
  case PTO_LOP_SELECT:
  case PTO_LOP_CALL:
    if (c->names[id]) {
      walk_named(c, id);
      return;
    }
    if (u->op == PTO_LOP_CALL)
      walk_call(c, id);
    return;
  case PTO_LOP_DEFINE_REG:
    walk_define_reg(c, id);
    return;
  case PTO_LOP_LOAD:
    c->pending[c->npending++] = id;
    return;
  case PTO_LOP_STORE: {
    const pto_lin_uop *x = &c->fn->u[u->src[0]];
    pto_expr *g = x->gated ? value(c, x->src[x->nval - 1]) : NULL;
    pto_expr *l = address(c, u->src[0]), *v = value(c, u->src[1]);
    if (!l || !v || (x->gated && !g))
      return;
    pto_stmt *st = pto_s_assign(c->p, l, v, u->loc);
    if (!g) {
      push(c, st);
      return;
    }
    /* A gated store: "if (gate) *p = v;".  */
    pto_mir_node *n = pto_mir_src_node(c->k, pto_s_if(c->p, g, u->loc));
    pto_mir_push(c->top, n);
    pto_mir_push(&n->body, pto_mir_src_node(c->k, st));
    return;
  }
  case PTO_LOP_COPY: {
    pto_expr *d = value(c, u->src[0]), *s = value(c, u->src[1]);
    if (d && s)
      push(c, pto_s_assign(c->p, d, s, u->loc));
    return;
  }
  case PTO_LOP_RANGE:
    walk_range(c, id);
    return;
  case PTO_LOP_END:
    for (int i = 0; i < u->nranges; i++)
      close_block(c, u->ranges[i]);
    return;
  case PTO_LOP_IF: {
    if (open_else(c, id))
      return;
    pto_expr *k = value(c, u->src[0]);
    if (k)
      c->if_node[id] = open_block(c, id, pto_s_if(c->p, k, u->loc),
                                  current_loop(c));
    return;
  }
  case PTO_LOP_ENDIF:
    close_block(c, u->ranges[0]);
    return;
  case PTO_LOP_LOOP:
    walk_loop(c, id);
    return;
  case PTO_LOP_BREAK:
  case PTO_LOP_CONTINUE:
  case PTO_LOP_RETURN:
    walk_jump(c, id);
    return;
  case PTO_LOP_SINK:
  case PTO_LOP_COUNT:
    decline(c, u->loc, "internal error: %s in the linear list",
            pto_lop_name(u->op));
    return;
  default:
    return;               /* definitions and pure values: at their uses */
  }
}

int
pto_isel_linear_src(pto_mir_kernel *k, pto_diag *d)
{
  const pto_program *prog = k->prog;
  const pto_func *f = k->func;
  pto_lin_opts o;
  pto_lin_opts_init(&o);
  o.predicated_stores = false;
  o.all_shapes = true;
  pto_lin_fn *fn = pto_lin_function(f, &o, d);
  if (!fn)
    return 1;             /* a located sorry */
  pto_buf why = { NULL, 0, 0 };
  if (!pto_lin_check(fn, &why))
    pto_ice("the linear form of '%s' is malformed: %s", f->name, why.s);
  pto_buf_free(&why);

  lb c;
  memset(&c, 0, sizeof c);
  c.k = k;
  /* Only the arena is used: nodes are added, nothing is changed.  */
  c.p = (pto_program *)prog;
  c.f = f;
  c.fn = fn;
  c.diag = d;
  c.ok = true;
  collect_block(&c, &f->body, NULL);
  pto_mir_block src = { 0 };
  check_uops(&c);
  if (c.ok) {
    c.vals = pto_xcalloc((size_t)fn->n, sizeof *c.vals);
    c.names = pto_xcalloc((size_t)fn->n, sizeof *c.names);
    c.decl_block = pto_xcalloc((size_t)fn->n, sizeof *c.decl_block);
    c.if_node = pto_xcalloc((size_t)fn->n, sizeof *c.if_node);
    c.flag_var = pto_xcalloc((size_t)fn->n, sizeof *c.flag_var);
    c.flag_target = pto_xmalloc((size_t)fn->n * sizeof *c.flag_target);
    c.flag_at = pto_xcalloc((size_t)fn->n, sizeof *c.flag_at);
    for (int i = 0; i < fn->n; i++)
      c.flag_target[i] = -1;
    c.for_used = pto_xcalloc((size_t)c.nfors + 1, sizeof *c.for_used);
    c.named_at = pto_xcalloc((size_t)c.nstmts + 1, sizeof *c.named_at);
    for (int k = 0; k < c.nstmts; k++)
      c.named_at[k] = -1;
    name_binds(&c, &f->body);
    name_shared(&c);
    c.stack = pto_xcalloc((size_t)fn->n + 2, sizeof *c.stack);
    c.stack[c.depth++] = (open_stmt){ -1, &src, NULL };
    c.top = &src;
    c.declared = pto_xcalloc((size_t)c.ntiles + 1, sizeof *c.declared);
    c.pending = pto_xcalloc((size_t)fn->n + 1, sizeof *c.pending);
    for (int p = 0; p < fn->nlist && c.ok; p++)
      walk_uop(&c, fn->list[p]);
    if (c.ok)
      flush_through(&c, -1);
    if (c.ok && c.depth == 1)
      declare_pending(&c);
    if (c.ok && c.depth != 1)
      decline(&c, f->loc, "internal error: the CCE back end's walk of the "
              "linear form of '%s' leaves a block open", f->name);
  }
  if (c.ok) {
    pto_mir_void_unread(k, &src);
    k->src = src;
  } else
    pto_mir_block_free(&src);
  free(c.vals);
  free(c.names);
  free(c.declared);
  free(c.pending);
  free(c.stack);
  free(c.fors);
  free(c.for_used);
  free(c.tiles);
  free(c.stmts);
  free(c.stmt_loops);
  free(c.named_at);
  free(c.decl_block);
  free(c.if_node);
  free(c.flag_var);
  free(c.flag_target);
  free(c.flag_at);
  pto_lin_fn_free(fn);
  return c.ok ? 0 : 1;
}
