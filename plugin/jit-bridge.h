/* jit-bridge.h - the plugin side of the libgccjit back end.

   pto_jit_bridge_init (from plugin_init, after pto_frontend_init, never
   in lto1) registers:
   * PLUGIN_PRE_GENERICIZE (frontend/launch.cc): in ordinary C functions
     (main, ...) each pto_launch(k, blocks, args...) becomes
       (__pto_rt_set_blocks (blocks), k (args...))
     calling the kernel's stub with its real prototype;
   * PLUGIN_ALL_IPA_PASSES_START (plugin/jit-bridge.cc), after the front
     end ran the pass pipeline: when the unit has kernels or PTO_HOST
     functions, dlopen pto-jit.so (next to pto.so, or $PTO_JIT_MODULE),
     compile the transformed program to assembler, inject it with
     symtab->finalize_toplevel_asm, and drop the GCC bodies of the
     PTO_HOST functions the JIT text now defines; under sim=cce the JIT
     compiles only the PTO_HOST functions and the kernels' simulation is
     their CCE compiled on the host (plugin/cce-sim.h); then the unit's
     CCE text goes into the object's .pto.cce section
     (object/cce-section.h), for pto-extract.  */

#ifndef PTO_JIT_BRIDGE_H
#define PTO_JIT_BRIDGE_H

/* SIM_CCE (read at use time) is -fplugin-arg-pto-sim=cce.  */
void pto_jit_bridge_init (const char *plugin_name, const bool *sim_cce);


#endif /* PTO_JIT_BRIDGE_H */
