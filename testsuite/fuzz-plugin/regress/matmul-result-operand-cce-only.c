/* At -O0 too, kernel bodies become a launch call and inline helpers leave no symbol; ordinary functions are untouched. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture -O0" } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) t_t;

PTO_INLINE static void twice(t_t *t)
{
  pto_matmul(*t, *t, *t);
}

PTO_KERNEL void k(float *y)
{
  t_t t;
  pto_load(t, y, 8);
  twice(&t);
  pto_store(y, 8, t);
}

int plain(int v) { return v * 3; }
/* { dg-final { scan-file capture-o0-1.c.pto.000.capture {@twice\(&t\);} } } */
/* { dg-final { scan-assembler "__pto_launch" } } */
/* { dg-final { scan-assembler "plain" } } */
/* { dg-final { scan-assembler-not "twice" } } */
/* { dg-final { scan-assembler-not "__pto_op_" } } */
