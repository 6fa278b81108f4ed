/* fold-expr.h - constant folding of one integer or boolean expression
   (ir/fold-expr.c), with the IR's semantics: arithmetic wraps at the
   dtype's width (two's complement).  The ConstantFold pass
   (passes/fold.c) applies it to every expression of a program; the
   rewriter's rules (rewrite/rules.c) apply it to the nodes they build.  */

#ifndef PTO_FOLD_EXPR_H
#define PTO_FOLD_EXPR_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fold integer/boolean operations on constants in E (bottom-up,
   in place); return the possibly new root.  Undefined operations
   (division by zero, shifts out of range) stay.  */
pto_expr *pto_fold_expr(pto_program *p, pto_expr *e);
/* True if E is an integer or boolean constant.  */
bool pto_expr_is_intconst(const pto_expr *e);
/* True if E is an operation that folding would replace by a constant
   (all operands constant, value defined); its value goes to *R.  */
bool pto_fold_value(const pto_expr *e, int64_t *r);

#ifdef __cplusplus
}
#endif

#endif /* PTO_FOLD_EXPR_H */
