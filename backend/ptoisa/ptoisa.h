/* ptoisa.h - the PTO-ISA back end's entry point.

   pto_ptoisa_backend (backend/ptoisa/backend.c) is the back end behind
   the one interface of ir/backend.h, named "pto-isa"; its emit is
   pto_emit_ptoisa.

   pto_emit_ptoisa writes every live kernel of P (after the pass
   pipeline) as one C++ translation unit on the vendor's tile library,
   PTO-ISA (github.com/hw-native-sys/pto-isa, include/pto/pto-inst.hpp),
   and appends it to OUT.  It renders from the same input as the CCE
   back end: the kernel's source MIR built from its linear form
   (backend/cce/isel-linear.h), the UB plan of backend/cce/memplan.c and
   the syncs of backend/cce/sync.c, so every tile is a PTO-ISA Tile<...>
   placed with TASSIGN at the byte offset our plan chose (plans, UB
   overflow errors stay ours) and the pipes are ordered by our
   set_flag/wait_flag pairs.  Each tile op becomes the PTO-ISA
   instruction doc/pto-isa.md names for it; an op, dtype or tile shape
   without one is a located sorry naming the op.  The text compiles
   with the vendor's compiler for the device and, with -D__CPU_SIM, with
   a C++20 host compiler against the library's CPU simulation; per
   kernel it defines `NAME' (the __global__ AICORE entry) and
   `NAME__sim(void *const *args)' as the CCE text does (ARGS[i] points
   at argument i).  Deterministic: the text depends only on P and O.
   Returns 0 on success; otherwise every problem was reported through D
   and OUT holds no usable text.  */

#ifndef PTO_BACKEND_PTOISA_H
#define PTO_BACKEND_PTOISA_H

#include "ir/backend.h"
#include "ir/ir.h"
#include "ir/options.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const pto_backend pto_ptoisa_backend;

int pto_emit_ptoisa(const pto_program *p, const pto_options *o, pto_diag *d,
                    pto_buf *out);

#ifdef __cplusplus
}
#endif

#endif /* PTO_BACKEND_PTOISA_H */
