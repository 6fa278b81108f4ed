/* ops-lrelu.c - pto_lrelu (d = a > 0 ? a : a * s, one vlrelu on the
   vector unit) in f32 and fp16, on 8 x 64 (whole repeats) and 5 x 3 (a
   masked repeat), into another tile and in place, with a run-time and
   a constant slope, signed zeros and infinities among the inputs.  It
   is one op of the table with one vector instruction: the output (every
   result's bits) must be the same in reference mode, with sim=jit and
   with sim=cce on both archs (run.exp).  */
#include <math.h>
#include <pto.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(float, 8, 64) f_t;
typedef PTO_TILE(_Float16, 8, 64) h_t;
typedef PTO_TILE(float, 5, 3) fs_t;
typedef PTO_TILE(_Float16, 5, 3) hs_t;

PTO_KERNEL void lr_f32(const float *x, float s, float *o)
{
  f_t a, d;
  fs_t b;
  pto_load(a, x, 64);
  pto_lrelu(d, a, s);
  pto_store(o, 64, d);
  pto_lrelu(a, a, 0.125f);
  pto_store(o + 512, 64, a);
  pto_load(b, x + 3, 3);
  pto_lrelu(b, b, s);
  pto_store(o + 1024, 3, b);
}

PTO_KERNEL void lr_f16(const _Float16 *x, _Float16 s, _Float16 *o)
{
  h_t a, d;
  hs_t b;
  pto_load(a, x, 64);
  pto_lrelu(d, a, s);
  pto_store(o, 64, d);
  pto_lrelu(a, a, 0.3f);
  pto_store(o + 512, 64, a);
  pto_load(b, x + 3, 3);
  pto_lrelu(b, b, s);
  pto_store(o + 1024, 3, b);
}

static float x[512], o[1039];
static _Float16 hx[512], ho[1039];

int main(void)
{
  for (int i = 0; i < 512; i++) {
    x[i] = (float)((i * 37) % 101 - 50) * 0.7f;
    hx[i] = (_Float16)x[i];
  }
  x[0] = -0.0f; x[1] = INFINITY; x[2] = -INFINITY; x[5] = 1e-40f;
  hx[0] = (_Float16)-0.0f; hx[1] = (_Float16)INFINITY;
  hx[2] = (_Float16)-INFINITY;
  lr_f32(x, 0.01f, o);
  lr_f16(hx, (_Float16)0.1f, ho);
  unsigned long h = 5381;
  for (int i = 0; i < 1039; i++) {
    uint32_t b;
    uint16_t c;
    memcpy(&b, &o[i], 4);
    memcpy(&c, &ho[i], 2);
    h = (h * 33) ^ b ^ ((unsigned long)c << 7);
  }
  printf("o[6..9] = %a %a %a %a\n", o[6], o[7], o[8], o[9]);
  printf("hash of every result bit: %lx\n", h);
  int ok = o[1] == INFINITY && o[2] == -INFINITY * 0.01f && signbit(o[0]);
  printf("%s: lrelu of -0, inf, -inf\n", ok ? "PASS" : "FAIL");
  return !ok;
}
