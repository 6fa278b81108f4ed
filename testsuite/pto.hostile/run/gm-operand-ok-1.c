/* Legal GM operands still compile and run the same in reference mode
   and under pto-cc with sim=jit and sim=cce now that pto.h passes them
   through __pto_arg_ref with their own type: a pointer of the
   tile's element type, const or not, spelt through a typedef, an array
   parameter, pointer arithmetic, a cast that only adds const or names
   the same type, an int32 tile through `int *'; the kernel launched by
   name, by address and in parentheses, from main and from a PTO_HOST
   function, with arrays decaying to its pointer parameters. */
#include <pto.h>
#include <stdio.h>
typedef PTO_TILE(float, 4, 8) tile_t;
typedef PTO_TILE(int32_t, 4, 8) itile_t;
typedef float gm_float;
typedef const float *gm_src;
PTO_INLINE static void load_from(tile_t *t, const float *p, int rs)
{
  pto_load(*t, p, rs);
}
PTO_KERNEL void k(const float *x, gm_src x2, float y[], gm_float *restrict z,
                  const int *xi, int32_t *yi, int off)
{
  tile_t a, b;
  itile_t n;
  pto_load(a, x, 8);
  pto_load(b, x2 + off, 8);
  pto_add(a, a, b);
  pto_load(b, (const float *) y, 8);
  pto_add(a, a, b);
  load_from(&b, x + 2 * off, 8);
  pto_add(a, a, b);
  pto_store(y, 8, a);
  pto_store(z + off, 8, a);
  pto_store_valid((float *) (z + 64), 8, a, 2, 4);
  pto_load_valid(b, (gm_src) x, 8, 3, 8, 1.0f);
  pto_store(&y[32], 8, b);
  pto_load(n, xi, 8);
  pto_add(n, n, n);
  pto_store(yi + off, 8, n);
}
static float x[96], y[64], z[128];
static int xi[32], yi[64];
PTO_HOST void run(const float *px, float *py, float *pz, const int *pxi,
                  int *pyi, int off)
{
  pto_launch(&k, 1, px, px, py, pz, pxi, pyi, off);
}
int main(void)
{
  for (int i = 0; i < 96; i++)
    x[i] = (float)i;
  for (int i = 0; i < 32; i++)
    xi[i] = i - 7;
  pto_launch(k, 1, x, x, y, z, xi, yi, 32);
  /* y[i] = x[i] + x[32 + i] + y[i] + x[64 + i] for i < 32.  */
  int ok = y[0] == 96 && y[31] == 189 && z[32] == 96 && z[63] == 189
           && z[64] == 96 && z[67] == 105 && z[68] == 0 && z[72 + 3] == 129
           && z[80] == 0 && y[32 + 8] == 8 && y[32 + 24] == 1.0f
           && yi[32] == -14 && yi[63] == 48;
  pto_launch((k), 1, x, x, y, z, xi, yi, 32);
  run(x, y, z, xi, yi, 32);
  ok = ok && y[0] == 288 && y[31] == 567 && z[32] == 288;
  float sy = 0, sz = 0;
  long si = 0;
  for (int i = 0; i < 64; i++)
    sy += y[i], si += yi[i];
  for (int i = 0; i < 128; i++)
    sz += z[i];
  printf("%s: y sum %g, z sum %g, yi sum %ld\n", ok ? "PASS" : "FAIL", sy, sz,
         si);
  return !ok;
}
