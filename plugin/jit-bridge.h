/* jit-bridge.h - the plugin's side of the libgccjit back end: the hooks
   of the "jit" row of the back-end table (plugin/backends.cc), which
   runs it at PLUGIN_ALL_IPA_PASSES_START when the unit has PTO_HOST
   functions, or kernels simulated by the JIT (sim=jit).  */

#ifndef PTO_JIT_BRIDGE_H
#define PTO_JIT_BRIDGE_H

#include "ir/backend.h"

/* The back end: pto-jit.so (next to pto.so, or $PTO_JIT_MODULE)
   dlopen'ed on first use; NULL after reporting why it cannot be
   loaded.  */
const pto_backend *pto_jit_bridge_load (void);

/* Before the call: give each static PTO_HOST function of P a hidden
   symbol unique to the unit, and record in HOST the functions whose
   symbol is not their C name (valid until the next call).  */
void pto_jit_bridge_prepare (const pto_program *p, pto_host_target *host);

/* After the call: the assembler TEXT into the unit's object, and the GCC
   bodies of the PTO_HOST functions dropped (the text defines them).  */
bool pto_jit_bridge_take (const pto_backend_unit *unit, pto_buf *text);

#endif /* PTO_JIT_BRIDGE_H */
