/* ops-transc.c - pto_tanh, pto_sigmoid, pto_exp2, pto_gelu, pto_pow and
   pto_pows in f32 and fp16, on a shape of whole 256 B repeats (8 x 64)
   and an odd one (5 x 3: one masked repeat), into another tile and in
   place (pow's result over its exponent's tile too).  Every result is
   checked on the host against the reference functions of include/pto.h
   with the error bound pto.h documents ("Transcendentals"); the output
   is the PASS lines, the same in reference mode, with sim=jit and with
   sim=cce on both archs (run.exp), whose sequences of vector
   instructions are within that bound, not bit-identical.  Inputs span
   large |x| where a naive e^x overflows: tanh(+-100) must be +-1 exactly
   and sigmoid(-100) must be 0 within the bound, not NaN.  */
#include <math.h>
#include <pto.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

enum { R = 8, C = 64, N = R * C, SR = 5, SC = 3, SN = SR * SC, OPS = 9 };
typedef PTO_TILE(float, R, C) f_t;
typedef PTO_TILE(_Float16, R, C) h_t;
typedef PTO_TILE(float, SR, SC) fs_t;
typedef PTO_TILE(_Float16, SR, SC) hs_t;

/* Slots of o: tanh sigmoid exp2 gelu pow(y, x) pows(y, s), then in
   place: tanh(x) over x, gelu(x) over x, pow(y, x) over x.  */
#define ALL_OPS(T, a, b, d, s, o, cols, n)                                  \
  {                                                                         \
    T t_;                                                                   \
    pto_tanh(d, a); pto_store(o + 0 * n, cols, d);                          \
    pto_sigmoid(d, a); pto_store(o + 1 * n, cols, d);                       \
    pto_exp2(d, a); pto_store(o + 2 * n, cols, d);                          \
    pto_gelu(d, a); pto_store(o + 3 * n, cols, d);                          \
    pto_pow(d, b, a); pto_store(o + 4 * n, cols, d);                        \
    pto_pows(d, b, s); pto_store(o + 5 * n, cols, d);                       \
    t_ = a; pto_tanh(t_, t_); pto_store(o + 6 * n, cols, t_);               \
    t_ = a; pto_gelu(t_, t_); pto_store(o + 7 * n, cols, t_);               \
    t_ = a; pto_pow(t_, b, t_); pto_store(o + 8 * n, cols, t_);             \
  }

PTO_KERNEL void tr_f32(const float *x, const float *y, float s, float *o)
{
  f_t a, b, d;
  pto_load(a, x, C);
  pto_load(b, y, C);
  ALL_OPS(f_t, a, b, d, s, o, C, N);
}

PTO_KERNEL void tr_f16(const _Float16 *x, const _Float16 *y, _Float16 s,
                       _Float16 *o)
{
  h_t a, b, d;
  pto_load(a, x, C);
  pto_load(b, y, C);
  ALL_OPS(h_t, a, b, d, s, o, C, N);
}

PTO_KERNEL void tr_f32s(const float *x, const float *y, float s, float *o)
{
  fs_t a, b, d;
  pto_load(a, x, SC);
  pto_load(b, y, SC);
  ALL_OPS(fs_t, a, b, d, s, o, SC, SN);
}

PTO_KERNEL void tr_f16s(const _Float16 *x, const _Float16 *y, _Float16 s,
                        _Float16 *o)
{
  hs_t a, b, d;
  pto_load(a, x, SC);
  pto_load(b, y, SC);
  ALL_OPS(hs_t, a, b, d, s, o, SC, SN);
}

/* include/pto.h's reference functions, in float.  */
static float
ref(int op, float x, float y, float s)
{
  switch (op) {
  case 0: case 6: return tanhf(x);
  case 1: return 1.0f / (1.0f + expf(-x));
  case 2: return exp2f(x);
  case 3: case 7: {
    float c = x < -10.0f ? -10.0f : x;
    return 0.5f * c * (1.0f + tanhf(0.7978845608f * (c + 0.044715f * c * c * c)));
  }
  default: {
    float e = op == 5 ? s : x;
    return y > 0.0f ? powf(y, e) : expf(e * logf(y));
  }
  }
}

/* pto.h's bound for |result - reference|: the f32 bound, for fp16 plus
   one fp16 ulp.  */
static double
bound(int op, bool f16, double x, double y, double s, double want)
{
  double b;
  switch (op) {
  case 0: case 6: case 1: b = 0x1p-22; break;
  case 3: case 7: b = 0x1p-22 * fmax(1.0, fabs(x)); break;
  case 2: b = 0x1p-23 * (2.0 + fabs(x * 0.6931471805599453)) * fabs(want); break;
  default: b = 0x1p-23 * (2.0 + fabs((op == 5 ? s : x) * log(y))) * fabs(want);
  }
  return f16 ? b + fmax(fabs(want) * 0x1p-10, 0x1p-24) : b;
}

static const char *const names[OPS] = {
  "tanh", "sigmoid", "exp2", "gelu", "pow", "pows",
  "tanh in place", "gelu in place", "pow over its exponent"
};

/* Check slot results GOT (as double) of N inputs; print one line per op.  */
static int
check(const char *what, bool f16, const double *got, const float *x,
      const float *y, float s, int n)
{
  int bad = 0;
  for (int op = 0; op < OPS; op++) {
    int fails = 0;
    for (int i = 0; i < n; i++) {
      double want = ref(op, x[i], y[i], s), g = got[op * n + i];
      if (f16)
        want = (double)(float)(_Float16)want;
      bool ok = (isnan(want) && isnan(g)) || g == want
                || fabs(g - want) <= bound(op, f16, x[i], y[i], s, want);
      if (!ok && fails++ < 3)
        printf("FAIL %s %s x=%a y=%a: %a, want %a\n", what, names[op],
               x[i], y[i], g, want);
    }
    printf("%s %s %s\n", fails ? "FAIL" : "PASS", what, names[op]);
    bad += fails != 0;
  }
  return bad;
}

static float x[N], y[N], of[OPS * N];
static _Float16 hx[N], hy[N], oh[OPS * N];
static double got[OPS * N];
static float hxf[N], hyf[N];

int
main(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i - N / 2) * 0.0625f;             /* [-16, 16) */
    y[i] = (float)((i * 37) % 97 + 1) * 0.03125f;    /* (0, 3.1] */
  }
  float big[] = { 100.0f, -100.0f, 1e30f, -1e30f, 88.5f, -88.5f, 0.0f,
                  -0.0f, 1e-30f, -1e-3f, 127.0f, -140.0f };
  memcpy(x, big, sizeof big);
  y[0] = 0.0f;                                       /* pow at 0 */
  float s = 2.5f;
  tr_f32(x, y, s, of);
  for (int i = 0; i < OPS * N; i++)
    got[i] = of[i];
  int bad = check("f32 8x64", false, got, x, y, s, N);
  printf("f32 tanh(100) = %g, tanh(-100) = %g, sigmoid(-100) %s 0\n",
         of[0], of[1], fabsf(of[N + 1]) <= 0x1p-22f ? "~" : "!=");
  tr_f32s(x + 40, y + 40, -1.5f, of);
  for (int i = 0; i < OPS * SN; i++)
    got[i] = of[i];
  bad += check("f32 5x3", false, got, x + 40, y + 40, -1.5f, SN);

  for (int i = 0; i < N; i++) {
    hx[i] = (_Float16)(float)(((i * 53) % N - N / 2) * 0.03125f); /* [-8, 8) */
    hy[i] = (_Float16)(float)((i % 61 + 1) * 0.05f);
    hxf[i] = (float)hx[i];
    hyf[i] = (float)hy[i];
  }
  hx[0] = (_Float16)100.0f; hx[1] = (_Float16)-100.0f; hx[2] = (_Float16)-20.0f;
  hxf[0] = 100.0f; hxf[1] = -100.0f; hxf[2] = -20.0f;
  _Float16 hs = (_Float16)0.3f;                      /* not an fp16 exactly */
  tr_f16(hx, hy, hs, oh);
  for (int i = 0; i < OPS * N; i++)
    got[i] = (float)oh[i];
  bad += check("f16 8x64", true, got, hxf, hyf, (float)hs, N);
  printf("f16 tanh(100) = %g, tanh(-100) = %g\n", (double)(float)oh[0],
         (double)(float)oh[1]);
  tr_f16s(hx + 7, hy + 7, hs, oh);
  for (int i = 0; i < OPS * SN; i++)
    got[i] = (float)oh[i];
  bad += check("f16 5x3", true, got, hxf + 7, hyf + 7, (float)hs, SN);
  return bad != 0;
}
