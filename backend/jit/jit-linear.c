/* jit-linear.c - the libgccjit back end's walk of the linear form: the
   only way it emits a function body.

   Contract (backend/jit/jit-internal.h): pto_jit_linear_body(FC) emits the body
   of FC->f from its linear form (ir/linear/linear.h: pto_lin_function with
   all_shapes, and stage 22 on, as gccjit has no predicated stores).  A
   construct the form does not cover (the builder's sorry list: tuple
   values, &x) is reported through the back end's diagnostics, located,
   and counts as an error; a list that fails pto_lin_check is an
   internal error.

   Emission walks fn->list in order:
   * every value uop (LOAD, BINARY, UNARY, SELECT, value CALL) is
     computed once, at its position, into a gccjit local "pto_lN" (N the
     uop id) that every use reads; constants and parameters are used
     directly; a DEFINE_REG or DEFINE_LOCAL is a local; an INDEX emits
     nothing: LOAD and STORE build the address from its operands'
     locals, which still hold the values of the INDEX's position (a value
     is defined once per execution of its block and used only while that
     block is open);
   * the operations themselves go through jit.c's code (pto_jit_rvalue,
     pto_jit_lvalue, pto_jit_call_stmt, pto_jit_value_for) on small
     stand-in expressions whose leaves are stand-in variables bound to
     those locals, so integer division, floordiv/floormod, min/max,
     casts, fp16 rounding (the CAST f16 uops at C's rounding points) and
     memory encodings, && and || (already made explicit where an operand
     may fault), tile operations through libpto-rt and pto.launch have
     one implementation;
   * RANGE: iv = start; a header block tests iv < stop (iv > stop when
     down), zero-trip correct; END: a latch block (iv += step) jumps back
     to the header and emission continues in the exit block;
   * LOOP: a header block, to which its END jumps back;
   * BREAK / CONTINUE: a jump to the exit of its loop / to a RANGE's
     latch or a LOOP's header, conditional when gated (emission goes on
     in a fresh block on the false edge);
   * IF: a conditional jump around the block; ENDIF: the join;
   * RETURN: the function's return (a later uop goes to a fresh
     unreachable block).
   No global state; stand-ins live in memory freed before returning.  */

#define _POSIX_C_SOURCE 200809L /* ssize_t in libgccjit.h */

#include "backend/jit/jit-internal.h"
#include "ir/linear/linear.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An open RANGE, LOOP or IF.  HEAD: where an iteration starts (a RANGE:
   the test); LATCH: a RANGE's step, where CONTINUE goes; EXIT: after
   the block (an IF: the join).  */
typedef struct open_blk {
  int uop;
  gcc_jit_block *head, *latch, *exit;
  gcc_jit_lvalue *iv;
  gcc_jit_rvalue *step;
} open_blk;

typedef struct lctx {
  fn_ctx *fc;
  jit *j;
  const pto_lin_fn *fn;
  unsigned base;          /* stand-in variable id of uop 0 */
  pto_var *vars;          /* stand-in variables by uop id */
  pto_expr **exprs;       /* the expression of a value uop, by id */
  pto_expr **addrs;       /* the lvalue expression of an INDEX, by id */
  /* Every stand-in expression and argument vector, to free.  */
  void **owned;
  int nowned, capowned;
  open_blk *stack;
  int nstack;
} lctx;

/* ------------------------------------------------------------------ */
/* Stand-in expressions                                               */
/* ------------------------------------------------------------------ */

static void *
own(lctx *c, void *p)
{
  if (c->nowned == c->capowned) {
    c->capowned = c->capowned ? 2 * c->capowned : 64;
    c->owned = pto_xrealloc(c->owned, c->capowned * sizeof *c->owned);
  }
  c->owned[c->nowned++] = p;
  return p;
}

static pto_expr *
new_expr(lctx *c, pto_expr_kind kind, const pto_type *t, pto_loc loc)
{
  pto_expr *e = own(c, pto_xcalloc(1, sizeof *e));
  e->kind = kind;
  e->type = t;
  e->loc = loc;
  return e;
}

static void
set_args(lctx *c, pto_expr *e, int n)
{
  e->nargs = n;
  e->args = own(c, pto_xcalloc((size_t)n + 1, sizeof *e->args));
}

/* Bind uop ID's stand-in variable to LV.  */
static void
bind(lctx *c, int id, gcc_jit_lvalue *lv)
{
  c->j->vars[c->base + (unsigned)id] = lv;
}

/* A local for uop ID of JIT type T, bound to its stand-in.  */
static gcc_jit_lvalue *
new_local(lctx *c, int id, gcc_jit_type *t)
{
  char name[32];
  snprintf(name, sizeof name, "pto_l%d", id);
  gcc_jit_lvalue *lv = gcc_jit_function_new_local(c->fc->fn, NULL, t, name);
  bind(c, id, lv);
  return lv;
}

/* The expression standing for the value of uop ID.  */
static pto_expr *
value(lctx *c, int id)
{
  if (c->exprs[id])
    return c->exprs[id];
  const pto_lin_uop *u = &c->fn->u[id];
  pto_expr *e;
  switch (u->op) {
  case PTO_LOP_CONST:
    e = new_expr(c, PTO_E_INT, u->type, u->loc);
    pto_lin_const_expr(e, u);
    break;
  case PTO_LOP_DEFINE_GLOBAL:
  case PTO_LOP_DEFINE_VAR:
    /* The parameter itself (jit.c bound it: the C parameter, or the
       kernel's local copied from its argument slot).  */
    e = new_expr(c, PTO_E_VAR, u->type, u->loc);
    e->u.var = c->fn->func->params[u->ival];
    break;
  default:
    e = new_expr(c, PTO_E_VAR, u->type, u->loc);
    e->u.var = &c->vars[id];
    break;
  }
  c->exprs[id] = e;
  return e;
}

/* The operand expression of a call argument: a cast stays a cast, so
   that jit.c passes a tile op's scalar before its conversion to the
   element type (libpto-rt converts it once, as pto.h does).  */
static pto_expr *
call_arg(lctx *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  if (u->op != PTO_LOP_UNARY || u->alu != PTO_UN_CAST)
    return value(c, id);
  pto_expr *e = new_expr(c, PTO_E_UN, u->type, u->loc);
  e->u.unop = PTO_UN_CAST;
  e->a = call_arg(c, u->src[0]);
  return e;
}

static int
index_count(const pto_lin_uop *x)
{
  return x->nval - 1 - (x->gated ? 1 : 0);
}

static bool
is_reg_index(const pto_lin_fn *fn, const pto_lin_uop *x)
{
  return fn->u[x->src[0]].op == PTO_LOP_DEFINE_REG;
}

/* The lvalue expression of INDEX uop ID: the register, *p, p[i] or
   t[i][j].  */
static pto_expr *
address(lctx *c, int id)
{
  if (c->addrs[id])
    return c->addrs[id];
  const pto_lin_uop *x = &c->fn->u[id];
  int base = x->src[0], n = index_count(x);
  pto_expr *e;
  if (is_reg_index(c->fn, x)) {
    e = value(c, base);
  } else if (n == 0) {
    e = new_expr(c, PTO_E_UN, x->type, x->loc);
    e->u.unop = PTO_UN_DEREF;
    e->a = value(c, base);
  } else {
    e = new_expr(c, PTO_E_INDEX, x->type, x->loc);
    e->a = value(c, base);
    set_args(c, e, n);
    for (int i = 0; i < n; i++)
      e->args[i] = value(c, x->src[1 + i]);
  }
  c->addrs[id] = e;
  return e;
}

/* ------------------------------------------------------------------ */
/* Emission                                                           */
/* ------------------------------------------------------------------ */

static void
ensure_cur(lctx *c)
{
  if (!c->fc->cur)
    c->fc->cur = gcc_jit_function_new_block(c->fc->fn, NULL);
}

static gcc_jit_rvalue *
as_type(lctx *c, gcc_jit_rvalue *v, gcc_jit_type *t)
{
  return pto_jit_cast(c->j, v, t);
}

static gcc_jit_rvalue *
rv(lctx *c, const pto_expr *e)
{
  gcc_jit_rvalue *r = pto_jit_rvalue(c->fc, e);
  ensure_cur(c);
  return r;
}

/* Compute expression E into uop ID's local.  */
static void
compute(lctx *c, int id, const pto_expr *e)
{
  const pto_lin_uop *u = &c->fn->u[id];
  gcc_jit_type *t = pto_jit_type(c->j, u->type, u->loc);
  gcc_jit_rvalue *r = rv(c, e);
  gcc_jit_lvalue *lv = new_local(c, id, t);
  gcc_jit_block_add_assignment(c->fc->cur, NULL, lv, as_type(c, r, t));
}

static void
emit_store(lctx *c, const pto_lin_uop *u)
{
  int ix = u->src[0];
  const pto_lin_uop *x = &c->fn->u[ix];
  gcc_jit_block *join = NULL;
  if (x->gated) {
    /* A predicated store (stage 22 normally makes it an IF).  */
    gcc_jit_rvalue *g = as_type(c, rv(c, value(c, x->src[x->nval - 1])),
                                c->j->t_bool);
    gcc_jit_block *then = gcc_jit_function_new_block(c->fc->fn, NULL);
    join = gcc_jit_function_new_block(c->fc->fn, NULL);
    gcc_jit_block_end_with_conditional(c->fc->cur, NULL, g, then, join);
    c->fc->cur = then;
  }
  gcc_jit_rvalue *r = rv(c, value(c, u->src[1]));
  gcc_jit_lvalue *l = pto_jit_lvalue(c->fc, address(c, ix));
  ensure_cur(c);
  gcc_jit_block_add_assignment(
      c->fc->cur, NULL, l,
      pto_jit_value_for(c->j, r, x->type, !is_reg_index(c->fn, x), u->loc));
  if (join) {
    gcc_jit_block_end_with_jump(c->fc->cur, NULL, join);
    c->fc->cur = join;
  }
}

static void
emit_call(lctx *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  pto_expr *e = new_expr(
      c, PTO_E_CALL,
      u->type ? u->type : pto_type_void((pto_program *)c->j->prog), u->loc);
  e->is_op = u->is_op;
  e->op = u->iop;
  e->fname = u->is_op ? NULL : u->name;
  set_args(c, e, u->nval);
  for (int i = 0; i < u->nval; i++)
    e->args[i] = call_arg(c, u->src[i]);
  if (u->type) {
    compute(c, id, e);
    return;
  }
  pto_jit_call_stmt(c->fc, e);
  ensure_cur(c);
}

static void
push_open(lctx *c, open_blk b)
{
  c->stack[c->nstack++] = b;
}

static void
emit_range(lctx *c, int id)
{
  jit *j = c->j;
  const pto_lin_uop *u = &c->fn->u[id];
  gcc_jit_type *t = pto_jit_type(j, u->type, u->loc);
  gcc_jit_rvalue *start = rv(c, value(c, u->src[0]));
  gcc_jit_rvalue *stop = rv(c, value(c, u->src[1]));
  gcc_jit_rvalue *step = rv(c, value(c, u->src[2]));
  gcc_jit_lvalue *iv = new_local(c, id, t);
  gcc_jit_block_add_assignment(c->fc->cur, NULL, iv, as_type(c, start, t));
  open_blk b = {id, gcc_jit_function_new_block(c->fc->fn, NULL),
                gcc_jit_function_new_block(c->fc->fn, NULL),
                gcc_jit_function_new_block(c->fc->fn, NULL), iv,
                as_type(c, step, t)};
  gcc_jit_block *body = gcc_jit_function_new_block(c->fc->fn, NULL);
  gcc_jit_block_end_with_jump(c->fc->cur, NULL, b.head);
  gcc_jit_rvalue *cond = gcc_jit_context_new_comparison(
      j->ctxt, NULL, u->down ? GCC_JIT_COMPARISON_GT : GCC_JIT_COMPARISON_LT,
      gcc_jit_lvalue_as_rvalue(iv), as_type(c, stop, t));
  gcc_jit_block_end_with_conditional(b.head, NULL, cond, body, b.exit);
  push_open(c, b);
  c->fc->cur = body;
}

/* Close the innermost open block, which must be opened by uop OPEN:
   a RANGE runs its latch (iv += step) and tests again, a LOOP goes back
   to its head, an IF joins.  */
static void
close_block(lctx *c, int open)
{
  pto_assert(c->nstack > 0 && c->stack[c->nstack - 1].uop == open);
  open_blk b = c->stack[--c->nstack];
  ensure_cur(c);
  if (b.iv) {
    gcc_jit_block_end_with_jump(c->fc->cur, NULL, b.latch);
    gcc_jit_block_add_assignment_op(b.latch, NULL, b.iv,
                                    GCC_JIT_BINARY_OP_PLUS, b.step);
    gcc_jit_block_end_with_jump(b.latch, NULL, b.head);
  } else {
    gcc_jit_block_end_with_jump(c->fc->cur, NULL, b.head ? b.head : b.exit);
  }
  c->fc->cur = b.exit;
}

static void
emit_loop(lctx *c, int id)
{
  open_blk b = {id, gcc_jit_function_new_block(c->fc->fn, NULL), NULL,
                gcc_jit_function_new_block(c->fc->fn, NULL), NULL, NULL};
  gcc_jit_block_end_with_jump(c->fc->cur, NULL, b.head);
  push_open(c, b);
  c->fc->cur = b.head;
}

/* BREAK or CONTINUE U: a jump to the exit, latch or head of its loop,
   conditional on its gate.  */
static void
emit_jump(lctx *c, const pto_lin_uop *u)
{
  const open_blk *b = NULL;
  for (int i = c->nstack - 1; i >= 0 && !b; i--)
    if (c->stack[i].uop == u->ranges[0])
      b = &c->stack[i];
  pto_assert(b);
  gcc_jit_block *to = u->op == PTO_LOP_BREAK ? b->exit
                      : b->latch             ? b->latch
                                             : b->head;
  if (!u->nval) {
    gcc_jit_block_end_with_jump(c->fc->cur, NULL, to);
    c->fc->cur = NULL;
    return;
  }
  gcc_jit_rvalue *g = as_type(c, rv(c, value(c, u->src[0])), c->j->t_bool);
  gcc_jit_block *next = gcc_jit_function_new_block(c->fc->fn, NULL);
  gcc_jit_block_end_with_conditional(c->fc->cur, NULL, g, to, next);
  c->fc->cur = next;
}

static void
emit_if(lctx *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  gcc_jit_rvalue *k = rv(c, value(c, u->src[0]));
  open_blk b = {id, NULL, NULL, gcc_jit_function_new_block(c->fc->fn, NULL),
                NULL, NULL};
  gcc_jit_block *then = gcc_jit_function_new_block(c->fc->fn, NULL);
  gcc_jit_block_end_with_conditional(
      c->fc->cur, NULL, as_type(c, k, c->j->t_bool), then, b.exit);
  push_open(c, b);
  c->fc->cur = then;
}

static void
emit_return(lctx *c, const pto_lin_uop *u)
{
  const pto_func *f = c->fn->func;
  if (!u->nval) {
    gcc_jit_block_end_with_void_return(c->fc->cur, NULL);
    c->fc->cur = NULL;
    return;
  }
  pto_expr *v = value(c, u->src[0]);
  gcc_jit_rvalue *r = rv(c, v);
  if (f->ret->kind == PTO_TY_SCALAR || f->ret->kind == PTO_TY_PTR)
    r = as_type(c, r, pto_jit_type(c->j, f->ret, u->loc));
  gcc_jit_block_end_with_return(c->fc->cur, NULL, r);
  c->fc->cur = NULL;
}

static void
emit_uop(lctx *c, int id)
{
  const pto_lin_uop *u = &c->fn->u[id];
  ensure_cur(c);
  switch (u->op) {
  case PTO_LOP_SINK:
  case PTO_LOP_DEFINE_GLOBAL:
  case PTO_LOP_DEFINE_VAR:
  case PTO_LOP_CONST:
  case PTO_LOP_INDEX:
    return;
  case PTO_LOP_DEFINE_LOCAL:
  case PTO_LOP_DEFINE_REG:
    new_local(c, id, pto_jit_type(c->j, u->type, u->loc));
    return;
  case PTO_LOP_LOAD:
    compute(c, id, address(c, u->src[0]));
    return;
  case PTO_LOP_STORE:
    emit_store(c, u);
    return;
  case PTO_LOP_CALL:
    emit_call(c, id);
    return;
  case PTO_LOP_COPY: {
    gcc_jit_rvalue *s = rv(c, value(c, u->src[1]));
    gcc_jit_lvalue *d = pto_jit_lvalue(c->fc, value(c, u->src[0]));
    gcc_jit_block_add_assignment(c->fc->cur, NULL, d, s);
    return;
  }
  case PTO_LOP_BINARY: {
    pto_expr *e = new_expr(c, PTO_E_BIN, u->type, u->loc);
    e->u.binop = (pto_binop)u->alu;
    e->a = value(c, u->src[0]);
    e->b = value(c, u->src[1]);
    compute(c, id, e);
    return;
  }
  case PTO_LOP_UNARY: {
    pto_expr *e = new_expr(c, PTO_E_UN, u->type, u->loc);
    e->u.unop = (pto_unop)u->alu;
    e->a = value(c, u->src[0]);
    compute(c, id, e);
    return;
  }
  case PTO_LOP_SELECT: {
    pto_expr *e = new_expr(c, PTO_E_SELECT, u->type, u->loc);
    e->a = value(c, u->src[0]);
    e->b = value(c, u->src[1]);
    e->c = value(c, u->src[2]);
    compute(c, id, e);
    return;
  }
  case PTO_LOP_RANGE:
    emit_range(c, id);
    return;
  case PTO_LOP_END:
    for (int i = 0; i < u->nranges; i++)
      close_block(c, u->ranges[i]);
    return;
  case PTO_LOP_IF:
    emit_if(c, id);
    return;
  case PTO_LOP_ENDIF:
    close_block(c, u->ranges[0]);
    return;
  case PTO_LOP_RETURN:
    emit_return(c, u);
    return;
  case PTO_LOP_LOOP:
    emit_loop(c, id);
    return;
  case PTO_LOP_BREAK:
  case PTO_LOP_CONTINUE:
    emit_jump(c, u);
    return;
  case PTO_LOP_COUNT:
    break;
  }
  pto_ice("jit-linear: unexpected uop %s", pto_lop_name(u->op));
}

/* Make room in J->vars for FN's stand-ins, ids BASE + uop id, cleared.  */
static void
reserve_vars(jit *j, unsigned base, int n)
{
  unsigned need = base + (unsigned)n;
  if (need > j->nvars) {
    j->vars = pto_xrealloc(j->vars, need * sizeof *j->vars);
    j->nvars = need;
  }
  memset(j->vars + base, 0, (size_t)n * sizeof *j->vars);
}

void
pto_jit_linear_body(fn_ctx *fc)
{
  jit *j = fc->j;
  pto_lin_opts o;
  pto_lin_opts_init(&o);
  o.all_shapes = true;
  int before = j->diag->errors;
  pto_lin_fn *fn = pto_lin_function(fc->f, &o, j->diag);
  if (!fn) {
    j->errors += j->diag->errors > before ? j->diag->errors - before : 1;
    return;
  }
  pto_buf why = {NULL, 0, 0};
  if (!pto_lin_check(fn, &why))
    pto_ice("jit: bad linear list for '%s': %s", fc->f->name, why.s);
  pto_buf_free(&why);

  lctx c;
  memset(&c, 0, sizeof c);
  c.fc = fc;
  c.j = j;
  c.fn = fn;
  c.base = j->prog->next_var_id + 1;
  c.vars = pto_xcalloc((size_t)fn->n, sizeof *c.vars);
  c.exprs = pto_xcalloc((size_t)fn->n, sizeof *c.exprs);
  c.addrs = pto_xcalloc((size_t)fn->n, sizeof *c.addrs);
  c.stack = pto_xcalloc((size_t)fn->n + 1, sizeof *c.stack);
  reserve_vars(j, c.base, fn->n);
  for (int i = 0; i < fn->n; i++) {
    c.vars[i].name = "pto_lin";
    c.vars[i].type = fn->u[i].type;
    c.vars[i].loc = fn->u[i].loc;
    c.vars[i].id = c.base + (unsigned)i;
  }
  for (int p = 0; p < fn->nlist && !j->errors; p++)
    emit_uop(&c, fn->list[p]);
  pto_assert(j->errors || c.nstack == 0);

  for (int i = 0; i < c.nowned; i++)
    free(c.owned[i]);
  free(c.owned);
  free(c.vars);
  free(c.exprs);
  free(c.addrs);
  free(c.stack);
  pto_lin_fn_free(fn);
}
