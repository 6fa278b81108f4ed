/* exec-rowred-i32.c - int32 row_sum / row_max (no vendor cross-lane
   instruction for int32: vadd / vmax tree, then the scalar unit) vs
   reference mode; sums wrap (int32 arithmetic is exact, so every order
   agrees).  exec-rowred-i32-m200 runs the same on dav-m200.  */
#include "harness.h"

typedef PTO_TILE(int32_t, 10, 136) a_t;
typedef PTO_TILE(int32_t, 10, 1) a1_t;
typedef PTO_TILE(int32_t, 3, 64) b_t;
typedef PTO_TILE(int32_t, 3, 1) b1_t;
typedef PTO_TILE(int32_t, 9, 24) c_t;
typedef PTO_TILE(int32_t, 9, 1) c1_t;

static PTO_KERNEL void ref(const int32_t *xi, int32_t *oi)
{
  a_t a; a1_t a1; b_t b; b1_t b1; c_t c; c1_t c1;
  pto_load(a, xi, 136);
  pto_row_sum(a1, a); pto_store(oi, 1, a1);
  pto_row_max(a1, a); pto_store(oi + 10, 1, a1);
  pto_load(b, xi, 64);
  pto_row_sum(b1, b); pto_store(oi + 20, 1, b1);
  pto_row_max(b1, b); pto_store(oi + 23, 1, b1);
  pto_load(c, xi, 24);
  pto_row_sum(c1, c); pto_store(oi + 26, 1, c1);
  pto_row_max(c1, c); pto_store(oi + 35, 1, c1);
}

void reduce_i32__sim(void *const *args);

static int32_t xi[1360], oi[44], woi[44];

static void reset(void) { memset(oi, 0, sizeof oi); }
static void check(const char *ord)
{
  (void)ord;
  CHECK_ARRAY_EQ("i32 row sums/maxes", oi, woi, 44);
}

int main(void)
{
  for (int i = 0; i < 1360; i++)
    xi[i] = (int32_t)((uint32_t)i * 2654435761u);
  xi[7 * 136 + 135] = INT32_MAX;   /* a row maximum in the tail lanes */
  xi[3] = INT32_MIN;
  pto_launch(ref, 1, xi, woi);
  const int32_t *pxi = xi;
  int32_t *poi = oi;
  void *args[] = { &pxi, &poi };
  cce_run(reduce_i32__sim, args, 1, reset, check);
  return harness_end("exec-rowred-i32");
}
