/* simplify.c - PLACEHOLDER while its owner writes the real pass.
   It reports that the pass is unavailable; it must not survive
   integration.  */

#include "passes/passes.h"

static int
run(pto_pass_ctx *ctx)
{
  pto_error(ctx->diag, pto_noloc, "pass 'simplify' is not implemented yet");
  return 1;
}

const pto_pass pto_pass_simplify = {"simplify", "simplify", 0, 0, 0, NULL, run};
