/* A tile passed by const pointer to an inline helper whose result the
   caller discards (writeout(y, &a) with pto_store(out, C, *t) inside)
   works in sim=cce as in sim=jit and reference mode; the CCE back end
   used to refuse it ("taking an address is not supported in kernels by
   the CCE back end"), because the const cast of &a was bound to a
   variable instead of substituted. */
#include <pto.h>
#include <stdio.h>
#define C 8
typedef PTO_TILE(float, 8, C) tile_t;
PTO_INLINE static float writeout(float *out, const tile_t *t)
{
  pto_store(out, C, *t);
  return t->v[0][1];
}
PTO_INLINE static void twice(const tile_t *t, tile_t *d) { pto_add(*d, *t, *t); }
PTO_KERNEL void k(const float *x, float *y, float *z)
{
  tile_t a, b;
  pto_load(a, x, C);
  twice(&a, &b);
  writeout(y, &b);
  float v = writeout(z, &a);
  z[0] = v;
}
int main(void)
{
  static float x[64], y[64], z[64];
  for (int i = 0; i < 64; i++)
    x[i] = (float)i;
  pto_launch(k, 1, x, y, z);
  int ok = y[63] == 126 && z[0] == 1 && z[63] == 63;
  printf("%s: y[63] = %g, z[0] = %g, z[63] = %g\n", ok ? "PASS" : "FAIL",
         y[63], z[0], z[63]);
  return !ok;
}
