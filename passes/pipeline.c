/* pipeline.c - the pass table and the default pipeline.

   The default pipeline, in order: InlineFunctions first (as in PyPTO:
   no later pass sees an inline function), ExpandTileOps (quantize and
   dequantize become the tile ops every back end lowers), ScalarizeTuples (the tuple
   locals inlined struct returns leave), UnrollLoops, then LetInline
   (gated on force-let-inline), Simplify, and Decompose (the late
   decompositions, as in tinygrad, after the last symbolic rewrite, so
   that both back ends receive shifts, masks and multiply-shift
   divisions instead of power-of-two and constant divisions).  The late
   passes join it as they land.
   Property names for diagnostics live here too.  */

#include "passes/passes.h"

#include <string.h>

static const pto_pass *const all_passes[] = {
#define X(n) &pto_pass_##n,
    PTO_PASS_LIST(X)
#undef X
};

const pto_pass *const pto_default_pipeline[] = {
    &pto_pass_inline,
    &pto_pass_expand,
    &pto_pass_scalarize,
    &pto_pass_unroll,
    &pto_pass_let_inline,
    &pto_pass_simplify,
    &pto_pass_decompose,
    NULL,
};

static const char *const property_names[] = {
#define X(e, n, fn) n,
    PTO_PROPERTIES(X)
#undef X
};

const char *
pto_property_name(int bit)
{
  pto_assert(bit >= 0 && bit < PTO_PROPBIT_COUNT);
  return property_names[bit];
}

const pto_pass *
pto_pass_lookup(const char *name, size_t len)
{
  for (size_t i = 0; i < sizeof all_passes / sizeof *all_passes; i++)
    if (strlen(all_passes[i]->name) == len
        && memcmp(all_passes[i]->name, name, len) == 0)
      return all_passes[i];
  return NULL;
}

void
pto_pass_names(pto_buf *b)
{
  for (size_t i = 0; i < sizeof all_passes / sizeof *all_passes; i++)
    pto_buf_printf(b, "%s%s", i ? ", " : "", all_passes[i]->name);
}
