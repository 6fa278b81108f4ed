/* Tiles by value and by pointer: *y is the caller's tile, &t passes it, a by-value tile parameter is a tile. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
typedef PTO_TILE(float, 16, 64) tile_t;

PTO_INLINE static void axpy(tile_t *y, tile_t x, float a)
{
  pto_muls(x, x, a);
  pto_add(*y, *y, x);
}

PTO_KERNEL void k(const float *x, float *y, float a)
{
  tile_t tx, ty;
  pto_load(tx, x, 64);
  pto_load(ty, y, 64);
  axpy(&ty, tx, a);
  pto_store(y, 64, ty);
}
/* { dg-final { scan-file capture-tile-ptr-1.c.pto.000.capture {inline axpy\(y: ptr<tile<f32,16,64>>, x: tile<f32,16,64>, a: f32\)} } } */
/* { dg-final { scan-file capture-tile-ptr-1.c.pto.000.capture {pto.muls\(x, x, a\);} } } */
/* { dg-final { scan-file capture-tile-ptr-1.c.pto.000.capture {pto.add\(\*y, \*y, x\);} } } */
/* { dg-final { scan-file capture-tile-ptr-1.c.pto.000.capture {@axpy\(&ty, tx, a\);} } } */
/* { dg-final { scan-assembler-not "axpy" } } */
