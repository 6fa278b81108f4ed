/* pto_matmul accumulates: c[M][N] += a[M][K] * b[K][N], here 2x3 by 3x2
   on a non-zero c, for fp32 and fp16 inputs (fp32 accumulator).  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(float, 2, 3) f23;
typedef PTO_TILE(float, 3, 2) f32_;
typedef PTO_TILE(float, 2, 2) f22;
typedef PTO_TILE(pto_f16, 2, 3) h23;
typedef PTO_TILE(pto_f16, 3, 2) h32;

int
main (void)
{
  /* a = [1 2 3; 4 5 6], b = [7 8; 9 10; 11 12]: a*b = [58 64; 139 154].  */
  f23 a = { { { 1, 2, 3 }, { 4, 5, 6 } } };
  f32_ b = { { { 7, 8 }, { 9, 10 }, { 11, 12 } } };
  f22 c = { { { 1, -1 }, { 0.5f, 100 } } };
  pto_matmul (c, a, b);
  printf ("%g %g %g %g\n", c.v[0][0], c.v[0][1], c.v[1][0], c.v[1][1]);
  int ok = c.v[0][0] == 59 && c.v[0][1] == 63 && c.v[1][0] == 139.5f
           && c.v[1][1] == 254;

  /* fp16 inputs: 0.5 * 3 + (-2) * 0.25 + 2048 * 1 = 2049 needs 12 bits:
     exact in the fp32 accumulator, not representable in fp16.  */
  h23 ha;
  h32 hb;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      ha.v[i][j] = (pto_f16) 0.0f;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      hb.v[i][j] = (pto_f16) 0.0f;
  ha.v[0][0] = (pto_f16) 0.5f;  ha.v[0][1] = (pto_f16) -2.0f;
  ha.v[0][2] = (pto_f16) 2048.0f;
  hb.v[0][0] = (pto_f16) 3.0f;  hb.v[1][0] = (pto_f16) 0.25f;
  hb.v[2][0] = (pto_f16) 1.0f;  hb.v[2][1] = (pto_f16) 1.0f;
  pto_fill (c, 0.0f);
  pto_matmul (c, ha, hb);
  printf ("%g %g %g %g\n", c.v[0][0], c.v[0][1], c.v[1][0], c.v[1][1]);
  ok &= c.v[0][0] == 2049 && c.v[0][1] == 2048 && c.v[1][0] == 0
        && c.v[1][1] == 0;
  return ok ? 0 : 1;
}
/* { dg-output "^59 63 139\\.5 254\r?\n2049 2048 0 0\r?\n$" } */
