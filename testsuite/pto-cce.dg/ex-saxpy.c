/* ex-saxpy.c - examples/saxpy.c: the emitted CCE of saxpy (unrolled
   {4, 2, 1} by the pipeline) vs reference mode, 1..5 blocks.  */
#define main saxpy_example_main
#define saxpy ref_saxpy
#include "../../examples/saxpy.c"
#undef saxpy
#undef main
#include "harness.h"

void saxpy__sim(void *const *args);

static float t_x[NTILES * TILE], t_y[NTILES * TILE], t_y0[NTILES * TILE],
    t_want[NTILES * TILE];
static void t_reset(void) { memcpy(t_y, t_y0, sizeof t_y); }
static void t_check(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("y", t_y, t_want, NTILES * TILE);
}

int main(void)
{
  for (int i = 0; i < NTILES * TILE; i++) {
    t_x[i] = (float)(i % 17 - 8);
    t_y0[i] = (float)(i % 5) * 0.5f;
  }
  float a = 1.5f;
  for (int n = 0; n <= NTILES; n += 7) {
    for (int nb = 1; nb <= 5; nb += 2) {
      memcpy(t_want, t_y0, sizeof t_want);
      pto_launch(ref_saxpy, nb, t_x, t_want, a, n);
      const float *px = t_x;
      float *py = t_y;
      void *args[] = { &px, &py, &a, &n };
      cce_run(saxpy__sim, args, nb, t_reset, t_check);
    }
  }
  return harness_end("ex-saxpy");
}
