/* scalarize.c - ScalarizeTuples: tuple locals become one scalar per field.

   Requires: nothing.  Produces: nothing (no property).  Invalidates:
   nothing.  Runs after InlineFunctions in the default pipeline: a
   PTO_INLINE helper that builds its struct result in a local
   (`pair_t r; r.a = ...; return r;`) leaves a tuple variable in its
   caller, which Simplify cannot fold through and the CCE back end cannot
   print (it has no aggregates in kernel code).

   A local `var v: tuple<T0,...,Tn>` whose fields are all scalars is
   replaced by `var v_0: T0; ...; var v_n: Tn;` (names made unique in the
   function) when every use of v is one of
     v.K                              -> v_K (read or assigned)
     var v = INIT; / v = RHS;         -> one declaration / assignment per
                                         field, INIT and RHS being a
                                         tuple(...) expression or another
                                         such variable
     var x = v; / x = v; / return v;  -> v reads as tuple(v_0, ..., v_n)
   Any other use (its address, an argument of a call, a field of another
   tuple, a tuple-valued call as its initializer) keeps v a tuple; so
   does a variable written from one kept.  An assignment v = RHS whose
   RHS reads a field of v goes through fresh temporaries v_new_K, so that
   `v = tuple(v.1, v.0)` still swaps.  Evaluation order is kept: the
   fields of RHS are evaluated in order, before any field is written
   when temporaries are needed, and side effects are neither moved past
   each other nor dropped.  */

#include "passes/passes.h"

#include <stdlib.h>
#include <string.h>

typedef struct scal {
  pto_program *prog;
  pto_func *func;
  unsigned nids;          /* ids below this have the entries below */
  bool *candidate;        /* by var id */
  pto_var ***fields;      /* by var id: the field variables once made */
  bool changed;
  const char **made;      /* names of the variables made so far, which */
  int nmade, capmade;     /* the body does not declare yet */
} scal;

/* ------------------------------------------------------------------ */
/* Which variables                                                     */
/* ------------------------------------------------------------------ */

static bool
scalar_tuple(const pto_type *t)
{
  if (t->kind != PTO_TY_TUPLE || t->nelems < 1)
    return false;
  for (int i = 0; i < t->nelems; i++)
    if (t->elems[i]->kind != PTO_TY_SCALAR)
      return false;
  return true;
}

static bool
is_cand_var(const scal *s, const pto_expr *e)
{
  return e && e->kind == PTO_E_VAR && e->u.var->id < s->nids
         && s->candidate[e->u.var->id];
}

static void
mark_decl(pto_stmt *st, void *ctx)
{
  scal *s = ctx;
  if (st->kind == PTO_S_DECL && scalar_tuple(st->var->type))
    s->candidate[st->var->id] = true;
}

static void
disqualify(scal *s, const pto_var *v)
{
  if (s->candidate[v->id]) {
    s->candidate[v->id] = false;
    s->changed = true;
  }
}

/* May a tuple value written to a candidate be RHS?  */
static bool
splittable(const scal *s, const pto_expr *rhs)
{
  return rhs && (rhs->kind == PTO_E_TUPLE || is_cand_var(s, rhs));
}

/* Disqualify the candidates E uses in a way the rewrite cannot express.
   WHOLE_OK: E itself may be a whole candidate variable.  */
static void
check_uses(scal *s, const pto_expr *e, bool whole_ok)
{
  if (!e)
    return;
  if (e->kind == PTO_E_VAR) {
    if (!whole_ok)
      disqualify(s, e->u.var);
    return;
  }
  if (e->kind == PTO_E_GETITEM && e->a->kind == PTO_E_VAR)
    return;  /* v.K: always fine */
  check_uses(s, e->a, false);
  check_uses(s, e->b, false);
  check_uses(s, e->c, false);
  for (int i = 0; i < e->nargs; i++)
    check_uses(s, e->args[i], false);
}

static void
check_stmt(pto_stmt *st, void *ctx)
{
  scal *s = ctx;
  switch (st->kind) {
  case PTO_S_DECL:
    if (s->candidate[st->var->id] && st->value && !splittable(s, st->value))
      disqualify(s, st->var);
    check_uses(s, st->value, true);
    return;
  case PTO_S_ASSIGN:
    if (is_cand_var(s, st->lhs) && !splittable(s, st->value))
      disqualify(s, st->lhs->u.var);
    if (st->lhs->kind != PTO_E_VAR)
      check_uses(s, st->lhs, false);
    check_uses(s, st->value, true);
    return;
  case PTO_S_RETURN:
    check_uses(s, st->value, true);
    return;
  default:
    break;
  }
  check_uses(s, st->lhs, false);
  check_uses(s, st->value, false);
  check_uses(s, st->cond, false);
  check_uses(s, st->start, false);
  check_uses(s, st->stop, false);
  check_uses(s, st->step, false);
}

/* Find the candidates of S->func; return whether there is one.  */
static bool
find_candidates(scal *s)
{
  pto_walk_stmts(s->func, mark_decl, s);
  do {
    s->changed = false;
    pto_walk_stmts(s->func, check_stmt, s);
  } while (s->changed);
  for (unsigned i = 0; i < s->nids; i++)
    if (s->candidate[i])
      return true;
  return false;
}

/* ------------------------------------------------------------------ */
/* Names                                                               */
/* ------------------------------------------------------------------ */

typedef struct name_probe {
  const char *name;
  bool taken;
} name_probe;

static void
probe_stmt(pto_stmt *st, void *ctx)
{
  name_probe *np = ctx;
  if ((st->kind == PTO_S_DECL || st->kind == PTO_S_FOR)
      && !strcmp(st->var->name, np->name))
    np->taken = true;
}

static bool
name_taken(const scal *s, const char *name)
{
  for (int i = 0; i < s->func->nparams; i++)
    if (!strcmp(s->func->params[i]->name, name))
      return true;
  for (int i = 0; i < s->nmade; i++)
    if (!strcmp(s->made[i], name))
      return true;
  name_probe np = {name, false};
  pto_walk_stmts(s->func, probe_stmt, &np);
  return np.taken;
}

/* A fresh local of type T named BASE_K (or BASE_K_N when that is taken).  */
static pto_var *
fresh_var(scal *s, const char *base, int k, const pto_type *t, pto_loc loc)
{
  pto_arena *a = s->prog->arena;
  const char *name = pto_arena_printf(a, "%s_%d", base, k);
  for (int n = 1; name_taken(s, name); n++)
    name = pto_arena_printf(a, "%s_%d_%d", base, k, n);
  if (s->nmade == s->capmade) {
    s->capmade = s->capmade ? 2 * s->capmade : 16;
    s->made = pto_xrealloc(s->made, sizeof *s->made * (size_t)s->capmade);
  }
  s->made[s->nmade++] = name;
  return pto_var_new(s->prog, s->func, name, t, loc);
}

static pto_var **
fields_of(scal *s, pto_var *v)
{
  if (!s->fields[v->id]) {
    const pto_type *t = v->type;
    pto_var **f = pto_arena_alloc(s->prog->arena,
                                  sizeof *f * (size_t)t->nelems);
    for (int k = 0; k < t->nelems; k++)
      f[k] = fresh_var(s, v->name, k, t->elems[k], v->loc);
    s->fields[v->id] = f;
  }
  return s->fields[v->id];
}

/* ------------------------------------------------------------------ */
/* Rewrite                                                             */
/* ------------------------------------------------------------------ */

/* E with v.K replaced by v_K and whole candidates by tuple(v_0, ...).  */
static pto_expr *
rewrite_expr(scal *s, pto_expr *e)
{
  if (!e)
    return NULL;
  if (e->kind == PTO_E_GETITEM && is_cand_var(s, e->a))
    return pto_e_var(s->prog, fields_of(s, e->a->u.var)[e->u.index], e->loc);
  if (is_cand_var(s, e)) {
    pto_var *v = e->u.var;
    int n = v->type->nelems;
    pto_expr **elems = pto_arena_alloc(s->prog->arena,
                                       sizeof *elems * (size_t)n);
    for (int k = 0; k < n; k++)
      elems[k] = pto_e_var(s->prog, fields_of(s, v)[k], e->loc);
    return pto_e_tuple(s->prog, n, elems, e->loc);
  }
  e->a = rewrite_expr(s, e->a);
  e->b = rewrite_expr(s, e->b);
  e->c = rewrite_expr(s, e->c);
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = rewrite_expr(s, e->args[i]);
  return e;
}

/* Field K of the (rewritten) tuple value RHS: tuple(...) or a whole
   candidate, which rewrite_expr turned into tuple(v_0, ...).  */
static pto_expr *
field_of(pto_expr *rhs, int k)
{
  pto_assert(rhs->kind == PTO_E_TUPLE && k < rhs->nargs);
  return rhs->args[k];
}

/* Does E read a variable of FIELDS[0..N)?  */
static bool
reads_any(const pto_expr *e, pto_var *const *fields, int n)
{
  if (!e)
    return false;
  if (e->kind == PTO_E_VAR)
    for (int k = 0; k < n; k++)
      if (e->u.var == fields[k])
        return true;
  if (reads_any(e->a, fields, n) || reads_any(e->b, fields, n)
      || reads_any(e->c, fields, n))
    return true;
  for (int i = 0; i < e->nargs; i++)
    if (reads_any(e->args[i], fields, n))
      return true;
  return false;
}

/* Append to OUT the per-field form of `var v [= rhs]` (DECL) or
   `v = rhs` (ASSIGN) for candidate V.  */
static void
split_write(scal *s, pto_block *out, const pto_stmt *st, pto_var *v)
{
  pto_program *p = s->prog;
  pto_var **f = fields_of(s, v);
  int n = v->type->nelems;
  pto_expr *rhs = rewrite_expr(s, st->value);
  if (st->kind == PTO_S_DECL) {
    for (int k = 0; k < n; k++)
      pto_block_push(p, out, pto_s_decl(p, f[k], rhs ? field_of(rhs, k)
                                                     : NULL, st->loc));
    return;
  }
  bool via_temps = n > 1 && reads_any(rhs, f, n);
  const char *tbase = pto_arena_printf(p->arena, "%s_new", v->name);
  pto_expr **vals = pto_arena_alloc(p->arena, sizeof *vals * (size_t)n);
  for (int k = 0; k < n; k++) {
    vals[k] = field_of(rhs, k);
    if (via_temps) {
      pto_var *t = fresh_var(s, tbase, k, f[k]->type, st->loc);
      pto_block_push(p, out, pto_s_decl(p, t, vals[k], st->loc));
      vals[k] = pto_e_var(p, t, st->loc);
    }
  }
  for (int k = 0; k < n; k++)
    pto_block_push(p, out, pto_s_assign(p, pto_e_var(p, f[k], st->loc),
                                        vals[k], st->loc));
}

static void rewrite_block(scal *s, pto_block *b);

static void
rewrite_stmt(scal *s, pto_block *out, pto_stmt *st)
{
  if (st->kind == PTO_S_DECL && st->var->id < s->nids
      && s->candidate[st->var->id]) {
    split_write(s, out, st, st->var);
    return;
  }
  if (st->kind == PTO_S_ASSIGN && is_cand_var(s, st->lhs)) {
    split_write(s, out, st, st->lhs->u.var);
    return;
  }
  st->lhs = rewrite_expr(s, st->lhs);
  st->value = rewrite_expr(s, st->value);
  st->cond = rewrite_expr(s, st->cond);
  st->start = rewrite_expr(s, st->start);
  st->stop = rewrite_expr(s, st->stop);
  st->step = rewrite_expr(s, st->step);
  rewrite_block(s, &st->body);
  rewrite_block(s, &st->els);
  pto_block_push(s->prog, out, st);
}

static void
rewrite_block(scal *s, pto_block *b)
{
  pto_block out = {NULL, 0, 0};
  for (int i = 0; i < b->n; i++)
    rewrite_stmt(s, &out, b->items[i]);
  *b = out;
}

static void
scalarize_func(pto_program *p, pto_func *f)
{
  scal s = {p, f, p->next_var_id, NULL, NULL, false, NULL, 0, 0};
  s.candidate = pto_xcalloc(s.nids + 1, sizeof *s.candidate);
  s.fields = pto_xcalloc(s.nids + 1, sizeof *s.fields);
  if (find_candidates(&s))
    rewrite_block(&s, &f->body);
  free(s.candidate);
  free(s.fields);
  free(s.made);
}

static int
run(pto_pass_ctx *ctx)
{
  for (int i = 0; i < ctx->prog->nfuncs; i++) {
    pto_func *f = ctx->prog->funcs[i];
    if (!f->dead)
      scalarize_func(ctx->prog, f);
  }
  return 0;
}

const pto_pass pto_pass_scalarize = {
    "scalarize", "ScalarizeTuples", 0, 0, 0, NULL, run,
};
