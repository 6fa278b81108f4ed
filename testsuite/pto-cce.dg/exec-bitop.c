/* exec-bitop.c - int32 pto.and, pto.or, pto.not and pto.xor (also in
   place) on 16x64 tiles, and xor, not and or on a 5x3 tile (a masked
   tail), on the vector unit as int16 halves, against reference mode
   and against the C operators computed here: INT32_MIN, INT32_MAX, -1,
   0 and bit patterns whose halves differ (0x0000ffff, 0xffff0000,
   0x12345678).  exec-bitop-m200 is the dav-m200 twin.  */
#include "harness.h"
#include <stdint.h>

enum { T = 16 * 64, S = 5 * 3 };
typedef PTO_TILE(int32_t, 16, 64) i_t;
typedef PTO_TILE(int32_t, 5, 3) s_t;

static PTO_KERNEL void ref_bitop(const int32_t *x, const int32_t *y,
                                 int32_t *o, const int32_t *u, int32_t *v)
{
  i_t a, b, d;
  s_t s, t;
  pto_load(a, x, 64);
  pto_load(b, y, 64);
  pto_and(d, a, b);
  pto_store(o, 64, d);
  pto_or(d, a, b);
  pto_store(o + 1024, 64, d);
  pto_not(d, a);
  pto_store(o + 2048, 64, d);
  pto_xor(d, a, b);
  pto_store(o + 3072, 64, d);
  pto_xor(a, a, b);
  pto_store(o + 4096, 64, a);
  pto_load(s, u, 3);
  pto_xor(t, s, s);
  pto_store(v, 3, t);
  pto_not(t, s);
  pto_or(t, t, s);
  pto_store(v + 15, 3, t);
}

void bitop_k__sim(void *const *args);

static int32_t x[T], y[T], u[S], o[5 * T], v[2 * S], wo[5 * T], wv[2 * S];

static void reset(void)
{
  memset(o, 0x55, sizeof o);
  memset(v, 0x55, sizeof v);
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("bitops 16x64", o, wo, 5 * T);
  CHECK_ARRAY_EQ("bitops 5x3", v, wv, 2 * S);
}

int main(void)
{
  static const uint32_t special[] = { 0x80000000u, 0x7fffffffu, 0xffffffffu,
                                      0, 0x0000ffffu, 0xffff0000u,
                                      0x12345678u, 0x00010001u };
  for (int i = 0; i < T; i++) {
    x[i] = (int32_t)(special[i % 8] ^ (uint32_t)i * 2654435761u);
    y[i] = (int32_t)special[(i / 8) % 8];
  }
  for (int i = 0; i < S; i++)
    u[i] = (int32_t)special[i % 8];
  pto_launch(ref_bitop, 1, x, y, wo, u, wv);
  /* The reference against C's operators.  */
  int bad = 0;
  for (int i = 0; i < T; i++)
    bad += wo[i] != (x[i] & y[i]) || wo[T + i] != (x[i] | y[i])
           || wo[2 * T + i] != ~x[i] || wo[3 * T + i] != (x[i] ^ y[i])
           || wo[4 * T + i] != (x[i] ^ y[i]);
  for (int i = 0; i < S; i++)
    bad += wv[i] != 0 || wv[S + i] != -1;
  CHECK(bad == 0);
  const int32_t *px = x, *py = y, *pu = u;
  int32_t *po = o, *pv = v;
  void *args[] = { &px, &py, &po, &pu, &pv };
  cce_run(bitop_k__sim, args, 1, reset, check);
  return harness_end("exec-bitop");
}
