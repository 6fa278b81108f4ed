/* dav-m200 (Atlas inference) has no bf16 instructions: the first op on a
   bf16 tile of each kernel is a located error that names dav-c220; the
   f32-only kernel compiles.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-arch=dav-m200" } */
#include <pto.h>
typedef PTO_TILE(pto_bf16, 8, 16) b8;
typedef PTO_TILE(float, 8, 16) f8;
PTO_KERNEL void widen(const pto_bf16 *x, float *y)
{
  b8 a;
  f8 f;
  pto_load(a, x, 16); /* { dg-error "pto.load: bf16 tiles need an arch with bf16 conversions: dav-m200 has none; build for dav-c220" } */
  pto_cast(f, a);
  pto_store(y, 16, f);
}
PTO_KERNEL void narrow(const float *x, pto_bf16 *y)
{
  b8 a;
  f8 f;
  pto_load(f, x, 16);
  pto_cast(a, f); /* { dg-error "pto.cast: bf16 tiles need an arch with bf16 conversions: dav-m200 has none" } */
  pto_store(y, 16, a);
}
PTO_KERNEL void plain(const float *x, float *y)
{
  f8 f;
  pto_load(f, x, 16);
  pto_store(y, 16, f);
}
