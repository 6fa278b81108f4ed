/* A struct returned by an inline helper is a tuple; members are getitem, initialisers and compound literals are tuples. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
typedef struct { int q; float r; } qr_t;

PTO_INLINE static qr_t divmod(int a, int b)
{
  qr_t out;
  out.q = a / b;
  out.r = (float)(a % b);
  return out;
}

PTO_INLINE static qr_t make(int a)
{
  return (qr_t){a, 0.5f};
}

PTO_KERNEL void k(float *y, int n)
{
  qr_t v = divmod(n, 3);
  qr_t w = {1, 2.0f};
  qr_t m = make(n);
  y[0] = v.q + v.r + m.q + w.r;
}
/* { dg-final { scan-file capture-tuple-1.c.pto.000.capture {inline divmod\(a: i32, b: i32\) -> tuple<i32,f32>} } } */
/* { dg-final { scan-file capture-tuple-1.c.pto.000.capture {var out_: tuple<i32,f32>;} } } */
/* { dg-final { scan-file capture-tuple-1.c.pto.000.capture {out_.0 = a / b;} } } */
/* { dg-final { scan-file capture-tuple-1.c.pto.000.capture {out_.1 = \(f32\)\(a % b\);} } } */
/* { dg-final { scan-file capture-tuple-1.c.pto.000.capture {return tuple\(a, 0.5\);} } } */
/* { dg-final { scan-file capture-tuple-1.c.pto.000.capture {var v: tuple<i32,f32> = @divmod\(n, 3\);} } } */
/* { dg-final { scan-file capture-tuple-1.c.pto.000.capture {var w: tuple<i32,f32> = tuple\(1, 2.0\);} } } */
/* { dg-final { scan-file capture-tuple-1.c.pto.000.capture {v.0} } } */
/* { dg-final { scan-file capture-tuple-1.c.pto.000.capture {var m: tuple<i32,f32> = @make\(n\);} } } */
/* { dg-final { scan-file capture-tuple-1.c.pto.000.capture {w.1} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-tuple-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-tuple-1.c: pto-opt replays the capture dump" } else { fail "capture-tuple-1.c: pto-opt replays the capture dump ($st $err)" } } } */
/* ScalarizeTuples splits the tuple locals (v, w, m and the helpers'
   out_) into scalars after inlining, so the CCE back end lowers the
   kernel: no warning, and the .cce reads the fields as scalars.  */
/* { dg-final { scan-file capture-tuple-1.cce {__global__ __aicore__ void k\(} } } */
/* { dg-final { scan-file capture-tuple-1.cce {int32_t out_inline0_0;\n  float out_inline0_1;\n  out_inline0_0 = \(n / 3\);} } } */
