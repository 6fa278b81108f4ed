/* pto_cast fp32 -> fp16 rounds to nearest, ties to even: the halfway
   cases 1 + 2^-11, 1 + 3*2^-11, 2049, 2051, 2^-25 and 3*2^-25, the
   largest value 65504 and overflow to inf from the tie at 65520.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(float, 1, 10) f10;
typedef PTO_TILE(pto_f16, 1, 10) h10;

int
main (void)
{
  f10 in = { { { 1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, 2049.0f, 2051.0f,
                 0x1p-25f, 3 * 0x1p-25f, 65519.0f, 65520.0f, -65520.0f,
                 0.1f } } };
  static const double want[10] = { 1.0, 1.001953125, 2048.0, 2052.0, 0.0,
                                   0x1p-23, 65504.0, __builtin_inf (),
                                   -__builtin_inf (), 0.0999755859375 };
  h10 h;
  f10 back;
  pto_cast (h, in);
  pto_cast (back, h);
  int ok = 1;
  for (int j = 0; j < 10; j++)
    {
      printf ("%.10g ", (double) back.v[0][j]);
      ok &= (double) h.v[0][j] == want[j] && back.v[0][j] == (float) want[j];
    }
  printf ("\n");
  return ok ? 0 : 1;
}
/* { dg-output "^1 1\\.001953125 2048 2052 0 1\\.192092896e-07 65504 inf -inf 0\\.09997558594 \r?\n$" } */
