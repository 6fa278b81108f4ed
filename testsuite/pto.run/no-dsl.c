/* pto.run/no-dsl.c - an ordinary C file: the plugin must not change its
   object (byte-identical to a build without the plugin) nor load
   libgccjit.  */

#include <stdio.h>

static int square(int x) { return x * x; }

int main(void)
{
  int s = 0;
  for (int i = 0; i < 10; i++)
    s += square(i);
  printf("%d\n", s);
  return s == 285 ? 0 : 1;
}
