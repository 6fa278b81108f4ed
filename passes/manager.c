/* manager.c - the pass manager.

   Runs a list of passes over a program.  For each pass, in order:
     1. the gate: a pass whose gate says no is skipped and leaves no
        trace line (as in TileLang: "LetInline does not appear");
     2. requirements: a required property that no earlier pass produced is
        checked on the input by its verifier, so a single pass can run on
        hand-written IR that already has the property;
     3. the pass itself, timed with a monotonic clock;
     4. the property bookkeeping: invalidated properties are dropped,
        produced ones added;
     5. in checking mode (option verify, default on), the structural
        verifier and the verifier of every produced property;
     6. the dump, when the pass is named in dump_after (or it is "all").
   The first error stops the run.  */

#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "passes/passes.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

void
pto_pm_init(pto_pm *pm, const pto_options *opts, pto_diag *diag)
{
  memset(pm, 0, sizeof *pm);
  pm->opts = opts;
  pm->diag = diag;
}

void
pto_pm_fini(pto_pm *pm)
{
  free(pm->trace);
  pm->trace = NULL;
  pm->ntrace = pm->captrace = 0;
}

bool
pto_list_has(const char *list, const char *name)
{
  size_t n = strlen(name);
  for (const char *s = list; *s;) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (len == n && memcmp(s, name, n) == 0)
      return true;
    if (!e)
      break;
    s = e + 1;
  }
  return false;
}

bool
pto_pm_check_names(const char *list, pto_diag *diag)
{
  if (!strcmp(list, "all"))
    return true;
  for (const char *s = list;;) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (!pto_pass_lookup(s, len)) {
      pto_buf names = {0};
      pto_pass_names(&names);
      pto_error(diag, pto_noloc, "unknown pass '%.*s' (passes: %s)",
                (int)len, s, names.s);
      pto_buf_free(&names);
      return false;
    }
    if (!e)
      return true;
    s = e + 1;
  }
}

static double
now_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
record_trace(pto_pm *pm, const char *name, double ms)
{
  if (pm->ntrace == pm->captrace) {
    pm->captrace = pm->captrace ? pm->captrace * 2 : 8;
    pm->trace = pto_xrealloc(pm->trace,
                             sizeof *pm->trace * (size_t)pm->captrace);
  }
  pm->trace[pm->ntrace].name = name;
  pm->trace[pm->ntrace++].ms = ms;
}

/* Property verifiers, indexed by property bit.  */
static int (*const verifiers[])(const pto_program *, pto_diag *) = {
#define X(e, n, fn) fn,
    PTO_PROPERTIES(X)
#undef X
};

/* Make sure P has every property in REQUIRES before PASS runs; return
   false after reporting one that neither an earlier pass produced nor
   the input satisfies.  */
static bool
establish_requirements(pto_pm *pm, pto_program *p, const pto_pass *pass)
{
  for (int bit = 0; bit < PTO_PROPBIT_COUNT; bit++) {
    unsigned m = 1u << bit;
    if (!(pass->requires & m) || (p->properties & m))
      continue;
    if (verifiers[bit](p, pm->diag) != 0) {
      pto_note(pm->diag, pto_noloc,
               "pass '%s' requires property %s, which the input lacks and "
               "no earlier pass produced", pass->name,
               pto_property_name(bit));
      return false;
    }
    p->properties |= m;
  }
  return true;
}

/* Run the checking-mode verifiers after PASS; return false on errors.  */
static bool
verify_after(pto_pm *pm, const pto_program *p, const pto_pass *pass)
{
  int bad = pto_verify(p, pm->diag);
  for (int bit = 0; bit < PTO_PROPBIT_COUNT; bit++)
    if (pass->produces & (1u << bit))
      bad += verifiers[bit](p, pm->diag);
  if (bad)
    pto_note(pm->diag, pto_noloc,
             "the IR is invalid after pass '%s' (%d problem%s): this is a "
             "bug in pto-gcc", pass->name, bad, bad == 1 ? "" : "s");
  return bad == 0;
}

static void
dump_after(pto_pm *pm, const pto_pass *pass, int pos, const pto_program *p)
{
  if (!pm->dump_after
      || (strcmp(pm->dump_after, "all") && !pto_list_has(pm->dump_after,
                                                     pass->name)))
    return;
  if (pm->dump) {
    pm->dump(pm->dump_ctx, pass, pos, p);
    return;
  }
  fprintf(stderr, "# IR after pass %d '%s'\n", pos, pass->name);
  pto_fprint_program(stderr, p, 0);
}

int
pto_pm_run(pto_pm *pm, pto_program *p, const pto_pass *const *passes)
{
  int pos = 0;
  for (; *passes; passes++) {
    const pto_pass *pass = *passes;
    if (pass->gate && !pass->gate(pm->opts))
      continue;
    if (!establish_requirements(pm, p, pass))
      return 1;
    pto_pass_ctx ctx = {p, pm->diag, pm->opts};
    int errors_before = pm->diag->errors;
    double t0 = now_ms();
    int rc = pass->run(&ctx);
    record_trace(pm, pass->title, now_ms() - t0);
    pos++;
    if (rc != 0 || pm->diag->errors > errors_before)
      return 1;
    p->properties = (p->properties & ~pass->invalidates) | pass->produces;
    if (pm->opts->verify && !verify_after(pm, p, pass))
      return 1;
    dump_after(pm, pass, pos, p);
  }
  return 0;
}

void
pto_pm_print_trace(const pto_pm *pm, FILE *out)
{
  for (int i = 0; i < pm->ntrace; i++)
    fprintf(out, "pto: pass %-20s %9.3f ms\n", pm->trace[i].name,
            pm->trace[i].ms);
}
