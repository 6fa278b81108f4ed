/* unroll-diff.c - differential test of the UnrollLoops pass.

   Usage: unroll-diff [SEED [ITERATIONS [show]]]  (default 12345, 2000)

   For pseudo-random (start, stop, step, unroll list) - steps of both
   signs, lists with duplicates and without 1, each of start, stop and
   step a constant or a parameter, sometimes with an inner loop that has
   a list of its own - it builds
     kernel k(a, b, s) { for (i = START; i </> STOP; i += STEP)
                           [unroll=LIST] { var t = i * 2;
                                           @record(t - i, pto.unroll_factor()); } }
   through the builder API, runs the pass (with the verifiers) and
   interprets the program before and after.  The recorded index
   sequences must be equal, and the factor recorded at each iteration
   must be the one of the greedy split of the trip count over the
   normalised list (the factor of the inner loop in the nested case).
   It also checks pto_verify_unrolled on a program that still has a list
   and a pto.unroll_factor() call.  Exit status 0 when all agree.  */
#include "passes/passes.h"
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>

typedef struct env { int64_t *vals; unsigned n; int64_t log[4096][2]; int nlog; } env;

static int64_t wrap32(int64_t v) { return (int32_t)(uint32_t)v; }

static int64_t eval(env *E, const pto_expr *e)
{
  switch (e->kind) {
  case PTO_E_INT: return e->u.ival;
  case PTO_E_VAR: return E->vals[e->u.var->id];
  case PTO_E_SELECT: return eval(E, e->a) ? eval(E, e->b) : eval(E, e->c);
  case PTO_E_UN: {
    int64_t a = eval(E, e->a);
    if (e->u.unop == PTO_UN_NEG) return wrap32(-a);
    if (e->u.unop == PTO_UN_CAST) return a;
    abort();
  }
  case PTO_E_BIN: {
    int64_t a = eval(E, e->a), b = eval(E, e->b);
    switch (e->u.binop) {
    case PTO_BIN_ADD: return wrap32(a + b);
    case PTO_BIN_SUB: return wrap32(a - b);
    case PTO_BIN_MUL: return wrap32(a * b);
    case PTO_BIN_DIV: if (!b) abort(); return a / b;
    case PTO_BIN_MOD: if (!b) abort(); return a % b;
    case PTO_BIN_LT: return a < b;
    case PTO_BIN_GT: return a > b;
    case PTO_BIN_LE: return a <= b;
    case PTO_BIN_GE: return a >= b;
    default: abort();
    }
  }
  case PTO_E_CALL:
    if (e->is_op && e->op == PTO_OP_UNROLL_FACTOR) return 1;
    abort();
  default: abort();
  }
}

static void exec_block(env *E, const pto_block *b);
static void exec(env *E, const pto_stmt *s)
{
  switch (s->kind) {
  case PTO_S_DECL: E->vals[s->var->id] = s->value ? eval(E, s->value) : 0; break;
  case PTO_S_ASSIGN: E->vals[s->lhs->u.var->id] = eval(E, s->value); break;
  case PTO_S_EVAL: {
    const pto_expr *c = s->value;
    if (c->kind == PTO_E_CALL && !c->is_op && !strcmp(c->fname, "record")) {
      if (E->nlog < 4096) {
        E->log[E->nlog][0] = eval(E, c->args[0]);
        E->log[E->nlog][1] = eval(E, c->args[1]);
      }
      E->nlog++;
      break;
    }
    abort();
  }
  case PTO_S_IF: if (eval(E, s->cond)) exec_block(E, &s->body); else exec_block(E, &s->els); break;
  case PTO_S_FOR: {
    int64_t st = eval(E, s->step);
    for (int64_t i = eval(E, s->start); s->down ? i > eval(E, s->stop) : i < eval(E, s->stop); i = wrap32(i + st)) {
      E->vals[s->var->id] = i;
      exec_block(E, &s->body);
      if (E->nlog > 100000) abort();
    }
    break;
  }
  default: abort();
  }
}
static void exec_block(env *E, const pto_block *b) { for (int i = 0; i < b->n; i++) exec(E, b->items[i]); }

/* Build: kernel k(a,b,s) { for (i = A; i < B; i += S) [unroll=L] { var t = i*2; @record(t - i, pto.unroll_factor()); } } */
static pto_program *build(int64_t a, int64_t b, int64_t s, const int64_t *l, int nl, int rt, bool nested)
{
  pto_program *p = pto_program_new();
  const pto_type *i32 = pto_type_scalar(p, PTO_DT_I32);
  pto_loc L = pto_noloc;
  pto_func *rec = pto_func_new(p, PTO_FN_PLAIN, "record", NULL, L);
  pto_param_new(p, rec, "v", i32, PTO_DIR_IN, L);
  pto_param_new(p, rec, "f", i32, PTO_DIR_IN, L);
  pto_func *f = pto_func_new(p, PTO_FN_KERNEL, "k", NULL, L);
  pto_var *pa = pto_param_new(p, f, "a", i32, PTO_DIR_IN, L);
  pto_var *pb = pto_param_new(p, f, "b", i32, PTO_DIR_IN, L);
  pto_var *ps = pto_param_new(p, f, "s", i32, PTO_DIR_IN, L);
  pto_var *i = pto_var_new(p, f, "i", i32, L);
  pto_expr *A = (rt & 1) ? pto_e_var(p, pa, L) : pto_e_int(p, i32, a, L);
  pto_expr *B = (rt & 2) ? pto_e_var(p, pb, L) : pto_e_int(p, i32, b, L);
  pto_expr *S = (rt & 4) ? pto_e_var(p, ps, L) : pto_e_int(p, i32, s, L);
  if ((rt & 1) && (a & 1)) /* non-trivial bound: bound to a var */
    A = pto_e_bin(p, PTO_BIN_ADD, pto_e_var(p, pa, L), pto_e_int(p, i32, 0, L), L);
  pto_stmt *fs = pto_s_for(p, i, A, B, S, s < 0, L);
  pto_attr_set_ints(p, &fs->attrs, "unroll", nl, l);
  pto_var *t = pto_var_new(p, f, "t", i32, L);
  pto_block_push(p, &fs->body, pto_s_decl(p, t, pto_e_bin(p, PTO_BIN_MUL, pto_e_var(p, i, L), pto_e_int(p, i32, 2, L), L), L));
  pto_block *inner = &fs->body;
  pto_var *j = NULL;
  if (nested) {
    j = pto_var_new(p, f, "j", i32, L);
    pto_stmt *js = pto_s_for(p, j, pto_e_int(p, i32, 0, L), pto_e_int(p, i32, 3, L), pto_e_int(p, i32, 1, L), false, L);
    int64_t l2[2] = {2, 1};
    pto_attr_set_ints(p, &js->attrs, "unroll", 2, l2);
    pto_block_push(p, &fs->body, js);
    inner = &js->body;
  }
  pto_expr *args[2] = {pto_e_bin(p, PTO_BIN_SUB, pto_e_var(p, t, L), pto_e_var(p, i, L), L),
                       pto_e_op(p, PTO_OP_UNROLL_FACTOR, 0, NULL, L)};
  if (nested)
    args[0] = pto_e_bin(p, PTO_BIN_ADD, pto_e_bin(p, PTO_BIN_MUL, args[0], pto_e_int(p, i32, 10, L), L), pto_e_var(p, j, L), L);
  pto_block_push(p, inner, pto_s_eval(p, pto_e_call(p, "record", pto_type_void(p), 2, args, L), L));
  pto_block_push(p, &f->body, fs);
  return p;
}

static void run_prog(pto_program *p, int64_t a, int64_t b, int64_t s, env *E)
{
  pto_func *f = pto_func_lookup(p, "k");
  E->n = p->next_var_id;
  E->vals = calloc(E->n + 1, sizeof *E->vals);
  E->nlog = 0;
  E->vals[f->params[0]->id] = a;
  E->vals[f->params[1]->id] = b;
  E->vals[f->params[2]->id] = s;
  exec_block(E, &f->body);
  free(E->vals);
}

static env E1, E2;

/* A sink that keeps quiet about warnings (the nested cases warn by
   design) and prints errors.  */
static void quiet_emit(void *ctx, pto_diag_kind kind, pto_loc loc, const char *msg)
{
  (void)ctx;
  if (kind == PTO_DIAG_ERROR)
    pto_diag_print(stderr, kind, loc, msg);
}

static void silent_emit(void *ctx, pto_diag_kind kind, pto_loc loc, const char *msg)
{
  (void)ctx; (void)kind; (void)loc; (void)msg;
}

/* pto_verify_unrolled must report the list and the call before the pass
   and nothing after it.  */
static int check_verifier(void)
{
  int64_t l[1] = {2};
  pto_program *p = build(0, 4, 1, l, 1, 0, false);
  pto_diag d;
  pto_diag_init(&d);
  d.emit = silent_emit;
  int before = pto_verify_unrolled(p, &d);
  pto_options opts;
  pto_options_init(&opts);
  pto_pm pm;
  pto_pm_init(&pm, &opts, &d);
  const pto_pass *passes[] = {&pto_pass_unroll, NULL};
  int rc = pto_pm_run(&pm, p, passes);
  pto_pm_fini(&pm);
  int after = pto_verify_unrolled(p, &d);
  pto_program_free(p);
  printf("verifier: %d problems before, %d after (rc %d)\n", before, after, rc);
  return before == 2 && after == 0 && rc == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
  if (check_verifier() != 0)
    return 1;
  unsigned seed = argc > 1 ? (unsigned)atoi(argv[1]) : 12345;
  int iters = argc > 2 ? atoi(argv[2]) : 2000;
  int show = argc > 3;
  srand(seed);
  int fails = 0;
  pto_options opts;
  pto_options_init(&opts);
  for (int it = 0; it < iters; it++) {
    int64_t a = rand() % 41 - 20, b = rand() % 41 - 20;
    int64_t s = rand() % 5 + 1;
    if (rand() % 2) s = -s;
    int nl = rand() % 5;
    int64_t l[5];
    for (int k = 0; k < nl; k++) l[k] = rand() % 7 + 1;
    int rt = rand() % 8; bool nested = rand() % 4 == 0;
    pto_program *orig = build(a, b, s, l, nl, rt, nested);
    pto_program *un = build(a, b, s, l, nl, rt, nested);
    pto_diag d;
    pto_diag_init(&d);
    d.emit = quiet_emit;
    pto_pm pm;
    pto_pm_init(&pm, &opts, &d);
    const pto_pass *passes[] = {&pto_pass_unroll, NULL};
    if (pto_pm_run(&pm, un, passes) != 0) { printf("pass failed\n"); return 1; }
    pto_pm_fini(&pm);
    if (show) pto_fprint_program(stdout, un, 0);
    run_prog(orig, a, b, s, &E1);
    run_prog(un, a, b, s, &E2);
    /* expected factors: greedy over the normalised list */
    int64_t nf[6]; int nnf = 0;
    for (int64_t v = 7; v >= 1; v--) { bool in = v == 1; for (int k = 0; k < nl; k++) in |= l[k] == v; if (in) nf[nnf++] = v; }
    int trip = nested ? E1.nlog / 3 : E1.nlog;
    int64_t exp_f[200]; int pos = 0, rem = trip;
    for (int k = 0; k < nnf; k++) { int n = rem / (int)nf[k] * (int)nf[k]; for (int q = 0; q < n; q++) exp_f[pos++] = nf[k]; rem -= n; }
    bool ok = E1.nlog == E2.nlog;
    for (int q = 0; ok && q < E1.nlog; q++) {
      ok = E1.log[q][0] == E2.log[q][0];
      int outer = nested ? q / 3 : q;
      int64_t want = nested ? 2 : exp_f[outer];
      if (nested) { int jj = q % 3; want = jj < 2 ? 2 : 1; }
      if (E2.log[q][1] != want) ok = false;
    }
    if (!ok) {
      fails++;
      printf("FAIL seed=%u it=%d [%" PRId64 ",%" PRId64 ") step %" PRId64 " rt=%d nested=%d list", seed, it, a, b, s, rt, nested);
      for (int k = 0; k < nl; k++) printf(" %" PRId64, l[k]);
      printf(" : orig %d events, unrolled %d\n", E1.nlog, E2.nlog);
      if (fails > 5) break;
    }
    pto_program_free(orig);
    pto_program_free(un);
  }
  printf("%d iterations, %d failures\n", iters, fails);
  return fails != 0;
}
