/* pto_row_sum/pto_row_max reduce each row of an R x C tile into column 0
   of an R x 1 tile, for fp32, int32 and fp16 (an fp16 row sum is
   accumulated in float and rounded once: 2048 + 1 + 1 = 2050, where
   fp16 step-by-step addition would give 2048).  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(float, 3, 4) f34;
typedef PTO_TILE(float, 3, 1) f31;
typedef PTO_TILE(int32_t, 2, 5) i25;
typedef PTO_TILE(int32_t, 2, 1) i21;
typedef PTO_TILE(pto_f16, 1, 3) h13;
typedef PTO_TILE(pto_f16, 1, 1) h11;

int
main (void)
{
  f34 f = { { { 1.0f, 2.0f, 3.0f, 4.0f },
              { -1.5f, -0.5f, -8.0f, -2.0f },
              { 0.25f, 100.0f, -100.0f, 0.5f } } };
  i25 i = { { { 3, -4, 10, 7, 0 }, { -9, -3, -12, -3, -5 } } };
  f31 fs, fm;
  i21 is, im;
  pto_row_sum (fs, f);
  pto_row_max (fm, f);
  pto_row_sum (is, i);
  pto_row_max (im, i);
  printf ("fsum %g %g %g fmax %g %g %g\n", fs.v[0][0], fs.v[1][0], fs.v[2][0],
          fm.v[0][0], fm.v[1][0], fm.v[2][0]);
  printf ("isum %d %d imax %d %d\n", is.v[0][0], is.v[1][0], im.v[0][0],
          im.v[1][0]);
  int ok = fs.v[0][0] == 10.0f && fs.v[1][0] == -12.0f && fs.v[2][0] == 0.75f
           && fm.v[0][0] == 4.0f && fm.v[1][0] == -0.5f && fm.v[2][0] == 100.0f
           && is.v[0][0] == 16 && is.v[1][0] == -32
           && im.v[0][0] == 10 && im.v[1][0] == -3;

  h13 h;
  h11 hs, hm;
  h.v[0][0] = (pto_f16) 2048.0f;
  h.v[0][1] = (pto_f16) 1.0f;
  h.v[0][2] = (pto_f16) 1.0f;
  pto_row_sum (hs, h);
  pto_row_max (hm, h);
  ok &= (double) hs.v[0][0] == 2050.0 && (double) hm.v[0][0] == 2048.0;
  printf ("hsum %g\n", (double) hs.v[0][0]);
  return ok ? 0 : 1;
}
/* { dg-output "^fsum 10 -12 0\\.75 fmax 4 -0\\.5 100\r?\nisum 16 -32 imax 10 -3\r?\nhsum 2050\r?\n$" } */
