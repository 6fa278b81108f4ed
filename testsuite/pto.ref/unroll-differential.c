/* UnrollLoops (PyPTO), differential: 24 loops with pseudo-random
   bounds, steps (up and down) and unroll lists (drawn once with a fixed
   seed and written out here; a quarter of them zero-trip, lists with
   duplicates and without 1 on purpose), half with constant bounds and
   half with bounds read from memory at run time.
   The kernel runs each loop with its pto_unroll list; main runs the same
   loops as plain C (main is not a kernel, so the plugin never unrolls
   it) and compares the iteration count and the order-sensitive checksum
   sum((position + 1) * index) of every loop.  In plugin mode this
   compares the unrolled code paths with the original loop; in both modes
   the totals must equal the values computed from Python's range().  */
/* { dg-do run } */
#include <stdint.h>
#include <stdio.h>
#include <pto.h>

enum { NCASES = 24 };
static const int32_t bounds[NCASES][3] = {
  {-2, 19, 2},
  {9, 27, 3},
  {6, 4, 3},
  {-2, -14, -2},
  {-10, -25, -2},
  {5, -2, -3},
  {5, 45, 3},
  {1, 15, 2},
  {7, 8, -4},
  {8, -16, -4},
  {-1, 12, 2},
  {10, -4, 3},
  {9, -44, -4},
  {9, -40, -4},
  {-3, 3, -4},
  {12, 1, -2},
  {-8, -30, -3},
  {3, -11, 2},
  {-12, 7, 4},
  {1, 58, 4},
  {-5, 5, 4},
  {1, 19, 4},
  {4, 6, 2},
  {3, 0, 1},
};

PTO_KERNEL void
unrolled (const int32_t *prm, int32_t *res)
{
  {
    int n = 0;
    int w = 0;
    for (int i = -2; i < 19; i += 2)
      {
        pto_unroll (2);
        n = n + 1;
        w = w + n * i;
      }
    res[0] = n;
    res[1] = w;
  }
  {
    int a = prm[3];
    int b = prm[4];
    int s = prm[5];
    int n = 0;
    int w = 0;
    for (int i = a; i < b; i += s)
      {
        pto_unroll (3, 4);
        n = n + 1;
        w = w + n * i;
      }
    res[2] = n;
    res[3] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = 6; i < 4; i += 3)
      {
        pto_unroll (1);
        n = n + 1;
        w = w + n * i;
      }
    res[4] = n;
    res[5] = w;
  }
  {
    int a = prm[9];
    int b = prm[10];
    int s = prm[11];
    int n = 0;
    int w = 0;
    for (int i = a; i > b; i += s)
      {
        pto_unroll (2);
        n = n + 1;
        w = w + n * i;
      }
    res[6] = n;
    res[7] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = -10; i > -25; i += -2)
      {
        pto_unroll (5, 2, 1);
        n = n + 1;
        w = w + n * i;
      }
    res[8] = n;
    res[9] = w;
  }
  {
    int a = prm[15];
    int b = prm[16];
    int s = prm[17];
    int n = 0;
    int w = 0;
    for (int i = a; i > b; i += s)
      {
        pto_unroll (3, 1);
        n = n + 1;
        w = w + n * i;
      }
    res[10] = n;
    res[11] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = 5; i < 45; i += 3)
      {
        pto_unroll (4, 2);
        n = n + 1;
        w = w + n * i;
      }
    res[12] = n;
    res[13] = w;
  }
  {
    int a = prm[21];
    int b = prm[22];
    int s = prm[23];
    int n = 0;
    int w = 0;
    for (int i = a; i < b; i += s)
      {
        pto_unroll (1);
        n = n + 1;
        w = w + n * i;
      }
    res[14] = n;
    res[15] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = 7; i > 8; i += -4)
      {
        pto_unroll (3, 2);
        n = n + 1;
        w = w + n * i;
      }
    res[16] = n;
    res[17] = w;
  }
  {
    int a = prm[27];
    int b = prm[28];
    int s = prm[29];
    int n = 0;
    int w = 0;
    for (int i = a; i > b; i += s)
      {
        pto_unroll (2, 2, 1);
        n = n + 1;
        w = w + n * i;
      }
    res[18] = n;
    res[19] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = -1; i < 12; i += 2)
      {
        pto_unroll (4);
        n = n + 1;
        w = w + n * i;
      }
    res[20] = n;
    res[21] = w;
  }
  {
    int a = prm[33];
    int b = prm[34];
    int s = prm[35];
    int n = 0;
    int w = 0;
    for (int i = a; i < b; i += s)
      {
        pto_unroll (4, 4);
        n = n + 1;
        w = w + n * i;
      }
    res[22] = n;
    res[23] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = 9; i > -44; i += -4)
      {
        pto_unroll (4, 4, 1);
        n = n + 1;
        w = w + n * i;
      }
    res[24] = n;
    res[25] = w;
  }
  {
    int a = prm[39];
    int b = prm[40];
    int s = prm[41];
    int n = 0;
    int w = 0;
    for (int i = a; i > b; i += s)
      {
        pto_unroll (3, 4, 5, 1);
        n = n + 1;
        w = w + n * i;
      }
    res[26] = n;
    res[27] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = -3; i > 3; i += -4)
      {
        pto_unroll (1, 4, 3);
        n = n + 1;
        w = w + n * i;
      }
    res[28] = n;
    res[29] = w;
  }
  {
    int a = prm[45];
    int b = prm[46];
    int s = prm[47];
    int n = 0;
    int w = 0;
    for (int i = a; i > b; i += s)
      {
        pto_unroll (2, 1, 3);
        n = n + 1;
        w = w + n * i;
      }
    res[30] = n;
    res[31] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = -8; i > -30; i += -3)
      {
        pto_unroll (2);
        n = n + 1;
        w = w + n * i;
      }
    res[32] = n;
    res[33] = w;
  }
  {
    int a = prm[51];
    int b = prm[52];
    int s = prm[53];
    int n = 0;
    int w = 0;
    for (int i = a; i < b; i += s)
      {
        pto_unroll (3, 1);
        n = n + 1;
        w = w + n * i;
      }
    res[34] = n;
    res[35] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = -12; i < 7; i += 4)
      {
        pto_unroll (5);
        n = n + 1;
        w = w + n * i;
      }
    res[36] = n;
    res[37] = w;
  }
  {
    int a = prm[57];
    int b = prm[58];
    int s = prm[59];
    int n = 0;
    int w = 0;
    for (int i = a; i < b; i += s)
      {
        pto_unroll (4, 4, 2);
        n = n + 1;
        w = w + n * i;
      }
    res[38] = n;
    res[39] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = -5; i < 5; i += 4)
      {
        pto_unroll (3, 5, 3, 5);
        n = n + 1;
        w = w + n * i;
      }
    res[40] = n;
    res[41] = w;
  }
  {
    int a = prm[63];
    int b = prm[64];
    int s = prm[65];
    int n = 0;
    int w = 0;
    for (int i = a; i < b; i += s)
      {
        pto_unroll (3, 1, 3, 2);
        n = n + 1;
        w = w + n * i;
      }
    res[42] = n;
    res[43] = w;
  }
  {
    int n = 0;
    int w = 0;
    for (int i = 4; i < 6; i += 2)
      {
        pto_unroll (1, 3, 4);
        n = n + 1;
        w = w + n * i;
      }
    res[44] = n;
    res[45] = w;
  }
  {
    int a = prm[69];
    int b = prm[70];
    int s = prm[71];
    int n = 0;
    int w = 0;
    for (int i = a; i < b; i += s)
      {
        pto_unroll (5, 5, 3);
        n = n + 1;
        w = w + n * i;
      }
    res[46] = n;
    res[47] = w;
  }
}

PTO_HOST void
drive (const int32_t *prm, int32_t *res)
{
  pto_launch (unrolled, 1, prm, res);
}

int
main (void)
{
  static int32_t res[2 * NCASES];
  drive (&bounds[0][0], res);
  int bad = 0;
  long tn = 0, tw = 0;
  for (int c = 0; c < NCASES; c++)
    {
      int a = bounds[c][0], b = bounds[c][1], s = bounds[c][2];
      int n = 0, w = 0;
      for (int i = a; s > 0 ? i < b : i > b; i += s)
	{
	  n = n + 1;
	  w = w + n * i;
	}
      if (res[2 * c] != n || res[2 * c + 1] != w)
	{
	  printf ("case %d: unrolled n=%d w=%d, plain n=%d w=%d\n", c,
		  (int) res[2 * c], (int) res[2 * c + 1], n, w);
	  bad++;
	}
      tn += n;
      tw += w;
    }
  printf ("cases=%d mismatches=%d n=%ld w=%ld\n", NCASES, bad, tn, tw);
  return 0;
}
/* { dg-output "^cases=24 mismatches=0 n=138 w=3159\r?\n$" } */
