/* exec-nest.c - control flow around tile ops (deep nests, if/else,
   zero-trip loops, break, continue, while): emitted CCE vs reference,
   race detector clean.  */
#include "harness.h"

typedef PTO_TILE(float, 2, 64) t_t;

static PTO_KERNEL void ref(const float *x, float *y, int n)
{
  t_t t, u;
  pto_load(u, x, 64);
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 1; b++)
      for (int c = 0; c < 1; c++)
        for (int d = 0; d < 1; d++)
          for (int e = 0; e < 1; e++)
            for (int f = 0; f < 1; f++)
              for (int g = 0; g < 2; g++)
                for (int h = 0; h < 2; h++) {
                  pto_load(t, x + (a * 4 + g * 2 + h) * 128, 64);
                  if (h == 1)
                    pto_add(t, t, u);
                  else
                    pto_mul(t, t, u);
                  pto_store(y + (a * 4 + g * 2 + h) * 128, 64, t);
                }
  for (int i = 0; i < n; i++) {
    if (i == 3)
      continue;
    if (i == 6)
      break;
    pto_load(t, y + i * 128, 64);
    for (int j = 0; j < i - i; j++)
      pto_muls(t, t, 100.0f);
    pto_adds(t, t, 0.5f);
    pto_add(u, u, t);
    pto_store(y + i * 128, 64, t);
  }
  int k = 0;
  while (k < 3) {
    pto_muls(u, u, 0.5f);
    k = k + 1;
  }
  pto_store(y + 2048, 64, u);
}

void nest__sim(void *const *args);

static float x[1024], y[2176], wy[2176];
static void t_reset(void) { memset(y, 0, sizeof y); }
static void t_check(const char *o) { (void)o; CHECK_ARRAY_EQ("y", y, wy, 2176); }

int main(void)
{
  for (int i = 0; i < 1024; i++)
    x[i] = (float)((i * 7) % 19 - 9) * 0.25f;
  for (int n = 0; n <= 8; n += 4) {
    memset(wy, 0, sizeof wy);
    pto_launch(ref, 1, x, wy, n);
    const float *px = x;
    float *py = y;
    void *args[] = { &px, &py, &n };
    cce_run(nest__sim, args, 1, t_reset, t_check);
  }
  return harness_end("exec-nest");
}
