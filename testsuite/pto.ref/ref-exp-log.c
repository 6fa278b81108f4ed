/* pto_exp and pto_log: exact at 0 and 1, and within about 1 ulp of e^x / ln x
   elsewhere (the device's transcendentals are not bit-exact either).  */
/* { dg-do run } */
#include <pto.h>

typedef PTO_TILE(float, 2, 2) t2;

static int
near (float got, double want)
{
  double tol = 1.2e-7 * (want < 0 ? -want : want);
  double diff = got - want;
  return (diff < 0 ? -diff : diff) <= tol;
}

int
main (void)
{
  t2 x = { { { 0.0f, 1.0f }, { -2.0f, 10.0f } } };
  t2 y = { { { 1.0f, 2.718281828f }, { 0.5f, 1024.0f } } };
  t2 e, l;
  pto_exp (e, x);
  pto_log (l, y);
  int ok = e.v[0][0] == 1.0f && l.v[0][0] == 0.0f;
  ok &= near (e.v[0][1], 2.718281828459045);
  ok &= near (e.v[1][0], 0.1353352832366127);
  ok &= near (e.v[1][1], 22026.465794806718);
  ok &= near (l.v[0][1], 0.99999996963214);   /* ln 2.71828174591064453125f */
  ok &= near (l.v[1][0], -0.6931471805599453);
  ok &= near (l.v[1][1], 6.931471805599453);
  printf ("exp(0) %g log(1) %g\n", e.v[0][0], l.v[0][0]);
  return ok ? 0 : 1;
}
/* { dg-output "^exp\\(0\\) 1 log\\(1\\) 0\r?\n$" } */
