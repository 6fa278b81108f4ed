/* comma-mod-one.c - difftest seeds 4, 13, 15-18 (minimised).  With NIN
   == 1, `(n + pto_block_idx()) % NIN' is folded by GCC to the comma
   expression (n + pto_block_idx(), 0), and `pto_block_num() * 0 + 1' to
   (pto_block_num(), 1); the front end rejected both as "the comma
   operator with side effects", although the dropped operand only calls
   the pure block intrinsics (frontend/capture.cc effect_of_its_own).
   Expected on every path: 16..31 three times.  */
#include <pto.h>
#include <string.h>
#ifdef DIFFTEST_CCE
#include "cce_sim.h"
#define k0 ref_k0
void k0__sim(void *const *args);
#endif

enum { NIN = 1 };
typedef PTO_TILE(float, 1, 16) tile_t;

PTO_KERNEL void k0(const float *in, float *out, int n)
{
  tile_t a;
  int s = (n + pto_block_idx()) % NIN;
  int q = pto_block_num() * 0 + 1;
  pto_load(a, in + (s + q) * 16, 16);
  pto_store(out + pto_block_idx() * 16, 16, a);
}

static float in[64], out[64];

#ifdef DIFFTEST_CCE
typedef struct dt_call { void *const *args; } dt_call;
static void dt_body(void *ctx)
{
  k0__sim(((const dt_call *)ctx)->args);
}
#endif

int main(void)
{
  for (int i = 0; i < 64; i++)
    in[i] = (float)i;
#ifdef DIFFTEST_CCE
  const float *pi = in;
  float *po = out;
  int n = 2;
  void *args[] = { &pi, &po, &n };
  dt_call c = { args };
  pto_sim_reset();
  pto_sim_set_mode(PTO_SIM_RECORD);
  if (pto_sim_run_blocks(dt_body, &c, 3, PTO_SIM_ASCENDING, 7))
    printf("SIMULATOR: %s\n", pto_sim_report_text());
#else
  pto_launch(k0, 3, in, out, 2);
#endif
  for (int i = 0; i < 48; i++)
    printf("%g ", out[i]);
  printf("\n");
  return 0;
}
