/* The row-broadcast intrinsics are captured with their operands, for
   f32 and f16 tiles and (row_expand) int32, and the dump replays. */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
typedef PTO_TILE(float, 16, 64) f_t;
typedef PTO_TILE(float, 16, 1) fc_t;
typedef PTO_TILE(_Float16, 8, 128) h_t;
typedef PTO_TILE(_Float16, 8, 1) hc_t;
typedef PTO_TILE(int32_t, 4, 8) i_t;
typedef PTO_TILE(int32_t, 4, 1) ic_t;

PTO_KERNEL void k(const float *x, float *y, const _Float16 *hx, int32_t *iy)
{
  f_t a, b;
  fc_t m;
  h_t h;
  hc_t hm;
  i_t it;
  ic_t im;
  pto_load(a, x, 64);
  pto_row_max(m, a);
  pto_row_expand_sub(b, a, m);
  pto_row_expand_add(a, a, m);
  pto_row_expand_mul(a, b, m);
  pto_row_expand_div(a, a, m);
  pto_row_expand(b, m);
  pto_store(y, 64, a);
  pto_load(h, hx, 128);
  pto_row_max(hm, h);
  pto_row_expand_div(h, h, hm);
  pto_load(im, iy, 1);
  pto_row_expand(it, im);
  pto_store(iy, 8, it);
}
/* { dg-final { scan-file capture-rowbcast-1.c.pto.000.capture {pto.row_expand_sub\(b, a, m\);} } } */
/* { dg-final { scan-file capture-rowbcast-1.c.pto.000.capture {pto.row_expand_add\(a, a, m\);} } } */
/* { dg-final { scan-file capture-rowbcast-1.c.pto.000.capture {pto.row_expand_mul\(a, b, m\);} } } */
/* { dg-final { scan-file capture-rowbcast-1.c.pto.000.capture {pto.row_expand_div\(a, a, m\);} } } */
/* { dg-final { scan-file capture-rowbcast-1.c.pto.000.capture {pto.row_expand\(b, m\);} } } */
/* { dg-final { scan-file capture-rowbcast-1.c.pto.000.capture {pto.row_expand_div\(h, h, hm\);} } } */
/* { dg-final { scan-file capture-rowbcast-1.c.pto.000.capture {pto.row_expand\(it, im\);} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-rowbcast-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-rowbcast-1.c: pto-opt replays the capture dump" } else { fail "capture-rowbcast-1.c: pto-opt replays the capture dump ($st $err)" } } } */
