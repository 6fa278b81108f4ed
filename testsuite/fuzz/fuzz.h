/* fuzz.h - shared helpers of the fuzz targets (testsuite/fuzz/).

   Each target (fuzz-parse.c, fuzz-passes.c) defines the libFuzzer entry
   point LLVMFuzzerTestOneInput and aborts on any bug it detects.  The
   same object files link either with libFuzzer (clang -fsanitize=fuzzer)
   or with replay.c, a main() that feeds files to the entry point, so
   that every corpus file and crash reproducer can be replayed by `make
   check` with plain GCC.  See README.md.  */

#ifndef PTO_FUZZ_H
#define PTO_FUZZ_H

#include "ir/ir.h"

#include <stddef.h>
#include <stdint.h>

/* The libFuzzer entry point: run one input; return 0.  A detected bug
   aborts (after printing what went wrong to stderr).  */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A diagnostics sink that keeps the messages instead of printing them
   (fuzzing produces millions of expected errors).  Set the environment
   variable PTO_FUZZ_VERBOSE to also print each message as it comes.  */
typedef struct pto_fuzz_diag {
  pto_diag diag;
  pto_buf log;
  bool verbose;
} pto_fuzz_diag;

void pto_fuzz_diag_init(pto_fuzz_diag *fd);
void pto_fuzz_diag_fini(pto_fuzz_diag *fd);

/* Print "pto-fuzz: BUG: MSG", the messages FD kept (may be NULL) and
   TEXT (may be NULL) to stderr, then abort.  */
PTO_NORETURN void pto_fuzz_fail(const pto_fuzz_diag *fd, const char *text,
                                const char *fmt, ...) PTO_PRINTF(3, 4);

/* Check that P verifies and that its printed form (with FLAGS) parses
   back, verifies, and prints the same text again.  WHAT names the step
   for failure messages.  Abort on any failure.  */
void pto_fuzz_check_roundtrip(const pto_program *p, unsigned flags,
                              const char *what);

#endif /* PTO_FUZZ_H */
