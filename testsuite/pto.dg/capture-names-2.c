/* Characters the IR does not allow in identifiers (GNU '$') become '_'; unsigned loop indices count up. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int a$b, unsigned n)
{
  for (unsigned j = 0; j < n; j += 3u)
    y[j] = a$b;
}
/* { dg-final { scan-file capture-names-2.c.pto.000.capture {kernel k\(y: ptr<i32>, a_b: i32, n: u32\)} } } */
/* { dg-final { scan-file capture-names-2.c.pto.000.capture {for \(j: u32 = 0:u32; j < n; j \+= 3:u32\)} } } */
/* { dg-final { scan-file capture-names-2.c.pto.000.capture {y\[\(i64\)j\] = a_b;} } } */
