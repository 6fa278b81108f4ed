/* pto-f16.h - IEEE 754 binary16 (fp16) <-> float/double conversions in
   software, for compilers without _Float16 (GCC 11 on x86-64).

   Contract: the results are the bits the hardware gives (x86 F16C
   vcvtph2ps / vcvtps2ph, AArch64 FCVT) and that GCC's _Float16 casts give
   in the default rounding mode, for every input:
   * pto_f16_bits_to_float(h): exact (every fp16 value is a float);
     subnormals are kept; inf stays inf; a NaN stays a NaN of the same
     sign with its payload in the top fraction bits and the quiet bit set.
   * pto_f16_bits_from_double(x): rounded once to nearest, ties to even;
     overflow gives +-inf, underflow a subnormal or +-0; a NaN gives a
     quiet NaN of the same sign keeping the top 10 fraction bits.  A float
     converts through it exactly as by itself (float -> double is exact),
     so one rounding function serves float, double and int32 sources.
   Only <stdint.h> and <string.h> are needed; everything is static inline.
   Used by pto.h (fp16 tiles of libpto-rt without _Float16) and by the
   CCE simulator (runtime/sim-vec.c); testsuite/unit/f16-soft.c compares
   it with _Float16 and with F16C bit for bit.  */

#ifndef PTO_F16_H
#define PTO_F16_H

#include <stdint.h>
#include <string.h>

/* The float with the fp16 bit pattern H.  */
static inline float
pto_f16_bits_to_float(uint16_t h)
{
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu, frac = h & 0x3ffu, bits;
  if (exp == 0x1f)
    bits = sign | 0x7f800000u | frac << 13 | (frac ? 0x400000u : 0);
  else if (exp != 0)
    bits = sign | (exp + 112) << 23 | frac << 13;
  else if (frac == 0)
    bits = sign;
  else {
    /* Subnormal frac * 2^-24: shift the leading one into the implicit
       bit, one exponent step per shift (2^-14 = float exponent 113).  */
    uint32_t e = 113;
    while (!(frac & 0x400u)) {
      frac <<= 1;
      e--;
    }
    bits = sign | e << 23 | (frac & 0x3ffu) << 13;
  }
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* The fp16 bit pattern nearest to X (ties to even).  */
static inline uint16_t
pto_f16_bits_from_double(double x)
{
  uint64_t b;
  memcpy(&b, &x, sizeof b);
  uint16_t sign = (uint16_t)(b >> 48 & 0x8000u);
  int exp = (int)(b >> 52 & 0x7ff);
  uint64_t frac = b & 0xfffffffffffffull;
  if (exp == 0x7ff)
    return (uint16_t)(sign | 0x7c00u | (frac ? 0x200u | frac >> 42 : 0));
  /* Double zeros and subnormals are far below half of fp16's least
     subnormal (2^-25).  */
  if (exp == 0)
    return sign;
  int e = exp - 1008; /* the fp16 biased exponent of a normal result */
  if (e >= 31)
    return sign | 0x7c00u;
  /* Keep 11 significant bits (fewer for a subnormal result), round the
     rest away; a carry out of the fraction bumps the exponent, up to
     0x7c00 = inf.  */
  int shift = 42 + (e < 1 ? 1 - e : 0);
  if (shift > 63)
    return sign;
  uint64_t sig = frac | 1ull << 52;
  uint64_t q = sig >> shift, rest = sig & ((1ull << shift) - 1);
  uint64_t halfway = 1ull << (shift - 1);
  if (rest > halfway || (rest == halfway && (q & 1)))
    q++;
  uint32_t exp_field = e < 1 ? 0 : (uint32_t)(e - 1) << 10;
  return (uint16_t)(sign | (exp_field + (uint32_t)q));
}

#endif /* PTO_F16_H */
