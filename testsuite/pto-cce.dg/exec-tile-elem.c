/* exec-tile-elem.c - scalar tile element access in emitted CCE vs
   reference mode (t.v[i][j] in C).  */
#include "harness.h"

typedef PTO_TILE(float, 4, 8) t_t;

static PTO_KERNEL void ref(const float *x, float *y)
{
  t_t t, u;
  pto_load(t, x, 8);
  pto_muls(t, t, 2.0f);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++)
      u.v[i][j] = t.v[i][7 - j] + t.v[0][0];
  pto_adds(u, u, t.v[3][3]);
  pto_store(y, 8, u);
  y[32] = u.v[1][2] * 4.0f;
}

void elem__sim(void *const *args);

static float x[32], y[33], wy[33];
static void t_reset(void) { memset(y, 0, sizeof y); }
static void t_check(const char *o) { (void)o; CHECK_ARRAY_EQ("y", y, wy, 33); }

int main(void)
{
  for (int i = 0; i < 32; i++)
    x[i] = (float)(i * 3 % 11) - 4.5f;
  pto_launch(ref, 1, x, wy);
  const float *px = x;
  float *py = y;
  void *args[] = { &px, &py };
  cce_run(elem__sim, args, 2, t_reset, t_check);
  return harness_end("exec-tile-elem");
}
