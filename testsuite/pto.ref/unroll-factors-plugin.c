/* UnrollLoops (PyPTO): the factor of the code path that runs each
   iteration, as pto_unroll_factor() reports it.  This is the plugin-mode
   check of the seed's example: over [0, 10) with pto_unroll(1, 2, 4) the
   4-path runs indices 0..7, the 2-path 8..9 and the 1-path nothing, so
   the factors are 4 4 4 4 4 4 4 4 2 2; over [0, 7) they are 4 4 4 4 2 2 1;
   the index sequence is unchanged.
   The file is meant for the plugin suite (pto.dg runs it once the plugin
   can compile and run kernels); until then the reference suite runs it
   too, where pto_unroll_factor() is 1 everywhere.  The output therefore
   names the mode it ran in (PTO_PLUGIN_MODE, set by pto.h) and each
   dg-output alternative is tied to its mode: a wrong factor fails in
   either mode.  */
/* { dg-do run } */
#include <stdint.h>
#include <stdio.h>
#include <pto.h>

PTO_KERNEL void
factors (int32_t *idx, int32_t *fac, int stop)
{
  int n = 0;
  for (int i = 0; i < stop; i += 1)
    {
      pto_unroll (1, 2, 4);
      idx[n] = i;
      fac[n] = pto_unroll_factor ();
      n = n + 1;
    }
}

PTO_HOST void
drive (int32_t *idx, int32_t *fac, int stop)
{
  pto_launch (factors, 1, idx, fac, stop);
}

static void
show (int stop)
{
  int32_t idx[16], fac[16];
  for (int k = 0; k < 16; k++)
    idx[k] = fac[k] = -1;
  drive (idx, fac, stop);
  printf ("mode=%s stop=%d idx=", PTO_PLUGIN_MODE ? "plugin" : "ref", stop);
  for (int k = 0; k < stop; k++)
    printf ("%d%s", (int) idx[k], k + 1 < stop ? "," : "");
  printf (" factors=");
  for (int k = 0; k < stop; k++)
    printf ("%d%s", (int) fac[k], k + 1 < stop ? "," : "");
  printf ("\n");
}

int
main (void)
{
  show (10);
  show (7);
  return 0;
}
/* { dg-output "^(mode=plugin stop=10 idx=0,1,2,3,4,5,6,7,8,9 factors=4,4,4,4,4,4,4,4,2,2\r?\nmode=plugin stop=7 idx=0,1,2,3,4,5,6 factors=4,4,4,4,2,2,1|mode=ref stop=10 idx=0,1,2,3,4,5,6,7,8,9 factors=1,1,1,1,1,1,1,1,1,1\r?\nmode=ref stop=7 idx=0,1,2,3,4,5,6 factors=1,1,1,1,1,1,1)\r?\n$" } */
