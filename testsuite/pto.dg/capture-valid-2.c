/* The partial-tile intrinsics of the storage dtypes are captured with
   the pad as the IR's scalar for the dtype: an f32 number for bf16 (a
   double constant narrowed, a float variable as is), an i32 for the 8-
   and 16-bit integers (an int constant is an integer again, an int
   variable as is); the dump replays. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
#include <math.h>
typedef PTO_TILE(pto_bf16, 4, 16) b_t;
typedef PTO_TILE(int8_t, 4, 32) s_t;
typedef PTO_TILE(uint8_t, 3, 20) u_t;
typedef PTO_TILE(int16_t, 2, 5) w_t;

PTO_KERNEL void k(const pto_bf16 *x, pto_bf16 *y, const int8_t *s,
                  uint8_t *u, int16_t *w, int n, float p, int q)
{
  b_t a;
  s_t b;
  u_t c;
  w_t d;
  pto_load_valid(a, x, 16, n, 8, -INFINITY);
  pto_load_valid(a, x, 16, n, 8, p);
  pto_store_valid(y, 16, a, n, 16);
  pto_load_valid(b, s, 40, n, n, -128);
  pto_load_valid(c, u, 20, 3, n, q);
  pto_store_valid(u, 20, c, 0, 0);
  pto_load_valid(d, w, 5, 2, 5, 32767);
}
/* { dg-final { scan-file capture-valid-2.c.pto.000.capture {pto.load_valid\(a, x, 16, n, 8, -inf\);} } } */
/* { dg-final { scan-file capture-valid-2.c.pto.000.capture {pto.load_valid\(a, x, 16, n, 8, p\);} } } */
/* { dg-final { scan-file capture-valid-2.c.pto.000.capture {pto.store_valid\(y, 16, a, n, 16\);} } } */
/* { dg-final { scan-file capture-valid-2.c.pto.000.capture {pto.load_valid\(b, s, 40, n, n, -128\);} } } */
/* { dg-final { scan-file capture-valid-2.c.pto.000.capture {pto.load_valid\(c, u, 20, 3, n, q\);} } } */
/* { dg-final { scan-file capture-valid-2.c.pto.000.capture {pto.load_valid\(d, w, 5, 2, 5, 32767\);} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-valid-2.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-valid-2.c: pto-opt replays the capture dump" } else { fail "capture-valid-2.c: pto-opt replays the capture dump ($st $err)" } } } */
