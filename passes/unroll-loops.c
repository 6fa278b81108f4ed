/* unroll-loops.c - the UnrollLoops pass (PyPTO's pypto.loop_unroll).

   Requires: InlineFunctionsEliminated.  Produces: UnrollResolved (no loop
   carries an "unroll" attribute and no pto.unroll_factor() call remains).
   Invalidates: nothing.

   A loop with an unroll list
     for (i: T = START; i < STOP; i += STEP) [name="L0", unroll=[1,2,4]] {B}
   becomes one sub-loop ("code path") per factor of the normalised list,
   largest first; the p-path steps by STEP*p and holds p copies of B:
     for (i_Unroll4: T = START; i_Unroll4 < S4; i_Unroll4 += STEP*4)
         [name="L0_LoopUnroll4", unroll_times=4] { B[i:=i_Unroll4]
           B[i:=i_Unroll4+STEP] B[i:=i_Unroll4+2*STEP] B[i:=...+3*STEP] }
     for (i_Unroll2: T = S4; i_Unroll2 < S2; ...) [... unroll_times=2] {..}
     for (i_Unroll1: T = S2; i_Unroll1 < STOP; i_Unroll1 += STEP) [...] {B}
   Down-counting loops ("i > STOP", negative STEP) work the same way.

   Rules and decisions:
   - Normalisation: the list is deduplicated, sorted in descending order
     and 1 is added when absent ([4,1,2,2] -> [4,2,1]; [] -> [1]).  A
     factor that is not positive is a located error at the loop.
   - Split points come from the trip count, not from the seed's formula
     left = (stop - start) % (step*p), with the next path starting at
     stop - left.  That formula is wrong when STEP does not divide
     STOP - START ([0,10) step 3 would lose index 9) and for zero-trip
     loops (start >= stop gives a negative hand-off that makes the next
     path run).  Here TRIP = max(0, ceil((STOP - START) / STEP)); the
     p-path runs (REM / p) iterations of p copies, REM being what the
     larger factors left over (REM starts at TRIP), so the paths visit
     exactly the indices of the original loop, in order, and a zero-trip
     loop stays a zero-trip loop in every path.
   - Constant bounds (after folding): split points are constants.  Every
     path is kept, also one proven empty (equal bounds), so that each
     factor has exactly one path as the seed states; the factor-1 path
     always ends at the original STOP.
   - Runtime bounds or step: the trip count and the split points are
     computed once, before the paths, into fresh variables
       var <L>_trip: T = START < STOP ? (STOP - START - 1) / STEP + 1 : 0;
       var <L>_split<p>: T = START + (<L>_trip - <L>_trip % p) * STEP;
     (STOP - START when STEP is 1; counting down START > STOP ?
     (STOP - START + 1) / STEP + 1 : 0; REM for later factors chains the
     moduli, trip % 4 % 3, or trip % 2 alone when 2 divides 4).  The
     factor-1 path ends at the original STOP.  The indices of the paths
     take only values that the original index takes (its final value,
     one step past the last iteration, included).  A bound
     that is neither a constant nor a variable is first bound to
     <L>_start, <L>_stop or <L>_step, so it is evaluated once (bounds are
     loop-invariant: Python range semantics, as in ir.h).  <L> is the loop
     name below, with characters outside [A-Za-z0-9_] replaced by '_'.
   - Names: a sub-loop is named "<L>_LoopUnroll<p>" where <L> is the
     loop's name attribute, else "loop<K>" with K the 0-based position of
     the loop among the function's for loops in source (pre-)order; it
     carries unroll_times=p and keeps the loop's other attributes except
     "unroll".  Its index is "<i>_Unroll<p>".  A variable x defined in
     the body (var or for) is renamed "x_Unroll<p>_<k>" in copy k
     (k = 0..p-1) of the p-path.  A name that would clash with one of
     the function gets "_<n>" appended (n = 1, 2, ...), so names stay
     unique in the function.
   - pto.unroll_factor() becomes the i32 constant p of the innermost
     enclosing loop that has an unroll list (plain loops in between do not
     matter; 1 in its factor-1 path), and 1 where no enclosing loop has
     one.
   - Nested loops with lists are unrolled inner loop first; the copies
     multiply.  The copies a loop makes of its body is the sum of its
     factors (7 for [4,2,1]).  Before anything is rewritten, the product
     along every chain of nested loops with lists is compared with the
     option unroll-limit (exactly the limit is allowed); past it the pass
     reports one located error per chain, at its first loop over the
     limit, naming the loops with lists on the chain and the total.  A loop
     with a list of more than [1] nested in another one gets a located
     warning (the seed's compile-cost warning).
   - The body of a loop with a list must not 'break' or 'continue' that
     loop (a copy cannot skip its siblings): a located error.  A constant
     step of the wrong sign for the loop's direction (or 0), and a
     down-counting loop with an unsigned index, are located errors too.
   - Host functions are treated like kernels: every live function.  */

#include "passes/passes.h"
#include "ir/strmap.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Pass state                                                         */
/* ------------------------------------------------------------------ */

typedef struct unroll_ctx {
  pto_program *p;
  pto_func *f;
  pto_diag *diag;
  long limit;
  pto_strmap names;    /* every variable name of F, generated ones too */
  int loopno;       /* pre-order count of F's for loops (for loop<K>) */
} unroll_ctx;

/* The normalised unroll list of a loop: descending, distinct, ending
   with 1.  */
typedef struct factors {
  int n;
  int64_t *v;       /* heap */
} factors;

static bool
has_list(const pto_stmt *s)
{
  return s->kind == PTO_S_FOR && pto_attr_get(&s->attrs, "unroll");
}

static int
cmp_desc(const void *a, const void *b)
{
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? 1 : x > y ? -1 : 0;
}

/* Normalise the unroll attribute of loop S into *OUT.  Return false
   after reporting a factor that is not positive or an attribute that is
   not a list of integers (OUT is then empty).  */
static bool
normalise_list(unroll_ctx *c, const pto_stmt *s, const char *name,
               factors *out)
{
  const pto_attr *a = pto_attr_get(&s->attrs, "unroll");
  out->n = 0;
  out->v = NULL;
  if (a->kind != PTO_A_INTS) {
    pto_error(c->diag, s->loc,
              "the unroll attribute of loop %s must be a list of integers",
              name);
    return false;
  }
  int n = a->nints;
  const int64_t *in = a->ints;
  bool ok = true;
  for (int i = 0; i < n; i++)
    if (in[i] <= 0) {
      pto_error(c->diag, s->loc, "unroll factor %lld is not positive",
                (long long)in[i]);
      ok = false;
    }
  if (!ok)
    return false;
  out->v = pto_xmalloc(sizeof *out->v * (size_t)(n + 1));
  memcpy(out->v, in, sizeof *out->v * (size_t)n);
  out->v[n] = 1;
  qsort(out->v, (size_t)n + 1, sizeof *out->v, cmp_desc);
  int m = 0;
  for (int i = 0; i <= n; i++)
    if (m == 0 || out->v[m - 1] != out->v[i])
      out->v[m++] = out->v[i];
  out->n = m;
  return true;
}

/* Number of copies of the body that the list F creates, saturated.  */
static int64_t
list_copies(const factors *f)
{
  int64_t sum = 0;
  for (int i = 0; i < f->n; i++)
    sum = f->v[i] > INT64_MAX - sum ? INT64_MAX : sum + f->v[i];
  return sum;
}

static int64_t
mul_sat(int64_t a, int64_t b)
{
  return b != 0 && a > INT64_MAX / b ? INT64_MAX : a * b;
}

/* The name of loop S, which is the K-th for loop of the function: its
   name attribute, else "loop<K>".  */
static const char *
loop_name(unroll_ctx *c, const pto_stmt *s, int k)
{
  const pto_attr *a = pto_attr_get(&s->attrs, "name");
  if (a && a->kind == PTO_A_STR && a->sval[0])
    return a->sval;
  return pto_arena_printf(c->p->arena, "loop%d", k);
}

/* BASE, or BASE_<n> for the smallest n >= 1 not yet used, recorded in
   the function's name set; characters that cannot appear in an
   identifier become '_'.  */
static const char *
unique_name(unroll_ctx *c, const char *base)
{
  char *s = pto_arena_strdup(c->p->arena, base);
  for (char *q = s; *q; q++)
    if (!isalnum((unsigned char)*q) && *q != '_')
      *q = '_';
  if (isdigit((unsigned char)s[0]))
    s = pto_arena_printf(c->p->arena, "_%s", s);
  const char *name = s;
  for (int n = 1; pto_strmap_has(&c->names, name); n++)
    name = pto_arena_printf(c->p->arena, "%s_%d", s, n);
  name = pto_intern(c->p, name);
  pto_strmap_add(&c->names, name);
  return name;
}

static void
collect_names_block(pto_strmap *ns, const pto_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    if (s->var && (s->kind == PTO_S_DECL || s->kind == PTO_S_FOR))
      pto_strmap_add(ns, s->var->name);
    collect_names_block(ns, &s->body);
    collect_names_block(ns, &s->els);
  }
}

/* ------------------------------------------------------------------ */
/* Checks before any rewriting                                        */
/* ------------------------------------------------------------------ */

/* If E folds to an integer constant, store it in *V and return true.  */
static bool
const_value(pto_program *p, const pto_expr *e, int64_t *v)
{
  pto_expr *f = pto_fold_expr(p, pto_e_clone(p, e));
  if (f->kind != PTO_E_INT)
    return false;
  *v = f->u.ival;
  return true;
}

/* Report each 'break' or 'continue' of B that would leave or restart
   the loop NAME (those inside nested loops belong to them).  */
static int
check_exits(unroll_ctx *c, const pto_block *b, const char *name)
{
  int bad = 0;
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    if (s->kind == PTO_S_BREAK || s->kind == PTO_S_CONTINUE) {
      pto_error(c->diag, s->loc,
                "cannot unroll loop %s: '%s' in its body would skip the "
                "other copies of the body", name,
                s->kind == PTO_S_BREAK ? "break" : "continue");
      bad++;
    } else if (s->kind == PTO_S_IF) {
      bad += check_exits(c, &s->body, name);
      bad += check_exits(c, &s->els, name);
    }
  }
  return bad;
}

/* Report a constant step that contradicts the direction of loop S, and
   a down-counting loop over an unsigned index.  */
static int
check_step(unroll_ctx *c, const pto_stmt *s, const char *name)
{
  int64_t step;
  if (s->down && !pto_dtype_is_signed(s->var->type->dtype)) {
    pto_error(c->diag, s->loc,
              "cannot unroll loop %s: a down-counting loop needs a signed "
              "index", name);
    return 1;
  }
  if (const_value(c->p, s->step, &step)
      && (s->down ? step >= 0 : step <= 0)) {
    pto_error(c->diag, s->loc,
              "cannot unroll loop %s: its step %lld does not count %s",
              name, (long long)step, s->down ? "down" : "up");
    return 1;
  }
  return 0;
}

/* One loop with a list on the chain of enclosing loops.  */
typedef struct chain_link {
  const struct chain_link *outer;
  const char *name;
  int64_t copies;   /* of this loop's list */
  int64_t total;    /* product along the chain, this loop included */
  pto_loc loc;
} chain_link;

/* Report that the chain ending at L makes too many copies.  */
static void
report_limit(unroll_ctx *c, const chain_link *l)
{
  const chain_link *v[64];
  int n = 0;
  for (const chain_link *x = l; x && n < 64; x = x->outer)
    if (x->copies > 1 || x == l)
      v[n++] = x;
  pto_buf b = {0};
  for (int i = n - 1; i >= 0; i--)
    pto_buf_printf(&b, "%s%s (x%lld)",
                   i == n - 1 ? "" : i == 0 ? " and " : ", ", v[i]->name,
                   (long long)v[i]->copies);
  pto_error(c->diag, l->loc,
            "unrolling loop%s %s would create %lld copies of the body, over "
            "the limit of %ld (-fplugin-arg-pto-unroll-limit=)",
            n > 1 ? "s" : "", b.s, (long long)l->total, c->limit);
  pto_buf_free(&b);
}

/* Check loop S (the K-th of the function) that has a list, inside the
   chain OUTER; fill *LINK.  Return the number of errors.  */
static int
check_list_loop(unroll_ctx *c, const pto_stmt *s, const char *name,
                const chain_link *outer, chain_link *link)
{
  factors f;
  int bad = !normalise_list(c, s, name, &f);
  bad += check_step(c, s, name) + check_exits(c, &s->body, name);
  link->outer = outer;
  link->name = name;
  link->copies = 1;
  link->total = outer ? outer->total : 1;
  link->loc = s->loc;
  if (!f.n)
    return bad;
  link->copies = list_copies(&f);
  link->total = mul_sat(link->total, link->copies);
  free(f.v);
  if (link->total > c->limit) {
    /* Report a chain once, at its first loop past the limit.  */
    if (!outer || outer->total <= c->limit)
      report_limit(c, link);
    return bad + 1;
  }
  const chain_link *o = outer;
  while (o && o->copies <= 1)
    o = o->outer;
  if (o && link->copies > 1 && !bad)
    pto_warning(c->diag, s->loc,
                "loop %s has an unroll list and so has its enclosing loop "
                "%s: the code paths multiply (%lld x %lld = %lld copies of "
                "the body); unroll only the hot inner loop", name, o->name,
                (long long)(o->total), (long long)link->copies,
                (long long)link->total);
  return bad;
}

/* Check every loop with a list in B, numbering for loops as the
   rewrite will.  */
static int
check_block(unroll_ctx *c, const pto_block *b, const chain_link *outer)
{
  int bad = 0;
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    chain_link link;
    const chain_link *inner = outer;
    if (s->kind == PTO_S_FOR) {
      int k = c->loopno++;
      if (has_list(s)) {
        bad += check_list_loop(c, s, loop_name(c, s, k), outer, &link);
        inner = &link;
      }
    }
    bad += check_block(c, &s->body, inner);
    bad += check_block(c, &s->els, outer);
  }
  return bad;
}

/* ------------------------------------------------------------------ */
/* Expression helpers                                                 */
/* ------------------------------------------------------------------ */

static bool
is_int(const pto_expr *e, int64_t v)
{
  return e->kind == PTO_E_INT && e->u.ival == v;
}

static pto_expr *
ival(unroll_ctx *c, const pto_type *t, int64_t v, pto_loc l)
{
  return pto_fold_expr(c->p, pto_e_un(c->p, PTO_UN_CAST,
                                      pto_e_int(c->p, t, v, l), t, l));
}

/* A OP B with constants folded and the identities x+0, x-0, x*1, x/1
   applied, and x + -C, x - -C written x - C, x + C; operands are used as
   given (clone them first if shared).  */
static pto_expr *
bin(unroll_ctx *c, pto_binop op, pto_expr *a, pto_expr *b, pto_loc l)
{
  if ((op == PTO_BIN_ADD || op == PTO_BIN_SUB) && b->kind == PTO_E_INT
      && b->u.ival < 0 && a->kind != PTO_E_INT) {
    pto_expr *pos = ival(c, b->type, (int64_t)(0 - (uint64_t)b->u.ival), l);
    if (pos->u.ival > 0)
      return pto_e_bin(c->p, op == PTO_BIN_ADD ? PTO_BIN_SUB : PTO_BIN_ADD,
                       a, pos, l);
  }
  if ((op == PTO_BIN_ADD || op == PTO_BIN_SUB) && is_int(b, 0))
    return a;
  if (op == PTO_BIN_ADD && is_int(a, 0))
    return b;
  if ((op == PTO_BIN_MUL || op == PTO_BIN_DIV) && is_int(b, 1))
    return a;
  if (op == PTO_BIN_MUL && is_int(a, 1))
    return b;
  return pto_fold_expr(c->p, pto_e_bin(c->p, op, a, b, l));
}

static pto_expr *
use(unroll_ctx *c, const pto_expr *e)
{
  return pto_e_clone(c->p, e);
}

/* Replace every pto.unroll_factor() call in E by the constant P.  */
static pto_expr *
resolve_factor_expr(unroll_ctx *c, pto_expr *e, int64_t p)
{
  if (!e)
    return e;
  if (e->kind == PTO_E_CALL && e->is_op && e->op == PTO_OP_UNROLL_FACTOR)
    return pto_e_int(c->p, e->type, p, e->loc);
  e->a = resolve_factor_expr(c, e->a, p);
  e->b = resolve_factor_expr(c, e->b, p);
  e->c = resolve_factor_expr(c, e->c, p);
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = resolve_factor_expr(c, e->args[i], p);
  return e;
}

typedef struct factor_slot_ctx {
  unroll_ctx *c;
  int64_t p;
} factor_slot_ctx;

static void
resolve_factor_slot(pto_expr **slot, void *ctx)
{
  factor_slot_ctx *fc = ctx;
  *slot = resolve_factor_expr(fc->c, *slot, fc->p);
}

/* Replace every pto.unroll_factor() call in B (nested blocks included)
   by the constant P.  */
static void
resolve_factor_block(unroll_ctx *c, pto_block *b, int64_t p)
{
  factor_slot_ctx fc = {c, p};
  for (int i = 0; i < b->n; i++) {
    pto_stmt *s = b->items[i];
    pto_stmt_exprs(s, resolve_factor_slot, &fc);
    resolve_factor_block(c, &s->body, p);
    resolve_factor_block(c, &s->els, p);
  }
}

/* ------------------------------------------------------------------ */
/* Building the paths                                                 */
/* ------------------------------------------------------------------ */

/* What every path of one unrolled loop shares.  START, STOP and STEP
   are loop-invariant expressions (constants or variables) that are
   cloned at each use.  */
typedef struct loop_plan {
  pto_stmt *loop;         /* the original loop */
  const char *name;       /* its name, for the sub-loop names */
  const pto_type *t;      /* the index type */
  pto_expr *start, *stop, *step;
  factors f;
} loop_plan;

/* Rename callback state: a variable x of copy K of the P-path.  */
typedef struct copy_names {
  unroll_ctx *c;
  int64_t p;
  int k;
} copy_names;

static const char *
rename_copy(void *ctx, const pto_var *v)
{
  copy_names *cn = ctx;
  return unique_name(cn->c, pto_arena_printf(cn->c->p->arena,
                                             "%s_Unroll%lld_%d", v->name,
                                             (long long)cn->p, cn->k));
}

/* The attributes of the P-path of PLAN: name, unroll_times, then the
   loop's other attributes but unroll.  */
static void
path_attrs(unroll_ctx *c, const loop_plan *plan, int64_t p, pto_attrs *out)
{
  pto_attr_set_str(c->p, out, "name",
                   pto_arena_printf(c->p->arena, "%s_LoopUnroll%lld",
                                    plan->name, (long long)p));
  pto_attr_set_int(c->p, out, "unroll_times", p);
  const pto_attrs *a = &plan->loop->attrs;
  for (int i = 0; i < a->n; i++) {
    const pto_attr *at = &a->v[i];
    if (!strcmp(at->key, "name") || !strcmp(at->key, "unroll")
        || !strcmp(at->key, "unroll_times"))
      continue;
    if (at->kind == PTO_A_INT)
      pto_attr_set_int(c->p, out, at->key, at->ival);
    else if (at->kind == PTO_A_STR)
      pto_attr_set_str(c->p, out, at->key, at->sval);
    else
      pto_attr_set_ints(c->p, out, at->key, at->nints, at->ints);
  }
}

/* The index seen by copy K of a path whose index is IDX: IDX + K*STEP,
   written IDX, IDX + C or IDX - C when STEP is a constant.  */
static pto_expr *
index_expr(unroll_ctx *c, const loop_plan *plan, pto_var *idx, int k)
{
  pto_loc l = plan->loop->loc;
  pto_expr *i = pto_e_var(c->p, idx, l);
  if (k == 0)
    return i;
  pto_expr *off = bin(c, PTO_BIN_MUL, ival(c, plan->t, k, l),
                      use(c, plan->step), l);
  return bin(c, PTO_BIN_ADD, i, off, l);
}

/* Return true if E takes the address of variable V ("&v").  */
static bool
expr_takes_addr(const pto_expr *e, const pto_var *v)
{
  if (!e)
    return false;
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_ADDR
      && e->a->kind == PTO_E_VAR && e->a->u.var == v)
    return true;
  if (expr_takes_addr(e->a, v) || expr_takes_addr(e->b, v)
      || expr_takes_addr(e->c, v))
    return true;
  for (int i = 0; i < e->nargs; i++)
    if (expr_takes_addr(e->args[i], v))
      return true;
  return false;
}

/* Return true if a statement of B (nested blocks included) takes the
   address of V.  */
static bool
block_takes_addr(const pto_block *b, const pto_var *v)
{
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    const pto_expr *roots[] = {s->lhs, s->value, s->cond,
                               s->start, s->stop, s->step};
    for (size_t j = 0; j < sizeof roots / sizeof *roots; j++)
      if (expr_takes_addr(roots[j], v))
        return true;
    if (block_takes_addr(&s->body, v) || block_takes_addr(&s->els, v))
      return true;
  }
  return false;
}

/* The P-path of PLAN over [FROM, TO): a loop stepping STEP*P whose body
   is P copies of the original body, copy K seeing the index as
   idx + K*STEP.  When the body takes the address of the index ("&i"),
   copy K > 0 first binds that value to a variable
   "var i_Unroll<P>_<K>: T = idx + K*STEP;" and sees the index as it, so
   that "&" keeps an lvalue operand.  */
static pto_stmt *
build_path(unroll_ctx *c, const loop_plan *plan, int64_t p, pto_expr *from,
           pto_expr *to)
{
  pto_stmt *s = plan->loop;
  pto_loc l = s->loc;
  pto_var *idx = pto_var_new(
      c->p, c->f,
      unique_name(c, pto_arena_printf(c->p->arena, "%s_Unroll%lld",
                                      s->var->name, (long long)p)),
      plan->t, s->var->loc);
  pto_expr *step = bin(c, PTO_BIN_MUL, use(c, plan->step),
                       ival(c, plan->t, p, l), l);
  pto_stmt *path = pto_s_for(c->p, idx, from, to, step, s->down, l);
  path_attrs(c, plan, p, &path->attrs);
  pto_assert(s->var->aux == NULL);
  bool addr_taken = block_takes_addr(&s->body, s->var);
  for (int k = 0; k < p; k++) {
    s->var->aux = index_expr(c, plan, idx, k);
    copy_names cn = {c, p, k};
    if (addr_taken && k > 0) {
      pto_var *v = pto_var_new(c->p, c->f, rename_copy(&cn, s->var),
                               plan->t, s->var->loc);
      pto_block_push(c->p, &path->body,
                     pto_s_decl(c->p, v, s->var->aux, l));
      s->var->aux = pto_e_var(c->p, v, l);
    }
    pto_block_clone(c->p, c->f, &path->body, &s->body, rename_copy, &cn);
  }
  s->var->aux = NULL;
  resolve_factor_block(c, &path->body, p);
  return path;
}

/* Declare a fresh variable "<loop>_<what>" of PLAN's index type
   initialised to INIT in OUT; return a use of it.  */
static pto_expr *
bind(unroll_ctx *c, const loop_plan *plan, const char *what, pto_expr *init,
     pto_block *out)
{
  pto_loc l = plan->loop->loc;
  pto_var *v = pto_var_new(
      c->p, c->f,
      unique_name(c, pto_arena_printf(c->p->arena, "%s_%s", plan->name,
                                      what)),
      plan->t, l);
  pto_block_push(c->p, out, pto_s_decl(c->p, v, init, l));
  return pto_e_var(c->p, v, l);
}

/* Trip count of a loop with constant bounds (in the index type's
   signedness), as an unsigned 64-bit number.  */
static uint64_t
const_trip(int64_t start, int64_t stop, int64_t step, bool down, bool sg)
{
  bool runs = sg ? (down ? start > stop : start < stop)
                 : (down ? (uint64_t)start > (uint64_t)stop
                         : (uint64_t)start < (uint64_t)stop);
  if (!runs)
    return 0;
  uint64_t diff = down ? (uint64_t)start - (uint64_t)stop
                       : (uint64_t)stop - (uint64_t)start;
  uint64_t ustep = down ? 0 - (uint64_t)step : (uint64_t)step;
  return (diff - 1) / ustep + 1;
}

/* Emit the paths of PLAN into OUT for constant START, STOP and STEP:
   the split points are constants, clamped to STOP once every iteration
   is covered.  */
static void
expand_const(unroll_ctx *c, loop_plan *plan, int64_t start, int64_t stop,
             int64_t step, pto_block *out)
{
  pto_loc l = plan->loop->loc;
  bool sg = pto_dtype_is_signed(plan->t->dtype);
  uint64_t trip = const_trip(start, stop, step, plan->loop->down, sg);
  uint64_t rem = trip;
  pto_expr *from = ival(c, plan->t, start, l);
  for (int i = 0; i < plan->f.n; i++) {
    int64_t p = plan->f.v[i];
    pto_expr *to;
    if (p == 1) {
      to = ival(c, plan->t, stop, l);
    } else {
      rem %= (uint64_t)p;
      uint64_t covered = trip - rem;
      to = rem == 0 ? ival(c, plan->t, stop, l)
                    : ival(c, plan->t,
                           (int64_t)((uint64_t)start
                                     + covered * (uint64_t)step), l);
    }
    pto_block_push(c->p, out, build_path(c, plan, p, from, to));
    from = use(c, to);
  }
}

/* The trip count of PLAN's loop as an expression of its bounds.  */
static pto_expr *
trip_expr(unroll_ctx *c, const loop_plan *plan)
{
  pto_loc l = plan->loop->loc;
  const pto_type *t = plan->t;
  bool down = plan->loop->down;
  pto_expr *runs = down ? pto_e_bin(c->p, PTO_BIN_GT, use(c, plan->start),
                                    use(c, plan->stop), l)
                        : pto_e_bin(c->p, PTO_BIN_LT, use(c, plan->start),
                                    use(c, plan->stop), l);
  pto_expr *n;
  int64_t step;
  if (const_value(c->p, plan->step, &step) && (step == 1 || step == -1)) {
    n = down ? bin(c, PTO_BIN_SUB, use(c, plan->start), use(c, plan->stop), l)
             : bin(c, PTO_BIN_SUB, use(c, plan->stop), use(c, plan->start), l);
  } else {
    /* (STOP - START - 1) / STEP + 1, or (STOP - START + 1) / STEP + 1
       counting down: both operands of the division have the sign of
       STEP, so C's truncation is the ceiling wanted.  */
    pto_expr *num = bin(c, PTO_BIN_SUB, use(c, plan->stop),
                        use(c, plan->start), l);
    num = bin(c, down ? PTO_BIN_ADD : PTO_BIN_SUB, num, ival(c, t, 1, l), l);
    n = bin(c, PTO_BIN_ADD,
            bin(c, PTO_BIN_DIV, num, use(c, plan->step), l),
            ival(c, t, 1, l), l);
  }
  return pto_e_select(c->p, runs, n, ival(c, t, 0, l), l);
}

/* START + COVERED * STEP for PLAN, written START - COVERED * -STEP when
   STEP is a negative constant.  */
static pto_expr *
split_expr(unroll_ctx *c, const loop_plan *plan, pto_expr *covered)
{
  pto_loc l = plan->loop->loc;
  int64_t st;
  if (const_value(c->p, plan->step, &st) && st < 0 && st > INT64_MIN) {
    pto_expr *pos = ival(c, plan->t, -st, l);
    if (pos->u.ival > 0)
      return bin(c, PTO_BIN_SUB, use(c, plan->start),
                 bin(c, PTO_BIN_MUL, covered, pos, l), l);
  }
  return bin(c, PTO_BIN_ADD, use(c, plan->start),
             bin(c, PTO_BIN_MUL, covered, use(c, plan->step), l), l);
}

/* Emit the paths of PLAN into OUT when a bound or the step is only known
   at run time: the trip count and the split points are bound first.  */
static void
expand_runtime(unroll_ctx *c, loop_plan *plan, pto_block *out)
{
  pto_loc l = plan->loop->loc;
  const pto_type *t = plan->t;
  pto_expr *trip = NULL;
  if (plan->f.n > 1)
    trip = bind(c, plan, "trip", trip_expr(c, plan), out);
  /* The moduli chain of REM: trip % m1 % m2 ...; a factor dividing the
     last modulus replaces it ((x % a) % b == x % b when b | a, x >= 0).  */
  int64_t *mod = pto_xmalloc(sizeof *mod * (size_t)plan->f.n);
  int nmod = 0;
  pto_expr *from = use(c, plan->start);
  pto_expr **splits = pto_xmalloc(sizeof *splits * (size_t)plan->f.n);
  int nsplit = 0;
  for (int i = 0; i < plan->f.n - 1; i++) {
    int64_t p = plan->f.v[i];
    if (nmod && mod[nmod - 1] % p == 0)
      mod[nmod - 1] = p;
    else
      mod[nmod++] = p;
    pto_expr *rem = use(c, trip);
    for (int j = 0; j < nmod; j++)
      rem = bin(c, PTO_BIN_MOD, rem, ival(c, t, mod[j], l), l);
    pto_expr *covered = bin(c, PTO_BIN_SUB, use(c, trip), rem, l);
    pto_expr *at = split_expr(c, plan, covered);
    splits[nsplit++] = bind(c, plan,
                            pto_arena_printf(c->p->arena, "split%lld",
                                             (long long)p), at, out);
  }
  for (int i = 0; i < plan->f.n; i++) {
    int64_t p = plan->f.v[i];
    pto_expr *to = i < nsplit ? use(c, splits[i]) : use(c, plan->stop);
    pto_block_push(c->p, out, build_path(c, plan, p, from, to));
    from = use(c, to);
  }
  free(mod);
  free(splits);
}

/* Make E usable several times: a constant or a variable as is, anything
   else bound once to "<loop>_<what>" in OUT.  */
static pto_expr *
invariant(unroll_ctx *c, loop_plan *plan, pto_expr *e, const char *what,
          pto_block *out)
{
  if (e->kind == PTO_E_INT || e->kind == PTO_E_VAR)
    return e;
  return bind(c, plan, what, use(c, e), out);
}

/* Replace loop S (whose body is already unrolled), named NAME, by its
   paths, appended to OUT.  */
static void
expand_loop(unroll_ctx *c, pto_stmt *s, const char *name, pto_block *out)
{
  loop_plan plan = {s, name, s->var->type, NULL, NULL, NULL, {0, NULL}};
  bool ok = normalise_list(c, s, name, &plan.f);
  pto_assert(ok);  /* checked before any rewriting */
  int64_t a, b, st;
  if (const_value(c->p, s->start, &a) && const_value(c->p, s->stop, &b)
      && const_value(c->p, s->step, &st)) {
    plan.step = ival(c, plan.t, st, s->loc);
    expand_const(c, &plan, a, b, st, out);
  } else {
    plan.start = invariant(c, &plan, s->start, "start", out);
    plan.stop = invariant(c, &plan, s->stop, "stop", out);
    plan.step = invariant(c, &plan, s->step, "step", out);
    expand_runtime(c, &plan, out);
  }
  free(plan.f.v);
}

static void unroll_block(unroll_ctx *c, pto_block *b);

/* Rewrite the statements of B, inner loops first.  */
static void
unroll_block(unroll_ctx *c, pto_block *b)
{
  pto_block out = {0};
  for (int i = 0; i < b->n; i++) {
    pto_stmt *s = b->items[i];
    const char *name = NULL;
    if (s->kind == PTO_S_FOR)
      name = loop_name(c, s, c->loopno++);
    unroll_block(c, &s->body);
    unroll_block(c, &s->els);
    if (has_list(s))
      expand_loop(c, s, name, &out);
    else
      pto_block_push(c->p, &out, s);
  }
  *b = out;
}

/* ------------------------------------------------------------------ */
/* The pass                                                           */
/* ------------------------------------------------------------------ */

static int
run(pto_pass_ctx *ctx)
{
  pto_program *p = ctx->prog;
  int bad = 0;
  for (int i = 0; i < p->nfuncs; i++) {
    if (p->funcs[i]->dead)
      continue;
    unroll_ctx c = {p, p->funcs[i], ctx->diag, ctx->opts->unroll_limit,
                    {NULL, 0, 0}, 0};
    bad += check_block(&c, &p->funcs[i]->body, NULL);
  }
  if (bad)
    return 1;
  for (int i = 0; i < p->nfuncs; i++) {
    pto_func *f = p->funcs[i];
    if (f->dead)
      continue;
    unroll_ctx c = {p, f, ctx->diag, ctx->opts->unroll_limit,
                    {NULL, 0, 0}, 0};
    for (int j = 0; j < f->nparams; j++)
      pto_strmap_add(&c.names, f->params[j]->name);
    collect_names_block(&c.names, &f->body);
    unroll_block(&c, &f->body);
    resolve_factor_block(&c, &f->body, 1);
    pto_strmap_free(&c.names);
  }
  return 0;
}

const pto_pass pto_pass_unroll = {
    "unroll", "UnrollLoops", PTO_PROP_INLINED, PTO_PROP_UNROLLED, 0, NULL,
    run,
};

/* ------------------------------------------------------------------ */
/* Verifier: UnrollResolved                                           */
/* ------------------------------------------------------------------ */

typedef struct check_ctx {
  pto_diag *diag;
  int bad;
} check_ctx;

static void
check_no_factor(const pto_expr *e, check_ctx *cc)
{
  if (!e)
    return;
  if (e->kind == PTO_E_CALL && e->is_op && e->op == PTO_OP_UNROLL_FACTOR) {
    pto_error(cc->diag, e->loc, "verify: pto.unroll_factor() is unresolved");
    cc->bad++;
  }
  check_no_factor(e->a, cc);
  check_no_factor(e->b, cc);
  check_no_factor(e->c, cc);
  for (int i = 0; i < e->nargs; i++)
    check_no_factor(e->args[i], cc);
}

static void
check_slot(pto_expr **slot, void *ctx)
{
  check_no_factor(*slot, ctx);
}

static void
check_stmt(pto_stmt *s, void *ctx)
{
  check_ctx *cc = ctx;
  if (has_list(s)) {
    pto_error(cc->diag, s->loc, "verify: loop still has an unroll list");
    cc->bad++;
  }
  pto_stmt_exprs(s, check_slot, ctx);
}

int
pto_verify_unrolled(const pto_program *p, pto_diag *diag)
{
  check_ctx cc = {diag, 0};
  for (int i = 0; i < p->nfuncs; i++)
    if (!p->funcs[i]->dead)
      pto_walk_stmts(p->funcs[i], check_stmt, &cc);
  return cc.bad;
}
