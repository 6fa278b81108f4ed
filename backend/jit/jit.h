/* jit.h - the libgccjit back end's entry point.

   pto_jit_backend (backend/jit/backend.c) is the back end behind the one
   interface of ir/backend.h, named "jit"; its emit is pto_jit_compile
   with the unit's host description (UNIT->host, required).

   backend/jit/ is linked with -lgccjit and the C core into a separate
   module, pto-jit.so, installed next to pto.so.  The plugin's back-end
   table (plugin/backends.cc, plugin/jit-bridge.cc) dlopens it only when
   a translation unit has work for it and looks up PTO_JIT_BACKEND, the
   pto_backend object.
   Nothing else crosses the boundary, so moving the back end into a
   helper process later changes one call.  */

#ifndef PTO_BACKEND_JIT_H
#define PTO_BACKEND_JIT_H

#include "ir/backend.h"
#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the generated code must match in the object it is injected into
   (ir/backend.h), under the name the JIT's files use.  */
typedef pto_host_target pto_jit_target;

/* Compile the PTO_KERNEL and PTO_HOST functions of P (the output of the
   pass pipeline) to assembler text for the unit's object:
   * each PTO_HOST function under its own C symbol and prototype, with the
     transformed body;
   * unless TARGET->kernels_from_cce, for each PTO_KERNEL a local
     simulation entry
       void __pto_sim_NAME (void *const *args, int block_idx, int block_num)
     whose tile operations call libpto-rt (runtime/pto-rt.h), a record in
     section pto_kernels, and one constructor registering the section.
   The text keeps the current section (it is wrapped in .pushsection /
   .popsection), uses local labels that cannot clash with GCC's (.Lpto*),
   and carries no debug information, so identical input gives identical
   text.  On success return 0 and set *ASM_TEXT to a malloc'd string (NULL
   when P has nothing to compile); otherwise report through DIAG and
   return non-zero.  Writes nothing to stdout.  */
int pto_jit_compile(const pto_program *p, const pto_jit_target *target,
                    pto_diag *diag, char **asm_text);

/* The back end, exported by pto-jit.so under the name PTO_JIT_BACKEND.  */
extern const pto_backend pto_jit_backend;
#define PTO_JIT_BACKEND "pto_jit_backend"
#define PTO_JIT_MODULE "pto-jit.so"

#ifdef __cplusplus
}
#endif

#endif /* PTO_BACKEND_JIT_H */
