/* The raw pto_tile attribute accepts only the tile element types (float,
   _Float16, int32_t): double, char, long long, unsigned elements are a
   located error at the attribute, never a late failure of a back end
   . */
/* { dg-do compile } */
#include <pto.h>
struct __attribute__((pto_tile)) td { double v[8][8]; }; /* { dg-error "the element type of a tile must be float, _Float16, int32_t, pto_bf16, int8_t, uint8_t, int16_t or uint64_t, not 'double'" } */
struct __attribute__((pto_tile)) tc { char v[8][8]; }; /* { dg-error "not 'char'" } */
struct __attribute__((pto_tile)) tl { long long v[8][8]; }; /* { dg-error "not 'long long int'" } */
struct __attribute__((pto_tile)) tu { unsigned v[8][8]; }; /* { dg-error "not 'unsigned int'" } */
struct __attribute__((pto_tile)) tf { float v[8][8]; };
PTO_KERNEL void k(const float *x, float *y)
{
  struct tf a;
  pto_load(a, x, 8);
  pto_store(y, 8, a);
}
