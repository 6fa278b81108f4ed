/* InlineFunctions (after PyPTO's), arguments and nesting, as C:
   - a tile pointer parameter shares the caller's tile (saxpy.c's axpy:
     *y += a * x, x a by-value copy scaled in place);
   - computed arguments (*pa, out + i * 8) are evaluated once;
   - a helper calling a helper, and a helper call nested in an
     expression (half(n) + 1);
   - aliasing on tiles: acc2(&t, t) reads its by-value x after writing
     *y, and must see the old t.
   Expected values are computed by hand.  */
/* { dg-do run } */
#include <stdint.h>
#include <stdio.h>
#include <pto.h>

typedef PTO_TILE(int32_t, 2, 4) t2x4;

PTO_INLINE static void
axpy (t2x4 *y, t2x4 x, int32_t a)
{
  pto_muls (x, x, a);
  pto_add (*y, *y, x);
}

PTO_INLINE static void
put (t2x4 x, int32_t *c)
{
  pto_store (c, 4, x);
}

PTO_INLINE static void
acc2 (t2x4 *y, t2x4 x)
{
  pto_add (*y, *y, x);
  pto_add (*y, *y, x);
}

PTO_INLINE static int
half (int x)
{
  return x / 2;
}

PTO_INLINE static int
sq (int x)
{
  int y = x * x;
  return y;
}

PTO_INLINE static int
quad (int x)
{
  int q = sq (x);
  q = sq (q);
  return q;
}

PTO_KERNEL void
kern (const int32_t *x, int32_t *y, int32_t *out, int n)
{
  t2x4 tx, ty, t;
  t2x4 *pa = &tx;
  pto_load (tx, x, 4);
  pto_load (ty, y, 4);
  axpy (&ty, tx, 3);             /* ty = y + 3x; tx unchanged */
  pto_store (y, 4, ty);
  for (int i = 0; i < n; i += 1)
    put (*pa, out + i * 8);      /* computed arguments */
  pto_load (t, x, 4);
  acc2 (&t, t);                  /* t = x + x + x */
  pto_store (out + n * 8, 4, t);
}

PTO_HOST void
scalars (int n, int *r)
{
  r[0] = half (n) + 1;
  r[1] = quad (n);
}

int
main (void)
{
  int32_t x[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  int32_t y[8] = { 10, 10, 10, 10, 0, 0, 0, 0 };
  int32_t out[24];
  pto_launch (kern, 1, x, y, out, 2);
  for (int i = 0; i < 8; i++)
    printf ("%d ", y[i]);
  printf ("|");
  for (int i = 0; i < 24; i++)
    printf (" %d", out[i]);
  int r[2];
  scalars (7, r);
  printf (" | %d %d\n", r[0], r[1]);
  return 0;
}
/* y + 3x; x twice; 3x; 7/2 + 1 = 4; 7^4 = 2401.  */
/* { dg-output "^13 16 19 22 15 18 21 24 \\| 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 3 6 9 12 15 18 21 24 \\| 4 2401\r?\n$" } */
