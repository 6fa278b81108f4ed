/* An assignment or x++ used as a value is a located error where the expression may run more often than once or not at all (a while condition, the right operand of &&, an arm of ?:), or when it assigns something other than a scalar variable; the first operand of && and a plain statement are fine. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s = 0;
  while (n-- > 0) /* { dg-error "assignments inside this expression are not supported in PTO code \\(it is a loop condition or an operand of &&, \\|\\| or \\?:" } */
    s += 1;
  if (s > 0 && (n += 1) > 2) /* { dg-error "assignments inside this expression are not supported" } */
    s = 2;
  int t = s > 1 ? n++ : 0; /* { dg-error "assignments inside this expression are not supported" } */
  int u = (y[0] = 3) + 1; /* { dg-error "an assignment used as a value must assign a scalar variable in PTO code" } */
  if ((s = n) > 1 && s < 9)
    s++;
  y[1] = t + u + s;
}
