/* int32 tiles: add, sub, mul, neg and abs wrap modulo 2^32, div
   truncates toward zero and INT32_MIN / -1 is INT32_MIN.  */
/* { dg-do run } */
#include <pto.h>

typedef PTO_TILE(int32_t, 1, 4) i4;

int
main (void)
{
  i4 a = { { { INT32_MAX, INT32_MIN, -7, 65536 } } };
  i4 b = { { { 1, -1, 2, 65536 } } };
  i4 d;
  int ok = 1;
  pto_add (d, a, b);
  ok &= d.v[0][0] == INT32_MIN && d.v[0][1] == INT32_MAX && d.v[0][2] == -5;
  pto_sub (d, a, b);
  ok &= d.v[0][0] == INT32_MAX - 1 && d.v[0][1] == INT32_MIN + 1 && d.v[0][2] == -9;
  pto_mul (d, a, b);
  ok &= d.v[0][0] == INT32_MAX && d.v[0][1] == INT32_MIN && d.v[0][3] == 0;
  pto_div (d, a, b);
  ok &= d.v[0][0] == INT32_MAX && d.v[0][1] == INT32_MIN && d.v[0][2] == -3
        && d.v[0][3] == 1;
  printf ("div %d %d %d %d\n", d.v[0][0], d.v[0][1], d.v[0][2], d.v[0][3]);
  pto_neg (d, a);
  ok &= d.v[0][0] == -INT32_MAX && d.v[0][1] == INT32_MIN && d.v[0][2] == 7;
  pto_abs (d, a);
  ok &= d.v[0][0] == INT32_MAX && d.v[0][1] == INT32_MIN && d.v[0][2] == 7;
  pto_relu (d, a);
  ok &= d.v[0][0] == INT32_MAX && d.v[0][1] == 0 && d.v[0][2] == 0;
  return ok ? 0 : 1;
}
/* { dg-output "^div 2147483647 -2147483648 -3 1\r?\n$" } */
