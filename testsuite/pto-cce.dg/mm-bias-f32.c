/* mm-bias-f32.c - execution test of mm-bias-f32.pto: mm-bias.c with f32
   operands on dav-c220 (mad's float x float bias-table form, the bias
   row from the bias table on the first mad of each product; the ReLU
   the fixpipe's), tolerance 0 against reference mode (small integers:
   every sum exact in float).  */
#include "harness.h"

#ifdef MM_M200
#define MM_ARCH "dav-m200"
#else
#define MM_ARCH "dav-c220"
#endif

enum { NT = 3, LD = 96 };
typedef PTO_TILE(float, 48, 32) ha_t;
typedef PTO_TILE(float, 32, 80) hb_t;
typedef PTO_TILE(float, 1, 80) r_t;
typedef PTO_TILE(float, 48, 80) f_t;
typedef PTO_TILE(float, 16, 32) ha2_t;
typedef PTO_TILE(float, 32, 48) hb2_t;
typedef PTO_TILE(float, 1, 48) r2_t;
typedef PTO_TILE(float, 16, 48) f2_t;

static PTO_KERNEL void ref_mmbf(const float *a, const float *b,
                               const float *bias, float *c, int n, int kk,
                               int ld)
{
  ha_t ta;
  hb_t tb;
  r_t tr;
  f_t tc;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_load(tr, bias + i * 80, 80);
    pto_fill(tc, 0.0f);
    for (int k = 0; k < kk; k += 32) {
      pto_load(ta, a + i * 48 * ld + k, ld);
      pto_load(tb, b + i * 32 * ld + k * ld, ld);
      pto_matmul(tc, ta, tb);
    }
    pto_col_expand_add(tc, tc, tr);
    pto_store(c + i * 3840, 80, tc);
  }
}

static PTO_KERNEL void ref_mmbrf(const float *a, const float *b,
                                const float *bias, float *c, int vr, int vc)
{
  ha2_t ta;
  hb2_t tb;
  r2_t tr;
  f2_t tc;
  pto_load(ta, a, 32);
  pto_load(tb, b, 48);
  pto_load(tr, bias, 48);
  pto_fill(tc, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_col_expand_add(tc, tc, tr);
  pto_relu(tc, tc);
  pto_store_valid(c, 48, tc, vr, vc);
}

void mmbf__sim(void *const *args);
void mmbrf__sim(void *const *args);

static float a[NT * 48 * LD * 2], b[NT * 48 * LD * 2];
static float bias[NT * 80], c[NT * 3840], want[NT * 3840];

/* -1 everywhere: an element the kernel does not write shows.  */
static void reset(void)
{
  for (int i = 0; i < NT * 3840; i++)
    c[i] = -1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, NT * 3840);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  for (int i = 0; i < NT * 48 * LD * 2; i++) {
    a[i] = (float)((i * 3) % 7 - 3);
    b[i] = (float)((i * 5) % 9 - 4);
  }
  for (int i = 0; i < NT * 80; i++)
    bias[i] = (float)((i * 7) % 13 - 6) * 2.5f;
  static const int kks[] = { 32, 64, 0 };
  for (int t = 0; t < 3; t++) {
    int kk = kks[t];
    reset();
    memcpy(want, c, sizeof want);
    pto_launch(ref_mmbf, 2, a, b, bias, want, NT, kk, LD);
    /* The bias is there: column j of tile 0 with K = 0 is bias[j].  */
    if (!kk)
      CHECK(want[5 * 80 + 7] == bias[7] && want[2 * 3840 + 79] == bias[239]);
    const float *pa = a, *pb = b;
    const float *pr = bias;
    float *pc = c;
    int n = NT, ld = LD;
    void *args[] = { &pa, &pb, &pr, &pc, &n, &kk, &ld };
    for (int nb = 1; nb <= 2; nb++)
      cce_run(mmbf__sim, args, nb, reset, check);
  }
  static const int vs[][2] = { { 16, 48 }, { 5, 37 }, { 0, 3 } };
  for (int t = 0; t < 3; t++) {
    int vr = vs[t][0], vc = vs[t][1];
    reset();
    memcpy(want, c, sizeof want);
    pto_launch(ref_mmbrf, 1, a, b, bias, want, vr, vc);
    if (vr == 16) {
      /* The ReLU changed something, after the bias.  */
      int zeros = 0;
      for (int i = 0; i < 16 * 48; i++)
        zeros += want[i] == 0.0f;
      CHECK(zeros > 50 && zeros < 16 * 48 - 50);
    }
    const float *pa = a, *pb = b;
    const float *pr = bias;
    float *pc = c;
    void *args[] = { &pa, &pb, &pr, &pc, &vr, &vc };
    cce_run(mmbrf__sim, args, 1, reset, check);
  }
  return harness_end("mm-bias-f32 " MM_ARCH);
}
