/* diag-bridge.h - the one bridge from the core's pto_diag sink to GCC's
   diagnostics, shared by every C++ file of the plugin.

   pto_gcc_diag_init makes D report through GCC: errors with error_at,
   warnings with warning_at, notes with inform, "sorry, unimplemented"
   with sorry_at, each at the node's GCC location (loc.host;
   UNKNOWN_LOCATION when it has none) and prefixed with PREFIX (may be
   NULL; option errors use "pto: ", since they have no location).
   The string PREFIX must outlive D.  */

#ifndef PTO_DIAG_BRIDGE_H
#define PTO_DIAG_BRIDGE_H

#include "ir/ir.h"

void pto_gcc_diag_init (pto_diag *d, const char *prefix);

/* Report MSG of KIND at LOC through GCC (the emit hook of the sink).  */
void pto_gcc_diag_emit (void *prefix, pto_diag_kind kind, pto_loc loc,
			const char *msg);

#endif /* PTO_DIAG_BRIDGE_H */
