/* exec-col-seq.c - tanh, sigmoid, exp2, pow, pows, gelu (f32, fp16) and
   xor (int32) on one-column tiles, the emitted code vs reference mode
   within include/pto.h's bounds (as exec-transc.c), xor bit for bit
   and against C's ^.  */
#include "harness.h"

enum { R = 13 };
typedef PTO_TILE(float, R, 1) f_t;
typedef PTO_TILE(pto_f16, R, 1) h_t;
typedef PTO_TILE(int32_t, R, 1) i_t;

static PTO_KERNEL void ref(const float *x, const float *y, float *o, float s,
                           const pto_f16 *hx, pto_f16 *ho, const int32_t *ix,
                           const int32_t *iy, int32_t *io)
{
  f_t a, b, t;
  h_t ha, ht;
  i_t p, q, r;
  pto_load(a, x, 1);
  pto_load(b, y, 1);
  pto_tanh(t, a); pto_store(o, 1, t);
  pto_sigmoid(t, a); pto_store(o + 13, 1, t);
  pto_exp2(t, a); pto_store(o + 26, 1, t);
  pto_pow(t, b, a); pto_store(o + 39, 1, t);
  pto_pows(t, b, s); pto_store(o + 52, 1, t);
  pto_gelu(a, a); pto_store(o + 65, 1, a);
  pto_load(ha, hx, 1);
  pto_tanh(ht, ha); pto_store(ho, 1, ht);
  pto_exp2(ht, ha); pto_store(ho + 13, 1, ht);
  pto_load(p, ix, 1);
  pto_load(q, iy, 1);
  pto_xor(r, p, q); pto_store(io, 1, r);
  pto_xor(p, p, q); pto_store(io + 13, 1, p);
}

void col_seq__sim(void *const *args);

static float x[R], y[R], o[6 * R], want[6 * R];
static pto_f16 hx[R], ho[2 * R], hwant[2 * R];
static int32_t ix[R], iy[R], io[2 * R], iwant[2 * R];

static void reset(void)
{
  memset(o, 0, sizeof o);
  memset(ho, 0, sizeof ho);
  memset(io, 0, sizeof io);
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_NEAR("f32 tanh sigmoid", o, want, 2 * R, 5e-7);
  CHECK_ARRAY_NEAR("f32 exp2 pow pows", o + 2 * R, want + 2 * R, 3 * R, 1e-5);
  CHECK_ARRAY_NEAR("f32 gelu", o + 5 * R, want + 5 * R, R, 5e-7);
  CHECK_ARRAY_NEAR("f16 tanh exp2", ho, hwant, 2 * R, 2e-3);
  CHECK(memcmp(io, iwant, sizeof io) == 0);
}

int main(void)
{
  for (int i = 0; i < R; i++) {
    x[i] = (float)((i * 37) % 29 - 14) * 0.375f;       /* [-5.25, 5.25] */
    y[i] = (float)((i * 11) % 17 + 1) * 0.125f;         /* (0, 2.125] */
    hx[i] = (pto_f16)x[i];
    ix[i] = (int32_t)(0x9e3779b9u * (uint32_t)(i + 1));
    iy[i] = i == 3 ? -1 : (int32_t)(0x85ebca6bu * (uint32_t)(i + 7));
  }
  float s = 1.75f;
  pto_launch(ref, 1, x, y, want, s, hx, hwant, ix, iy, iwant);
  for (int i = 0; i < R; i++) {
    CHECK(iwant[i] == (ix[i] ^ iy[i]));
    CHECK(iwant[R + i] == (ix[i] ^ iy[i]));
  }
  const float *px = x, *py = y;
  float *po = o;
  const pto_f16 *phx = hx;
  pto_f16 *pho = ho;
  const int32_t *pix = ix, *piy = iy;
  int32_t *pio = io;
  void *args[] = { &px, &py, &po, &s, &phx, &pho, &pix, &piy, &pio };
  cce_run(col_seq__sim, args, 1, reset, check);
  return harness_end("exec-col-seq");
}
