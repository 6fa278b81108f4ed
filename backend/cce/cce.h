/* cce.h - the CCE back end's entry point.

   pto_cce_backend (backend/cce/backend.c) is the back end behind the one
   interface of ir/backend.h, named "cce"; its emit is pto_emit_cce.

   pto_emit_cce lowers every live kernel of P (after the pass pipeline:
   inline functions expanded, unrolling resolved) to CCE and appends one
   translation unit of .cce text to OUT: deterministic, one intrinsic
   per line, compilable for the device (ccec/bisheng) and, with
   -D__CCE_KT_TEST__, as C on the host against runtime/cce_sim.h (the
   contract at the top of that header).  O->arch selects the target
   (ir/arch.c).  Host and inline functions are not emitted.
   Returns 0 on success; otherwise every problem (a tile op the back end
   cannot lower, UB overflow naming the live tiles, an unknown arch) was
   reported through D with its location and OUT holds no usable text.

   Debugging aid: when the environment variable PTO_EMIT_DROP_SYNC is a
   number N > 0, the Nth synchronisation instruction the sync pass
   inserts (counting set_flag/wait_flag pairs and barriers, in text
   order over the translation unit's kernels) is left out, so that tests
   can check that the simulator catches the missing sync.  When
   PTO_EMIT_SYNC_ROUNDS is a number N > 0, the sync analysis gives up on
   a loop whose state has not settled after N rounds of its body
   (default 64; backend/cce/sync.c explains why a loop always settles) and
   fences it with pipe_barrier(PIPE_ALL), with a warning: tests use it
   to exercise that safety net.  */

#ifndef PTO_BACKEND_CCE_H
#define PTO_BACKEND_CCE_H

#include "ir/backend.h"
#include "ir/ir.h"
#include "ir/options.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const pto_backend pto_cce_backend;

int pto_emit_cce(const pto_program *p, const pto_options *o, pto_diag *d,
                 pto_buf *out);

#ifdef __cplusplus
}
#endif

#endif /* PTO_BACKEND_CCE_H */
