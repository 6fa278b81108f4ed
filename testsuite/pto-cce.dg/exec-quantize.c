/* exec-quantize.c - pto.quantize and pto.dequantize (ExpandTileOps'
   muls, adds, vconv_f322f16, vconv_f162s8 / vconv_f162u8 and back), the
   emitted code on the simulator (ours, and PTO-ISA's CPU simulation
   through pto-isa.dg) vs reference mode, and reference mode vs a table
   worked out by hand: ties to even, the double rounding through fp16
   (2.5000002 becomes fp16 2.5, then 2), saturation, infinities, values
   that overflow fp16.  With scale 1 and offset 0 for the table; the
   rest of the tile is random values under scale 2.5 and offset -3
   (checked against reference mode only).  No NaN: pto.h gives 0,
   PTO-ISA's CPU simulation of a saturating TCVT 127 (exec-int8.c).  */
#include "harness.h"

typedef PTO_TILE(float, 3, 80) f_t;
typedef PTO_TILE(pto_f16, 3, 80) h_t;
typedef PTO_TILE(int8_t, 3, 80) s_t;
typedef PTO_TILE(uint8_t, 3, 80) u_t;

static PTO_KERNEL void ref_quant(const float *x, const pto_f16 *xh, int8_t *s,
                                 uint8_t *u, int8_t *sh, float *y,
                                 pto_f16 *yh, float scale, float offset)
{
  f_t a, d;
  h_t h, dh;
  s_t q;
  u_t p;
  pto_load(a, x, 80);
  pto_quantize(q, a, scale, offset);
  pto_store(s, 80, q);
  pto_quantize(p, a, scale, offset + 128.0f);
  pto_store(u, 80, p);
  pto_dequantize(d, q, 1.0f / scale, offset);
  pto_store(y, 80, d);
  pto_load(h, xh, 80);
  pto_quantize(q, h, (pto_f16)scale, (pto_f16)offset);
  pto_store(sh, 80, q);
  pto_dequantize(dh, q, (pto_f16)(1.0f / scale), (pto_f16)offset);
  pto_store(yh, 80, dh);
}

void quant__sim(void *const *args);

enum { N = 240 };
static float x[N], y[N], wy[N];
static pto_f16 xh[N], yh[N], wyh[N];
static int8_t s[N], sh[N], ws[N], wsh[N];
static uint8_t u[N], wu[N];

/* x, and what quantize(x, 1, 0) gives as int8_t, as uint8_t (with the
   offset 128: x + 128) and from fp16 x, by hand.  */
static const struct { float in; int s8; int u8; int h8; } edge[] = {
  { 0.5f, 0, 128, 0 },            { 1.5f, 2, 130, 2 },
  { 2.5f, 2, 130, 2 },            { -0.5f, 0, 128, 0 },
  { -1.5f, -2, 126, -2 },         { 2.5000002f, 2, 130, 2 },
  { 0.49999997f, 0, 128, 0 },     { 126.5f, 126, 254, 126 },
  { 127.4f, 127, 255, 127 },      { 127.5f, 127, 255, 127 },
  { 200.0f, 127, 255, 127 },      { -128.0f, -128, 0, -128 },
  { -128.5f, -128, 0, -128 },     { -1000.0f, -128, 0, -128 },
  { 1e30f, 127, 255, 127 },       { -1e30f, -128, 0, -128 },
  { 1.0f / 0.0f, 127, 255, 127 }, { -1.0f / 0.0f, -128, 0, -128 },
  { -0.0f, 0, 128, 0 },           { 3.75f, 4, 132, 4 },
  { -127.5f, -128, 0, -128 },     { 1e-30f, 0, 128, 0 },
};
enum { NEDGE = sizeof edge / sizeof edge[0] };

static void reset(void)
{
  memset(s, 0, sizeof s); memset(u, 0, sizeof u); memset(sh, 0, sizeof sh);
  memset(y, 0, sizeof y); memset(yh, 0, sizeof yh);
}
static void check(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("f32->s8", s, ws, N);
  CHECK_ARRAY_EQ("f32->u8", u, wu, N);
  CHECK_ARRAY_EQ("f16->s8", sh, wsh, N);
  CHECK(memcmp(y, wy, sizeof y) == 0);
  CHECK(memcmp(yh, wyh, sizeof yh) == 0);
}

static void fill(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = i < NEDGE ? edge[i].in : (float)((i * 37 % 613) * 0.173 - 53.0);
    xh[i] = (pto_f16)x[i];
  }
}

int main(void)
{
  fill();
  /* The table, with scale 1 and offset 0.  */
  pto_launch(ref_quant, 1, x, xh, ws, wu, wsh, wy, wyh, 1.0f, 0.0f);
  for (int i = 0; i < NEDGE; i++) {
    CHECK(ws[i] == edge[i].s8);
    CHECK(wu[i] == edge[i].u8);
    CHECK(wsh[i] == edge[i].h8);
    CHECK(wy[i] == (float)edge[i].s8);
    CHECK((float)wyh[i] == (float)edge[i].h8);
  }
  const float *px = x;
  const pto_f16 *pxh = xh;
  int8_t *ps = s, *psh = sh;
  uint8_t *pu = u;
  float *py = y;
  pto_f16 *pyh = yh;
  float scale = 1.0f, offset = 0.0f;
  void *args[] = { &px, &pxh, &ps, &pu, &psh, &py, &pyh, &scale, &offset };
  cce_run(quant__sim, args, 1, reset, check);
  /* Scale 2.5, offset -3: the simulated kernel against reference mode,
     and each quantized value within the stated bound of the exact one
     (include/pto.h: 0.5 + 2^-4 + 2^-23 |x * scale| while unsaturated).  */
  scale = 2.5f;
  offset = -3.0f;
  pto_launch(ref_quant, 1, x, xh, ws, wu, wsh, wy, wyh, scale, offset);
  for (int i = NEDGE; i < N; i++) {
    double q = (double)x[i] * scale + offset;
    if (q > -127.0 && q < 126.0)
      CHECK(fabs(ws[i] - q) <= 0.5 + 0.0625 + 0x1p-23 * fabs(x[i] * 2.5));
  }
  cce_run(quant__sim, args, 1, reset, check);
  return harness_end("exec-quantize");
}
