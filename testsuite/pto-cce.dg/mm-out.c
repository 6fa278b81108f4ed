/* mm-out.c - execution test of mm-out.pto (and, with MM_M200, of
   mm-out-m200.pto): a pto.matmul result converted to fp16 on its way to
   GM (dav-c220: the fixpipe's F322F16, with its ReLU; dav-m200:
   vconv_f322f16 of the UB copy), K = 32, 64 and 0, with and without the
   ReLU, against reference mode bit for bit: the sums of small integers
   are exact in float, their fp16 roundings are not (sums beyond 2048
   in magnitude, counted to make sure there are some).  */
#include "harness.h"

#ifdef MM_M200
#define MM_ARCH "dav-m200"
#else
#define MM_ARCH "dav-c220"
#endif

enum { NT = 3, LD = 64 };
typedef PTO_TILE(pto_f16, 32, 16) ha_t;
typedef PTO_TILE(pto_f16, 16, 32) hb_t;
typedef PTO_TILE(float, 32, 32) f_t;
typedef PTO_TILE(pto_f16, 32, 32) h_t;

static PTO_KERNEL void ref_mmo(const pto_f16 *a, const pto_f16 *b, pto_f16 *c,
                               int n, int kk, int ld, int rl)
{
  ha_t ta;
  hb_t tb;
  f_t tc;
  h_t h;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0.0f);
    for (int k = 0; k < kk; k += 16) {
      pto_load(ta, a + i * 32 * ld + k, ld);
      pto_load(tb, b + i * 32 * ld + k * ld, ld);
      pto_matmul(tc, ta, tb);
    }
    if (rl != 0)
      pto_relu(tc, tc);
    pto_cast(h, tc);
    pto_store(c + i * 1024, 32, h);
  }
}

typedef PTO_TILE(pto_f16, 16, 16) h16_t;
typedef PTO_TILE(float, 16, 16) f16x16_t;

static PTO_KERNEL void ref_mmc(const pto_f16 *a, const pto_f16 *b, pto_f16 *c,
                               int kk)
{
  h16_t ta, tb, h;
  f16x16_t tc;
  pto_fill(tc, 0.0f);
  for (int k = 0; k < kk; k += 1) {
    pto_load(ta, a + k * 256, 16);
    pto_load(tb, b + k * 256, 16);
    pto_matmul(tc, ta, tb);
    pto_cast(h, tc);
    pto_store(c + k * 256 + 256, 16, h);
  }
  pto_cast(h, tc);
  pto_store(c, 16, h);
}

void mmo__sim(void *const *args);
void mmc__sim(void *const *args);

static pto_f16 a[NT * 32 * LD * 2], b[NT * 32 * LD * 2];
static pto_f16 c[NT * 1024], want[NT * 1024];

static void reset(void)
{
  for (int i = 0; i < NT * 1024; i++)
    c[i] = (pto_f16)-1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK(memcmp(c, want, sizeof c) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  for (int i = 0; i < NT * 32 * LD * 2; i++) {
    a[i] = (pto_f16)(float)((i * 29) % 61 - 30);
    b[i] = (pto_f16)(float)(((i * 7) % 17 - 8) * 2 + 1);
  }
  const pto_f16 *pa = a, *pb = b;
  pto_f16 *pc = c;
  int n = NT, kk, ld = LD, rl;
  void *args[] = { &pa, &pb, &pc, &n, &kk, &ld, &rl };
  static const int kks[] = { 32, 64, 0 };
  int rounded = 0;
  for (int t = 0; t < 3; t++)
    for (rl = 0; rl <= 1; rl++) {
      kk = kks[t];
      reset();
      memcpy(want, c, sizeof want);
      pto_launch(ref_mmo, 2, a, b, want, NT, kk, LD, rl);
      for (int i = 0; i < NT * 1024; i++)
        rounded += fabsf((float)want[i]) > 2048.0f;
      cce_run(mmo__sim, args, 2, reset, check);
    }
  CHECK(rounded > 0);   /* the fp16 rounding is exercised */
  /* mmc: the running sums of 3 K steps and the final one (and K = 0:
     zeros).  */
  for (kk = 3; kk >= 0; kk -= 3) {
    void *cargs[] = { &pa, &pb, &pc, &kk };
    reset();
    memcpy(want, c, sizeof want);
    pto_launch(ref_mmc, 1, a, b, want, kk);
    cce_run(mmc__sim, cargs, 1, reset, check);
  }
#ifdef MM_M200
  return harness_end("mm-out-m200");
#else
  return harness_end("mm-out");
#endif
}
