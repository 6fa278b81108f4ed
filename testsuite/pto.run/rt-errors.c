/* pto.run/rt-errors.c - launch errors reported by libpto-rt.

   argv[1] selects the case:
     api      the pto_rt_* API returns a status for an unknown kernel, a
              bad block count and a wrong argument count, and runs a
              correct launch (prints one line per case);
     blocks   pto_launch(k, 0, ...): stops with the same message as
              reference mode ("pto: pto_launch(scale, 0): the block count
              must be positive");
     unknown  a launch of a kernel the program does not contain stops with
              "pto: pto_launch: no kernel 'nosuch' ...".
   Only meaningful with the plugin (run.exp builds it with pto-cc).  */

#include <pto.h>
#include <pto-rt.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(float, 1, 8) row_t;

PTO_KERNEL void scale(float *x, float s)
{
  row_t t;
  pto_load(t, x, 8);
  pto_muls(t, t, s);
  pto_store(x, 8, t);
}

static float x[8] = {1, 2, 3, 4, 5, 6, 7, 8};

int main(int argc, char **argv)
{
  const char *what = argc > 1 ? argv[1] : "api";
  if (!strcmp(what, "blocks")) {
    int zero = argc > 5; /* 0, but not a constant the compiler could see */
    pto_launch(scale, zero, x, 2.0f);
    return 0;
  }
  if (!strcmp(what, "unknown")) {
    __pto_launch("nosuch", 0);
    return 0;
  }
  float *px = x, s = 3.0f;
  void *args[2] = {&px, &s};
  printf("unknown: %d %s\n", pto_rt_launch("nosuch", 1, 2, args),
         pto_rt_strerror(PTO_RT_ENOKERNEL));
  printf("blocks: %d\n", pto_rt_launch("scale", 0, 2, args));
  printf("nargs: %d\n", pto_rt_launch("scale", 1, 1, args));
  printf("null arg: %d\n", pto_rt_launch("scale", 1, 2, (void *[]){&px, NULL}));
  int ok = pto_rt_launch("scale", 1, 2, args);
  printf("ok: %d x[7]=%g\n", ok, (double)x[7]);
  printf("kernels: %d %s\n", pto_rt_kernel_count(), pto_rt_kernel_name(0));
  return 0;
}
