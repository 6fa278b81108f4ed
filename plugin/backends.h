/* backends.h - the driver's back-end table (plugin/backends.cc).

   The unit (plugin/unit.cc) runs the pass pipeline once, then hands the
   program to the back ends through this table: each row names a back end
   behind the interface of ir/backend.h, when it runs, whether the unit
   has work for it, and where its output goes.  Rows run in table order,
   each in its phase:
     PTO_PHASE_PIPELINE  right after the pipeline, also when the IPA passes
                         never run (-fsyntax-only): under emit=pto-isa
                         "pto-isa" (backend/ptoisa/ptoisa.h), written to
                         AUXBASE.pto.cpp; then "cce", whose text is
                         checked (backend/cce/check.h) and written to
                         AUXBASE.cce;
     PTO_PHASE_IPA       at PLUGIN_ALL_IPA_PASSES_START, once the call graph
                         is final (never in lto1): "jit" (pto-jit.so,
                         plugin/jit-bridge.cc), whose assembler text goes
                         into the object; then the unit's CCE goes into
                         the object too: simulated on the host under
                         sim=cce (plugin/cce-sim.h) and recorded in the
                         .pto.cce section (object/cce-section.h).  */

#ifndef PTO_PLUGIN_BACKENDS_H
#define PTO_PLUGIN_BACKENDS_H

#include "ir/backend.h"

enum pto_backend_phase
{
  PTO_PHASE_PIPELINE,
  PTO_PHASE_IPA
};

/* Run the back ends of PHASE on P, the pipeline's output, with the
   pipeline's options OPTS; SIM_CCE is -fplugin-arg-pto-sim=cce.  Their
   problems are GCC diagnostics.  */
void pto_backends_run (const pto_program *p, pto_backend_phase phase,
		       const pto_options *opts, bool sim_cce);

/* -fplugin-arg-pto-emit=pto-isa (ON) or =cce: whether the "pto-isa"
   row runs.  */
void pto_backends_emit_ptoisa (bool on);

/* Free what the table kept of the unit (its CCE text and PTO-ISA C++):
   PLUGIN_FINISH.  */
void pto_backends_finish (void);

/* The unit's CCE text as written to AUXBASE.cce: NAME is the source
   file's base name with ".cce" for its extension (independent of -o: the
   name inside the object), ARCH the arch it was emitted for.  The
   PTO-ISA C++ (AUXBASE.pto.cpp) is kept in one too, NAME ending in
   ".pto.cpp".  */
struct pto_unit_cce
{
  const char *text;
  size_t len;
  const char *name;
  const char *arch;
};

/* Append the assembler TEXT of LEN bytes to the unit's object (a
   toplevel asm statement, which also survives -flto).  */
void pto_object_asm (const char *text, size_t len);

#endif /* PTO_PLUGIN_BACKENDS_H */
