/* harness.h - the execution harness of testsuite/pto-isa.dg: the API of
   testsuite/pto-cce.dg/harness.h (cce_run, CHECK_ARRAY_EQ, ...) over the
   PTO-ISA CPU simulation instead of our CCE simulator.

   An execution test NAME.c of pto-cce.dg is compiled, in pto.h
   REFERENCE mode, with this directory first on the include path (the
   test is copied out of its directory so that "harness.h" is this
   file), and linked with NAME.pto.cpp (pto-opt --emit-pto-isa) compiled
   with -D__CPU_SIM against the PTO-ISA headers, and with cpu-sim.cpp.
   cce_run(NAME__sim, args, nblocks, reset, check) runs the emitted
   kernel once per block, in ascending and in descending block order,
   each block with the simulation's block index and block count set
   (pto_isa_block, cpu-sim.cpp), and CHECK_ARRAY_EQ / CHECK_ARRAY_NEAR
   compare with the reference.  The simulation has no race detector
   (its syncs are empty, docs/coding/cpu_sim.md of PTO-ISA): ordering
   is checked by our simulator in pto-cce.dg, values here.  */

#ifndef PTO_ISA_HARNESS_H
#define PTO_ISA_HARNESS_H

#include <pto.h>

/* The PTO-ISA rendering clamps run-time valid sizes outside a tile
   where our simulator reports a fault: tests skip their fault cases.  */
#define PTO_HARNESS_NO_FAULTS 1
/* The CPU simulation's TCvt saturates wrongly at the int32 ends
   (include/pto/cpu/TCvt.hpp clamps to (float)INT32_MAX, 2^31, and an
   fp16 inf to 65504 first, and a NaN to int8_t / uint8_t goes to
   127 / 255 where pto.h gives 0, doc/pto-isa.md): tests keep such
   casts in range, or leave those elements out (ex-cast_int8).  */
#define PTO_HARNESS_CVT_IN_RANGE 1
/* Its division asserts on a zero divisor (cpu/ElementOp.h, OP_DIV):
   tests divide by nonzero values only.  */
#define PTO_HARNESS_NO_DIV_ZERO 1

#include <math.h>
#include <stdio.h>
#include <string.h>

static int h_checks, h_fail;

typedef void (*cce_entry)(void *const *args);

/* cpu-sim.cpp: the next kernel call runs as block IDX of NUM.  */
void pto_isa_block(unsigned idx, unsigned num);

typedef enum pto_sim_order {
  PTO_SIM_ASCENDING, PTO_SIM_DESCENDING, PTO_SIM_SHUFFLED
} pto_sim_order;

/* Run ENTRY(ARGS) over NBLOCKS blocks in order HOW (shuffled runs
   descending); return 0 (the simulation reports by aborting).  */
static int
cce_run_order(cce_entry entry, void *const *args, int nblocks,
              pto_sim_order how)
{
  for (int i = 0; i < nblocks; i++) {
    int b = how == PTO_SIM_ASCENDING ? i : nblocks - 1 - i;
    pto_isa_block((unsigned)b, (unsigned)nblocks);
    entry(args);
  }
  return 0;
}

static void
cce_run(cce_entry entry, void *const *args, int nblocks,
        void (*reset)(void), void (*check_fn)(const char *order))
{
  static const pto_sim_order orders[] = { PTO_SIM_ASCENDING,
                                          PTO_SIM_DESCENDING };
  static const char *const names[] = { "asc", "desc" };
  for (int i = 0; i < 2; i++) {
    if (reset)
      reset();
    cce_run_order(entry, args, nblocks, orders[i]);
    if (check_fn)
      check_fn(names[i]);
  }
}

#define CHECK(c)                                                         \
  do {                                                                   \
    h_checks++;                                                          \
    if (!(c)) {                                                          \
      h_fail++;                                                          \
      fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #c);      \
    }                                                                    \
  } while (0)

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

#define CHECK_ARRAY_EQ(what, got, want, n) \
  CHECK_ARRAY_NEAR(what, got, want, n, 0.0)

static int
harness_end(const char *name)
{
  printf("%s: %d checks, %d failures\n", name, h_checks, h_fail);
  return h_fail ? 1 : 0;
}

#endif /* PTO_ISA_HARNESS_H */
