/* isa-mm-f32.c - execution test of isa-mm-f32.pto: f32 x f32 matmuls
   (a K loop over a batch; a bias, ReLU, partial operands and a partial
   store) on the PTO-ISA CPU simulation against reference mode.  The
   inputs are multiples of 1/4 below 8 in magnitude, so every product
   and sum is exact in f32 whatever the order.  */
#include "harness.h"

enum { NT = 3 };
typedef PTO_TILE(float, 32, 16) a1_t;
typedef PTO_TILE(float, 16, 32) b1_t;
typedef PTO_TILE(float, 32, 32) c1_t;
typedef PTO_TILE(float, 16, 48) a2_t;
typedef PTO_TILE(float, 48, 32) b2_t;
typedef PTO_TILE(float, 1, 32) r2_t;
typedef PTO_TILE(float, 16, 32) c2_t;

static PTO_KERNEL void ref_mmk(const float *a, const float *b, float *c,
                               int n)
{
  a1_t ta;
  b1_t tb;
  c1_t tc;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0.0f);
    for (int k = 0; k < 64; k += 16) {
      pto_load(ta, a + i * 2048 + k, 64);
      pto_load(tb, b + i * 2048 + k * 32, 32);
      pto_matmul(tc, ta, tb);
    }
    pto_store(c + i * 1024, 32, tc);
  }
}

static PTO_KERNEL void ref_mmr(const float *a, const float *b,
                               const float *bias, float *c, int vk, int vr,
                               int vc)
{
  a2_t ta;
  b2_t tb;
  r2_t tr;
  c2_t tc;
  pto_fill(tc, 0.0f);
  pto_load(tr, bias, 32);
  pto_load_valid(ta, a, 48, 16, vk, 0.0f);
  pto_load_valid(tb, b, 32, vk, 32, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_col_expand_add(tc, tc, tr);
  pto_relu(tc, tc);
  pto_store_valid(c, 32, tc, vr, vc);
}

void mmk__sim(void *const *args);
void mmr__sim(void *const *args);

enum { CN = NT * 1024 };
static float a[NT * 2048], b[NT * 2048], bias[32], c[CN], want[CN];

static void reset(void)
{
  for (int i = 0; i < CN; i++)
    c[i] = -1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, CN);
}

int main(void)
{
  for (int i = 0; i < NT * 2048; i++) {
    a[i] = (float)((i * 13) % 29 - 14) * 0.25f;
    b[i] = (float)((i * 7) % 23 - 11) * 0.25f;
  }
  for (int j = 0; j < 32; j++)
    bias[j] = (float)(j % 5 - 2) * 3.0f;
  reset();
  memcpy(want, c, sizeof want);
  pto_launch(ref_mmk, 2, a, b, want, NT);
  CHECK(want[1] != -1.0f && want[CN - 1] != -1.0f);
  const float *pa = a, *pb = b, *pbias = bias;
  float *pc = c;
  int n = NT;
  void *args[] = { &pa, &pb, &pc, &n };
  for (int nb = 1; nb <= 2; nb++)
    cce_run(mmk__sim, args, nb, reset, check);
  static const int vs[][3] = { { 48, 16, 32 }, { 37, 9, 21 }, { 5, 16, 32 },
                               { 0, 16, 32 }, { 48, 0, 7 } };
  for (int t = 0; t < 5; t++) {
    int vk = vs[t][0], vr = vs[t][1], vc = vs[t][2];
    reset();
    memcpy(want, c, sizeof want);
    pto_launch(ref_mmr, 1, a, b, bias, want, vk, vr, vc);
    void *args2[] = { &pa, &pb, &pbias, &pc, &vk, &vr, &vc };
    cce_run(mmr__sim, args2, 1, reset, check);
  }
  return harness_end("isa-mm-f32");
}
