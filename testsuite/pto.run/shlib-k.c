/* shlib-k.c - a kernel and its launcher in a shared library (-fPIC
   -shared), with shlib-main.c: run.exp section 9e, in both sim modes.  */
#include <pto.h>
typedef PTO_TILE(float, 8, 64) t_t;
PTO_KERNEL void dbl(const float *x, float *y, int n)
{
  t_t a;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_load(a, x + i * 512, 64);
    pto_adds(a, a, 1.0f);
    pto_muls(a, a, 2.0f);
    pto_store(y + i * 512, 64, a);
  }
}
void run_dbl(const float *x, float *y, int n) { pto_launch(dbl, 3, x, y, n); }
