/* exec-transpose-32.c - pto.transpose of f32 and i32 tiles (odd and
   whole-block shapes, a round trip, square ones in place) vs reference
   mode and vs d[j][i] = a[i][j] computed here, bit for bit (NaN,
   infinities and -0 among the floats); on our simulator and, through
   pto-isa.dg, on PTO-ISA's CPU simulation of TTRANS.  */
#include "harness.h"

typedef PTO_TILE(float, 5, 40) a_t;
typedef PTO_TILE(float, 40, 5) d_t;
typedef PTO_TILE(int32_t, 16, 24) p_t;
typedef PTO_TILE(int32_t, 24, 16) q_t;
typedef PTO_TILE(float, 16, 16) s_t;
typedef PTO_TILE(float, 8, 8) e_t;

static PTO_KERNEL void ref_tr32(const float *x, const int32_t *xi, float *o,
                                int32_t *oi)
{
  a_t a;
  d_t d;
  p_t p;
  q_t q;
  s_t s;
  e_t e;
  pto_load(a, x, 40);
  pto_transpose(d, a);
  pto_store(o, 5, d);
  pto_load(p, xi, 24);
  pto_transpose(q, p);
  pto_store(oi, 16, q);
  pto_transpose(p, q);
  pto_store(oi + 384, 24, p);
  pto_load(s, x, 16);
  pto_transpose(s, s);
  pto_store(o + 200, 16, s);
  pto_load(e, x + 7, 8);
  pto_transpose(e, e);
  pto_store(o + 456, 8, e);
}

void tr32__sim(void *const *args);

enum { NX = 256, NXI = 384, NO = 456 + 64, NOI = 768 };
static float x[NX], o[NO], want[NO];
static int32_t xi[NXI], oi[NOI], wanti[NOI];

static void reset(void)
{
  memset(o, 0xee, sizeof o);
  memset(oi, 0xee, sizeof oi);
}
static void check(const char *order)
{
  (void)order;
  CHECK(memcmp(o, want, sizeof o) == 0);
  CHECK(memcmp(oi, wanti, sizeof oi) == 0);
}

int main(void)
{
  for (int i = 0; i < NX; i++)
    x[i] = (float)(i * 37 % 101) * 0.25f - 12.0f;
  x[3] = 0.0f / 0.0f;
  x[7] = 1.0f / 0.0f;
  x[11] = -0.0f;
  for (int i = 0; i < NXI; i++)
    xi[i] = i * 2654435761u;
  reset();
  memcpy(want, o, sizeof want);
  memcpy(wanti, oi, sizeof wanti);
  pto_launch(ref_tr32, 1, x, xi, want, wanti);
  /* Reference mode itself: d[j][i] = a[i][j].  */
  int bad = 0;
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 40; j++)
      bad += memcmp(&want[j * 5 + i], &x[i * 40 + j], 4) != 0;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 24; j++)
      bad += wanti[j * 16 + i] != xi[i * 24 + j] || wanti[384 + i * 24 + j]
                                                     != xi[i * 24 + j];
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      bad += memcmp(&want[200 + j * 16 + i], &x[i * 16 + j], 4) != 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      bad += memcmp(&want[456 + j * 8 + i], &x[7 + i * 8 + j], 4) != 0;
  CHECK(bad == 0);
  const float *px = x;
  const int32_t *pxi = xi;
  float *po = o;
  int32_t *poi = oi;
  void *args[] = { &px, &pxi, &po, &poi };
  cce_run(tr32__sim, args, 1, reset, check);
  return harness_end("exec-transpose-32");
}
