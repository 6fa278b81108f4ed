/* uint64_t tiles (the fixpipe's deq words) in plugin mode: pto_load,
   pto_store and the scales of pto_col_dequant and pto_deq_scale
   compile; arithmetic, a conversion or a partial load or store on one,
   and deq words of the wrong shape, are located errors naming the operand and what a u64
   tile supports.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
typedef PTO_TILE(int32_t, 8, 32) i8x32;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(uint64_t, 1, 32) w32;
typedef PTO_TILE(uint64_t, 1, 16) w16;
typedef PTO_TILE(float, 1, 32) r32;
PTO_KERNEL void k(const int32_t *x, const uint64_t *wp, uint64_t *wq,
                  pto_f16 *y)
{
  i8x32 c;
  h8 h;
  w32 w;
  w16 w1;
  r32 r;
  pto_load(c, x, 32);
  pto_load(w, wp, 32);
  pto_store(wq, 32, w);
  pto_col_dequant(h, c, w);
  pto_deq_scale(r, w);
  pto_store(y, 32, h);
  pto_add(w, w, w); /* { dg-error "'pto_add': argument 1 has element type 'u64': u64 tiles \\(the fixpipe's deq words\\) support only load, store and the scales of col_dequant and deq_scale" } */
  pto_cast(r, w); /* { dg-error "'pto_cast': argument 2 has element type 'u64'" } */
  pto_col_dequant(h, c, w1); /* { dg-error "'pto_col_dequant': argument 3 has shape 1x16, expected 1x32" } */
  pto_load_valid(w, wp, 32, 1, 5, 0); /* { dg-error "'pto_load_valid': argument 1 has element type 'u64': u64 tiles" } */
  pto_store_valid(wq, 32, w, 1, 5); /* { dg-error "'pto_store_valid': argument 3 has element type 'u64': u64 tiles" } */
}
