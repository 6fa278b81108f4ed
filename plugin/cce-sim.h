/* cce-sim.h - -fplugin-arg-pto-sim=cce: the unit's kernels simulated
   from their CCE (the "CPU twin" of the device code).

   plugin/jit-bridge.cc calls pto_cce_sim_build at
   PLUGIN_ALL_IPA_PASSES_START with the CCE the front end wrote
   (frontend/frontend.h, pto_frontend_cce_output).  It builds the C unit
   of object/cce-host.h, compiles it with the host C compiler that runs
   this compilation ($COLLECT_GCC, set by the gcc driver; "gcc" without
   it) to assembler, with the unit's -O level, -m options and PIC/PIE
   mode, against cce_sim.h and pto-rt.h from $PTO_SIM_INCLUDE or the
   installed include directory, and returns the assembler text made fit
   for embedding (object/asm-text.h, tag "ptocce").  The bridge injects it
   with symtab->finalize_toplevel_asm, so everything stays in the one
   object (-c and link, -flto, ccache, distcc).  Temporary files go to
   $TMPDIR and are always removed.  */

#ifndef PTO_PLUGIN_CCE_SIM_H
#define PTO_PLUGIN_CCE_SIM_H

#include "ir/ir.h"
#include "frontend/frontend.h"

/* How the host compile matches the unit.  */
struct pto_cce_sim_target
{
  int opt_level;		/* 0..3 */
  int nflags;			/* -m options, verbatim */
  const char *const *flags;
};

/* The embeddable assembler text (xmalloc'd) for P's kernels, whose CCE
   is CCE; NULL after reporting a GCC error.  */
char *pto_cce_sim_build (const pto_program *p, const pto_frontend_cce *cce,
			 const pto_cce_sim_target *target);

#endif /* PTO_PLUGIN_CCE_SIM_H */
