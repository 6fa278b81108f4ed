/* frontend.h - the interface between the plugin glue and the front end.

   The front end (C++ files in frontend/, because GCC's headers are)
   turns the PTO_KERNEL, PTO_HOST and PTO_INLINE functions of a
   translation unit into ONE pto_program (ir/ir.h) as the C front end finishes parsing each
   of them (PLUGIN_PRE_GENERICIZE), reports everything outside the DSL
   with located GCC diagnostics, replaces kernel bodies by a call to the
   runtime's launch entry.  The driver (plugin/unit.cc, which implements
   pto_frontend_init) removes inline helpers from the object, writes the
   capture dump, runs the pass pipeline and then the back ends.

   The plugin calls pto_frontend_init once from plugin_init (never in
   lto1) with pointers into its own option state; the front end reads
   them when its callbacks run, so the plugin may parse its arguments
   after calling it.  Nothing here keeps a GCC tree past a callback.

   Usage from plugin/pto-plugin.cc:
     pto_frontend_init (info->base_name, &state.opts, &state.dump_after,
                        &state.trace, &state.sim_cce);
   SIM_CCE true (-fplugin-arg-pto-sim=cce) makes a kernel the CCE back end
   cannot lower an error instead of a warning.
   and, to accept the capture dump in -fplugin-arg-pto-dump=LIST:
     if (!pto_frontend_check_dump (value, diag)) error...  */

#ifndef PTO_FRONTEND_H
#define PTO_FRONTEND_H

#include "ir/options.h"

/* Register the attributes and the callbacks of the front end under the
   plugin name PLUGIN_NAME.  OPTS, DUMP_AFTER (NULL, "all" or a comma
   list of pass names and "capture") and TRACE are read at use time and
   must live as long as cc1.  */
void pto_frontend_init (const char *plugin_name, const pto_options *opts,
			const char *const *dump_after, const bool *trace,
			const bool *sim_cce);

/* Check a -fplugin-arg-pto-dump= LIST: "all", or comma separated names
   each of which is "capture" or a pass name.  Report the first bad name
   through DIAG and return false.  */
bool pto_frontend_check_dump (const char *list, pto_diag *diag);

/* Register the PLUGIN_PRE_GENERICIZE callback that turns each
   pto_launch (k, blocks, args...) in ordinary C code into a call of the
   kernel's stub (frontend/launch.cc), under the plugin name PLUGIN_NAME.
   Called by plugin_init after pto_frontend_init (never in lto1).  */
void pto_launch_rewrite_init (const char *plugin_name);

#endif /* PTO_FRONTEND_H */
