/* bf16 tiles in reference mode: load, store and casts with float tiles
   compile; arithmetic on a bf16 tile, a fill, a partial load and a cast
   between bf16 and another dtype than float are compile errors on the
   offending line that name the op and say to compute in f32.  */
/* { dg-do compile } */
#include <pto.h>

typedef PTO_TILE(pto_bf16, 8, 16) b8;
typedef PTO_TILE(float, 8, 16) f8;
typedef PTO_TILE(int32_t, 8, 16) i8;

PTO_KERNEL void
k (const pto_bf16 *x, pto_bf16 *y)
{
  b8 a, b;
  f8 f;
  i8 n;
  pto_load (a, x, 16);                  /* fine */
  pto_cast (f, a);                      /* fine */
  pto_cast (b, f);                      /* fine */
  pto_cast (b, a);                      /* fine */
  pto_store (y, 16, b);                 /* fine */
  pto_add (b, a, a);                    /* { dg-error "pto_add: (a|b) is a bf16 tile: bf16 tiles support only pto_load, pto_store, pto_cast and pto_matmul operands; compute in f32 \\(pto_cast to a float tile first\\)" } */
  pto_exp (f, a);                       /* { dg-error "pto_exp: (a is a bf16 tile|the tiles f and a differ in dtype)" } */
  pto_fill (b, 0);                      /* { dg-error "pto_fill: b is a bf16 tile" } */
  pto_cast (n, a);                      /* { dg-error "pto_cast: bf16 tiles convert to and from float tiles only \\(cast through a float tile\\)" } */
  pto_cast (a, n);                      /* { dg-error "pto_cast: bf16 tiles convert to and from float tiles only" } */
}
