/* exec-shift-m200.c - int32 pto.shls and pto.shrs by one count (a kernel
   argument, a constant 31, s - s = 0, s + 1) on 16x64 and 5x3 tiles,
   on dav-m200's scalar unit (its basic API calls no vshl / vshr),
   against reference mode and against shifts computed here: INT32_MIN,
   INT32_MAX, -1, 0 and patterns with the sign bit set, so that an
   arithmetic shift copies it in and a left shift loses bits.  The
   dav-m200 twin of exec-shift.  */
#include "harness.h"
#include <stdint.h>

enum { T = 16 * 64, S = 5 * 3 };
typedef PTO_TILE(int32_t, 16, 64) i_t;
typedef PTO_TILE(int32_t, 5, 3) s_t;

static PTO_KERNEL void ref_shift(const int32_t *x, int32_t s, int32_t *o,
                                 const int32_t *u, int32_t *v)
{
  i_t a, d;
  s_t e, f;
  pto_load(a, x, 64);
  pto_shls(d, a, s);
  pto_store(o, 64, d);
  pto_shrs(d, a, s);
  pto_store(o + 1024, 64, d);
  pto_shrs(d, a, 31);
  pto_store(o + 2048, 64, d);
  pto_shls(a, a, s - s);
  pto_store(o + 3072, 64, a);
  pto_load(e, u, 3);
  pto_shrs(f, e, s + 1);
  pto_store(v, 3, f);
  pto_shls(f, e, 31);
  pto_store(v + 15, 3, f);
}

void shift_m200_k__sim(void *const *args);

static int32_t x[T], u[S], o[4 * T], v[2 * S], wo[4 * T], wv[2 * S];

static void reset(void)
{
  memset(o, 0x55, sizeof o);
  memset(v, 0x55, sizeof v);
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("shifts 16x64", o, wo, 4 * T);
  CHECK_ARRAY_EQ("shifts 5x3", v, wv, 2 * S);
}

/* a >> k, arithmetic, without C's implementation-defined >>.  */
static int32_t sar(int32_t a, int k)
{
  uint32_t ua = (uint32_t)a >> k;
  if (a < 0 && k)
    ua |= ~(0xffffffffu >> k);
  return (int32_t)ua;
}

int main(void)
{
  int32_t s = 7;
  static const uint32_t special[] = { 0x80000000u, 0x7fffffffu, 0xffffffffu,
                                      0, 0x0000ffffu, 0xffff0000u,
                                      0x92345678u, 0x00010001u };
  for (int i = 0; i < T; i++)
    x[i] = (int32_t)(special[i % 8] ^ (uint32_t)i * 2654435761u);
  for (int i = 0; i < S; i++)
    u[i] = (int32_t)special[i % 8];
  pto_launch(ref_shift, 1, x, s, wo, u, wv);
  int bad = 0;
  for (int i = 0; i < T; i++)
    bad += wo[i] != (int32_t)((uint32_t)x[i] << s)
           || wo[T + i] != sar(x[i], s) || wo[2 * T + i] != sar(x[i], 31)
           || wo[3 * T + i] != x[i];
  for (int i = 0; i < S; i++)
    bad += wv[i] != sar(u[i], s + 1)
           || wv[S + i] != (int32_t)((uint32_t)u[i] << 31);
  CHECK(bad == 0);
  const int32_t *px = x, *pu = u;
  int32_t *po = o, *pv = v;
  void *args[] = { &px, &s, &po, &pu, &pv };
  cce_run(shift_m200_k__sim, args, 1, reset, check);
  return harness_end("exec-shift-m200");
}
