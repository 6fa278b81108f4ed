/* The partial-tile intrinsics are captured with their operands: run-time
   valid sizes, the pad converted to the tile's element type (-INFINITY,
   an fp16 zero, an int32: GCC hands the int constant over as a double,
   which is an integer again in the IR), and the dump replays. */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
#include <math.h>
typedef PTO_TILE(float, 16, 64) f_t;
typedef PTO_TILE(_Float16, 8, 128) h_t;
typedef PTO_TILE(int32_t, 4, 8) i_t;

PTO_KERNEL void k(const float *x, float *y, _Float16 *hx, int32_t *iy,
                  int n, int m)
{
  f_t a;
  h_t h;
  i_t it;
  pto_load_valid(a, x, m, n - 1, m, -INFINITY);
  pto_store_valid(y, m, a, n, m);
  pto_load_valid(h, hx, 128, 8, 100, (_Float16)0.0f);
  pto_store_valid(hx, 128, h, 3, 100);
  pto_load_valid(it, iy, 8, n, 3, -7);
  pto_store_valid(iy, 8, it, 0, 0);
}
/* { dg-final { scan-file capture-valid-1.c.pto.000.capture {pto.load_valid\(a, x, m, n - 1, m, -inf\);} } } */
/* { dg-final { scan-file capture-valid-1.c.pto.000.capture {pto.store_valid\(y, m, a, n, m\);} } } */
/* { dg-final { scan-file capture-valid-1.c.pto.000.capture {pto.load_valid\(h, hx, 128, 8, 100, 0.0:f16\);} } } */
/* { dg-final { scan-file capture-valid-1.c.pto.000.capture {pto.store_valid\(hx, 128, h, 3, 100\);} } } */
/* { dg-final { scan-file capture-valid-1.c.pto.000.capture {pto.load_valid\(it, iy, 8, n, 3, -7\);} } } */
/* { dg-final { scan-file capture-valid-1.c.pto.000.capture {pto.store_valid\(iy, 8, it, 0, 0\);} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-valid-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-valid-1.c: pto-opt replays the capture dump" } else { fail "capture-valid-1.c: pto-opt replays the capture dump ($st $err)" } } } */
