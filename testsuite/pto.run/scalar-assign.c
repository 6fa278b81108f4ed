/* scalar-assign.c - assignments, compound assignments, x++ and --x used
   as values inside the expressions of kernel statements, as C allows:
   in an assignment's right side, a declaration's initialiser, a call's
   arguments, an if condition, chains (a = b = c), the comma operator,
   the left operand of && (always evaluated), a compound assignment
   whose GM index has a side effect (evaluated once).  Integer and float
   variables.  The output must be the same in reference mode, with
   sim=jit and with sim=cce on both archs (run.exp).  */
#include <pto.h>
#include <stdio.h>

#define NO 16

PTO_INLINE static int twice(int v)
{
  return 2 * v;
}

PTO_KERNEL void assigns(const int32_t *in, int32_t *out, float *fout, int n)
{
  if (pto_block_idx() != 0)
    return;
  int k = in[0];
  int s = (k += 2) * 3;            /* k = in[0] + 2 */
  int t = k++ + 10;                /* old k */
  int u = --k - 1;
  int a, b;
  a = b = k * 2;
  int w = twice(k--);
  int c = (a = 5, a + b);
  float f = 1.5f;
  float g = (f *= 2.0f) + 1.0f;    /* f: 3, g: 4 */
  g += f++;
  g += f--;
  int m = 0;
  if ((m = in[1] - 4) > 0 && k > 0)
    m += 100;
  int q = n;
  out[0] = s;
  out[1] = t;
  out[2] = u;
  out[3] = a;
  out[4] = b;
  out[5] = w;
  out[6] = c;
  out[7] = k;
  out[8] = m;
  out[9] = (q -= 3) + 1;
  out[10] = q;
  out[11] = (q <<= 2);
  out[12] = q++ * 2 + (int)(f += 0.25f);
  out[13] = q;
  int j = 0;
  out[14 + j++] += 5;              /* one increment: y[SAVE_EXPR <j++>] */
  out[15] = (j++, j * 10);
  fout[0] = f;
  fout[1] = g;
}

int main(void)
{
  int32_t in[2] = { 7, 9 };
  int32_t out[NO] = { 0 };
  float fout[2] = { 0 };
  out[14] = 37;
  pto_launch(assigns, 1, in, out, fout, 20);
  for (int i = 0; i < 16; i++)
    printf("out[%d] = %d\n", i, out[i]);
  printf("f = %a, g = %a\n", fout[0], fout[1]);
  int bad = !(out[0] == 27 && out[1] == 19 && out[7] == 8 && out[8] == 105
              && out[14] == 42 && out[15] == 20);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
