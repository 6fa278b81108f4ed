/* pto.h - the pto-gcc tile DSL: the whole user contract.

   A program includes this header, writes kernels in ordinary C with the
   roles, tile types and intrinsics below, and is built one of two ways:

   * Plugin mode: with the pto plugin loaded (pto-cc, or gcc -fplugin=pto).
     The plugin registers the attributes pto_kernel, pto_host, pto_inline,
     pto_tile and pto_intrinsic; this header sees them through
     __has_attribute and turns every intrinsic into a call to a prototype
     tagged __attribute__((pto_intrinsic("NAME"))), NAME being the op name
     of the registry in ir/ir.h (PTO_OPS).  The plugin recognises those
     calls, type-checks them with located errors and compiles the kernels.
   * Reference mode: without the plugin (plain gcc -I<include>).  Every
     intrinsic is a plain-C implementation with the exact semantics given
     below, and misuse that C can see at compile time (tile shape or dtype
     disagreement, a non-tile where a tile is due, unsupported dtypes,
     non-constant unroll factors, writing through a const pointer or into
     a const tile) is a compile error with a readable message.  This is a
     debugger-friendly CPU version of the kernel and the test oracle.

   PTO_PLUGIN_MODE is 1 in plugin mode and 0 in reference mode; pto.h sets
   it (never define it yourself; no -D macro selects the mode).

   Usage:

     typedef PTO_TILE(float, 16, 64) tile_t;     // once per shape and dtype
     PTO_KERNEL void k(const float *x, float *y, int n)
     {
       tile_t t;
       for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
         pto_unroll(4, 2, 1);
         pto_load(t, x + i * 1024, 64);
         pto_muls(t, t, 2.0f);
         pto_store(y + i * 1024, 64, t);
       }
     }
     ... pto_launch(k, 8, x, y, n); ...

   Conventions shared by all intrinsics:
   * Destination first, like CCE and pto-isa.  Tile operands are tile
     lvalues (a variable, *ptr, a by-value parameter), never addresses:
     the macros take the address themselves.
   * All tiles of one op have the same shape and dtype unless the op says
     otherwise.  A destination may be the same tile as a source.
   * GM pointers are plain C pointers to the tile's element type; row
     strides are in elements (not bytes) and at least the tile's column
     count when the tile has more than one row (rows never overlap).
   * "s" is a scalar of the tile dtype: it is converted to the element type
     first (so an fp16 op uses the fp16-rounded scalar).  The pad of
     pto_load_valid into a storage tile is a plain number: a float
     rounded to nearest even for pto_bf16, an integer converted as C
     converts for the 8- and 16-bit integers (it must be representable:
     a constant that is not is a located error in plugin mode).
   * Element types: float, _Float16 (also spelt pto_f16) and int32_t;
     pto_bf16 (bfloat16 storage, see below), int8_t and uint8_t for
     loads, stores (their _valid forms too), casts, pto_quantize and
     pto_dequantize only (8-bit
     tiles convert to and from
     _Float16 tiles: vconv_s82f16 / vconv_u82f16 / vconv_f162s8 /
     vconv_f162u8 on both archs), int16_t for loads, stores (and their
     _valid forms) and casts only (to and from _Float16: vconv_s162f16 / vconv_f162s16r on both
     archs).  uint64_t tiles hold the fixpipe's per-channel deq words
     (pto_deq_word): pto_load, pto_store and the scales operand of
     pto_col_dequant and pto_deq_scale only.
     fp16 needs a compiler with the C type _Float16 (GCC 12 on x86-64 and
     AArch64); with GCC 11 on x86-64 a program cannot have fp16 tiles in
     either mode: naming pto_f16 there is a located error whose type name
     says so (struct pto_f16_needs_a_compiler_with__Float16), and the
     testsuite reports its fp16 tests UNSUPPORTED.  libpto-rt, built from
     this header, computes fp16 bit-identically with either compiler
     (software conversions in pto-f16.h where _Float16 is missing).

   Reference-mode numerics (what the CCE lowering must also produce):
   * float: IEEE binary32 arithmetic, round to nearest even, no excess
     precision (x86-64 SSE / AArch64).
   * _Float16: each element operation is computed in float from the fp16
     operands and rounded once to fp16 (round to nearest, ties to even),
     as the vector unit does.  For + - * / and sqrt this is the correctly
     rounded fp16 result.  Overflow gives +-inf.
   * int32_t: add, sub, mul, neg, abs and row_sum wrap modulo 2^32; div
     truncates toward zero, INT32_MIN / -1 gives INT32_MIN, and division
     by zero stops the program with a message (it is undefined on the
     device).  exp, log, sqrt, rsqrt, recip, tanh, sigmoid, exp2, gelu,
     pow, pows and matmul reject int32 tiles; the bitwise operations and
     shifts take int32 tiles only.
   * pto_bf16: no arithmetic (cast to float first); pto_cast float ->
     bf16 rounds to nearest even (vconv_f322bf16r), bf16 -> float is
     exact (vconv_bf162f32); bf16 casts to and from other dtypes are
     errors (cast through float).
   * int8_t / uint8_t: no arithmetic (cast to _Float16 first); pto_cast
     8-bit -> fp16 is exact; fp16 -> int8_t / uint8_t rounds to nearest
     even (the vendor's CAST_NONE = CAST_RINT form), saturates to
     [-128, 127] / [0, 255], NaN gives 0 (the saturation is what pto-gcc
     assumes of the device: asc-devkit's sources read do not state it).
   * int16_t: no arithmetic (cast to _Float16 first); pto_cast fp16 ->
     int16_t rounds to nearest even (vconv_f162s16r, CAST_RINT),
     saturates to [-32768, 32767] (fp16 reaches 65504), NaN gives 0, as
     for int8_t; int16_t -> fp16 rounds to nearest even (vconv_s162f16,
     CAST_NONE; beyond 2048 not every int16 is an fp16).
   * pto_cast float/fp16 -> int32 rounds to nearest, ties to even (CCE
     vconv_f322s32r), saturates to INT32_MIN/INT32_MAX, NaN gives 0;
     int32 -> float/fp16 and float <-> fp16 round to nearest even (C's
     conversions in the default rounding mode).
   * pto_row_sum adds each row left to right in float (fp16 tiles: in
     float, rounded once at the end); the device adds in a tree, so compare
     with a tolerance unless every partial sum is exact.
   * exp, log and sqrt call the C library's expf/logf/sqrtf (link with
     -lm); the device instructions for exp and log are not bit-exact, so
     compare transcendentals with a tolerance.
   * Transcendentals: tanh, sigmoid, exp2, gelu, pow and pows compute in
     float with the C library (tanhf; 1 / (1 + expf(-x)); exp2f; GELU's
     tanh form 0.5x(1 + tanhf(0.7978845608(x + 0.044715x^3))), x clamped
     at -10 where GELU is below 1e-37, so gelu(-inf) is -0; powf(a, b)
     for a > 0, else expf(b * logf(a)): 0 or inf at a = 0, NaN for a < 0
     whatever b is, as the device computes it).  sim=jit computes
     exactly these bits.  The CCE has no instruction for any of them: it
     runs a sequence of vector instructions (doc/cce.md
     "Transcendentals"), whose error against these functions, measured
     with the simulator (its vexp, vln, vrec and vdiv are expf, logf and
     IEEE division; the device's own instruction error comes on top) on
     a dense sweep over [-30, 30], |x| from 1e-8 to 1e40, +-inf, bases
     in (1e-6, 1e4), and every finite fp16, is within:
       tanh, sigmoid  |d - ref| <= 2^-22 (absolute: near 0 tanh's
                      relative error is not bounded); tanh(+-100) = +-1
                      and sigmoid(-100) = 6e-39, never NaN (measured
                      1.8e-7 and 6.1e-39)
       gelu           |d - ref| <= 2^-22 * max(1, |x|) (measured 4.8e-7;
                      for x in [-10, -3] the sequence is the more exact
                      one: 1 + tanhf cancels there)
       exp2           |d - ref| <= 2^-23 (2 + |x| ln 2) |ref| (x ln 2 is
                      rounded before e^: measured 0.49 of the bound,
                      3e-6 relative at x = 120)
       pow, pows      |d - ref| <= 2^-23 (2 + |b ln a|) |ref| (measured
                      0.91 of the bound)
       fp16           the float bound plus one fp16 ulp of the result
                      (2^-10 |ref|, at least 2^-24): the sequence runs in
                      float and rounds once, as the reference does, so a
                      result moves at most across one rounding boundary
     NaN inputs give NaN except where a clamp (vmins, vmaxs: max/min with
     NaN is unspecified, below) decides.  Compare these ops with that
     tolerance, not bit for bit.
   * A NaN result is a NaN, but which operand's NaN (payload) an
     operation on two NaNs passes on, and whether a signaling NaN is
     quietened, are unspecified (they differ between compilers).
   * max/min/relu with NaN operands: unspecified; so is the sign of a
     zero result when +0 and -0 meet in max/min/row_max (the device's
     reduction order decides: compare results with ==, not bit patterns).

   pto_launch runs the kernel for block 0, 1, ..., blocks-1 in order on
   the calling thread, with pto_block_idx()/pto_block_num() reporting the
   current block; its arguments are evaluated once, before block 0.
   Outside a launch pto_block_idx() is 0 and pto_block_num() is 1, so a
   kernel called directly behaves as a one-block launch.

   GNU C extensions this header relies on in reference mode (tested with
   GCC 12 and 11; everything is wrapped in __extension__ so that
   -std=c11/c17/c2x -pedantic stays quiet): statement expressions,
   __typeof__, __auto_type, __builtin_types_compatible_p,
   __builtin_classify_type, _Float16 (where the target has it; GCC
   defines __FLT16_MAX__ then), the weak and noreturn attributes.  In
   plugin mode: the pto_* attributes registered by the plugin.

   The header declares itself a system header so that diagnostics from
   its macros point at the user's line (with no "in expansion of macro"
   notes).  Define PTO_H_NO_SYSTEM_HEADER before including it to see
   warnings from inside the header (the header's own tests do).

   pto.h includes <stdarg.h>, <stddef.h>, <stdint.h>, <stdio.h>,
   <stdlib.h>, <string.h> and pto-f16.h (pto_f16_bits_to_float and
   pto_f16_bits_from_double: fp16 bit patterns <-> float/double, usable by
   programs) in both modes, so a program sees the same declarations in
   either.  Names beginning with pto__ or __pto_ are reserved to it.  */

#ifndef PTO_H
#define PTO_H

#ifndef PTO_H_NO_SYSTEM_HEADER
#pragma GCC system_header
#endif

/* One clear error and nothing else for a language pto.h cannot serve
   (the rest of the header is skipped).  */
#if defined(__cplusplus)
#error "pto.h is a C header (C11 or later); kernels are written in C"
#elif !defined(__GNUC__)
#error "pto.h needs GNU C (GCC 12 or later; see the header comment)"
#elif !defined(__STDC_VERSION__) || __STDC_VERSION__ < 201112L
#error "pto.h needs C11 or later (-std=gnu11, -std=c11 or newer; GCC 12's default, gnu17, is fine)"
#else /* C11 or later: the header */
#ifdef PTO_PLUGIN_MODE
#error "PTO_PLUGIN_MODE is set by pto.h itself; do not define it"
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Mode detection: the plugin registers the attribute, nothing else does.  */
#if defined(__has_attribute)
#if __has_attribute(pto_kernel)
#define PTO_PLUGIN_MODE 1
#endif
#endif
#ifndef PTO_PLUGIN_MODE
#define PTO_PLUGIN_MODE 0
#endif

#if PTO_PLUGIN_MODE
#if !__has_attribute(pto_intrinsic)
#error "the pto plugin registers pto_kernel but not pto_intrinsic: version mismatch"
#endif
#endif

/* fp16 element type, where the compiler has _Float16 (GCC 12 on x86-64,
   AArch64; it defines __FLT16_MAX__ then).  Without it (GCC 11 on
   x86-64) fp16 tiles are not available to programs: pto_f16 is then an
   incomplete struct whose name says why, so a tile or variable of it is
   a located error at the user's line (and _Float16 itself is unknown to
   the compiler).  Internally the reference implementation of fp16 tiles
   (which libpto-rt is built from, runtime/rt-ops.c) works either way on
   pto__f16: _Float16, or else a struct holding the fp16 bits, widened and
   rounded by the software conversions of pto-f16.h, which give the same
   bits as _Float16 (testsuite/unit/f16-soft.c).  PTO__H2F(h) is the float
   value of a pto__f16, PTO__F2H(x) the pto__f16 nearest to the float,
   double or int32 X (rounded once, ties to even).  */
#include "pto-f16.h"
#ifdef __FLT16_MAX__
#define PTO_HAVE_F16 1
__extension__ typedef _Float16 pto_f16;
typedef pto_f16 pto__f16;
#define PTO__H2F(h) ((float)(h))
#define PTO__F2H(x) ((pto__f16)(x))
#else
#define PTO_HAVE_F16 0
typedef struct pto_f16_needs_a_compiler_with__Float16 pto_f16;
typedef struct pto__f16 {
  uint16_t bits;
} pto__f16;
#define PTO__H2F(h) pto_f16_bits_to_float((h).bits)
#define PTO__F2H(x) ((pto__f16){ pto_f16_bits_from_double(x) })
#endif

/* bf16 element type: a 16-bit storage type of pto.h's own (GCC 12's C
   front end on x86-64 has no __bf16), the struct `struct pto_bf16'
   holding the bits, which the plugin recognises by its tag.  bf16 tiles
   and GM tensors are storage: pto_load, pto_store (and their partial
   forms pto_load_valid, pto_store_valid), pto_cast to and
   from float tiles and the operands of pto_matmul (the cube multiplies
   bf16) are their only operations, because the vector unit of dav-c220
   has no bf16 arithmetic (its vconv_bf162f32 and vconv_f322bf16r are
   the only bf16 vector instructions pto-gcc uses: compute in f32, cast
   back; any other op on a bf16 tile is a compile error naming the op).  dav-m200 (Atlas inference) has no bf16 at all:
   the plugin reports a kernel with bf16 tiles there.  Host code builds
   and reads the bits with pto_bf16_from_f32 (round to nearest even, as
   vconv_f322bf16r; inf kept, overflow to inf, a NaN stays a quiet NaN)
   and pto_bf16_to_f32 (exact), the conversions of pto-bf16.h.  Kernels
   touch bf16 only through tiles: in plugin mode a bf16 scalar value (or
   its bits) in PTO code is a located error.  */
#include "pto-bf16.h"
typedef struct pto_bf16 {
  uint16_t bits;
} pto_bf16;
__attribute__((unused)) static inline pto_bf16
pto_bf16_from_f32(float x)
{
  pto_bf16 h = { pto_bf16_bits_from_float(x) };
  return h;
}
__attribute__((unused)) static inline float
pto_bf16_to_f32(pto_bf16 h)
{
  return pto_bf16_bits_to_float(h.bits);
}

/* pto_deq_word: the 64-bit deq word of the fixpipe's per-channel
   dequantization (QuantPRE VDEQF16) for scale S, as the host packs it
   for a uint64_t tile: the float's encoding in bits [31:0], zeros above.
   The fixpipe reads bits [31:13] (sign, exponent, 10 mantissa bits:
   PTO-ISA's CPU model, include/pto/cpu/common.hpp
   extract_m1_from_quant<true>).  The bits above stay 0: [35:32] a
   shift and 36 a mode (0: the int32 value converted directly; PTO-ISA's
   NPU test tests/npu/a2a3/src/st/testcase/tmov/gen_data.py), [45:37]
   and 46 the int8 modes' offset and sign (REQ8, not emitted).  */
__attribute__((unused)) static inline uint64_t
pto_deq_word(float s)
{
  union { float f; uint32_t u; } v;
  v.f = s;
  return (uint64_t)v.u;
}

/* ------------------------------------------------------------------ */
/* Function roles                                                     */
/* ------------------------------------------------------------------ */

/* PTO_KERNEL: the function runs on an AI core (one instance per block);
   launch it with pto_launch.  Pointer parameters are GM tensors (const T *
   is read-only), scalars are passed by value; it returns void.
   PTO_HOST: host orchestration (launches kernels, loops, scalar code),
   transformed by the pass pipeline.
   PTO_INLINE: a helper expanded at every call site and then removed.
   Write it as `PTO_INLINE static T name(...)`: PTO_INLINE carries
   `inline` (so an unused helper draws no warning) but not `static`, which
   stays visible in the source; in reference mode it is an ordinary static
   inline function.  Tile parameters by value are private copies, tile
   pointer parameters share the caller's tile (writes reach it).  */
#if PTO_PLUGIN_MODE
#define PTO_KERNEL __attribute__((pto_kernel))
#define PTO_HOST __attribute__((pto_host))
#define PTO_INLINE __attribute__((pto_inline)) inline
#else
#define PTO_KERNEL
#define PTO_HOST
#define PTO_INLINE inline
#endif

/* ------------------------------------------------------------------ */
/* Scalar code: math functions, assignments as values                 */
/* ------------------------------------------------------------------ */

/* Kernels and inline helpers may call these C library functions (from
   <math.h>, or spelled __builtin_sqrtf ...) on float scalars, with the C
   library's results in every mode:
     sqrtf fabsf fminf fmaxf floorf ceilf   everywhere, also in the CCE:
                          on the AI core's scalar unit (sqrt is its own;
                          floorf and ceilf through int32 conversions;
                          signed zeros, inf and NaN as C says)
     expf logf            everywhere; in the CCE on one lane of the
                          vector unit (vexp, vln on a UB scratch with two
                          syncs: slow in a loop, where a tile and
                          pto_exp / pto_log are one instruction).  The
                          call may not sit in an arm of ?: or the right
                          operand of && / || (a located sorry: compute
                          it in a statement of its own)
   Their double forms (sqrt, fabs, fmin, fmax, floor, ceil, exp, log)
   compute in double as C says; when the argument is a float and the
   result is stored back to a float, sqrt, fabs, fmin, fmax, floor and
   ceil give the float form's result exactly and are lowered as it
   (`float r = sqrt(x);' is sqrtf(x)); every other double computation
   (exp, log) is reference mode and sim=jit only, a located sorry in
   the CCE back end.  Any other library math function (powf,
   sinf, ...) is a located error in the plugin; so are the long double
   forms.

   Assignments as values: an assignment, a compound assignment, x++,
   --x or the comma operator may be used inside an expression (`s = (n
   += 2) * 3;', `t = n++ + 1;', `if ((m = p[i]) > 0)') where the
   expression runs exactly once: the right side of an assignment, an
   initialiser, a call statement's arguments, an if condition, the left
   operand of && and ||.  The assigned object must be a scalar variable.
   Elsewhere (a loop condition, the right operand of && or ||, an arm
   of ?:) the plugin reports a located error: write the assignment as a
   statement of its own.  */

/* ------------------------------------------------------------------ */
/* Tiles                                                              */
/* ------------------------------------------------------------------ */

/* PTO_TILE(T, R, C): an R x C tile of element type T, the struct type
   `struct { T v[R][C]; }` (marked pto_tile for the plugin).  Typedef it
   once per shape: `typedef PTO_TILE(float, 16, 64) tile_t;`.  The shape
   and dtype travel with the type through pointers and by-value
   parameters.  R and C are positive integer constants; T is float,
   _Float16 (pto_f16), int32_t, pto_bf16, int8_t, uint8_t, int16_t or
   uint64_t, unqualified (every tile is written by
   pto_* operations).  Tile variables of kernels and inline
   helpers live in on-chip buffers.  A struct in DSL code may hold
   scalars and GM pointers but not a tile (the plugin rejects it: keep
   each tile in a variable of its own).  */
#if PTO_HAVE_F16
#define PTO__IS_F16_TYPE(T) __builtin_types_compatible_p(T, pto_f16)
#else
#define PTO__IS_F16_TYPE(T) 0
#endif
#define PTO__SHAPE_CHECK(R, C)                                             \
  _Static_assert((R) > 0 && (C) > 0,                                      \
                 "PTO_TILE: rows and columns must be positive constants");
#define PTO__TILE_CHECKS(T, R, C)                                          \
  PTO__SHAPE_CHECK(R, C)                                                   \
  _Static_assert(__builtin_types_compatible_p(T, float)                   \
                     || PTO__IS_F16_TYPE(T)                               \
                     || __builtin_types_compatible_p(T, int32_t)          \
                     || __builtin_types_compatible_p(T, pto_bf16)         \
                     || __builtin_types_compatible_p(T, int8_t)           \
                     || __builtin_types_compatible_p(T, uint8_t)          \
                     || __builtin_types_compatible_p(T, int16_t)          \
                     || __builtin_types_compatible_p(T, uint64_t),        \
                 "PTO_TILE: the element type must be float, _Float16, "   \
                 "int32_t, pto_bf16, int8_t, uint8_t, int16_t or "        \
                 "uint64_t");                                             \
  _Static_assert(!__builtin_types_compatible_p(const T *, T *)            \
                     && !__builtin_types_compatible_p(volatile T *, T *)  \
                     && !__builtin_types_compatible_p(_Atomic T *, T *),  \
                 "PTO_TILE: the element type must not be const, volatile " \
                 "or _Atomic");
#if PTO_PLUGIN_MODE
/* The plugin checks the element type of every pto_tile struct itself
   (one located error, also for the raw attribute).  T still goes where
   only a type name parses, as in reference mode's checks, so that a
   stray token such as `PTO_TILE(; int32_t, 8, 8)' is a syntax error in
   both modes (GNU C accepts an empty declaration in a struct).  */
#define PTO_TILE(T, R, C)                                                  \
  struct __attribute__((pto_tile)) {                                       \
    T v[R][C];                                                             \
    PTO__SHAPE_CHECK(R, C)                                                 \
    _Static_assert(__builtin_types_compatible_p(T, T),                     \
                   "PTO_TILE: the element type must be a type name");      \
  }
#else
#define PTO_TILE(T, R, C) struct { T v[R][C]; PTO__TILE_CHECKS(T, R, C) }
#endif

/* The rounding modes of pto_cast_round, in the order of the vendor's
   vconv_f322s32 suffixes r, a, f, c, z.  */
enum {
  PTO_ROUND_RINT = 0,
  PTO_ROUND_AWAY = 1,
  PTO_ROUND_FLOOR = 2,
  PTO_ROUND_CEIL = 3,
  PTO_ROUND_TRUNC = 4
};

/* ------------------------------------------------------------------ */
/* Intrinsics (one line each: semantics; shapes)                      */
/* ------------------------------------------------------------------ */

/* pto_load(t, p, rs)     t[i][j] = p[i*rs + j]; t R x C, p points to its dtype, rs >= C
   pto_store(p, rs, t)    p[i*rs + j] = t[i][j]; p non-const pointer to t's dtype, rs >= C
   pto_load_valid(t, p, rs, vr, vc, pad)
                          partial tile: t[i][j] = p[i*rs + j] for i < vr, j < vc,
                          every other element = pad (converted to t's dtype,
                          for bf16 (float)pad rounded to nearest even);
                          0 <= vr <= R, 0 <= vc <= C, rs >= vc when vr > 1;
                          p[i*rs + j] is read only inside the valid region
   pto_store_valid(p, rs, t, vr, vc)
                          partial tile: p[i*rs + j] = t[i][j] for i < vr, j < vc
                          and no other GM byte is written; limits as load_valid
   pto_add(d, a, b)       d = a + b elementwise; d, a, b same shape and dtype
   pto_sub(d, a, b)       d = a - b elementwise; same shape and dtype
   pto_mul(d, a, b)       d = a * b elementwise; same shape and dtype
   pto_div(d, a, b)       d = a / b elementwise (int32: truncating); same shape and dtype
   pto_max(d, a, b)       d = max(a, b) elementwise; same shape and dtype
   pto_min(d, a, b)       d = min(a, b) elementwise; same shape and dtype
   pto_adds(d, a, s)      d = a + s for every element; d, a same shape and dtype
   pto_muls(d, a, s)      d = a * s for every element; d, a same shape and dtype
   pto_maxs(d, a, s)      d = max(a, s) for every element; d, a same shape and dtype
   pto_mins(d, a, s)      d = min(a, s) for every element; d, a same shape and dtype
   pto_lrelu(d, a, s)     d = a > 0 ? a : a * s (leaky ReLU, slope s); float/fp16
   pto_exp(d, a)          d = e^a; float/fp16 tiles of one shape
   pto_log(d, a)          d = ln a; float/fp16 tiles of one shape
   pto_abs(d, a)          d = |a|; same shape and dtype
   pto_sqrt(d, a)         d = sqrt(a); float/fp16 tiles of one shape
   pto_rsqrt(d, a)        d = 1 / sqrt(a); float/fp16 tiles of one shape
   pto_recip(d, a)        d = 1 / a; float/fp16 tiles of one shape
   pto_relu(d, a)         d = max(a, 0); same shape and dtype
   pto_neg(d, a)          d = -a; same shape and dtype
   pto_tanh(d, a)         d = tanh(a); float/fp16 tiles of one shape
   pto_sigmoid(d, a)      d = 1 / (1 + e^-a); float/fp16 tiles of one shape
   pto_exp2(d, a)         d = 2^a; float/fp16 tiles of one shape
   pto_gelu(d, a)         d = GELU(a), the tanh form:
                          a/2 * (1 + tanh(sqrt(2/pi) * (a + 0.044715 a^3)));
                          float/fp16 tiles of one shape
   pto_pow(d, a, b)       d = a^b elementwise, for a > 0 (below);
                          float/fp16 tiles of one shape
   pto_pows(d, a, s)      d = a^s for every element, a > 0; float/fp16
                          (the scalar converted to the dtype first)
                          These five are sequences of vector instructions
                          in the CCE: see "Transcendentals" above for the
                          error bounds against reference mode.
   pto_fill(d, s)         every element of d = s; any tile
   pto_cast(d, a)         d = a converted to d's dtype, rounding as above;
                          same shape, any dtypes (bf16 to and from float only)
   pto_cast_round(d, a, mode)
                          d = a rounded to int32 by MODE, a constant:
                          PTO_ROUND_RINT (nearest, ties to even: as
                          pto_cast), PTO_ROUND_AWAY (nearest, ties away
                          from zero), PTO_ROUND_FLOOR, PTO_ROUND_CEIL,
                          PTO_ROUND_TRUNC (toward zero, as C's (int)
                          conversion); d int32, a float or fp16 of d's
                          shape; saturates to INT32_MIN/INT32_MAX, NaN
                          gives 0, as the device does (CCE
                          vconv_f322s32r/a/f/c/z, pto-isa TCVT with
                          RoundMode::CAST_*)
   pto_quantize(d, a, scale, offset)
                          d = a * scale + offset rounded to the nearest
                          integer (ties to even) and saturated to d's
                          range, NaN giving 0; d int8_t or uint8_t, a
                          float or fp16 of d's shape, scale and offset
                          converted to a's dtype.  Computed as the device
                          does, one rounding per step: t = a * scale and
                          t = t + offset in a's dtype, then t to fp16
                          (the vector unit converts 8-bit values to and
                          from fp16 only), then fp16 to d (pto_cast);
                          every mode gives these bits.  Against the
                          exact q = a * scale + offset, while |q| < 128
                          (256 for uint8_t), |d - q| <= 0.5 + 2^-4 +
                          2^-23 |a * scale| for float a, <= 0.5 + 2^-4 +
                          2^-11 |a * scale| for fp16 a; so d is the
                          correctly rounded q unless q lies that close to
                          a half-integer, and never off by more than 1.
                          Temporaries: a float a takes an f32 and an fp16
                          tile of a's shape, an fp16 a one fp16 tile
                          (they count in the UB plan)
   pto_dequantize(d, a, scale, offset)
                          d = (a - offset) * scale; d float or fp16, a
                          int8_t or uint8_t of d's shape, scale and
                          offset converted to d's dtype.  Computed as
                          a to fp16 (exact), to d's dtype (exact), t =
                          a + -offset, then t * scale, each rounded to
                          d's dtype: for an integer offset the
                          subtraction is exact and d is within half an
                          ulp of d's dtype of (a - offset) * scale.  With
                          scale' = 1 / scale, pto_dequantize(x, q,
                          scale', offset) undoes pto_quantize(q, x,
                          scale, offset) to within (0.5 + 2^-4) * scale'
                          plus rounding.  A float d takes an fp16 tile
                          of its shape
   pto_dequant(h, c, scale)
                          h = c * scale as fp16: h an fp16 tile, c an
                          int32_t tile of h's shape (an int8 pto_matmul's
                          accumulator, or any int32 tile), scale a float
                          (converted to float first).  Exactly: x =
                          (float)c[i][j] (nearest even beyond 2^24), then
                          x = x * scale rounded to float, clamped to
                          [-65504, 65504] (so an overflow gives +-65504,
                          never inf), then rounded to fp16, ties to even;
                          0 * a negative scale is -0.  That is the
                          fixpipe's DEQF16 (PTO-ISA's CPU model:
                          include/pto/cpu/common.hpp quantize_element,
                          the scalar scale a whole float).  Every mode
                          gives these bits for a finite scale; where
                          x * scale is NaN (an infinite or NaN scale)
                          reference mode and sim=jit give NaN, the vector
                          unit's clamp is unspecified there (vmins /
                          vmaxs, below).  Lowering: on dav-c220, when c
                          is a pto_matmul accumulator, the fixpipe
                          dequantizes on its way to GM (h has no memory:
                          it is stored, by pto_store / pto_store_valid
                          following the pto_dequant in one block before
                          c changes, or handed to the vector core through
                          the GM workspace for vector ops; doc/cce.md);
                          otherwise (c in UB, and on dav-m200, which has
                          no int8 matmul) the vector unit: cast to an f32
                          temporary of h's shape (it counts in the UB
                          plan), vmuls, vmins, vmaxs, cast to fp16
   pto_col_dequant(h, c, r)
                          h[i][j] = c[i][j] * pto_deq_scale(r)[0][j] as
                          pto_dequant computes it; r a 1 x C tile of a
                          scale per column (per output channel): floats,
                          or uint64_t deq words (pto_deq_word(scale),
                          packed by the host; the same results).  With
                          deq words and c a pto_matmul accumulator, on
                          dav-c220 and 3510 the fixpipe dequantizes on
                          its way to GM (QuantPRE VDEQF16; h is only
                          stored, as for pto_dequant; doc/cce.md);
                          otherwise the vector unit (ExpandTileOps): on
                          dav-c220 a float-scaled accumulator reaches
                          the vector core through the GM workspace (a
                          mix kernel)
   pto_deq_scale(d, r)    d = r as the fixpipe's per-channel deq word
                          holds it: each float's 13 low mantissa bits
                          cleared (toward zero), a resulting -0 read as
                          +0 (PTO-ISA's extract_m1_from_quant<true>);
                          d a float tile, r a float tile or a uint64_t
                          tile of deq words (the float in each word's
                          bits [31:0]) of d's shape; the scalar unit in
                          the CCE.  A NaN scale's result is unspecified
   pto_row_sum(d, a)      d[i][0] = sum over j of a[i][j]; d R x 1, a R x C, same dtype
   pto_row_max(d, a)      d[i][0] = max over j of a[i][j]; d R x 1, a R x C, same dtype
   pto_row_expand(d, r)   d[i][j] = r[i][0]; d R x C, r R x 1, same dtype (pto-isa TROWEXPAND)
   pto_row_expand_add(d, a, r)  d[i][j] = a[i][j] + r[i][0]; d, a R x C, r R x 1, float/fp16
   pto_row_expand_sub(d, a, r)  d[i][j] = a[i][j] - r[i][0]; shapes as row_expand_add
   pto_row_expand_mul(d, a, r)  d[i][j] = a[i][j] * r[i][0]; shapes as row_expand_add
   pto_row_expand_div(d, a, r)  d[i][j] = a[i][j] / r[i][0]; shapes as row_expand_add
                          (row r[i][0] is read before row i of d is written,
                          so d may be r when C == 1)
   pto_col_sum(d, a)      d[0][j] = a[0][j] + a[1][j] + ... + a[R-1][j], added top to
                          bottom (fp16: in float, rounded once); d 1 x C, a R x C,
                          same dtype (pto-isa TCOLSUM)
   pto_col_max(d, a)      d[0][j] = max over i of a[i][j]; d 1 x C, a R x C, same dtype
                          (pto-isa TCOLMAX)
   pto_col_expand_add(d, a, r)  d[i][j] = a[i][j] + r[0][j]; d, a R x C, r 1 x C, one
                          dtype (pto-isa TCOLEXPAND*)
   pto_col_expand_sub(d, a, r)  d[i][j] = a[i][j] - r[0][j]; shapes as col_expand_add
   pto_col_expand_mul(d, a, r)  d[i][j] = a[i][j] * r[0][j]; shapes as col_expand_add
   pto_col_expand_div(d, a, r)  d[i][j] = a[i][j] / r[0][j]; float/fp16 only
   pto_col_expand_max(d, a, r)  d[i][j] = max(a[i][j], r[0][j]); as col_expand_add
   pto_col_expand_min(d, a, r)  d[i][j] = min(a[i][j], r[0][j]); as col_expand_add
                          (element-wise per row: d may be a, and d may be r
                          when R == 1; int32 wraps as pto_add does)
   pto_cmp_lt(m, a, b)    m[i][j] = a[i][j] < b[i][j] ? 1 : 0; a, b one shape and
                          dtype (float, fp16 or int32), m an int32 tile of that
                          shape (the mask); fp16 compares exactly in float; a
                          NaN compares false (IEEE), so pto_cmp_ne is 1 there
   pto_cmp_le, pto_cmp_gt, pto_cmp_ge, pto_cmp_eq, pto_cmp_ne (m, a, b)
                          the same with <=, >, >=, ==, !=
   pto_cmps_lt(m, a, s)   m[i][j] = a[i][j] < s ? 1 : 0, s converted to a's dtype
                          first (as pto_adds does); likewise pto_cmps_le, _gt,
                          _ge, _eq, _ne
   pto_select(d, m, a, b) d[i][j] = m[i][j] != 0 ? a[i][j] : b[i][j]; d, a, b one
                          shape and dtype, m an int32 tile of that shape (any
                          nonzero is true); element by element, so d may be
                          any operand (pto-isa TCMP/TCMPS/TSEL)
   pto_and(d, a, b)       d = a & b elementwise; d, a, b int32 tiles of one shape
   pto_or(d, a, b)        d = a | b; as pto_and
   pto_xor(d, a, b)       d = a ^ b; as pto_and
   pto_not(d, a)          d = ~a; d, a int32 tiles of one shape
   pto_shl(d, a, b)       d = a << b elementwise (the bits shifted out are
                          lost: (int32_t)((uint32_t)a << b)); as pto_and,
                          every count b[i][j] in [0, 31]
   pto_shr(d, a, b)       d = a >> b elementwise, arithmetic (the sign bit
                          is copied in, as the vendor's ShiftRight does for
                          int32_t); counts as pto_shl
   pto_shls(d, a, s)      d = a << s, one count s for every element, in
                          [0, 31] (s converted to int32 first)
   pto_shrs(d, a, s)      d = a >> s, arithmetic; s as pto_shls
                          (a count outside [0, 31] stops the program in
                          reference mode and sim=jit, is a compile error
                          when constant; the device code uses its low 5
                          bits)
   pto_transpose(d, a)    d[j][i] = a[i][j]; d C x R, a R x C, one dtype (any);
                          d may be a itself when R == C (pto-isa TTRANS)
   pto_matmul(c, a, b)    c += a * b accumulated in float; c M x N float,
                          a M x K, b K x N, a and b both float, both fp16
                          or both pto_bf16; or both int8_t into an
                          int32_t c (exact products, sums wrapping
                          modulo 2^32).
                          Epilogues on c after its last pto_matmul:
                          pto_col_expand_add(c, c, bias) with a 1 x N float
                          bias row, then pto_relu(c, c); on dav-c220 the
                          bias enters the product's first mad (the bias
                          table), so pto_fill(c, 0), the pto_load of the
                          bias, the K loop and the epilogue must follow
                          one another in one block (examples/gemm_bias_relu.c,
                          doc/cce.md "Epilogues")
                          Operand dtypes under the CCE back end (reference
                          mode and sim=jit take all four everywhere):
                            fp16 a, b: dav-c220 and dav-m200;
                            pto_bf16 a, b: dav-c220 (mad's bfloat16_t
                              form); dav-m200 a located error (no bf16
                              at all: build for dav-c220);
                            float a, b: dav-c220 (mad's float form,
                              16 x 8 fractals; the K x N operand laid out
                              ZZ in L1 and transposed into L0B as the
                              vendor's load_data_l12l0 example does;
                              one tile may be both a and b; any GM row
                              stride);
                              3510 under -fplugin-arg-pto-emit=pto-isa
                              only (PTO-ISA's TMATMUL f32 x f32; the
                              CCE back end a located sorry); dav-m200
                              a located error (no f32 mad: dav_m200/
                              kernel_operator_mm_impl.h MmadCal takes
                              fp16; build for dav-c220 or pto_cast the
                              operands to fp16 tiles);
                            int8_t a, b into int32_t c: dav-c220, columns
                              of a and b multiples of 32 (16 x 32
                              fractals), c set by pto_fill(c, 0) and
                              pto_matmul and leaving by pto_store /
                              pto_store_valid, or as fp16 by
                              pto_dequant(h, c, scale) and pto_store /
                              pto_store_valid of h (the fixpipe's DEQF16,
                              as for pto_cast below; no epilogue, cast or
                              load: located errors); dav-m200 a located
                              error (no transposing L1 -> L0B load of
                              int8: build for dav-c220).
                          A result leaves as fp16 or bf16 by pto_cast(h,
                          c) to an fp16 / pto_bf16 tile h and pto_store
                          (or pto_store_valid) of h: on dav-c220 the
                          fixpipe converts on the way to GM (h has no
                          memory; its stores must follow the cast in one
                          block before c changes), on dav-m200 (fp16
                          only) a vector cast of c's UB copy.
                          c may start from pto_fill(c, 0) or pto_load (both
                          archs); a result reaches another pto_matmul as
                          pto_cast(h, c) to an fp16 operand h (dav-c220:
                          the fixpipe into L1; dav-m200 through UB, where
                          any vector op may also define h or change c
                          between products); doc/cce.md.
                          Vector ops on c, on h, on an operand or on any
                          other tile of the kernel: dav-m200 runs them in
                          its one core; on dav-c220 the CCE back end
                          splits the kernel between the cube core and
                          the vector cores, which hand tiles over through
                          a GM workspace (no break, continue or return
                          in such a kernel, no scalar code reading a
                          tile: located errors; doc/cce.md "One kernel
                          on the cube core and the vector cores")
   pto_block_idx()        int: index of the running block, 0 <= idx < pto_block_num()
   pto_block_num()        int: number of blocks of the running launch
   pto_unroll(f1, ...)    statement, first in a loop body: the loop's unroll_list
                          {f1, ...}, 1 to 8 positive integer constants
                          of at most 2147483647 (doc/ir.md); in ordinary
                          C code no effect (the factors are checked)
   pto_unroll_factor()    int: unroll factor of the current code path (1 in
                          reference mode)
   pto_launch(k, n, ...)  run kernel k on n >= 1 blocks with the given arguments
                          (at most 19); in PTO_HOST functions and ordinary host
                          code such as main(), not in kernels or inline helpers

   Partial tiles (pto-isa TLOAD/TSTORE with a dynamic valid shape, PyPTO's
   valid_shape).  A tile's type keeps its static R x C shape; the valid
   region vr x vc (top-left) is a pair of run-time int expressions given
   to the transfers only.  pto_load_valid writes the whole tile: the
   valid region from GM, the rest the scalar pad, so every compute op
   keeps running on the full static tile and stays correct when the pad
   is that op's neutral element: -INFINITY for row_max and softmax (exp
   of it is 0), 0 for row_sum and layernorm, and 0 for pto_matmul
   operands: the padded columns of a and rows of b beyond the valid K
   add exactly 0, padded rows of a / columns of b only reach elements
   of c that pto_store_valid(p, rs, c, vr, vc) leaves alone
   (examples/gemm_tail.c).  The CCE back end's cube path takes
   pto_load_valid into a matmul operand with the constant pad 0 only (a
   located "sorry" otherwise) and pto_store_valid of the accumulator
   (doc/passes.md "Cube path").  The pad
   elements are ordinary data: ops compute on them (exp(-inf) = 0,
   -inf - -inf = NaN, ...) and pto_store_valid never writes them back.
   pto_store_valid writes exactly vc elements of each of the first vr
   rows: not a byte more, whatever the alignment of p or rs (the CCE
   lowering uses the byte-granular DMA form, doc/passes.md "Partial
   tiles").
   vr or vc of 0 moves no data (load_valid then fills the whole tile with
   pad).  Checks: a constant vr/vc outside [0, R]/[0, C] is a compile
   error in plugin mode (located); a run-time value outside stops the
   program ("pto: pto_load_valid: valid rows 17 outside [0, 16] ...") in
   reference mode and under pto-cc, is a fault report in the CCE
   simulator, and is clamped to the range by the device code (no access
   outside the tile or the region [0, R) x [0, C) of p).  The same holds
   for the stride rule rs >= vc (the device clamps vc to rs).  */

/* Both modes: PTO__NARGS(a1, ..., an) is n (1 <= n <= 20), for the
   macros that treat each argument of pto_launch and pto_unroll.  */
#define PTO__CAT(a, b) PTO__CAT_(a, b)
#define PTO__CAT_(a, b) a##b
#define PTO__NARGS(...) \
  PTO__NARGS_(__VA_ARGS__, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, \
              9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define PTO__NARGS_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, \
                    _13, _14, _15, _16, _17, _18, _19, _20, n, ...) n
/* The type of A after lvalue conversion (an array or function becomes a
   pointer, qualifiers go, a bit-field has its declared type): the type
   in which pto_launch passes argument A, in both modes.  */
#define PTO__ARG_TYPE(a) __typeof__(((void)0, (a)))

#if PTO_PLUGIN_MODE

/* Plugin mode: each intrinsic is a call to a prototype tagged with the
   op's registry name.  Tiles are passed by address (void * written,
   const void * read), GM pointers as void * (written) or const void *
   (read), integer operands (row strides, block counts) as long long,
   scalars of the tile dtype as double.  The plugin type-checks the
   original argument expressions (it strips these conversions) and
   replaces every call; a call that survives (an intrinsic outside a
   kernel, host or inline function) fails to link.  Tile operands, GM
   pointer operands and pto_launch's kernel go through a variadic marker
   (__pto_tile_ref, __pto_arg_ref below) so that they keep their own C
   type, the user's casts included.  pto_launch is the exception: it
   belongs in host code, plain functions (main) included.  Its kernel
   is the marked first operand (the plugin finds the function); the
   kernel's arguments follow the block count.  */
#define PTO__INTRINSIC(name) __attribute__((pto_intrinsic(name)))

/* Not a registry op: the plugin turns it into the loop's unroll
   attribute (doc/ir.md, `unroll=[...]`); in ordinary C code it checks
   the factors and drops the call.  The factors follow a 0 so that
   none is converted to a parameter type: the plugin sees 2.5 and
   0x100000002LL as written and rejects them as reference mode does.  */
extern void __pto_unroll(int pto__zero, ...) PTO__INTRINSIC("unroll");

/* A tile operand goes through this variadic call, so that its own
   pointer type reaches the plugin: converted to a prototype's void *
   directly, a cast such as `*(half_t *) &t' would be folded away and the
   plugin could not reject the tile view.  */
extern void *__pto_tile_ref(int pto__zero, ...) PTO__INTRINSIC("tile_ref");
#define PTO__TREF(t) __pto_tile_ref(0, &(t))
/* The same for a GM pointer operand and pto_launch's kernel: their own
   C type reaches the plugin, so that `(void *) y', `(unsigned) y' or
   `(int *) k' is rejected as in reference mode instead of being folded
   into the prototype's void *.  */
extern void *__pto_arg_ref(int pto__zero, ...) PTO__INTRINSIC("arg_ref");
#define PTO__AREF(p) __pto_arg_ref(0, (p))

/* Every other op's prototype and macro, generated from the op table.  */
#include "pto-ops-plugin.h"
#define pto_unroll(...) __pto_unroll(0, __VA_ARGS__)
/* pto_launch's kernel arguments: each as a one-element array compound
   literal of its own type after lvalue conversion, (T[1]){a}, which
   decays to a pointer that the variadic call does not promote (an
   array, so that a struct argument initialises its element whole).
   The plugin passes the element (a non-constant lvalue of type T) to
   the kernel's parameter, as reference mode passes its copy of the
   argument (a PTO__ARG_TYPE variable), so that C checks and converts it alike: a _Bool, a
   (char) 0 or the constant (_Bool) 1 given for a pointer is diagnosed
   as there, not as the int the promotion would make of it.  */
extern void __pto_op_launch(void *pto__k, long long pto__n, ...) PTO__INTRINSIC("launch");
#define PTO__LARG(a) ((PTO__ARG_TYPE(a)[1]){(a)})
#define PTO__LMAP_1(a) PTO__LARG(a)
#define PTO__LMAP_2(a, ...) PTO__LARG(a), PTO__LMAP_1(__VA_ARGS__)
#define PTO__LMAP_3(a, ...) PTO__LARG(a), PTO__LMAP_2(__VA_ARGS__)
#define PTO__LMAP_4(a, ...) PTO__LARG(a), PTO__LMAP_3(__VA_ARGS__)
#define PTO__LMAP_5(a, ...) PTO__LARG(a), PTO__LMAP_4(__VA_ARGS__)
#define PTO__LMAP_6(a, ...) PTO__LARG(a), PTO__LMAP_5(__VA_ARGS__)
#define PTO__LMAP_7(a, ...) PTO__LARG(a), PTO__LMAP_6(__VA_ARGS__)
#define PTO__LMAP_8(a, ...) PTO__LARG(a), PTO__LMAP_7(__VA_ARGS__)
#define PTO__LMAP_9(a, ...) PTO__LARG(a), PTO__LMAP_8(__VA_ARGS__)
#define PTO__LMAP_10(a, ...) PTO__LARG(a), PTO__LMAP_9(__VA_ARGS__)
#define PTO__LMAP_11(a, ...) PTO__LARG(a), PTO__LMAP_10(__VA_ARGS__)
#define PTO__LMAP_12(a, ...) PTO__LARG(a), PTO__LMAP_11(__VA_ARGS__)
#define PTO__LMAP_13(a, ...) PTO__LARG(a), PTO__LMAP_12(__VA_ARGS__)
#define PTO__LMAP_14(a, ...) PTO__LARG(a), PTO__LMAP_13(__VA_ARGS__)
#define PTO__LMAP_15(a, ...) PTO__LARG(a), PTO__LMAP_14(__VA_ARGS__)
#define PTO__LMAP_16(a, ...) PTO__LARG(a), PTO__LMAP_15(__VA_ARGS__)
#define PTO__LMAP_17(a, ...) PTO__LARG(a), PTO__LMAP_16(__VA_ARGS__)
#define PTO__LMAP_18(a, ...) PTO__LARG(a), PTO__LMAP_17(__VA_ARGS__)
#define PTO__LMAP_19(a, ...) PTO__LARG(a), PTO__LMAP_18(__VA_ARGS__)
#define PTO__LAUNCHP_1(k, nb) __pto_op_launch(PTO__AREF(k), (nb))
#define PTO__LAUNCHP_2(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_1(__VA_ARGS__))
#define PTO__LAUNCHP_3(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_2(__VA_ARGS__))
#define PTO__LAUNCHP_4(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_3(__VA_ARGS__))
#define PTO__LAUNCHP_5(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_4(__VA_ARGS__))
#define PTO__LAUNCHP_6(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_5(__VA_ARGS__))
#define PTO__LAUNCHP_7(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_6(__VA_ARGS__))
#define PTO__LAUNCHP_8(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_7(__VA_ARGS__))
#define PTO__LAUNCHP_9(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_8(__VA_ARGS__))
#define PTO__LAUNCHP_10(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_9(__VA_ARGS__))
#define PTO__LAUNCHP_11(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_10(__VA_ARGS__))
#define PTO__LAUNCHP_12(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_11(__VA_ARGS__))
#define PTO__LAUNCHP_13(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_12(__VA_ARGS__))
#define PTO__LAUNCHP_14(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_13(__VA_ARGS__))
#define PTO__LAUNCHP_15(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_14(__VA_ARGS__))
#define PTO__LAUNCHP_16(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_15(__VA_ARGS__))
#define PTO__LAUNCHP_17(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_16(__VA_ARGS__))
#define PTO__LAUNCHP_18(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_17(__VA_ARGS__))
#define PTO__LAUNCHP_19(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_18(__VA_ARGS__))
#define PTO__LAUNCHP_20(k, nb, ...) \
  __pto_op_launch(PTO__AREF(k), (nb), PTO__LMAP_19(__VA_ARGS__))
#define pto_launch(k, ...) \
  PTO__CAT(PTO__LAUNCHP_, PTO__NARGS(__VA_ARGS__))(k, __VA_ARGS__)

#else /* reference mode */

/* Reference mode.  Each intrinsic macro (1) checks its operands at
   compile time with _Static_assert (C cannot see more than types, so the
   checks are on shapes and dtypes), then (2) calls a static inline
   function for the element type, chosen with _Generic.  Every operand
   expression is evaluated exactly once.  */

/* --- operand inspection (unevaluated) ------------------------------ */

/* GCC's type class of a struct or union is 12 (record_type_class).  A
   tile operand is a struct lvalue with a 2-D array member v.  PTO__T(t)
   is T itself when it is a struct and a never-defined dummy tile
   otherwise, so that a non-tile operand draws exactly one error (the
   assertion of PTO__CHECK_TILE) instead of a cascade.  */
#define PTO__IS_TILE(t) (__builtin_classify_type(t) == 12)
typedef struct pto__not_a_tile {
  float v[1][1];
} pto__not_a_tile;
extern pto__not_a_tile pto__not_a_tile_object;
#define PTO__T(t) \
  __builtin_choose_expr(PTO__IS_TILE(t), (t), pto__not_a_tile_object)

#define PTO__ELT(t) (PTO__T(t).v[0][0])
#define PTO__ROWS(t) (sizeof(PTO__T(t).v) / sizeof(PTO__T(t).v[0]))
#define PTO__COLS(t) (sizeof(PTO__T(t).v[0]) / sizeof(PTO__ELT(t)))
#define PTO__NELEM(t) (sizeof(PTO__T(t).v) / sizeof(PTO__ELT(t)))
/* The element pointers handed to the implementation functions.  The
   static assertions have checked the types already; the void * keeps a
   failed check from cascading into pointer-type warnings.  */
#define PTO__DST(t) ((void *)&PTO__ELT(t))
#define PTO__SRC(t) ((const void *)&PTO__ELT(t))

#if PTO_HAVE_F16
#define PTO__F16_CASE(x) pto_f16: x,
#else
#define PTO__F16_CASE(x)
#endif

/* 1 if the element type of tile T is supported (float, fp16, int32,
   bf16).  */
#define PTO__IS_KNOWN(t)                                                    \
  _Generic(PTO__ELT(t), float: 1, PTO__F16_CASE(1) int32_t: 1,             \
           pto_bf16: 1, int8_t: 1, uint8_t: 1, int16_t: 1, uint64_t: 1,    \
           default: 0)
/* 1 if it is an 8-bit integer tile (storage only, like bf16).  */
#define PTO__IS_INT8(t) _Generic(PTO__ELT(t), int8_t: 1, uint8_t: 1, default: 0)
/* 1 if it is an int8_t tile (a pto_matmul operand besides storage).  */
#define PTO__IS_S8(t) _Generic(PTO__ELT(t), int8_t: 1, default: 0)
/* 1 if it is a uint64_t tile (the fixpipe's deq words).  */
#define PTO__IS_U64(t) _Generic(PTO__ELT(t), uint64_t: 1, default: 0)
/* 1 if it is an int16_t tile (storage only too).  */
#define PTO__IS_INT16(t) _Generic(PTO__ELT(t), int16_t: 1, default: 0)
#define PTO__IS_F16_OR(t, T) \
  _Generic(PTO__ELT(t), PTO__F16_CASE(1) T: 1, default: 0)
/* 1 if it is bf16 (storage only: loads, stores, casts).  */
#define PTO__IS_BF16(t) _Generic(PTO__ELT(t), pto_bf16: 1, default: 0)
#define PTO__IS_F32_OR_BF16(t) \
  _Generic(PTO__ELT(t), float: 1, pto_bf16: 1, default: 0)
/* 1 if it is a floating type.  */
#define PTO__IS_FLOAT(t) \
  _Generic(PTO__ELT(t), float: 1, PTO__F16_CASE(1) default: 0)
/* 1 unless both are tiles and COND fails: checks between operands stay
   quiet when one of them is not a tile (already reported).  */
#define PTO__BOTH(a, b, cond) (!PTO__IS_TILE(a) || !PTO__IS_TILE(b) || (cond))

/* A tile operand of an op with arithmetic on its elements: bf16 tiles
   have none (the vector unit's only bf16 instructions are conversions).  */
#define PTO__CHECK_TILE(op, t)                                              \
  PTO__CHECK_TILE_ANY(op, t);                                               \
  _Static_assert(!PTO__IS_BF16(t),                                         \
                 op ": " #t " is a bf16 tile: bf16 tiles support only "    \
                 "pto_load, pto_store, pto_cast and pto_matmul operands; " \
                 "compute in f32 (pto_cast to a float tile first)");       \
  _Static_assert(!PTO__IS_INT8(t),                                         \
                 op ": " #t " is an 8-bit integer tile: int8_t and "       \
                 "uint8_t tiles support only pto_load, pto_store, "        \
                 "pto_cast, pto_quantize and pto_dequantize; compute in "  \
                 "fp16 (pto_cast to a _Float16 tile first)");              \
  _Static_assert(!PTO__IS_INT16(t),                                        \
                 op ": " #t " is an int16_t tile: int16_t tiles support "  \
                 "only pto_load, pto_store and pto_cast; compute in fp16 " \
                 "(pto_cast to a _Float16 tile first)");                   \
  PTO__CHECK_NOT_WORDS(op, t)
/* uint64_t tiles (deq words) have no arithmetic and no conversions.  */
#define PTO__CHECK_NOT_WORDS(op, t)                                         \
  _Static_assert(!PTO__IS_TILE(t) || !PTO__IS_U64(t),                      \
                 op ": " #t " is a uint64_t tile: uint64_t tiles (deq "    \
                 "words, pto_deq_word) support only pto_load, pto_store "  \
                 "and the scales of pto_col_dequant and pto_deq_scale")
/* A tile operand of an op that moves or converts elements (any dtype).  */
#define PTO__CHECK_TILE_ANY(op, t)                                          \
  _Static_assert(PTO__IS_TILE(t), op ": operand " #t " is not a PTO_TILE"); \
  _Static_assert(__builtin_types_compatible_p(                             \
                     __typeof__(PTO__T(t).v),                              \
                     __typeof__(PTO__ELT(t))[PTO__ROWS(t)][PTO__COLS(t)]), \
                 op ": operand " #t " is not a PTO_TILE");                 \
  _Static_assert(PTO__IS_KNOWN(t), op ": the element type of " #t         \
                                      " is not float, _Float16, int32_t, "  \
                                      "pto_bf16, int8_t, uint8_t, "        \
                                      "int16_t or uint64_t")
#define PTO__CHECK_FLOAT(op, t)                                             \
  _Static_assert(PTO__IS_FLOAT(t),                                         \
                 op ": " #t " must be a float or _Float16 tile")
#define PTO__CHECK_SAME_DTYPE(op, a, b)                                     \
  _Static_assert(PTO__BOTH(a, b, __builtin_types_compatible_p(             \
                                     __typeof__(PTO__ELT(a)),              \
                                     __typeof__(PTO__ELT(b)))),            \
                 op ": the tiles " #a " and " #b " differ in dtype")
#define PTO__CHECK_SAME_SHAPE(op, a, b)                                     \
  _Static_assert(PTO__BOTH(a, b, PTO__ROWS(a) == PTO__ROWS(b)              \
                                     && PTO__COLS(a) == PTO__COLS(b)),     \
                 op ": the tiles " #a " and " #b " differ in shape")
/* The destination must be assignable (not a const tile); the assignment
   is inside sizeof, so it is only type-checked, never executed.  */
#define PTO__CHECK_WRITABLE(t) ((void)sizeof(PTO__ELT(t) = PTO__ELT(t)))

/* --- run-time support ---------------------------------------------- */

/* Report a run-time misuse on stderr ("pto: pto_load: ...") and abort.  */
__attribute__((noreturn, unused, format(printf, 1, 2))) static void
pto__ref_fail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("pto: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

/* Selected by _Generic for an unsupported element type, after a static
   assertion has already reported the error: swallows the call quietly.  */
__attribute__((unused)) static inline void
pto__bad_dtype(const volatile void *p, ...)
{
  (void)p;
}

/* Wrap an exact integer result to int32 (two's complement).  */
static inline int32_t
pto__wrap(int64_t v)
{
  return (int32_t)(uint32_t)(uint64_t)v;
}

/* Round a float to the nearest int32, ties to even, saturating; NaN -> 0
   (CCE vconv_f322s32r).  No libm needed: x - trunc(x) is exact.  */
static inline int32_t
pto__f2i(float x)
{
  if (x != x)
    return 0;
  if (x >= 2147483648.0f)
    return INT32_MAX;
  if (x <= -2147483648.0f)
    return INT32_MIN;
  int32_t i = (int32_t)x;
  float frac = x - (float)i;
  if (frac > 0.5f || (frac == 0.5f && (i & 1)))
    i++;
  else if (frac < -0.5f || (frac == -0.5f && (i & 1)))
    i--;
  return i;
}

/* --- element operations ---------------------------------------------
   PTO__F_<op>(x, y) is the float computation; fp16 elements are widened
   to float, computed, and rounded back once.  PTO__I_<op> is int32.  */

#define PTO__F_add(x, y) ((x) + (y))
#define PTO__F_sub(x, y) ((x) - (y))
#define PTO__F_mul(x, y) ((x) * (y))
#define PTO__F_div(x, y) ((x) / (y))
#define PTO__F_max(x, y) ((x) > (y) ? (x) : (y))
#define PTO__F_min(x, y) ((x) < (y) ? (x) : (y))
#define PTO__F_exp(x) __builtin_expf(x)
#define PTO__F_log(x) __builtin_logf(x)
#define PTO__F_abs(x) __builtin_fabsf(x)
#define PTO__F_sqrt(x) __builtin_sqrtf(x)
#define PTO__F_rsqrt(x) (1.0f / __builtin_sqrtf(x))
#define PTO__F_recip(x) (1.0f / (x))
#define PTO__F_relu(x) ((x) > 0.0f ? (x) : 0.0f)
#define PTO__F_neg(x) (-(x))
#define PTO__F_lrelu(x, s) ((x) > 0.0f ? (x) : (x) * (s))
#define PTO__F_tanh(x) __builtin_tanhf(x)
#define PTO__F_sigmoid(x) (1.0f / (1.0f + __builtin_expf(-(x))))
#define PTO__F_exp2(x) __builtin_exp2f(x)
#define PTO__F_gelu(x) pto__gelu(x)
#define PTO__F_pow(x, y) pto__pow((x), (y))

/* GELU in its tanh form, in float.  Below -10 it is below 1e-37 (a
   float sees 0): x is clamped there, so gelu(-inf) is -0, not NaN.  */
static inline float
pto__gelu(float x)
{
  x = x < -10.0f ? -10.0f : x;
  return 0.5f * x
         * (1.0f + __builtin_tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
}

/* x^y for x > 0 (the C library's powf); elsewhere e^(y * ln x), which is
   what the device's sequence computes: 0 or inf at x = 0 (NaN when
   y = 0), NaN for x < 0.  */
static inline float
pto__pow(float x, float y)
{
  return x > 0.0f ? __builtin_powf(x, y) : __builtin_expf(y * __builtin_logf(x));
}

#define PTO__I_add(x, y) pto__wrap((int64_t)(x) + (y))
#define PTO__I_sub(x, y) pto__wrap((int64_t)(x) - (y))
#define PTO__I_mul(x, y) pto__wrap((int64_t)(x) * (y))
#define PTO__I_div(x, y) pto__idiv((x), (y))
#define PTO__I_max(x, y) ((x) > (y) ? (x) : (y))
#define PTO__I_min(x, y) ((x) < (y) ? (x) : (y))
#define PTO__I_abs(x) ((x) < 0 ? pto__wrap(-(int64_t)(x)) : (x))
#define PTO__I_relu(x) ((x) > 0 ? (x) : 0)
#define PTO__I_neg(x) pto__wrap(-(int64_t)(x))

static inline int32_t
pto__idiv(int32_t x, int32_t y)
{
  if (y == 0)
    pto__ref_fail("pto_div: int32 division by zero (%ld / 0)", (long)x);
  return pto__wrap((int64_t)x / y);
}

/* d[i] = a[i] OP b[i] and d[i] = a[i] OP s over N elements.  D may be A
   or B: element i is read before it is written.  */
#define PTO__DEF_BINARY_F(op)                                               \
  static inline void pto__##op##_f32(float *d, const float *a,            \
                                     const float *b, size_t n)            \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__F_##op(a[i], b[i]);                                       \
  }                                                                         \
  static inline void pto__##op##s_f32(float *d, const float *a, float s,  \
                                      size_t n)                           \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__F_##op(a[i], s);                                          \
  }
#define PTO__DEF_BINARY_I(op)                                               \
  static inline void pto__##op##_i32(int32_t *d, const int32_t *a,        \
                                     const int32_t *b, size_t n)          \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__I_##op(a[i], b[i]);                                       \
  }                                                                         \
  static inline void pto__##op##s_i32(int32_t *d, const int32_t *a,       \
                                      int32_t s, size_t n)                \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__I_##op(a[i], s);                                          \
  }
#define PTO__DEF_UNARY_F(op)                                                \
  static inline void pto__##op##_f32(float *d, const float *a, size_t n)  \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__F_##op(a[i]);                                             \
  }
#define PTO__DEF_UNARY_I(op)                                                \
  static inline void pto__##op##_i32(int32_t *d, const int32_t *a,        \
                                     size_t n)                            \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__I_##op(a[i]);                                             \
  }
#define PTO__DEF_BINARY_H(op)                                               \
  static inline void pto__##op##_f16(pto__f16 *d, const pto__f16 *a,      \
                                     const pto__f16 *b, size_t n)         \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__F2H(PTO__F_##op(PTO__H2F(a[i]), PTO__H2F(b[i])));        \
  }                                                                         \
  static inline void pto__##op##s_f16(pto__f16 *d, const pto__f16 *a,     \
                                      pto__f16 s, size_t n)               \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__F2H(PTO__F_##op(PTO__H2F(a[i]), PTO__H2F(s)));           \
  }
#define PTO__DEF_UNARY_H(op)                                                \
  static inline void pto__##op##_f16(pto__f16 *d, const pto__f16 *a,      \
                                     size_t n)                            \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__F2H(PTO__F_##op(PTO__H2F(a[i])));                        \
  }

/* Binary ops exist for every dtype (with an "s" scalar variant).  */
#define PTO__DEF_BINARY(op) \
  PTO__DEF_BINARY_F(op) PTO__DEF_BINARY_H(op) PTO__DEF_BINARY_I(op)
PTO__DEF_BINARY(add)
PTO__DEF_BINARY(sub)
PTO__DEF_BINARY(mul)
PTO__DEF_BINARY(div)
PTO__DEF_BINARY(max)
PTO__DEF_BINARY(min)
/* pow and pows: float and fp16 only.  */
PTO__DEF_BINARY_F(pow) PTO__DEF_BINARY_H(pow)

/* d[i] = OP(a[i], s) for the float-only ops with a scalar form only.  */
#define PTO__DEF_SCALAR_FLOAT(op)                                           \
  static inline void pto__##op##_f32(float *d, const float *a, float s,    \
                                     size_t n)                            \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__F_##op(a[i], s);                                          \
  }                                                                         \
  static inline void pto__##op##_f16(pto__f16 *d, const pto__f16 *a,      \
                                     pto__f16 s, size_t n)                \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = PTO__F2H(PTO__F_##op(PTO__H2F(a[i]), PTO__H2F(s)));           \
  }
PTO__DEF_SCALAR_FLOAT(lrelu)

/* Unary ops: float-only ones, then ones for every dtype.  */
#define PTO__DEF_UNARY_FLOAT(op) PTO__DEF_UNARY_F(op) PTO__DEF_UNARY_H(op)
#define PTO__DEF_UNARY_ALL(op) PTO__DEF_UNARY_FLOAT(op) PTO__DEF_UNARY_I(op)
PTO__DEF_UNARY_FLOAT(exp)
PTO__DEF_UNARY_FLOAT(log)
PTO__DEF_UNARY_FLOAT(sqrt)
PTO__DEF_UNARY_FLOAT(rsqrt)
PTO__DEF_UNARY_FLOAT(recip)
PTO__DEF_UNARY_FLOAT(tanh)
PTO__DEF_UNARY_FLOAT(sigmoid)
PTO__DEF_UNARY_FLOAT(exp2)
PTO__DEF_UNARY_FLOAT(gelu)
PTO__DEF_UNARY_ALL(abs)
PTO__DEF_UNARY_ALL(relu)
PTO__DEF_UNARY_ALL(neg)

/* Element conversions by dtype suffix: PTO__TOF_<sfx>(x) is the value of
   element X in its accumulation type (float for float and fp16, int32 for
   int32), PTO__FROMF_<sfx>(v) that value rounded back to the element
   type.  */
#define PTO__TOF_f32(x) ((float)(x))
#define PTO__FROMF_f32(v) ((float)(v))
#define PTO__TOF_i32(x) ((int32_t)(x))
#define PTO__FROMF_i32(v) ((int32_t)(v))
#define PTO__TOF_f16(x) PTO__H2F(x)
#define PTO__FROMF_f16(v) PTO__F2H(v)

/* Fill, row reductions and matmul, per dtype.  Reductions accumulate in
   ACC (float for float and fp16, wrapping int32 for int32) left to right
   and write column 0 of the R x 1 destination.  */
#define PTO__DEF_PER_DTYPE(sfx, T, ACC, ADD)                                \
  static inline void pto__fill_##sfx(T *d, T s, size_t n)                 \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = s;                                                             \
  }                                                                         \
  static inline void pto__row_sum_##sfx(T *d, const T *a, size_t rows,    \
                                        size_t cols)                      \
  {                                                                         \
    for (size_t r = 0; r < rows; r++) {                                     \
      ACC acc = 0;                                                          \
      for (size_t c = 0; c < cols; c++)                                     \
        acc = ADD(acc, PTO__TOF_##sfx(a[r * cols + c]));                    \
      d[r] = PTO__FROMF_##sfx(acc);                                         \
    }                                                                       \
  }                                                                         \
  static inline void pto__row_max_##sfx(T *d, const T *a, size_t rows,    \
                                        size_t cols)                      \
  {                                                                         \
    for (size_t r = 0; r < rows; r++) {                                     \
      T m = a[r * cols];                                                    \
      for (size_t c = 1; c < cols; c++)                                     \
        if (PTO__TOF_##sfx(a[r * cols + c]) > PTO__TOF_##sfx(m))            \
          m = a[r * cols + c];                                              \
      d[r] = m;                                                             \
    }                                                                       \
  }                                                                         \
  static inline void pto__row_expand_##sfx(T *d, const T *col,            \
                                           size_t rows, size_t cols)      \
  {                                                                         \
    for (size_t r = 0; r < rows; r++) {                                     \
      T s = col[r];                                                         \
      for (size_t c = 0; c < cols; c++)                                     \
        d[r * cols + c] = s;                                                \
    }                                                                       \
  }
#define PTO__FADD(x, y) ((x) + (y))
PTO__DEF_PER_DTYPE(f32, float, float, PTO__FADD)
PTO__DEF_PER_DTYPE(i32, int32_t, int32_t, PTO__I_add)
PTO__DEF_PER_DTYPE(f16, pto__f16, float, PTO__FADD)

/* d[i][j] = a[i][j] OP col[i] (row_expand_<op>), float and fp16: fp16
   is computed in float and rounded once.  col[i] is read before row i
   of D is written (D may be COL when there is one column).  */
#define PTO__DEF_ROWBCAST(op, sfx, T)                                       \
  static inline void pto__row_expand_##op##_##sfx(T *d, const T *a,       \
                                                  const T *col,           \
                                                  size_t rows,            \
                                                  size_t cols)            \
  {                                                                         \
    for (size_t r = 0; r < rows; r++) {                                     \
      float s = PTO__TOF_##sfx(col[r]);                                     \
      for (size_t c = 0; c < cols; c++)                                     \
        d[r * cols + c] =                                                   \
            PTO__FROMF_##sfx(PTO__F_##op(PTO__TOF_##sfx(a[r * cols + c]), s)); \
    }                                                                       \
  }
#define PTO__DEF_ROWBCAST_ALL(op) \
  PTO__DEF_ROWBCAST(op, f32, float) PTO__DEF_ROWBCAST(op, f16, pto__f16)
PTO__DEF_ROWBCAST_ALL(add)
PTO__DEF_ROWBCAST_ALL(sub)
PTO__DEF_ROWBCAST_ALL(mul)
PTO__DEF_ROWBCAST_ALL(div)

/* Column reductions: column j accumulates in ACC from row 0 down, the
   first value a[0][j] itself (no added zero, so a column of -0 sums to
   -0), and the result goes to row 0 of the 1 x C destination.  */
#define PTO__DEF_COLRED(sfx, T, ACC, ADD)                                   \
  static inline void pto__col_sum_##sfx(T *d, const T *a, size_t rows,    \
                                        size_t cols)                      \
  {                                                                         \
    for (size_t c = 0; c < cols; c++) {                                     \
      ACC acc = PTO__TOF_##sfx(a[c]);                                       \
      for (size_t r = 1; r < rows; r++)                                     \
        acc = ADD(acc, PTO__TOF_##sfx(a[r * cols + c]));                    \
      d[c] = PTO__FROMF_##sfx(acc);                                         \
    }                                                                       \
  }                                                                         \
  static inline void pto__col_max_##sfx(T *d, const T *a, size_t rows,    \
                                        size_t cols)                      \
  {                                                                         \
    for (size_t c = 0; c < cols; c++) {                                     \
      T m = a[c];                                                           \
      for (size_t r = 1; r < rows; r++)                                     \
        if (PTO__TOF_##sfx(a[r * cols + c]) > PTO__TOF_##sfx(m))            \
          m = a[r * cols + c];                                              \
      d[c] = m;                                                             \
    }                                                                       \
  }
PTO__DEF_COLRED(f32, float, float, PTO__FADD)
PTO__DEF_COLRED(i32, int32_t, int32_t, PTO__I_add)
PTO__DEF_COLRED(f16, pto__f16, float, PTO__FADD)

/* d[i][j] = a[i][j] OP row[j] (col_expand_<op>): fp16 computed in float
   and rounded once, int32 as PTO__I_<op>.  Element by element in order,
   so D may be A, or ROW when there is one row.  */
#define PTO__DEF_COLBCAST_F(op, sfx, T)                                     \
  static inline void pto__col_expand_##op##_##sfx(T *d, const T *a,       \
                                                  const T *row,           \
                                                  size_t rows,            \
                                                  size_t cols)            \
  {                                                                         \
    for (size_t r = 0; r < rows; r++)                                       \
      for (size_t c = 0; c < cols; c++)                                     \
        d[r * cols + c] = PTO__FROMF_##sfx(                                 \
            PTO__F_##op(PTO__TOF_##sfx(a[r * cols + c]),                    \
                        PTO__TOF_##sfx(row[c])));                           \
  }
#define PTO__DEF_COLBCAST_I(op)                                             \
  static inline void pto__col_expand_##op##_i32(int32_t *d,                \
                                                const int32_t *a,         \
                                                const int32_t *row,       \
                                                size_t rows, size_t cols) \
  {                                                                         \
    for (size_t r = 0; r < rows; r++)                                       \
      for (size_t c = 0; c < cols; c++)                                     \
        d[r * cols + c] = PTO__I_##op(a[r * cols + c], row[c]);             \
  }
#define PTO__DEF_COLBCAST_FLOAT(op) \
  PTO__DEF_COLBCAST_F(op, f32, float) PTO__DEF_COLBCAST_F(op, f16, pto__f16)
#define PTO__DEF_COLBCAST_ALL(op) \
  PTO__DEF_COLBCAST_FLOAT(op) PTO__DEF_COLBCAST_I(op)
PTO__DEF_COLBCAST_ALL(add)
PTO__DEF_COLBCAST_ALL(sub)
PTO__DEF_COLBCAST_ALL(mul)
PTO__DEF_COLBCAST_FLOAT(div)
PTO__DEF_COLBCAST_ALL(max)
PTO__DEF_COLBCAST_ALL(min)

/* Comparisons to an int32 mask (1 true, 0 false) and select.  Elements
   compare in their accumulation type (float for float and fp16, exact;
   int32 for int32), so a NaN is unordered: every comparison but != is
   false on it.  The scalar forms take S in the tile's dtype.  Element by
   element in order: an int32 mask may be A or B itself, and the result
   of a select may be any of its operands.  */
#define PTO__DEF_CMP(op, COP, sfx, T)                                       \
  static inline void pto__cmp_##op##_##sfx(int32_t *m, const T *a,         \
                                           const T *b, size_t n)          \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      m[i] = PTO__TOF_##sfx(a[i]) COP PTO__TOF_##sfx(b[i]);                 \
  }                                                                         \
  static inline void pto__cmps_##op##_##sfx(int32_t *m, const T *a, T s,   \
                                            size_t n)                     \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      m[i] = PTO__TOF_##sfx(a[i]) COP PTO__TOF_##sfx(s);                    \
  }
#define PTO__DEF_CMP_ALL(op, COP) PTO__DEF_CMP(op, COP, f32, float)         \
  PTO__DEF_CMP(op, COP, f16, pto__f16) PTO__DEF_CMP(op, COP, i32, int32_t)
PTO__DEF_CMP_ALL(lt, <)
PTO__DEF_CMP_ALL(le, <=)
PTO__DEF_CMP_ALL(gt, >)
PTO__DEF_CMP_ALL(ge, >=)
PTO__DEF_CMP_ALL(eq, ==)
PTO__DEF_CMP_ALL(ne, !=)
#define PTO__DEF_SELECT(sfx, T)                                             \
  static inline void pto__select_##sfx(T *d, const int32_t *m, const T *a, \
                                       const T *b, size_t n)              \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = m[i] != 0 ? a[i] : b[i];                                       \
  }
PTO__DEF_SELECT(f32, float)
PTO__DEF_SELECT(f16, pto__f16)
PTO__DEF_SELECT(i32, int32_t)

/* Bitwise operations and shifts of int32 tiles.  A shift count outside
   [0, 31] stops the program (C leaves it undefined; the vendor's
   ShiftLeft / ShiftRight take [0, 32] with their own rule at 32).  The
   right shift is arithmetic (cannmirror/asc-devkit
   docs/zh/api/SIMD-API/C-API/vector_compute/asc_shiftright.md: int32_t
   shifts arithmetically); it is written without relying on C's
   implementation-defined >> of a negative value.  */
static inline int32_t
pto__shift_count(const char *op, int32_t s)
{
  if (s < 0 || s > 31)
    pto__ref_fail("%s: shift count %ld outside [0, 31]", op, (long)s);
  return s;
}
static inline int32_t
pto__shl1(int32_t x, int32_t s)
{
  return (int32_t)((uint32_t)x << s);
}
static inline int32_t
pto__shr1(int32_t x, int32_t s)
{
  return x < 0 ? ~(int32_t)((uint32_t)~x >> s) : (int32_t)((uint32_t)x >> s);
}
#define PTO__DEF_BITWISE(op, COP)                                           \
  static inline void pto__##op##_i32(int32_t *d, const int32_t *a,        \
                                     const int32_t *b, size_t n)          \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = a[i] COP b[i];                                                 \
  }
PTO__DEF_BITWISE(and, &)
PTO__DEF_BITWISE(or, |)
PTO__DEF_BITWISE(xor, ^)
static inline void
pto__not_i32(int32_t *d, const int32_t *a, size_t n)
{
  for (size_t i = 0; i < n; i++)
    d[i] = ~a[i];
}
#define PTO__DEF_SHIFT(op)                                                  \
  static inline void pto__##op##_i32(int32_t *d, const int32_t *a,        \
                                     const int32_t *b, size_t n)          \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = pto__##op##1(a[i], pto__shift_count("pto_" #op, b[i]));       \
  }                                                                         \
  static inline void pto__##op##s_i32(int32_t *d, const int32_t *a,       \
                                      int32_t s, size_t n)                \
  {                                                                         \
    pto__shift_count("pto_" #op "s", s);                                    \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = pto__##op##1(a[i], s);                                         \
  }
PTO__DEF_SHIFT(shl)
PTO__DEF_SHIFT(shr)

/* d[j][i] = a[i][j], A ROWS x COLS.  D may be A when the tile is square
   (swapped in place).  */
#define PTO__DEF_TRANSPOSE(sfx, T)                                          \
  static inline void pto__transpose_##sfx(T *d, const T *a, size_t rows,  \
                                          size_t cols)                    \
  {                                                                         \
    if ((const void *)d == (const void *)a) {                               \
      for (size_t i = 0; i < rows; i++)                                     \
        for (size_t j = i + 1; j < cols; j++) {                             \
          T t = d[i * cols + j];                                            \
          d[i * cols + j] = d[j * rows + i];                                \
          d[j * rows + i] = t;                                              \
        }                                                                   \
      return;                                                               \
    }                                                                       \
    for (size_t i = 0; i < rows; i++)                                       \
      for (size_t j = 0; j < cols; j++)                                     \
        d[j * rows + i] = a[i * cols + j];                                  \
  }
PTO__DEF_TRANSPOSE(f32, float)
PTO__DEF_TRANSPOSE(f16, pto__f16)
PTO__DEF_TRANSPOSE(i32, int32_t)

/* c[M][N] += a[M][K] * b[K][N]: each c element starts the float
   accumulation and adds the products in k order (fp16 products are exact
   in float).  C must not overlap A or B.  */
#define PTO__DEF_MATMUL(sfx, T)                                             \
  static inline void pto__matmul_##sfx(float *c, const T *a, const T *b,  \
                                       size_t m, size_t k, size_t n)      \
  {                                                                         \
    if ((const void *)c == (const void *)a                                  \
        || (const void *)c == (const void *)b)                              \
      pto__ref_fail("pto_matmul: the accumulator is also an input");       \
    for (size_t i = 0; i < m; i++)                                          \
      for (size_t j = 0; j < n; j++) {                                      \
        float acc = c[i * n + j];                                           \
        for (size_t p = 0; p < k; p++)                                      \
          acc += PTO__TOF_##sfx(a[i * k + p]) * PTO__TOF_##sfx(b[p * n + j]); \
        c[i * n + j] = acc;                                                 \
      }                                                                     \
  }
#define PTO__TOF_bf16(x) pto_bf16_to_f32(x)
PTO__DEF_MATMUL(f32, float)
PTO__DEF_MATMUL(f16, pto__f16)
PTO__DEF_MATMUL(bf16, pto_bf16)

/* int8_t operands: c is int32_t, each product is exact and the sums wrap
   modulo 2^32 (unsigned arithmetic: no C overflow), as the cube's int32
   accumulator does.  */
static inline void
pto__matmul_s8(int32_t *c, const int8_t *a, const int8_t *b, size_t m,
               size_t k, size_t n)
{
  if ((const void *)c == (const void *)a || (const void *)c == (const void *)b)
    pto__ref_fail("pto_matmul: the accumulator is also an input");
  for (size_t i = 0; i < m; i++)
    for (size_t j = 0; j < n; j++) {
      uint32_t acc = (uint32_t)c[i * n + j];
      for (size_t p = 0; p < k; p++)
        acc += (uint32_t)((int32_t)a[i * k + p] * (int32_t)b[p * n + j]);
      c[i * n + j] = (int32_t)acc;
    }
}

/* Casts: pto__cast_<to>_<from>.  */
#define PTO__DEF_CAST(to, TT, from, FT, CONV)                               \
  static inline void pto__cast_##to##_##from(TT *d, const FT *a, size_t n) \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = CONV(a[i]);                                                    \
  }
#define PTO__CONV_PLAIN_F32(x) ((float)(x))
#define PTO__CONV_PLAIN_I32(x) ((int32_t)(x))
#define PTO__CONV_F2I(x) pto__f2i((float)(x))
PTO__DEF_CAST(f32, float, f32, float, PTO__CONV_PLAIN_F32)
PTO__DEF_CAST(f32, float, i32, int32_t, PTO__CONV_PLAIN_F32)
PTO__DEF_CAST(i32, int32_t, i32, int32_t, PTO__CONV_PLAIN_I32)
PTO__DEF_CAST(i32, int32_t, f32, float, PTO__CONV_F2I)
#define PTO__CONV_SAME(x) (x)
#define PTO__CONV_F2I_H(x) pto__f2i(PTO__H2F(x))
PTO__DEF_CAST(f16, pto__f16, f16, pto__f16, PTO__CONV_SAME)
PTO__DEF_CAST(f16, pto__f16, f32, float, PTO__F2H)
PTO__DEF_CAST(f16, pto__f16, i32, int32_t, PTO__F2H)
PTO__DEF_CAST(f32, float, f16, pto__f16, PTO__H2F)
PTO__DEF_CAST(i32, int32_t, f16, pto__f16, PTO__CONV_F2I_H)
PTO__DEF_CAST(bf16, pto_bf16, bf16, pto_bf16, PTO__CONV_SAME)
PTO__DEF_CAST(bf16, pto_bf16, f32, float, pto_bf16_from_f32)
PTO__DEF_CAST(f32, float, bf16, pto_bf16, pto_bf16_to_f32)

/* fp16 -> int8_t / uint8_t: nearest even, saturating, NaN -> 0.  */
static inline int8_t
pto__h2s8(pto__f16 h)
{
  int32_t i = pto__f2i(PTO__H2F(h));
  return (int8_t)(i < -128 ? -128 : i > 127 ? 127 : i);
}
static inline uint8_t
pto__h2u8(pto__f16 h)
{
  int32_t i = pto__f2i(PTO__H2F(h));
  return (uint8_t)(i < 0 ? 0 : i > 255 ? 255 : i);
}
/* fp16 -> int16_t: nearest even, saturating, NaN -> 0 (vconv_f162s16r;
   fp16 reaches 65504, beyond int16's range).  */
static inline int16_t
pto__h2s16(pto__f16 h)
{
  int32_t i = pto__f2i(PTO__H2F(h));
  return (int16_t)(i < -32768 ? -32768 : i > 32767 ? 32767 : i);
}
#define PTO__CONV_I2H(x) PTO__F2H((double)(x))
PTO__DEF_CAST(i16, int16_t, i16, int16_t, PTO__CONV_SAME)
PTO__DEF_CAST(i16, int16_t, f16, pto__f16, pto__h2s16)
PTO__DEF_CAST(f16, pto__f16, i16, int16_t, PTO__CONV_I2H)
PTO__DEF_CAST(i8, int8_t, i8, int8_t, PTO__CONV_SAME)
PTO__DEF_CAST(u8, uint8_t, u8, uint8_t, PTO__CONV_SAME)
PTO__DEF_CAST(i8, int8_t, f16, pto__f16, pto__h2s8)
PTO__DEF_CAST(u8, uint8_t, f16, pto__f16, pto__h2u8)
PTO__DEF_CAST(f16, pto__f16, i8, int8_t, PTO__CONV_I2H)
PTO__DEF_CAST(f16, pto__f16, u8, uint8_t, PTO__CONV_I2H)

/* Rounded casts to int32 (pto_cast_round): X rounded by MODE, saturating,
   NaN -> 0 (the CCE simulator's vconv_f322s32r/a/f/c/z).  No libm: the
   float's truncation and x - trunc(x) are exact.  */
static inline int32_t
pto__f2i_mode(float x, int mode)
{
  if (mode == PTO_ROUND_RINT)
    return pto__f2i(x);
  if (x != x)
    return 0;
  if (x >= 2147483648.0f)
    return INT32_MAX;
  if (x <= -2147483648.0f)
    return INT32_MIN;
  int32_t i = (int32_t)x;
  float frac = x - (float)i;
  switch (mode) {
  case PTO_ROUND_AWAY:
    return frac >= 0.5f ? i + 1 : frac <= -0.5f ? i - 1 : i;
  case PTO_ROUND_FLOOR:
    return frac < 0.0f ? i - 1 : i;
  case PTO_ROUND_CEIL:
    return frac > 0.0f ? i + 1 : i;
  default:
    return i;
  }
}
static inline void
pto__round_mode_check(int mode)
{
  if (mode < PTO_ROUND_RINT || mode > PTO_ROUND_TRUNC)
    pto__ref_fail("pto_cast_round: unknown rounding mode %d", mode);
}
static inline void
pto__cast_round_f32(int32_t *d, const float *a, int mode, size_t n)
{
  pto__round_mode_check(mode);
  for (size_t i = 0; i < n; i++)
    d[i] = pto__f2i_mode(a[i], mode);
}
static inline void
pto__cast_round_f16(int32_t *d, const pto__f16 *a, int mode, size_t n)
{
  pto__round_mode_check(mode);
  for (size_t i = 0; i < n; i++)
    d[i] = pto__f2i_mode(PTO__H2F(a[i]), mode);
}

/* Quantize and dequantize: the steps ExpandTileOps writes out
   (passes/expand-tile-ops.c), each rounded to its tile's dtype.
   pto__rounded keeps a * s + o two roundings where a compiler would
   fuse it into one fma (GCC does on AArch64).  */
static inline float
pto__rounded(float x)
{
  volatile float v = x;
  return v;
}
#define PTO__DEF_QUANT(to, TT, H2I)                                         \
  static inline void pto__quantize_##to##_f32(TT *d, const float *a,       \
                                              float s, float o, size_t n)  \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = H2I(PTO__F2H(pto__rounded(a[i] * s) + o));                     \
  }                                                                         \
  static inline void pto__dequantize_f32_##to(float *d, const TT *a,       \
                                              float s, float o, size_t n)  \
  {                                                                         \
    for (size_t i = 0; i < n; i++)                                          \
      d[i] = pto__rounded((float)a[i] + -o) * s;                            \
  }
PTO__DEF_QUANT(i8, int8_t, pto__h2s8)
PTO__DEF_QUANT(u8, uint8_t, pto__h2u8)
#if PTO_HAVE_F16
#define PTO__DEF_QUANT_H(to, TT, H2I)                                       \
  static inline void pto__quantize_##to##_f16(TT *d, const pto__f16 *a,    \
                                              pto__f16 s, pto__f16 o,      \
                                              size_t n)                    \
  {                                                                         \
    for (size_t i = 0; i < n; i++) {                                        \
      pto__f16 t = PTO__F2H(PTO__H2F(a[i]) * PTO__H2F(s));                 \
      d[i] = H2I(PTO__F2H(PTO__H2F(t) + PTO__H2F(o)));                      \
    }                                                                       \
  }                                                                         \
  static inline void pto__dequantize_f16_##to(pto__f16 *d, const TT *a,    \
                                              pto__f16 s, pto__f16 o,      \
                                              size_t n)                    \
  {                                                                         \
    for (size_t i = 0; i < n; i++) {                                        \
      pto__f16 t = PTO__F2H((float)a[i] + -PTO__H2F(o));                    \
      d[i] = PTO__F2H(PTO__H2F(t) * PTO__H2F(s));                           \
    }                                                                       \
  }
PTO__DEF_QUANT_H(i8, int8_t, pto__h2s8)
PTO__DEF_QUANT_H(u8, uint8_t, pto__h2u8)
#endif

/* pto_dequant: the int32 result of an int8 matmul to fp16 with one
   scale, as the dav-c220 fixpipe's DEQF16 does (PTO-ISA's CPU model,
   include/pto/cpu/common.hpp quantize_element): float(a) * s rounded
   to float, clamped to +-65504 (a NaN passes), rounded to fp16.  The
   ExpandTileOps form (cast, muls, mins, maxs, cast) rounds the same.  */
static inline pto__f16
pto__dequant_one(int32_t a, float s)
{
  float x = pto__rounded((float)a * s);
  x = x > 65504.0f ? 65504.0f : x < -65504.0f ? -65504.0f : x;
  return PTO__F2H(x);
}
static inline void
pto__dequant_f16_i32(pto__f16 *d, const int32_t *a, float s, size_t n)
{
  for (size_t i = 0; i < n; i++)
    d[i] = pto__dequant_one(a[i], s);
}
/* pto_deq_scale: S as the fixpipe's per-channel (VDEQF16) deq word
   holds it: its encoding's 13 low mantissa bits cleared (sign, exponent
   and 10 mantissa bits are bits [31:13]: PTO-ISA's CPU model,
   extract_m1_from_quant<true>, which also reads a cleared +-0 as +0).  */
static inline float
pto__deq_scale_one(float s)
{
  union { float f; uint32_t u; } v;
  v.f = s;
  v.u &= 0xFFFFE000u;
  return (v.u & 0x7FFFFFFFu) ? v.f : 0.0f;
}
/* The scale deq word W stands for (pto__deq_scale_one of its low 32
   bits).  */
static inline float
pto__deq_word_scale(uint64_t w)
{
  union { float f; uint32_t u; } v;
  v.u = (uint32_t)w;
  return pto__deq_scale_one(v.f);
}
static inline void
pto__deq_scale_f32(float *d, const void *a, size_t n)
{
  for (size_t i = 0; i < n; i++)
    d[i] = pto__deq_scale_one(((const float *)a)[i]);
}
static inline void
pto__deq_scale_f32_u64(float *d, const void *a, size_t n)
{
  for (size_t i = 0; i < n; i++)
    d[i] = pto__deq_word_scale(((const uint64_t *)a)[i]);
}
/* pto_col_dequant: column j by pto__deq_scale_one(r[j]) (D never
   aliases A or R: their dtypes differ); the _u64 form takes R's deq
   words.  */
static inline void
pto__col_dequant_f16_i32(pto__f16 *d, const int32_t *a, const void *r,
                         size_t rows, size_t cols)
{
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++)
      d[i * cols + j] = pto__dequant_one(
          a[i * cols + j], pto__deq_scale_one(((const float *)r)[j]));
}
static inline void
pto__col_dequant_f16_i32_u64(pto__f16 *d, const int32_t *a, const void *r,
                             size_t rows, size_t cols)
{
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++)
      d[i * cols + j] = pto__dequant_one(
          a[i * cols + j], pto__deq_word_scale(((const uint64_t *)r)[j]));
}

/* GM <-> tile copies, dtype-agnostic (the macros check the dtypes).  */
static inline void
pto__check_stride(const char *op, long long rs, size_t rows, size_t cols)
{
  if (rows > 1 && (rs < 0 || (unsigned long long)rs < cols))
    pto__ref_fail("%s: row stride %lld is less than the tile's %zu columns",
                  op, rs, cols);
}

static inline void
pto__load(void *t, const void *p, long long rs, size_t rows, size_t cols,
          size_t esize)
{
  pto__check_stride("pto_load", rs, rows, cols);
  for (size_t r = 0; r < rows; r++)
    __builtin_memcpy((char *)t + r * cols * esize,
                     (const char *)p + (size_t)rs * r * esize, cols * esize);
}

static inline void
pto__store(void *p, long long rs, const void *t, size_t rows, size_t cols,
           size_t esize)
{
  pto__check_stride("pto_store", rs, rows, cols);
  for (size_t r = 0; r < rows; r++)
    __builtin_memcpy((char *)p + (size_t)rs * r * esize,
                     (const char *)t + r * cols * esize, cols * esize);
}

/* Partial tiles: VR x VC of the ROWS x COLS tile is valid.  Stops the
   program unless 0 <= VR <= ROWS, 0 <= VC <= COLS and the valid rows do
   not overlap in GM (RS >= VC when VR > 1).  */
static inline void
pto__check_valid(const char *op, long long rs, long long vr, long long vc,
                 size_t rows, size_t cols)
{
  if (vr < 0 || (unsigned long long)vr > rows)
    pto__ref_fail("%s: valid rows %lld outside [0, %zu] of the %zu x %zu "
                  "tile", op, vr, rows, rows, cols);
  if (vc < 0 || (unsigned long long)vc > cols)
    pto__ref_fail("%s: valid columns %lld outside [0, %zu] of the %zu x %zu "
                  "tile", op, vc, cols, rows, cols);
  if (vr > 1 && rs < vc)
    pto__ref_fail("%s: row stride %lld is less than the %lld valid columns",
                  op, rs, vc);
}

/* t = the valid region of p, every other element the ESIZE bytes at PAD.  */
static inline void
pto__load_valid(void *t, const void *p, long long rs, long long vr,
                long long vc, const void *pad, size_t rows, size_t cols,
                size_t esize)
{
  pto__check_valid("pto_load_valid", rs, vr, vc, rows, cols);
  for (size_t r = 0; r < rows; r++)
    for (size_t k = 0; k < cols; k++) {
      char *d = (char *)t + (r * cols + k) * esize;
      if (r < (size_t)vr && k < (size_t)vc)
        __builtin_memcpy(d, (const char *)p + ((size_t)rs * r + k) * esize,
                         esize);
      else
        __builtin_memcpy(d, pad, esize);
    }
}

/* The valid region of t to p; nothing else of p is written.  */
static inline void
pto__store_valid(void *p, long long rs, const void *t, long long vr,
                 long long vc, size_t rows, size_t cols, size_t esize)
{
  pto__check_valid("pto_store_valid", rs, vr, vc, rows, cols);
  for (size_t r = 0; r < (size_t)vr; r++)
    __builtin_memcpy((char *)p + (size_t)rs * r * esize,
                     (const char *)t + r * cols * esize, (size_t)vc * esize);
}

/* --- dispatch ------------------------------------------------------ */

/* The function for op NAME and the element type of expression E.  */
#define PTO__SEL_ALL(name, e)                                               \
  _Generic((e), float: pto__##name##_f32,                                  \
           PTO__F16_CASE(pto__##name##_f16)                                \
           int32_t: pto__##name##_i32, default: pto__bad_dtype)
#define PTO__SEL_FLOAT(name, e)                                             \
  _Generic((e), float: pto__##name##_f32,                                  \
           PTO__F16_CASE(pto__##name##_f16) default: pto__bad_dtype)
/* bf16 converts to and from float only (BF: the float <- bf16 case),
   int8_t and uint8_t to and from fp16 only (I8, U8: fp16 <- them).  */
#define PTO__SEL_CAST_FROM(to, a, BF, I8, U8, I16)                          \
  _Generic(PTO__ELT(a), float: pto__cast_##to##_f32,                       \
           PTO__F16_CASE(pto__cast_##to##_f16)                             \
           int32_t: pto__cast_##to##_i32, pto_bf16: BF, int8_t: I8,        \
           uint8_t: U8, int16_t: I16, default: pto__bad_dtype)
#define PTO__SEL_CAST(d, a)                                                 \
  _Generic(PTO__ELT(d),                                                    \
           float: PTO__SEL_CAST_FROM(f32, a, pto__cast_f32_bf16,           \
                                     pto__bad_dtype, pto__bad_dtype,       \
                                     pto__bad_dtype),                      \
           PTO__F16_CASE(PTO__SEL_CAST_FROM(f16, a, pto__bad_dtype,        \
                                            pto__cast_f16_i8,              \
                                            pto__cast_f16_u8,              \
                                            pto__cast_f16_i16))            \
           int32_t: PTO__SEL_CAST_FROM(i32, a, pto__bad_dtype,             \
                                       pto__bad_dtype, pto__bad_dtype,     \
                                       pto__bad_dtype),                    \
           pto_bf16: _Generic(PTO__ELT(a), float: pto__cast_bf16_f32,      \
                              pto_bf16: pto__cast_bf16_bf16,               \
                              default: pto__bad_dtype),                    \
           int8_t: _Generic(PTO__ELT(a), PTO__F16_CASE(pto__cast_i8_f16)   \
                            int8_t: pto__cast_i8_i8,                       \
                            default: pto__bad_dtype),                      \
           uint8_t: _Generic(PTO__ELT(a), PTO__F16_CASE(pto__cast_u8_f16)  \
                             uint8_t: pto__cast_u8_u8,                     \
                             default: pto__bad_dtype),                     \
           int16_t: _Generic(PTO__ELT(a), PTO__F16_CASE(pto__cast_i16_f16) \
                             int16_t: pto__cast_i16_i16,                   \
                             default: pto__bad_dtype),                     \
           default: pto__bad_dtype)

/* d = a OP b and d = a OP s; SEL is ALL (every dtype), FLOAT (float
   and fp16 only) or INT (int32 only: bitwise ops, shifts).  */
#define PTO__BINARY_DT(op, name, SEL, d, a, b)                              \
  __extension__({                                                           \
    PTO__CHECK_TILE(op, d);                                                 \
    PTO__CHECK_TILE(op, a);                                                 \
    PTO__CHECK_TILE(op, b);                                                 \
    PTO__CHECK_##SEL(op, d);                                                \
    PTO__CHECK_SAME_DTYPE(op, d, a);                                        \
    PTO__CHECK_SAME_DTYPE(op, d, b);                                        \
    PTO__CHECK_SAME_SHAPE(op, d, a);                                        \
    PTO__CHECK_SAME_SHAPE(op, d, b);                                        \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_##SEL(name, PTO__ELT(d))(PTO__DST(d), PTO__SRC(a),            \
                                      PTO__SRC(b), PTO__NELEM(d));          \
  })
#define PTO__SCALAR_DT(op, name, SEL, d, a, s)                              \
  __extension__({                                                           \
    PTO__CHECK_TILE(op, d);                                                 \
    PTO__CHECK_TILE(op, a);                                                 \
    PTO__CHECK_##SEL(op, d);                                                \
    PTO__CHECK_SAME_DTYPE(op, d, a);                                        \
    PTO__CHECK_SAME_SHAPE(op, d, a);                                        \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_##SEL(name, PTO__ELT(d))(PTO__DST(d), PTO__SRC(a), (s),       \
                                      PTO__NELEM(d));                       \
  })
#define PTO__BINARY(op, name, d, a, b) PTO__BINARY_DT(op, name, ALL, d, a, b)
#define PTO__SCALAR(op, name, d, a, s) PTO__SCALAR_DT(op, name, ALL, d, a, s)
#define PTO__BINARY_FLOAT(op, name, d, a, b) \
  PTO__BINARY_DT(op, name, FLOAT, d, a, b)
#define PTO__SCALAR_FLOAT(op, name, d, a, s) \
  PTO__SCALAR_DT(op, name, FLOAT, d, a, s)
/* d = OP a; SEL is ALL or FLOAT.  */
#define PTO__UNARY(op, name, SEL, d, a)                                     \
  __extension__({                                                           \
    PTO__CHECK_TILE(op, d);                                                 \
    PTO__CHECK_TILE(op, a);                                                 \
    PTO__CHECK_##SEL(op, d);                                                \
    PTO__CHECK_SAME_DTYPE(op, d, a);                                        \
    PTO__CHECK_SAME_SHAPE(op, d, a);                                        \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_##SEL(name, PTO__ELT(d))(PTO__DST(d), PTO__SRC(a),            \
                                      PTO__NELEM(d));                       \
  })
#define PTO__CHECK_ALL(op, t) ((void)0)
#define PTO__IS_INT(t) \
  (!PTO__IS_TILE(t) || _Generic(PTO__ELT(t), int32_t: 1, default: 0))
#define PTO__CHECK_INT(op, t) \
  _Static_assert(PTO__IS_INT(t), op ": " #t " must be an int32_t tile")
#define PTO__SEL_INT(name, e) \
  _Generic((e), int32_t: pto__##name##_i32, default: pto__bad_dtype)
#define PTO__BINARY_INT(op, name, d, a, b) \
  PTO__BINARY_DT(op, name, INT, d, a, b)
#define PTO__SCALAR_INT(op, name, d, a, s) \
  PTO__SCALAR_DT(op, name, INT, d, a, s)
/* d[i][0] = reduce(a[i][:]).  */
#define PTO__ROWRED(op, name, d, a)                                         \
  __extension__({                                                           \
    PTO__CHECK_TILE(op, d);                                                 \
    PTO__CHECK_TILE(op, a);                                                 \
    PTO__CHECK_SAME_DTYPE(op, d, a);                                        \
    _Static_assert(!PTO__IS_TILE(d) || PTO__COLS(d) == 1,                 \
                   op ": the destination " #d " must have one column");    \
    _Static_assert(PTO__BOTH(d, a, PTO__ROWS(d) == PTO__ROWS(a)),          \
                   op ": the tiles " #d " and " #a " differ in rows");      \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_ALL(name, PTO__ELT(d))(PTO__DST(d), PTO__SRC(a),              \
                                    PTO__ROWS(a), PTO__COLS(a));            \
  })

/* d[i][j] = r[i][0] (every dtype) and d[i][j] = a[i][j] OP r[i][0]
   (float and fp16).  */
#define PTO__CHECK_ROWCOL(op, d, r)                                         \
  PTO__CHECK_SAME_DTYPE(op, d, r);                                          \
  _Static_assert(!PTO__IS_TILE(r) || PTO__COLS(r) == 1,                   \
                 op ": the row values " #r " must have one column");       \
  _Static_assert(PTO__BOTH(d, r, PTO__ROWS(d) == PTO__ROWS(r)),            \
                 op ": the tiles " #d " and " #r " differ in rows")
#define pto_row_expand(d, r)                                                \
  __extension__({                                                           \
    PTO__CHECK_TILE("pto_row_expand", d);                                   \
    PTO__CHECK_TILE("pto_row_expand", r);                                   \
    PTO__CHECK_ROWCOL("pto_row_expand", d, r);                              \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_ALL(row_expand, PTO__ELT(d))(PTO__DST(d), PTO__SRC(r),        \
                                          PTO__ROWS(d), PTO__COLS(d));      \
  })
#define PTO__ROWBCAST(op, name, d, a, r)                                    \
  __extension__({                                                           \
    PTO__CHECK_TILE(op, d);                                                 \
    PTO__CHECK_TILE(op, a);                                                 \
    PTO__CHECK_TILE(op, r);                                                 \
    PTO__CHECK_FLOAT(op, d);                                                \
    PTO__CHECK_SAME_DTYPE(op, d, a);                                        \
    PTO__CHECK_SAME_SHAPE(op, d, a);                                        \
    PTO__CHECK_ROWCOL(op, d, r);                                            \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_FLOAT(name, PTO__ELT(d))(PTO__DST(d), PTO__SRC(a),            \
                                      PTO__SRC(r), PTO__ROWS(d),           \
                                      PTO__COLS(d));                        \
  })
#define pto_row_expand_add(d, a, r) \
  PTO__ROWBCAST("pto_row_expand_add", row_expand_add, d, a, r)
#define pto_row_expand_sub(d, a, r) \
  PTO__ROWBCAST("pto_row_expand_sub", row_expand_sub, d, a, r)
#define pto_row_expand_mul(d, a, r) \
  PTO__ROWBCAST("pto_row_expand_mul", row_expand_mul, d, a, r)
#define pto_row_expand_div(d, a, r) \
  PTO__ROWBCAST("pto_row_expand_div", row_expand_div, d, a, r)

/* d[0][j] = reduce(a[:][j]).  */
#define PTO__COLRED(op, name, d, a)                                         \
  __extension__({                                                           \
    PTO__CHECK_TILE(op, d);                                                 \
    PTO__CHECK_TILE(op, a);                                                 \
    PTO__CHECK_SAME_DTYPE(op, d, a);                                        \
    _Static_assert(!PTO__IS_TILE(d) || PTO__ROWS(d) == 1,                 \
                   op ": the destination " #d " must have one row");       \
    _Static_assert(PTO__BOTH(d, a, PTO__COLS(d) == PTO__COLS(a)),          \
                   op ": the tiles " #d " and " #a " differ in columns");   \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_ALL(name, PTO__ELT(d))(PTO__DST(d), PTO__SRC(a),              \
                                    PTO__ROWS(a), PTO__COLS(a));            \
  })
#define pto_col_sum(d, a) PTO__COLRED("pto_col_sum", col_sum, d, a)
#define pto_col_max(d, a) PTO__COLRED("pto_col_max", col_max, d, a)

/* d[i][j] = a[i][j] OP r[0][j]; SEL is ALL or FLOAT.  */
#define PTO__COLBCAST(op, name, SEL, d, a, r)                               \
  __extension__({                                                           \
    PTO__CHECK_TILE(op, d);                                                 \
    PTO__CHECK_TILE(op, a);                                                 \
    PTO__CHECK_TILE(op, r);                                                 \
    PTO__CHECK_##SEL(op, d);                                                \
    PTO__CHECK_SAME_DTYPE(op, d, a);                                        \
    PTO__CHECK_SAME_SHAPE(op, d, a);                                        \
    PTO__CHECK_SAME_DTYPE(op, d, r);                                        \
    _Static_assert(!PTO__IS_TILE(r) || PTO__ROWS(r) == 1,                 \
                   op ": the column values " #r " must have one row");     \
    _Static_assert(PTO__BOTH(d, r, PTO__COLS(d) == PTO__COLS(r)),          \
                   op ": the tiles " #d " and " #r " differ in columns");   \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_##SEL(name, PTO__ELT(d))(PTO__DST(d), PTO__SRC(a),            \
                                      PTO__SRC(r), PTO__ROWS(d),           \
                                      PTO__COLS(d));                        \
  })
#define pto_col_expand_add(d, a, r) \
  PTO__COLBCAST("pto_col_expand_add", col_expand_add, ALL, d, a, r)
#define pto_col_expand_sub(d, a, r) \
  PTO__COLBCAST("pto_col_expand_sub", col_expand_sub, ALL, d, a, r)
#define pto_col_expand_mul(d, a, r) \
  PTO__COLBCAST("pto_col_expand_mul", col_expand_mul, ALL, d, a, r)
#define pto_col_expand_div(d, a, r) \
  PTO__COLBCAST("pto_col_expand_div", col_expand_div, FLOAT, d, a, r)
#define pto_col_expand_max(d, a, r) \
  PTO__COLBCAST("pto_col_expand_max", col_expand_max, ALL, d, a, r)
#define pto_col_expand_min(d, a, r) \
  PTO__COLBCAST("pto_col_expand_min", col_expand_min, ALL, d, a, r)

/* The mask M of a comparison or select: an int32 tile.  */
#define PTO__CHECK_MASK(op, m) \
  _Static_assert(PTO__IS_INT(m), op ": the mask " #m " must be an int32_t tile")
/* m = a CMP b (CMPS: a CMP s).  */
#define PTO__CMP(op, name, m, a, b)                                         \
  __extension__({                                                           \
    PTO__CHECK_TILE(op, m);                                                 \
    PTO__CHECK_TILE(op, a);                                                 \
    PTO__CHECK_TILE(op, b);                                                 \
    PTO__CHECK_MASK(op, m);                                                 \
    PTO__CHECK_SAME_DTYPE(op, a, b);                                        \
    PTO__CHECK_SAME_SHAPE(op, m, a);                                        \
    PTO__CHECK_SAME_SHAPE(op, a, b);                                        \
    PTO__CHECK_WRITABLE(m);                                                 \
    PTO__SEL_ALL(name, PTO__ELT(a))(PTO__DST(m), PTO__SRC(a), PTO__SRC(b), \
                                    PTO__NELEM(m));                         \
  })
#define PTO__CMPS(op, name, m, a, s)                                        \
  __extension__({                                                           \
    PTO__CHECK_TILE(op, m);                                                 \
    PTO__CHECK_TILE(op, a);                                                 \
    PTO__CHECK_MASK(op, m);                                                 \
    PTO__CHECK_SAME_SHAPE(op, m, a);                                        \
    PTO__CHECK_WRITABLE(m);                                                 \
    PTO__SEL_ALL(name, PTO__ELT(a))(PTO__DST(m), PTO__SRC(a), (s),         \
                                    PTO__NELEM(m));                         \
  })
#define pto_cmp_lt(m, a, b) PTO__CMP("pto_cmp_lt", cmp_lt, m, a, b)
#define pto_cmp_le(m, a, b) PTO__CMP("pto_cmp_le", cmp_le, m, a, b)
#define pto_cmp_gt(m, a, b) PTO__CMP("pto_cmp_gt", cmp_gt, m, a, b)
#define pto_cmp_ge(m, a, b) PTO__CMP("pto_cmp_ge", cmp_ge, m, a, b)
#define pto_cmp_eq(m, a, b) PTO__CMP("pto_cmp_eq", cmp_eq, m, a, b)
#define pto_cmp_ne(m, a, b) PTO__CMP("pto_cmp_ne", cmp_ne, m, a, b)
#define pto_cmps_lt(m, a, s) PTO__CMPS("pto_cmps_lt", cmps_lt, m, a, s)
#define pto_cmps_le(m, a, s) PTO__CMPS("pto_cmps_le", cmps_le, m, a, s)
#define pto_cmps_gt(m, a, s) PTO__CMPS("pto_cmps_gt", cmps_gt, m, a, s)
#define pto_cmps_ge(m, a, s) PTO__CMPS("pto_cmps_ge", cmps_ge, m, a, s)
#define pto_cmps_eq(m, a, s) PTO__CMPS("pto_cmps_eq", cmps_eq, m, a, s)
#define pto_cmps_ne(m, a, s) PTO__CMPS("pto_cmps_ne", cmps_ne, m, a, s)
/* d = m ? a : b.  */
#define pto_select(d, m, a, b)                                              \
  __extension__({                                                           \
    PTO__CHECK_TILE("pto_select", d);                                       \
    PTO__CHECK_TILE("pto_select", m);                                       \
    PTO__CHECK_TILE("pto_select", a);                                       \
    PTO__CHECK_TILE("pto_select", b);                                       \
    PTO__CHECK_MASK("pto_select", m);                                       \
    PTO__CHECK_SAME_DTYPE("pto_select", d, a);                              \
    PTO__CHECK_SAME_DTYPE("pto_select", d, b);                              \
    PTO__CHECK_SAME_SHAPE("pto_select", d, m);                              \
    PTO__CHECK_SAME_SHAPE("pto_select", d, a);                              \
    PTO__CHECK_SAME_SHAPE("pto_select", d, b);                              \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_ALL(select, PTO__ELT(d))(PTO__DST(d), PTO__SRC(m),            \
                                      PTO__SRC(a), PTO__SRC(b),            \
                                      PTO__NELEM(d));                       \
  })

#define pto_add(d, a, b) PTO__BINARY("pto_add", add, d, a, b)
#define pto_sub(d, a, b) PTO__BINARY("pto_sub", sub, d, a, b)
#define pto_mul(d, a, b) PTO__BINARY("pto_mul", mul, d, a, b)
#define pto_div(d, a, b) PTO__BINARY("pto_div", div, d, a, b)
#define pto_max(d, a, b) PTO__BINARY("pto_max", max, d, a, b)
#define pto_min(d, a, b) PTO__BINARY("pto_min", min, d, a, b)
#define pto_adds(d, a, s) PTO__SCALAR("pto_adds", adds, d, a, s)
#define pto_muls(d, a, s) PTO__SCALAR("pto_muls", muls, d, a, s)
#define pto_maxs(d, a, s) PTO__SCALAR("pto_maxs", maxs, d, a, s)
#define pto_mins(d, a, s) PTO__SCALAR("pto_mins", mins, d, a, s)
#define pto_exp(d, a) PTO__UNARY("pto_exp", exp, FLOAT, d, a)
#define pto_log(d, a) PTO__UNARY("pto_log", log, FLOAT, d, a)
#define pto_abs(d, a) PTO__UNARY("pto_abs", abs, ALL, d, a)
#define pto_sqrt(d, a) PTO__UNARY("pto_sqrt", sqrt, FLOAT, d, a)
#define pto_rsqrt(d, a) PTO__UNARY("pto_rsqrt", rsqrt, FLOAT, d, a)
#define pto_recip(d, a) PTO__UNARY("pto_recip", recip, FLOAT, d, a)
#define pto_relu(d, a) PTO__UNARY("pto_relu", relu, ALL, d, a)
#define pto_neg(d, a) PTO__UNARY("pto_neg", neg, ALL, d, a)
#define pto_and(d, a, b) PTO__BINARY_INT("pto_and", and, d, a, b)
#define pto_or(d, a, b) PTO__BINARY_INT("pto_or", or, d, a, b)
#define pto_xor(d, a, b) PTO__BINARY_INT("pto_xor", xor, d, a, b)
#define pto_shl(d, a, b) PTO__BINARY_INT("pto_shl", shl, d, a, b)
#define pto_shr(d, a, b) PTO__BINARY_INT("pto_shr", shr, d, a, b)
#define pto_not(d, a) PTO__UNARY("pto_not", not, INT, d, a)
#define pto_shls(d, a, s) PTO__SCALAR_INT("pto_shls", shls, d, a, s)
#define pto_shrs(d, a, s) PTO__SCALAR_INT("pto_shrs", shrs, d, a, s)
#define pto_cast_round(d, a, mode)                                          \
  __extension__({                                                           \
    PTO__CHECK_TILE("pto_cast_round", d);                                   \
    PTO__CHECK_TILE("pto_cast_round", a);                                   \
    PTO__CHECK_INT("pto_cast_round", d);                                    \
    PTO__CHECK_FLOAT("pto_cast_round", a);                                  \
    PTO__CHECK_SAME_SHAPE("pto_cast_round", d, a);                          \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_FLOAT(cast_round, PTO__ELT(a))(PTO__DST(d), PTO__SRC(a),      \
                                            (int)(mode), PTO__NELEM(d));    \
  })
/* pto_quantize: d i8/u8 from a f32/f16; pto_dequantize the reverse.
   SIDE is the float tile, Q the 8-bit one; PTO__QN_<op>(side, q) names
   the function, to before from.  */
#define PTO__QN_quantize(side, q) pto__quantize_##q##_##side
#define PTO__QN_dequantize(side, q) pto__dequantize_##side##_##q
#define PTO__SEL_QUANT(name, q, side)                                       \
  _Generic(PTO__ELT(q),                                                    \
           int8_t: _Generic(PTO__ELT(side), float: PTO__QN_##name(f32, i8), \
                            PTO__F16_CASE(PTO__QN_##name(f16, i8))         \
                            default: pto__bad_dtype),                      \
           uint8_t: _Generic(PTO__ELT(side), float: PTO__QN_##name(f32, u8), \
                             PTO__F16_CASE(PTO__QN_##name(f16, u8))        \
                             default: pto__bad_dtype),                     \
           default: pto__bad_dtype)
#define PTO__QUANT_OP(op, name, d, a, q, side, scale, offset)               \
  __extension__({                                                           \
    PTO__CHECK_TILE_ANY(op, d);                                             \
    PTO__CHECK_TILE_ANY(op, a);                                             \
    _Static_assert(PTO__BOTH(d, a, PTO__IS_INT8(q)),                        \
                   op ": " #q " must be an int8_t or uint8_t tile");        \
    _Static_assert(PTO__BOTH(d, a, PTO__IS_FLOAT(side)),                    \
                   op ": " #side " must be a float or _Float16 tile");      \
    PTO__CHECK_SAME_SHAPE(op, d, a);                                        \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_QUANT(name, q, side)(PTO__DST(d), PTO__SRC(a), (scale),       \
                                  (offset), PTO__NELEM(d));                 \
  })
#define pto_quantize(d, a, scale, offset)                                   \
  PTO__QUANT_OP("pto_quantize", quantize, d, a, d, a, scale, offset)
#define pto_dequantize(d, a, scale, offset)                                 \
  PTO__QUANT_OP("pto_dequantize", dequantize, d, a, a, d, scale, offset)
#define PTO__IS_I32(t) _Generic(PTO__ELT(t), int32_t: 1, default: 0)
#define PTO__IS_F16(t) _Generic(PTO__ELT(t), PTO__F16_CASE(1) default: 0)
#define PTO__IS_F32(t) _Generic(PTO__ELT(t), float: 1, default: 0)
#define pto_dequant(d, a, scale)                                            \
  __extension__({                                                           \
    PTO__CHECK_TILE_ANY("pto_dequant", d);                                  \
    PTO__CHECK_TILE_ANY("pto_dequant", a);                                  \
    _Static_assert(!PTO__IS_TILE(d) || PTO__IS_F16(d),     \
                   "pto_dequant: " #d " must be a _Float16 tile");          \
    _Static_assert(!PTO__IS_TILE(a) || PTO__IS_I32(a),                     \
                   "pto_dequant: " #a " must be an int32_t tile");          \
    PTO__CHECK_SAME_SHAPE("pto_dequant", d, a);                             \
    PTO__CHECK_WRITABLE(d);                                                 \
    pto__dequant_f16_i32((pto__f16 *)PTO__DST(d),                           \
                         (const int32_t *)PTO__SRC(a), (float)(scale),      \
                         PTO__NELEM(d));                                    \
  })
#define pto_col_dequant(d, a, r)                                            \
  __extension__({                                                           \
    PTO__CHECK_TILE_ANY("pto_col_dequant", d);                              \
    PTO__CHECK_TILE_ANY("pto_col_dequant", a);                              \
    PTO__CHECK_TILE_ANY("pto_col_dequant", r);                              \
    _Static_assert(!PTO__IS_TILE(d) || PTO__IS_F16(d),                     \
                   "pto_col_dequant: " #d " must be a _Float16 tile");      \
    _Static_assert(!PTO__IS_TILE(a) || PTO__IS_I32(a),                     \
                   "pto_col_dequant: " #a " must be an int32_t tile");      \
    _Static_assert(!PTO__IS_TILE(r) || PTO__IS_F32(r) || PTO__IS_U64(r),   \
                   "pto_col_dequant: " #r " must be a float tile or a "     \
                   "uint64_t tile of deq words");                           \
    PTO__CHECK_SAME_SHAPE("pto_col_dequant", d, a);                         \
    _Static_assert(!PTO__IS_TILE(r) || PTO__ROWS(r) == 1,                 \
                   "pto_col_dequant: the scales " #r " must have one row"); \
    _Static_assert(PTO__BOTH(d, r, PTO__COLS(d) == PTO__COLS(r)),          \
                   "pto_col_dequant: the tiles " #d " and " #r             \
                   " differ in columns");                                   \
    PTO__CHECK_WRITABLE(d);                                                 \
    _Generic(PTO__ELT(r), uint64_t: pto__col_dequant_f16_i32_u64,          \
             default: pto__col_dequant_f16_i32)(                           \
        (pto__f16 *)PTO__DST(d), (const int32_t *)PTO__SRC(a),             \
        PTO__SRC(r), PTO__ROWS(d), PTO__COLS(d));                           \
  })
#define pto_deq_scale(d, r)                                                 \
  __extension__({                                                           \
    PTO__CHECK_TILE_ANY("pto_deq_scale", d);                                \
    PTO__CHECK_TILE_ANY("pto_deq_scale", r);                                \
    _Static_assert(!PTO__IS_TILE(d) || PTO__IS_F32(d),                     \
                   "pto_deq_scale: " #d " must be a float tile");           \
    _Static_assert(!PTO__IS_TILE(r) || PTO__IS_F32(r) || PTO__IS_U64(r),   \
                   "pto_deq_scale: " #r " must be a float tile or a "       \
                   "uint64_t tile of deq words");                           \
    PTO__CHECK_SAME_SHAPE("pto_deq_scale", d, r);                           \
    PTO__CHECK_WRITABLE(d);                                                 \
    _Generic(PTO__ELT(r), uint64_t: pto__deq_scale_f32_u64,                \
             default: pto__deq_scale_f32)((float *)PTO__DST(d),            \
                                          PTO__SRC(r), PTO__NELEM(d));      \
  })
#define pto_transpose(d, a)                                                 \
  __extension__({                                                           \
    PTO__CHECK_TILE("pto_transpose", d);                                    \
    PTO__CHECK_TILE("pto_transpose", a);                                    \
    PTO__CHECK_SAME_DTYPE("pto_transpose", d, a);                           \
    _Static_assert(PTO__BOTH(d, a, PTO__ROWS(d) == PTO__COLS(a)            \
                                       && PTO__COLS(d) == PTO__ROWS(a)),   \
                   "pto_transpose: the tile " #d                           \
                   " is not shaped as the transpose of " #a);              \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_ALL(transpose, PTO__ELT(d))(PTO__DST(d), PTO__SRC(a),         \
                                         PTO__ROWS(a), PTO__COLS(a));       \
  })
#define pto_tanh(d, a) PTO__UNARY("pto_tanh", tanh, FLOAT, d, a)
#define pto_sigmoid(d, a) PTO__UNARY("pto_sigmoid", sigmoid, FLOAT, d, a)
#define pto_exp2(d, a) PTO__UNARY("pto_exp2", exp2, FLOAT, d, a)
#define pto_gelu(d, a) PTO__UNARY("pto_gelu", gelu, FLOAT, d, a)
#define pto_pow(d, a, b) PTO__BINARY_FLOAT("pto_pow", pow, d, a, b)
#define pto_pows(d, a, s) PTO__SCALAR_FLOAT("pto_pows", pows, d, a, s)
#define pto_lrelu(d, a, s) PTO__SCALAR_FLOAT("pto_lrelu", lrelu, d, a, s)
#define pto_row_sum(d, a) PTO__ROWRED("pto_row_sum", row_sum, d, a)
#define pto_row_max(d, a) PTO__ROWRED("pto_row_max", row_max, d, a)

#define pto_fill(d, s)                                                      \
  __extension__({                                                           \
    PTO__CHECK_TILE("pto_fill", d);                                         \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_ALL(fill, PTO__ELT(d))(PTO__DST(d), (s), PTO__NELEM(d));      \
  })

#define pto_cast(d, a)                                                      \
  __extension__({                                                           \
    PTO__CHECK_TILE_ANY("pto_cast", d);                                     \
    PTO__CHECK_TILE_ANY("pto_cast", a);                                     \
    PTO__CHECK_NOT_WORDS("pto_cast", d);                                    \
    PTO__CHECK_NOT_WORDS("pto_cast", a);                                    \
    PTO__CHECK_SAME_SHAPE("pto_cast", d, a);                                \
    _Static_assert(PTO__BOTH(d, a, PTO__IS_BF16(d) == PTO__IS_BF16(a)      \
                                       || (PTO__IS_F32_OR_BF16(d)          \
                                           && PTO__IS_F32_OR_BF16(a))),    \
                   "pto_cast: bf16 tiles convert to and from float tiles " \
                   "only (cast through a float tile)");                    \
    _Static_assert(PTO__BOTH(d, a, (!PTO__IS_INT8(d) && !PTO__IS_INT8(a))  \
                                       || (PTO__IS_F16_OR(d, int8_t)       \
                                           && PTO__IS_F16_OR(a, int8_t))   \
                                       || (PTO__IS_F16_OR(d, uint8_t)      \
                                           && PTO__IS_F16_OR(a, uint8_t))), \
                   "pto_cast: int8_t and uint8_t tiles convert to and "    \
                   "from _Float16 tiles only (cast through a _Float16 "    \
                   "tile)");                                               \
    _Static_assert(PTO__BOTH(d, a, (!PTO__IS_INT16(d) && !PTO__IS_INT16(a)) \
                                       || (PTO__IS_F16_OR(d, int16_t)      \
                                           && PTO__IS_F16_OR(a, int16_t))), \
                   "pto_cast: int16_t tiles convert to and from _Float16 " \
                   "tiles only (cast through a _Float16 tile)");           \
    PTO__CHECK_WRITABLE(d);                                                 \
    PTO__SEL_CAST(d, a)(PTO__DST(d), PTO__SRC(a), PTO__NELEM(d));          \
  })

#define pto_matmul(c, a, b)                                                 \
  __extension__({                                                           \
    PTO__CHECK_TILE("pto_matmul", c);                                       \
    PTO__CHECK_TILE_ANY("pto_matmul", a);                                   \
    PTO__CHECK_TILE_ANY("pto_matmul", b);                                   \
    _Static_assert(PTO__IS_FLOAT(a) || PTO__IS_BF16(a)                     \
                       || PTO__IS_S8(a),                                    \
                   "pto_matmul: " #a " must be a float, _Float16, "        \
                   "pto_bf16 or int8_t tile");                              \
    _Static_assert(!PTO__IS_TILE(c) || !PTO__IS_TILE(a)                     \
                       || (PTO__IS_S8(a)                                    \
                               ? __builtin_types_compatible_p(              \
                                     __typeof__(PTO__ELT(c)), int32_t)      \
                               : __builtin_types_compatible_p(              \
                                     __typeof__(PTO__ELT(c)), float)),      \
                   "pto_matmul: the accumulator " #c " must be a float "   \
                   "tile (an int32_t tile for int8_t operands)");          \
    PTO__CHECK_SAME_DTYPE("pto_matmul", a, b);                              \
    _Static_assert(!PTO__IS_TILE(c) || !PTO__IS_TILE(a) || !PTO__IS_TILE(b) \
                       || (PTO__ROWS(c) == PTO__ROWS(a)                    \
                           && PTO__COLS(a) == PTO__ROWS(b)                 \
                           && PTO__COLS(c) == PTO__COLS(b)),               \
                   "pto_matmul: shapes must be c[M][N] += a[M][K] * "      \
                   "b[K][N]");                                              \
    PTO__CHECK_WRITABLE(c);                                                 \
    _Generic(PTO__ELT(a), float: pto__matmul_f32,                           \
             PTO__F16_CASE(pto__matmul_f16) pto_bf16: pto__matmul_bf16,     \
             int8_t: pto__matmul_s8, default: pto__bad_dtype)(PTO__DST(c), PTO__SRC(a), PTO__SRC(b), \
                                      PTO__ROWS(a), PTO__COLS(a),           \
                                      PTO__COLS(b));                        \
  })

/* The pointer operand must point to the tile's element type; a store
   also needs a pointer to non-const (checked by an unevaluated
   assignment through it).  */
#define PTO__CHECK_GM(op, p, t)                                             \
  _Static_assert(!PTO__IS_TILE(t)                                          \
                     || __builtin_types_compatible_p(__typeof__(*(p)),     \
                                                     __typeof__(PTO__ELT(t))), \
                 op ": " #p " does not point to the element type of " #t)

#define pto_load(t, p, rs)                                                  \
  __extension__({                                                           \
    PTO__CHECK_TILE_ANY("pto_load", t);                                     \
    PTO__CHECK_GM("pto_load", p, t);                                        \
    PTO__CHECK_WRITABLE(t);                                                 \
    pto__load(PTO__DST(t), (p), (rs), PTO__ROWS(t), PTO__COLS(t),          \
              sizeof(PTO__ELT(t)));                                         \
  })

#define pto_store(p, rs, t)                                                 \
  __extension__({                                                           \
    PTO__CHECK_TILE_ANY("pto_store", t);                                    \
    PTO__CHECK_GM("pto_store", p, t);                                       \
    (void)sizeof(*(p) = PTO__ELT(t));                                       \
    pto__store((void *)(p), (rs), PTO__SRC(t), PTO__ROWS(t), PTO__COLS(t), \
               sizeof(PTO__ELT(t)));                                        \
  })

/* The pad of a bf16 tile is a number rounded to bf16 (C has no
   conversion to pto_bf16); every other dtype converts as C does.  */
#define PTO__PAD_OF(t, pad)                                                 \
  _Generic(PTO__ELT(t), pto_bf16: pto_bf16_from_f32((float)(pad)),         \
           default: (pad))

#define pto_load_valid(t, p, rs, vr, vc, pad)                               \
  __extension__({                                                           \
    PTO__CHECK_TILE_ANY("pto_load_valid", t);                               \
    PTO__CHECK_NOT_WORDS("pto_load_valid", t);                              \
    PTO__CHECK_GM("pto_load_valid", p, t);                                  \
    PTO__CHECK_WRITABLE(t);                                                 \
    __typeof__(PTO__ELT(t)) pto__pad = PTO__PAD_OF(t, pad);                 \
    pto__load_valid(PTO__DST(t), (p), (rs), (vr), (vc), &pto__pad,          \
                    PTO__ROWS(t), PTO__COLS(t), sizeof(PTO__ELT(t)));       \
  })

#define pto_store_valid(p, rs, t, vr, vc)                                   \
  __extension__({                                                           \
    PTO__CHECK_TILE_ANY("pto_store_valid", t);                              \
    PTO__CHECK_NOT_WORDS("pto_store_valid", t);                             \
    PTO__CHECK_GM("pto_store_valid", p, t);                                 \
    (void)sizeof(*(p) = PTO__ELT(t));                                       \
    pto__store_valid((void *)(p), (rs), PTO__SRC(t), (vr), (vc),            \
                     PTO__ROWS(t), PTO__COLS(t), sizeof(PTO__ELT(t)));      \
  })

/* --- launches, blocks, unrolling ----------------------------------- */

/* The block state of the running launch, shared by every translation
   unit of the program (a weak definition in the header) and private to
   each thread.  */
typedef struct pto__launch_state {
  int idx, num;
} pto__launch_state;
__attribute__((weak)) _Thread_local pto__launch_state pto__ref_state = {0, 1};

#define pto_block_idx() (pto__ref_state.idx + 0)
#define pto_block_num() (pto__ref_state.num + 0)
#define pto_unroll_factor() 1

static inline int
pto__launch_blocks(long long n, const char *kernel)
{
  if (n < 1 || n > INT32_MAX)
    pto__ref_fail("pto_launch(%s, %lld): the block count must be positive",
                  kernel, n);
  return (int)n;
}

/* pto_launch(k, n, args...): evaluate the arguments once, each into a
   variable of its PTO__ARG_TYPE (so a bit-field can be passed), then run
   k(args...) for blocks 0..n-1 in order and restore the caller's block
   state (so even a launch from inside a kernel, which the plugin
   rejects, leaves its caller's block state intact).  The call is
   an ordinary C call, so the arguments are checked and converted as for
   k(args...).  (A kernel returning a value is not diagnosed here, only
   by the plugin: checking it would type-check the call twice and double
   every argument error.)  */
#define PTO__LAUNCH_RUN(k, nb, decls, args)                                 \
  __extension__({                                                           \
    decls                                                                   \
    int pto__nb = pto__launch_blocks((nb), #k);                             \
    pto__launch_state pto__saved = pto__ref_state;                          \
    for (int pto__b = 0; pto__b < pto__nb; pto__b++) {                      \
      pto__ref_state.idx = pto__b;                                          \
      pto__ref_state.num = pto__nb;                                         \
      (k) args;                                                             \
    }                                                                       \
    pto__ref_state = pto__saved;                                            \
    (void)0;                                                                \
  })


#define pto_launch(k, ...) \
  PTO__CAT(PTO__LAUNCH_, PTO__NARGS(__VA_ARGS__))(k, __VA_ARGS__)

/* pto_unroll(f1, ...): no effect on execution here; each factor must be a
   positive integer constant expression of at most 2147483647 (checked),
   at most 8 factors; the plugin checks the same, in DSL and in ordinary
   C code.  */
#define PTO__UNROLL_CHECK(f)                                                \
  _Static_assert(__builtin_classify_type(f) == 1 && (f) > 0 &&            \
                     (f) <= 2147483647,                                     \
                 "pto_unroll: unroll factors must be positive integer "    \
                 "constants of at most 2147483647");
#define PTO__UNROLL_TOO_MANY \
  _Static_assert(0, "pto_unroll: at most 8 unroll factors");
#define pto_unroll(...)                                                     \
  do {                                                                      \
    PTO__CAT(PTO__UNROLL_, PTO__NARGS(__VA_ARGS__))(__VA_ARGS__)            \
  } while (0)

/* Argument counting and the per-count expansions of pto_launch and
   pto_unroll (mechanical).  */

#define PTO__UNROLL_1(f) PTO__UNROLL_CHECK(f)
#define PTO__UNROLL_2(f, ...) PTO__UNROLL_CHECK(f) PTO__UNROLL_1(__VA_ARGS__)
#define PTO__UNROLL_3(f, ...) PTO__UNROLL_CHECK(f) PTO__UNROLL_2(__VA_ARGS__)
#define PTO__UNROLL_4(f, ...) PTO__UNROLL_CHECK(f) PTO__UNROLL_3(__VA_ARGS__)
#define PTO__UNROLL_5(f, ...) PTO__UNROLL_CHECK(f) PTO__UNROLL_4(__VA_ARGS__)
#define PTO__UNROLL_6(f, ...) PTO__UNROLL_CHECK(f) PTO__UNROLL_5(__VA_ARGS__)
#define PTO__UNROLL_7(f, ...) PTO__UNROLL_CHECK(f) PTO__UNROLL_6(__VA_ARGS__)
#define PTO__UNROLL_8(f, ...) PTO__UNROLL_CHECK(f) PTO__UNROLL_7(__VA_ARGS__)
#define PTO__UNROLL_9(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_10(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_11(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_12(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_13(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_14(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_15(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_16(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_17(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_18(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_19(...) PTO__UNROLL_TOO_MANY
#define PTO__UNROLL_20(...) PTO__UNROLL_TOO_MANY

#define PTO__DECL_1(a) PTO__ARG_TYPE(a) pto__a1 = (a);
#define PTO__DECL_2(a, ...) PTO__ARG_TYPE(a) pto__a2 = (a); PTO__DECL_1(__VA_ARGS__)
#define PTO__DECL_3(a, ...) PTO__ARG_TYPE(a) pto__a3 = (a); PTO__DECL_2(__VA_ARGS__)
#define PTO__DECL_4(a, ...) PTO__ARG_TYPE(a) pto__a4 = (a); PTO__DECL_3(__VA_ARGS__)
#define PTO__DECL_5(a, ...) PTO__ARG_TYPE(a) pto__a5 = (a); PTO__DECL_4(__VA_ARGS__)
#define PTO__DECL_6(a, ...) PTO__ARG_TYPE(a) pto__a6 = (a); PTO__DECL_5(__VA_ARGS__)
#define PTO__DECL_7(a, ...) PTO__ARG_TYPE(a) pto__a7 = (a); PTO__DECL_6(__VA_ARGS__)
#define PTO__DECL_8(a, ...) PTO__ARG_TYPE(a) pto__a8 = (a); PTO__DECL_7(__VA_ARGS__)
#define PTO__DECL_9(a, ...) PTO__ARG_TYPE(a) pto__a9 = (a); PTO__DECL_8(__VA_ARGS__)
#define PTO__DECL_10(a, ...) PTO__ARG_TYPE(a) pto__a10 = (a); PTO__DECL_9(__VA_ARGS__)
#define PTO__DECL_11(a, ...) PTO__ARG_TYPE(a) pto__a11 = (a); PTO__DECL_10(__VA_ARGS__)
#define PTO__DECL_12(a, ...) PTO__ARG_TYPE(a) pto__a12 = (a); PTO__DECL_11(__VA_ARGS__)
#define PTO__DECL_13(a, ...) PTO__ARG_TYPE(a) pto__a13 = (a); PTO__DECL_12(__VA_ARGS__)
#define PTO__DECL_14(a, ...) PTO__ARG_TYPE(a) pto__a14 = (a); PTO__DECL_13(__VA_ARGS__)
#define PTO__DECL_15(a, ...) PTO__ARG_TYPE(a) pto__a15 = (a); PTO__DECL_14(__VA_ARGS__)
#define PTO__DECL_16(a, ...) PTO__ARG_TYPE(a) pto__a16 = (a); PTO__DECL_15(__VA_ARGS__)
#define PTO__DECL_17(a, ...) PTO__ARG_TYPE(a) pto__a17 = (a); PTO__DECL_16(__VA_ARGS__)
#define PTO__DECL_18(a, ...) PTO__ARG_TYPE(a) pto__a18 = (a); PTO__DECL_17(__VA_ARGS__)
#define PTO__DECL_19(a, ...) PTO__ARG_TYPE(a) pto__a19 = (a); PTO__DECL_18(__VA_ARGS__)

#define PTO__USE_1 pto__a1
#define PTO__USE_2 pto__a2, PTO__USE_1
#define PTO__USE_3 pto__a3, PTO__USE_2
#define PTO__USE_4 pto__a4, PTO__USE_3
#define PTO__USE_5 pto__a5, PTO__USE_4
#define PTO__USE_6 pto__a6, PTO__USE_5
#define PTO__USE_7 pto__a7, PTO__USE_6
#define PTO__USE_8 pto__a8, PTO__USE_7
#define PTO__USE_9 pto__a9, PTO__USE_8
#define PTO__USE_10 pto__a10, PTO__USE_9
#define PTO__USE_11 pto__a11, PTO__USE_10
#define PTO__USE_12 pto__a12, PTO__USE_11
#define PTO__USE_13 pto__a13, PTO__USE_12
#define PTO__USE_14 pto__a14, PTO__USE_13
#define PTO__USE_15 pto__a15, PTO__USE_14
#define PTO__USE_16 pto__a16, PTO__USE_15
#define PTO__USE_17 pto__a17, PTO__USE_16
#define PTO__USE_18 pto__a18, PTO__USE_17
#define PTO__USE_19 pto__a19, PTO__USE_18

#define PTO__LAUNCH_1(k, nb) PTO__LAUNCH_RUN(k, nb, , ())
#define PTO__LAUNCH_2(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_1(__VA_ARGS__), (PTO__USE_1))
#define PTO__LAUNCH_3(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_2(__VA_ARGS__), (PTO__USE_2))
#define PTO__LAUNCH_4(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_3(__VA_ARGS__), (PTO__USE_3))
#define PTO__LAUNCH_5(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_4(__VA_ARGS__), (PTO__USE_4))
#define PTO__LAUNCH_6(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_5(__VA_ARGS__), (PTO__USE_5))
#define PTO__LAUNCH_7(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_6(__VA_ARGS__), (PTO__USE_6))
#define PTO__LAUNCH_8(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_7(__VA_ARGS__), (PTO__USE_7))
#define PTO__LAUNCH_9(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_8(__VA_ARGS__), (PTO__USE_8))
#define PTO__LAUNCH_10(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_9(__VA_ARGS__), (PTO__USE_9))
#define PTO__LAUNCH_11(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_10(__VA_ARGS__), (PTO__USE_10))
#define PTO__LAUNCH_12(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_11(__VA_ARGS__), (PTO__USE_11))
#define PTO__LAUNCH_13(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_12(__VA_ARGS__), (PTO__USE_12))
#define PTO__LAUNCH_14(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_13(__VA_ARGS__), (PTO__USE_13))
#define PTO__LAUNCH_15(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_14(__VA_ARGS__), (PTO__USE_14))
#define PTO__LAUNCH_16(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_15(__VA_ARGS__), (PTO__USE_15))
#define PTO__LAUNCH_17(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_16(__VA_ARGS__), (PTO__USE_16))
#define PTO__LAUNCH_18(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_17(__VA_ARGS__), (PTO__USE_17))
#define PTO__LAUNCH_19(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_18(__VA_ARGS__), (PTO__USE_18))
#define PTO__LAUNCH_20(k, nb, ...) \
  PTO__LAUNCH_RUN(k, nb, PTO__DECL_19(__VA_ARGS__), (PTO__USE_19))

#endif /* reference mode */

#endif /* C11 or later */

#endif /* PTO_H */
