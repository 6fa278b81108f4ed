/* loop-bound-written.c - loop-bound-written.pto's kernel in reference
   mode against its emitted CCE: loops whose bound the body writes, with
   continue and break, at bounds 0, 1, 3 and 8 (the break taken only at
   8).  */
#include "harness.h"

typedef PTO_TILE(float, 2, 64) t_t;

static PTO_KERNEL void ref(const float *x, float *y, int32_t *n, int32_t *o)
{
  int c = 0;
  for (int i = 0; i < *n; i++) {
    t_t t;
    if (i == 1)
      continue;
    pto_load(t, x + i * 128, 64);
    pto_adds(t, t, 1.0f);
    pto_store(y + i * 128, 64, t);
    if (i == 4)
      break;
    *n = *n - 1;
    c = c + 1;
  }
  *o = c;
  int r = 10;
  for (int j = 0; j < r; j++)
    r = r - 1;
  o[1] = r;
}

void bw__sim(void *const *args);

static float x[1024], y[1024], wy[1024];
static int32_t n, wn, n0, o[2], wo[2];
static void t_reset(void)
{
  memset(y, 0, sizeof y);
  memset(o, 0, sizeof o);
  n = n0;
}
static void t_check(const char *ord)
{
  (void)ord;
  CHECK_ARRAY_EQ("y", y, wy, 1024);
  CHECK(n == wn);
  CHECK(o[0] == wo[0] && o[1] == wo[1]);
}

int main(void)
{
  for (int i = 0; i < 1024; i++)
    x[i] = (float)((i * 7) % 19 - 9) * 0.25f;
  static const int32_t bounds[] = { 0, 1, 3, 8 };
  for (int b = 0; b < 4; b++) {
    n0 = bounds[b];
    memset(wy, 0, sizeof wy);
    memset(wo, 0, sizeof wo);
    wn = n0;
    pto_launch(ref, 1, x, wy, &wn, wo);
    const float *px = x;
    float *py = y;
    int32_t *pn = &n, *po = o;
    void *args[] = { &px, &py, &pn, &po };
    cce_run(bw__sim, args, 1, t_reset, t_check);
  }
  return harness_end("loop-bound-written");
}
