/* UnrollLoops (PyPTO): a loop whose body starts with pto_unroll(4, 2, 1)
   visits exactly the indices of the plain loop, in order, whatever its
   trip count.  The bounds and the step are kernel parameters, so in plugin
   mode the split points between the 4-, 2- and 1-paths are computed at
   run time.  Trip counts 0 (start == stop and start > stop), 1, 7 (prime),
   8 and 12 (multiples of every factor), a step of 3 that does not divide
   stop - start, a step of 5, and down-counting loops (steps -1 and -4, and
   zero trips).  Each run prints the number of iterations N, the sum of the
   indices and the order-sensitive sum of (position + 1) * index; these
   are the same in reference mode (no unrolling) and plugin mode, and the
   expected values below were computed by hand from the plain loops.  A
   local declared in the body (K) is renamed in every copy by the pass.  */
/* { dg-do run } */
#include <stdint.h>
#include <stdio.h>
#include <pto.h>

PTO_KERNEL void
walk_up (int32_t *out, int start, int stop, int step)
{
  int n = 0;
  int sum = 0;
  int w = 0;
  for (int i = start; i < stop; i += step)
    {
      pto_unroll (4, 2, 1);
      int k = n + 1;
      w = w + k * i;
      sum = sum + i;
      n = k;
    }
  out[0] = n;
  out[1] = sum;
  out[2] = w;
}

PTO_KERNEL void
walk_down (int32_t *out, int start, int stop, int step)
{
  int n = 0;
  int sum = 0;
  int w = 0;
  for (int i = start; i > stop; i += step)
    {
      pto_unroll (1, 2, 4, 2);
      int k = n + 1;
      w = w + k * i;
      sum = sum + i;
      n = k;
    }
  out[0] = n;
  out[1] = sum;
  out[2] = w;
}

PTO_HOST void
drive (int32_t *out, int up, int start, int stop, int step)
{
  if (up)
    pto_launch (walk_up, 1, out, start, stop, step);
  else
    pto_launch (walk_down, 1, out, start, stop, step);
}

static int32_t out[3];

static void
run (int up, int start, int stop, int step)
{
  out[0] = out[1] = out[2] = -1;
  drive (out, up, start, stop, step);
  printf ("%s start=%d stop=%d step=%d: n=%d sum=%d w=%d\n",
	  up ? "up" : "down", start, stop, step, (int) out[0], (int) out[1],
	  (int) out[2]);
}

int
main (void)
{
  run (1, 0, 0, 1);
  run (1, 9, 2, 1);
  run (1, 5, 6, 1);
  run (1, 0, 7, 1);
  run (1, 0, 8, 1);
  run (1, 3, 15, 1);
  run (1, 0, 10, 3);
  run (1, 1, 23, 5);
  run (0, 9, -1, -1);
  run (0, 20, -3, -4);
  run (0, 0, 5, -1);
  return 0;
}
/* { dg-output "^up start=0 stop=0 step=1: n=0 sum=0 w=0\r?\n" } */
/* { dg-output "up start=9 stop=2 step=1: n=0 sum=0 w=0\r?\n" } */
/* { dg-output "up start=5 stop=6 step=1: n=1 sum=5 w=5\r?\n" } */
/* { dg-output "up start=0 stop=7 step=1: n=7 sum=21 w=112\r?\n" } */
/* { dg-output "up start=0 stop=8 step=1: n=8 sum=28 w=168\r?\n" } */
/* { dg-output "up start=3 stop=15 step=1: n=12 sum=102 w=806\r?\n" } */
/* { dg-output "up start=0 stop=10 step=3: n=4 sum=18 w=60\r?\n" } */
/* { dg-output "up start=1 stop=23 step=5: n=5 sum=55 w=215\r?\n" } */
/* { dg-output "down start=9 stop=-1 step=-1: n=10 sum=45 w=165\r?\n" } */
/* { dg-output "down start=20 stop=-3 step=-4: n=6 sum=60 w=140\r?\n" } */
/* { dg-output "down start=0 stop=5 step=-1: n=0 sum=0 w=0\r?\n$" } */
