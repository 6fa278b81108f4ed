/* test-mix.c - dav-c220 mix blocks (runtime/sim-mix.c): the kernels of
   snip-mix.c, compiled twice as the vendor does (__DAV_CUBE__ for the
   AIC, __DAV_VEC__ for the AIVs), run with pto_sim_run_mix.
   - matmul on the AIC, handed to the AIVs through GM with a mode 2
     flag: numerically right, race free, deterministic; the estimate
     includes the hand-off;
   - the same without the set and the wait: the GM race between the
     AIC's fixpipe and the AIVs' load is reported, naming both; with
     the wait but no set: the deadlock report, and the run returns;
   - a 4-step software-pipelined ping-pong (S ready, P ready, S slot
     free): right and race free; without the "free" wait: the race on
     the S workspace is reported;
   - counter overflow (16 rises not waited), rises never waited;
   - what each core sees (block, subblock id and dim) and what it does
     not have (a vector op on the AIC, a mad on an AIV, an AIC flag to
     pipe V, a cross-core set on PIPE_S), cross-core intrinsics outside
     a mix block, a mix block on another arch.  */

#include "sim-test.h"

#ifndef __FLT16_MAX__
SIM_TEST_SKIP_WITHOUT_FLOAT16
#else /* the tests: they compute with half scalars */

#define __DAV_CUBE__ 1
#define k_mix_exp k_mix_exp_aic
#define k_mix_pingpong k_mix_pingpong_aic
#define k_mix_count k_mix_count_aic
#define k_mix_misuse k_mix_misuse_aic
#include "snip-mix.c"
#undef __DAV_CUBE__
#undef k_mix_exp
#undef k_mix_pingpong
#undef k_mix_count
#undef k_mix_misuse
#undef MIX_ITERS
#define __DAV_VEC__ 1
#define k_mix_exp k_mix_exp_aiv
#define k_mix_pingpong k_mix_pingpong_aiv
#define k_mix_count k_mix_count_aiv
#define k_mix_misuse k_mix_misuse_aiv
#include "snip-mix.c"
#undef __DAV_VEC__

#define MM 32
#define KK 64
#define NN 48
#define DD 32

/* ---- k_mix_exp ---------------------------------------------------- */

static half A[MM * KK], B[KK * NN];
static float WS[MM * NN], OUT[MM * NN], REF[MM * NN];

typedef struct exp_args {
  int variant;
} exp_args;

static void exp_aic(void *p)
{
  k_mix_exp_aic(A, B, WS, OUT, MM, KK, NN, ((exp_args *)p)->variant);
}
static void exp_aiv(void *p)
{
  k_mix_exp_aiv(A, B, WS, OUT, MM, KK, NN, ((exp_args *)p)->variant);
}

static void exp_setup(void)
{
  for (int i = 0; i < MM * KK; i++)
    A[i] = (half)((float)((i * 7) % 19) / 8.0f - 1.0f);
  for (int i = 0; i < KK * NN; i++)
    B[i] = (half)((float)((i * 5) % 23) / 16.0f - 0.6f);
  for (int m = 0; m < MM; m++)
    for (int n = 0; n < NN; n++) {
      float acc = 0.0f;
      for (int k = 0; k < KK; k++)
        acc += (float)A[m * KK + k] * (float)B[k * NN + n];
      REF[m * NN + n] = expf(acc * 0.125f);
    }
}

static int run_exp(int variant)
{
  exp_args a = { variant };
  memset(WS, 0, sizeof WS);
  memset(OUT, 0, sizeof OUT);
  t_begin();
  return pto_sim_run_mix(0, 1, exp_aic, exp_aiv, &a);
}

/* The same in the caller's mode (EXPECT_ABORT's child).  */
static void run_exp_abort(int variant)
{
  exp_args a = { variant };
  pto_sim_reset();
  pto_sim_run_mix(0, 1, exp_aic, exp_aiv, &a);
}

static int exp_mismatch(void)
{
  int bad = 0;
  for (int i = 0; i < MM * NN; i++)
    if (!(fabsf(OUT[i] - REF[i]) <= 1e-5f * fabsf(REF[i])))
      bad++;
  return bad;
}

/* The correct hand-off: right, race free, the same every run.  */
static void test_exp(void)
{
  CHECK_EQ_I(run_exp(0), 0);
  CHECK_EQ_I(pto_sim_error_count(), 0);
  CHECK_EQ_I(exp_mismatch(), 0);
  uint64_t cyc = pto_sim_cycles();
  pto_sim_stats st = pto_sim_get_stats();
  CHECK_EQ_I(st.cube_instrs, 1);
  CHECK_EQ_I(st.vector_instrs, 4); /* vmuls, vexp on each AIV */
  static float first[MM * NN];
  memcpy(first, OUT, sizeof OUT);
  CHECK_EQ_I(run_exp(0), 0);
  CHECK_EQ_I(pto_sim_cycles(), cyc);
  CHECK_EQ_I(memcmp(first, OUT, sizeof OUT), 0);
}

/* No set, no wait: the AIV loads what the AIC's fixpipe wrote with
   nothing ordering them.  With the wait but no set: a deadlock.  */
static void test_exp_broken(void)
{
  CHECK(run_exp(1) > 0);
  CHECK_REPORT("snip-mix.c:81: error: aiv0: race: copy_gm_to_ubuf (aiv0 "
               "MTE2) reads gm[");
  CHECK_REPORT("snip-mix.c:52 copy_matrix_cc_to_gm (aic FIX) gm[");
  CHECK_REPORT("with no cross-core flag (ffts_cross_core_sync / "
               "wait_flag_dev) ordering them");
  CHECK_REPORT("aiv1: race: copy_gm_to_ubuf (aiv1 MTE2)");

  CHECK(run_exp(2) > 0);
  CHECK_REPORT("snip-mix.c:80: error: aiv0: deadlock: every unfinished core "
               "is blocked in wait_flag_dev; aic finished; aiv0 waits at ");
  CHECK_REPORT("snip-mix.c:80 for flag 0 (counter 0); aiv1 waits at ");
  CHECK_REPORT("snip-mix.c:80 for flag 0 (counter 0)\n");
  CHECK_EQ_I(pto_sim_error_count(), 1);
  EXPECT_ABORT(run_exp_abort(2), "deadlock: every unfinished core");
}

/* ---- k_mix_pingpong ----------------------------------------------- */

static half X[MIX_ITERS * DD * DD], PB[DD * DD], PC[DD * DD], WSP[2 * DD * DD];
static float WSS[DD * DD], POUT[MIX_ITERS * DD * DD], PREF[MIX_ITERS * DD * DD];

static void pp_aic(void *p)
{
  k_mix_pingpong_aic(X, PB, PC, WSS, WSP, POUT, DD, *(int *)p);
}
static void pp_aiv(void *p)
{
  k_mix_pingpong_aiv(X, PB, PC, WSS, WSP, POUT, DD, *(int *)p);
}

/* The reference: the simulator's mad sums k in ascending order in
   fp32, so the results are compared exactly.  */
static void pp_setup(void)
{
  for (int i = 0; i < MIX_ITERS * DD * DD; i++)
    X[i] = (half)((float)((i * 7) % 17) / 8.0f - 1.0f);
  for (int i = 0; i < DD * DD; i++) {
    PB[i] = (half)((float)((i * 5) % 13) / 16.0f - 0.375f);
    PC[i] = (half)((float)((i * 3) % 11) / 8.0f - 0.625f);
  }
  for (int it = 0; it < MIX_ITERS; it++) {
    static half P[DD * DD];
    for (int m = 0; m < DD; m++)
      for (int n = 0; n < DD; n++) {
        float acc = 0.0f;
        for (int k = 0; k < DD; k++)
          acc += (float)X[it * DD * DD + m * DD + k] * (float)PB[k * DD + n];
        P[m * DD + n] = (half)(acc * 0.25f);
      }
    for (int m = 0; m < DD; m++)
      for (int n = 0; n < DD; n++) {
        float acc = 0.0f;
        for (int k = 0; k < DD; k++)
          acc += (float)P[m * DD + k] * (float)PC[k * DD + n];
        PREF[it * DD * DD + m * DD + n] = acc;
      }
  }
}

static int run_pp(int variant)
{
  memset(WSS, 0, sizeof WSS);
  memset(WSP, 0, sizeof WSP);
  memset(POUT, 0, sizeof POUT);
  t_begin();
  return pto_sim_run_mix(0, 1, pp_aic, pp_aiv, &variant);
}

static void test_pingpong(void)
{
  CHECK_EQ_I(run_pp(0), 0);
  CHECK_EQ_I(pto_sim_error_count(), 0);
  int bad = 0;
  for (int i = 0; i < MIX_ITERS * DD * DD; i++)
    if (POUT[i] != PREF[i])
      bad++;
  CHECK_EQ_I(bad, 0);
  CHECK_EQ_I(pto_sim_get_stats().cube_instrs, 2 * MIX_ITERS);

  /* Without the "S slot free" wait the AIC's next fixpipe overwrites S
     before the AIVs have loaded it.  */
  CHECK(run_pp(1) > 0);
  CHECK_REPORT("race: copy_gm_to_ubuf (aiv0 MTE2) reads gm[");
  CHECK_REPORT("snip-mix.c:142: error: aiv0: race: copy_gm_to_ubuf (aiv0 "
               "MTE2) reads gm[");
  CHECK_REPORT("snip-mix.c:52 copy_matrix_cc_to_gm (aic FIX)");
  CHECK_REPORT("ffts_cross_core_sync raised flag 2 of aic, which is never "
               "waited (wait_flag_dev) before the end of the kernel");
}

/* ---- k_mix_count, k_mix_misuse ------------------------------------ */

static void count_aic(void *p) { k_mix_count_aic(*(int *)p); }
static void count_aiv(void *p) { k_mix_count_aiv(*(int *)p); }

static int run_count(int n)
{
  t_begin();
  return pto_sim_run_mix(0, 1, count_aic, count_aiv, &n);
}

static void test_count(void)
{
  CHECK_EQ_I(run_count(15), 0);
  CHECK(run_count(16) > 0);
  CHECK_REPORT("snip-mix.c:164: error: aic: ffts_cross_core_sync: the "
               "counter of flag 3 of aiv0 would exceed 15");
  CHECK_REPORT("the counter of flag 3 of aiv1 would exceed 15");
  /* The dropped rise leaves each AIV's 16th wait blocked.  */
  CHECK_REPORT("deadlock: every unfinished core is blocked in "
               "wait_flag_dev; aic finished; aiv0 waits at ");
  CHECK_REPORT("snip-mix.c:168 for flag 3 (counter 0)");
}

/* The hand-off latency: an AIV waiting for an AIC that only sets.  */
static void test_cost(void)
{
  int n = 1;
  t_begin();
  CHECK_EQ_I(pto_sim_run_mix(0, 1, count_aic, count_aiv, &n), 0);
  CHECK(pto_sim_cycles() >= 100 && pto_sim_cycles() < 110);
}

static int32_t IDS[3];
static void mis_aic(void *p) { k_mix_misuse_aic(IDS, *(int *)p); }
static void mis_aiv(void *p) { k_mix_misuse_aiv(IDS, *(int *)p); }

static int run_misuse(int variant, int idx, int num)
{
  memset(IDS, 0, sizeof IDS);
  t_begin();
  return pto_sim_run_mix(idx, num, mis_aic, mis_aiv, &variant);
}

static void test_misuse(void)
{
  CHECK_EQ_I(run_misuse(0, 3, 5), 0);
  CHECK_EQ_I(IDS[0], 301);
  CHECK_EQ_I(IDS[1], 302);
  CHECK_EQ_I(IDS[2], 312);
  CHECK_EQ_I(get_subblockid(), 0); /* outside a mix block */
  CHECK_EQ_I(get_subblockdim(), 1);

  CHECK_EQ_I(run_misuse(1, 0, 1), 1);
  CHECK_REPORT("snip-mix.c:181: error: aic: vmuls: dst is in ub, which the "
               "cube (AIC) core does not have");
  CHECK_EQ_I(run_misuse(2, 0, 1), 2);
  CHECK_REPORT("snip-mix.c:193: error: aiv0: mad: c ");
  CHECK_REPORT("is in l0c, which the vector (AIV) core does not have");
  CHECK_REPORT("snip-mix.c:193: error: aiv1: mad: ");
  CHECK_EQ_I(run_misuse(3, 0, 1), 2);
  CHECK_REPORT("snip-mix.c:183: error: aic: set_flag(PIPE_M, PIPE_V): the "
               "cube (AIC) core has no pipe V");
  CHECK(run_misuse(4, 0, 1) > 0);
  CHECK_REPORT("snip-mix.c:187: error: aic: ffts_cross_core_sync: pipe 0 "
               "is not allowed");

  /* Outside a mix block, and on an arch without separate cores.  */
  t_begin();
  wait_flag_dev(1);
  ffts_cross_core_sync(PIPE_FIX, MIX_MSG(2, 1));
  CHECK_EQ_I(pto_sim_end_block(), 2);
  CHECK_REPORT("wait_flag_dev(1) outside a mix block");
  CHECK_REPORT("ffts_cross_core_sync outside a mix block");
  pto_sim_set_arch("dav-m200");
  CHECK_EQ_I(run_misuse(0, 0, 1), 1);
  CHECK_REPORT("the arch dav-m200 has no separate cube and vector cores");
  pto_sim_set_arch("dav-c220");
}

int main(void)
{
  pto_sim_set_arch("dav-c220");
  exp_setup();
  pp_setup();
  test_exp();
  test_exp_broken();
  test_pingpong();
  test_count();
  test_cost();
  test_misuse();
  TEST_MAIN_END("test-mix");
}

#endif /* __FLT16_MAX__ */
