/* A kernel takes GM pointers, not tiles. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 16, 16) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(t8 t) /* { dg-error "a PTO_KERNEL cannot take a tile parameter" } */
{
  (void)t;
}
