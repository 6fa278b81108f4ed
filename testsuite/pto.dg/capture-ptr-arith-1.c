/* Pointer arithmetic on GM pointers is in elements (the byte offsets of GENERIC are divided back); p[i] and *p are element accesses. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(const float *x, float *y, int n, long m)
{
  const float *p = x + n;
  const float *q = p - 2;
  float *r = y + m * 16 + 3;
  q++;
  r[n] = p[1] + *q;
  *r = x[n * 4 + 1];
}
/* { dg-final { scan-file capture-ptr-arith-1.c.pto.000.capture {var p: ptr<const f32> = x \+ n;} } } */
/* { dg-final { scan-file capture-ptr-arith-1.c.pto.000.capture {var q: ptr<const f32> = p - 2;} } } */
/* { dg-final { scan-file capture-ptr-arith-1.c.pto.000.capture {var r: ptr<f32> = y \+ \(m \* 16:i64 \+ 3:i64\)|var r: ptr<f32> = y \+ m \* 16:i64 \+ 3} } } */
/* { dg-final { scan-file capture-ptr-arith-1.c.pto.000.capture {q = q \+ 1;} } } */
/* { dg-final { scan-file capture-ptr-arith-1.c.pto.000.capture {r\[n\] = p\[1\] \+ \*q;} } } */
/* { dg-final { scan-file capture-ptr-arith-1.c.pto.000.capture {\*r = x\[n \* 4 \+ 1\];} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-ptr-arith-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-ptr-arith-1.c: pto-opt replays the capture dump" } else { fail "capture-ptr-arith-1.c: pto-opt replays the capture dump ($st $err)" } } } */
