/* exec-shapes.c - odd tile shapes, GM strides and repeat splitting: the
   emitted CCE must write exactly the bytes reference mode writes (the
   output is pre-filled with a sentinel, so a tail clobber shows).  */
#include "harness.h"

typedef PTO_TILE(float, 3, 5) s_t;
typedef PTO_TILE(float, 4, 64) r_t;
typedef PTO_TILE(float, 5, 24) m_t;
typedef PTO_TILE(float, 64, 512) g_t;

static PTO_KERNEL void ref(const float *x, float *o, int rs, float *big)
{
  s_t s; r_t r; m_t m;
  pto_load(s, x, 5);
  pto_muls(s, s, 2.0f);
  pto_store(o, 5, s);
  pto_load(s, x, 8);
  pto_adds(s, s, 1.0f);
  pto_store(o + 16, 7, s);
  pto_load(r, x, 128);
  pto_store(o + 40, 100, r);
  pto_load(r, x + 1, 100);
  pto_store(o + 400, 128, r);
  pto_load(r, x + 3, rs);
  pto_store(o + 1000, rs, r);
  pto_load(m, x, 24);
  pto_relu(m, m);
  pto_store(o + 2000, 24, m);
  static g_t g;
  pto_load(g, big, 512);
  pto_muls(g, g, 3.0f);
  pto_adds(g, g, -1.0f);
  pto_store(big, 512, g);
}

typedef PTO_TILE(pto_f16, 5, 40) h_t;
static PTO_KERNEL void ref_f16tail(const pto_f16 *x, pto_f16 *o)
{
  h_t h;
  pto_load(h, x, 40);
  pto_adds(h, h, (pto_f16)1.0f);
  pto_exp(h, h);
  pto_store(o, 40, h);
}

void shapes__sim(void *const *args);
void f16tail__sim(void *const *args);
static pto_f16 hx[200], ho[210], hw[210];
static void reset_h(void)
{
  for (int i = 0; i < 210; i++)
    ho[i] = (pto_f16)-5.0f;
}
static void check_h(const char *ord)
{
  (void)ord;
  CHECK_ARRAY_NEAR("f16 tail (exp)", ho, hw, 210, 1e-3);
}

enum { NO = 2200, NB = 64 * 512 };
static float x[2048], o[NO], wo[NO], big[NB], wbig[NB], big0[NB];

static void reset(void)
{
  for (int i = 0; i < NO; i++)
    o[i] = -777.0f;
  memcpy(big, big0, sizeof big);
}
static void check(const char *ord)
{
  (void)ord;
  CHECK_ARRAY_EQ("o", o, wo, NO);
  CHECK_ARRAY_EQ("big", big, wbig, NB);
}

int main(void)
{
  for (int i = 0; i < 2048; i++)
    x[i] = (float)((i * 31) % 67 - 33) * 0.5f;
  for (int i = 0; i < NB; i++)
    big0[i] = (float)(i % 1000) * 0.25f;
  for (int i = 0; i < NO; i++)
    wo[i] = -777.0f;
  memcpy(wbig, big0, sizeof big);
  int rs = 72;
  pto_launch(ref, 1, x, wo, rs, wbig);
  const float *px = x;
  float *po = o, *pb = big;
  void *args[] = { &px, &po, &rs, &pb };
  cce_run(shapes__sim, args, 1, reset, check);

  for (int i = 0; i < 200; i++)
    hx[i] = (pto_f16)((float)(i % 13 - 6) * 0.25f);
  for (int i = 0; i < 210; i++)
    hw[i] = (pto_f16)-5.0f;
  pto_launch(ref_f16tail, 1, hx, hw);
  const pto_f16 *phx = hx;
  pto_f16 *pho = ho;
  void *hargs[] = { &phx, &pho };
  cce_run(f16tail__sim, hargs, 1, reset_h, check_h);
  return harness_end("exec-shapes");
}
