/* A plain C program with no DSL code: loops, floating point, calls,
   strings.  pto.dg/plugin.exp builds it with and without the plugin and
   requires identical objects; it is also the -flto and help input.  */
#include <stdio.h>
#include <string.h>

static double
dot (const double *a, const double *b, int n)
{
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

int
main (void)
{
  double a[16], b[16];
  for (int i = 0; i < 16; i++)
    {
      a[i] = i * 0.5;
      b[i] = 16 - i;
    }
  char buf[32];
  snprintf (buf, sizeof buf, "%.1f", dot (a, b, 16));
  return strcmp (buf, "340.0") != 0;
}
