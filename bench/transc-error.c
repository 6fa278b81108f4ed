/* transc-error.c - the error sweep behind the bounds of pto.h's
   "Transcendentals" and doc/cce.md: tanh, sigmoid, exp2, gelu, pow and
   pows over 204 800 f32 inputs dense in [-30, 30], 40 960 with |x| from
   1e-8 to 1e40 (both signs), +-100, +-inf, 0, -0, bases in (1e-6, 1e4)
   and five scalar exponents, and every finite fp16.  For each op it
   prints the largest absolute and relative difference from pto.h's
   reference functions (computed here as pto.h computes them), where it
   occurs, the relative difference of exp2/pow/pows over
   2^-23 (2 + |exponent of e|) ("relz/eps", f32: at most 1 within the
   bound),
   and the difference from the exact function in double.  Built in
   reference mode every difference is 0; with -fplugin-arg-pto-sim=cce
   it measures the CCE's sequences.  bench/transc-error.sh builds and
   runs it both ways and on both archs.  */
#include <pto.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
enum { R = 32, C = 64, N = R * C };
typedef PTO_TILE(float, R, C) f_t;
typedef PTO_TILE(_Float16, R, C) h_t;
PTO_KERNEL void kf(const float *x, const float *y, float s, float *o)
{
  f_t a, b, d;
  pto_load(a, x, C); pto_load(b, y, C);
  pto_tanh(d, a); pto_store(o, C, d);
  pto_sigmoid(d, a); pto_store(o + N, C, d);
  pto_exp2(d, a); pto_store(o + 2 * N, C, d);
  pto_gelu(d, a); pto_store(o + 3 * N, C, d);
  pto_pow(d, b, a); pto_store(o + 4 * N, C, d);
  pto_pows(d, b, s); pto_store(o + 5 * N, C, d);
}
PTO_KERNEL void kh(const _Float16 *x, const _Float16 *y, _Float16 s, _Float16 *o)
{
  h_t a, b, d;
  pto_load(a, x, C); pto_load(b, y, C);
  pto_tanh(d, a); pto_store(o, C, d);
  pto_sigmoid(d, a); pto_store(o + N, C, d);
  pto_exp2(d, a); pto_store(o + 2 * N, C, d);
  pto_gelu(d, a); pto_store(o + 3 * N, C, d);
  pto_pow(d, b, a); pto_store(o + 4 * N, C, d);
  pto_pows(d, b, s); pto_store(o + 5 * N, C, d);
}
static float rgelu(float x) { x = x < -10.0f ? -10.0f : x; return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x))); }
static float rpow(float x, float y) { return x > 0.0f ? powf(x, y) : expf(y * logf(x)); }
static float ref(int op, float x, float y, float s)
{
  switch (op) {
  case 0: return tanhf(x);
  case 1: return 1.0f / (1.0f + expf(-x));
  case 2: return exp2f(x);
  case 3: return rgelu(x);
  case 4: return rpow(y, x);
  default: return rpow(y, s);
  }
}
static double exact(int op, double x, double y, double s)
{
  switch (op) {
  case 0: return tanh(x);
  case 1: return 1.0 / (1.0 + exp(-x));
  case 2: return exp2(x);
  case 3: return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
  case 4: return pow(y, x);
  default: return pow(y, s);
  }
}
static const char *names[] = { "tanh", "sigmoid", "exp2", "gelu", "pow", "pows" };
/* abs err, rel err (|ref| >= floor), ref vs exact */
static double mabs[2][6], mrel[2][6], eabs[2][6], erel[2][6];
static float wabs[2][6], wrel[2][6]; static double mz[2][6];
static double zarg(int op, double x, double y, double s){ return op==2? x*0.6931471805599453 : op==4 ? x*log(y) : op==5 ? s*log(y) : 0; }
static double gy, gs;
static void acc(int h, int op, float x, double got, double want, double ex, double floor)
{
  if (isnan(want) && isnan(got)) return;
  if (isinf(want) && got == want) return;
  double a = fabs(got - want);
  if (isnan(a)) a = INFINITY;
  if (a > mabs[h][op]) { mabs[h][op] = a; wabs[h][op] = x; }
  if (fabs(want) >= floor && op >= 4 && a / fabs(want) / (2 + fabs(zarg(op, x, (double)gy, (double)gs))) > mz[h][op]) mz[h][op] = a / fabs(want) / (2 + fabs(zarg(op, x, gy, gs)));
  if (op == 2 && fabs(want) >= floor && a / fabs(want) / (2 + fabs(zarg(op, x, 0, 0))) > mz[h][op]) mz[h][op] = a / fabs(want) / (2 + fabs(zarg(op, x, 0, 0)));
  if (fabs(want) >= floor && a / fabs(want) > mrel[h][op]) { mrel[h][op] = a / fabs(want); wrel[h][op] = x; }
  if (!isnan(ex) && !isinf(ex)) {
    double e = fabs(got - ex);
    if (e > eabs[h][op]) eabs[h][op] = e;
    if (fabs(ex) >= floor && e / fabs(ex) > erel[h][op]) erel[h][op] = e / fabs(ex);
  }
}
int main(void)
{
  static float x[N], y[N], o[6 * N];
  static _Float16 hx[N], hy[N], ho[6 * N];
  float svals[] = { 2.5f, -1.5f, 0.5f, 3.0f, -0.3f };
  long total = 0;
  for (int pass = 0; pass < 120; pass++) {
    for (int i = 0; i < N; i++) {
      long k = (long)pass * N + i;
      double t = (double)k / (120.0 * N);           /* 0..1 */
      x[i] = (float)(-30.0 + 60.0 * t);             /* dense in [-30,30] */
      if (pass >= 100) x[i] = (float)((pass & 1 ? 1 : -1) * pow(10.0, -8 + 48.0 * ((double)i / N)));
      y[i] = (float)pow(10.0, -6 + 10.0 * fmod(t * 7.0, 1.0)); /* (1e-6, 1e4) */
      if (pass < 100) y[i] = (float)pow(10.0, -2 + 3.0 * fmod(t * 13.0, 1.0)); /* pow base (0.01,10) */
    }
    if (pass == 119) { x[0] = 100; x[1] = -100; x[2] = INFINITY; x[3] = -INFINITY; x[4] = 0; x[5] = -0.0f; x[6] = 1e-30f; }
    float s = svals[pass % 5];
    kf(x, y, s, o);
    for (int op = 0; op < 6; op++)
      for (int i = 0; i < N; i++) {
        float xi = x[i];
        if (op == 4 && fabsf(xi) > 30) continue;  /* pow: exponent sweep within [-30,30] */
        gy = y[i]; gs = s; acc(0, op, xi, o[op * N + i], ref(op, xi, y[i], s), exact(op, xi, y[i], s), 1e-30);
      }
    total += N;
  }
  /* fp16: every finite half as x; y a positive sweep.  */
  for (int base = 0; base < 65536; base += N) {
    for (int i = 0; i < N; i++) {
      unsigned short b = (unsigned short)(base + i);
      memcpy(&hx[i], &b, 2);
      if (!isfinite((float)hx[i])) hx[i] = 0;
      hy[i] = (_Float16)(float)pow(10.0, -3 + 5.0 * ((double)i / N));
    }
    _Float16 s = (_Float16)svals[(base / N) % 5];
    kh(hx, hy, s, ho);
    for (int op = 0; op < 6; op++)
      for (int i = 0; i < N; i++) {
        float xi = (float)hx[i], yi = (float)hy[i];
        if (op == 4 && fabsf(xi) > 16) continue;
        float r = (float)(_Float16)ref(op, xi, yi, (float)s);
        gy = yi; gs = (float)s; acc(1, op, xi, (float)ho[op * N + i], r, exact(op, xi, yi, (float)s), 6.2e-5);
      }
  }
  for (int h = 0; h < 2; h++)
    for (int op = 0; op < 6; op++)
      printf("%s %-8s vs ref: abs %.3g (x=%g) rel %.3g (x=%g) relz/eps %.3g | vs exact: abs %.3g rel %.3g\n", h ? "f16" : "f32", names[op], 
             mabs[h][op], wabs[h][op], mrel[h][op], wrel[h][op], mz[h][op] / 0x1p-23, eabs[h][op], erel[h][op]);
  (void)total;
  return 0;
}
