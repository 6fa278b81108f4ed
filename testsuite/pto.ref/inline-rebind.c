/* InlineFunctions (after PyPTO's), rebinding of by-value parameters, as C:
   - the 3A-not-4A example: `twice' doubles its by-value tile parameter in
     place (pto_add(t, t, t)); the caller's tile a is unchanged, so
     w = a + twice(a) is 3A;
   - the k + (k + 1)-not-2k + 2 example: `bump' assigns its scalar
     parameter; the caller's k keeps its value;
   - a rebinding inside a loop of the helper;
   - the aliasing case helper(&k, k): the helper writes *p before reading
     its by-value n, which must still hold the old k.
   Expected values are computed by hand; they are the same in reference
   mode and plugin mode.  */
/* { dg-do run } */
#include <stdint.h>
#include <stdio.h>
#include <pto.h>

typedef PTO_TILE(int32_t, 2, 4) t2x4;

PTO_INLINE static t2x4
twice (t2x4 t)
{
  pto_add (t, t, t);
  return t;
}

PTO_INLINE static int
bump (int n)
{
  n = n + 1;
  return n;
}

PTO_INLINE static int
addn (int n, int c)
{
  for (int i = 0; i < c; i += 1)
    n = n + 2;
  return n;
}

PTO_INLINE static int
set_then_read (int *p, int n)
{
  *p = 5;
  return n + 1;
}

PTO_KERNEL void
three_a (const int32_t *x, int32_t *y)
{
  t2x4 a, u, w;
  pto_load (a, x, 4);
  u = twice (a);
  pto_add (w, a, u);             /* A + 2A */
  pto_store (y, 4, w);
}

PTO_HOST void
scalars (int k, int *out)
{
  int m = bump (k);
  out[0] = k + m;                /* k + (k + 1) */
  int j = addn (k, 3);
  out[1] = k + j;                /* k + (k + 6) */
  int v = 1;
  int r = set_then_read (&v, v);
  out[2] = r;                    /* old v + 1 = 2 */
  out[3] = v;                    /* 5 */
}

int
main (void)
{
  int32_t x[8] = { 1, 2, 3, 4, -5, 6, 0, 10 };
  int32_t y[8];
  pto_launch (three_a, 1, x, y);
  for (int i = 0; i < 8; i++)
    printf ("%d ", y[i]);
  int out[4];
  scalars (10, out);
  printf ("| %d %d %d %d\n", out[0], out[1], out[2], out[3]);
  return 0;
}
/* 3 * x; 10 + 11 = 21; 10 + 16 = 26.  */
/* { dg-output "^3 6 9 12 -15 18 0 30 \\| 21 26 2 5\r?\n$" } */
