/* pto.run/jit-while.c - a while loop whose variables change in the
   body, with continue and break, in a kernel.  (Simplify once treated
   the loop-carried variables as their initial values and deleted the
   break and the accumulation.)  Reference mode prints "loops 48 13".  */

#include <pto.h>
#include <stdio.h>

PTO_KERNEL void loops(int32_t *out, int n)
{
  int k = 0;
  int acc = 0;
  while (k < n) {
    k = k + 1;
    if (k % 3 == 0)
      continue;
    if (acc > 40)
      break;
    acc = acc + k;
  }
  out[0] = acc;
  out[1] = k;
}

int main(void)
{
  int32_t lo[2] = {-1, -1};
  pto_launch(loops, 1, lo, 20);
  printf("loops %d %d\n", (int)lo[0], (int)lo[1]);
  printf("%s: while loop\n", lo[0] == 48 && lo[1] == 13 ? "PASS" : "FAIL");
  return 0;
}
