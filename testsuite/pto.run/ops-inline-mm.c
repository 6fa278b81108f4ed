/* ops-inline-mm.c - the tile ops sim=jit emits as inline loops besides
   ops-inline.c's (backend/jit/jit-tile.c): pto_matmul of f32, bf16 and
   int8_t operands (odd M, K, N for f32 and bf16 and an f32 accumulator
   that starts at 0.5; int8 in the 16 x 32 fractal shapes the front end
   requires of it, with the extreme values -128 and 127), pto_cast
   between f32 and bf16 (ties,
   NaNs signalling and quiet, infinities, FLT_MAX, subnormals, -0), and
   col_expand_<op> of f32 and int32 tiles, in place too, and on a one-row
   tile whose destination is the row operand.  No fp16, so it runs with
   GCC 11 as well.  The output is every GM element's bits, so it must be
   the same in reference mode and with sim=jit at -O0 to -O3 (run.exp;
   not sim=cce: its cube path takes no f32 operands, no odd shapes and
   no accumulator filled with 0.5, which is why these kernels are here
   and not in ops-inline.c); the bf16 roundings are also checked
   against bit patterns written out by hand.  */
#include <float.h>
#include <math.h>
#include <pto.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(float, 5, 3) fa_t;
typedef PTO_TILE(float, 3, 7) fb_t;
typedef PTO_TILE(float, 5, 7) fc_t;
typedef PTO_TILE(pto_bf16, 4, 9) ba_t;
typedef PTO_TILE(pto_bf16, 9, 6) bb_t;
typedef PTO_TILE(float, 4, 6) bc_t;
typedef PTO_TILE(int8_t, 16, 64) sa_t;
typedef PTO_TILE(int8_t, 64, 32) sb_t;
typedef PTO_TILE(int32_t, 16, 32) sc_t;

PTO_KERNEL void mm(const float *fx, const float *fy, float *fo,
                   const pto_bf16 *bx, const pto_bf16 *by, float *bo,
                   const int8_t *sx, const int8_t *sy, int32_t *so)
{
  fa_t fa;
  fb_t fb;
  fc_t fc;
  ba_t ba;
  bb_t bb;
  bc_t bc;
  sa_t sa;
  sb_t sb;
  sc_t sc;
  pto_load(fa, fx, 3);
  pto_load(fb, fy, 7);
  pto_fill(fc, 0.5f);
  pto_matmul(fc, fa, fb);
  pto_matmul(fc, fa, fb);
  pto_store(fo, 7, fc);
  pto_load(ba, bx, 9);
  pto_load(bb, by, 6);
  pto_fill(bc, 0.0f);
  pto_matmul(bc, ba, bb);
  pto_store(bo, 6, bc);
  pto_load(sa, sx, 64);
  pto_load(sb, sy, 32);
  pto_fill(sc, 0);
  pto_matmul(sc, sa, sb);
  pto_matmul(sc, sa, sb);
  pto_store(so, 32, sc);
}

typedef PTO_TILE(float, 2, 16) cf_t;
typedef PTO_TILE(pto_bf16, 2, 16) cb_t;

PTO_KERNEL void casts(const float *x, pto_bf16 *b, float *back)
{
  cf_t f;
  cb_t h;
  pto_load(f, x, 16);
  pto_cast(h, f);
  pto_store(b, 16, h);
  pto_cast(f, h);
  pto_store(back, 16, f);
}

typedef PTO_TILE(float, 3, 11) gf_t;
typedef PTO_TILE(float, 1, 11) gr_t;
typedef PTO_TILE(int32_t, 3, 11) gi_t;
typedef PTO_TILE(int32_t, 1, 11) gj_t;

/* Each result to its own 33-element slot of O / OI.  */
PTO_KERNEL void cols(const float *x, const float *r, float *o,
                     const int32_t *xi, const int32_t *ri, int32_t *oi)
{
  gf_t a, d;
  gr_t w, v;
  gi_t ai, di;
  gj_t wi;
  pto_load(a, x, 11);
  pto_load(w, r, 11);
  pto_col_expand_add(d, a, w);
  pto_store(o + 0 * 33, 11, d);
  pto_col_expand_sub(d, a, w);
  pto_store(o + 1 * 33, 11, d);
  pto_col_expand_mul(d, a, w);
  pto_store(o + 2 * 33, 11, d);
  pto_col_expand_div(d, a, w);
  pto_store(o + 3 * 33, 11, d);
  pto_col_expand_max(d, a, w);
  pto_store(o + 4 * 33, 11, d);
  pto_col_expand_min(d, a, w);
  pto_store(o + 5 * 33, 11, d);
  pto_col_expand_mul(a, a, w);             /* in place */
  pto_store(o + 6 * 33, 11, a);
  pto_load(v, x, 11);
  pto_col_expand_sub(w, v, w);             /* one row: d is r */
  pto_store(o + 7 * 33, 11, w);
  pto_load(ai, xi, 11);
  pto_load(wi, ri, 11);
  pto_col_expand_add(di, ai, wi);
  pto_store(oi + 0 * 33, 11, di);
  pto_col_expand_sub(di, ai, wi);
  pto_store(oi + 1 * 33, 11, di);
  pto_col_expand_mul(di, ai, wi);
  pto_store(oi + 2 * 33, 11, di);
  pto_col_expand_max(di, ai, wi);
  pto_store(oi + 3 * 33, 11, di);
  pto_col_expand_min(ai, ai, wi);          /* in place */
  pto_store(oi + 4 * 33, 11, ai);
}

static float fx[15], fy[21], fo[35], bo[24];
static pto_bf16 bx[36], by[54];
static int8_t sx[1024], sy[2048];
static int32_t so[512];
static float cx[32], cback[32];
static pto_bf16 cb[32];
static float gx[33], gr[11], go[8 * 33];
static int32_t gxi[33], gri[11], goi[5 * 33];

static uint32_t hash(const void *p, size_t bytes)
{
  const unsigned char *b = p;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < bytes; i++)
    h = (h ^ b[i]) * 16777619u;
  return h;
}

static float from_bits(uint32_t u)
{
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

int main(void)
{
  int bad = 0;
  for (int i = 0; i < 15; i++)
    fx[i] = (float)((i * 37) % 23 - 11) * 0.3f;
  for (int i = 0; i < 21; i++)
    fy[i] = (float)((i * 53) % 19 - 9) * 0.7f;
  for (int i = 0; i < 36; i++)
    bx[i] = pto_bf16_from_f32((float)((i * 7) % 13 - 6) * 0.125f);
  for (int i = 0; i < 54; i++)
    by[i] = pto_bf16_from_f32((float)((i * 5) % 11 - 5) * 1.5f);
  for (int i = 0; i < 1024; i++)
    sx[i] = (int8_t)(i % 3 ? (i * 37) % 256 - 128 : -128);
  for (int i = 0; i < 2048; i++)
    sy[i] = (int8_t)(i % 4 ? (i * 53) % 255 - 127 : 127);
  mm(fx, fy, fo, bx, by, bo, sx, sy, so);
  printf("matmul: f32 %08x bf16 %08x s8 %08x\n", (unsigned)hash(fo, sizeof fo),
         (unsigned)hash(bo, sizeof bo), (unsigned)hash(so, sizeof so));

  /* f32 bits -> bf16 bits, by hand: to nearest, ties to even.  */
  static const uint32_t in[32] = {
    0x3f808000u, 0x3f818000u, 0x3f808001u, 0xc0007fffu, 0x7f7fffffu,
    0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f800001u, 0xffa00000u,
    0x00000001u, 0x00008000u, 0x00018000u, 0x80000000u, 0x00000000u,
    0x3eaaaaabu, 0x7f7f8000u, 0x7f7f7fffu, 0x807fffffu, 0x3f800000u,
  };
  static const uint16_t want[32] = {
    0x3f80, 0x3f82, 0x3f81, 0xc000, 0x7f80, 0x7f80, 0xff80, 0x7fc0, 0x7fc0,
    0xffe0, 0x0000, 0x0000, 0x0002, 0x8000, 0x0000, 0x3eab, 0x7f80, 0x7f7f,
    0x8080, 0x3f80,
  };
  for (int i = 0; i < 32; i++)
    cx[i] = from_bits(i < 20 ? in[i] : 0x40490fdbu + (uint32_t)i * 0x1357u);
  casts(cx, cb, cback);
  for (int i = 0; i < 20; i++)
    if (cb[i].bits != want[i] && bad++ < 10)
      printf("FAIL: f32 %08x -> bf16 %04x, want %04x\n", (unsigned)in[i],
             (unsigned)cb[i].bits, (unsigned)want[i]);
  for (int i = 0; i < 32; i++) {
    uint32_t back;
    memcpy(&back, &cback[i], sizeof back);
    if (back != (uint32_t)cb[i].bits << 16 && bad++ < 10)
      printf("FAIL: bf16 %04x -> f32 %08x\n", (unsigned)cb[i].bits,
             (unsigned)back);
  }
  printf("casts: %08x %08x\n", (unsigned)hash(cb, sizeof cb),
         (unsigned)hash(cback, sizeof cback));

  for (int i = 0; i < 33; i++) {
    gx[i] = (float)((i * 29) % 17 - 8) * 0.75f;
    gxi[i] = (int32_t)((uint32_t)i * 2654435761u);
  }
  for (int i = 0; i < 11; i++) {
    gr[i] = (float)((i * 13) % 7 - 3) * 1.25f + (i == 4 ? 0.0f : 0.5f);
    gri[i] = i == 0 ? INT32_MIN : i == 1 ? INT32_MAX : (i * 7919) % 2003 - 1001;
  }
  gr[4] = 0.0f; /* x / 0: infinities and a NaN */
  cols(gx, gr, go, gxi, gri, goi);
  printf("col_expand: f32 %08x i32 %08x\n", (unsigned)hash(go, sizeof go),
         (unsigned)hash(goi, sizeof goi));
  /* Plain C: c[0][0] after the two matmuls, summed in k order.  */
  int32_t s = 0;
  for (int r = 0; r < 2; r++)
    for (int p = 0; p < 64; p++)
      s += (int32_t)sx[p] * (int32_t)sy[p * 32];
  if (so[0] != s && bad++ < 10)
    printf("FAIL: s8 matmul c[0][0] %d, want %d\n", (int)so[0], (int)s);
  if (bad)
    return 1;
  printf("PASS ops-inline-mm\n");
  return 0;
}
