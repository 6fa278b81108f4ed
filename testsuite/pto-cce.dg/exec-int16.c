/* exec-int16.c - int16_t casts (vconv_f162s16r, vconv_s162f16) and
   16-bit integer loads and stores, the emitted code on the simulator
   (ours, and PTO-ISA's CPU simulation through pto-isa.dg) vs reference
   mode and vs a table worked out by hand: ties to even, saturation at
   the int16 ends (fp16 reaches 65504), infinities, signed zeros, and
   int16 values that fp16 cannot hold (beyond 2048, rounded to nearest
   even).  No NaN (as exec-int8.c: pto.h gives 0, PTO-ISA's CPU
   simulation of a saturating TCVT does not).  */
#include "harness.h"

typedef PTO_TILE(pto_f16, 3, 70) h_t;
typedef PTO_TILE(int16_t, 3, 70) s_t;

static PTO_KERNEL void ref_casts(const pto_f16 *x, int16_t *s,
                                 const int16_t *g, pto_f16 *y)
{
  h_t a, f;
  s_t b;
  pto_load(a, x, 70);
  pto_cast(b, a);
  pto_store(s, 70, b);
  pto_cast(f, b);
  pto_store(y, 70, f);
  pto_load(b, g, 70);
  pto_cast(f, b);
  pto_store(y + 210, 70, f);
}

void int16_casts__sim(void *const *args);

enum { N = 210 };
static pto_f16 x[N], y[2 * N], wy[2 * N];
static int16_t s[N], g[N], ws[N];

/* fp16 inputs and what fp16 -> int16_t gives, by hand.  */
static const struct { float in; int s16; } edge[] = {
  { 0.5f, 0 },          { 1.5f, 2 },          { 2.5f, 2 },
  { -0.5f, 0 },         { -1.5f, -2 },        { -2.5f, -2 },
  { 32767.0f, 32767 },  /* fp16 32768: saturates */
  { 32752.0f, 32752 },  { -32768.0f, -32768 }, { 40000.0f, 32767 },
  { -40000.0f, -32768 }, { 65504.0f, 32767 },  { -65504.0f, -32768 },
  { 1.0f / 0.0f, 32767 }, { -1.0f / 0.0f, -32768 }, { -0.0f, 0 },
  { 1000.25f, 1000 },   { 1000.75f, 1001 },   { 2047.5f, 2048 },
};
enum { NEDGE = sizeof edge / sizeof edge[0] };
/* int16 inputs and the fp16 value int16_t -> fp16 gives, by hand.  */
static const struct { int in; float f16; } wide[] = {
  { 2049, 2048.0f },    { 2051, 2052.0f },    { 2050, 2050.0f },
  { 4097, 4096.0f },    { 4099, 4100.0f },    { 4098, 4096.0f },
  { 32767, 32768.0f },  { -32768, -32768.0f }, { -2049, -2048.0f },
  { 12345, 12344.0f },  { 1, 1.0f },          { 0, 0.0f },
};
enum { NWIDE = sizeof wide / sizeof wide[0] };

static void reset(void)
{
  memset(s, 0, sizeof s);
  memset(y, 0, sizeof y);
}
static void check(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("f16->s16", s, ws, N);
  CHECK(memcmp(y, wy, sizeof y) == 0);
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = i < NEDGE ? (pto_f16)edge[i].in
                     : (pto_f16)((i * 37 % 611) * 97.5f - 30000.0f);
    g[i] = i < NWIDE ? (int16_t)wide[i].in : (int16_t)(i * 2731 - 28000);
  }
  pto_launch(ref_casts, 1, x, ws, g, wy);
  /* Reference mode itself against the tables.  */
  for (int i = 0; i < NEDGE; i++)
    CHECK(ws[i] == edge[i].s16);
  for (int i = 0; i < NWIDE; i++)
    CHECK((float)wy[N + i] == wide[i].f16);
  for (int i = 0; i < N; i++)   /* the round trip of a result */
    CHECK((float)wy[i] == (float)(pto_f16)(float)ws[i]);
  const pto_f16 *px = x;
  int16_t *ps = s;
  const int16_t *pg = g;
  pto_f16 *py = y;
  void *args[] = { &px, &ps, &pg, &py };
  cce_run(int16_casts__sim, args, 1, reset, check);
  return harness_end("exec-int16");
}
