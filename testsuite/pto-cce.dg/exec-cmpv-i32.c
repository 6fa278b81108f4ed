/* exec-cmpv-i32.c - int32 pto.cmp_eq and pto.cmp_ne on 16x64 tiles run on
   dav-c220's vector unit (its int32 vcmpv_eq; ne selects with ones and
   zeros swapped), pto.cmp_lt on int32 on the scalar unit (vcmpv_lt has
   no int32 form), against reference mode: equal values, INT32_MIN and
   INT32_MAX, values that are equal as floats but not as integers
   (16777216 and 16777217), and -0 as the bits 0x80000000.  The same
   .pto on dav-m200 (exec-cmpv-i32-m200) compares all three on the
   scalar unit.  */
#include "harness.h"
#include <stdint.h>

enum { T = 16 * 64 };
typedef PTO_TILE(int32_t, 16, 64) i_t;

static PTO_KERNEL void ref_cmpv_i32(const int32_t *x, const int32_t *y,
                                    int32_t *o, int32_t *p, int32_t *r)
{
  i_t a, b, m, q, l;
  pto_load(a, x, 64);
  pto_load(b, y, 64);
  pto_cmp_eq(m, a, b);
  pto_cmp_ne(q, a, b);
  pto_cmp_lt(l, a, b);
  pto_store(o, 64, m);
  pto_store(p, 64, q);
  pto_store(r, 64, l);
}

void cmpv_i32_k__sim(void *const *args);

static int32_t x[T], y[T], o[T], p[T], r[T], wo[T], wp[T], wr[T];

static void reset(void)
{
  memset(o, 0x55, sizeof o);
  memset(p, 0x55, sizeof p);
  memset(r, 0x55, sizeof r);
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("cmp_eq", o, wo, T);
  CHECK_ARRAY_EQ("cmp_ne", p, wp, T);
  CHECK_ARRAY_EQ("cmp_lt", r, wr, T);
}

int main(void)
{
  static const int32_t special[] = { INT32_MIN, INT32_MAX, 0, -1, 16777216,
                                     16777217, INT32_MIN + 1, 7 };
  for (int i = 0; i < T; i++) {
    x[i] = special[i % 8];
    y[i] = special[(i / 8) % 8];
    if (i % 5 == 0)
      y[i] = i % 23 - 11;
  }
  pto_launch(ref_cmpv_i32, 1, x, y, wo, wp, wr);
  const int32_t *px = x, *py = y;
  int32_t *po = o, *pp = p, *pr = r;
  void *args[] = { &px, &py, &po, &pp, &pr };
  cce_run(cmpv_i32_k__sim, args, 1, reset, check);
  return harness_end("exec-cmpv-i32");
}
