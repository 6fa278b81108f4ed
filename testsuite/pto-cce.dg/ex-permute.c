/* ex-permute.c - examples/permute.c: pure data movement (block swap,
   gather by a GM index read by the scalar unit, deinterleave and
   interleave with GM row strides of 2N), emitted CCE vs reference.  */
#define main permute_example_main
#define block_swap ref_block_swap
#define gather_rows ref_gather_rows
#define deinterleave ref_deinterleave
#define interleave ref_interleave
#include "../../examples/permute.c"
#undef block_swap
#undef gather_rows
#undef deinterleave
#undef interleave
#undef main
#include "harness.h"

void block_swap__sim(void *const *args);
void gather_rows__sim(void *const *args);
void deinterleave__sim(void *const *args);
void interleave__sim(void *const *args);

static float t_a[N * N], t_sw[N * N], t_wsw[N * N];
static int32_t t_ia[N * N], t_perm[N], t_g[N * N], t_wg[N * N];
static float t_pair[2 * B * N], t_ev[B * N], t_od[B * N], t_wev[B * N],
    t_wod[B * N], t_rj[2 * B * N], t_wrj[2 * B * N];
static void t_reset(void)
{
  memset(t_sw, 0, sizeof t_sw); memset(t_g, 0, sizeof t_g);
  memset(t_ev, 0, sizeof t_ev); memset(t_od, 0, sizeof t_od);
  memset(t_rj, 0, sizeof t_rj);
}
static void c1(const char *o) { (void)o; CHECK_ARRAY_EQ("swap", t_sw, t_wsw, N * N); }
static void c2(const char *o) { (void)o; CHECK_ARRAY_EQ("gather", t_g, t_wg, N * N); }
static void c3(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("even", t_ev, t_wev, B * N);
  CHECK_ARRAY_EQ("odd", t_od, t_wod, B * N);
}
static void c4(const char *o) { (void)o; CHECK_ARRAY_EQ("rejoined", t_rj, t_wrj, 2 * B * N); }

int main(void)
{
  for (int i = 0; i < N * N; i++) {
    t_a[i] = (float)i;
    t_ia[i] = i * 3;
  }
  for (int i = 0; i < N; i++)
    t_perm[i] = (i * 17 + 5) % N;
  for (int i = 0; i < 2 * B * N; i++)
    t_pair[i] = (float)i * 0.5f;
  const float *pa = t_a;
  float *psw = t_sw;
  pto_launch(ref_block_swap, 6, t_a, t_wsw);
  void *a1[] = { &pa, &psw };
  cce_run(block_swap__sim, a1, 6, t_reset, c1);

  int rows = N;
  const int32_t *pia = t_ia, *pp = t_perm;
  int32_t *pg = t_g;
  pto_launch(ref_gather_rows, 5, t_ia, t_perm, t_wg, rows);
  void *a2[] = { &pia, &pp, &pg, &rows };
  cce_run(gather_rows__sim, a2, 5, t_reset, c2);

  const float *ppair = t_pair;
  float *pev = t_ev, *pod = t_od;
  pto_launch(ref_deinterleave, 1, t_pair, t_wev, t_wod);
  void *a3[] = { &ppair, &pev, &pod };
  cce_run(deinterleave__sim, a3, 1, t_reset, c3);

  const float *cev = t_wev, *cod = t_wod;
  float *prj = t_rj;
  pto_launch(ref_interleave, 1, t_wev, t_wod, t_wrj);
  void *a4[] = { &cev, &cod, &prj };
  cce_run(interleave__sim, a4, 1, t_reset, c4);
  return harness_end("ex-permute");
}
