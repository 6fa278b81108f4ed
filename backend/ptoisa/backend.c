/* backend.c - the PTO-ISA back end behind the interface of ir/backend.h.

   pto_ptoisa_backend ("pto-isa") emits the kernels of the program as
   C++ on the vendor's PTO-ISA tile library (pto_emit_ptoisa,
   backend/ptoisa/ptoisa.h) for the arch of UNIT->opts; the host
   description is not used.  */

#include "backend/ptoisa/ptoisa.h"

static int
ptoisa_emit(const pto_program *p, const pto_backend_unit *unit,
            pto_diag *diag, pto_buf *out)
{
  return pto_emit_ptoisa(p, unit->opts, diag, out);
}

const pto_backend pto_ptoisa_backend = {
  "pto-isa",
  "PTO-ISA C++",
  ptoisa_emit,
};
