/* File-scope constants with a literal initialiser are folded into PTO code. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
static const int ROWS = 16;
enum { COLS = 32 };

PTO_KERNEL void k(int *y)
{
  y[0] = ROWS * COLS;
  y[1] = ROWS + 1;
}
/* { dg-final { scan-file capture-const-global-1.c.pto.000.capture {y\[1\] = 16 \+ 1;|y\[1\] = 17;} } } */
/* { dg-final { scan-file capture-const-global-1.c.pto.000.capture {\*y = 512;|\*y = 16 \* 32;} } } */
