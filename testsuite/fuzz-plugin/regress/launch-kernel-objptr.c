/* A PTO_HOST function is captured; pto_launch becomes the launch op with the kernel reference and its arguments converted to the kernel's parameter types. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void scale(const float *x, float *y, float a, int n)
{
  (void)x; (void)y; (void)a; (void)n;
}

PTO_HOST void run(const float *x, float *y, int n)
{
  for (int r = 0; r < 3; r++)
    pto_launch( (int *) scale, 256, x, y, 2.0f, n);
}
/* { dg-final { scan-file capture-host-1.c.pto.000.capture {host run\(x: ptr<const f32>, y: ptr<f32>, n: i32\)} } } */
/* { dg-final { scan-file capture-host-1.c.pto.000.capture {pto.launch\(@scale, 8, x, y, 2.0, n\);} } } */
/* { dg-final { scan-file capture-host-1.c.pto.000.capture {kernel scale\(x: ptr<const f32>, y: ptr<f32>, a: f32, n: i32\)} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-host-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-host-1.c: pto-opt replays the capture dump" } else { fail "capture-host-1.c: pto-opt replays the capture dump ($st $err)" } } } */
