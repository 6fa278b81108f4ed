/* walk.h - traversal of a function's statements and of a statement's
   expression roots (ir/walk.c), for the passes, the linear form's builder
   and the driver.  */

#ifndef PTO_WALK_H
#define PTO_WALK_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Call FN on every statement of F (pre-order, nested blocks included).  */
void pto_walk_stmts(pto_func *f, void (*fn)(pto_stmt *s, void *ctx),
                    void *ctx);
/* Call FN on every expression tree root of S (not into nested blocks).  */
void pto_stmt_exprs(pto_stmt *s, void (*fn)(pto_expr **slot, void *ctx),
                    void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* PTO_WALK_H */
