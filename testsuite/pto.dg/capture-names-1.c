/* Shadowed names get the first free suffix, IR keywords get a trailing underscore. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int var, int tile)
{
  int x = var;
  {
    int x = tile;
    y[1] = x;
  }
  for (int i = 0; i < 2; i++)
    x = x + i;
  for (int i = 0; i < 3; i++)
    x = x + i;
  int x_1 = 3;
  y[0] = x + x_1;
}
/* { dg-final { scan-file capture-names-1.c.pto.000.capture {kernel k\(y: ptr<i32>, var_: i32, tile_: i32\)} } } */
/* { dg-final { scan-file capture-names-1.c.pto.000.capture {var x: i32 = var_;} } } */
/* { dg-final { scan-file capture-names-1.c.pto.000.capture {var x_1: i32 = tile_;} } } */
/* { dg-final { scan-file capture-names-1.c.pto.000.capture {for \(i: i32 = 0; i < 2} } } */
/* { dg-final { scan-file capture-names-1.c.pto.000.capture {for \(i_1: i32 = 0; i_1 < 3} } } */
/* { dg-final { scan-file capture-names-1.c.pto.000.capture {var x_1_1: i32 = 3;} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-names-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-names-1.c: pto-opt replays the capture dump" } else { fail "capture-names-1.c: pto-opt replays the capture dump ($st $err)" } } } */
