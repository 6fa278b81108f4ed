/* exec-liveness.c - UB reuse must respect live ranges across loops
   (a tile live through a loop, a loop-carried accumulator, tiles local
   to the body, a tile used only after the loop).  */
#include "harness.h"

typedef PTO_TILE(float, 8, 64) t_t;

static PTO_KERNEL void ref(const float *x, float *y, int n)
{
  t_t keep, acc, tmp, late;
  pto_load(keep, x, 64);
  pto_fill(acc, 0.0f);
  for (int i = 0; i < n; i++) {
    t_t in_;
    pto_load(in_, x + (i + 1) * 512, 64);
    pto_add(tmp, in_, keep);
    pto_add(acc, acc, tmp);
    pto_store(y + i * 512, 64, tmp);
  }
  pto_muls(late, keep, 2.0f);
  pto_add(late, late, acc);
  pto_store(y + n * 512, 64, late);
}

void live__sim(void *const *args);

static float x[8 * 512], y[8 * 512], wy[8 * 512];
static void t_reset(void) { memset(y, 0, sizeof y); }
static void t_check(const char *o) { (void)o; CHECK_ARRAY_EQ("y", y, wy, 8 * 512); }

int main(void)
{
  for (int i = 0; i < 8 * 512; i++)
    x[i] = (float)((i * 11) % 23 - 11) * 0.5f;
  for (int n = 0; n <= 6; n += 3) {
    memset(wy, 0, sizeof wy);
    pto_launch(ref, 1, x, wy, n);
    const float *px = x;
    float *py = y;
    void *args[] = { &px, &py, &n };
    cce_run(live__sim, args, 1, t_reset, t_check);
  }
  return harness_end("exec-liveness");
}
