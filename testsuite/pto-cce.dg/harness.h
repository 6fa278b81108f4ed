/* harness.h - helpers of the CCE execution tests (testsuite/pto-cce.dg).

   A test NAME.c is compiled in pto.h REFERENCE mode (plain gcc, no
   plugin) and linked with NAME.cce (pto-opt --emit-cce of NAME.pto)
   compiled as C against runtime/cce_sim.h.  It runs each kernel both
   ways and compares:
     cce_run(NAME__sim, args, nblocks) runs the emitted kernel on the
       simulator in RECORD mode, once per block order (ascending,
       descending, shuffled), and counts every simulator report (race,
       flag pairing, bounds, alignment) as a failure; the caller resets
       its outputs through RESET before each order;
     CCE_MIX(NAME) declares a dav-c220 mix kernel's entries and
       cce_run_mix(CCE_MIX_ARGS(NAME), args, nblocks, reset, check) runs
       it the same way, each block an AI Core group (pto_sim_run_mix)
       with a fresh workspace of NAME__sim_ws bytes per block;
     CHECK_ARRAY_EQ / CHECK_ARRAY_NEAR compare outputs.
   The program prints "NAME: N checks, F failures" and exits non-zero
   when F > 0; with PTO_BENCH_CYCLES set, first "CYCLES_SUM N", the sum
   over its launches of each one's slowest block, and "CYCLES_LAST N",
   the last simulated launch's (bench/dbuf-cycles.sh).  */

#ifndef PTO_CCE_HARNESS_H
#define PTO_CCE_HARNESS_H

#include <pto.h>

#include "cce_sim.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int h_checks, h_fail;
static uint64_t h_cycles;   /* the launches' slowest blocks, summed */

typedef void (*cce_entry)(void *const *args);

typedef struct cce_call {
  cce_entry entry;
  void *const *args;
} cce_call;

static void
cce_body(void *ctx)
{
  const cce_call *c = ctx;
  c->entry(c->args);
}

#define CHECK(c)                                                         \
  do {                                                                   \
    h_checks++;                                                          \
    if (!(c)) {                                                          \
      h_fail++;                                                          \
      fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #c);      \
    }                                                                    \
  } while (0)

/* Run ENTRY(ARGS) over NBLOCKS blocks in order HOW; return the number
   of simulator reports.  */
static int
cce_run_order(cce_entry entry, void *const *args, int nblocks,
              pto_sim_order how)
{
  cce_call c = { entry, args };
  pto_sim_reset();
  pto_sim_set_mode(PTO_SIM_RECORD);
  int errs = pto_sim_run_blocks(cce_body, &c, nblocks, how, 7);
  /* Each launch once (its ascending run): its slowest block.  */
  if (how == PTO_SIM_ASCENDING)
    h_cycles += pto_sim_cycles_max();
  if (errs)
    fprintf(stderr, "simulator reports (order %d):\n%s\n", (int)how,
            pto_sim_report_text());
  return errs;
}

/* The three block orders; RESET (may be NULL) restores the outputs
   before each, CHECK_FN (may be NULL) compares after each.  */
static __attribute__((unused)) void
cce_run(cce_entry entry, void *const *args, int nblocks,
        void (*reset)(void), void (*check_fn)(const char *order))
{
  static const pto_sim_order orders[] = { PTO_SIM_ASCENDING,
                                          PTO_SIM_DESCENDING,
                                          PTO_SIM_SHUFFLED };
  static const char *const names[] = { "asc", "desc", "shuffled" };
  for (int i = 0; i < 3; i++) {
    if (reset)
      reset();
    int errs = cce_run_order(entry, args, nblocks, orders[i]);
    h_checks++;
    if (errs) {
      h_fail++;
      fprintf(stderr, "FAIL: %d simulator reports in order %s\n", errs,
              names[i]);
    }
    if (check_fn)
      check_fn(names[i]);
  }
}

/* dav-c220 mix kernels (backend/cce/split.c).  */
typedef void (*cce_mix_entry)(void *const *args, void *ws);
#define CCE_MIX(name)                                                    \
  void name##__sim_aic(void *const *args, void *ws);                     \
  void name##__sim_aiv(void *const *args, void *ws);                     \
  extern const long long name##__sim_ws
#define CCE_MIX_ARGS(name) name##__sim_aic, name##__sim_aiv, name##__sim_ws

typedef struct cce_mix_call {
  cce_mix_entry aic, aiv;
  void *const *args;
  void *ws;
} cce_mix_call;

static void
cce_mix_aic(void *ctx)
{
  const cce_mix_call *c = ctx;
  c->aic(c->args, c->ws);
}

static void
cce_mix_aiv(void *ctx)
{
  const cce_mix_call *c = ctx;
  c->aiv(c->args, c->ws);
}

static __attribute__((unused)) void
cce_run_mix(cce_mix_entry aic, cce_mix_entry aiv, long long ws_bytes,
            void *const *args, int nblocks, void (*reset)(void),
            void (*check_fn)(const char *order))
{
  static const pto_sim_order orders[] = { PTO_SIM_ASCENDING,
                                          PTO_SIM_DESCENDING,
                                          PTO_SIM_SHUFFLED };
  static const char *const names[] = { "asc", "desc", "shuffled" };
  size_t bytes = (size_t)(ws_bytes > 0 ? ws_bytes : 512) * (size_t)nblocks;
  for (int i = 0; i < 3; i++) {
    int order[64], errs = 0;
    if (reset)
      reset();
    pto_sim_reset();
    pto_sim_set_mode(PTO_SIM_RECORD);
    pto_sim_block_order(nblocks, orders[i], 7, order);
    uint64_t slowest = 0;
    for (int b = 0; b < nblocks && b < 64; b++) {
      cce_mix_call c = { aic, aiv, args, aligned_alloc(512, bytes) };
      memset(c.ws, 0, bytes);
      errs += pto_sim_run_mix(order[b], nblocks, cce_mix_aic, cce_mix_aiv,
                              &c);
      free(c.ws);
      if (pto_sim_cycles() > slowest)
        slowest = pto_sim_cycles();
    }
    if (i == 0)
      h_cycles += slowest;
    h_checks++;
    if (errs) {
      h_fail++;
      fprintf(stderr, "FAIL: %d simulator reports in order %s:\n%s\n", errs,
              names[i], pto_sim_report_text());
    }
    if (check_fn)
      check_fn(names[i]);
  }
}

/* Compare N values exactly (NaN equals NaN); print the first few
   differences.  */
/* Relative tolerance TOL (absolute below magnitude 1).  */
#define CHECK_ARRAY_NEAR(what, got, want, n, tol)                        \
  do {                                                                   \
    int bad_ = 0;                                                        \
    for (long i_ = 0; i_ < (long)(n); i_++) {                            \
      double g_ = (double)(got)[i_], w_ = (double)(want)[i_];            \
      double m_ = fabs(w_) > 1 ? fabs(w_) : 1;                           \
      if (!(fabs(g_ - w_) <= (tol) * m_ || (g_ != g_ && w_ != w_)        \
            || g_ == w_)) {                                              \
        if (bad_++ < 5)                                                  \
          fprintf(stderr, "%s:%d: %s[%ld] = %.9g, expected %.9g\n",      \
                  __FILE__, __LINE__, what, i_, g_, w_);                 \
      }                                                                  \
    }                                                                    \
    h_checks++;                                                          \
    if (bad_) {                                                          \
      h_fail++;                                                          \
      fprintf(stderr, "FAIL: %s: %d of %ld differ\n", what, bad_,        \
              (long)(n));                                                \
    }                                                                    \
  } while (0)

/* Exact equality (NaN equals NaN, -0 equals +0).  */
#define CHECK_ARRAY_EQ(what, got, want, n) \
  CHECK_ARRAY_NEAR(what, got, want, n, 0.0)

static int
harness_end(const char *name)
{
  /* For bench/dbuf-cycles.sh: the estimated cycles of all the test's
     launches.  */
  if (getenv("PTO_BENCH_CYCLES"))
    printf("CYCLES_SUM %llu\nCYCLES_LAST %llu\n",
           (unsigned long long)h_cycles,
           (unsigned long long)pto_sim_cycles_max());
  printf("%s: %d checks, %d failures\n", name, h_checks, h_fail);
  return h_fail ? 1 : 0;
}

#endif /* PTO_CCE_HARNESS_H */
