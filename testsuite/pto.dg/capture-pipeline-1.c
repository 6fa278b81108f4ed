/* The default pipeline runs on the captured program: a pass named in dump= is dumped after it runs (NNN is its position in the run). */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture,inline" } */
#include <pto.h>
PTO_INLINE static int twice(int v) { return v * 2; }

PTO_KERNEL void k(int *y, int n)
{
  y[0] = twice(n);
}
/* { dg-final { scan-file capture-pipeline-1.c.pto.000.capture {\*y = @twice\(n\);} } } */
/* { dg-final { scan-file capture-pipeline-1.c.pto.001.inline {kernel k\(y: ptr<i32>, n: i32\)} } } */
/* { dg-final { scan-file-not capture-pipeline-1.c.pto.001.inline {@twice} } } */
