/* exec-transpose-f16.c - pto.transpose of fp16 tiles (vtranspose per
   16 x 16 block) vs reference mode and vs d[j][i] = a[i][j] computed
   here, bit for bit, NaNs, infinities and signed zeros included.  */
#include "harness.h"

typedef PTO_TILE(pto_f16, 16, 16) t16_t;
typedef PTO_TILE(pto_f16, 32, 48) t3248_t;
typedef PTO_TILE(pto_f16, 48, 32) t4832_t;
typedef PTO_TILE(pto_f16, 16, 64) t1664_t;
typedef PTO_TILE(pto_f16, 64, 16) t6416_t;
typedef PTO_TILE(pto_f16, 32, 32) t32_t;

static PTO_KERNEL void ref_tr(const pto_f16 *x, pto_f16 *o)
{
  t16_t a, d;
  t3248_t b;
  t4832_t e;
  t1664_t p;
  t6416_t q;
  t32_t s;
  pto_load(a, x, 16);
  pto_transpose(d, a);
  pto_store(o, 16, d);
  pto_load(b, x, 48);
  pto_transpose(e, b);
  pto_store(o + 256, 32, e);
  pto_load(p, x, 64);
  pto_transpose(q, p);
  pto_store(o + 1792, 16, q);
  pto_transpose(p, q);
  pto_store(o + 2816, 64, p);
  pto_load(s, x, 32);
  pto_transpose(s, s);
  pto_store(o + 3840, 32, s);
}

void tr_f16__sim(void *const *args);

enum { NX = 1536, NO = 3840 + 1024 };
static pto_f16 x[NX], o[NO], want[NO];
static uint16_t ob[NO], wb[NO];

/* The bits of the transpose of the R x C matrix at X into D (C x R).  */
static void transpose_bits(uint16_t *d, const pto_f16 *xs, int r, int c)
{
  for (int i = 0; i < r; i++)
    for (int j = 0; j < c; j++)
      memcpy(&d[j * r + i], &xs[i * c + j], 2);
}

static void reset(void)
{
  memset(o, 0xff, sizeof o);
}
static void check(const char *order)
{
  (void)order;
  memcpy(ob, o, sizeof ob);
  memcpy(wb, want, sizeof wb);
  CHECK_ARRAY_EQ("transpose bits", ob, wb, NO);
}

int main(void)
{
  for (int i = 0; i < NX; i++) {
    uint16_t b = (uint16_t)(i * 40503u + 7);
    memcpy(&x[i], &b, 2);
  }
  static const uint16_t edge[] = { 0x7e00, 0xfc00, 0x7c00, 0x8000, 0x0001 };
  memcpy(x, edge, sizeof edge);
  pto_launch(ref_tr, 1, x, want);
  /* Reference mode against the definition.  */
  uint16_t t[NX];
  transpose_bits(t, x, 16, 16);
  CHECK(memcmp(want, t, 256 * 2) == 0);
  transpose_bits(t, x, 32, 48);
  CHECK(memcmp(want + 256, t, 1536 * 2) == 0);
  transpose_bits(t, x, 16, 64);
  CHECK(memcmp(want + 1792, t, 1024 * 2) == 0);
  CHECK(memcmp(want + 2816, x, 1024 * 2) == 0);
  transpose_bits(t, x, 32, 32);
  CHECK(memcmp(want + 3840, t, 1024 * 2) == 0);
  const pto_f16 *px = x;
  pto_f16 *po = o;
  void *args[] = { &px, &po };
  cce_run(tr_f16__sim, args, 1, reset, check);
  return harness_end("exec-transpose-f16");
}
