/* Row reductions, fill, cast between dtypes and matmul are captured with their operands. */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
typedef PTO_TILE(float, 16, 16) f16x16;
typedef PTO_TILE(_Float16, 16, 16) h16x16;
typedef PTO_TILE(float, 16, 1) col_t;
typedef PTO_TILE(int32_t, 16, 16) i16x16;

PTO_KERNEL void k(const _Float16 *x, float *y)
{
  h16x16 a, b;
  f16x16 c, d;
  col_t s;
  i16x16 n;
  pto_load(a, x, 16);
  pto_load(b, x + 256, 16);
  pto_fill(c, 0.0f);
  pto_matmul(c, a, b);
  pto_row_sum(s, c);
  pto_row_max(s, c);
  pto_cast(d, a);
  pto_cast(n, d);
  pto_fill(a, 1.5);
  pto_store(y, 1, s);
}
/* { dg-final { scan-file capture-intrinsics-2.c.pto.000.capture {pto.fill\(c, 0.0\);} } } */
/* { dg-final { scan-file capture-intrinsics-2.c.pto.000.capture {pto.matmul\(c, a, b\);} } } */
/* { dg-final { scan-file capture-intrinsics-2.c.pto.000.capture {pto.row_sum\(s, c\);} } } */
/* { dg-final { scan-file capture-intrinsics-2.c.pto.000.capture {pto.row_max\(s, c\);} } } */
/* { dg-final { scan-file capture-intrinsics-2.c.pto.000.capture {pto.cast\(d, a\);} } } */
/* { dg-final { scan-file capture-intrinsics-2.c.pto.000.capture {pto.cast\(n, d\);} } } */
/* { dg-final { scan-file capture-intrinsics-2.c.pto.000.capture {pto.fill\(a, 1.5:f16\);} } } */
/* { dg-final { scan-file capture-intrinsics-2.c.pto.000.capture {var n: tile<i32,16,16>;} } } */
/* { dg-final { scan-file capture-intrinsics-2.c.pto.000.capture {var a: tile<f16,16,16>;} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-intrinsics-2.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-intrinsics-2.c: pto-opt replays the capture dump" } else { fail "capture-intrinsics-2.c: pto-opt replays the capture dump ($st $err)" } } } */
/* On dav-c220 the matmul result reaches the vector ops through the
   vector cores: the back end splits the kernel between the cores
   (backend/cce/split.c) and writes its CCE with no diagnostic.  */
