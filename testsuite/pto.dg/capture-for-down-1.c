/* Decreasing loops (i--, i -= k, with > and >=) are normalised to i > stop with a negative step. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s = 0;
  for (int i = n - 1; i >= 0; i--)
    s = s + i;
  for (int j = 100; j > n; j -= 3)
    s = s + j;
  y[0] = s;
}
/* { dg-final { scan-file capture-for-down-1.c.pto.000.capture {for \(i: i32 = n - 1; i > -1; i \+= -1\)} } } */
/* { dg-final { scan-file capture-for-down-1.c.pto.000.capture {for \(j: i32 = 100; j > n; j \+= -3\)} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-for-down-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-for-down-1.c: pto-opt replays the capture dump" } else { fail "capture-for-down-1.c: pto-opt replays the capture dump ($st $err)" } } } */
