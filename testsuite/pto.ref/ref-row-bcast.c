/* pto_row_expand broadcasts column 0 of an R x 1 tile over every row
   (fp32, int32); pto_row_expand_add/sub/mul/div combine each element of
   row i with r[i][0] (pto-isa TROWEXPAND, TROWEXPANDADD/SUB/MUL/DIV).
   Hand-computed values, in place (d == a) and into another tile, the
   one-column case d == r, and fp16 computed in float and rounded once:
   1 / 3 in fp16 is 0x1.554p-2 (0.333251953125); with fp16 spacing 2
   above 2048, 2048 + 1 rounds to 2048 and 2048 + 3 to 2052 (ties to
   even).  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(float, 2, 3) f23;
typedef PTO_TILE(float, 2, 1) f21;
typedef PTO_TILE(int32_t, 3, 2) i32_t;
typedef PTO_TILE(int32_t, 3, 1) i31;
typedef PTO_TILE(pto_f16, 2, 2) h22;
typedef PTO_TILE(pto_f16, 2, 1) h21;

int
main (void)
{
  f23 a = { { { 1.0f, 2.0f, 3.0f }, { 4.0f, -6.0f, 8.0f } } }, d;
  f21 r = { { { 2.0f }, { -4.0f } } };
  pto_row_expand_add (d, a, r);
  printf ("add %g %g %g %g %g %g\n", d.v[0][0], d.v[0][1], d.v[0][2],
          d.v[1][0], d.v[1][1], d.v[1][2]);
  pto_row_expand_sub (d, a, r);
  printf ("sub %g %g %g %g %g %g\n", d.v[0][0], d.v[0][1], d.v[0][2],
          d.v[1][0], d.v[1][1], d.v[1][2]);
  pto_row_expand_mul (d, a, r);
  printf ("mul %g %g %g %g %g %g\n", d.v[0][0], d.v[0][1], d.v[0][2],
          d.v[1][0], d.v[1][1], d.v[1][2]);
  pto_row_expand_div (a, a, r);   /* in place */
  printf ("div %g %g %g %g %g %g\n", a.v[0][0], a.v[0][1], a.v[0][2],
          a.v[1][0], a.v[1][1], a.v[1][2]);
  pto_row_expand (d, r);
  printf ("expand %g %g %g %g %g %g\n", d.v[0][0], d.v[0][1], d.v[0][2],
          d.v[1][0], d.v[1][1], d.v[1][2]);
  pto_row_expand_sub (r, r, r);   /* d == a == r: x - x */
  printf ("self %g %g\n", r.v[0][0], r.v[1][0]);

  i32_t it;
  i31 ir = { { { 7 }, { -1 }, { 2147483647 } } };
  pto_row_expand (it, ir);
  printf ("iexpand %d %d %d %d %d %d\n", it.v[0][0], it.v[0][1], it.v[1][0],
          it.v[1][1], it.v[2][0], it.v[2][1]);

  h22 h, hd;
  h21 hr;
  h.v[0][0] = (pto_f16) 1.0f;  h.v[0][1] = (pto_f16) 2049.0f;  /* 2048 in fp16 */
  h.v[1][0] = (pto_f16) 2048.0f;  h.v[1][1] = (pto_f16) -3.0f;
  hr.v[0][0] = (pto_f16) 3.0f;  hr.v[1][0] = (pto_f16) 1.0f;
  pto_row_expand_div (hd, h, hr);
  int ok = (double) hd.v[0][0] == 0x1.554p-2;
  pto_row_expand_add (hd, h, hr);
  ok &= (double) hd.v[1][0] == 2048.0 && (double) hd.v[1][1] == -2.0
        && (double) hd.v[0][1] == 2052.0;
  printf ("f16 %s\n", ok ? "ok" : "wrong");
  return ok ? 0 : 1;
}
/* { dg-output "^add 3 4 5 0 -10 4\r?\nsub -1 0 1 8 -2 12\r?\nmul 2 4 6 -16 24 -32\r?\ndiv 0\\.5 1 1\\.5 -1 1\\.5 -2\r?\nexpand 2 2 2 -4 -4 -4\r?\nself 0 0\r?\niexpand 7 7 -1 -1 2147483647 2147483647\r?\nf16 ok\r?\n$" } */
