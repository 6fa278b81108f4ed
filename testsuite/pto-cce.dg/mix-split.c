/* mix-split.c - execution test of mix-split.pto: the dav-c220 mix
   kernels (backend/cce/split.c) against the same kernels in reference
   mode, each on the simulator's AI Core groups (one AIC, two AIVs) in
   three block orders with the race detector across the cores.  Exact
   comparison (mxf both ways of its branch): the operands are small integers, so every product, sum
   and fp16 rounding is exact.  */
#include "harness.h"

typedef PTO_TILE(pto_f16, 16, 16) h16_t;
typedef PTO_TILE(float, 16, 16) f16_t;
typedef PTO_TILE(pto_f16, 16, 32) h1632_t;
typedef PTO_TILE(pto_f16, 32, 32) h3232_t;
typedef PTO_TILE(float, 16, 32) f1632_t;
typedef PTO_TILE(float, 1, 16) row_t;

static PTO_KERNEL void ref_mxi(const pto_f16 *a, const pto_f16 *b, float *c,
                               const float *x, float *y)
{
  h1632_t ta;
  h3232_t tb;
  f1632_t tc, tx;
  pto_load(ta, a, 32);
  pto_load(tb, b, 32);
  pto_fill(tc, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_store(c, 32, tc);
  pto_load(tx, x, 32);
  pto_muls(tx, tx, 3.0f);
  pto_store(y, 32, tx);
}

static PTO_KERNEL void ref_mxv(const pto_f16 *a, const pto_f16 *b, float *c)
{
  h16_t ta, tb;
  f16_t tc, td;
  pto_load(ta, a, 16);
  pto_load(tb, b, 16);
  pto_fill(tc, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_muls(td, tc, 2.0f);
  pto_store(c, 16, td);
}

static PTO_KERNEL void ref_mxo(const pto_f16 *a, const pto_f16 *b, pto_f16 *c)
{
  h16_t ta, tb, h;
  f16_t tc;
  pto_load(ta, a, 16);
  pto_load(tb, b, 16);
  pto_fill(tc, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_cast(h, tc);
  pto_adds(h, h, (pto_f16)1.0f);
  pto_store(c, 16, h);
}

static PTO_KERNEL void ref_mxb(const pto_f16 *a, const pto_f16 *b, float *c)
{
  h16_t ta, tb;
  f16_t tc;
  pto_load(ta, a, 16);
  pto_load(tb, b, 16);
  pto_muls(tb, tb, (pto_f16)2.0f);
  pto_fill(tc, 1.0f);
  pto_matmul(tc, ta, tb);
  pto_store(c, 16, tc);
}

static PTO_KERNEL void ref_mxc(const pto_f16 *a, const pto_f16 *b, float *d)
{
  h16_t ta, tb, th;
  f16_t tc, td;
  pto_load(ta, a, 16);
  pto_load(tb, b, 16);
  pto_fill(tc, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_cast(th, tc);
  pto_muls(th, th, (pto_f16)2.0f);
  pto_fill(td, 0.0f);
  pto_matmul(td, th, tb);
  pto_store(d, 16, td);
}

static PTO_KERNEL void ref_mxr(const pto_f16 *a, const pto_f16 *b,
                               const float *r, float *c)
{
  h16_t ta, tb;
  row_t tr;
  f16_t tc;
  pto_load(ta, a, 16);
  pto_load(tb, b, 16);
  pto_load(tr, r, 16);
  pto_muls(tr, tr, 2.0f);
  pto_fill(tc, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_col_expand_add(tc, tc, tr);
  pto_store(c, 16, tc);
}

static PTO_KERNEL void ref_mxe(const pto_f16 *a, const pto_f16 *b, float *c,
                               int n)
{
  h16_t ta, tb;
  f16_t tc, td;
  pto_load(tb, b, 16);
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_load(ta, a + i * 256, 16);
    pto_fill(tc, 0.0f);
    pto_matmul(tc, ta, tb);
    pto_relu(td, tc);
    pto_store(c + i * 256, 16, td);
  }
}

static PTO_KERNEL void ref_mxf(const pto_f16 *a, const pto_f16 *b, float *c,
                               int n)
{
  h16_t ta, tb;
  f16_t tc;
  if (n > 0) {
    pto_load(ta, a, 16);
    pto_load(tb, b, 16);
    pto_fill(tc, 0.0f);
    pto_matmul(tc, ta, tb);
  } else {
    pto_fill(tc, 2.0f);
  }
  pto_store(c, 16, tc);
}

CCE_MIX(mxf);
CCE_MIX(mxi);
CCE_MIX(mxv);
CCE_MIX(mxo);
CCE_MIX(mxb);
CCE_MIX(mxc);
CCE_MIX(mxr);
CCE_MIX(mxe);

enum { NT = 5, N = NT * 512 };
static pto_f16 a[N], b[N], ho[N], hwant[N];
static float x[N], r[16], c[N], y[N], want[N], ywant[N];

static void reset(void)
{
  for (int i = 0; i < N; i++) {
    c[i] = y[i] = -1.0f;
    ho[i] = (pto_f16)-1.0f;
  }
}
static void check_c(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, N);
}
static void check_cy(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, N);
  CHECK_ARRAY_EQ("y", y, ywant, N);
}
static void check_h(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", ho, hwant, N);
}

/* The reference run's outputs become the expected values.  */
static void keep(void)
{
  memcpy(want, c, sizeof want);
  memcpy(ywant, y, sizeof ywant);
  memcpy(hwant, ho, sizeof hwant);
  CHECK(want[0] != -1.0f && want[5] != want[3]);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  for (int i = 0; i < N; i++) {
    a[i] = (pto_f16)(float)((i * 3) % 5 - 2);
    b[i] = (pto_f16)(float)((i * 5) % 7 - 3);
    x[i] = (float)((i * 7) % 9 - 4);
  }
  for (int i = 0; i < 16; i++)
    r[i] = (float)(i % 5 - 2);
  const pto_f16 *pa = a, *pb = b;
  const float *px = x, *pr = r;
  float *pc = c, *py = y;
  pto_f16 *ph = ho;
  int n = NT;

  reset();
  ref_mxi(a, b, c, x, y);
  keep();
  void *ai[] = { &pa, &pb, &pc, &px, &py };
  cce_run_mix(CCE_MIX_ARGS(mxi), ai, 1, reset, check_cy);

  reset();
  ref_mxv(a, b, c);
  keep();
  void *av[] = { &pa, &pb, &pc };
  cce_run_mix(CCE_MIX_ARGS(mxv), av, 1, reset, check_c);

  reset();
  ref_mxo(a, b, ho);
  memcpy(hwant, ho, sizeof hwant);
  CHECK((float)hwant[0] != -1.0f);
  void *ao[] = { &pa, &pb, &ph };
  cce_run_mix(CCE_MIX_ARGS(mxo), ao, 1, reset, check_h);

  reset();
  ref_mxb(a, b, c);
  keep();
  cce_run_mix(CCE_MIX_ARGS(mxb), av, 1, reset, check_c);

  reset();
  ref_mxc(a, b, c);
  keep();
  cce_run_mix(CCE_MIX_ARGS(mxc), av, 1, reset, check_c);

  reset();
  ref_mxr(a, b, r, c);
  keep();
  void *ar[] = { &pa, &pb, &pr, &pc };
  cce_run_mix(CCE_MIX_ARGS(mxr), ar, 1, reset, check_c);

  reset();
  pto_launch(ref_mxe, 2, a, b, c, NT);
  keep();
  CHECK(want[4 * 256 + 7] != -1.0f);
  void *ae[] = { &pa, &pb, &pc, &n };
  for (int nb = 1; nb <= 3; nb++)
    cce_run_mix(CCE_MIX_ARGS(mxe), ae, nb, reset, check_c);
  for (int m = 0; m <= 1; m++) {
    reset();
    ref_mxf(a, b, c, m);
    memcpy(want, c, sizeof want);
    if (m)
      CHECK(want[0] != -1.0f && want[5] != want[3]);
    else
      CHECK(want[0] == 2.0f && want[255] == 2.0f && want[256] == -1.0f);
    void *af[] = { &pa, &pb, &pc, &m };
    cce_run_mix(CCE_MIX_ARGS(mxf), af, 1, reset, check_c);
  }
  return harness_end("mix-split");
}
