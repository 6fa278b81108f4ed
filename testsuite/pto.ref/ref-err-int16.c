/* int16_t tiles in reference mode: load, store and casts with _Float16
   tiles compile; arithmetic on an int16_t tile and a cast between it
   and another dtype than _Float16 are compile errors on the offending
   line that say to compute in fp16.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(int16_t, 8, 32) s16;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(float, 8, 32) f8;

PTO_KERNEL void
k (const int16_t *x, int16_t *y)
{
  s16 a;
  h8 h;
  f8 f;
  pto_load (a, x, 32);                  /* fine */
  pto_cast (h, a);                      /* fine */
  pto_cast (a, h);                      /* fine */
  pto_store (y, 32, a);                 /* fine */
  pto_muls (a, a, 2);                   /* { dg-error "pto_muls: a is an int16_t tile: int16_t tiles support only pto_load, pto_store and pto_cast; compute in fp16 \\(pto_cast to a _Float16 tile first\\)" } */
  pto_cast (f, a);                      /* { dg-error "pto_cast: int16_t tiles convert to and from _Float16 tiles only \\(cast through a _Float16 tile\\)" } */
}
