/* diag.c - the diagnostics sink and the internal-error path.

   User-facing problems are reported through a pto_diag, which counts them
   and hands each formatted message to its emit hook (GCC's diagnostics in
   the plugin, stderr in pto-opt).  Broken invariants of the compiler
   itself go to pto_ice_at, which aborts: they are bugs, not input
   errors.  */

#include "ir/ir.h"

#include <stdlib.h>

const pto_loc pto_noloc = {0, 0, 0, 0};

static const char *const kind_names[] = {"error", "warning", "note",
                                         "sorry, unimplemented"};

void
pto_diag_init(pto_diag *d)
{
  d->emit = NULL;
  d->ctx = NULL;
  d->errors = d->sorries = d->warnings = 0;
}

void
pto_diag_print(FILE *out, pto_diag_kind kind, pto_loc loc, const char *msg)
{
  if (loc.file && loc.line > 0 && loc.col > 0)
    fprintf(out, "%s:%d:%d: ", loc.file, loc.line, loc.col);
  else if (loc.file && loc.line > 0)
    fprintf(out, "%s:%d: ", loc.file, loc.line);
  else if (loc.file)
    fprintf(out, "%s: ", loc.file);
  else
    fputs("pto: ", out);
  fprintf(out, "%s: %s\n", kind_names[kind], msg);
}

void
pto_vdiag(pto_diag *d, pto_diag_kind kind, pto_loc loc, const char *fmt,
          va_list ap)
{
  char small[512];
  if (!fmt)  /* also keeps GCC 12's -fsanitize=undefined from warning */
    pto_ice("null format string");
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  char *msg = small;
  if (n >= (int)sizeof small) {
    msg = pto_xmalloc((size_t)n + 1);
    vsnprintf(msg, (size_t)n + 1, fmt, ap2);
  }
  va_end(ap2);
  if (kind == PTO_DIAG_ERROR || kind == PTO_DIAG_SORRY)
    d->errors++;
  if (kind == PTO_DIAG_SORRY)
    d->sorries++;
  else if (kind == PTO_DIAG_WARNING)
    d->warnings++;
  if (d->emit)
    d->emit(d->ctx, kind, loc, msg);
  else
    pto_diag_print(stderr, kind, loc, msg);
  if (msg != small)
    free(msg);
}

#define DEFINE_REPORTER(fn, kind)                                  \
  void fn(pto_diag *d, pto_loc loc, const char *fmt, ...)          \
  {                                                                \
    va_list ap;                                                    \
    va_start(ap, fmt);                                             \
    pto_vdiag(d, kind, loc, fmt, ap);                              \
    va_end(ap);                                                    \
  }

DEFINE_REPORTER(pto_error, PTO_DIAG_ERROR)
DEFINE_REPORTER(pto_warning, PTO_DIAG_WARNING)
DEFINE_REPORTER(pto_note, PTO_DIAG_NOTE)
DEFINE_REPORTER(pto_sorry, PTO_DIAG_SORRY)

void
pto_ice_at(const char *file, int line, const char *fmt, ...)
{
  va_list ap;
  fprintf(stderr, "pto: internal error at %s:%d: ", file, line);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputs("\nPlease report this bug with the input that triggered it.\n",
        stderr);
  abort();
}
