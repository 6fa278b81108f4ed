/* InlineFunctions (after PyPTO's), naming, as C: helper locals named `x_' and
   `_' (renamed x_inline<N> and _inline<N>, never with `__'), a caller
   that already has variables spelled like the generated names
   (y_inline0, y_inline1), and several call sites of helpers with the
   same local names.  Nothing may clash: the sums are computed by hand.  */
/* { dg-do run } */
#include <stdio.h>
#include <pto.h>

PTO_INLINE static int
trail (int x_)
{
  x_ = x_ + 1;
  int s = 0;
  for (int _ = 0; _ < 4; _ += 1)
    s = s + x_;
  return s;                      /* 4 * (x + 1) */
}

PTO_INLINE static int
sq (int x)
{
  int y = x * x;
  return y;
}

PTO_HOST void
names (int a, int *r)
{
  int y_inline0 = 2;
  int y_inline1 = 3;
  int p = sq (a);
  int q = sq (p);
  r[0] = p + q + y_inline0 + y_inline1;
  r[1] = trail (a) + trail (p);
}

int
main (void)
{
  int r[2];
  names (3, r);
  printf ("%d %d\n", r[0], r[1]);
  return 0;
}
/* p = 9, q = 81: 9 + 81 + 2 + 3 = 95; 4 * 4 + 4 * 10 = 56.  */
/* { dg-output "^95 56\r?\n$" } */
