/* UnrollLoops (PyPTO) with constant bounds: in plugin mode the split
   points between the paths of pto_unroll(4, 2, 1) are folded to constants
   (and a path proven empty is kept with equal bounds).  Trip counts 0, 1,
   7 (prime), 8 and 12, a down-counting loop, a step of 3 that does not
   divide the range (the seed's remainder formula would lose the index 9),
   and an unrolled loop nested in a plain one, whose start is the outer
   index (so its split points are computed at run time).
   The printed sums and the order-sensitive checksums are the same in
   reference mode and plugin mode; the expected values were computed by
   hand from the plain loops.  */
/* { dg-do run } */
#include <stdint.h>
#include <stdio.h>
#include <pto.h>

PTO_KERNEL void
const_loops (int32_t *out)
{
  int n = 0;
  int w = 0;
  for (int i = 0; i < 0; i += 1)
    {
      pto_unroll (4, 2, 1);
      n = n + 1;
      w = w + n * i;
    }
  out[0] = n;
  out[1] = w;
  n = 0;
  w = 0;
  for (int i = 5; i < 6; i += 1)
    {
      pto_unroll (4, 2, 1);
      n = n + 1;
      w = w + n * i;
    }
  out[2] = n;
  out[3] = w;
  n = 0;
  w = 0;
  for (int i = 0; i < 7; i += 1)
    {
      pto_unroll (4, 2, 1);
      n = n + 1;
      w = w + n * i;
    }
  out[4] = n;
  out[5] = w;
  n = 0;
  w = 0;
  for (int i = 0; i < 8; i += 1)
    {
      pto_unroll (4, 2, 1);
      n = n + 1;
      w = w + n * i;
    }
  out[6] = n;
  out[7] = w;
  n = 0;
  w = 0;
  for (int i = 3; i < 15; i += 1)
    {
      pto_unroll (4, 2, 1);
      n = n + 1;
      w = w + n * i;
    }
  out[8] = n;
  out[9] = w;
  n = 0;
  w = 0;
  for (int i = 9; i > -1; i += -1)
    {
      pto_unroll (4, 2, 1);
      n = n + 1;
      w = w + n * i;
    }
  out[10] = n;
  out[11] = w;
  n = 0;
  w = 0;
  for (int i = 0; i < 10; i += 3)
    {
      pto_unroll (2, 1);
      n = n + 1;
      w = w + n * i;
    }
  out[12] = n;
  out[13] = w;
  n = 0;
  w = 0;
  for (int i = 0; i < 5; i += 1)
    {
      for (int j = i; j < 7; j += 1)
	{
	  pto_unroll (3);
	  n = n + 1;
	  w = w + n * (10 * i + j);
	}
    }
  out[14] = n;
  out[15] = w;
}

PTO_HOST void
drive (int32_t *out)
{
  pto_launch (const_loops, 1, out);
}

static int32_t out[16];

int
main (void)
{
  static const char *const what[8] = {
    "0 trips", "1 trip", "7 trips", "8 trips", "12 trips", "down 10 trips",
    "step 3", "nest"
  };
  drive (out);
  for (int c = 0; c < 8; c++)
    printf ("%s: n=%d w=%d\n", what[c], (int) out[2 * c],
	    (int) out[2 * c + 1]);
  return 0;
}
/* { dg-output "^0 trips: n=0 w=0\r?\n" } */
/* { dg-output "1 trip: n=1 w=5\r?\n" } */
/* { dg-output "7 trips: n=7 w=112\r?\n" } */
/* { dg-output "8 trips: n=8 w=168\r?\n" } */
/* { dg-output "12 trips: n=12 w=806\r?\n" } */
/* { dg-output "down 10 trips: n=10 w=165\r?\n" } */
/* { dg-output "step 3: n=4 w=60\r?\n" } */
/* { dg-output "nest: n=25 w=8986\r?\n$" } */
