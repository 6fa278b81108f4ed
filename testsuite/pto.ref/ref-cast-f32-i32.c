/* pto_cast fp32 -> int32 rounds to nearest with ties to even, saturates
   and maps NaN to 0; int32 -> fp32 rounds to nearest even
   (2^24 + 1 -> 2^24, 2^24 + 3 -> 2^24 + 4).  */
/* { dg-do run } */
#include <pto.h>

typedef PTO_TILE(float, 2, 8) f28;
typedef PTO_TILE(int32_t, 2, 8) i28;

int
main (void)
{
  f28 f = { { { 0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 2.4999998f, -3.75f },
              { 1e10f, -1e10f, __builtin_nanf (""), 2147483520.0f,
                -2147483648.0f, 7.0f, 0.49999997f, -1e-30f } } };
  static const int32_t want[2][8] = {
    { 0, 2, 2, 0, -2, -2, 2, -4 },
    { 2147483647, -2147483647 - 1, 0, 2147483520, -2147483647 - 1, 7, 0, 0 } };
  i28 n;
  pto_cast (n, f);
  int ok = 1;
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 8; c++)
      {
        printf ("%d ", n.v[r][c]);
        ok &= n.v[r][c] == want[r][c];
      }
  printf ("\n");

  i28 i = { { { 16777217, 16777219, -16777217, 3, 0, -5, 2147483647, 100 } } };
  pto_cast (f, i);
  ok &= f.v[0][0] == 16777216.0f && f.v[0][1] == 16777220.0f
        && f.v[0][2] == -16777216.0f && f.v[0][3] == 3.0f && f.v[0][5] == -5.0f
        && f.v[0][6] == 2147483648.0f && f.v[1][0] == 0.0f;
  printf ("%.0f %.0f\n", f.v[0][0], f.v[0][1]);
  return ok ? 0 : 1;
}
/* { dg-output "^0 2 2 0 -2 -2 2 -4 2147483647 -2147483648 0 2147483520 -2147483648 7 0 0 \r?\n" } */
/* { dg-output "16777216 16777220\r?\n$" } */
