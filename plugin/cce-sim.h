/* cce-sim.h - -fplugin-arg-pto-sim=cce: the unit's kernels simulated
   from their CCE (the "CPU twin" of the device code).

   The back-end table (plugin/backends.cc) calls pto_cce_sim_build at
   PLUGIN_ALL_IPA_PASSES_START with the CCE the "cce" back end wrote
   (pto_unit_cce, plugin/backends.h).  It builds the C unit
   of object/cce-host.h, compiles it with the host C compiler that runs
   this compilation ($COLLECT_GCC, set by the gcc driver; "gcc" without
   it) to assembler, with the unit's -O level, -m options and PIC/PIE
   mode, against cce_sim.h and pto-rt.h from $PTO_SIM_INCLUDE or the
   installed include directory, and returns the assembler text made fit
   for embedding (object/asm-text.h, tag "ptocce").  The table injects it
   with symtab->finalize_toplevel_asm, so everything stays in the one
   object (-c and link, -flto, ccache, distcc).  Temporary files go to
   $TMPDIR and are always removed.  */

#ifndef PTO_PLUGIN_CCE_SIM_H
#define PTO_PLUGIN_CCE_SIM_H

#include "ir/backend.h"
#include "plugin/backends.h"

/* The embeddable assembler text (xmalloc'd) for P's kernels, whose CCE
   is CCE, for the object HOST describes (its -O level and -m options);
   NULL after reporting a GCC error.  */
char *pto_cce_sim_build (const pto_program *p, const pto_unit_cce *cce,
			 const pto_host_target *host);

#endif /* PTO_PLUGIN_CCE_SIM_H */
