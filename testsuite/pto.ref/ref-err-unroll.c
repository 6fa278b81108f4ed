/* pto_unroll factors must be positive integer constant expressions of
   at most 2147483647, at most 8 of them, even though reference mode does
   not unroll (the plugin agrees: pto.hostile/unroll-factors-1.c).  */
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
      pto_unroll (0x100000002LL);       /* { dg-error "pto_unroll: unroll factors must be positive integer constants of at most 2147483647" } */
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
