/* Every elementwise intrinsic is recognised by its pto_intrinsic attribute; scalars are converted to the tile dtype. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
typedef PTO_TILE(float, 8, 32) t_t;

PTO_KERNEL void k(const float *x, float *y, float s, int n)
{
  t_t a, b, c;
  pto_load(a, x, 32);
  pto_load(b, x + 256, 32);
  pto_add(c, a, b);
  pto_sub(c, c, b);
  pto_mul(c, c, a);
  pto_div(c, c, b);
  pto_max(c, c, a);
  pto_min(c, c, b);
  pto_adds(c, c, s);
  pto_muls(c, c, 2.0);
  pto_maxs(c, c, 0);
  pto_mins(c, c, n);
  pto_exp(c, c);
  pto_log(c, c);
  pto_abs(c, c);
  pto_sqrt(c, c);
  pto_rsqrt(c, c);
  pto_recip(c, c);
  pto_relu(c, c);
  pto_neg(c, c);
  pto_store(y, 32, c);
}
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.add\(c, a, b\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.sub\(c, c, b\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.mul\(c, c, a\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.div\(c, c, b\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.max\(c, c, a\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.min\(c, c, b\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.adds\(c, c, s\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.muls\(c, c, 2.0\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.maxs\(c, c, 0.0\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.mins\(c, c, \(f32\)n\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.exp\(c, c\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.log\(c, c\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.abs\(c, c\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.sqrt\(c, c\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.rsqrt\(c, c\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.recip\(c, c\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.relu\(c, c\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.neg\(c, c\);} } } */
/* { dg-final { scan-file capture-intrinsics-1.c.pto.000.capture {pto.load\(b, x \+ 256, 32\);} } } */
