/* pto.run/jit-scalar.c - scalar code in kernels and host functions,
   compiled by the libgccjit back end, against reference mode.

   Covers: GM element loads and stores, integer and float arithmetic of
   several widths and signedness, division and remainder of negative
   numbers, shifts and bitwise operators, comparisons, && and || (lazy),
   the conditional operator, casts, for loops with break and continue,
   down-counting for loops, early return, and tile ops mixed with scalar
   code.  The program prints every result; run.exp compares the output
   with the reference build's.  */

#include <pto.h>
#include <stdio.h>

typedef PTO_TILE(float, 2, 8) tile_t;

PTO_KERNEL void ints(const int32_t *in, int32_t *out, int n)
{
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    int32_t a = in[i];
    int32_t b = in[n - 1 - i];
    int64_t wide = (int64_t)a * 100000;
    uint32_t u = (uint32_t)a;
    int32_t q = b != 0 ? a / b : -1;
    int32_t r = b != 0 ? a % b : -1;
    out[i * 8 + 0] = q;
    out[i * 8 + 1] = r;
    out[i * 8 + 2] = (int32_t)(wide >> 3);
    out[i * 8 + 3] = (int32_t)(u >> 28);
    out[i * 8 + 4] = (a & 0x5a) ^ (b | 3);
    out[i * 8 + 5] = (a > 0 && b / (a > 0 ? a : 1) > 1) || a == -7;
    out[i * 8 + 6] = a < b ? a : b;
    out[i * 8 + 7] = ~a + (a << 2);
  }
}

PTO_KERNEL void loops(int32_t *out, int n)
{
  if (pto_block_idx() != 0)
    return;
  int acc = 0;
  int last = -1;
  for (int k = 1; k <= n; k++) {
    if (k % 3 == 0)
      continue;
    if (k > 13)
      break;
    acc = acc + k;
    last = k;
  }
  out[0] = acc;
  out[1] = last;
  int down = 0;
  for (int i = n; i > 0; i -= 2)
    down = down * 3 + i;
  out[2] = down;
}

PTO_KERNEL void floats(const float *x, float *y, float s, double d)
{
  tile_t t;
  pto_load(t, x, 8);
  float f = x[pto_block_idx()] * s + 0.25f;
  double g = (double)f / d;
  pto_muls(t, t, f);
  pto_adds(t, t, (float)g);
  pto_store(y + pto_block_idx() * 16, 8, t);
  y[32 + pto_block_idx()] = (float)(int32_t)(g * 10.0);
}

PTO_HOST void drive(const int32_t *in, int32_t *out, int32_t *lo,
                    const float *x, float *y)
{
  pto_launch(ints, 3, in, out, 9);
  pto_launch(loops, 2, lo, 20);
  for (int b = 2; b > 0; b--)
    pto_launch(floats, b, x, y, 1.5f - (float)b, 3.0);
}

int main(void)
{
  int32_t in[9] = {17, -7, 0, 123456, -99999, 5, 2147483647, -64, 3};
  int32_t out[72], lo[3];
  float x[16], y[34];
  for (int i = 0; i < 16; i++)
    x[i] = (float)i * 0.75f - 3.0f;
  for (int i = 0; i < 34; i++)
    y[i] = -1.0f;
  drive(in, out, lo, x, y);
  for (int i = 0; i < 72; i++)
    printf("%d%c", (int)out[i], i % 8 == 7 ? '\n' : ' ');
  printf("loops %d %d %d\n", (int)lo[0], (int)lo[1], (int)lo[2]);
  for (int i = 0; i < 34; i++)
    printf("%a%c", (double)y[i], i % 8 == 7 ? '\n' : ' ');
  printf("\nPASS: printed\n");
  return 0;
}
