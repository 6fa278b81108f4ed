/* let_inline.c - PLACEHOLDER while its owner writes the real pass.
   It reports that the pass is unavailable; it must not survive
   integration.  */

#include "passes/passes.h"

static int
run(pto_pass_ctx *ctx)
{
  pto_error(ctx->diag, pto_noloc, "pass 'let_inline' is not implemented yet");
  return 1;
}

const pto_pass pto_pass_let_inline = {"let_inline", "let_inline", 0, 0, 0, NULL, run};

int
pto_verify_lets_inlined(const pto_program *p, pto_diag *diag)
{
  (void)p;
  (void)diag;
  return 0;
}
