/* The constant pad of a pto_load_valid into an 8- or 16-bit integer
   tile must be representable in its element type: a located error on
   the pad otherwise (reference mode would wrap it, or, for an infinity
   or a NaN, leave it undefined).  In-range pads, a run-time pad and
   every pad of a bf16 tile (a number rounded to bf16) are accepted.  */
/* { dg-do compile } */
#include <math.h>
#include <pto.h>
typedef PTO_TILE(int8_t, 4, 32) s8;
typedef PTO_TILE(uint8_t, 4, 32) u8;
typedef PTO_TILE(int16_t, 4, 16) s16;
typedef PTO_TILE(pto_bf16, 4, 16) bf;
PTO_KERNEL void k(const int8_t *x, const uint8_t *y, const int16_t *z,
                  const pto_bf16 *w, int n, int pad)
{
  s8 a;
  u8 b;
  s16 c;
  bf d;
  pto_load_valid(a, x, 32, n, n, -128);
  pto_load_valid(a, x, 32, n, n, 127);
  pto_load_valid(a, x, 32, n, n, pad);
  pto_load_valid(a, x, 32, n, n, 128); /* { dg-error "'pto_load_valid': the pad 128 does not fit the tile's element type int8_t, whose range is \\\[-128, 127\\\]" } */
  pto_load_valid(a, x, 32, n, n, -129); /* { dg-error "the pad -129 does not fit the tile's element type int8_t" } */
  pto_load_valid(b, y, 32, n, n, 255);
  pto_load_valid(b, y, 32, n, n, -1); /* { dg-error "the pad -1 does not fit the tile's element type uint8_t, whose range is \\\[0, 255\\\]" } */
  pto_load_valid(c, z, 16, n, n, -32768);
  pto_load_valid(c, z, 16, n, n, 40000); /* { dg-error "the pad 40000 does not fit the tile's element type int16_t" } */
  pto_load_valid(a, x, 32, n, n, -INFINITY); /* { dg-error "'pto_load_valid': the pad of a tile of int8_t is not a number in its range \\\[-128, 127\\\] \\\(an infinity, a NaN or too large\\\)" } */
  pto_load_valid(b, y, 32, n, n, 2.5); /* fits: converted as C does, to 2 */
  pto_load_valid(d, w, 16, n, n, -INFINITY);
  pto_load_valid(d, w, 16, n, n, 1e30);
}
