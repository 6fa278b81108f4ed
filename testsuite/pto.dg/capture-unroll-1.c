/* pto_unroll(...) as the first statement of a for body sets the loop attribute unroll and leaves no statement. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++) {
    pto_unroll(4, 2, 1);
    s = s + i;
  }
  y[0] = s;
}
/* { dg-final { scan-file capture-unroll-1.c.pto.000.capture {for \(i: i32 = 0; i < n; i \+= 1\) \[unroll=\[4,2,1\]\] @"[^"]*":8:3 .\n    s = s \+ i;} } } */
/* { dg-final { scan-file-not capture-unroll-1.c.pto.000.capture {unroll\(} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-unroll-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-unroll-1.c: pto-opt replays the capture dump" } else { fail "capture-unroll-1.c: pto-opt replays the capture dump ($st $err)" } } } */
