/* kernel-time.c - time the kernel launches of one example program, for
   bench/kernel-time.sh.

   Build it twice from the same example, once per mode:
     pto-cc -O2 -DBENCH_EXAMPLE='"examples/saxpy.c"' kernel-time.c -lm
                                   (simulation: the plugin's kernels)
     gcc -std=gnu11 -O2 -Iinclude -DBENCH_EXAMPLE='"..."' kernel-time.c -lm
                                   (reference mode: pto.h's plain C)
   The example is included with its main renamed, and every pto_launch in
   it is wrapped in a monotonic clock: only the launches are timed, not
   the example's set-up and checks.  The example's main runs again and
   again (each run re-initialises its data and checks its results) until
   the launches have taken BENCH_MIN_MS milliseconds in total (argument
   1, default 200) or the runs BENCH_MAX_MS of wall time (argument 2,
   default 5000); at least once.  With -DBENCH_WHOLE_RUN the launches are
   not wrapped and the whole of each run of main is timed instead: for
   examples that launch from PTO_HOST functions, which are DSL code where
   the clock calls cannot go.  Prints, on stderr (the example's own PASS
   lines go to stdout):
     BENCH runs R launch-ms T per-run-us U
   and exits 1 if any run of the example failed.  */

#define _POSIX_C_SOURCE 200809L
#include <pto.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Accumulated launch time in seconds, and the start of the launch being
   timed (a launch never nests: the plugin rejects launches in kernels).  */
static double bench_launch_s;
static double bench_t0;

static double bench_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* pto_launch as pto.h defines it for the mode, between two clock reads.
   An expression, as the original is.  */
#if defined(BENCH_WHOLE_RUN)
/* pto_launch unchanged.  */
#elif PTO_PLUGIN_MODE
#undef pto_launch
#define pto_launch(k, ...)                                                  \
  ((void)(bench_t0 = bench_now()),                                          \
   __pto_op_launch(PTO__AREF(k), __VA_ARGS__),                              \
   (void)(bench_launch_s += bench_now() - bench_t0))
#else
#undef pto_launch
#define pto_launch(k, ...)                                                  \
  ((void)(bench_t0 = bench_now()),                                          \
   PTO__CAT(PTO__LAUNCH_, PTO__NARGS(__VA_ARGS__))(k, __VA_ARGS__),         \
   (void)(bench_launch_s += bench_now() - bench_t0))
#endif

#define main bench_example_main
#include BENCH_EXAMPLE
#undef main

int main(int argc, char **argv)
{
  double min_ms = argc > 1 ? atof(argv[1]) : 200.0;
  double max_ms = argc > 2 ? atof(argv[2]) : 5000.0;
  double start = bench_now();
  long runs = 0;
  int failed = 0;
  do {
#ifdef BENCH_WHOLE_RUN
    bench_t0 = bench_now();
    failed |= bench_example_main() != 0;
    bench_launch_s += bench_now() - bench_t0;
#else
    failed |= bench_example_main() != 0;
#endif
    runs++;
  } while (bench_launch_s * 1e3 < min_ms
           && (bench_now() - start) * 1e3 < max_ms);
  fprintf(stderr, "BENCH runs %ld launch-ms %.3f per-run-us %.3f\n", runs,
          bench_launch_s * 1e3, bench_launch_s * 1e6 / (double)runs);
  return failed;
}
