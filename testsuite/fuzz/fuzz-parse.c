/* fuzz-parse.c - fuzz target: the textual IR parser and printer.

   The whole input is IR text.  Oracles (any failure aborts):
   - pto_parse returns NULL exactly when it reported an error;
   - a returned program verifies (the parser type-checks: ir.h);
   - print -> parse -> print gives the same text, without and with
     locations (doc/ir.md: printing round-trips byte for byte), and every
     reparsed program verifies;
   - no crash, sanitizer report or leak (the sanitizers of the build).  */

#include "testsuite/fuzz/fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  pto_fuzz_diag fd;
  pto_fuzz_diag_init(&fd);
  pto_program *p = pto_parse("fuzz.pto", (const char *)data, size, &fd.diag);
  if (!p) {
    if (fd.diag.errors == 0)
      pto_fuzz_fail(&fd, NULL, "parse failed without reporting an error");
    pto_fuzz_diag_fini(&fd);
    return 0;
  }
  if (fd.diag.errors)
    pto_fuzz_fail(&fd, NULL, "parse reported errors but returned a program");
  pto_fuzz_diag_fini(&fd);
  pto_fuzz_check_roundtrip(p, 0, "parsed input");
  pto_fuzz_check_roundtrip(p, PTO_PRINT_LOCS, "parsed input, locations");
  pto_program_free(p);
  return 0;
}
