/* exec-f16-i32.c - fp16 and int32 ops (wrapping, truncating division,
   INT32_MIN edge cases) and every cast, emitted CCE vs reference mode,
   all exact except fp16 exp (tolerance 1e-3, one fp16 ulp).  */
#include "harness.h"

typedef PTO_TILE(pto_f16, 16, 64) h_t;
typedef PTO_TILE(int32_t, 4, 40) i_t;
typedef PTO_TILE(float, 8, 32) cf_t;
typedef PTO_TILE(pto_f16, 8, 32) ch_t;
typedef PTO_TILE(int32_t, 8, 32) ci_t;

static PTO_KERNEL void ref_f16(const pto_f16 *a, const pto_f16 *b, pto_f16 *o,
                               pto_f16 s)
{
  h_t ta, tb, t;
  pto_load(ta, a, 64);
  pto_load(tb, b, 64);
  pto_add(t, ta, tb);
  pto_mul(t, t, ta);
  pto_muls(tb, tb, s);
  pto_sub(t, t, tb);
  pto_store(o, 64, t);
  pto_div(t, ta, tb);
  pto_store(o + 1024, 64, t);
  pto_exp(t, ta);
  pto_store(o + 2048, 64, t);
  pto_neg(t, ta);
  pto_maxs(t, t, s);
  pto_store(o + 3072, 64, t);
}

static PTO_KERNEL void ref_i32(const int32_t *a, const int32_t *b, int32_t *o,
                               int32_t s)
{
  i_t ta, tb, t;
  pto_load(ta, a, 40);
  pto_load(tb, b, 40);
  pto_add(t, ta, tb); pto_store(o, 40, t);
  pto_sub(t, ta, tb); pto_store(o + 160, 40, t);
  pto_mul(t, ta, tb); pto_store(o + 320, 40, t);
  pto_div(t, ta, tb); pto_store(o + 480, 40, t);
  pto_max(t, ta, tb); pto_store(o + 640, 40, t);
  pto_min(t, ta, tb); pto_store(o + 800, 40, t);
  pto_abs(t, ta); pto_store(o + 960, 40, t);
  pto_neg(t, ta); pto_store(o + 1120, 40, t);
  pto_relu(t, ta); pto_store(o + 1280, 40, t);
  pto_adds(t, ta, s); pto_store(o + 1440, 40, t);
  pto_muls(t, ta, s); pto_store(o + 1600, 40, t);
  pto_mins(t, ta, s); pto_store(o + 1760, 40, t);
  pto_fill(t, s); pto_store(o + 1920, 40, t);
}

static PTO_KERNEL void ref_casts(const float *x, pto_f16 *h, float *back,
                                 int32_t *n, int32_t *hn, float *nf,
                                 pto_f16 *nh)
{
  cf_t f, g;
  ch_t th;
  ci_t ti;
  pto_load(f, x, 32);
  pto_cast(th, f); pto_store(h, 32, th);
  pto_cast(g, th); pto_store(back, 32, g);
  pto_cast(ti, f); pto_store(n, 32, ti);
  pto_cast(ti, th); pto_store(hn, 32, ti);
  pto_cast(g, ti); pto_store(nf, 32, g);
  pto_cast(th, ti); pto_store(nh, 32, th);
  pto_cast(g, f); pto_store(back + 256, 32, g);
}

void f16_ops__sim(void *const *args);
void i32_ops__sim(void *const *args);
void casts__sim(void *const *args);

static pto_f16 ha[1024], hb[1024], ho[4096], hw[4096];
static int32_t ia[160], ib[160], io[2080], iw[2080];
static float cx[256], cback[512], cnf[256], wback[512], wnf[256];
static pto_f16 ch[256], cnh[256], wh[256], wnh[256];
static int32_t cn[256], chn[256], wn[256], whn[256];

static void reset_h(void) { memset(ho, 0, sizeof ho); }
static void check_h(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("f16 arith", ho, hw, 2048);
  CHECK_ARRAY_NEAR("f16 exp", ho + 2048, hw + 2048, 1024, 1e-3);
  CHECK_ARRAY_EQ("f16 neg maxs", ho + 3072, hw + 3072, 1024);
}
static void reset_i(void) { memset(io, 0, sizeof io); }
static void check_i(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("i32", io, iw, 2080);
}
static void reset_c(void)
{
  memset(ch, 0, sizeof ch); memset(cback, 0, sizeof cback);
  memset(cn, 0, sizeof cn); memset(chn, 0, sizeof chn);
  memset(cnf, 0, sizeof cnf); memset(cnh, 0, sizeof cnh);
}
static void check_c(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("f32->f16", ch, wh, 256);
  CHECK_ARRAY_EQ("f16->f32, f32->f32", cback, wback, 512);
  CHECK_ARRAY_EQ("f32->i32", cn, wn, 256);
  CHECK_ARRAY_EQ("f16->i32", chn, whn, 256);
  CHECK_ARRAY_EQ("i32->f32", cnf, wnf, 256);
  CHECK_ARRAY_EQ("i32->f16", cnh, wnh, 256);
}

int main(void)
{
  for (int i = 0; i < 1024; i++) {
    ha[i] = (pto_f16)((float)((i * 7) % 41 - 20) * 0.0625f);
    hb[i] = (pto_f16)((float)((i * 5) % 37 + 3) * 0.1f);
  }
  pto_f16 hs = (pto_f16)0.3f;
  pto_launch(ref_f16, 1, ha, hb, hw, hs);
  const pto_f16 *pa = ha, *pb = hb;
  pto_f16 *po = ho;
  void *hargs[] = { &pa, &pb, &po, &hs };
  cce_run(f16_ops__sim, hargs, 1, reset_h, check_h);

  for (int i = 0; i < 160; i++) {
    ia[i] = (int32_t)((uint32_t)i * 2654435761u);
    ib[i] = (i % 9) - 4 ? (i % 9) - 4 : 5;
  }
  ia[0] = INT32_MIN; ib[0] = -1;
  ia[1] = INT32_MIN; ib[1] = 3;
  ib[2] = 7;
  int32_t is = -123457;
  pto_launch(ref_i32, 1, ia, ib, iw, is);
  const int32_t *qa = ia, *qb = ib;
  int32_t *qo = io;
  void *iargs[] = { &qa, &qb, &qo, &is };
  cce_run(i32_ops__sim, iargs, 1, reset_i, check_i);

  for (int i = 0; i < 256; i++)
    cx[i] = (float)((i * 13) % 101 - 50) * 0.37f + (i % 4) * 0.5f;
#ifndef PTO_HARNESS_CVT_IN_RANGE   /* saturation (pto-isa.dg/harness.h) */
  cx[0] = 3e9f; cx[1] = -3e9f; cx[2] = 70000.0f;
#endif
  cx[3] = 2.5f; cx[4] = -2.5f;
  cx[5] = 3.5f; cx[6] = 1e-8f;
  pto_launch(ref_casts, 1, cx, wh, wback, wn, whn, wnf, wnh);
  const float *px = cx;
  pto_f16 *p1 = ch, *p6 = cnh;
  float *p2 = cback, *p5 = cnf;
  int32_t *p3 = cn, *p4 = chn;
  void *cargs[] = { &px, &p1, &p2, &p3, &p4, &p5, &p6 };
  cce_run(casts__sim, cargs, 1, reset_c, check_c);
  return harness_end("exec-f16-i32");
}
