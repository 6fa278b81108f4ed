/* pto_add/sub/mul/div/max/min on fp32 tiles compute element by element
   (values chosen so that every result is exact).  */
/* { dg-do run } */
#include <pto.h>

typedef PTO_TILE(float, 2, 2) t2;

static int
expect (const char *op, t2 *t, float a, float b, float c, float d)
{
  printf ("%s %g %g %g %g\n", op, t->v[0][0], t->v[0][1], t->v[1][0], t->v[1][1]);
  return t->v[0][0] == a && t->v[0][1] == b && t->v[1][0] == c && t->v[1][1] == d;
}

int
main (void)
{
  t2 a = { { { 1.5f, -2.0f }, { 8.0f, 0.25f } } };
  t2 b = { { { 0.5f, 4.0f }, { -2.0f, 0.25f } } };
  t2 d;
  int ok = 1;
  pto_add (d, a, b);  ok &= expect ("add", &d, 2.0f, 2.0f, 6.0f, 0.5f);
  pto_sub (d, a, b);  ok &= expect ("sub", &d, 1.0f, -6.0f, 10.0f, 0.0f);
  pto_mul (d, a, b);  ok &= expect ("mul", &d, 0.75f, -8.0f, -16.0f, 0.0625f);
  pto_div (d, a, b);  ok &= expect ("div", &d, 3.0f, -0.5f, -4.0f, 1.0f);
  pto_max (d, a, b);  ok &= expect ("max", &d, 1.5f, 4.0f, 8.0f, 0.25f);
  pto_min (d, a, b);  ok &= expect ("min", &d, 0.5f, -2.0f, -2.0f, 0.25f);
  return ok ? 0 : 1;
}
/* { dg-output "add 2 2 6 0\\.5\r?\nsub 1 -6 10 0\r?\nmul 0\\.75 -8 -16 0\\.0625\r?\n" } */
/* { dg-output "div 3 -0\\.5 -4 1\r?\nmax 1\\.5 4 8 0\\.25\r?\nmin 0\\.5 -2 -2 0\\.25\r?\n" } */
