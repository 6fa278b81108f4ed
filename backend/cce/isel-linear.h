/* isel-linear.h - the CCE back end's entry into the linear form.

   backend/cce/isel-linear.c rebuilds a kernel from its linear form
   (ir/linear/linear.h) as a stand-in function whose body memplan.c,
   isel.c and sync.c then lower exactly as they lower the structured
   body.  Internal to emit/ (cce.c's dispatch).  */

#ifndef PTO_EMIT_ISEL_LINEAR_H
#define PTO_EMIT_ISEL_LINEAR_H

#include "ir/ir.h"

/* The stand-in of kernel F built from its linear form (stage 22 on), in
   P's arena, or NULL when the linear form does not cover F (see
   isel-linear.c): the caller then lowers F itself.  Deterministic and
   silent; F and P are not changed.  */
const pto_func *pto_isel_linear_func(const pto_program *p, const pto_func *f);

#endif /* PTO_EMIT_ISEL_LINEAR_H */
