/* uint64_t tiles (the fixpipe's deq words) in reference mode: pto_load,
   pto_store and the scales of pto_col_dequant and pto_deq_scale compile
   (pto_deq_word packs a scale on the host); arithmetic, a conversion,
   a partial load or store (no instruction fills an 8-byte pad) on one,
   and deq words of the wrong shape, are compile errors
   on the offending line that say what a uint64_t tile supports.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(int32_t, 8, 32) i8x32;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(uint64_t, 1, 32) w32;
typedef PTO_TILE(uint64_t, 1, 16) w16;
typedef PTO_TILE(float, 1, 32) r32;

uint64_t host_word (float s) { return pto_deq_word (s); }   /* fine */

PTO_KERNEL void
k (const int32_t *x, const uint64_t *wp, uint64_t *wq, pto_f16 *y)
{
  i8x32 c;
  h8 h;
  w32 w;
  w16 w1;
  r32 r;
  pto_load (c, x, 32);                  /* fine */
  pto_load (w, wp, 32);                 /* fine */
  pto_store (wq, 32, w);                /* fine */
  pto_col_dequant (h, c, w);            /* fine */
  pto_deq_scale (r, w);                 /* fine */
  pto_store (y, 32, h);                 /* fine */
  pto_add (w, w, w);                    /* { dg-error "pto_add: w is a uint64_t tile: uint64_t tiles .deq words, pto_deq_word. support only pto_load, pto_store and the scales of pto_col_dequant and pto_deq_scale" } */
  pto_cast (r, w);                      /* { dg-error "pto_cast: w is a uint64_t tile" } */
  pto_col_dequant (h, c, w1);           /* { dg-error "pto_col_dequant: the tiles h and w1 differ in columns" } */
  pto_load_valid (w, wp, 32, 1, 5, 0);  /* { dg-error "pto_load_valid: w is a uint64_t tile" } */
  pto_store_valid (wq, 32, w, 1, 5);    /* { dg-error "pto_store_valid: w is a uint64_t tile" } */
}
