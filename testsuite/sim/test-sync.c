/* test-sync.c - the sync checker and race detector on the hand-written
   CCE kernels of snip-sync.c: every broken kernel must be reported with
   the expected text (and a non-zero error count), its corrected twin
   must run clean and compute the right values; the double-buffered
   streaming kernel must beat the single-buffered one in estimated
   cycles.  Also runs the notes' exp/adds kernel over 8 blocks in
   ascending and descending order.  */

#include "sim-test.h"

#ifndef __FLT16_MAX__
SIM_TEST_SKIP_WITHOUT_FLOAT16
#else /* the tests: they compute with half scalars */

void k_exp_adds(half *x, half *y);
void k_missing_set(float *x, float *y, int fixed);
void k_missing_wait(float *x, float *y, int fixed);
void k_missing_barrier(float *x, float *y, int fixed);
void k_unprimed_loop(float *x, float *y, int n, int fixed);
void k_stream_single(float *x, float *y, int n);
void k_stream_double(float *x, float *y, int n, int broken);
void k_scalar_read(float *x, float *out, int fixed);
void k_gm_roundtrip(float *tmp, int fixed);
void k_barrier_all(float *x, float *y);

#define BIG 600
static float xs[BIG * 2048], ys[BIG * 2048];

static void init_x(int n)
{
  for (int i = 0; i < n; i++)
    xs[i] = (float)(i % 97) * 0.5f - 10.0f;
  memset(ys, 0, sizeof ys);
}

/* Run one block of a kernel (the statement K) in RECORD mode and return
   the number of errors.  */
#define RUN1(K)                   \
  (t_begin(), (K), pto_sim_end_block())

static void test_exp_adds(void)
{
  static half x[8 * 1280], y[8 * 1280];
  for (int i = 0; i < 8 * 1280; i++)
    x[i] = (half)((float)(i % 200) / 50.0f - 2.0f);
  for (int order = 0; order < 2; order++) {
    memset(y, 0, sizeof y);
    t_begin();
    int errs = 0;
    for (int k = 0; k < 8; k++) {
      int b = order ? 7 - k : k;
      pto_sim_begin_block(b, 8);
      k_exp_adds(x, y);
      errs += pto_sim_end_block();
    }
    CHECK_EQ_I(errs, 0);
    int bad = 0;
    for (int i = 0; i < 8 * 1280; i++) {
      half e = (half)expf((float)x[i]);
      if ((half)((float)e + 1.0f) != y[i])
        bad++;
    }
    CHECK_EQ_I(bad, 0);
    CHECK(pto_sim_cycles_max() > 0);
    CHECK(pto_sim_cycles_sum() >= 8 * pto_sim_cycles_max() / 2);
  }
}

static void test_missing_set(void)
{
  init_x(64);
  CHECK(RUN1(k_missing_set(xs, ys, 0)) > 0);
  CHECK_REPORT("snip-sync.c:");
  CHECK_REPORT("error: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0) without a pending set_flag: the core would hang");
  CHECK_EQ_I(RUN1(k_missing_set(xs, ys, 1)), 0);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_F(ys[i], xs[i] * 3.0f);
}

static void test_missing_wait(void)
{
  init_x(64);
  CHECK(RUN1(k_missing_wait(xs, ys, 0)) > 0);
  CHECK_REPORT("race: vmuls (V) reads ub[0,256) written by ");
  CHECK_REPORT("copy_gm_to_ubuf (MTE2) ub[0,256) with no set_flag/wait_flag(MTE2,V) ordering them");
  CHECK_REPORT("set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0) is never waited");
  CHECK_EQ_I(RUN1(k_missing_wait(xs, ys, 1)), 0);
  CHECK_EQ_I(pto_sim_error_count(), 0);
}

static void test_missing_barrier(void)
{
  init_x(64);
  CHECK(RUN1(k_missing_barrier(xs, ys, 0)) > 0);
  CHECK_REPORT("race: vadds (V) reads ub[256,512) written by ");
  CHECK_REPORT("vexp (V) ub[256,512) with no pipe_barrier(PIPE_V) ordering them");
  CHECK_EQ_I(RUN1(k_missing_barrier(xs, ys, 1)), 0);
  for (int i = 0; i < 64; i++)
    CHECK_NEAR(ys[i], expf(xs[i]) + 1.0f, 1e-6);
  /* With V treated as an in-order pipe, the same code is accepted.  */
  pto_sim_set_strict_pipes(1u << PIPE_M);
  CHECK_EQ_I(RUN1(k_missing_barrier(xs, ys, 0)), 0);
  pto_sim_set_strict_pipes((1u << PIPE_V) | (1u << PIPE_M));
}

static void test_unprimed_loop(void)
{
  init_x(64 * 4);
  CHECK(RUN1(k_unprimed_loop(xs, ys, 4, 0)) > 0);
  CHECK_REPORT("wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0) without a pending set_flag");
  CHECK_REPORT("set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0) is never waited");
  for (int n = 0; n < 4; n++) {
    memset(ys, 0, sizeof ys);
    CHECK_EQ_I(RUN1(k_unprimed_loop(xs, ys, n, 1)), 0);
    for (int i = 0; i < 64 * n; i++)
      CHECK_EQ_F(ys[i], xs[i] + 1.0f);
  }
}

static void test_stream(void)
{
  int n = 8;
  init_x(2048 * n);
  CHECK_EQ_I(RUN1(k_stream_single(xs, ys, n)), 0);
  uint64_t single = pto_sim_cycles();
  for (int i = 0; i < 2048 * n; i++)
    if (ys[i] != xs[i] * 2.0f + 1.0f) {
      CHECK_EQ_F(ys[i], xs[i] * 2.0f + 1.0f);
      break;
    }
  for (int iters = 0; iters <= n; iters++) {
    memset(ys, 0, sizeof ys);
    CHECK_EQ_I(RUN1(k_stream_double(xs, ys, iters, 0)), 0);
    for (int i = 0; i < 2048 * iters; i++)
      if (ys[i] != xs[i] * 2.0f + 1.0f) {
        CHECK_EQ_F(ys[i], xs[i] * 2.0f + 1.0f);
        break;
      }
  }
  uint64_t dbl = pto_sim_cycles();
  pto_sim_stats st = pto_sim_get_stats();
  printf("stream y=2x+1, %d tiles of 8 KB: single-buffered %llu cycles, "
         "double-buffered %llu cycles (%.2fx); busy MTE2 %llu V %llu MTE3 %llu\n",
         n, (unsigned long long)single, (unsigned long long)dbl,
         (double)single / (double)dbl, (unsigned long long)st.busy[4],
         (unsigned long long)st.busy[1], (unsigned long long)st.busy[5]);
  CHECK(dbl * 18 <= single * 10);   /* at least 1.8x */
  /* Broken variants.  */
  CHECK(RUN1(k_stream_double(xs, ys, n, 1)) > 0);
  CHECK_REPORT("race: copy_gm_to_ubuf (MTE2) writes ub[0,8192) read by ");
  CHECK_REPORT("vmuls (V) ub[0,8192) with no set_flag/wait_flag(V,MTE2) ordering them");
  CHECK(RUN1(k_stream_double(xs, ys, n, 2)) > 0);
  CHECK_REPORT("set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0) while the flag set at ");
  CHECK_REPORT("is still pending (event reused before its wait_flag)");
}

static void test_scalar_and_gm(void)
{
  init_x(64);
  float out = 0;
  CHECK(RUN1(k_scalar_read(xs, &out, 0)) > 0);
  CHECK_REPORT("race: PTO_UB_LOAD (S) reads ub[256,260) written by ");
  CHECK_REPORT("vcadd (V) ub[256,260) with no set_flag/wait_flag(V,S)");
  CHECK_EQ_I(RUN1(k_scalar_read(xs, &out, 1)), 0);
  float sum = 0;
  float v[64];
  memcpy(v, xs, sizeof v);
  for (int w = 64; w > 1; w /= 2)
    for (int i = 0; i < w / 2; i++)
      v[i] = v[2 * i] + v[2 * i + 1];
  sum = v[0];
  CHECK_EQ_F(out, sum);
  static float tmp[64];
  CHECK(RUN1(k_gm_roundtrip(tmp, 0)) > 0);
  CHECK_REPORT("race: copy_gm_to_ubuf (MTE2) reads gm[");
  CHECK_REPORT("copy_ubuf_to_gm (MTE3) gm[");
  CHECK_REPORT("with no set_flag/wait_flag(MTE3,MTE2)");
  CHECK_EQ_I(RUN1(k_gm_roundtrip(tmp, 1)), 0);
  CHECK_EQ_F(tmp[63], 5.0f);
}

static void test_barrier_all(void)
{
  init_x(64);
  CHECK_EQ_I(RUN1(k_barrier_all(xs, ys)), 0);
  CHECK_EQ_F(ys[5], -xs[5]);
}

/* A long stream (600 tiles, > 256K tracked GM blocks) exercises the
   collection of dead GM entries: still clean, and still caught.  */
static void test_long_stream(void)
{
  init_x(BIG * 2048);
  CHECK_EQ_I(RUN1(k_stream_double(xs, ys, BIG, 0)), 0);
  int bad = 0;
  for (int i = 0; i < BIG * 2048; i++)
    bad += ys[i] != xs[i] * 2.0f + 1.0f;
  CHECK_EQ_I(bad, 0);
  CHECK(RUN1(k_stream_double(xs, ys, BIG, 1)) > 0);
  CHECK_REPORT("race: copy_gm_to_ubuf (MTE2) writes ub[0,8192) read by ");
}

/* The runtime's block loop, in shuffled order.  */
static half rb_x[8 * 1280], rb_y[8 * 1280];
static void run_exp_adds(void *ctx)
{
  (void)ctx;
  k_exp_adds(rb_x, rb_y);
}

static void test_run_blocks(void)
{
  for (int i = 0; i < 8 * 1280; i++)
    rb_x[i] = (half)((float)(i % 64) / 16.0f);
  t_begin();
  CHECK_EQ_I(pto_sim_run_blocks(run_exp_adds, NULL, 8, PTO_SIM_SHUFFLED, 99), 0);
  int bad = 0;
  for (int i = 0; i < 8 * 1280; i++)
    bad += rb_y[i] != (half)((float)(half)expf((float)rb_x[i]) + 1.0f);
  CHECK_EQ_I(bad, 0);
}

/* In ABORT mode (the default) a sync error stops the program.  */
static void test_abort_mode(void)
{
  init_x(64);
  EXPECT_ABORT((pto_sim_reset(), pto_sim_begin_block(0, 1), k_missing_wait(xs, ys, 0)),
               "race: vmuls (V) reads ub[0,256)");
}

int main(void)
{
  pto_sim_set_arch("dav-c220");
  test_exp_adds();
  test_missing_set();
  test_missing_wait();
  test_missing_barrier();
  test_unprimed_loop();
  test_stream();
  test_scalar_and_gm();
  test_barrier_all();
  test_long_stream();
  test_run_blocks();
  test_abort_mode();
  TEST_MAIN_END("test-sync");
}

#endif /* __FLT16_MAX__ */
