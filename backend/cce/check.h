/* check.h - the static checker of CCE text (pto-cce-check(1) and
   the plugin's check of what it emits).

   Input: the text of a .cce file as our back end emits it, or as a
   person writes it: C-like functions with for / while / do / if blocks,
   local variables, calls, casts and local buffers addressed as
   `(__ubuf__ T *)((uintptr_t)N)'.  The text is read the way the device
   compiler reads it (__CCE_KT_TEST__ undefined, __cplusplus defined).
   The C++ validity of the text against the declarations of
   runtime/cce-api.h is NOT checked here: pto-cce-check runs g++ for that.

   Checks (the CHECK name of each finding, in brackets in the message):
     arity      argument count of a modelled intrinsic
     space      a pointer operand in the wrong address space
     const      a const pointer where the vendor declares a non-const one
     dtype      an element type the intrinsic lacks on the arch
     arch       an intrinsic the arch lacks
     align      a local-buffer operand that is not 32-byte aligned
     bounds     an operand's byte range (from repeat, strides, bursts,
                gaps and the vector mask) outside the arch's buffer
     event      an event id outside [0, events of the arch)
     sync-wait  a wait_flag not preceded on some path by its set_flag
     sync-set   a set_flag while the same flag is still pending
     sync-exit  a flag still pending when a __global__ kernel returns
     unknown    (PTO_CCE_CHECK_STRICT only) a call to a function that is neither a
                modelled intrinsic nor defined or declared in the text
     parse      a construct the checker cannot follow (the function is
                not checked further)
   Only what is known is reported: a value that is not a compile-time
   constant is followed as a range and a congruence (addresses like
   `base + 4736 * db' with db in {0, 1}), and a check whose inputs are
   not known says nothing.  Paths are all assumed feasible, except where
   a condition is a known constant in the state that reaches it.  */

#ifndef PTO_EMIT_CCE_CHECK_H
#define PTO_EMIT_CCE_CHECK_H

#include <stddef.h>

#include "ir/arch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One finding: FILE:LINE:COL, the function it is in (NULL: none), the
   check's name (above) and the text.  */
typedef void (*pto_cce_check_report_fn)(void *ctx, const char *file,
                                        int line, int col, const char *func,
                                        const char *check, const char *msg);

enum {
  /* pto-gcc's own output (the plugin): calls to functions the checker
     does not know are errors (everything it emits is modelled), and
     reduction destinations must be 32 B aligned too (the vendor asks
     only for the alignment of the result).  */
  PTO_CCE_CHECK_STRICT = 1
};

/* Check the LEN bytes of TEXT, named FILE in the findings, for ARCH
   (pto_arch_lookup).  Every finding goes to REPORT(CTX, ...), or, when
   REPORT is NULL, to stderr as `FILE:LINE:COL: error: MSG [CHECK]'.
   Returns the number of findings (0: the text passes).  */
int pto_cce_check(const char *file, const char *text, size_t len,
                  const pto_arch *arch, int flags,
                  pto_cce_check_report_fn report, void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* PTO_EMIT_CCE_CHECK_H */
