/* sim-vec.c - the vector (pipe V) instructions of the CCE simulator:
   element-wise binary, unary and vector-scalar ops, vector_dup, vbrcb,
   vtranspose, conversions, whole and group reductions, and the mask
   registers.
   Contract and addressing: cce_sim.h.

   Every instruction runs in three steps: validate the arguments and every
   operand's extent (nothing is recorded for a rejected instruction),
   record the bytes each operand reads or writes (race detector), then
   compute.  Element arithmetic: fp16 operands are widened to float, the
   operation is done in float and rounded back to fp16 with
   round-to-nearest-even (correctly rounded for + - * / sqrt because float
   has more than 2*11+2 bits); fp32 in float; int32/int16 wrap.  max/min
   use fmaxf/fminf (a NaN operand yields the other).  */

#include "sim-internal.h"
#include "include/pto-f16.h"
#include "include/pto-bf16.h"

#include <math.h>
#include <string.h>

/* A vector operand: space, base offset, element size, strides (blocks).  */
typedef struct vopnd {
  uintptr_t off;
  int esize;
  int64_t bs, rs;
} vopnd;

static int dt_size(pto_sim_dt dt)
{
  switch (dt) {
  case PTO_SIM_DT_F16:
  case PTO_SIM_DT_S16:
  case PTO_SIM_DT_U16:
  case PTO_SIM_DT_BF16: return 2;
  case PTO_SIM_DT_F32:
  case PTO_SIM_DT_S32: return 4;
  default: return 0;
  }
}

/* dt_size, and 1 for the 8-bit types, which only conversions take.  */
static int conv_size(pto_sim_dt dt)
{
  return dt == PTO_SIM_DT_S8 || dt == PTO_SIM_DT_U8 ? 1 : dt_size(dt);
}

static const char *dt_name(pto_sim_dt dt)
{
  static const char *const n[] = { "unsupported type", "half",    "float",
                                   "int32_t",          "int16_t", "uint16_t",
                                   "bfloat16_t", "int8_t", "uint8_t" };
  return dt <= PTO_SIM_DT_U8 ? n[dt] : "?";
}

static int is_float(pto_sim_dt dt)
{
  return dt == PTO_SIM_DT_F16 || dt == PTO_SIM_DT_F32;
}

/* ------------------------------------------------------------------ */
/* Masks                                                               */
/* ------------------------------------------------------------------ */

void pto_sim_set_vector_mask(const char *f, int l, uint64_t hi, uint64_t lo)
{
  (void)f;
  (void)l;
  sim_state *s = pto_sim_state();
  s->mask_hi = hi;
  s->mask_lo = lo;
}

void pto_sim_set_mask_mode(const char *f, int l, int counter)
{
  (void)f;
  (void)l;
  pto_sim_state()->counter = counter;
}

/* The number of repeats an instruction runs: REPEAT in normal mode,
   ceil(count / LANES) in counter mode.  */
static int64_t effective_repeats(const sim_state *s, int64_t repeat, int lanes)
{
  if (!s->counter)
    return repeat;
  return (int64_t)((s->mask_lo + (uint64_t)lanes - 1) / (uint64_t)lanes);
}

static int lane_on(const sim_state *s, int64_t rep, int lane, int lanes)
{
  if (s->counter)
    return (uint64_t)(rep * lanes + lane) < s->mask_lo;
  return lane < 64 ? (int)((s->mask_lo >> lane) & 1u)
                   : (int)((s->mask_hi >> (lane - 64)) & 1u);
}

/* Bit k set iff lane FIRST + k (k < EPB) of repeat REP is enabled.
   FIRST is a multiple of EPB (8 or 16), so a block never straddles the
   two 64-bit mask words.  */
static uint32_t block_lanes(const sim_state *s, int64_t rep, int first, int epb,
                            int lanes)
{
  if (first >= lanes)
    return 0;
  int n = epb < lanes - first ? epb : lanes - first;
  if (s->counter) {
    uint64_t start = (uint64_t)rep * (uint64_t)lanes + (uint64_t)first;
    if (s->mask_lo <= start)
      return 0;
    if (s->mask_lo - start < (uint64_t)n)
      n = (int)(s->mask_lo - start);
    return (uint32_t)((1ull << n) - 1);
  }
  uint64_t w = first < 64 ? s->mask_lo >> first : s->mask_hi >> (first - 64);
  return (uint32_t)(w & ((1ull << n) - 1));
}

/* Byte mask of block BLK of operand O in repeat REP.  */
static uint32_t block_mask(const sim_state *s, const vopnd *o, int64_t rep,
                           int blk, int lanes)
{
  int epb = (int)SIM_BLOCK / o->esize;
  uint32_t bits = block_lanes(s, rep, blk * epb, epb, lanes);
  /* All EPB lanes on (EPB is 32 for 8-bit elements: no 1u << 32).  */
  if (bits == (uint32_t)((1ull << epb) - 1))
    return 0xffffffffu;
  uint32_t m = 0, one = (1u << o->esize) - 1;
  for (int k = 0; bits; k++, bits >>= 1)
    if (bits & 1u)
      m |= one << (k * o->esize);
  return m;
}

static uintptr_t block_addr(const vopnd *o, int64_t rep, int blk)
{
  return o->off + (uintptr_t)(rep * o->rs * SIM_BLOCK) +
         (uintptr_t)(blk * o->bs * SIM_BLOCK);
}

static uintptr_t lane_addr(const vopnd *o, int64_t rep, int lane)
{
  /* log2 of the lanes per block (32 B: 32, 16 or 8 lanes) */
  int sh = o->esize == 1 ? 5 : o->esize == 2 ? 4 : 3;
  return block_addr(o, rep, lane >> sh) +
         (uintptr_t)((lane & ((1 << sh) - 1)) * o->esize);
}

static int nblocks(const vopnd *o, int lanes)
{
  return (int)((lanes * o->esize + (int)SIM_BLOCK - 1) / (int)SIM_BLOCK);
}

/* Check that every enabled block of O lies in UB; return 0, or report.  */
static int check_extent(sim_state *s, const char *f, int l, const char *name,
                        const char *what, const vopnd *o, int64_t reps,
                        int lanes, uintptr_t *lo, uintptr_t *hi)
{
  uintptr_t mn = UINTPTR_MAX, mx = 0;
  for (int64_t r = 0; r < reps; r++)
    for (int b = 0; b < nblocks(o, lanes); b++)
      if (block_mask(s, o, r, b, lanes)) {
        uintptr_t a = block_addr(o, r, b);
        if (a < mn)
          mn = a;
        if (a + SIM_BLOCK > mx)
          mx = a + SIM_BLOCK;
      }
  if (mx == 0)
    mn = mx = o->off;
  *lo = mn;
  *hi = mx;
  if (mx > s->sp[PTO_SIM_UB].size) {
    pto_sim_error_at(
        s, f, l,
        "%s: %s range ub[%lu,%lu) is outside the ub arena of %lu bytes "
        "(%s)",
        name, what, (unsigned long)mn, (unsigned long)mx,
        (unsigned long)s->sp[PTO_SIM_UB].size, s->arch->name);
    return -1;
  }
  return 0;
}

static void touch_operand(sim_state *s, const vopnd *o, int64_t reps, int lanes,
                          int rw)
{
  for (int64_t r = 0; r < reps; r++)
    for (int b = 0; b < nblocks(o, lanes); b++) {
      uint32_t m = block_mask(s, o, r, b, lanes);
      if (m)
        pto_sim_touch_mask(s, PTO_SIM_UB, block_addr(o, r, b), m, rw);
    }
}

/* Common validation of repeat and strides.  */
static int check_repeat_strides(sim_state *s, const char *f, int l,
                                const char *name, int64_t repeat, int n,
                                const int64_t *strides,
                                const char *const *snames)
{
  if (pto_sim_check_range(s, f, l, name, "repeat", repeat, 0, 255))
    return -1;
  for (int i = 0; i < n; i++)
    if (pto_sim_check_range(s, f, l, name, snames[i], strides[i], 0, 255))
      return -1;
  return 0;
}

/* Resolve, align-check and extent-check NOPS operands (dst first).
   Return 0 or -1 (reported).  */
static int prepare(sim_state *s, const char *f, int l, const char *name,
                   int nops, vopnd *o, const uintptr_t *ptrs,
                   const char *const *what, int64_t reps, int lanes,
                   uintptr_t *lo, uintptr_t *hi)
{
  for (int i = 0; i < nops; i++) {
    if (pto_sim_resolve(s, f, l, name, what[i], PTO_SIM_UB, ptrs[i], 0,
                        SIM_BLOCK, &o[i].off))
      return -1;
    if (check_extent(s, f, l, name, what[i], &o[i], reps, lanes, &lo[i],
                     &hi[i]))
      return -1;
  }
  return 0;
}

static void log_and_touch(sim_state *s, int nops, const vopnd *o,
                          const uintptr_t *lo, const uintptr_t *hi,
                          int64_t reps, int lanes, int dst_is_read)
{
  for (int i = 1; i < nops; i++)
    pto_sim_log_range(s, PTO_SIM_UB, lo[i], hi[i], SIM_R);
  pto_sim_log_range(s, PTO_SIM_UB, lo[0], hi[0], SIM_W);
  for (int i = 1; i < nops; i++)
    touch_operand(s, &o[i], reps, lanes, SIM_R);
  if (dst_is_read)
    touch_operand(s, &o[0], reps, lanes, SIM_R);
  touch_operand(s, &o[0], reps, lanes, SIM_W);
}

/* ------------------------------------------------------------------ */
/* Element arithmetic                                                  */
/* ------------------------------------------------------------------ */

/* fp16 <-> float.  Both directions are exact IEEE conversions (the
   narrowing one rounds to nearest even); on x86 with F16C they use the
   hardware instructions, elsewhere the software conversions of
   include/pto-f16.h, which give the same bits (and need no _Float16, so
   GCC 11 builds the same simulator).  */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
__attribute__((target("f16c"))) static float h2f_f16c(uint16_t h)
{
  return _cvtsh_ss(h);
}
__attribute__((target("f16c"))) static uint16_t f2h_f16c(float x)
{
  return (uint16_t)_cvtss_sh(x, _MM_FROUND_TO_NEAREST_INT);
}
static int have_f16c(void)
{
  static int have = -1;
  if (have < 0)
    have = __builtin_cpu_supports("f16c") ? 1 : 0;
  return have;
}
#else
static float h2f_f16c(uint16_t h)
{
  (void)h;
  return 0.0f;
}
static uint16_t f2h_f16c(float x)
{
  (void)x;
  return 0;
}
static int have_f16c(void) { return 0; }
#endif

float pto_sim_h2f(uint16_t bits)
{
  if (have_f16c())
    return h2f_f16c(bits);
  return pto_f16_bits_to_float(bits);
}

uint16_t pto_sim_f2h(float x)
{
  if (have_f16c())
    return f2h_f16c(x);
  return pto_f16_bits_from_double(x);
}

static float load_f(pto_sim_dt dt, const uint8_t *p)
{
  if (dt == PTO_SIM_DT_F16) {
    uint16_t h;
    memcpy(&h, p, 2);
    return pto_sim_h2f(h);
  }
  if (dt == PTO_SIM_DT_BF16) {
    uint16_t h;
    memcpy(&h, p, 2);
    return pto_bf16_bits_to_float(h);
  }
  float x;
  memcpy(&x, p, 4);
  return x;
}

static void store_f(pto_sim_dt dt, uint8_t *p, float v)
{
  if (dt == PTO_SIM_DT_F16) {
    uint16_t h = pto_sim_f2h(v);
    memcpy(p, &h, 2);
  } else if (dt == PTO_SIM_DT_BF16) {
    /* vconv_f322bf16r: round to nearest even (pto-bf16.h).  */
    uint16_t h = pto_bf16_bits_from_float(v);
    memcpy(p, &h, 2);
  } else
    memcpy(p, &v, 4);
}

static int64_t load_i(pto_sim_dt dt, const uint8_t *p)
{
  if (dt == PTO_SIM_DT_S32) {
    int32_t x;
    memcpy(&x, p, 4);
    return x;
  }
  if (dt == PTO_SIM_DT_S16) {
    int16_t x;
    memcpy(&x, p, 2);
    return x;
  }
  uint16_t x;
  memcpy(&x, p, 2);
  return x;
}

static void store_i(pto_sim_dt dt, uint8_t *p, int64_t v)
{
  if (dt == PTO_SIM_DT_S32) {
    uint32_t x = (uint32_t)v;
    memcpy(p, &x, 4);
  } else {
    uint16_t x = (uint16_t)v;
    memcpy(p, &x, 2);
  }
}

static float fop(pto_sim_vop op, float x, float y)
{
  switch (op) {
  case PTO_SIM_ADD: return x + y;
  case PTO_SIM_SUB: return x - y;
  case PTO_SIM_MUL: return x * y;
  case PTO_SIM_DIV: return x / y;
  case PTO_SIM_MAX: return fmaxf(x, y);
  case PTO_SIM_MIN: return fminf(x, y);
  case PTO_SIM_EXP: return expf(x);
  case PTO_SIM_LN: return logf(x);
  case PTO_SIM_ABS: return fabsf(x);
  case PTO_SIM_REC: return 1.0f / x;
  case PTO_SIM_RSQRT: return 1.0f / sqrtf(x);
  case PTO_SIM_SQRT: return sqrtf(x);
  case PTO_SIM_RELU: return x > 0.0f ? x : 0.0f;
  case PTO_SIM_LRELU: return x > 0.0f ? x : x * y;
  default: return y; /* DUP, MOV: the second operand */
  }
}

static int64_t iop(pto_sim_vop op, int64_t x, int64_t y)
{
  switch (op) {
  case PTO_SIM_ADD: return (int64_t)((uint64_t)x + (uint64_t)y);
  case PTO_SIM_SUB: return (int64_t)((uint64_t)x - (uint64_t)y);
  case PTO_SIM_MUL: return (int64_t)((uint64_t)x * (uint64_t)y);
  case PTO_SIM_MAX: return x > y ? x : y;
  case PTO_SIM_MIN: return x < y ? x : y;
  case PTO_SIM_ABS: return x < 0 ? -x : x;
  case PTO_SIM_RELU: return x > 0 ? x : 0;
  case PTO_SIM_AND: return x & y;
  case PTO_SIM_OR: return x | y;
  case PTO_SIM_NOT: return ~x;
  /* Distances in [0, 32] (the vendor's range for 32-bit types).  */
  case PTO_SIM_SHL:
    return y >= 32 || y < 0 ? 0 : (int64_t)(int32_t)(uint32_t)((uint64_t)x << y);
  case PTO_SIM_SHR: return y >= 32 || y < 0 ? (x < 0 ? -1 : 0) : x >> y;
  default: return y;
  }
}

/* Whether the vendor declares OP for integer element type DT (the
   overloads of runtime/cce-api.h, the same on dav-c220 and dav-m200):
   vadd vsub vmul vmax vmin and their scalar forms int16 / int32, vrelu
   int32, vector_dup int16 / uint16 / int32, vand vor vnot int16 /
   uint16 only, vshl vshr int32 (as declared); nothing else (vabs, vdiv, the transcendental ops are
   half / float only).  */
static int op_has_int(pto_sim_vop op, pto_sim_dt dt)
{
  switch (op) {
  case PTO_SIM_ADD:
  case PTO_SIM_SUB:
  case PTO_SIM_MUL:
  case PTO_SIM_MAX:
  case PTO_SIM_MIN: return dt == PTO_SIM_DT_S32 || dt == PTO_SIM_DT_S16;
  case PTO_SIM_RELU: return dt == PTO_SIM_DT_S32;
  case PTO_SIM_AND:
  case PTO_SIM_OR:
  case PTO_SIM_NOT: return dt == PTO_SIM_DT_S16 || dt == PTO_SIM_DT_U16;
  case PTO_SIM_SHL:
  case PTO_SIM_SHR: return dt == PTO_SIM_DT_S32;
  case PTO_SIM_DUP:
    return dt == PTO_SIM_DT_S32 || dt == PTO_SIM_DT_S16 || dt == PTO_SIM_DT_U16;
  case PTO_SIM_MOV: return 1;
  default: return 0;
  }
}

/* Cycles per repeat of the element-wise instruction NAME: the cycles
   column of the op table (runtime/pto-ops.def, the cost model that
   backend/cce/report.c estimates with too); 1 for an instruction no op names
   (conversions, vector_dup's other uses).  */
static int op_cycles(const char *name)
{
  static const struct { const char *cce; int cycles; } rows[] = {
#define PTO_OP(e, n, sig, res, rule, dt, eff, pipe, bd, fam, code, cce, cyc) \
  { cce, cyc },
#include "pto-ops.def"
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
    if (rows[i].cycles && !strcmp(rows[i].cce, name))
      return rows[i].cycles;
  return 1;
}

/* Check that every operand has type DT and that OP supports it.  */
static int check_types(sim_state *s, const char *f, int l, const char *name,
                       pto_sim_vop op, pto_sim_dt dt, int n,
                       const pto_sim_dt *dts)
{
  int bitwise = op == PTO_SIM_AND || op == PTO_SIM_OR || op == PTO_SIM_NOT
                || op == PTO_SIM_SHL || op == PTO_SIM_SHR;
  if (!dt_size(dt) || (is_float(dt) ? bitwise : !op_has_int(op, dt))) {
    pto_sim_error_at(s, f, l, "%s: element type %s is not supported (no "
                     "such overload in the vendor's API: runtime/cce-api.h)",
                     name, dt_name(dt));
    return -1;
  }
  for (int i = 0; i < n; i++)
    if (dts[i] != dt) {
      pto_sim_error_at(s, f, l, "%s: operand types differ (dst %s, source %s)",
                       name, dt_name(dt), dt_name(dts[i]));
      return -1;
    }
  return 0;
}

static void vector_done(sim_state *s, int64_t reps, int cpr)
{
  s->stats.vector_instrs++;
  s->stats.vector_repeats += (uint64_t)reps;
  pto_sim_end(s, 8 + (uint64_t)reps * (uint64_t)cpr);
}

/* Write the enabled lanes of repeat R, computed into RES (element i at
   RES + i * esize), to the destination operand D.  Results are buffered
   per repeat so that a destination overlapping a source reads the
   sources before any lane of the repeat is written.  */
static void store_repeat(sim_state *s, const vopnd *d, int64_t r, int lanes,
                         const uint8_t *res)
{
  for (int i = 0; i < lanes; i++)
    if (lane_on(s, r, i, lanes))
      memcpy(sim_mem(s, PTO_SIM_UB, lane_addr(d, r, i)), res + i * d->esize,
             (size_t)d->esize);
}

/* ------------------------------------------------------------------ */
/* Element-wise instructions                                           */
/* ------------------------------------------------------------------ */

void pto_sim_vbinary(const char *f, int l, const char *name, pto_sim_vop op,
                     pto_sim_dt dt, pto_sim_dt dt0, pto_sim_dt dt1,
                     uintptr_t dst, uintptr_t src0, uintptr_t src1,
                     int64_t repeat, int64_t dbs, int64_t s0bs, int64_t s1bs,
                     int64_t drs, int64_t s0rs, int64_t s1rs)
{
  static const char *const sn[] = { "dstBlkStride",  "src0BlkStride",
                                    "src1BlkStride", "dstRepStride",
                                    "src0RepStride", "src1RepStride" };
  static const char *const what[] = { "dst", "src0", "src1" };
  sim_state *s = pto_sim_state();
  int64_t st[6] = { dbs, s0bs, s1bs, drs, s0rs, s1rs };
  pto_sim_dt srcs[2] = { dt0, dt1 };
  if (check_types(s, f, l, name, op, dt, 2, srcs) ||
      check_repeat_strides(s, f, l, name, repeat, 6, st, sn))
    return;
  int es = dt_size(dt), lanes = 256 / es;
  int64_t reps = effective_repeats(s, repeat, lanes);
  vopnd o[3] = { { 0, es, dbs, drs },
                 { 0, es, s0bs, s0rs },
                 { 0, es, s1bs, s1rs } };
  uintptr_t ptrs[3] = { dst, src0, src1 }, lo[3], hi[3];
  if (prepare(s, f, l, name, 3, o, ptrs, what, reps, lanes, lo, hi))
    return;
  pto_sim_begin(s, f, l, name, P_V);
  log_and_touch(s, 3, o, lo, hi, reps, lanes, 0);
  for (int64_t r = 0; r < reps; r++) {
    uint8_t res[256];
    for (int i = 0; i < lanes; i++) {
      if (!lane_on(s, r, i, lanes))
        continue;
      uint8_t *d = res + i * es;
      const uint8_t *a = sim_mem(s, PTO_SIM_UB, lane_addr(&o[1], r, i));
      const uint8_t *b = sim_mem(s, PTO_SIM_UB, lane_addr(&o[2], r, i));
      if (is_float(dt))
        store_f(dt, d, fop(op, load_f(dt, a), load_f(dt, b)));
      else
        store_i(dt, d, iop(op, load_i(dt, a), load_i(dt, b)));
    }
    store_repeat(s, &o[0], r, lanes, res);
  }
  vector_done(s, reps, op_cycles(name));
}

void pto_sim_vunary(const char *f, int l, const char *name, pto_sim_vop op,
                    pto_sim_dt dt, pto_sim_dt sdt, uintptr_t dst, uintptr_t src,
                    double scalar, int has_scalar, int64_t repeat, int64_t dbs,
                    int64_t sbs, int64_t drs, int64_t srs)
{
  static const char *const sn[] = { "dstBlkStride", "srcBlkStride",
                                    "dstRepStride", "srcRepStride" };
  static const char *const what[] = { "dst", "src" };
  sim_state *s = pto_sim_state();
  int64_t st[4] = { dbs, sbs, drs, srs };
  if (check_types(s, f, l, name, op, dt, 1, &sdt) ||
      check_repeat_strides(s, f, l, name, repeat, 4, st, sn))
    return;
  int es = dt_size(dt), lanes = 256 / es;
  int nops = op == PTO_SIM_DUP ? 1 : 2;
  int64_t reps = effective_repeats(s, repeat, lanes);
  vopnd o[2] = { { 0, es, dbs, drs }, { 0, es, sbs, srs } };
  uintptr_t ptrs[2] = { dst, src }, lo[2], hi[2];
  if (prepare(s, f, l, name, nops, o, ptrs, what, reps, lanes, lo, hi))
    return;
  pto_sim_begin(s, f, l, name, P_V);
  log_and_touch(s, nops, o, lo, hi, reps, lanes, 0);
  /* The scalar is first converted to the element type.  */
  float fs = 0.0f;
  int64_t is = 0;
  if (has_scalar) {
    if (dt == PTO_SIM_DT_F16)
      fs = pto_f16_bits_to_float(pto_f16_bits_from_double(scalar));
    else if (dt == PTO_SIM_DT_F32)
      fs = (float)scalar;
    else
      is = (int64_t)scalar;
  }
  for (int64_t r = 0; r < reps; r++) {
    uint8_t res[256];
    for (int i = 0; i < lanes; i++) {
      if (!lane_on(s, r, i, lanes))
        continue;
      uint8_t *d = res + i * es;
      const uint8_t *a =
          nops > 1 ? sim_mem(s, PTO_SIM_UB, lane_addr(&o[1], r, i)) : NULL;
      if (is_float(dt)) {
        float x = a ? load_f(dt, a) : 0.0f;
        store_f(dt, d, has_scalar ? fop(op, x, fs) : fop(op, x, 0.0f));
      } else {
        int64_t x = a ? load_i(dt, a) : 0;
        store_i(dt, d, has_scalar ? iop(op, x, is) : iop(op, x, 0));
      }
    }
    store_repeat(s, &o[0], r, lanes, res);
  }
  vector_done(s, reps, op_cycles(name));
}

/* ------------------------------------------------------------------ */
/* Conversions                                                         */
/* ------------------------------------------------------------------ */

static int32_t f2i(float x, pto_sim_round rnd)
{
  if (x != x)
    return 0;
  float r;
  switch (rnd) {
  case PTO_SIM_ROUND: r = roundf(x); break;
  case PTO_SIM_FLOOR: r = floorf(x); break;
  case PTO_SIM_CEIL: r = ceilf(x); break;
  case PTO_SIM_TRUNC: r = truncf(x); break;
  default: r = nearbyintf(x); break; /* default FE_TONEAREST: ties even */
  }
  if (r >= 2147483648.0f)
    return INT32_MAX;
  if (r < -2147483648.0f)
    return INT32_MIN;
  return (int32_t)r;
}

void pto_sim_vconv(const char *f, int l, const char *name, pto_sim_dt ddt,
                   pto_sim_dt sdt, pto_sim_dt want_d, pto_sim_dt want_s,
                   pto_sim_round rnd, uintptr_t dst, uintptr_t src,
                   int64_t repeat, int64_t dbs, int64_t sbs, int64_t drs,
                   int64_t srs)
{
  static const char *const sn[] = { "dstBlkStride", "srcBlkStride",
                                    "dstRepStride", "srcRepStride" };
  static const char *const what[] = { "dst", "src" };
  sim_state *s = pto_sim_state();
  int64_t st[4] = { dbs, sbs, drs, srs };
  if (ddt != want_d || sdt != want_s) {
    pto_sim_error_at(s, f, l,
                     "%s: needs a %s destination and a %s source, got %s "
                     "and %s",
                     name, dt_name(want_d), dt_name(want_s), dt_name(ddt),
                     dt_name(sdt));
    return;
  }
  if (check_repeat_strides(s, f, l, name, repeat, 4, st, sn))
    return;
  int des = conv_size(ddt), ses = conv_size(sdt);
  int lanes = 256 / (des > ses ? des : ses);
  int64_t reps = effective_repeats(s, repeat, lanes);
  vopnd o[2] = { { 0, des, dbs, drs }, { 0, ses, sbs, srs } };
  uintptr_t ptrs[2] = { dst, src }, lo[2], hi[2];
  if (prepare(s, f, l, name, 2, o, ptrs, what, reps, lanes, lo, hi))
    return;
  pto_sim_begin(s, f, l, name, P_V);
  log_and_touch(s, 2, o, lo, hi, reps, lanes, 0);
  for (int64_t r = 0; r < reps; r++) {
    uint8_t res[256];
    for (int i = 0; i < lanes; i++) {
      if (!lane_on(s, r, i, lanes))
        continue;
      uint8_t *d = res + i * des;
      const uint8_t *a = sim_mem(s, PTO_SIM_UB, lane_addr(&o[1], r, i));
      if (ddt == PTO_SIM_DT_S32)
        store_i(ddt, d, f2i(load_f(sdt, a), rnd));
      else if (ddt == PTO_SIM_DT_S8 || ddt == PTO_SIM_DT_U8) {
        /* Saturating, as include/pto.h's reference (pto__h2s8).  */
        int32_t v = f2i(load_f(sdt, a), rnd);
        int32_t lo = ddt == PTO_SIM_DT_S8 ? -128 : 0;
        int32_t hi = ddt == PTO_SIM_DT_S8 ? 127 : 255;
        *d = (uint8_t)(v < lo ? lo : v > hi ? hi : v);
      } else if (ddt == PTO_SIM_DT_S16) {
        /* Saturating, as include/pto.h's reference (pto__h2s16).  */
        int32_t v = f2i(load_f(sdt, a), rnd);
        int16_t h = (int16_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
        memcpy(d, &h, 2);
      } else if (sdt == PTO_SIM_DT_S16) {
        int16_t h;
        memcpy(&h, a, 2);
        store_f(ddt, d, (float)h);
      } else if (sdt == PTO_SIM_DT_S8)
        store_f(ddt, d, (float)(int8_t)*a);
      else if (sdt == PTO_SIM_DT_U8)
        store_f(ddt, d, (float)*a);
      else if (sdt == PTO_SIM_DT_S32)
        store_f(ddt, d, (float)(int32_t)load_i(sdt, a));
      else
        store_f(ddt, d, load_f(sdt, a));
    }
    store_repeat(s, &o[0], r, lanes, res);
  }
  vector_done(s, reps, 1);
}

/* ------------------------------------------------------------------ */
/* Reductions                                                          */
/* ------------------------------------------------------------------ */

/* One pairwise step in the element type (fp16 sums saturate at
   +-65504, as the hardware documents for its add tree).  */
static float red_step_f(pto_sim_vop op, pto_sim_dt dt, float x, float y)
{
  float r = fop(op, x, y);
  if (dt == PTO_SIM_DT_F16) {
    if (op == PTO_SIM_ADD && r > 65504.0f)
      r = 65504.0f;
    if (op == PTO_SIM_ADD && r < -65504.0f)
      r = -65504.0f;
    r = pto_sim_h2f(pto_sim_f2h(r));
  }
  return r;
}

/* Reduce N (a power of two) values pairwise in place: (0,1) (2,3) ...
   then again, as the hardware's binary tree.  */
static float tree_f(pto_sim_vop op, pto_sim_dt dt, float *v, int n)
{
  for (int w = n; w > 1; w /= 2)
    for (int i = 0; i < w / 2; i++)
      v[i] = red_step_f(op, dt, v[2 * i], v[2 * i + 1]);
  return v[0];
}

static int64_t tree_i(pto_sim_vop op, pto_sim_dt dt, int64_t *v, int n)
{
  for (int w = n; w > 1; w /= 2)
    for (int i = 0; i < w / 2; i++) {
      int64_t r = iop(op, v[2 * i], v[2 * i + 1]);
      v[i] = dt == PTO_SIM_DT_S32 ? (int32_t)r : r;
    }
  return v[0];
}

/* Reduce lanes [first, first + n) of repeat R; *IDX gets the lane (within
   the repeat) of the first max/min.  Disabled lanes hold the identity.  */
static void reduce_lanes(sim_state *s, pto_sim_vop op, pto_sim_dt dt,
                         const vopnd *src, int64_t r, int first, int n,
                         int lanes, uint8_t *out, int64_t *idx)
{
  float fv[128];
  int64_t iv[128];
  float fid = op == PTO_SIM_ADD   ? 0.0f
              : op == PTO_SIM_MAX ? -INFINITY
                                  : INFINITY;
  /* tree_i wraps s32 partial results to 32 bits: the identity of an
     s32 max/min must be an int32 value (INT64_MIN wrapped is 0).  */
  int s32 = dt == PTO_SIM_DT_S32;
  int64_t iid = op == PTO_SIM_ADD   ? 0
                : op == PTO_SIM_MAX ? (s32 ? INT32_MIN : INT64_MIN)
                                    : (s32 ? INT32_MAX : INT64_MAX);
  *idx = 0;
  int found = 0;
  for (int i = 0; i < n; i++) {
    int lane = first + i;
    if (!lane_on(s, r, lane, lanes)) {
      fv[i] = fid;
      iv[i] = iid;
      continue;
    }
    const uint8_t *p = sim_mem(s, PTO_SIM_UB, lane_addr(src, r, lane));
    if (is_float(dt))
      fv[i] = load_f(dt, p);
    else
      iv[i] = load_i(dt, p);
    if (op != PTO_SIM_ADD) {
      int better =
          !found ||
          (is_float(dt) ? (op == PTO_SIM_MAX ? fv[i] > fv[*idx - first]
                                             : fv[i] < fv[*idx - first])
                        : (op == PTO_SIM_MAX ? iv[i] > iv[*idx - first]
                                             : iv[i] < iv[*idx - first]));
      if (better)
        *idx = lane;
      found = 1;
    }
  }
  if (is_float(dt))
    store_f(dt, out, tree_f(op, dt, fv, n));
  else
    store_i(dt, out, tree_i(op, dt, iv, n));
}

/* Whether the current arch takes the dav-c220 / 3510 forms.  */
static int isa_v220(const sim_state *s)
{
  return strcmp(s->arch->name, "dav-c100") && strcmp(s->arch->name, "dav-m200");
}

int pto_sim_check_form(const char *f, int l, const char *name, int nargs,
                       unsigned v200, unsigned v220, int64_t modes)
{
  sim_state *s = pto_sim_state();
  unsigned want = isa_v220(s) ? v220 : v200;
  if (!want) {
    pto_sim_error_at(s, f, l, "%s: not available on %s (runtime/cce-api.h)",
                     name, s->arch->name);
    return -1;
  }
  if (nargs < 0 || nargs >= 32 || !(want & (1u << nargs))) {
    char counts[64] = "";
    for (int i = 0; i < 32; i++)
      if (want & (1u << i))
        snprintf(counts + strlen(counts), sizeof counts - strlen(counts),
                 "%s%d", *counts ? " or " : "", i);
    pto_sim_error_at(s, f, l, "%s: %d operands, but its form on %s has %s "
                     "(runtime/cce-api.h)", name, nargs, s->arch->name,
                     counts);
    return -1;
  }
  if (modes) {
    pto_sim_error_at(s, f, l, "%s: a mode operand is not 0 (only the "
                     "default mode is simulated)", name);
    return -1;
  }
  return 0;
}

/* The result order of reduction NAME called with NARGS operands (A7..A9
   after the sixth) on the current arch, or -1 after a report: the form
   check of runtime/cce-api.h.  */
static int reduce_order(sim_state *s, const char *f, int l, const char *name,
                        int is_max, int group, int nargs, int64_t a7,
                        int64_t a8, int64_t a9)
{
  int v220 = isa_v220(s);
  if (group || !is_max) {
    unsigned n = group || !v220 ? PTO_SIM_N(6) : PTO_SIM_N(7);
    return pto_sim_check_form(f, l, name, nargs, n, n, 0) ? -1
                                                         : SIM_ORDER_ONLY_VALUE;
  }
  if (v220) {
    if (pto_sim_check_form(f, l, name, nargs, 0, PTO_SIM_N(7), 0) ||
        pto_sim_check_range(s, f, l, name, "order", a7, 0, 3))
      return -1;
    return (int)a7;
  }
  if (pto_sim_check_form(f, l, name, nargs, PTO_SIM_N(9), 0, a7 | a8) ||
      pto_sim_check_range(s, f, l, name, "order", a9, 0, 1))
    return -1;
  return a9 ? SIM_ORDER_INDEX_VALUE : SIM_ORDER_VALUE_INDEX;
}

void pto_sim_vreduce(const char *f, int l, const char *name, pto_sim_vop op,
                     int group, pto_sim_dt dt, pto_sim_dt sdt, uintptr_t dst,
                     uintptr_t src, int64_t repeat, int64_t drs, int64_t sbs,
                     int64_t srs, int nargs, int64_t a7, int64_t a8,
                     int64_t a9)
{
  static const char *const sn[] = { "dstRepStride", "srcBlkStride",
                                    "srcRepStride" };
  sim_state *s = pto_sim_state();
  int64_t st[3] = { drs, sbs, srs };
  int is_max = op != PTO_SIM_ADD;
  int order = reduce_order(s, f, l, name, is_max, group, nargs, a7, a8, a9);
  if (order < 0)
    return;
  if (dt_size(dt) && !is_float(dt)) {
    pto_sim_error_at(s, f, l, "%s: element type %s is not supported (half "
                     "and float only on every arch: runtime/cce-api.h)",
                     name, dt_name(dt));
    return;
  }
  if (check_types(s, f, l, name, op, dt, 1, &sdt) ||
      check_repeat_strides(s, f, l, name, repeat, 3, st, sn))
    return;
  int es = dt_size(dt), lanes = 256 / es;
  int64_t reps = effective_repeats(s, repeat, lanes);
  /* Bytes written per repeat, and the dst stride unit.  */
  int per = group                           ? 8 * es
            : order == SIM_ORDER_ONLY_VALUE ? es
            : order == SIM_ORDER_ONLY_INDEX ? 4
                                            : 2 * es;
  vopnd so = { 0, es, sbs, srs };
  uintptr_t doff, slo, shi;
  uint64_t dext = reps ? (uint64_t)((reps - 1) * drs * per + per) : 0;
  if (pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_UB, dst, dext, (unsigned)es,
                      &doff) ||
      pto_sim_resolve(s, f, l, name, "src", PTO_SIM_UB, src, 0, SIM_BLOCK,
                      &so.off) ||
      check_extent(s, f, l, name, "src", &so, reps, lanes, &slo, &shi))
    return;
  pto_sim_begin(s, f, l, name, P_V);
  pto_sim_log_range(s, PTO_SIM_UB, slo, shi, SIM_R);
  pto_sim_log_range(s, PTO_SIM_UB, doff, doff + dext, SIM_W);
  touch_operand(s, &so, reps, lanes, SIM_R);
  for (int64_t r = 0; r < reps; r++) {
    uintptr_t d = doff + (uintptr_t)(r * drs * per);
    pto_sim_touch(s, PTO_SIM_UB, d, d + (uintptr_t)per, SIM_W);
  }
  for (int64_t r = 0; r < reps; r++) {
    uint8_t *d = sim_mem(s, PTO_SIM_UB, doff + (uintptr_t)(r * drs * per));
    int64_t idx;
    if (group) {
      int epb = (int)SIM_BLOCK / es;
      for (int b = 0; b < 8; b++)
        reduce_lanes(s, op, dt, &so, r, b * epb, epb, lanes, d + b * es, &idx);
      continue;
    }
    uint8_t val[4];
    reduce_lanes(s, op, dt, &so, r, 0, lanes, lanes, val, &idx);
    uint8_t ib[4];
    if (order == SIM_ORDER_ONLY_INDEX || es == 4) {
      uint32_t x = (uint32_t)idx;
      memcpy(ib, &x, 4);
    } else {
      uint16_t x = (uint16_t)idx;
      memcpy(ib, &x, 2);
    }
    switch (order) {
    case SIM_ORDER_ONLY_VALUE: memcpy(d, val, (size_t)es); break;
    case SIM_ORDER_ONLY_INDEX: memcpy(d, ib, 4); break;
    case SIM_ORDER_INDEX_VALUE:
      memcpy(d, ib, (size_t)es);
      memcpy(d + es, val, (size_t)es);
      break;
    default:
      memcpy(d, val, (size_t)es);
      memcpy(d + es, ib, (size_t)es);
      break;
    }
  }
  vector_done(s, reps, 2);
}

/* ------------------------------------------------------------------ */
/* Block transpose and block broadcast                                 */
/* ------------------------------------------------------------------ */

/* vtranspose(dst, src): dst[j][i] = src[i][j] over one 16 x 16 block
   of 16-bit elements, 512 contiguous 32-byte aligned bytes on each side
   (the vendor's Transpose level 0, which neither masks nor repeats).
   dst and src the same block or disjoint, else an error (the simulator
   reads a block in place whole before writing it; pto-gcc never emits
   one); one instruction, costed as two repeats (its 512 bytes).  */
void pto_sim_vtranspose(const char *f, int l, int esize, int src_esize,
                        uintptr_t dst, uintptr_t src)
{
  const char *name = "vtranspose";
  sim_state *s = pto_sim_state();
  if (esize != 2 || src_esize != 2) {
    pto_sim_error_at(s, f, l,
                     "%s: operands must be int16_t or uint16_t (dst %d "
                     "bytes, src %d bytes)", name, esize, src_esize);
    return;
  }
  uintptr_t doff, soff;
  if (pto_sim_resolve(s, f, l, name, "src", PTO_SIM_UB, src, 512, SIM_BLOCK,
                      &soff) ||
      pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_UB, dst, 512, SIM_BLOCK,
                      &doff))
    return;
  if (doff != soff && doff < soff + 512 && soff < doff + 512) {
    pto_sim_error_at(s, f, l, "%s: dst ub[%lu,%lu) overlaps src ub[%lu,%lu)",
                     name, (unsigned long)doff, (unsigned long)(doff + 512),
                     (unsigned long)soff, (unsigned long)(soff + 512));
    return;
  }
  pto_sim_begin(s, f, l, name, P_V);
  pto_sim_log_range(s, PTO_SIM_UB, soff, soff + 512, SIM_R);
  pto_sim_log_range(s, PTO_SIM_UB, doff, doff + 512, SIM_W);
  pto_sim_touch(s, PTO_SIM_UB, soff, soff + 512, SIM_R);
  pto_sim_touch(s, PTO_SIM_UB, doff, doff + 512, SIM_W);
  uint8_t blk[512];
  memcpy(blk, sim_mem(s, PTO_SIM_UB, soff), sizeof blk);
  uint8_t *d = sim_mem(s, PTO_SIM_UB, doff);
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      memcpy(d + (j * 16 + i) * 2, blk + (i * 16 + j) * 2, 2);
  vector_done(s, 2, 1);
}

/* vbrcb(dst, src, dstBlkStride, dstRepStride, repeat) (dav-c220 and
   later; 16- and 32-bit elements, ESIZE bytes, the same for both
   operands): repeat r reads the 8 elements src[8r .. 8r+7] (contiguous)
   and fills 32 B block j of dst, at dst + r*dstRepStride*32 +
   j*dstBlkStride*32, with 32 / ESIZE copies of src[8r + j].  The mask
   does not apply (Ascend C resets it around Brcb; the emitter issues it
   under the full mask).  Cost: one repeat per cycle, like vector_dup.
   The sources are read before any block is written (dst may not overlap
   src on the device: reported as an error here).  */
void pto_sim_vbrcb(const char *f, int l, int esize, int src_esize,
                   uintptr_t dst, uintptr_t src, int64_t dbs, int64_t drs,
                   int64_t repeat)
{
  static const char *const sn[] = { "dstBlkStride", "dstRepStride" };
  const char *name = "vbrcb";
  sim_state *s = pto_sim_state();
  int64_t st[2] = { dbs, drs };
  if (check_repeat_strides(s, f, l, name, repeat, 2, st, sn))
    return;
  if ((esize != 2 && esize != 4) || src_esize != esize) {
    pto_sim_error_at(s, f, l,
                     "%s: operands must be uint16_t or uint32_t, both the "
                     "same (dst %d bytes, src %d bytes)",
                     name, esize, src_esize);
    return;
  }
  uintptr_t doff, soff;
  uint64_t sext = (uint64_t)repeat * 8u * (uint64_t)esize;
  vopnd d = { 0, esize, dbs, drs };
  if (pto_sim_resolve(s, f, l, name, "src", PTO_SIM_UB, src, sext, SIM_BLOCK,
                      &soff) ||
      pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_UB, dst, 0, SIM_BLOCK,
                      &doff))
    return;
  d.off = doff;
  uintptr_t dlo = UINTPTR_MAX, dhi = 0;
  for (int64_t r = 0; r < repeat; r++)
    for (int j = 0; j < 8; j++) {
      uintptr_t a = block_addr(&d, r, j);
      if (a < dlo)
        dlo = a;
      if (a + SIM_BLOCK > dhi)
        dhi = a + SIM_BLOCK;
    }
  if (!repeat)
    dlo = dhi = doff;
  if (dhi > s->sp[PTO_SIM_UB].size) {
    pto_sim_error_at(s, f, l,
                     "%s: dst range ub[%lu,%lu) is outside the ub arena of "
                     "%lu bytes (%s)",
                     name, (unsigned long)dlo, (unsigned long)dhi,
                     (unsigned long)s->sp[PTO_SIM_UB].size, s->arch->name);
    return;
  }
  for (int64_t r = 0; r < repeat; r++)
    for (int j = 0; j < 8; j++) {
      uintptr_t a = block_addr(&d, r, j);
      if (a < soff + sext && soff < a + SIM_BLOCK) {
        pto_sim_error_at(s, f, l, "%s: dst block ub[%lu,%lu) overlaps src "
                         "ub[%lu,%lu)", name, (unsigned long)a,
                         (unsigned long)(a + SIM_BLOCK), (unsigned long)soff,
                         (unsigned long)(soff + sext));
        return;
      }
    }
  pto_sim_begin(s, f, l, name, P_V);
  pto_sim_log_range(s, PTO_SIM_UB, soff, soff + sext, SIM_R);
  pto_sim_log_range(s, PTO_SIM_UB, dlo, dhi, SIM_W);
  if (sext)
    pto_sim_touch(s, PTO_SIM_UB, soff, soff + sext, SIM_R);
  for (int64_t r = 0; r < repeat; r++)
    for (int j = 0; j < 8; j++)
      pto_sim_touch_mask(s, PTO_SIM_UB, block_addr(&d, r, j), 0xffffffffu,
                         SIM_W);
  for (int64_t r = 0; r < repeat; r++)
    for (int j = 0; j < 8; j++) {
      const uint8_t *v = sim_mem(s, PTO_SIM_UB,
                                 soff + (uintptr_t)((r * 8 + j) * esize));
      uint8_t *p = sim_mem(s, PTO_SIM_UB, block_addr(&d, r, j));
      for (int k = 0; k < (int)SIM_BLOCK; k += esize)
        memcpy(p + k, v, (size_t)esize);
    }
  s->stats.vector_instrs++;
  s->stats.vector_repeats += (uint64_t)repeat;
  pto_sim_end(s, 8 + (uint64_t)repeat);
}

/* ------------------------------------------------------------------ */
/* Compare into a bit mask, select, CMPMASK                            */
/* ------------------------------------------------------------------ */

/* vcmpv_<op>: bit i % 8 of byte i / 8 of DST is `src0[i] OP src1[i]'
   (asc-devkit docs Compare.md: the result bits in little-endian order);
   vcmpvs_<op> compares with the scalar SCALAR instead of src1 (the
   same docs' Compares.md).  Every lane of every repeat is compared: the
   vendor's docs say the mask has no effect on Atlas A2 / A3, and
   nothing settles what it does elsewhere, so pto-gcc emits whole
   repeats only.  The bit mask is dense (REPEAT * lanes / 8 bytes), the
   one layout the vendor's sources settle (CompareCompute and
   CompareScalarCompute: default strides 1 / 8, dst advancing by the
   elements / 8); other dst strides are rejected.  A NaN operand
   compares unordered as in C (every comparison false, ne true): the
   vendor's sources do not say.  int32_t: eq on dav-c220 only (its
   CheckVcmpvDtype and CheckVcmpvsDtype), compared bit for bit.  */
typedef struct cmpv_call {
  const char *name;
  int cmp, dst_u8, nsrc;      /* nsrc 1: the scalar form */
  pto_sim_dt dt0, dt1;
  uintptr_t dst, src[2];
  double scalar;
  int64_t repeat, dbs, drs, sbs[2], srs[2];
} cmpv_call;

static int
cmpv_lane(const cmpv_call *k, int i32, const void *pa, const void *pb)
{
  if (i32) {
    int32_t x, y = (int32_t)k->scalar;
    memcpy(&x, pa, 4);
    if (pb)
      memcpy(&y, pb, 4);
    return x == y;
  }
  float x = load_f(k->dt0, pa), y = pb ? load_f(k->dt0, pb) : (float)k->scalar;
  int cmp = k->cmp;
  return cmp == 0 ? x < y : cmp == 1 ? x > y : cmp == 2 ? x == y
         : cmp == 3 ? x <= y : cmp == 4 ? x >= y : x != y;
}

static void
run_cmpv(const char *f, int l, const cmpv_call *k)
{
  static const char *const sn2[] = { "dstBlkStride",  "src0BlkStride",
                                     "src1BlkStride", "dstRepStride",
                                     "src0RepStride", "src1RepStride" };
  static const char *const sn1[] = { "dstBlkStride", "srcBlkStride",
                                     "dstRepStride", "srcRepStride" };
  static const char *const what[] = { "src0", "src1" };
  sim_state *s = pto_sim_state();
  int two = k->nsrc == 2;
  int64_t st2[6] = { k->dbs, k->sbs[0], k->sbs[1], k->drs, k->srs[0],
                     k->srs[1] };
  int64_t st1[4] = { k->dbs, k->sbs[0], k->drs, k->srs[0] };
  if (check_repeat_strides(s, f, l, k->name, k->repeat, two ? 6 : 4,
                           two ? st2 : st1, two ? sn2 : sn1))
    return;
  int i32 = k->dt0 == PTO_SIM_DT_S32 && k->cmp == 2 && isa_v220(s);
  if (!k->dst_u8 || !(is_float(k->dt0) || i32) || k->dt1 != k->dt0) {
    pto_sim_error_at(s, f, l, "%s: operand types (dst %s, src0 %s, %s %s) "
                     "are not a declared form on %s: uint8_t and half or "
                     "float, int32_t for eq on dav-c220 "
                     "(runtime/cce-api.h)", k->name,
                     k->dst_u8 ? "uint8_t" : "other", dt_name(k->dt0),
                     two ? "src1" : "scalar", dt_name(k->dt1),
                     s->arch->name);
    return;
  }
  if (k->dbs != 1 || k->drs != 8) {
    pto_sim_error_at(s, f, l, "%s: dstBlkStride %lld / dstRepStride %lld: "
                     "only 1 / 8 (a dense bit mask) is simulated; the "
                     "vendor's sources do not settle the others", k->name,
                     (long long)k->dbs, (long long)k->drs);
    return;
  }
  int es = dt_size(k->dt0), lanes = 256 / es;
  int64_t repeat = k->repeat, nbytes = repeat * lanes / 8;
  uintptr_t doff;
  if (pto_sim_resolve(s, f, l, k->name, "dst", PTO_SIM_UB, k->dst,
                      (uint64_t)nbytes, SIM_BLOCK, &doff))
    return;
  /* Every lane on while the operands are resolved and touched.  */
  uint64_t mh = s->mask_hi, ml = s->mask_lo;
  int ctr = s->counter;
  s->mask_hi = s->mask_lo = ~(uint64_t)0;
  s->counter = 0;
  vopnd o[2] = { { 0, es, k->sbs[0], k->srs[0] },
                 { 0, es, k->sbs[1], k->srs[1] } };
  uintptr_t ptrs[2] = { k->src[0], k->src[1] }, lo[2], hi[2];
  if (prepare(s, f, l, k->name, k->nsrc, o, ptrs, what, repeat, lanes, lo,
              hi))
    goto out;
  pto_sim_begin(s, f, l, k->name, P_V);
  for (int i = 0; i < k->nsrc; i++)
    pto_sim_log_range(s, PTO_SIM_UB, lo[i], hi[i], SIM_R);
  pto_sim_log_range(s, PTO_SIM_UB, doff, doff + (uintptr_t)nbytes, SIM_W);
  for (int i = 0; i < k->nsrc; i++)
    touch_operand(s, &o[i], repeat, lanes, SIM_R);
  if (nbytes)
    pto_sim_touch(s, PTO_SIM_UB, doff, doff + (uintptr_t)nbytes, SIM_W);
  for (int64_t r = 0; r < repeat; r++) {
    uint8_t bits[16] = { 0 };
    for (int i = 0; i < lanes; i++) {
      const void *pa = sim_mem(s, PTO_SIM_UB, lane_addr(&o[0], r, i));
      const void *pb = two ? sim_mem(s, PTO_SIM_UB, lane_addr(&o[1], r, i))
                           : NULL;
      bits[i / 8] |= (uint8_t)(cmpv_lane(k, i32, pa, pb) << (i % 8));
    }
    memcpy(sim_mem(s, PTO_SIM_UB, doff + (uintptr_t)(r * lanes / 8)), bits,
           (size_t)(lanes / 8));
  }
  vector_done(s, repeat, op_cycles(k->name));
out:
  s->mask_hi = mh;
  s->mask_lo = ml;
  s->counter = ctr;
}

void pto_sim_vcmpv(const char *f, int l, const char *name, int cmp,
                   int dst_u8, pto_sim_dt dt0, pto_sim_dt dt1, uintptr_t dst,
                   uintptr_t src0, uintptr_t src1, int64_t repeat,
                   int64_t dbs, int64_t s0bs, int64_t s1bs, int64_t drs,
                   int64_t s0rs, int64_t s1rs)
{
  cmpv_call k = { name, cmp, dst_u8, 2, dt0, dt1, dst, { src0, src1 }, 0,
                  repeat, dbs, drs, { s0bs, s1bs }, { s0rs, s1rs } };
  run_cmpv(f, l, &k);
}

void pto_sim_vcmpvs(const char *f, int l, const char *name, int cmp,
                    int dst_u8, pto_sim_dt dt0, pto_sim_dt dts, uintptr_t dst,
                    uintptr_t src0, double scalar, int64_t repeat,
                    int64_t dbs, int64_t sbs, int64_t drs, int64_t srs)
{
  cmpv_call k = { name, cmp, dst_u8, 1, dt0, dts, dst, { src0, 0 }, scalar,
                  repeat, dbs, drs, { sbs, 0 }, { srs, 0 } };
  run_cmpv(f, l, &k);
}

/* vsel: lane i of repeat r is src0's where its selection bit is 1, else
   src1's; the enabled lanes only (the vector mask, as other
   element-wise instructions).  Mode 0: bit i of CMPMASK for every
   repeat; mode 2: bit r * lanes + i of the bit mask at the UB address in
   the first uint32_t of CMPMASK (asc-devkit docs Select.md;
   VselIntrinsicsImplPre writes that address with vector_dup).  */
void pto_sim_vsel(const char *f, int l, pto_sim_dt dt, pto_sim_dt dt0,
                  pto_sim_dt dt1, uintptr_t dst, uintptr_t src0,
                  uintptr_t src1, int64_t repeat, int64_t dbs, int64_t s0bs,
                  int64_t s1bs, int64_t drs, int64_t s0rs, int64_t s1rs,
                  int nargs, int64_t mode, int64_t m1, int64_t m2)
{
  static const char *const sn[] = { "dstBlkStride",  "src0BlkStride",
                                    "src1BlkStride", "dstRepStride",
                                    "src0RepStride", "src1RepStride" };
  static const char *const what[] = { "dst", "src0", "src1" };
  sim_state *s = pto_sim_state();
  if (pto_sim_check_form(f, l, "vsel", nargs, PTO_SIM_N(10) | PTO_SIM_N(13),
                         PTO_SIM_N(10) | PTO_SIM_N(11), m1 | m2))
    return;
  if (nargs == 10)
    mode = 0;
  int64_t st[6] = { dbs, s0bs, s1bs, drs, s0rs, s1rs };
  if (check_repeat_strides(s, f, l, "vsel", repeat, 6, st, sn))
    return;
  if (!is_float(dt) || dt0 != dt || dt1 != dt) {
    pto_sim_error_at(s, f, l, "vsel: operand types (dst %s, src0 %s, src1 "
                     "%s) are not a declared form: half or float "
                     "(runtime/cce-api.h)", dt_name(dt), dt_name(dt0),
                     dt_name(dt1));
    return;
  }
  if (mode != 0 && mode != 2) {
    pto_sim_error_at(s, f, l, "vsel: selectMode %lld is not simulated (0 "
                     "and 2 are)", (long long)mode);
    return;
  }
  if (!s->cmpmask_set) {
    pto_sim_error_at(s, f, l, "vsel: CMPMASK is not set in this block "
                     "(set_cmpmask first)");
    return;
  }
  int es = dt_size(dt), lanes = 256 / es;
  int64_t reps = effective_repeats(s, repeat, lanes);
  vopnd o[3] = { { 0, es, dbs, drs },
                 { 0, es, s0bs, s0rs },
                 { 0, es, s1bs, s1rs } };
  uintptr_t ptrs[3] = { dst, src0, src1 }, lo[3], hi[3];
  if (prepare(s, f, l, "vsel", 3, o, ptrs, what, reps, lanes, lo, hi))
    return;
  uintptr_t moff = 0;
  int64_t mbytes = reps * lanes / 8;
  if (mode == 2) {
    uint32_t a;
    memcpy(&a, s->cmpmask, sizeof a);
    if (pto_sim_resolve(s, f, l, "vsel", "selection mask (CMPMASK address)",
                        PTO_SIM_UB, (uintptr_t)a, (uint64_t)mbytes, SIM_BLOCK,
                        &moff))
      return;
  }
  pto_sim_begin(s, f, l, "vsel", P_V);
  if (mode == 2 && mbytes) {
    pto_sim_log_range(s, PTO_SIM_UB, moff, moff + (uintptr_t)mbytes, SIM_R);
    pto_sim_touch(s, PTO_SIM_UB, moff, moff + (uintptr_t)mbytes, SIM_R);
  }
  log_and_touch(s, 3, o, lo, hi, reps, lanes, 0);
  for (int64_t r = 0; r < reps; r++) {
    uint8_t res[256];
    for (int i = 0; i < lanes; i++) {
      if (!lane_on(s, r, i, lanes))
        continue;
      int bit = mode == 0 ? s->cmpmask[i / 8] >> (i % 8) & 1
                          : *sim_mem(s, PTO_SIM_UB,
                                     moff + (uintptr_t)((r * lanes + i) / 8))
                                >> ((r * lanes + i) % 8) & 1;
      memcpy(res + i * es,
             sim_mem(s, PTO_SIM_UB, lane_addr(&o[bit ? 1 : 2], r, i)),
             (size_t)es);
    }
    store_repeat(s, &o[0], r, lanes, res);
  }
  vector_done(s, reps, op_cycles("vsel"));
}

/* set_cmpmask: 16 bytes of UB (the 128 selection bits mode 0 uses for
   half; for mode 2 the first uint32_t is the bit mask's address) into
   CMPMASK; get_cmpmask: the register back to UB.  Pipe V (the vendor
   puts a PIPE_V barrier after set_cmpmask).  */
void pto_sim_cmpmask(const char *f, int l, int get, uintptr_t p)
{
  sim_state *s = pto_sim_state();
  const char *name = get ? "get_cmpmask" : "set_cmpmask";
  uintptr_t off;
  if (pto_sim_resolve(s, f, l, name, get ? "dst" : "src", PTO_SIM_UB, p, 16,
                      SIM_BLOCK, &off))
    return;
  if (get && !s->cmpmask_set) {
    pto_sim_error_at(s, f, l, "get_cmpmask: CMPMASK is not set in this "
                     "block");
    return;
  }
  pto_sim_begin(s, f, l, name, P_V);
  pto_sim_log_range(s, PTO_SIM_UB, off, off + 16, get ? SIM_W : SIM_R);
  pto_sim_touch(s, PTO_SIM_UB, off, off + 16, get ? SIM_W : SIM_R);
  if (get)
    memcpy(sim_mem(s, PTO_SIM_UB, off), s->cmpmask, 16);
  else {
    memcpy(s->cmpmask, sim_mem(s, PTO_SIM_UB, off), 16);
    s->cmpmask_set = 1;
  }
  s->stats.vector_instrs++;
  pto_sim_end(s, 8);
}
