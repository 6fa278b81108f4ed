/* -fplugin-arg-pto-emit=pto-isa on a pto_matmul kernel: the cube plan's
   tiles as Mat / TileAcc tiles at their L1 / L0C offsets, the product
   TMATMUL on the first step after pto_fill(c, 0) and TMATMUL_ACC after,
   the ReLU epilogue the fixpipe's at TSTORE.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-fplugin-arg-pto-emit=pto-isa" } */
#include <pto.h>

typedef PTO_TILE(pto_f16, 16, 32) a_t;
typedef PTO_TILE(pto_f16, 32, 16) b_t;
typedef PTO_TILE(float, 16, 16) c_t;

PTO_KERNEL void mm(const pto_f16 *a, const pto_f16 *b, float *c, int k)
{
  a_t ta;
  b_t tb;
  c_t tc;
  pto_fill(tc, 0.0f);
  for (int p = 0; p < k; p += 32) {
    pto_load(ta, a + p, k);
    pto_load(tb, b + p * 16, 16);
    pto_matmul(tc, ta, tb);
  }
  pto_relu(tc, tc);
  pto_store(c, 16, tc);
}
/* { dg-final { scan-file emit-pto-isa-3.pto.cpp {Tile<TileType::Mat, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor, TileConfig::fractalABSize> ta;} } } */
/* { dg-final { scan-file emit-pto-isa-3.pto.cpp {TileAcc<float, 16, 16, 16, 16> tc;} } } */
/* { dg-final { scan-file emit-pto-isa-3.pto.cpp {TileLeft<half, 16, 32> a__;} } } */
/* { dg-final { scan-file emit-pto-isa-3.pto.cpp {TMATMUL\(tc, a__, b__\);} } } */
/* { dg-final { scan-file emit-pto-isa-3.pto.cpp {TMATMUL_ACC\(tc, tc, a__, b__\);} } } */
/* { dg-final { scan-file emit-pto-isa-3.pto.cpp {ReluPreMode::NormalRelu>\(g__, tc\);} } } */
