/* -fplugin-arg-pto-emit=pto-isa also writes the kernels as PTO-ISA C++
   beside the output: the tile placed at its planned offset, the GM view
   of each transfer, one instruction per tile op, our syncs.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-emit=pto-isa" } */
#include <pto.h>

typedef PTO_TILE(float, 8, 64) tile_t;

PTO_KERNEL void scale(const float *x, float *y, float s)
{
  tile_t a;
  pto_load(a, x, 64);
  pto_muls(a, a, s);
  pto_store(y, 1e30, a);
}
/* { dg-final { scan-file emit-pto-isa-1.pto.cpp {#include <pto/pto-inst.hpp>} } } */
/* { dg-final { scan-file emit-pto-isa-1.pto.cpp {Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, 8, 64> a;} } } */
/* { dg-final { scan-file emit-pto-isa-1.pto.cpp {TASSIGN\(a, 0x0u\);} } } */
/* { dg-final { scan-file emit-pto-isa-1.pto.cpp {TLOAD\(a, g__\);} } } */
/* { dg-final { scan-file emit-pto-isa-1.pto.cpp {set_flag\(PIPE_MTE2, PIPE_V, EVENT_ID0\);} } } */
/* { dg-final { scan-file emit-pto-isa-1.pto.cpp {TMULS\(a, a, \(float\)\(s\)\);} } } */
/* { dg-final { scan-file emit-pto-isa-1.pto.cpp {TSTORE\(g__, a\);} } } */
