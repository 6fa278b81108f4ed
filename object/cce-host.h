/* cce-host.h - the C translation unit that -fplugin-arg-pto-sim=cce
   compiles on the host (the "CPU twin" of the device code).

   The plugin (plugin/cce-sim.cc) compiles the result with the host C
   compiler to assembler, embeds it in the unit's object (object/
   asm-text.h, tag "ptocce") and skips the JIT's kernel simulations
   (pto_host_target.kernels_from_cce, ir/backend.h).  The unit is:
     #include "cce_sim.h" and "pto-rt.h" (so their names are not renamed)
     #define K __pto_cce_k_K, K__sim __pto_cce_s_K   for each kernel K
     #line 1 "NAME"   then the CCE text exactly as written to NAME
     for each kernel a block trampoline calling __pto_rt_cce_block and a
     struct pto_rt_kernel record in section pto_kernels, plus one
     constructor registering the section (runtime/pto-rt.h).
   The renaming keeps the kernels' CCE definitions apart from the GCC
   symbol K (the launch stub); all __pto_cce_* symbols are made local
   when embedded.  A compile error points into NAME.  */

#ifndef PTO_EMIT_CCE_HOST_H
#define PTO_EMIT_CCE_HOST_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Append to OUT the unit for the kernels of P whose CCE (for ARCH, e.g.
   "dav-c220") is TEXT (LEN bytes), written to the file NAME.  */
void pto_cce_host_source(const pto_program *p, const char *arch,
                         const char *name, const char *text, size_t len,
                         pto_buf *out);

/* The prefixes of the unit's symbols that must stay local to the object
   (for pto_asm_embed.make_local).  */
extern const char *const pto_cce_host_locals[];

#ifdef __cplusplus
}
#endif

#endif /* PTO_EMIT_CCE_HOST_H */
