/* mm-relu.c - execution test of mm-relu.pto (and, with MM_M200, of
   mm-relu-m200.pto): a ReLU epilogue on pto.matmul results, with and
   without the epilogue (a run-time flag), K = 32, 64 and 0, and
   max(c, 0) with a partial store.  Exact comparison: small integers,
   about half of the products negative.  */
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
typedef PTO_TILE(pto_f16, 16, 32) ha2_t;
typedef PTO_TILE(pto_f16, 32, 16) hb2_t;
typedef PTO_TILE(float, 16, 16) f2_t;

static PTO_KERNEL void ref_mmr(const pto_f16 *a, const pto_f16 *b, float *c,
                               int n, int kk, int ld, int rl)
{
  ha_t ta;
  hb_t tb;
  f_t tc;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0.0f);
    for (int k = 0; k < kk; k += 16) {
      pto_load(ta, a + i * 32 * ld + k, ld);
      pto_load(tb, b + i * 32 * ld + k * ld, ld);
      pto_matmul(tc, ta, tb);
    }
    if (rl != 0)
      pto_relu(tc, tc);
    pto_store(c + i * 1024, 32, tc);
  }
}

static PTO_KERNEL void ref_mmm(const pto_f16 *a, const pto_f16 *b, float *c,
                               int vr, int vc)
{
  ha2_t ta;
  hb2_t tb;
  f2_t tc;
  pto_load(ta, a, 32);
  pto_load(tb, b, 16);
  pto_fill(tc, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_maxs(tc, tc, 0.0f);
  pto_store_valid(c, 16, tc, vr, vc);
}

void mmr__sim(void *const *args);
void mmm__sim(void *const *args);

static pto_f16 a[NT * 32 * LD * 2], b[NT * 32 * LD * 2];
static float c[NT * 1024], want[NT * 1024];

/* -1 everywhere: an element the kernel does not write shows.  */
static void reset(void)
{
  for (int i = 0; i < NT * 1024; i++)
    c[i] = -1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, NT * 1024);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  for (int i = 0; i < NT * 32 * LD * 2; i++) {
    a[i] = (pto_f16)(float)((i * 3) % 7 - 3);
    b[i] = (pto_f16)(float)((i * 5) % 9 - 4);
  }
  static const int kks[] = { 32, 64, 0 };
  for (int t = 0; t < 3; t++)
    for (int rl = 0; rl <= 1; rl++) {
      int kk = kks[t];
      reset();
      memcpy(want, c, sizeof want);
      pto_launch(ref_mmr, 2, a, b, want, NT, kk, LD, rl);
      if (kk && rl) {
        /* The epilogue changed something: negatives became 0.  */
        int zeros = 0;
        for (int i = 0; i < NT * 1024; i++)
          zeros += want[i] == 0.0f;
        CHECK(zeros > 100);
      }
      const pto_f16 *pa = a, *pb = b;
      float *pc = c;
      int n = NT, ld = LD;
      void *args[] = { &pa, &pb, &pc, &n, &kk, &ld, &rl };
      for (int nb = 1; nb <= 2; nb++)
        cce_run(mmr__sim, args, nb, reset, check);
    }
  static const int vs[][2] = { { 16, 16 }, { 5, 11 }, { 0, 3 } };
  for (int t = 0; t < 3; t++) {
    int vr = vs[t][0], vc = vs[t][1];
    reset();
    memcpy(want, c, sizeof want);
    pto_launch(ref_mmm, 1, a, b, want, vr, vc);
    const pto_f16 *pa = a, *pb = b;
    float *pc = c;
    void *args[] = { &pa, &pb, &pc, &vr, &vc };
    cce_run(mmm__sim, args, 1, reset, check);
  }
  return harness_end("mm-relu " MM_ARCH);
}
