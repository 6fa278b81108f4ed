/* ops-deq-mm.c - pto_dequant of an int8 matmul's int32 accumulator: on
   dav-c220 the fixpipe dequantizes on the way to GM (QuantPRE DEQF16,
   the scale's bits set by set_quant_pre); sim=jit calls libpto-rt.  K
   of 64, 128 and 0 (no product: 0 * scale, -0 for a negative scale),
   scales that clamp (1.0: sums up to 2^20), round (0.0123), are negative
   and -0; the whole tile stored and its 9 x 17 corner (store_valid).
   Every result's bits must be the same in reference mode, with sim=jit
   and with sim=cce on dav-c220 (run.exp section 10); dav-m200 has no
   int8 matmul (a located error, section 9g).  */
#include <pto.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(int8_t, 32, 64) a_t;
typedef PTO_TILE(int8_t, 64, 32) w_t;
typedef PTO_TILE(int32_t, 32, 32) acc_t;
typedef PTO_TILE(pto_f16, 32, 32) h_t;

PTO_KERNEL void deqmm(const int8_t *a, const int8_t *w, pto_f16 *h,
                      pto_f16 *hv, float s, int k)
{
  a_t ta;
  w_t tw;
  acc_t tc;
  h_t th;
  pto_fill(tc, 0);
  for (int p = 0; p < k; p += 64) {
    pto_load(ta, a + p, k);
    pto_load(tw, w + p * 32, 32);
    pto_matmul(tc, ta, tw);
  }
  pto_dequant(th, tc, s);
  pto_store(h, 32, th);
  pto_store_valid(hv, 32, th, 9, 17);
}

static int8_t a[32 * 128], w[128 * 32];
static pto_f16 h[32 * 32], hv[32 * 32];

int main(void)
{
  for (int i = 0; i < 32 * 128; i++)
    a[i] = (int8_t)((i * 37 + 11) % 256 - 128);
  for (int i = 0; i < 128 * 32; i++)
    w[i] = (int8_t)((i * 53 + 200) % 256 - 128);
  static const float sc[] = { 1.0f, 0.0123f, -0.37f, -0.25f, -0.0f };
  static const int ks[] = { 64, 128, 128, 0, 64 };
  for (int t = 0; t < 5; t++) {
    memset(h, 0x55, sizeof h);
    memset(hv, 0x66, sizeof hv);
    pto_launch(deqmm, 1, a, w, h, hv, sc[t], ks[t]);
    unsigned long sum = 0;
    for (int i = 0; i < 32 * 32; i++) {
      uint16_t b, bv;
      memcpy(&b, &h[i], 2);
      memcpy(&bv, &hv[i], 2);
      sum = (sum * 31 + b) * 31 + bv;
    }
    uint16_t b0, b1;
    memcpy(&b0, &h[0], 2);
    memcpy(&b1, &h[32 * 32 - 1], 2);
    printf("scale %a k %d: %04x %04x checksum %lx\n", (double)sc[t], ks[t],
           b0, b1, sum);
  }
  printf("PASS: ops-deq-mm\n");
  return 0;
}
