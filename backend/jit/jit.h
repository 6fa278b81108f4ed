/* jit.h - the libgccjit back end (backend/jit/jit.c) as seen by the plugin.

   backend/jit/jit.c is linked with -lgccjit and the C core into a separate
   module, pto-jit.so, installed next to pto.so.  The plugin
   (plugin/jit-bridge.cc) dlopens it only when a translation unit has DSL
   code, looks up PTO_JIT_ENTRY and calls it once per unit with the
   transformed program.  Nothing else crosses the boundary, so moving the
   back end into a helper process later changes one call.  */

#ifndef PTO_EMIT_JIT_H
#define PTO_EMIT_JIT_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the generated code must match in the object it is injected into.  */
typedef struct pto_jit_target {
  int pointer_bits;          /* 32 or 64: width of pointers and size_t */
  int opt_level;             /* the -O level (0..3; -Os/-Oz/-Og give 2) */
  int nflags;                /* target options forwarded verbatim to the */
  const char *const *flags;  /* JIT ("-m32", "-march=haswell", ...)     */
  /* PTO_HOST functions whose symbol is not their C name RENAMED_FROM[i]:
     static ones get a hidden global symbol unique to the unit,
     RENAMED_TO[i] (the JIT defines it, hidden); RENAMED_TO[i] NULL means
     the function is not emitted (GCC found it unused).  */
  int nrenamed;
  const char *const *renamed_from;
  const char *const *renamed_to;
  /* sim=cce: the kernels' simulations and kernel-table records come from
     the unit's CCE compiled on the host (plugin/cce-sim.cc); the JIT
     compiles only the PTO_HOST functions.  */
  int kernels_from_cce;
} pto_jit_target;

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

typedef int (*pto_jit_compile_fn)(const pto_program *, const pto_jit_target *,
                                  pto_diag *, char **);
#define PTO_JIT_ENTRY "pto_jit_compile"
#define PTO_JIT_MODULE "pto-jit.so"

#ifdef __cplusplus
}
#endif

#endif /* PTO_EMIT_JIT_H */
