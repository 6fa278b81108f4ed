/* rt-ops.c - libpto-rt: tile operations at tile level, with exactly the
   reference semantics of include/pto.h.

   Contract: runtime/pto-rt.h.  This file compiles pto.h in reference mode
   (no plugin is loaded when libpto-rt is built) and forwards each
   __pto_rt_* entry to the header's own element loops (pto__add_f32,
   pto__cast_i32_f16, pto__load, ...), so a plugin-built kernel and the
   reference build of the same source compute bit-identical tiles,
   including fp16 rounding, int32 wrapping, float->int32 saturation and
   the run-time checks (row strides, int32 division by zero), which stop
   the program with the same messages.  fp16 elements are pto.h's
   pto__f16: _Float16 where the compiler has it, else the fp16 bits
   converted by include/pto-f16.h, which rounds the same way, so a
   libpto-rt built by GCC 11 (no _Float16 on x86-64) computes the same
   bits as one built by GCC 12, NaN payloads aside (make check-gcc11
   compares them: testsuite/unit/rt-f16-dump.c).

   This is the seam that tile lowering replaces: once kernels are lowered
   to CCE instructions, their simulation calls the CCE simulator instead
   and these entries remain only for tile-level builds.  */

#include "include/pto.h"
#include "runtime/pto-rt.h"

/* Report a call from generated code that no kernel can produce (an
   unknown op or dtype code: a compiler/runtime version mismatch).  */
__attribute__((noreturn)) static void
bad_code(const char *entry, int op, int dt)
{
  pto__ref_fail("%s: unknown operation %d or dtype %d (plugin and "
                "libpto-rt versions differ?)", entry, op, dt);
}

static size_t
elem_size(int dt)
{
  return dt == PTO_RT_F32 ? sizeof(float)
         : dt == PTO_RT_F16 ? sizeof(pto__f16)
         : dt == PTO_RT_BF16 ? sizeof(pto_bf16)
         : dt == PTO_RT_I8 || dt == PTO_RT_U8 ? 1
         : dt == PTO_RT_I16 ? sizeof(int16_t)
         : dt == PTO_RT_U64 ? sizeof(uint64_t)
         : sizeof(int32_t);
}

void
__pto_rt_check_row_stride(const char *op, long long rs, long long rows,
                          long long cols)
{
  pto__check_stride(op, rs, (size_t)rows, (size_t)cols);
}

void
__pto_rt_check_valid(const char *op, long long rs, long long vr, long long vc,
                     long long rows, long long cols)
{
  pto__check_valid(op, rs, vr, vc, (size_t)rows, (size_t)cols);
}

void
__pto_rt_load(int dt, void *t, const void *p, long long rs, int rows,
              int cols)
{
  pto__load(t, p, rs, (size_t)rows, (size_t)cols, elem_size(dt));
}

void
__pto_rt_store(int dt, void *p, long long rs, const void *t, int rows,
               int cols)
{
  pto__store(p, rs, t, (size_t)rows, (size_t)cols, elem_size(dt));
}

/* Partial tiles: PAD is converted to the element type first, as pto.h's
   pto_load_valid does (bf16: the float rounded to nearest even; the
   integers through int32_t, as C converts an int).  */
void
__pto_rt_load_valid(int dt, void *t, const void *p, long long rs,
                    long long vr, long long vc, double pad, int rows,
                    int cols)
{
  union {
    float f;
    pto__f16 h;
    int32_t i;
    pto_bf16 b;
    int8_t s8;
    uint8_t u8;
    int16_t s16;
    uint64_t w;
  } v;
  switch (dt) {
  case PTO_RT_F32: v.f = (float)pad; break;
  case PTO_RT_F16: v.h = PTO__F2H(pad); break;
  case PTO_RT_I32: v.i = (int32_t)pad; break;
  case PTO_RT_BF16: v.b = pto_bf16_from_f32((float)pad); break;
  case PTO_RT_I8: v.s8 = (int8_t)(int32_t)pad; break;
  case PTO_RT_U8: v.u8 = (uint8_t)(int32_t)pad; break;
  case PTO_RT_I16: v.s16 = (int16_t)(int32_t)pad; break;
  /* As C converts an integer pad (a negative one wraps).  */
  case PTO_RT_U64:
    v.w = pad < 0 ? (uint64_t)(int64_t)pad : (uint64_t)pad;
    break;
  default: bad_code("__pto_rt_load_valid", 0, dt);
  }
  pto__load_valid(t, p, rs, vr, vc, &v, (size_t)rows, (size_t)cols,
                  elem_size(dt));
}

void
__pto_rt_store_valid(int dt, void *p, long long rs, const void *t,
                     long long vr, long long vc, int rows, int cols)
{
  pto__store_valid(p, rs, t, vr, vc, (size_t)rows, (size_t)cols,
                   elem_size(dt));
}

/* One case per dtype of a pto.h loop NAME taking (d, ARGS...).  */
#define PER_DTYPE(dt, name, ...)                                  \
  switch (dt) {                                                   \
  case PTO_RT_F32:                                                \
    pto__##name##_f32(__VA_ARGS__);                               \
    return;                                                       \
  case PTO_RT_F16:                                                \
    pto__##name##_f16(__VA_ARGS__);                               \
    return;                                                       \
  case PTO_RT_I32:                                                \
    pto__##name##_i32(__VA_ARGS__);                               \
    return;                                                       \
  }
#define PER_DTYPE_ALL PER_DTYPE
#define PER_DTYPE_FLOAT PER_FLOAT_DTYPE
#define PER_DTYPE_INT(dt, name, ...)                              \
  switch (dt) {                                                   \
  case PTO_RT_I32:                                                \
    pto__##name##_i32(__VA_ARGS__);                               \
    return;                                                       \
  }
#define PER_FLOAT_DTYPE(dt, name, ...)                            \
  switch (dt) {                                                   \
  case PTO_RT_F32:                                                \
    pto__##name##_f32(__VA_ARGS__);                               \
    return;                                                       \
  case PTO_RT_F16:                                                \
    pto__##name##_f16(__VA_ARGS__);                               \
    return;                                                       \
  }

void
__pto_rt_binary(int op, int dt, void *d, const void *a, const void *b,
                long long n)
{
  size_t len = (size_t)n;
  switch (op) {
#define PTO_OP(e, name, sig, res, rule, dtr, eff, pipe, bd, fam, code, cce, \
               cyc)                                                       \
  PTO_RT_IF(fam, BINARY, case PTO_RT_##code:                              \
            PER_DTYPE_##dtr(dt, name, d, a, b, len) break;)
#include "pto-ops.def"
  }
  bad_code("__pto_rt_binary", op, dt);
}

/* The scalar of a "d = a OP s" op converted to the element type first
   (pto.h's functions take it as the element type), one macro per
   DTYPES column: FLOAT (no int32 loop), INT (int32 only), ALL.  */
#define SCALAR_CASE_FLOAT(opname)                                  \
  switch (dt) {                                                    \
  case PTO_RT_F32:                                                 \
    pto__##opname##_f32(d, a, (float)s, len);                      \
    return;                                                        \
  case PTO_RT_F16:                                                 \
    pto__##opname##_f16(d, a, PTO__F2H(s), len);                   \
    return;                                                        \
  }
#define SCALAR_CASE_INT(opname)                                    \
  if (dt == PTO_RT_I32) {                                          \
    pto__##opname##_i32(d, a, (int32_t)s, len);                    \
    return;                                                        \
  }
#define SCALAR_CASE_ALL(opname) \
  SCALAR_CASE_INT(opname)       \
  SCALAR_CASE_FLOAT(opname)

void
__pto_rt_scalar(int op, int dt, void *d, const void *a, double s,
                long long n)
{
  size_t len = (size_t)n;
  switch (op) {
#define PTO_OP(e, name, sig, res, rule, dtr, eff, pipe, bd, fam, code, cce, \
               cyc)                                                       \
  PTO_RT_IF(fam, SCALAR, case PTO_RT_S_##e: SCALAR_CASE_##dtr(name) break;)
#include "pto-ops.def"
  }
  bad_code("__pto_rt_scalar", op, dt);
}

void
__pto_rt_cmp(int op, int dt, void *m, const void *a, const void *b,
             long long n)
{
  size_t len = (size_t)n;
  switch (op) {
#define PTO_OP(e, name, sig, res, rule, dtr, eff, pipe, bd, fam, code, cce, \
               cyc)                                                       \
  PTO_RT_IF(fam, CMP, case PTO_RT_##code:                                 \
            PER_DTYPE_##dtr(dt, name, m, a, b, len) break;)
#include "pto-ops.def"
  }
  bad_code("__pto_rt_cmp", op, dt);
}

void
__pto_rt_cmps(int op, int dt, void *d, const void *a, double s, long long n)
{
  size_t len = (size_t)n;
  switch (op) {
#define PTO_OP(e, name, sig, res, rule, dtr, eff, pipe, bd, fam, code, cce, \
               cyc)                                                       \
  PTO_RT_IF(fam, CMPS, case PTO_RT_##code: SCALAR_CASE_ALL(name) break;)
#include "pto-ops.def"
  }
  bad_code("__pto_rt_cmps", op, dt);
}

void
__pto_rt_select(int dt, void *d, const void *m, const void *a, const void *b,
                long long n)
{
  PER_DTYPE(dt, select, d, m, a, b, (size_t)n);
  bad_code("__pto_rt_select", 0, dt);
}

void
__pto_rt_cast_round(int dt, void *d, const void *a, int mode, long long n)
{
  PER_FLOAT_DTYPE(dt, cast_round, d, a, mode, (size_t)n);
  bad_code("__pto_rt_cast_round", mode, dt);
}

void
__pto_rt_dequant(void *d, const void *a, double s, long long n)
{
  pto__dequant_f16_i32(d, a, (float)s, (size_t)n);
}

void
__pto_rt_col_dequant(void *d, const void *a, const void *r, int words,
                     int rows, int cols)
{
  if (words)
    pto__col_dequant_f16_i32_u64(d, a, r, (size_t)rows, (size_t)cols);
  else
    pto__col_dequant_f16_i32(d, a, r, (size_t)rows, (size_t)cols);
}

void
__pto_rt_deq_scale(void *d, const void *a, int words, long long n)
{
  if (words)
    pto__deq_scale_f32_u64(d, a, (size_t)n);
  else
    pto__deq_scale_f32(d, a, (size_t)n);
}

void
__pto_rt_transpose(int dt, void *d, const void *a, int rows, int cols)
{
  PER_DTYPE(dt, transpose, d, a, (size_t)rows, (size_t)cols);
  bad_code("__pto_rt_transpose", 0, dt);
}

void
__pto_rt_unary(int op, int dt, void *d, const void *a, long long n)
{
  size_t len = (size_t)n;
  switch (op) {
#define PTO_OP(e, name, sig, res, rule, dtr, eff, pipe, bd, fam, code, cce, \
               cyc)                                                       \
  PTO_RT_IF(fam, UNARY, case PTO_RT_##code:                               \
            PER_DTYPE_##dtr(dt, name, d, a, len) break;)
#include "pto-ops.def"
  }
  bad_code("__pto_rt_unary", op, dt);
}

void
__pto_rt_fill(int dt, void *d, double s, long long n)
{
  size_t len = (size_t)n;
  switch (dt) {
  case PTO_RT_F32:
    pto__fill_f32(d, (float)s, len);
    return;
  case PTO_RT_F16:
    pto__fill_f16(d, PTO__F2H(s), len);
    return;
  case PTO_RT_I32:
    pto__fill_i32(d, (int32_t)s, len);
    return;
  }
  bad_code("__pto_rt_fill", 0, dt);
}

/* Casts: pto__cast_<to>_<from>.  */
#define CAST_FROM(to)                                              \
  switch (dt_a) {                                                  \
  case PTO_RT_F32:                                                 \
    pto__cast_##to##_f32(d, a, len);                               \
    return;                                                        \
  case PTO_RT_F16:                                                 \
    pto__cast_##to##_f16(d, a, len);                               \
    return;                                                        \
  case PTO_RT_I32:                                                 \
    pto__cast_##to##_i32(d, a, len);                               \
    return;                                                        \
  }

void
__pto_rt_cast(int dt_d, int dt_a, void *d, const void *a, long long n)
{
  size_t len = (size_t)n;
  switch (dt_d) {
  case PTO_RT_F32: CAST_FROM(f32) break;
  case PTO_RT_F16: CAST_FROM(f16) break;
  case PTO_RT_I32: CAST_FROM(i32) break;
  case PTO_RT_BF16:
    /* bf16 converts to and from float only (ir/op-check.c).  */
    if (dt_a == PTO_RT_F32) {
      pto__cast_bf16_f32(d, a, len);
      return;
    }
    if (dt_a == PTO_RT_BF16) {
      pto__cast_bf16_bf16(d, a, len);
      return;
    }
    break;
  case PTO_RT_I8:
    if (dt_a == PTO_RT_F16) {
      pto__cast_i8_f16(d, a, len);
      return;
    }
    if (dt_a == PTO_RT_I8) {
      pto__cast_i8_i8(d, a, len);
      return;
    }
    break;
  case PTO_RT_U8:
    if (dt_a == PTO_RT_F16) {
      pto__cast_u8_f16(d, a, len);
      return;
    }
    if (dt_a == PTO_RT_U8) {
      pto__cast_u8_u8(d, a, len);
      return;
    }
    break;
  case PTO_RT_I16:
    if (dt_a == PTO_RT_F16) {
      pto__cast_i16_f16(d, a, len);
      return;
    }
    if (dt_a == PTO_RT_I16) {
      pto__cast_i16_i16(d, a, len);
      return;
    }
    break;
  }
  if (dt_d == PTO_RT_F32 && dt_a == PTO_RT_BF16) {
    pto__cast_f32_bf16(d, a, len);
    return;
  }
  if (dt_d == PTO_RT_F16 && dt_a == PTO_RT_I8) {
    pto__cast_f16_i8(d, a, len);
    return;
  }
  if (dt_d == PTO_RT_F16 && dt_a == PTO_RT_U8) {
    pto__cast_f16_u8(d, a, len);
    return;
  }
  if (dt_d == PTO_RT_F16 && dt_a == PTO_RT_I16) {
    pto__cast_f16_i16(d, a, len);
    return;
  }
  bad_code("__pto_rt_cast", dt_a, dt_d);
}

void
__pto_rt_rowred(int op, int dt, void *d, const void *a, int rows, int cols)
{
  size_t r = (size_t)rows, c = (size_t)cols;
  switch (op) {
#define PTO_OP(e, name, sig, res, rule, dtr, eff, pipe, bd, fam, code, cce, \
               cyc)                                                       \
  PTO_RT_IF(fam, ROWRED, case PTO_RT_##code:                              \
            PER_DTYPE_##dtr(dt, name, d, a, r, c) break;)
#include "pto-ops.def"
  }
  bad_code("__pto_rt_rowred", op, dt);
}

void
__pto_rt_rowbcast(int op, int dt, void *d, const void *a, const void *r,
                  int rows, int cols)
{
  size_t nr = (size_t)rows, nc = (size_t)cols;
  switch (op) {
#define PTO_OP(e, name, sig, res, rule, dtr, eff, pipe, bd, fam, code, cce, \
               cyc)                                                       \
  PTO_RT_IF(fam, EXPAND, case PTO_RT_##code:                              \
            PER_DTYPE_##dtr(dt, name, d, r, nr, nc) break;)               \
  PTO_RT_IF(fam, BCAST, case PTO_RT_##code:                               \
            PER_DTYPE_##dtr(dt, name, d, a, r, nr, nc) break;)
#include "pto-ops.def"
  }
  bad_code("__pto_rt_rowbcast", op, dt);
}

void
__pto_rt_matmul(int dt, void *c, const void *a, const void *b, int m, int k,
                int n)
{
  PER_FLOAT_DTYPE(dt, matmul, c, a, b, (size_t)m, (size_t)k, (size_t)n)
  if (dt == PTO_RT_BF16) {
    pto__matmul_bf16(c, a, b, (size_t)m, (size_t)k, (size_t)n);
    return;
  }
  if (dt == PTO_RT_I8) {        /* c is int32_t */
    pto__matmul_s8(c, a, b, (size_t)m, (size_t)k, (size_t)n);
    return;
  }
  bad_code("__pto_rt_matmul", 0, dt);
}

float
__pto_rt_f16_round(double x)
{
  return PTO__H2F(PTO__F2H(x));
}

float
__pto_rt_f16_load(unsigned short bits)
{
  pto__f16 h;
  __builtin_memcpy(&h, &bits, sizeof h);
  return PTO__H2F(h);
}

unsigned short
__pto_rt_f16_bits(double x)
{
  pto__f16 h = PTO__F2H(x);
  unsigned short bits;
  __builtin_memcpy(&bits, &h, sizeof bits);
  return bits;
}
