/* symbolic.h - the public interface of the symbolic rewriter, for the
   passes (Simplify, Decompose), the linear form's builder (loop extents)
   and the tools: value ranges of integer expressions and simplification
   to a fixed point.  rewrite/rewrite.h is the rewriter's private side
   (intervals in 128 bits, the rule table, the decompositions).  */

#ifndef PTO_SYMBOLIC_H
#define PTO_SYMBOLIC_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Value ranges (ranges.c) and the table-driven rewrite engine
   (rewrite.c).  A range environment maps variables to inclusive integer
   bounds (loop indices, facts from binds).  */
typedef struct pto_range {
  int64_t lo, hi;      /* inclusive; valid only when known */
  bool known;
} pto_range;

typedef struct pto_range_env pto_range_env;

pto_range_env *pto_range_env_new(void);
void pto_range_env_free(pto_range_env *env);
/* Record LO <= V <= HI (replacing what was known about V).  */
void pto_range_env_set(pto_range_env *env, const pto_var *v, int64_t lo,
                       int64_t hi);
void pto_range_env_forget(pto_range_env *env, const pto_var *v);
/* The range of integer expression E under ENV (ENV may be NULL).  */
pto_range pto_expr_range(const pto_expr *e, const pto_range_env *env);
/* Simplify E to a fixed point with the symbolic rules under ENV (may be
   NULL); return the new root (E's nodes may be reused).  Never changes
   the value E computes for any assignment of its variables that ENV
   allows, and never removes a side effect.  */
pto_expr *pto_simplify_expr(pto_program *p, pto_expr *e,
                            const pto_range_env *env);

#ifdef __cplusplus
}
#endif

#endif /* PTO_SYMBOLIC_H */
