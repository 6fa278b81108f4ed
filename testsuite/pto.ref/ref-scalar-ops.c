/* pto_adds/muls/maxs/mins apply one scalar to every element, for fp32
   and int32 tiles; the scalar is converted to the tile's dtype.  */
/* { dg-do run } */
#include <pto.h>

typedef PTO_TILE(float, 1, 4) f4;
typedef PTO_TILE(int32_t, 1, 4) i4;

int
main (void)
{
  f4 a = { { { -3.0f, -0.5f, 0.5f, 6.0f } } }, d;
  i4 b = { { { -7, -1, 2, 9 } } }, e;
  int ok = 1;

  pto_adds (d, a, 1.5);
  ok &= d.v[0][0] == -1.5f && d.v[0][1] == 1.0f && d.v[0][2] == 2.0f && d.v[0][3] == 7.5f;
  pto_muls (d, a, -2.0f);
  ok &= d.v[0][0] == 6.0f && d.v[0][1] == 1.0f && d.v[0][2] == -1.0f && d.v[0][3] == -12.0f;
  pto_maxs (d, a, 0.0f);
  ok &= d.v[0][0] == 0.0f && d.v[0][1] == 0.0f && d.v[0][2] == 0.5f && d.v[0][3] == 6.0f;
  pto_mins (d, a, -1);
  ok &= d.v[0][0] == -3.0f && d.v[0][1] == -1.0f && d.v[0][2] == -1.0f && d.v[0][3] == -1.0f;

  pto_adds (e, b, 10);
  ok &= e.v[0][0] == 3 && e.v[0][1] == 9 && e.v[0][2] == 12 && e.v[0][3] == 19;
  pto_muls (e, b, -3);
  ok &= e.v[0][0] == 21 && e.v[0][1] == 3 && e.v[0][2] == -6 && e.v[0][3] == -27;
  pto_maxs (e, b, 0);
  ok &= e.v[0][0] == 0 && e.v[0][1] == 0 && e.v[0][2] == 2 && e.v[0][3] == 9;
  pto_mins (e, b, 2);
  ok &= e.v[0][0] == -7 && e.v[0][1] == -1 && e.v[0][2] == 2 && e.v[0][3] == 2;
  printf ("mins %d %d %d %d\n", e.v[0][0], e.v[0][1], e.v[0][2], e.v[0][3]);
  /* The source is untouched when the destination differs.  */
  ok &= a.v[0][0] == -3.0f && b.v[0][3] == 9;
  return ok ? 0 : 1;
}
/* { dg-output "^mins -7 -1 2 2\r?\n$" } */
