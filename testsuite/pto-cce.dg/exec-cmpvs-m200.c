/* exec-cmpvs-m200.c - pto.cmps_lt, cmps_ge and cmps_ne on a 16x64 f32 tile
   and pto.cmps_le on a 16x128 fp16 tile, each one vcmpvs_<op> on the
   vector unit, against reference mode: NaN (unordered: lt, ge and le
   false, ne true), infinities, signed zeros, values equal to the
   scalar, a scalar computed in the kernel (s * 2), and an fp16 tile
   compared with an f32 scalar that rounds in fp16 (1/3: the element
   (half)(1/3) is equal to the rounded scalar, so le holds).  Its twin on
   .pto on dav-c220 is exec-cmpvs.  */
#include "harness.h"
#include <math.h>

enum { T = 16 * 64, H = 16 * 128 };
typedef PTO_TILE(float, 16, 64) f_t;
typedef PTO_TILE(_Float16, 16, 128) h_t;
typedef PTO_TILE(int32_t, 16, 64) i_t;
typedef PTO_TILE(int32_t, 16, 128) j_t;

static PTO_KERNEL void ref_cmpvs(const float *x, const _Float16 *g, float s,
                                 int32_t *o, int32_t *p, int32_t *q,
                                 int32_t *r)
{
  f_t a;
  h_t h;
  i_t m, n, e;
  j_t l;
  pto_load(a, x, 64);
  pto_load(h, g, 128);
  pto_cmps_lt(m, a, s);
  pto_cmps_ge(n, a, s * 2.0f);
  pto_cmps_ne(e, a, s);
  pto_cmps_le(l, h, s);
  pto_store(o, 64, m);
  pto_store(p, 64, n);
  pto_store(q, 64, e);
  pto_store(r, 128, l);
}

void cmpvs_m200_k__sim(void *const *args);

static float x[T];
static _Float16 g[H];
static int32_t o[T], p[T], q[T], r[H], wo[T], wp[T], wq[T], wr[H];

static void reset(void)
{
  memset(o, 0x55, sizeof o);
  memset(p, 0x55, sizeof p);
  memset(q, 0x55, sizeof q);
  memset(r, 0x55, sizeof r);
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("cmps_lt", o, wo, T);
  CHECK_ARRAY_EQ("cmps_ge", p, wp, T);
  CHECK_ARRAY_EQ("cmps_ne", q, wq, T);
  CHECK_ARRAY_EQ("cmps_le f16", r, wr, H);
}

int main(void)
{
  float s = 1.0f / 3.0f;
  static const float special[] = { NAN, INFINITY, -INFINITY, 0.0f, -0.0f,
                                   1.0f / 3.0f, 2.0f / 3.0f, -1.0f };
  for (int i = 0; i < T; i++)
    x[i] = i % 3 ? special[i % 8] : (float)(i % 29 - 14) / 21.0f;
  for (int i = 0; i < H; i++)
    g[i] = (_Float16)(i % 4 ? special[i % 8] : (float)(i % 17 - 8) / 24.0f);
  int n_le = 0;
  pto_launch(ref_cmpvs, 1, x, g, s, wo, wp, wq, wr);
  for (int i = 0; i < H; i++)
    n_le += wr[i];
  CHECK(n_le > 0 && n_le < H);   /* the data exercise both outcomes */
  const float *px = x;
  const _Float16 *pg = g;
  int32_t *po = o, *pp = p, *pq = q, *pr = r;
  void *args[] = { &px, &pg, &s, &po, &pp, &pq, &pr };
  cce_run(cmpvs_m200_k__sim, args, 1, reset, check);
  return harness_end("exec-cmpvs-m200");
}
