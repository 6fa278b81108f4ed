/* fuzz-passes.c - fuzz target: pto-opt pass lists over parsed IR.

   Input layout: a 4-byte header, then IR text.
     byte 0  options: bit 0 force-let-inline, bit 1 simplify-let-inline
             off, bits 2-3 unroll-limit (16, 64, 256, 4096)
     byte 1  (byte % 5) passes, 0 meaning --pipeline=default
     byte 2, 3  the passes, 4 bits each (byte 2 low nibble first), each
             nibble % 5 indexes inline, unroll, let_inline, simplify, fold
   An input shorter than the header is ignored.  The text must parse (an
   input that does not is done).  The passes then run one at a time
   through the pass manager with verify off, and after each pass that ran
   and succeeded this target checks, aborting on failure:
   - pto_verify and the verifier of every property the pass produces;
   - the program prints, parses back, verifies and prints the same text.
   A pass that reports a user error (a located diagnostic, non-zero
   return) ends the run normally.  Crashes, ICEs (abort) and sanitizer
   reports are bugs too.  make-corpus.sh writes headers for the seeds;
   replay.c's -H option prepends one to plain .pto files.  */

#include "testsuite/fuzz/fuzz.h"
#include "passes/passes.h"

#include <string.h>

enum { HEADER = 4, MAX_LIST = 16 };

static const pto_pass *const pass_table[] = {
    &pto_pass_inline, &pto_pass_unroll, &pto_pass_let_inline,
    &pto_pass_simplify, &pto_pass_fold,
};

/* Fill OPTS from the options byte B.  */
static void
decode_options(pto_options *opts, uint8_t b)
{
  static const long limits[] = {16, 64, 256, 4096};
  pto_options_init(opts);
  opts->force_let_inline = b & 1;
  opts->simplify_let_inline = !(b & 2);
  opts->unroll_limit = limits[(b >> 2) & 3];
  opts->verify = false;  /* this target checks after each pass itself */
}

/* Fill LIST (NULL-terminated) from header bytes 1-3; return its length.  */
static int
decode_passes(const pto_pass **list, const uint8_t *h)
{
  int n = h[1] % 5;
  if (n == 0) {
    int i = 0;
    for (; pto_default_pipeline[i]; i++) {
      pto_assert(i < MAX_LIST - 1);
      list[i] = pto_default_pipeline[i];
    }
    list[i] = NULL;
    return i;
  }
  unsigned bits = h[2] | (unsigned)h[3] << 8;
  for (int i = 0; i < n; i++)
    list[i] = pass_table[((bits >> (4 * i)) & 15) % 5];
  list[n] = NULL;
  return n;
}

/* Verify P after PASS ran: structure plus the produced properties.  */
static void
check_after(const pto_program *p, const pto_pass *pass)
{
  static int (*const verifiers[])(const pto_program *, pto_diag *) = {
#define X(e, n, fn) fn,
      PTO_PROPERTIES(X)
#undef X
  };
  pto_fuzz_diag fd;
  pto_fuzz_diag_init(&fd);
  int bad = pto_verify(p, &fd.diag);
  for (int bit = 0; bit < PTO_PROPBIT_COUNT; bit++)
    if (pass->produces & (1u << bit))
      bad += verifiers[bit](p, &fd.diag);
  if (bad) {
    pto_buf text = {0};
    pto_print_program(&text, p, 0);
    pto_fuzz_fail(&fd, text.s, "the IR does not verify after pass '%s'",
                  pass->name);
  }
  pto_fuzz_diag_fini(&fd);
  pto_fuzz_check_roundtrip(p, 0, pass->name);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < HEADER)
    return 0;
  pto_options opts;
  decode_options(&opts, data[0]);
  const pto_pass *list[MAX_LIST];
  int n = decode_passes(list, data);

  pto_fuzz_diag fd;
  pto_fuzz_diag_init(&fd);
  pto_program *p = pto_parse("fuzz.pto", (const char *)data + HEADER,
                             size - HEADER, &fd.diag);
  if (!p) {
    pto_fuzz_diag_fini(&fd);
    return 0;
  }
  pto_pm pm;
  pto_pm_init(&pm, &opts, &fd.diag);
  for (int i = 0; i < n; i++) {
    const pto_pass *one[2] = {list[i], NULL};
    int ran_before = pm.ntrace;
    int errors_before = fd.diag.errors;
    if (pto_pm_run(&pm, p, one) != 0) {
      if (fd.diag.errors == errors_before)
        pto_fuzz_fail(&fd, NULL, "pass '%s' failed without an error",
                      list[i]->name);
      break;  /* a user error, reported through the sink */
    }
    if (pm.ntrace > ran_before)
      check_after(p, list[i]);
  }
  pto_pm_fini(&pm);
  pto_program_free(p);
  pto_fuzz_diag_fini(&fd);
  return 0;
}
