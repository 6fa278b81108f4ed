/* A destination may be one of the sources (pto_add (t, t, t) doubles);
   a PTO_INLINE helper's by-value tile parameter is a private copy while
   its tile pointer parameter reaches the caller's tile.  */
/* { dg-do run } */
#include <pto.h>

typedef PTO_TILE(float, 2, 3) t23;

/* *acc += 10 * x; x is scaled in place, but only the copy.  */
PTO_INLINE static void
accumulate (t23 *acc, t23 x)
{
  pto_muls (x, x, 10.0f);
  pto_add (*acc, *acc, x);
}

int
main (void)
{
  t23 t = { { { 1, 2, 3 }, { -1, -2, 0.5f } } };
  t23 acc = { { { 0, 0, 0 }, { 0, 0, 100 } } };
  pto_add (t, t, t);
  int ok = t.v[0][0] == 2 && t.v[0][2] == 6 && t.v[1][2] == 1;
  pto_mul (t, t, t);
  ok &= t.v[0][0] == 4 && t.v[0][2] == 36 && t.v[1][1] == 16 && t.v[1][2] == 1;
  accumulate (&acc, t);
  ok &= acc.v[0][0] == 40 && acc.v[0][1] == 160 && acc.v[1][2] == 110;
  ok &= t.v[0][0] == 4 && t.v[1][2] == 1;      /* the caller's t unchanged */
  printf ("%g %g %g | %g\n", acc.v[0][0], acc.v[0][1], acc.v[1][2], t.v[0][0]);
  return ok ? 0 : 1;
}
/* { dg-output "^40 160 110 \\| 4\r?\n$" } */
