/* jit-linear.c - scalar code that stresses the linear form the libgccjit
   back end compiles from (ir/linear/linear.h, backend/jit/jit-linear.c): down
   loops with step -3, zero-trip loops, conditional operands that load,
   narrow and unsigned integers, 64-bit values, tile elements, fp16 tile
   scalars, a host function, and a loop bound written in its own body
   (a LOOP that re-evaluates the test; k5 with continue and break, the
   break leaving the one-trip inner LOOP its continue needs).  run.exp
   section 6 runs it against reference mode, also under
   -fplugin-arg-pto-sim=cce.  */
#include <pto.h>
#include <stdio.h>
#include <stdint.h>

typedef PTO_TILE(float, 2, 16) tf;
typedef PTO_TILE(_Float16, 2, 16) th;

PTO_KERNEL void k1(int32_t *y, const int32_t *x, int n, int m)
{
  int acc = 0;
  for (int i = 0; i < n; i++) {
    int v = x[i];
    int w = x[(i + 3) % n];
    if (v > 3 && w != 0)
      y[i] = v / w;
    else if (v < -3)
      y[i] = v % 5 + (w ? 100 / w : 7);
    else
      y[i] = (v < w ? v : w) * 3;
    for (int j = m; j > 0; j -= 3)
      acc += (j ^ v) & 7;
    for (int j = 0; j < 0; j++)
      acc += 1000;
    acc += (v > 0 && x[0] > 0) ? x[1] : x[2];
    acc += (v < 0 || y[0] > 0) ? 1 : 2;
    if (v & 1)
      acc -= v << 2;
  }
  y[n] = acc;
  short s = (short)acc;
  unsigned char uc = (unsigned char)(acc * 7);
  y[n + 1] = s * 3 + uc;
  int64_t big = (int64_t)acc * 123456789;
  y[n + 2] = (int32_t)(big >> 17);
  uint32_t u = (uint32_t)acc;
  y[n + 3] = (int32_t)(u / 7u + (u >> 3));
}

PTO_KERNEL void k2(float *y, const float *x, int n, float a, double d)
{
  tf t, u;
  pto_load(t, x, 16);
  pto_muls(u, t, a);
  pto_adds(u, u, (float)d);
  float sum = 0.0f;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 16; j++) {
      float e = u.v[i][j];
      if (e > 1.0f)
        u.v[i][j] = e * 0.5f;
      sum += e;
    }
  pto_store(y, 16, u);
  y[32] = sum;
  double dd = d;
  for (int k = n; k > 0; k--)
    dd = dd * 1.5 - k;
  y[33] = (float)dd;
  y[34] = (float)(n / 3) + (float)(-n % 3);
}

PTO_KERNEL void k3(_Float16 *y, const _Float16 *x)
{
  th t;
  pto_load(t, x, 16);
  pto_adds(t, t, (_Float16)0.1f);
  pto_muls(t, t, 3);
  pto_store(y, 16, t);
}

PTO_KERNEL void k4(int32_t *y, int32_t *n)
{
  /* the loop bound is read from memory the body writes */
  int c = 0;
  for (int i = 0; i < n[0]; i++) {
    if (i < 5)
      n[0] = n[0] - 1;
    c++;
  }
  y[0] = c;
  int r = 10;
  for (int i = 0; i < r; i++)
    r = r - 1;
  y[1] = r;
}

PTO_KERNEL void k5(int32_t *y, int32_t *n)
{
  /* the bound is written; continue and break */
  int c = 0;
  for (int i = 0; i < n[0]; i++) {
    if (i == 1)
      continue;
    if (i == 6)
      break;
    n[0] = n[0] - 1;
    c = c * 3 + i;
  }
  y[0] = c;
  y[1] = n[0];
}

PTO_HOST int h(const int32_t *x, int n)
{
  int s = 0;
  for (int i = 0; i < n; i += 2)
    s = s * 31 + (x[i] > 0 ? x[i] : -x[i]);
  return s;
}

int main(void)
{
  int32_t x[20], y[40];
  for (int i = 0; i < 20; i++)
    x[i] = (i * 37 % 23) - 11;
  for (int i = 0; i < 40; i++)
    y[i] = 0;
  pto_launch(k1, 1, y, x, 20, 17);
  for (int i = 0; i < 24; i++)
    printf("%d ", y[i]);
  printf("\n");
  float fx[32], fy[40];
  for (int i = 0; i < 32; i++)
    fx[i] = (float)((i * 13) % 7) * 0.75f - 2.0f;
  pto_launch(k2, 1, fy, fx, 9, 1.25f, 0.5);
  for (int i = 0; i < 35; i++)
    printf("%g ", fy[i]);
  printf("\n");
  _Float16 hx[32], hy[32];
  for (int i = 0; i < 32; i++)
    hx[i] = (_Float16)(i * 0.3f);
  pto_launch(k3, 1, hy, hx);
  for (int i = 0; i < 32; i++)
    printf("%g ", (double)hy[i]);
  printf("\n");
  int32_t nn[1] = {20};
  pto_launch(k4, 1, y, nn);
  printf("%d %d %d\n", y[0], y[1], nn[0]);
  for (int b = 0; b <= 20; b += 4) {
    nn[0] = b;
    pto_launch(k5, 1, y, nn);
    printf("%d %d %d\n", y[0], y[1], nn[0]);
  }
  printf("%d\n", h(x, 20));
  printf("PASS: printed (run.exp compares the output with reference mode)\n");
  return 0;
}
