/* isa-int16.c - int16_t casts and 16-bit loads and stores (TCVT f16 <->
   i16, TLOAD / TSTORE of i16 tiles): the PTO-ISA C++ on the PTO-ISA CPU
   simulation against reference mode, bit for bit, for fp16 values in
   int16's range (ties to even included) and int16 values fp16 rounds.
   The saturation at the int16 ends is pto-cce.dg/exec-int16's: the CPU
   simulation wraps there (its cpu/TCvt.hpp), the device saturates.  */
#include "harness.h"

typedef PTO_TILE(pto_f16, 3, 70) h_t;
typedef PTO_TILE(int16_t, 3, 70) s_t;

static PTO_KERNEL void ref_casts(const pto_f16 *x, int16_t *s,
                                 const int16_t *g, pto_f16 *y)
{
  h_t a, f;
  s_t b;
  pto_load(a, x, 70);
  pto_cast(b, a);
  pto_store(s, 70, b);
  pto_cast(f, b);
  pto_store(y, 70, f);
  pto_load(b, g, 70);
  pto_cast(f, b);
  pto_store(y + 210, 70, f);
}

void int16_casts__sim(void *const *args);

enum { N = 210 };
static pto_f16 x[N], y[2 * N], wy[2 * N];
static int16_t s[N], g[N], ws[N];

static void reset(void)
{
  memset(s, 0, sizeof s);
  memset(y, 0, sizeof y);
}
static void check(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("f16->s16", s, ws, N);
  CHECK(memcmp(y, wy, sizeof y) == 0);
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = (pto_f16)((i * 37 % 611) * 97.25f - 29700.0f + (i % 4) * 0.5f);
    g[i] = (int16_t)(i * 2731 - 28000 + i % 3);
  }
  x[0] = (pto_f16)2.5f;
  x[1] = (pto_f16)-1.5f;
  x[2] = (pto_f16)-0.0f;
  x[3] = (pto_f16)32752.0f;
  x[4] = (pto_f16)-32768.0f;
  pto_launch(ref_casts, 1, x, ws, g, wy);
  const pto_f16 *px = x;
  int16_t *ps = s;
  const int16_t *pg = g;
  pto_f16 *py = y;
  void *args[] = { &px, &ps, &pg, &py };
  cce_run(int16_casts__sim, args, 1, reset, check);
  return harness_end("isa-int16");
}
