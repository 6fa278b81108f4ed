/* pto_unroll factors must be positive integer constant expressions, at
   most 8 of them, even though reference mode does not unroll.  */
/* { dg-do compile } */
#include <pto.h>

void
f (int n, int *out)
{
  for (int i = 0; i < n; i++)
    {
      pto_unroll (4, n);                /* { dg-error "not constant|not an integer constant" } */
      out[i] = i;
    }
  for (int i = 0; i < n; i++)
    {
      pto_unroll (4, 0);                /* { dg-error "pto_unroll: unroll factors must be positive integer constants" } */
      out[i] = i;
    }
  for (int i = 0; i < n; i++)
    {
      pto_unroll (2.5);                 /* { dg-error "pto_unroll: unroll factors must be positive integer constants" } */
      out[i] = i;
    }
  for (int i = 0; i < n; i++)
    {
      pto_unroll (9, 8, 7, 6, 5, 4, 3, 2, 1);   /* { dg-error "pto_unroll: at most 8 unroll factors" } */
      out[i] = i;
    }
  for (int i = 0; i < n; i++)
    {
      pto_unroll (8, 7, 6, 5, 4, 3, 2, 1);      /* fine */
      out[i] = i;
    }
}
