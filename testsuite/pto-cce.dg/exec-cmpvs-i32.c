/* exec-cmpvs-i32.c - int32 pto.cmps_eq and pto.cmps_ne on a 16x64 tile
   run on dav-c220's vector unit (its int32 vcmpvs_eq; ne selects with
   ones and zeros swapped), pto.cmps_lt on the scalar unit (vcmpvs_lt
   has no int32 form), against reference mode: elements equal to the
   scalar, INT32_MIN and INT32_MAX, 16777217 against the scalar
   16777216 (equal as floats, not as integers), and a scalar computed in
   the kernel (s + 1).  The same .pto on dav-m200
   (exec-cmpvs-i32-m200) compares all three on the scalar unit.  */
#include "harness.h"
#include <stdint.h>

enum { T = 16 * 64 };
typedef PTO_TILE(int32_t, 16, 64) i_t;

static PTO_KERNEL void ref_cmpvs_i32(const int32_t *x, int32_t s,
                                     int32_t *o, int32_t *p, int32_t *r)
{
  i_t a, m, q, l;
  pto_load(a, x, 64);
  pto_cmps_eq(m, a, s);
  pto_cmps_ne(q, a, s + 1);
  pto_cmps_lt(l, a, s);
  pto_store(o, 64, m);
  pto_store(p, 64, q);
  pto_store(r, 64, l);
}

void cmpvs_i32_k__sim(void *const *args);

static int32_t x[T], o[T], p[T], r[T], wo[T], wp[T], wr[T];

static void reset(void)
{
  memset(o, 0x55, sizeof o);
  memset(p, 0x55, sizeof p);
  memset(r, 0x55, sizeof r);
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("cmps_eq", o, wo, T);
  CHECK_ARRAY_EQ("cmps_ne", p, wp, T);
  CHECK_ARRAY_EQ("cmps_lt", r, wr, T);
}

int main(void)
{
  int32_t s = 16777216;
  static const int32_t special[] = { 16777216, 16777217, 16777215, INT32_MIN,
                                     INT32_MAX, 0, -16777216, 16777216 };
  for (int i = 0; i < T; i++)
    x[i] = i % 3 ? special[i % 8] : s + (i % 7) - 3;
  pto_launch(ref_cmpvs_i32, 1, x, s, wo, wp, wr);
  const int32_t *px = x;
  int32_t *po = o, *pp = p, *pr = r;
  void *args[] = { &px, &s, &po, &pp, &pr };
  cce_run(cmpvs_i32_k__sim, args, 1, reset, check);
  return harness_end("exec-cmpvs-i32");
}
