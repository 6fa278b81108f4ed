/* Comparisons and logical operators give bool conditions; C int truth values get explicit casts. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int a, int b, float x)
{
  int lt = a < b;
  _Bool both = a > 0 && b != 3;
  _Bool any = a == b || !(x >= 1.0f);
  if (a <= b && x < 2.0f)
    y[0] = lt + both + any;
}
/* { dg-final { scan-file capture-compare-1.c.pto.000.capture {var lt: i32 = \(i32\)\(a < b\);} } } */
/* { dg-final { scan-file capture-compare-1.c.pto.000.capture {var both: bool = a > 0 && b != 3;} } } */
/* { dg-final { scan-file capture-compare-1.c.pto.000.capture {var any: bool = a == b \|\| !\(x >= 1.0\)|var any: bool = a == b \|\| x < 1.0} } } */
/* { dg-final { scan-file capture-compare-1.c.pto.000.capture {if \(a <= b && x < 2.0\)} } } */
