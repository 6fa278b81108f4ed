/* A kernel is captured with its parameter types and directions, its body is replaced by a call to __pto_launch, and the dump has locations. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
typedef PTO_TILE(float, 16, 64) tile_t;

PTO_KERNEL void saxpy(const float *x, float *y, float a, int ntiles)
{
  tile_t tx;
  for (int i = 0; i < ntiles; i++) {
    pto_load(tx, x + i * 1024, 64);
    pto_muls(tx, tx, a);
    pto_store(y + i * 1024, 64, tx);
  }
}
/* { dg-final { scan-file capture-kernel-1.c.pto.000.capture {kernel saxpy\(x: ptr<const f32>, y: ptr<f32>, a: f32, ntiles: i32\) @"[^"]*capture-kernel-1.c":7:} } } */
/* { dg-final { scan-file capture-kernel-1.c.pto.000.capture {var tx: tile<f32,16,64>; @"[^"]*":9:10} } } */
/* { dg-final { scan-file capture-kernel-1.c.pto.000.capture {pto.load\(tx, x \+ i \* 1024, 64\); @"[^"]*":11:5} } } */
/* { dg-final { scan-file capture-kernel-1.c.pto.000.capture {pto.muls\(tx, tx, a\);} } } */
/* { dg-final { scan-file capture-kernel-1.c.pto.000.capture {pto.store\(y \+ i \* 1024, 64, tx\);} } } */
/* { dg-final { scan-assembler "__pto_launch" } } */
/* { dg-final { scan-assembler-not "__pto_op_load" } } */
/* { dg-final { scan-assembler-not "__pto_op_store" } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-kernel-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-kernel-1.c: pto-opt replays the capture dump" } else { fail "capture-kernel-1.c: pto-opt replays the capture dump ($st $err)" } } } */
