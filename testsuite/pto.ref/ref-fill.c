/* pto_fill sets every element; an fp16 fill stores the scalar rounded to
   fp16 (0.1 -> 1638 * 2^-14 = 0.0999755859375).  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(float, 3, 5) f35;
typedef PTO_TILE(int32_t, 2, 3) i23;
typedef PTO_TILE(pto_f16, 4, 4) h44;

int
main (void)
{
  f35 f;
  i23 i;
  h44 h;
  pto_fill (f, -1.25f);
  pto_fill (i, 42);
  pto_fill (h, 0.1);
  int ok = 1;
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 5; c++)
      ok &= f.v[r][c] == -1.25f;
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 3; c++)
      ok &= i.v[r][c] == 42;
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 4; c++)
      ok &= (double) h.v[r][c] == 0.0999755859375;
  printf ("%g %d %.13g\n", f.v[2][4], i.v[1][2], (double) h.v[3][3]);
  return ok ? 0 : 1;
}
/* { dg-output "^-1\\.25 42 0\\.0999755859375\r?\n$" } */
