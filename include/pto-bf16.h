/* pto-bf16.h - bfloat16 (bf16: 1 sign, 8 exponent, 7 fraction bits, the
   top half of an IEEE binary32) <-> float conversions in software.

   Contract: the bits the Ascend vector unit's conversions give (the
   vendor's vconv_f322bf16r and vconv_bf162f32, cannmirror/asc-devkit
   impl/basic_api/dav_c220/kernel_operator_vec_vconv_impl.h: RoundMode
   CAST_RINT and CAST_NONE), for every input:
   * pto_bf16_bits_to_float(h): exact, the float whose top 16 bits are H
     and whose low 16 bits are 0 (every bf16 value is a float; subnormals,
     infinities and NaN payloads are kept as they are).
   * pto_bf16_bits_from_float(x): rounded once to nearest, ties to even,
     on the bit pattern (so float subnormals round to bf16 subnormals and
     the largest finite floats round up to +-inf); +-inf stays +-inf; a
     NaN gives a quiet NaN (bit 6 set) of the same sign keeping the top 7
     fraction bits of X's payload.
   Only <stdint.h> and <string.h> are needed; everything is static inline.
   Used by pto.h (pto_bf16 tiles in reference mode and libpto-rt) and by
   the CCE simulator (runtime/sim-vec.c), so the three ways of running a
   kernel round alike; testsuite/unit/bf16-conv.c checks them against a
   table of hand-checked bit patterns.  */

#ifndef PTO_BF16_H
#define PTO_BF16_H

#include <stdint.h>
#include <string.h>

/* The float with the bf16 bit pattern H.  */
static inline float
pto_bf16_bits_to_float(uint16_t h)
{
  uint32_t bits = (uint32_t)h << 16;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* The bf16 bit pattern nearest to X (ties to even).  */
static inline uint16_t
pto_bf16_bits_from_float(float x)
{
  uint32_t b;
  memcpy(&b, &x, sizeof b);
  if ((b & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)(b >> 16 | 0x0040u);
  /* Adding 0x7fff (plus the kept lsb) carries into bit 16 exactly when
     the dropped half is above one half, or is one half and the kept
     part is odd; a carry out of the fraction bumps the exponent, up to
     0x7f80 = inf.  */
  b += 0x7fffu + (b >> 16 & 1u);
  return (uint16_t)(b >> 16);
}

#endif /* PTO_BF16_H */
