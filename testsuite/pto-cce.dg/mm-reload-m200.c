/* mm-reload-m200.c - execution test of mm-reload-m200.pto: pto.matmul
   after vector ops changed the accumulator (ReLU and an add inside the
   K loop, 0 to 3 trips; a scale between two products), dav-m200 only,
   exact against reference mode (small integers).  */
#include "harness.h"

typedef PTO_TILE(pto_f16, 32, 16) ha_t;
typedef PTO_TILE(pto_f16, 16, 32) hb_t;
typedef PTO_TILE(float, 32, 32) f_t;
typedef PTO_TILE(pto_f16, 16, 16) h_t;
typedef PTO_TILE(float, 16, 16) f2_t;

static PTO_KERNEL void ref_mmr(const pto_f16 *a, const pto_f16 *b, float *c,
                               int n)
{
  ha_t ta;
  hb_t tb;
  f_t tc;
  pto_load(ta, a, 16);
  pto_load(tb, b, 32);
  pto_fill(tc, 0.0f);
  for (int i = 0; i < n; i++) {
    pto_matmul(tc, ta, tb);
    pto_relu(tc, tc);
    pto_adds(tc, tc, -3.0f);
  }
  pto_store(c, 32, tc);
}

static PTO_KERNEL void ref_mm2(const pto_f16 *a, const pto_f16 *b, float *c)
{
  h_t ta, tb;
  f2_t tc;
  pto_load(ta, a, 16);
  pto_load(tb, b, 16);
  pto_fill(tc, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_muls(tc, tc, 2.0f);
  pto_matmul(tc, ta, tb);
  pto_store(c, 16, tc);
}

void mmr__sim(void *const *args);
void mm2__sim(void *const *args);

static pto_f16 a[1024], b[1024];
static float c[1024], want[1024];

static void reset(void)
{
  for (int i = 0; i < 1024; i++)
    c[i] = -1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, 1024);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-m200") == 0);
  for (int i = 0; i < 1024; i++) {
    a[i] = (pto_f16)(float)((i * 3) % 7 - 3);
    b[i] = (pto_f16)(float)((i * 5) % 9 - 4);
  }
  for (int n = 0; n <= 3; n++) {
    reset();
    memcpy(want, c, sizeof want);
    pto_launch(ref_mmr, 1, a, b, want, n);
    const pto_f16 *pa = a, *pb = b;
    float *pc = c;
    void *args[] = { &pa, &pb, &pc, &n };
    cce_run(mmr__sim, args, 1, reset, check);
  }
  reset();
  memcpy(want, c, sizeof want);
  pto_launch(ref_mm2, 1, a, b, want);
  const pto_f16 *pa = a, *pb = b;
  float *pc = c;
  void *args[] = { &pa, &pb, &pc };
  cce_run(mm2__sim, args, 1, reset, check);
  return harness_end("mm-reload-m200");
}
