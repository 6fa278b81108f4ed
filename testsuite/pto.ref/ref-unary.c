/* The unary ops abs, neg, relu, sqrt, rsqrt and recip give exact results
   on inputs where the exact result is representable (fp32).  */
/* { dg-do run } */
#include <pto.h>

typedef PTO_TILE(float, 1, 4) f4;

static int
is (const char *op, f4 *t, float a, float b, float c, float d)
{
  printf ("%s %g %g %g %g\n", op, t->v[0][0], t->v[0][1], t->v[0][2], t->v[0][3]);
  return t->v[0][0] == a && t->v[0][1] == b && t->v[0][2] == c && t->v[0][3] == d;
}

int
main (void)
{
  f4 s = { { { -4.0f, -0.25f, 0.0f, 2.5f } } };
  f4 p = { { { 4.0f, 0.25f, 16.0f, 1.0f } } };
  f4 d;
  int ok = 1;
  pto_abs (d, s);    ok &= is ("abs", &d, 4.0f, 0.25f, 0.0f, 2.5f);
  pto_neg (d, s);    ok &= is ("neg", &d, 4.0f, 0.25f, -0.0f, -2.5f);
  pto_relu (d, s);   ok &= is ("relu", &d, 0.0f, 0.0f, 0.0f, 2.5f);
  pto_sqrt (d, p);   ok &= is ("sqrt", &d, 2.0f, 0.5f, 4.0f, 1.0f);
  pto_rsqrt (d, p);  ok &= is ("rsqrt", &d, 0.5f, 2.0f, 0.25f, 1.0f);
  pto_recip (d, p);  ok &= is ("recip", &d, 0.25f, 4.0f, 0.0625f, 1.0f);
  /* -x of 0 is -0: the sign bit is set.  */
  pto_neg (d, s);
  ok &= __builtin_signbit (d.v[0][2]) != 0;
  return ok ? 0 : 1;
}
/* { dg-output "abs 4 0\\.25 0 2\\.5\r?\nneg 4 0\\.25 -0 -2\\.5\r?\nrelu 0 0 0 2\\.5\r?\n" } */
/* { dg-output "sqrt 2 0\\.5 4 1\r?\nrsqrt 0\\.5 2 0\\.25 1\r?\nrecip 0\\.25 4 0\\.0625 1\r?\n" } */
