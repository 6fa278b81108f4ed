/* shlib-main.c - calls the launcher of shlib-k.c, built as a shared
   library; prints one element and the sum of the output.  */
#include <stdio.h>
void run_dbl(const float *x, float *y, int n);
int
main(void)
{
  static float x[4 * 512], y[4 * 512];
  for (int i = 0; i < 4 * 512; i++)
    x[i] = i % 7;
  run_dbl(x, y, 4);
  double s = 0;
  for (int i = 0; i < 4 * 512; i++)
    s += y[i];
  printf("PASS: %g %g\n", y[5], s);
  return 0;
}
