/* ops-deq.c - pto_dequant and pto_col_dequant on the vector unit (int32
   tiles loaded from GM, so ExpandTileOps writes them out as cast, muls
   or col_expand_mul by the deq_scale of the scales, mins, maxs, cast):
   16 x 16 and an odd 5 x 3 tile, edge values (fp16 ties, the clamp to
   +-65504, INT32_MIN / INT32_MAX, 2^24 + 1, zero under a negative
   scale) under several scales, a constant scale and a run-time one;
   per-channel scales whose low mantissa bits drop, -0 and subnormal
   ones, and pto_deq_scale itself; the same per-channel scales as deq
   words (pto_deq_word, a uint64_t tile) must give the same bits.
   Every result's bits must be the same in reference mode, with sim=jit
   and with sim=cce on both archs (run.exp section 10).  */
#include <pto.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(int32_t, 16, 16) c_t;
typedef PTO_TILE(pto_f16, 16, 16) h_t;
typedef PTO_TILE(int32_t, 5, 3) cs_t;
typedef PTO_TILE(pto_f16, 5, 3) hs_t;
typedef PTO_TILE(float, 1, 16) r_t;
typedef PTO_TILE(uint64_t, 1, 16) w_t;

PTO_KERNEL void deq(const int32_t *c, float s, pto_f16 *h)
{
  c_t a;
  h_t d;
  cs_t b;
  hs_t e;
  pto_load(a, c, 16);
  pto_dequant(d, a, s);
  pto_store(h, 16, d);
  pto_dequant(d, a, 0.0625f);
  pto_store(h + 256, 16, d);
  pto_load(b, c + 7, 16);
  pto_dequant(e, b, s);
  pto_store(h + 512, 3, e);
}

PTO_KERNEL void coldeq(const int32_t *c, const float *r, pto_f16 *h,
                       float *q)
{
  c_t a;
  h_t d;
  r_t s, t;
  pto_load(a, c, 16);
  pto_load(s, r, 16);
  pto_col_dequant(d, a, s);
  pto_store(h, 16, d);
  pto_deq_scale(t, s);
  pto_store(q, 16, t);
}

/* coldeq with the scales as deq words.  */
PTO_KERNEL void coldeq_w(const int32_t *c, const uint64_t *w, pto_f16 *h,
                         float *q)
{
  c_t a;
  h_t d;
  w_t s;
  r_t t;
  pto_load(a, c, 16);
  pto_load(s, w, 16);
  pto_col_dequant(d, a, s);
  pto_store(h, 16, d);
  pto_deq_scale(t, s);
  pto_store(q, 16, t);
}

static int32_t c[256];
static pto_f16 h[527];

int main(void)
{
  static const int32_t edge[] = {
    0, 1, -1, 2049, 2050, 2051, -2051, 65504, 65519, 65520, -65520,
    INT32_MAX, INT32_MIN, 16777217, 4097, -3, 1048575, -1048577
  };
  int ne = (int)(sizeof edge / sizeof edge[0]);
  for (int i = 0; i < 256; i++)
    c[i] = i < ne ? edge[i]
                  : (int32_t)((uint32_t)i * 2654435761u) >> (i % 23);
  static const float scales[] = { 1.0f, 1.00000012f, -1.0f, 0.5f, 0.0123f,
                                  -3.0517578e-05f, 1e-9f };
  unsigned long sum = 0;
  for (int k = 0; k < (int)(sizeof scales / sizeof scales[0]); k++) {
    memset(h, 0x55, sizeof h);
    pto_launch(deq, 1, c, scales[k], h);
    printf("scale %a:", (double)scales[k]);
    for (int i = 0; i < 527; i++) {
      uint16_t b;
      memcpy(&b, &h[i], 2);
      sum = sum * 31 + b;
      if (i < ne || (i >= 512 && i < 527))
        printf(" %04x", b);
    }
    printf("\n");
  }
  static const float rs[16] = {
    1.0009766f, 1.00048828f, 0.0123f, -0.37f, -1e-40f, -0.0f, 1.5f,
    7.99951171875f, 1e-38f, -2.5e-3f, 65504.0f, 3.0e-5f, -1.0f, 0.25f,
    1.1f, -7.7f
  };
  static float q[16];
  memset(h, 0x55, sizeof h);
  pto_launch(coldeq, 1, c, rs, h, q);
  printf("per channel:");
  for (int i = 0; i < 256; i++) {
    uint16_t b;
    memcpy(&b, &h[i], 2);
    sum = sum * 31 + b;
    if (i < 48)
      printf(" %04x", b);
  }
  printf("\ndeq scales:");
  for (int j = 0; j < 16; j++) {
    uint32_t u;
    memcpy(&u, &q[j], 4);
    printf(" %08x", u);
  }
  /* The same scales as deq words: the same bits.  */
  static uint64_t ws[16];
  static float qw[16];
  static pto_f16 hw[256];
  for (int j = 0; j < 16; j++)
    ws[j] = pto_deq_word(rs[j]);
  memset(hw, 0x55, sizeof hw);
  pto_launch(coldeq_w, 1, c, ws, hw, qw);
  int same = !memcmp(hw, h, sizeof hw) && !memcmp(qw, q, sizeof q);
  printf("\nchecksum %lx\n", sum);
  printf("%s: ops-deq\n", same ? "PASS" : "FAIL: deq words differ from float scales");
  return same ? 0 : 1;
}
