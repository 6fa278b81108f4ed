/* A tile's element type cannot be qualified: every tile is written by
   pto_* operations.  Reference mode used to accept the declaration and
   fail only at the first write, while the plugin accepted both and
   wrote the "read-only" tile.  Reference mode rejects each
   declaration, as the plugin does (pto.hostile/tile-qualified-1.c).  */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(_Atomic int32_t, 8, 16) at_t; /* { dg-error "PTO_TILE: the element type must not be const, volatile or _Atomic" } */
/* (no typedef on line 9: dg.exp would take "10:9:" for line 9) */
typedef PTO_TILE(volatile float, 8, 16) vt_t; /* { dg-error "PTO_TILE: the element type must not be const, volatile or _Atomic" } */
typedef PTO_TILE(const int32_t, 8, 16) ct_t; /* { dg-error "PTO_TILE: the element type must not be const, volatile or _Atomic" } */
typedef PTO_TILE(float, 8, 16) ok_t;

PTO_KERNEL void k(const int32_t *x, float *y)
{
  ok_t b;
  (void) x;
  pto_load(b, y, 16);
  pto_store(y, 16, b);
}
