/* let-inline.h - private interface shared by LetInline (let-inline.c)
   and Simplify (simplify.c): the bind analysis of TileLang's Simplify
   (src/transform/simplify.cc) mapped onto our IR.

   A *bind* is "var x: T = value;" whose variable is never written
   afterwards: never the root of an assignment, never a written operand of
   an intrinsic, never an assigned tile element, and never address-taken.

   A bind is *stable* when substituting its value at every use computes
   the same thing: nothing between the bind and the last statement (of the
   bind's block) that uses it, directly or through another bind whose
   value mentions it, may write what the value reads.  The aliasing rule:
     - a variable the value reads conflicts with an assignment to it;
     - memory the value reads (p[i], *p, elements of a tile reached
       through a pointer, any address-taken variable) conflicts with any
       memory write: a store through a pointer, pto.store, an intrinsic
       writing a tile reached through a pointer or an address-taken tile,
       a call to a function, pto.launch;
     - a tile variable that is not address-taken is distinct from every
       other tile variable and from GM memory: only writes that name it
       (as an intrinsic destination or "t[i][j] = ...") conflict.
   The last statement of the interval does not count its own write when
   it is an assignment or an intrinsic/function call statement with no
   other effectful call inside: its operands are evaluated before it
   writes.  Our IR has no expression-level let, so statement binds are the
   only kind.  */

#ifndef PTO_LET_INLINE_H
#define PTO_LET_INLINE_H

#include "passes/passes.h"

typedef struct pto_letinfo pto_letinfo;

/* Analyse F (its current body).  Free with pto_letinfo_free.  */
pto_letinfo *pto_letinfo_new(pto_program *p, pto_func *f);
void pto_letinfo_free(pto_letinfo *li);

/* True if V is a bind (see above).  */
bool pto_let_is_bind(const pto_letinfo *li, const pto_var *v);
/* True if V is a bind whose value may be substituted at every use.  */
bool pto_let_is_stable(const pto_letinfo *li, const pto_var *v);
/* True if V appears in a buffer-definition operand (the bufdef column of
   the op table: pto.load's and pto.store's pointer and row stride).  */
bool pto_let_in_bufdef(const pto_letinfo *li, const pto_var *v);
/* True if V is a variable whose value is not changed anywhere in F
   after its definition (parameters included; loop indices are).  */
bool pto_let_is_immutable(const pto_letinfo *li, const pto_var *v);

/* True if E calls a function or an intrinsic whose effect is not pure.  */
bool pto_let_has_effect(const pto_expr *e);
/* True if E reads memory (p[i], *p, a tile through a pointer, an
   address-taken variable) under LI.  */
bool pto_let_reads_memory(const pto_letinfo *li, const pto_expr *e);

/* A substitution: MAP[v->id] is the replacement of variable V, or NULL.
   Return E with every mapped variable replaced by a fresh copy of its
   replacement (E's nodes are reused where nothing changes; E itself is
   not modified).  With PROTECT_BUFDEF, buffer-definition operands of
   intrinsic calls are left as they are.  */
pto_expr *pto_let_subst(pto_program *p, pto_expr *e, pto_expr *const *map,
                        bool protect_bufdef);

/* LetInline on one function; returns 0.  */
int pto_let_inline_func(pto_program *p, pto_func *f, pto_diag *diag);

#endif /* PTO_LET_INLINE_H */
