/* Misused rounded casts are compile errors in reference mode, reported
   on the offending line: a destination that is not int32, a source that
   is not float or _Float16, tiles of two shapes.  */
/* { dg-do compile } */
#include <pto.h>

typedef PTO_TILE(float, 8, 16) f8;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(int32_t, 8, 8) i8x8;

PTO_KERNEL void
k (float *y)
{
  f8 a;
  i8 d;
  i8x8 q;
  pto_load (a, y, 16);
  pto_cast_round (d, a, PTO_ROUND_AWAY);        /* fine */
  pto_cast_round (a, a, PTO_ROUND_AWAY);        /* { dg-error "pto_cast_round: a must be an int32_t tile" } */
  pto_cast_round (d, d, PTO_ROUND_FLOOR);       /* { dg-error "pto_cast_round: d must be a float or _Float16 tile" } */
  pto_cast_round (q, a, PTO_ROUND_CEIL);        /* { dg-error "pto_cast_round: the tiles q and a differ in shape" } */
  pto_store (y, 16, a);
}
