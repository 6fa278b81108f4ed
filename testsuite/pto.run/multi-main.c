/* pto.run/multi-main.c - see multi-a.c: main launches both units'
   kernels directly and through their host functions.  */

#include <pto.h>
#include <stdio.h>

PTO_KERNEL void ka(float *x, float s);
PTO_KERNEL void kb(float *x, float s);
void run_a(float *x);
void run_b(float *x);

static float x[32];

int main(void)
{
  for (int i = 0; i < 32; i++)
    x[i] = (float)i;
  run_a(x);
  run_b(x);
  pto_launch(kb, 2, x, 0.25f);
  pto_launch(ka, 1, x, 2.0f);
  for (int i = 0; i < 32; i++)
    printf("%g%c", (double)x[i], i % 8 == 7 ? '\n' : ' ');
  printf("PASS: three units\n");
  return 0;
}
