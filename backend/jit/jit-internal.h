/* jit-internal.h - what the two halves of the libgccjit back end share.

   backend/jit/jit.c makes the functions and holds the semantics of each
   operation; backend/jit/jit-linear.c walks the linear form (ir/linear/linear.h)
   of each function's body.  Both build
   into pto-jit.so only; nothing here crosses the module boundary (the
   plugin sees backend/jit/jit.h).  The state types live here; jit.c keeps its
   helpers static and exports the few that jit-linear.c needs through
   the pto_jit_* wrappers below, so that the expression, memory and call
   semantics (integer division, floordiv/floormod, casts, fp16 rounding,
   tile operations through libpto-rt, pto.launch) exist exactly once.  */

#ifndef PTO_EMIT_JIT_INTERNAL_H
#define PTO_EMIT_JIT_INTERNAL_H

#include "backend/jit/jit.h"

#include <libgccjit.h>

#include <stdbool.h>

/* A JIT struct type made for an IR tile or tuple type.  */
typedef struct aggr_type {
  const pto_type *key;
  gcc_jit_struct *st;
  gcc_jit_field **fields;
} aggr_type;

typedef struct jit {
  gcc_jit_context *ctxt;
  const pto_program *prog;
  const pto_jit_target *target;
  pto_diag *diag;
  int errors;
  const char *last_fail;     /* the last construct reported by fail() */
  pto_loc last_fail_loc;

  gcc_jit_type *t_void, *t_voidp, *t_cvoidp, *t_bool, *t_int, *t_ll,
      *t_double, *t_float, *t_size, *t_cstr, *t_char, *t_u16, *t_u32;
  /* union { uint32_t u; float f; }: a float's bits (jit-tile.c's bf16
     conversions; libgccjit 11 has no bitcast).  */
  gcc_jit_type *t_fbits;
  gcc_jit_field *fbits_u, *fbits_f;
  aggr_type *aggrs;
  int naggrs, capaggrs;

  gcc_jit_lvalue **vars;     /* by pto_var id (jit-linear.c appends the
                                ids of its stand-in variables) */
  unsigned nvars;            /* entries of VARS */
  gcc_jit_function **funcs;  /* by index in prog->funcs */

  /* libpto-rt entries, imported on first use.  */
  gcc_jit_function *rt[28];   /* by enum rt_entry (< RT_COUNT) */
} jit;

/* Per-function emission state.  CUR is the block statements go to; it is
   NULL right after a terminator (RETURN, an ungated BREAK or CONTINUE),
   and the next uop then opens a fresh (unreachable) block.  */
typedef struct fn_ctx {
  jit *j;
  const pto_func *f;
  gcc_jit_function *fn;
  gcc_jit_block *cur;
  gcc_jit_rvalue *bidx, *bnum;  /* kernels: the simulation's parameters */
  int ntemps;
  int ninline;          /* tile ops jit-tile.c inlined so far */
} fn_ctx;

/* jit.c's expression and statement semantics, for jit-linear.c.  */
gcc_jit_rvalue *pto_jit_rvalue(fn_ctx *fc, const pto_expr *e);
gcc_jit_lvalue *pto_jit_lvalue(fn_ctx *fc, const pto_expr *e);
/* An intrinsic call in statement position (tile ops, pto.launch).  */
void pto_jit_call_stmt(fn_ctx *fc, const pto_expr *e);
/* R converted for a store into a place of type T (MEMORY: GM or a tile
   element, where fp16 is a 16-bit encoding).  */
gcc_jit_rvalue *pto_jit_value_for(jit *j, gcc_jit_rvalue *r,
                                  const pto_type *t, bool memory,
                                  pto_loc loc);
gcc_jit_type *pto_jit_type(jit *j, const pto_type *t, pto_loc loc);
/* V converted to T by C's rules (a bool to or from a float too, which
   gcc_jit_context_new_cast refuses).  */
gcc_jit_rvalue *pto_jit_cast(jit *j, gcc_jit_rvalue *v, gcc_jit_type *t);
gcc_jit_lvalue *pto_jit_new_temp(fn_ctx *fc, gcc_jit_type *t);
void pto_jit_fail(jit *j, pto_loc loc, const char *what);
/* The scalar operand E of a tile op as a double holding its value before
   the conversion to the element type (libpto-rt's convention).  */
gcc_jit_rvalue *pto_jit_tile_scalar(fn_ctx *fc, const pto_expr *e);
/* libpto-rt's __pto_rt_check_row_stride (runtime/pto-rt.h), imported on
   first use: (const void *op, long long rs, rows, cols).  */
gcc_jit_function *pto_jit_rt_check_row_stride(jit *j);
/* libpto-rt's __pto_rt_check_valid: (const void *op, long long rs, vr,
   vc, rows, cols).  */
gcc_jit_function *pto_jit_rt_check_valid(jit *j);

/* jit-tile.c: emit tile op E (a statement-position intrinsic call) as
   inline loops with constant bounds and return true, or emit nothing
   and return false (jit.c then calls libpto-rt).  */
bool pto_jit_tile_inline(fn_ctx *fc, const pto_expr *e);

/* jit-linear.c: emit F's body (FC is positioned after the kernel
   prologue) from its linear form; a construct the form does not cover
   is reported (a located sorry) and counted in FC->j->errors.  */
void pto_jit_linear_body(fn_ctx *fc);

#endif /* PTO_EMIT_JIT_INTERNAL_H */
