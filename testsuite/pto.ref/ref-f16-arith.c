/* fp16 tile arithmetic is computed in float and rounded once to fp16
   (ties to even): 2048 + 1 -> 2048, 2048 + 3 -> 2052,
   fp16(0.1) * 3 = 1228.5 * 2^-12 -> 1228 * 2^-12 = 0.2998046875,
   1 / 3 -> 1365 * 2^-12; the adds scalar is rounded to fp16 first.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(pto_f16, 1, 4) h4;

int
main (void)
{
  h4 a, b, d;
  a.v[0][0] = (pto_f16) 2048.0f;  b.v[0][0] = (pto_f16) 1.0f;
  a.v[0][1] = (pto_f16) 2048.0f;  b.v[0][1] = (pto_f16) 3.0f;
  a.v[0][2] = (pto_f16) 0.1f;     b.v[0][2] = (pto_f16) 3.0f;
  a.v[0][3] = (pto_f16) 1.0f;     b.v[0][3] = (pto_f16) 3.0f;
  int ok = 1;

  pto_add (d, a, b);
  ok &= (double) d.v[0][0] == 2048.0 && (double) d.v[0][1] == 2052.0;
  pto_mul (d, a, b);
  ok &= (double) d.v[0][2] == 0.2998046875;
  pto_div (d, a, b);
  ok &= (double) d.v[0][3] == 1365.0 / 4096.0;
  printf ("%g %.10g\n", (double) d.v[0][3] * 4096, (double) d.v[0][3]);

  /* 2048 + (1 + 2^-12): the scalar becomes fp16 1.0 first, then the tie
     rounds to even: 2048.  With the scalar kept in float the sum
     2049.000244140625 is above the tie and would round to 2050.  */
  pto_adds (d, a, 1.000244140625);
  ok &= (double) d.v[0][0] == 2048.0;
  /* 65504 + 16 = 65520 is the tie between 65504 and 2^16: to even, inf.  */
  a.v[0][0] = (pto_f16) 65504.0f;
  pto_adds (d, a, 16.0f);
  ok &= __builtin_isinf ((double) d.v[0][0]);
  pto_adds (d, a, 15.0f);
  ok &= (double) d.v[0][0] == 65504.0;
  return ok ? 0 : 1;
}
/* { dg-output "^1365 0\\.3332519531\r?\n$" } */
