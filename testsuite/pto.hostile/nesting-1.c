/* A kernel nested deeper than the textual IR can be read back is one
   located error ("nesting too deep"), so that every capture dump the
   plugin writes replays in pto-opt (pto.hostile's
   nesting.exp replays the dump of 1000 nested ifs).  The expression
   below is 2100 levels deep, beyond the 2016 the front end takes. */
/* { dg-do compile } */
#include <pto.h>
#define N1(x) (n * (m + x))
#define N4(x) N1(N1(N1(N1(x))))
#define N16(x) N4(N4(N4(N4(x))))
#define N64(x) N16(N16(N16(N16(x))))
#define N256(x) N64(N64(N64(N64(x))))
#define N1024(x) N256(N256(N256(N256(x))))
PTO_KERNEL void k(float *y, int n, int m)
{
  int s = N1024(N1(n)); /* 1025 levels: accepted */
  int t = N1024(N1024(N64(n)));
  /* The error is at the innermost macro, N1's definition (line 8).  */
  /* { dg-error "nesting too deep \\(more than 2016 levels of statements and expressions in PTO code\\)" "" { target *-*-* } 8 } */
  y[0] = (float)(s + t);
}
