/* pm-test.c - unit tests of the pass manager: trace, gates, dumps,
   requirement checks and checking-mode verification.

   Each check prints "PASS: name" or "FAIL: name"; the exit status is the
   number of failures, so automake's TESTS counts the file as failed when
   any check fails.  The passes used here are defined in this file: a
   well-behaved one, a gated one, one that breaks the IR on purpose (the
   verifier must catch it), and one that requires ConstantsFolded.  */

#include "passes/passes.h"

#include <string.h>

static int failures;

static void
check(bool ok, const char *name)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
  failures += !ok;
}

/* A diagnostics sink that records the text of every message.  */
typedef struct record {
  pto_buf text;
} record;

static void
record_emit(void *ctx, pto_diag_kind kind, pto_loc loc, const char *msg)
{
  record *r = ctx;
  static const char *const kinds[] = {"error", "warning", "note"};
  pto_buf_printf(&r->text, "%d: %s: %s\n", loc.line, kinds[kind], msg);
}

static bool
has(const record *r, const char *needle)
{
  return r->text.s && strstr(r->text.s, needle);
}

/* kernel k(n: i32) { var x: i32 = 2 + 3; }  */
static pto_program *
make_program(void)
{
  pto_program *p = pto_program_new();
  pto_loc l = pto_mkloc(p, "t.pto", 1, 1);
  const pto_type *i32 = pto_type_scalar(p, PTO_DT_I32);
  pto_func *f = pto_func_new(p, PTO_FN_KERNEL, "k", NULL, l);
  pto_param_new(p, f, "n", i32, PTO_DIR_IN, l);
  pto_var *x = pto_var_new(p, f, "x", i32, pto_mkloc(p, "t.pto", 2, 3));
  pto_expr *sum = pto_e_bin(p, PTO_BIN_ADD, pto_e_int(p, i32, 2, l),
                            pto_e_int(p, i32, 3, l), l);
  pto_block_push(p, &f->body, pto_s_decl(p, x, sum, x->loc));
  return p;
}

static int
run_nothing(pto_pass_ctx *ctx)
{
  (void)ctx;
  return 0;
}

/* Append "y = <use of an undeclared variable>" to the first function.  */
static int
run_breaker(pto_pass_ctx *ctx)
{
  pto_program *p = ctx->prog;
  pto_func *f = p->funcs[0];
  const pto_type *i32 = pto_type_scalar(p, PTO_DT_I32);
  pto_loc l = pto_mkloc(p, "t.pto", 7, 5);
  pto_var *ghost = pto_var_new(p, f, "ghost", i32, l);
  pto_block_push(p, &f->body, pto_s_eval(p, pto_e_var(p, ghost, l), l));
  return 0;
}

static bool
gate_never(const pto_options *o)
{
  (void)o;
  return false;
}

static const pto_pass nothing = {"nothing", "Nothing", 0, 0, 0, NULL,
                                 run_nothing};
static const pto_pass gated = {"gated", "Gated", 0, 0, 0, gate_never,
                               run_nothing};
static const pto_pass breaker = {"breaker", "Breaker", 0, 0, 0, NULL,
                                 run_breaker};
static const pto_pass needs_folded = {"needs", "NeedsFolded",
                                      PTO_PROP_FOLDED, 0, 0, NULL,
                                      run_nothing};

typedef struct dump_log {
  int calls;
  char names[128];
} dump_log;

static void
log_dump(void *ctx, const pto_pass *pass, int pos, const pto_program *p)
{
  dump_log *d = ctx;
  (void)p;
  d->calls++;
  size_t n = strlen(d->names);
  snprintf(d->names + n, sizeof d->names - n, "%d:%s;", pos, pass->name);
}

/* Run PASSES on a fresh program with a recording sink.  */
static int
run_passes(const pto_pass *const *passes, record *r, pto_pm *pm,
           pto_options *o)
{
  static pto_diag d;
  pto_diag_init(&d);
  d.emit = record_emit;
  d.ctx = r;
  pto_pm_init(pm, o, &d);
  pto_program *p = make_program();
  int rc = pto_pm_run(pm, p, passes);
  pto_program_free(p);
  return rc;
}

static void
test_trace_and_gate(void)
{
  pto_options o;
  pto_options_init(&o);
  record r = {{0}};
  pto_pm pm;
  const pto_pass *list[] = {&nothing, &gated, &pto_pass_fold, NULL};
  int rc = run_passes(list, &r, &pm, &o);
  check(rc == 0, "clean pipeline succeeds");
  check(pm.ntrace == 2, "gated pass leaves no trace entry");
  check(pm.ntrace == 2 && !strcmp(pm.trace[0].name, "Nothing")
            && !strcmp(pm.trace[1].name, "ConstantFold"),
        "trace lists the passes that ran, in order");
  check(pm.ntrace == 2 && pm.trace[1].ms >= 0, "trace records a time");
  pto_pm_fini(&pm);
  pto_buf_free(&r.text);
}

static void
test_dump(void)
{
  pto_options o;
  pto_options_init(&o);
  record r = {{0}};
  pto_pm pm;
  dump_log log = {0, ""};
  const pto_pass *list[] = {&nothing, &pto_pass_fold, &nothing, NULL};
  static pto_diag d;
  pto_diag_init(&d);
  pto_pm_init(&pm, &o, &d);
  pm.dump_after = "nothing";
  pm.dump = log_dump;
  pm.dump_ctx = &log;
  pto_program *p = make_program();
  pto_pm_run(&pm, p, list);
  check(log.calls == 2 && !strcmp(log.names, "1:nothing;3:nothing;"),
        "dump after a named pass, with positions");
  log.calls = 0;
  log.names[0] = 0;
  pm.dump_after = "all";
  pto_pm_run(&pm, p, list);
  check(log.calls == 3, "dump after all passes");
  pto_program_free(p);
  pto_pm_fini(&pm);
  pto_buf_free(&r.text);
}

static void
test_verifier_catches_broken_pass(void)
{
  pto_options o;
  pto_options_init(&o);
  record r = {{0}};
  pto_pm pm;
  const pto_pass *list[] = {&breaker, &nothing, NULL};
  int rc = run_passes(list, &r, &pm, &o);
  check(rc != 0, "verifier stops the pipeline after a broken pass");
  check(has(&r, "7: error: verify:"), "verifier reports at the node's line");
  check(has(&r, "invalid after pass 'breaker'"),
        "verifier names the broken pass");
  check(pm.ntrace == 1, "no pass runs after the verifier failed");
  pto_pm_fini(&pm);
  pto_buf_free(&r.text);

  o.verify = false;
  record r2 = {{0}};
  rc = run_passes(list, &r2, &pm, &o);
  check(rc == 0 && pm.ntrace == 2, "verify=0 turns checking mode off");
  pto_pm_fini(&pm);
  pto_buf_free(&r2.text);
}

static void
test_requirements(void)
{
  pto_options o;
  pto_options_init(&o);
  record r = {{0}};
  pto_pm pm;
  const pto_pass *unmet[] = {&needs_folded, NULL};
  int rc = run_passes(unmet, &r, &pm, &o);
  check(rc != 0, "an unmet requirement stops the run");
  check(has(&r, "requires property ConstantsFolded"),
        "the note names the missing property");
  check(pm.ntrace == 0, "the pass with an unmet requirement did not run");
  pto_pm_fini(&pm);
  pto_buf_free(&r.text);

  record r2 = {{0}};
  const pto_pass *met[] = {&pto_pass_fold, &needs_folded, NULL};
  rc = run_passes(met, &r2, &pm, &o);
  check(rc == 0 && pm.ntrace == 2, "a produced property meets the need");
  pto_pm_fini(&pm);
  pto_buf_free(&r2.text);
}

static void
test_names_and_options(void)
{
  record r = {{0}};
  pto_diag d;
  pto_diag_init(&d);
  d.emit = record_emit;
  d.ctx = &r;
  check(pto_pm_check_names("fold,inline", &d), "known pass names accepted");
  check(!pto_pm_check_names("fold,nosuch", &d)
            && has(&r, "unknown pass 'nosuch'"),
        "unknown pass name reported");
  pto_options o;
  pto_options_init(&o);
  check(o.simplify_let_inline && !o.force_let_inline && o.verify,
        "option defaults");
  check(pto_options_set(&o, "force-let-inline", NULL, &d, pto_noloc) == 0
            && o.force_let_inline,
        "bare bool option sets it");
  check(pto_options_set(&o, "simplify-let-inline", "0", &d, pto_noloc) == 0
            && !o.simplify_let_inline,
        "bool option =0 clears it");
  check(pto_options_set(&o, "unroll-limit", "12x", &d, pto_noloc) == -1
            && has(&r, "option 'unroll-limit' needs an integer, not '12x'"),
        "bad integer value reported");
  check(pto_options_set(&o, "no-such", "1", &d, pto_noloc) == 1,
        "unknown option left to the caller");
  pto_buf_free(&r.text);
}

int
main(void)
{
  test_trace_and_gate();
  test_dump();
  test_verifier_catches_broken_pass();
  test_requirements();
  test_names_and_options();
  return failures;
}
