/* fe-internal.h - declarations shared by the front end's C++ files.

   Includes GCC's plugin headers in the order they need (c-common.h
   before diagnostic.h, stringpool.h before attribs.h) and declares the
   cross-file helpers of attribs.cc, capture.cc, kernel-body.cc and
   launch.cc.  The front end's C++ files include it, and the driver's
   (plugin/unit.cc, plugin/output.cc), which call into the front end.  */

#ifndef PTO_FE_INTERNAL_H
#define PTO_FE_INTERNAL_H

#include "frontend/gcc-compat.h"
#include "tree.h"
#include "c-family/c-common.h"
#include "stringpool.h"
#include "attribs.h"
#include "diagnostic.h"
#include "tree-iterator.h"
#include "fold-const.h"
#include "cgraph.h"
#include "real.h"

#include "frontend/frontend.h"

/* GCC's -Wformat-diag enforces the style rules of GCC's own messages
   (every keyword such as float quoted, no bare apostrophes).  Ours quote
   code with %<...%> where it helps the reader and name DSL macros
   (PTO_KERNEL, pto_launch) plainly, so the check is off for the front
   end.  */
#pragma GCC diagnostic ignored "-Wformat-diag"

/* The role of a function, from its attribute (attribs.cc).  */
enum pto_fe_role
{
  PTO_ROLE_NONE,
  PTO_ROLE_KERNEL,
  PTO_ROLE_HOST,
  PTO_ROLE_INLINE
};

/* attribs.cc */
void pto_fe_register_attributes (void);
pto_fe_role pto_fe_role_of (tree fndecl);
/* The op name of a pto_intrinsic function ("add", "unroll"), or NULL.  */
const char *pto_fe_intrinsic_name (tree fndecl);
/* If T (past conversions) is pto.h's marker __pto_arg_ref (0, x) of a GM
   pointer or kernel operand, its operand x with its own C type (after
   the default argument promotions); else NULL_TREE.  */
tree pto_fe_arg_ref_operand (tree t);
/* True if TYPE (a RECORD_TYPE) carries the pto_tile attribute.  */
bool pto_fe_is_tile_type (tree type);
/* True if TYPE is pto.h's bf16 storage type `struct pto_bf16' (its tag
   and one 16-bit unsigned member `bits'): the IR's bf16.  */
bool pto_fe_is_bf16_type (tree type);
/* Element type, rows and columns of a valid tile struct TYPE; false when
   its layout is not `struct { T v[R][C]; }' with constant R, C.  */
bool pto_fe_tile_layout (tree type, tree *elt, long *rows, long *cols);
/* Check a complete pto_tile struct TYPE (layout, size); report an error
   at the current location and return false if it is not a valid tile.  */
bool pto_fe_check_tile_type (tree type);
/* The largest on-chip buffer of any target, in bytes.  */
enum { PTO_FE_MAX_BUFFER_BYTES = 1024 * 1024 };

/* capture.cc: translate FNDECL (a function with a role) into P.  Report
   unsupported constructs with GCC errors; return false if any.  */
bool pto_fe_capture_function (pto_program *p, tree fndecl, pto_fe_role role);
/* Check the factors of the unroll call T, __pto_unroll (0, f1, ...)
   (pto.h's limits: 1 to 8 positive integer constants of at most
   2147483647), report the first bad one with a GCC error at its user
   location (LOC when it has none) and return -1, else store them in
   FACTORS and return how many.  */
int pto_fe_unroll_factors (tree t, location_t loc, int64_t factors[8]);
/* A pto_loc for GCC location LOC (resolved out of pto.h's macros).  */
pto_loc pto_fe_loc (pto_program *p, location_t loc);

/* kernel-body.cc: the declaration of the runtime function NAME: the
   unit's own if it declares one, else a public external declaration of
   TYPE.  */
tree pto_fe_runtime_decl (const char *name, tree type);
/* Replace the body of kernel FNDECL by the launch stub.  */
void pto_fe_replace_kernel_body (tree fndecl);

/* launch.cc: argument A of the variadic __pto_op_launch with its default
   argument promotion (float to double, char to int ...) undone.  */
tree pto_fe_unpromote (tree a);
/* The call KERNEL (a1', ..., an') that the launch call T
   (__pto_op_launch (k, blocks, a1, ..., an)) stands for: each ai (pto.h's
   marker &(T){a}: the literal, a non-constant of a's type) converted to
   its parameter type by the C front end as in the ordinary call of
   reference mode, with its errors and warnings at LOC.  error_mark_node
   after an error.  The argument count must match (checked by the
   caller).  */
tree pto_fe_launch_kernel (tree arg);
tree pto_fe_launch_kernel_call (tree t, tree kernel, location_t loc);
/* A converted argument of that call (or a marker of T) with each
   marker's literal replaced by its value, for the IR (which has no
   compound literals) and for locations.  */
tree pto_fe_launch_arg_value (tree a);

/* launch.cc: for walk_tree callbacks looking for calls: the CALL_EXPR
   at *TP, or NULL_TREE (and no walk into types).  */
tree pto_fe_walk_call (tree *tp, int *walk_subtrees);

#endif /* PTO_FE_INTERNAL_H */
