/* InlineFunctions (after PyPTO's), basic shapes, as C: a single call site
   (square), multiple call sites (each gets its own copy of the helper's
   locals), a helper whose body holds a loop and a branch (the scope is
   kept as written), `return helper(...)', an assignment call site and an
   expression-statement call site of a void helper.  Values are computed
   by hand; they are the same in reference mode and plugin mode.  */
/* { dg-do run } */
#include <stdint.h>
#include <stdio.h>
#include <pto.h>

typedef PTO_TILE(int32_t, 2, 4) t2x4;

/* y = x * x elementwise.  */
PTO_INLINE static t2x4
square (t2x4 x)
{
  t2x4 y;
  pto_mul (y, x, x);
  return y;
}

/* Sum of 1..n, with a loop and a branch inside the helper.  */
PTO_INLINE static int
tri (int n)
{
  int s = 0;
  for (int i = 1; i <= n; i += 1)
    {
      if (i > 100)
        s = s + 0;
      else
        s = s + i;
    }
  return s;
}

PTO_INLINE static int
twice (int v)
{
  return v * 2;
}

PTO_INLINE static void
store_row0 (int32_t *out, t2x4 t)
{
  pto_store (out, 4, t);
}

PTO_HOST int
wrap_twice (int v)
{
  return twice (v);              /* return helper(...) */
}

PTO_HOST void
scalars (int *t, int *w)
{
  *t = tri (10);
  int r = 0;
  r = twice (20);                /* assignment call site */
  *w = r;
}

PTO_KERNEL void
kern (const int32_t *a, const int32_t *b, int32_t *out)
{
  t2x4 ta, tb, a2, b2, sum;
  pto_load (ta, a, 4);
  pto_load (tb, b, 4);
  a2 = square (ta);              /* first call site */
  b2 = square (tb);              /* second call site */
  pto_add (sum, a2, b2);
  store_row0 (out, sum);         /* expression statement */
}

int
main (void)
{
  int32_t a[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  int32_t b[8] = { 1, 1, 2, 2, -1, -1, 0, 3 };
  int32_t out[8];
  pto_launch (kern, 1, a, b, out);
  for (int i = 0; i < 8; i++)
    printf ("%d ", out[i]);
  int t = 0, w = 0;
  scalars (&t, &w);
  int z = wrap_twice (21);
  printf ("| %d %d %d\n", t, w, z);
  return 0;
}
/* a*a + b*b: 1+1 4+1 9+4 16+4 25+1 36+1 49+0 64+9; tri(10) = 55.  */
/* { dg-output "^2 5 13 20 26 37 49 73 \\| 55 40 42\r?\n$" } */
