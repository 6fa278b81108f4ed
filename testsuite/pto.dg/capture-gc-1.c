/* Capture is unaffected by constant garbage collection (no tree is kept across callbacks). */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture --param ggc-min-expand=0 --param ggc-min-heapsize=0" } */
#include <pto.h>
typedef PTO_TILE(float, 16, 64) tile_t;

PTO_INLINE static void axpy(tile_t *y, tile_t x, float a)
{
  pto_muls(x, x, a);
  pto_add(*y, *y, x);
}

PTO_KERNEL void saxpy(const float *x, float *y, float a, int ntiles)
{
  tile_t tx, ty;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_unroll(4, 2, 1);
    pto_load(tx, x + i * 1024, 64);
    pto_load(ty, y + i * 1024, 64);
    axpy(&ty, tx, a);
    pto_store(y + i * 1024, 64, ty);
  }
}

PTO_KERNEL void other(float *y, int n)
{
  for (int i = n; i > 0; i--)
    y[i] = y[i - 1] * 0.5f;
}

int plain(int v) { return v + 1; }
/* { dg-final { scan-file capture-gc-1.c.pto.000.capture {for \(i: i32 = pto.block_idx\(\); i < ntiles; i \+= pto.block_num\(\)\) \[unroll=\[4,2,1\]\]} } } */
/* { dg-final { scan-file capture-gc-1.c.pto.000.capture {@axpy\(&ty, tx, a\);} } } */
/* { dg-final { scan-file capture-gc-1.c.pto.000.capture {kernel other\(y: ptr<f32>, n: i32\)} } } */
/* { dg-final { scan-file capture-gc-1.c.pto.000.capture {y\[i\] = y\[i - 1\] \* 0.5;} } } */
/* { dg-final { scan-assembler "__pto_launch" } } */
/* { dg-final { set d [file join [pto-dg-outdir] capture-gc-1.c.pto.000.capture]; lassign [pto-run [list $::PTO_OPT --print-locs $d]] st out err; if {$st eq "0" && $out eq [pto-read-file $d]} { pass "capture-gc-1.c: pto-opt replays the capture dump" } else { fail "capture-gc-1.c: pto-opt replays the capture dump ($st $err)" } } } */
