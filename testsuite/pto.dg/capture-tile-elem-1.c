/* Tile elements t.v[i][j] and p->v[i][j] are read and written as t[i][j]. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
typedef PTO_TILE(float, 4, 8) t_t;

PTO_INLINE static void set(t_t *p, int i, float v)
{
  p->v[i][0] = v;
}

PTO_KERNEL void k(const float *x, float *y)
{
  t_t t;
  pto_load(t, x, 8);
  float e = t.v[1][2];
  t.v[0][0] = e * 2.0f;
  set(&t, 3, e);
  pto_store(y, 8, t);
}
/* { dg-final { scan-file capture-tile-elem-1.c.pto.000.capture {var e: f32 = t\[1\]\[2\];} } } */
/* { dg-final { scan-file capture-tile-elem-1.c.pto.000.capture {t\[0\]\[0\] = e \* 2.0;} } } */
/* { dg-final { scan-file capture-tile-elem-1.c.pto.000.capture {\(\*p\)\[i\]\[0\] = v;|p\[i\]\[0\] = v;} } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-tile-elem-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-tile-elem-1.c: pto-opt replays the capture dump" } else { fail "capture-tile-elem-1.c: pto-opt replays the capture dump ($st $err)" } } } */
