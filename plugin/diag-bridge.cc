/* diag-bridge.cc - core diagnostics as GCC diagnostics (diag-bridge.h).  */

#include "frontend/gcc-compat.h"
#include "diagnostic-core.h"
#include "input.h"

#include "plugin/diag-bridge.h"

void
pto_gcc_diag_emit (void *ctx, pto_diag_kind kind, pto_loc loc,
		   const char *msg)
{
  const char *prefix = ctx ? (const char *) ctx : "";
  location_t where = loc.host ? (location_t) loc.host : UNKNOWN_LOCATION;
  switch (kind)
    {
    case PTO_DIAG_ERROR:
      error_at (where, "%s%s", prefix, msg);
      break;
    case PTO_DIAG_WARNING:
      warning_at (where, 0, "%s%s", prefix, msg);
      break;
    case PTO_DIAG_NOTE:
      inform (where, "%s%s", prefix, msg);
      break;
    case PTO_DIAG_SORRY:
      sorry_at (where, "%s%s", prefix, msg);
      break;
    }
}

void
pto_gcc_diag_init (pto_diag *d, const char *prefix)
{
  pto_diag_init (d);
  d->emit = pto_gcc_diag_emit;
  d->ctx = (void *) prefix;
}
