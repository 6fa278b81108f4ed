/* isel-linear.h - the CCE back end's entry into the linear form.

   backend/cce/isel-linear.c walks a kernel's linear form (ir/linear/linear.h)
   and builds from it the kernel's source MIR (mir.h, K->src), the input
   of memplan.c, isel.c and sync.c.  Internal to backend/cce/ (cce.c).  */

#ifndef PTO_EMIT_ISEL_LINEAR_H
#define PTO_EMIT_ISEL_LINEAR_H

#include "backend/cce/mir.h"

/* Build K->src for kernel K->func from its linear form (stage 22 on),
   nodes in K->prog's arena; 0 on success, else a located sorry through
   D for what the walk cannot take (see isel-linear.c) and K->src left
   empty.  Deterministic; the function and program are not changed.  */
int pto_isel_linear_src(pto_mir_kernel *k, pto_diag *d);

#endif /* PTO_EMIT_ISEL_LINEAR_H */
