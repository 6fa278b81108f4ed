/* The plugin loads into cc1, and a plain C program built with it runs
   normally.  */
/* { dg-do run } */
#include <stdio.h>

int
main (void)
{
  int sum = 0;
  for (int i = 1; i <= 10; i++)
    sum += i;
  printf ("sum %d\n", sum);
  return sum != 55;
}
/* { dg-output "sum 55" } */
