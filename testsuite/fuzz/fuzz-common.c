/* fuzz-common.c - the diagnostics sink and the round-trip oracle shared
   by the fuzz targets (contract in fuzz.h).  */

#include "testsuite/fuzz/fuzz.h"

#include <stdlib.h>
#include <string.h>

static void
keep_message(void *ctx, pto_diag_kind kind, pto_loc loc, const char *msg)
{
  pto_fuzz_diag *fd = ctx;
  static const char *const kinds[] = {"error", "warning", "note"};
  pto_buf_printf(&fd->log, "%s:%d:%d: %s: %s\n", loc.file ? loc.file : "pto",
                 loc.line, loc.col, kinds[kind], msg);
  if (fd->verbose)
    pto_diag_print(stderr, kind, loc, msg);
}

void
pto_fuzz_diag_init(pto_fuzz_diag *fd)
{
  memset(fd, 0, sizeof *fd);
  pto_diag_init(&fd->diag);
  fd->diag.emit = keep_message;
  fd->diag.ctx = fd;
  fd->verbose = getenv("PTO_FUZZ_VERBOSE") != NULL;
}

void
pto_fuzz_diag_fini(pto_fuzz_diag *fd)
{
  pto_buf_free(&fd->log);
}

void
pto_fuzz_fail(const pto_fuzz_diag *fd, const char *text, const char *fmt,
              ...)
{
  va_list ap;
  fputs("pto-fuzz: BUG: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  if (fd && fd->log.len)
    fprintf(stderr, "--- diagnostics ---\n%s", fd->log.s);
  if (text)
    fprintf(stderr, "--- text ---\n%s\n--- end ---\n", text);
  abort();
}

/* Parse TEXT (the printed form of a program) and check it verifies;
   abort otherwise.  Return the new program.  */
static pto_program *
reparse(const char *text, size_t len, const char *what)
{
  pto_fuzz_diag fd;
  pto_fuzz_diag_init(&fd);
  pto_program *p = pto_parse("printed.pto", text, len, &fd.diag);
  if (!p)
    pto_fuzz_fail(&fd, text, "%s: the printed program does not parse", what);
  if (fd.diag.errors)
    pto_fuzz_fail(&fd, text, "%s: errors reported but a program returned",
                  what);
  if (pto_verify(p, &fd.diag) != 0)
    pto_fuzz_fail(&fd, text, "%s: the reparsed program does not verify",
                  what);
  pto_fuzz_diag_fini(&fd);
  return p;
}

void
pto_fuzz_check_roundtrip(const pto_program *p, unsigned flags,
                         const char *what)
{
  pto_fuzz_diag fd;
  pto_fuzz_diag_init(&fd);
  pto_buf first = {0};
  pto_print_program(&first, p, flags);
  if (pto_verify(p, &fd.diag) != 0)
    pto_fuzz_fail(&fd, first.s, "%s: the program does not verify", what);
  pto_fuzz_diag_fini(&fd);

  pto_program *q = reparse(first.s ? first.s : "", first.len, what);
  pto_buf second = {0};
  pto_print_program(&second, q, flags);
  if (first.len != second.len
      || (first.len && memcmp(first.s, second.s, first.len) != 0)) {
    fprintf(stderr, "--- first print ---\n%s", first.s ? first.s : "");
    pto_fuzz_fail(NULL, second.s,
                  "%s: print -> parse -> print changed the text (second "
                  "print below)", what);
  }
  pto_buf_free(&first);
  pto_buf_free(&second);
  pto_program_free(q);
}
