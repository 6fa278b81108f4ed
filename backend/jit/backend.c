/* backend.c - the libgccjit back end behind the interface of
   ir/backend.h.

   pto_jit_backend ("jit") compiles the program's PTO_HOST functions, and
   its kernels' simulations unless they come from the CCE, to assembler
   text for the host object described by UNIT->host (pto_jit_compile,
   backend/jit/jit.h), and appends that text to OUT.  Without a host
   description there is no object to match: an error.  */

#include "backend/jit/jit.h"

#include <stdlib.h>

static int
jit_emit(const pto_program *p, const pto_backend_unit *unit, pto_diag *diag,
         pto_buf *out)
{
  if (!unit->host) {
    pto_error(diag, pto_noloc, "pto: the jit back end needs the host "
              "object's description");
    return 1;
  }
  char *text = NULL;
  int status = pto_jit_compile(p, unit->host, diag, &text);
  if (status == 0 && text)
    pto_buf_puts(out, text);
  free(text);
  return status;
}

const pto_backend pto_jit_backend = {
  "jit",
  "assembler text",
  jit_emit,
};
