/* isel-linear.h - the CCE back end's entry into the linear form.

   backend/cce/isel-linear.c walks a kernel's linear form (ir/linear/linear.h)
   and builds from it the kernel's source MIR (mir.h, K->src), the input
   of memplan.c, isel.c and sync.c.  Internal to backend/cce/ (cce.c).  */

#ifndef PTO_EMIT_ISEL_LINEAR_H
#define PTO_EMIT_ISEL_LINEAR_H

#include "backend/cce/mir.h"

/* Build K->src for kernel K->func from its linear form (stage 22 on),
   nodes in K->prog's arena; false (K->src left empty) when the linear
   form does not cover the kernel (see isel-linear.c): the caller then
   builds K->src from the structured body.  Deterministic and silent;
   the function and program are not changed.  */
bool pto_isel_linear_src(pto_mir_kernel *k);

#endif /* PTO_EMIT_ISEL_LINEAR_H */
