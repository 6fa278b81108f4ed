/* ops-valid-bf16.c - pto_load_valid and pto_store_valid of bf16 tiles
   (dav-c220: dav-m200 has no bf16): a tile whose rows are whole 32 B
   blocks (the byte-granular DMA) and one whose rows are not (element by
   element), valid shapes from 0 x 0 to the full tile, constant pads
   (-inf, 1/3: rounded, 0) and a pad that is a kernel argument (ties
   of the rounding to nearest even, a NaN).  The expected pad bits are
   written out by hand below, not computed by pto.h.  The output must be
   the same in reference mode, with sim=jit and with sim=cce (run.exp).  */
#include <math.h>
#include <pto.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(pto_bf16, 4, 16) b_t;    /* 32 B rows */
typedef PTO_TILE(pto_bf16, 3, 10) bo_t;   /* 20 B rows */

#define RS 24

PTO_KERNEL void partial(const pto_bf16 *x, pto_bf16 *f, pto_bf16 *fo,
                        pto_bf16 *p, pto_bf16 *po, int vr, int vc, float pad)
{
  b_t a;
  bo_t b;
  pto_load_valid(a, x, RS, vr, vc, -INFINITY);
  pto_store(f, 16, a);
  pto_store_valid(p, RS, a, vr, vc);
  pto_load_valid(a, x, RS, vr, vc, 1.0f / 3.0f);
  pto_store(f + 64, 16, a);
  pto_load_valid(a, x, RS, vr, vc, pad);
  pto_store(f + 128, 16, a);
  pto_load_valid(b, x, RS, vr < 3 ? vr : 3, vc < 10 ? vc : 10, 0.0f);
  pto_store(fo, 10, b);
  pto_store_valid(po, RS, b, vr < 3 ? vr : 3, vc < 10 ? vc : 10);
  pto_load_valid(b, x, RS, vr < 3 ? vr : 3, vc < 10 ? vc : 10, pad);
  pto_store(fo + 30, 10, b);
}

static pto_bf16 x[4 * RS], f[3 * 64], fo[2 * 30], p[4 * RS], po[4 * RS];

static float from_bits(uint32_t u)
{
  float v;
  memcpy(&v, &u, sizeof v);
  return v;
}

static int bad;

static void expect(int ok, const char *what, int vr, int vc, int i)
{
  if (!ok && bad++ < 10)
    printf("FAIL: %s at %d (vr %d, vc %d)\n", what, i, vr, vc);
}

int main(void)
{
  for (int i = 0; i < 4 * RS; i++)
    x[i].bits = (uint16_t)(0x3f00 + i * 71);
  /* vr, vc, the f32 bits of the argument pad, its bf16 bits by hand.  */
  static const struct { int vr, vc; uint32_t pad; uint16_t want; } runs[] = {
    { 4, 16, 0x3f808000u, 0x3f80 },  /* tie, even kept: down */
    { 0, 0, 0x3f818000u, 0x3f82 },   /* tie, odd kept: up */
    { 0, 5, 0x3f808001u, 0x3f81 },   /* above the tie: up */
    { 2, 0, 0xc0007fffu, 0xc000 },   /* below the tie: down */
    { 1, 1, 0x7f7fffffu, 0x7f80 },   /* FLT_MAX: to inf */
    { 3, 9, 0x7fc00000u, 0x7fc0 },   /* quiet NaN */
    { 4, 15, 0x00000001u, 0x0000 },  /* the least subnormal */
    { 2, 16, 0x80000000u, 0x8000 },  /* -0 */
  };
  unsigned long h = 5381;
  for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
    int vr = runs[r].vr, vc = runs[r].vc;
    for (int i = 0; i < 4 * RS; i++)
      p[i].bits = po[i].bits = 0x1234;
    pto_launch(partial, 1, x, f, fo, p, po, vr, vc, from_bits(runs[r].pad));
    for (int i = 0; i < 64; i++) {
      int in = i / 16 < vr && i % 16 < vc;
      uint16_t src = x[i / 16 * RS + i % 16].bits;
      expect(f[i].bits == (in ? src : 0xff80), "pad -inf", vr, vc, i);
      expect(f[64 + i].bits == (in ? src : 0x3eab), "pad 1/3", vr, vc, i);
      expect(f[128 + i].bits == (in ? src : runs[r].want), "argument pad", vr,
             vc, i);
    }
    int br = vr < 3 ? vr : 3, bc = vc < 10 ? vc : 10;
    for (int i = 0; i < 30; i++) {
      int in = i / 10 < br && i % 10 < bc;
      uint16_t src = x[i / 10 * RS + i % 10].bits;
      expect(fo[i].bits == (in ? src : 0x0000), "pad 0", vr, vc, i);
      expect(fo[30 + i].bits == (in ? src : runs[r].want), "odd argument pad",
             vr, vc, i);
    }
    for (int i = 0; i < 4 * RS; i++) {
      int row = i / RS, col = i % RS;
      expect(p[i].bits == (row < vr && col < vc ? x[i].bits : 0x1234),
             "partial store", vr, vc, i);
      expect(po[i].bits == (row < br && col < bc ? x[i].bits : 0x1234),
             "odd partial store", vr, vc, i);
    }
    const unsigned char *bytes[] = { (void *)f, (void *)fo, (void *)p, (void *)po };
    const size_t sizes[] = { sizeof f, sizeof fo, sizeof p, sizeof po };
    for (int k = 0; k < 4; k++)
      for (size_t i = 0; i < sizes[k]; i++)
        h = h * 33 + bytes[k][i];
    printf("run %zu (%d x %d): %016lx\n", r, vr, vc, h);
  }
  if (bad)
    return 1;
  printf("PASS ops-valid-bf16\n");
  return 0;
}
