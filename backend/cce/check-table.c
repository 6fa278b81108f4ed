/* check-table.c - the intrinsics the CCE checker models.

   One row per intrinsic of runtime/cce-api.h (the one source of truth:
   it names the vendor file behind every group): the argument form the
   checker interprets (ccx_form), the argument counts each arch declares,
   the address space of each pointer argument and the element types of
   its typed operands.  pto-cce-check compiles against the header itself;
   this table is what the footprint checks and the plugin's in-process
   check (no compiler run) need.  */

#include "backend/cce/check-internal.h"

#include <string.h>

/* Every row agrees with runtime/cce-api.h (testsuite/cce-check/table.sh
   compiles one call per row, arch and element type against it).  */
/* The last positional field of every row, so that a row may name
   fields after it (dts_c220).  */
#define API .source = "runtime/cce-api.h"
#define FLOATS (DTM(DT_F16) | DTM(DT_F32))
#define ARITH (FLOATS | DTM(DT_S16) | DTM(DT_S32))
#define HALFWORDS (DTM(DT_S16) | DTM(DT_U16))
#define N(n) (1u << (n))

static const ccx_intrin table[] = {
  /* Vector binary: (d, a, b, repeat, dbs, abs, bbs, drs, ars, brs).  */
  { "vadd", F_VBIN, N(10), N(10), "UUU", ARITH, 0, 0, API },
  { "vsub", F_VBIN, N(10), N(10), "UUU", ARITH, 0, 0, API },
  { "vmul", F_VBIN, N(10), N(10), "UUU", ARITH, 0, 0, API },
  { "vdiv", F_VBIN, N(10), N(10), "UUU", FLOATS, 0, 0, API },
  { "vmax", F_VBIN, N(10), N(10), "UUU", ARITH, 0, 0, API },
  { "vmin", F_VBIN, N(10), N(10), "UUU", ARITH, 0, 0, API },
  { "vand", F_VBIN, N(10), N(10), "UUU", HALFWORDS, 0, 0, API },
  { "vor", F_VBIN, N(10), N(10), "UUU", HALFWORDS, 0, 0, API },
  /* Vector unary: (d, s, repeat, dbs, sbs, drs, srs).  */
  { "vexp", F_VUN, N(7), N(7), "UU", FLOATS, 0, 0, API },
  { "vln", F_VUN, N(7), N(7), "UU", FLOATS, 0, 0, API },
  { "vabs", F_VUN, N(7), N(7), "UU", FLOATS, 0, 0, API },
  { "vrec", F_VUN, N(7), N(7), "UU", FLOATS, 0, 0, API },
  { "vrsqrt", F_VUN, N(7), N(7), "UU", FLOATS, 0, 0, API },
  { "vsqrt", F_VUN, N(7), N(7), "UU", FLOATS, 0, 0, API },
  { "vrelu", F_VUN, N(7), N(7), "UU", FLOATS | DTM(DT_S32), 0, 0, API },
  { "vnot", F_VUN, N(7), N(7), "UU", HALFWORDS, 0, 0, API },
  /* Vector with a scalar: (d, s, x, repeat, dbs, sbs, drs, srs), vmaxs
     and vmins also with (repeatStrideMode, strideSizeMode).  */
  { "vadds", F_VSCAL, N(8), N(8), "UU.", ARITH, 0, 0, API },
  { "vmuls", F_VSCAL, N(8), N(8), "UU.", ARITH, 0, 0, API },
  { "vmaxs", F_VSCAL, N(8) | N(10), N(8) | N(10), "UU.", ARITH, 0, 0, API },
  { "vmins", F_VSCAL, N(8) | N(10), N(8) | N(10), "UU.", ARITH, 0, 0, API },
  { "vlrelu", F_VSCAL, N(8) | N(10), N(8) | N(10), "UU.", FLOATS, 0, 0, API },
  /* Shifts by one count, dav-c220 only: vshr adds (bool round).  */
  { "vshl", F_VSCAL, N(8), 0, "UU.", DTM(DT_S32), 0, 0, API },
  { "vshr", F_VSCAL, N(9), 0, "UU.", DTM(DT_S32), 0, 0, API },
  /* (d, x, repeat, dbs, sbs, drs, srs).  */
  { "vector_dup", F_VDUP, N(7), N(7), "U.",
    ARITH | DTM(DT_U16) | DTM(DT_U32), 0, 0, API },
  /* Compare into a UB bit mask: (uint8_t d, a, b, repeat, dbs, abs, bbs,
     drs, ars, brs); half, float, and int32 for eq on dav-c220.  */
  { "vcmpv_lt", F_VCMPV, N(10), N(10), "UUU", FLOATS, 0, 0, API },
  { "vcmpv_gt", F_VCMPV, N(10), N(10), "UUU", FLOATS, 0, 0, API },
  { "vcmpv_eq", F_VCMPV, N(10), N(10), "UUU", FLOATS, 0, 0, API,
    .dts_c220 = DTM(DT_S32) },
  { "vcmpv_le", F_VCMPV, N(10), N(10), "UUU", FLOATS, 0, 0, API },
  { "vcmpv_ge", F_VCMPV, N(10), N(10), "UUU", FLOATS, 0, 0, API },
  { "vcmpv_ne", F_VCMPV, N(10), N(10), "UUU", FLOATS, 0, 0, API },
  /* Compare with a scalar: (uint8_t d, a, x, repeat, dbs, sbs, drs,
     srs); half, float, and int32 for eq on dav-c220.  */
  { "vcmpvs_lt", F_VCMPVS, N(8), N(8), "UU.", FLOATS, 0, 0, API },
  { "vcmpvs_gt", F_VCMPVS, N(8), N(8), "UU.", FLOATS, 0, 0, API },
  { "vcmpvs_eq", F_VCMPVS, N(8), N(8), "UU.", FLOATS, 0, 0, API,
    .dts_c220 = DTM(DT_S32) },
  { "vcmpvs_le", F_VCMPVS, N(8), N(8), "UU.", FLOATS, 0, 0, API },
  { "vcmpvs_ge", F_VCMPVS, N(8), N(8), "UU.", FLOATS, 0, 0, API },
  { "vcmpvs_ne", F_VCMPVS, N(8), N(8), "UU.", FLOATS, 0, 0, API },
  /* vsel: mode 0 (10 operands); mode 2 adds selectMode (dav-c220) or
     (selectMode, repeatStrideMode, strideSizeMode) (dav-m200).  */
  { "vsel", F_VSEL, N(10) | N(11), N(10) | N(13), "UUU", FLOATS, 0, 0, API },
  { "set_cmpmask", F_CMPMASK, N(1), N(1), "U", 0, 0, 0, API },
  { "get_cmpmask", F_CMPMASK, N(1), N(1), "U", 0, 0, 0, API },
  /* Conversions: (d, s, repeat, dbs, sbs, drs, srs), fixed types.  */
  { "vconv_f162f32", F_VCONV, N(7), N(7), "UU", 0, DT_F32, DT_F16, API },
  { "vconv_f322f16", F_VCONV, N(7), N(7), "UU", 0, DT_F16, DT_F32, API },
  { "vconv_f322s32r", F_VCONV, N(7), N(7), "UU", 0, DT_S32, DT_F32, API },
  { "vconv_f322s32a", F_VCONV, N(7), N(7), "UU", 0, DT_S32, DT_F32, API },
  { "vconv_f322s32f", F_VCONV, N(7), N(7), "UU", 0, DT_S32, DT_F32, API },
  { "vconv_f322s32c", F_VCONV, N(7), N(7), "UU", 0, DT_S32, DT_F32, API },
  { "vconv_f322s32z", F_VCONV, N(7), N(7), "UU", 0, DT_S32, DT_F32, API },
  { "vconv_s322f32", F_VCONV, N(7), N(7), "UU", 0, DT_F32, DT_S32, API },
  { "vconv_bf162f32", F_VCONV, N(7), 0, "UU", 0, DT_F32, DT_BF16, API },
  { "vconv_f162s8", F_VCONV, N(7), N(7), "UU", 0, DT_S8, DT_F16, API },
  { "vconv_f162u8", F_VCONV, N(7), N(7), "UU", 0, DT_U8, DT_F16, API },
  { "vconv_s82f16", F_VCONV, N(7), N(7), "UU", 0, DT_F16, DT_S8, API },
  { "vconv_u82f16", F_VCONV, N(7), N(7), "UU", 0, DT_F16, DT_U8, API },
  { "vconv_f162s16r", F_VCONV, N(7), N(7), "UU", 0, DT_S16, DT_F16, API },
  { "vconv_s162f16", F_VCONV, N(7), N(7), "UU", 0, DT_F16, DT_S16, API },
  { "vconv_f322bf16r", F_VCONV, N(7), 0, "UU", 0, DT_BF16, DT_F32, API },
  /* Reductions: (d, s, repeat, drs, sbs, srs, ...): dav-c220 vcadd
     (..., bool), vcmax (..., Order_t); dav-m200 vcadd 6 arguments, vcmax
     (..., bool, bool, bool order): [value, index] pairs.  */
  { "vcadd", F_VRED, N(7), N(6), "UU", FLOATS, 0, 0, API },
  { "vcmax", F_VRED, N(7), N(9), "UU", FLOATS, 0, 0, API },
  { "vcmin", F_VRED, N(7), N(9), "UU", FLOATS, 0, 0, API },
  /* Group reductions, 8 results per repeat: (d, s, rep, drs, sbs, srs).  */
  { "vcgadd", F_VGRED, N(6), N(6), "UU", FLOATS, 0, 0, API },
  { "vcgmax", F_VGRED, N(6), N(6), "UU", FLOATS, 0, 0, API },
  { "vcgmin", F_VGRED, N(6), N(6), "UU", FLOATS, 0, 0, API },
  /* (d, s, dbs, drs, repeat): dav-c220 only.  */
  { "vbrcb", F_VBRCB, N(5), 0, "UU", DTM(DT_U16) | DTM(DT_U32), 0, 0, API },
  /* vtranspose(d, s): both archs, 16-bit elements.  */
  { "vtranspose", F_VTRANS, N(2), N(2), "UU", HALFWORDS, 0, 0, API },
  /* DMA: (d, s, sid, nBurst, lenBurst [32 B], srcGap, dstGap [, pad]).  */
  { "copy_gm_to_ubuf", F_DMA, N(7), N(7), "UG", 0, 0, 0, API },
  { "copy_ubuf_to_gm", F_DMA, N(7), N(7), "GU", 0, 0, 0, API },
  { "copy_ubuf_to_ubuf", F_DMA, N(7), N(7), "UU", 0, 0, 0, API },
  { "copy_gm_to_cbuf", F_DMA, N(8), N(8), "1G", 0, 0, 0, API },
  { "copy_ubuf_to_cbuf", F_DMA, 0, N(7), "1U", 0, 0, 0, API },
  { "copy_cbuf_to_ubuf", F_DMA, 0, N(7), "U1", 0, 0, 0, API },
  /* Byte-granular DMA (d, s, sid, nBurst, lenBurst [bytes], leftPad,
     rightPad, srcGap, dstGap): dav-c220 only.  */
  { "copy_gm_to_ubuf_align_b32", F_DMA_ALIGN, N(9), 0, "UG", 0, 0, 0, API },
  { "copy_gm_to_ubuf_align_b16", F_DMA_ALIGN, N(9), 0, "UG", 0, 0, 0, API },
  { "copy_gm_to_ubuf_align_b8", F_DMA_ALIGN, N(9), 0, "UG", 0, 0, 0, API },
  { "copy_ubuf_to_gm_align_b32", F_DMA_ALIGN, N(9), 0, "GU", 0, 0, 0, API },
  { "copy_ubuf_to_gm_align_b16", F_DMA_ALIGN, N(9), 0, "GU", 0, 0, 0, API },
  { "copy_ubuf_to_gm_align_b8", F_DMA_ALIGN, N(9), 0, "GU", 0, 0, 0, API },
  /* Cube: (d, s, baseIdx, repeat, srcStride, dstGap, sid, transpose,
     addr_cal_mode) in fractals of 512 B.  */
  { "load_cbuf_to_ca", F_L0LOAD, N(9), N(9), "A1", 0, 0, 0, API },
  { "load_cbuf_to_cb", F_L0LOAD, N(9), N(9), "B1", 0, 0, 0, API },
  /* (d, s, indexID, repeat, srcStride [1024 B squares: 32 x 32 int8,
     16 x 16 float], dstStride, addrmode, dstFracStride): dav-c220
     only.  */
  { "load_cbuf_to_cb_transpose", F_PTRS, N(8), 0, "B1",
    DTM(DT_F16) | DTM(DT_S8) | DTM(DT_F32), 0, 0, API },
  /* (c, a, b, m, k, n, ...): 10 arguments on dav-c220, 7 on dav-m200;
     dav-c220's bias-table form (c, a, b, uint64_t bias, m, k, n, ...)
     11.  */
  { "mad", F_MAD, N(10) | N(11), N(7), "CAB", 0, 0, 0, API },
  /* (uint64_t bias-table dst, cbuf src, convControl, nBurst, lenBurst,
     sourceGap, dstGap): dav-c220 only.  */
  { "copy_cbuf_to_bt", F_PTRS, N(7), 0, ".1", 0, 0, 0, API },
  { "copy_matrix_cc_to_ubuf", F_CC2UB, 0, N(8), "UC", 0, 0, 0, API },
  { "copy_matrix_cc_to_gm", F_PTRS, N(12), 0, "GC", 0, 0, 0, API },
  /* L1 -> the fixpipe buffer (VDEQF16's deq words), dav-c220.  */
  { "copy_cbuf_to_fbuf", F_PTRS, N(6), 0, "F1", 0, 0, 0, API },
  /* Into L0C: (cc dst, cbuf src, nBurst, lenBurst, srcGap, dstGap) on
     dav-c220; (cc dst, ubuf src, sid, nBurst, lenBurst, srcStride,
     dstStride, ConvRelu_t) on dav-m200.  */
  { "copy_matrix_cbuf_to_cc", F_PTRS, N(6), 0, "C1", 0, 0, 0, API },
  /* The fixpipe into L1: copy_matrix_cc_to_gm's operands, dav-c220.  */
  { "copy_matrix_cc_to_cbuf", F_PTRS, N(12), 0, "1C", 0, 0, 0, API },
  { "copy_matrix_ubuf_to_cc", F_PTRS, 0, N(8), "CU", 0, 0, 0, API },
  { "copy_gm_to_cbuf_multi_nd2nz_b16", F_PTRS, N(11), 0, "1G", 0, 0, 0, API },
  { "copy_gm_to_cbuf_multi_nd2nz_b8", F_PTRS, N(11), 0, "1G", DTM(DT_S8), 0, 0,
    API },
  { "copy_gm_to_cbuf_multi_nd2nz_b32s", F_PTRS, N(11), 0, "1G", DTM(DT_F32), 0,
    0, API },
  { "create_cbuf_matrix", F_PTRS, N(3), N(3), "1..", 0, 0, 0, API },
  /* Masks, sync, scalar state.  */
  { "set_vector_mask", F_MASK, N(2), N(2), "..", 0, 0, 0, API },
  { "set_mask_norm", F_MASK_NORM, N(0), N(0), "", 0, 0, 0, API },
  { "set_mask_count", F_MASK_COUNT, N(0), N(0), "", 0, 0, 0, API },
  { "set_flag", F_SET_FLAG, N(3), N(3), "...", 0, 0, 0, API },
  { "wait_flag", F_WAIT_FLAG, N(3), N(3), "...", 0, 0, 0, API },
  { "pipe_barrier", F_BARRIER, N(1), N(1), ".", 0, 0, 0, API },
  /* Across the cores of a dav-c220 mix kernel: (pipe, config), (flagId).  */
  { "ffts_cross_core_sync", F_SCALAR, N(2), 0, "..", 0, 0, 0, API },
  { "wait_flag_dev", F_SCALAR, N(1), 0, ".", 0, 0, 0, API },
  { "set_mov_pad_val", F_SCALAR, N(1), 0, ".", 0, 0, 0, API },
  /* The fixpipe's QUANT_PRE register (DEQF16's scale): dav-c220.  */
  { "set_quant_pre", F_SCALAR, N(1), 0, ".", 0, 0, 0, API },
  /* The fixpipe's FPC register (VDEQF16's deq words): dav-c220.  */
  { "set_fpc", F_SCALAR, N(1), 0, ".", 0, 0, 0, API },
};

const ccx_intrin *
ccx_intrin_lookup(const char *name)
{
  if (!name)
    return NULL;
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (!strcmp(name, table[i].name))
      return &table[i];
  return NULL;
}

int
ccx_known_builtin(const char *name)
{
  static const char *const names[] = {
    "get_block_idx", "get_block_num", "get_subblockid", "get_subblockdim",
    "block_idx",
    "block_num", "__builtin_inff", "__builtin_inf", "__builtin_nanf",
    "__builtin_huge_valf", "<<<launch>>>", "PTO_VALID", "PTO_UB_LOAD",
    "PTO_UB_STORE",
    /* The scalar unit's square root (runtime/cce-api.h).  */
    "sqrt"
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp(name, names[i]))
      return 1;
  return 0;
}

unsigned
ccx_intrin_nargs(const ccx_intrin *in, const pto_arch *arch)
{
  return ccx_arch_bit(arch) == ARCH_M200 ? in->nargs_m200 : in->nargs_c220;
}

unsigned
ccx_intrin_dts(const ccx_intrin *in, const pto_arch *arch)
{
  if (!in->dts)
    return 0;
  return in->dts | (ccx_arch_bit(arch) == ARCH_M200 ? 0 : in->dts_c220);
}

void
ccx_intrin_each(void (*fn)(void *ctx, const ccx_intrin *in), void *ctx)
{
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    fn(ctx, &table[i]);
}

unsigned
ccx_arch_bit(const pto_arch *arch)
{
  return arch && arch->isa == PTO_ISA_V200 ? ARCH_M200 : ARCH_C220;
}

const char *
ccx_dt_name(int dt)
{
  static const char *const names[DT_COUNT] = {
    "none", "void", "half", "float", "bfloat16_t", "int8_t", "uint8_t",
    "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t",
    "another type"
  };
  return dt >= 0 && dt < DT_COUNT ? names[dt] : "?";
}

int
ccx_dt_size(int dt)
{
  switch (dt) {
  case DT_F16: case DT_BF16: case DT_S16: case DT_U16: return 2;
  case DT_F32: case DT_S32: case DT_U32: return 4;
  case DT_S8: case DT_U8: return 1;
  case DT_S64: case DT_U64: return 8;
  default: return 0;
  }
}
