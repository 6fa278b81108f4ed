/* pto_unroll changes nothing in reference mode (the loop runs every
   iteration once) and accepts integer constant expressions;
   pto_unroll_factor() is 1.  */
/* { dg-do run } */
#include <pto.h>

enum { FOUR = 4 };

int
main (void)
{
  int count = 0, factors = 0, sum = 0;
  for (int i = 0; i < 10; i++)
    {
      pto_unroll (FOUR, 2, 1);
      count++;
      factors += pto_unroll_factor ();
      sum += i;
    }
  for (int i = 10; i > 0; i -= 3)
    {
      pto_unroll (2 * 3, (int) sizeof (int), 1 + 1);
      count++;
    }
  for (int i = 0; i < 3; i++)
    {
      pto_unroll (8);
      count++;
    }
  printf ("%d %d %d %d\n", count, factors, sum, pto_unroll_factor ());
  return count == 17 && factors == 10 && sum == 45 && pto_unroll_factor () == 1
         ? 0 : 1;
}
/* { dg-output "^17 10 45 1\r?\n$" } */
