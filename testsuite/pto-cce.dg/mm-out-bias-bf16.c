/* mm-out-bias-bf16.c - execution test of mm-out-bias-bf16.pto: as
   mm-out-bias.c with a bf16 result (F322BF16 on the fixpipe, the scalar
   unit's own rounding of the bias row for K = 0), against reference
   mode bit for bit; some sums and biases round in bf16 (counted).  */
#include "harness.h"

#define MM_ARCH "dav-c220"

enum { NT = 3, LD = 64 };
typedef PTO_TILE(pto_f16, 32, 16) ha_t;
typedef PTO_TILE(pto_f16, 16, 32) hb_t;
typedef PTO_TILE(float, 32, 32) f_t;
typedef PTO_TILE(float, 1, 32) r_t;
typedef PTO_TILE(pto_bf16, 32, 32) h_t;

static PTO_KERNEL void ref_mmob(const pto_f16 *a, const pto_f16 *b,
                                const float *r, pto_bf16 *c, int n, int kk,
                                int ld, int rl)
{
  ha_t ta;
  hb_t tb;
  f_t tc;
  r_t bias;
  h_t h;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0.0f);
    pto_load(bias, r + i * 32, 32);
    for (int k = 0; k < kk; k += 16) {
      pto_load(ta, a + i * 32 * ld + k, ld);
      pto_load(tb, b + i * 32 * ld + k * ld, ld);
      pto_matmul(tc, ta, tb);
    }
    pto_col_expand_add(tc, tc, bias);
    if (rl != 0)
      pto_relu(tc, tc);
    pto_cast(h, tc);
    pto_store(c + i * 1024, 32, h);
  }
}

void mmob__sim(void *const *args);

static pto_f16 a[NT * 32 * LD * 2], b[NT * 32 * LD * 2];
static float r[NT * 32];
static pto_bf16 c[NT * 1024], want[NT * 1024];

static void reset(void)
{
  for (int i = 0; i < NT * 1024; i++)
    c[i] = pto_bf16_from_f32(-7.0f);
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
    a[i] = (pto_f16)(float)((i * 37) % 23 - 11);
    b[i] = (pto_f16)(float)((i * 53) % 29 - 14);
  }
  /* Biases of both signs, some with a half (they round in fp16 once
     the sum is large), some beyond fp16's integers.  */
  for (int i = 0; i < NT * 32; i++)
    r[i] = (float)((i * 41) % 61 - 30) * 64.5f;
  const pto_f16 *pa = a, *pb = b;
  const float *pr = r;
  pto_bf16 *pc = c;
  int n = NT, kk, ld = LD, rl;
  void *args[] = { &pa, &pb, &pr, &pc, &n, &kk, &ld, &rl };
  static const int kks[] = { 32, 64, 0 };
  int rounded = 0;
  for (int t = 0; t < 3; t++)
    for (rl = 0; rl <= 1; rl++) {
      kk = kks[t];
      reset();
      memcpy(want, c, sizeof want);
      pto_launch(ref_mmob, 2, a, b, r, want, NT, kk, LD, rl);
      /* Reference mode against a loop of its own: exact float sums,
         then one rounding to bf16.  */
      for (int blk = 0; blk < NT; blk++)
        for (int i = 0; i < 32; i++)
          for (int j = 0; j < 32; j++) {
            float s = 0.0f;
            for (int k = 0; k < kk; k++)
              s += (float)a[blk * 32 * LD + i * LD + k]
                   * (float)b[blk * 32 * LD + k * LD + j];
            s += r[blk * 32 + j];
            if (rl && !(s > 0.0f))
              s = 0.0f;
            pto_bf16 h = pto_bf16_from_f32(s);
            CHECK(h.bits == want[blk * 1024 + i * 32 + j].bits);
            rounded += pto_bf16_to_f32(h) != s;
          }
      cce_run(mmob__sim, args, 2, reset, check);
    }
  CHECK(rounded > 0);
  return harness_end("mm-out-bias-bf16");
}
