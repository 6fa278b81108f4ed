/* backend.c - the CCE back end behind the interface of ir/backend.h.

   pto_cce_backend ("cce") emits the CCE text of the program's kernels
   (pto_emit_cce, backend/cce/cce.h) for the arch of UNIT->opts; the
   host description is not used: the text is device code.  */

#include "backend/cce/cce.h"

static int
cce_emit(const pto_program *p, const pto_backend_unit *unit, pto_diag *diag,
         pto_buf *out)
{
  return pto_emit_cce(p, unit->opts, diag, out);
}

const pto_backend pto_cce_backend = {
  "cce",
  "CCE text",
  cce_emit,
};
