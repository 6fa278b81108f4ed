/* exec-int8.c - int8_t / uint8_t casts (vconv_f162s8, vconv_f162u8,
   vconv_s82f16, vconv_u82f16) and 8-bit loads and stores, the emitted
   code on the simulator (ours, and PTO-ISA's CPU simulation through
   pto-isa.dg) vs reference mode and vs a table worked out by hand, on
   ties, saturation, infinities and signed zeros.  No NaN: pto.h turns
   it into 0, PTO-ISA's CPU simulation of TCVT with saturation into 127
   (its clamp, cpu/TCvt.hpp), and the vendor does not document the
   device's answer.  */
#include "harness.h"

typedef PTO_TILE(pto_f16, 3, 70) h_t;
typedef PTO_TILE(int8_t, 3, 70) s_t;
typedef PTO_TILE(uint8_t, 3, 70) u_t;

static PTO_KERNEL void ref_casts(const pto_f16 *x, int8_t *s, uint8_t *u,
                                 const int8_t *g, const uint8_t *v, pto_f16 *y)
{
  h_t a, f;
  s_t b;
  u_t c;
  pto_load(a, x, 70);
  pto_cast(b, a);
  pto_cast(c, a);
  pto_store(s, 70, b);
  pto_store(u, 70, c);
  pto_load(b, g, 70);
  pto_cast(f, b);
  pto_store(y, 70, f);
  pto_load(c, v, 70);
  pto_cast(f, c);
  pto_store(y + 210, 70, f);
  pto_cast(b, a);
  pto_cast(f, b);
  pto_store(y + 420, 70, f);
}

void int8_casts__sim(void *const *args);

enum { N = 210 };
static pto_f16 x[N], y[3 * N], wy[3 * N];
static int8_t s[N], g[N], ws[N];
static uint8_t u[N], v[N], wu[N];

/* Inputs and what fp16 -> int8_t / uint8_t gives, by hand: nearest,
   ties to even, saturating.  */
static const struct { float in; int s8; int u8; } edge[] = {
  { 0.5f, 0, 0 },      { 1.5f, 2, 2 },       { 2.5f, 2, 2 },
  { -0.5f, 0, 0 },     { -1.5f, -2, 0 },     { -2.5f, -2, 0 },
  { 126.5f, 126, 126 }, { 127.5f, 127, 128 }, { 128.0f, 127, 128 },
  { -128.5f, -128, 0 }, { -129.0f, -128, 0 }, { 254.5f, 127, 254 },
  { 255.5f, 127, 255 }, { 300.0f, 127, 255 }, { -300.0f, -128, 0 },
  { 65504.0f, 127, 255 }, { -65504.0f, -128, 0 }, { 1.0f / 0.0f, 127, 255 },
  { -1.0f / 0.0f, -128, 0 }, { -0.0f, 0, 0 },  { 0.25f, 0, 0 },
  { 3.75f, 4, 4 },
};
enum { NEDGE = sizeof edge / sizeof edge[0] };

static void reset(void)
{
  memset(s, 0, sizeof s); memset(u, 0, sizeof u); memset(y, 0, sizeof y);
}
static void check(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("f16->s8", s, ws, N);
  CHECK_ARRAY_EQ("f16->u8", u, wu, N);
  CHECK(memcmp(y, wy, sizeof y) == 0);
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = i < NEDGE ? (pto_f16)edge[i].in : (pto_f16)((i * 37 % 611) * 0.5f - 150.0f);
    g[i] = (int8_t)(i * 73);
    v[i] = (uint8_t)(i * 151);
  }
  pto_launch(ref_casts, 1, x, ws, wu, g, v, wy);
  /* Reference mode itself against the table.  */
  for (int i = 0; i < NEDGE; i++) {
    CHECK(ws[i] == edge[i].s8);
    CHECK(wu[i] == edge[i].u8);
  }
  for (int i = 0; i < N; i++) {
    CHECK((float)wy[i] == (float)g[i]);
    CHECK((float)wy[N + i] == (float)v[i]);
  }
  const pto_f16 *px = x;
  int8_t *ps = s;
  uint8_t *pu = u;
  const int8_t *pg = g;
  const uint8_t *pv = v;
  pto_f16 *py = y;
  void *args[] = { &px, &ps, &pu, &pg, &pv, &py };
  cce_run(int8_casts__sim, args, 1, reset, check);
  return harness_end("exec-int8");
}
