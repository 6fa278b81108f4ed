/* cce-check-table.c - the intrinsics the CCE checker models.

   One row per intrinsic: the argument form the checker interprets
   (ccx_form), its argument count and the counts of the vendor's other
   forms (accepted, not interpreted), the address space of each pointer
   argument, the element types of its typed operands and the archs that
   have it.  Facts from the vendor's declaration stub (cannmirror/
   asc-devkit tests/unit/basic_api/ut/stub/stub_fun.h at 9f35240b, the
   `__ubuf__' overloads: element types, argument lists) and, for which
   arch has which intrinsic, from the per-arch implementations
   (asc-devkit impl/basic_api/dav_c220/, dav_m200/ at HEAD: a name used
   there).  The declarations themselves are runtime/cce-api.h's:
   pto-cce-check compiles against it; this table is what the plugin's
   in-process check and the footprint checks need.  */

#include "emit/cce-check-internal.h"

#include <string.h>

#define STUB "asc-devkit tests/unit/basic_api/ut/stub/stub_fun.h@9f35240b"
#define FLOATS (DTM(DT_F16) | DTM(DT_F32))
#define ARITH (FLOATS | DTM(DT_S16) | DTM(DT_S32))
#define N(n) (1u << (n))

static const ccx_intrin table[] = {
  /* Vector binary: (d, a, b, repeat, dbs, abs, bbs, drs, ars, brs);
     other forms: (d, a, b, config), + repeatStrideMode, strideSizeMode.  */
  { "vadd", F_VBIN, 10, N(4) | N(12), "UUU", ARITH, 0, 0, ARCH_ALL, STUB },
  { "vsub", F_VBIN, 10, N(4) | N(12), "UUU", ARITH, 0, 0, ARCH_ALL, STUB },
  { "vmul", F_VBIN, 10, N(4) | N(12), "UUU", ARITH, 0, 0, ARCH_ALL, STUB },
  { "vdiv", F_VBIN, 10, N(4) | N(12), "UUU", FLOATS, 0, 0, ARCH_ALL, STUB },
  { "vmax", F_VBIN, 10, N(4) | N(12), "UUU", ARITH, 0, 0, ARCH_ALL, STUB },
  { "vmin", F_VBIN, 10, N(4) | N(12), "UUU", ARITH, 0, 0, ARCH_ALL, STUB },
  /* Vector unary: (d, s, repeat, dbs, sbs, drs, srs).  */
  { "vexp", F_VUN, 7, N(3) | N(9), "UU", FLOATS, 0, 0, ARCH_ALL, STUB },
  { "vln", F_VUN, 7, N(3) | N(9), "UU", FLOATS, 0, 0, ARCH_ALL, STUB },
  { "vabs", F_VUN, 7, N(3) | N(9), "UU", FLOATS | DTM(DT_S16), 0, 0, ARCH_ALL, STUB },
  { "vrec", F_VUN, 7, N(3) | N(9), "UU", FLOATS, 0, 0, ARCH_ALL, STUB },
  { "vrsqrt", F_VUN, 7, N(3) | N(9), "UU", FLOATS, 0, 0, ARCH_ALL, STUB },
  { "vsqrt", F_VUN, 7, N(3) | N(9), "UU", FLOATS, 0, 0, ARCH_ALL, STUB },
  { "vrelu", F_VUN, 7, N(3) | N(9), "UU", FLOATS | DTM(DT_S32), 0, 0, ARCH_ALL, STUB },
  { "vnot", F_VUN, 7, N(3) | N(9), "UU", DTM(DT_S16) | DTM(DT_U16), 0, 0, ARCH_ALL, STUB },
  /* Vector with a scalar: (d, s, x, repeat, dbs, sbs, drs, srs).  */
  { "vadds", F_VSCAL, 8, N(4) | N(10), "UU.", ARITH, 0, 0, ARCH_ALL, STUB },
  { "vmuls", F_VSCAL, 8, N(4) | N(10), "UU.", ARITH, 0, 0, ARCH_ALL, STUB },
  { "vmaxs", F_VSCAL, 8, N(4) | N(10), "UU.", ARITH, 0, 0, ARCH_ALL, STUB },
  { "vmins", F_VSCAL, 8, N(4) | N(10), "UU.", ARITH, 0, 0, ARCH_ALL, STUB },
  /* (d, x, repeat, dbs, sbs, drs, srs).  */
  { "vector_dup", F_VDUP, 7, N(3) | N(9), "U.",
    ARITH | DTM(DT_BF16) | DTM(DT_U16) | DTM(DT_U32), 0, 0, ARCH_ALL, STUB },
  /* Conversions: (d, s, repeat, dbs, sbs, drs, srs), fixed types.  */
  { "vconv_f162f32", F_VCONV, 7, N(3) | N(9), "UU", 0, DT_F32, DT_F16, ARCH_ALL, STUB },
  { "vconv_f322f16", F_VCONV, 7, N(3) | N(9), "UU", 0, DT_F16, DT_F32, ARCH_ALL, STUB },
  { "vconv_f322s32r", F_VCONV, 7, N(3) | N(9), "UU", 0, DT_S32, DT_F32, ARCH_ALL, STUB },
  { "vconv_f322s32a", F_VCONV, 7, N(3) | N(9), "UU", 0, DT_S32, DT_F32, ARCH_ALL, STUB },
  { "vconv_f322s32f", F_VCONV, 7, N(3) | N(9), "UU", 0, DT_S32, DT_F32, ARCH_ALL, STUB },
  { "vconv_f322s32c", F_VCONV, 7, N(3) | N(9), "UU", 0, DT_S32, DT_F32, ARCH_ALL, STUB },
  { "vconv_f322s32z", F_VCONV, 7, N(3) | N(9), "UU", 0, DT_S32, DT_F32, ARCH_ALL, STUB },
  { "vconv_s322f32", F_VCONV, 7, N(3) | N(9), "UU", 0, DT_F32, DT_S32, ARCH_ALL, STUB },
  /* Reductions: (d, s, repeat, drs, sbs, srs [, order]).  */
  { "vcadd", F_VRED, 6, N(3) | N(4) | N(7) | N(8), "UU", FLOATS, 0, 0, ARCH_ALL, STUB },
  { "vcmax", F_VRED, 6, N(3) | N(4) | N(7) | N(8) | N(9), "UU",
    FLOATS | DTM(DT_U16), 0, 0, ARCH_ALL, STUB },
  { "vcmin", F_VRED, 6, N(3) | N(4) | N(7) | N(8) | N(9), "UU",
    FLOATS | DTM(DT_U16), 0, 0, ARCH_ALL, STUB },
  { "vcgadd", F_VGRED, 6, N(3) | N(8), "UU", FLOATS, 0, 0, ARCH_ALL, STUB },
  { "vcgmax", F_VGRED, 6, N(3) | N(8), "UU", FLOATS, 0, 0, ARCH_ALL, STUB },
  { "vcgmin", F_VGRED, 6, N(3) | N(8), "UU", FLOATS, 0, 0, ARCH_ALL, STUB },
  /* (d, s, dbs, drs, repeat): dav-c220 only (impl/basic_api/dav_c220).  */
  { "vbrcb", F_VBRCB, 5, N(3), "UU", DTM(DT_U16) | DTM(DT_U32), 0, 0, ARCH_C220, STUB },
  /* DMA: (d, s, sid, nBurst, lenBurst [32 B], srcGap, dstGap [, pad]).  */
  { "copy_gm_to_ubuf", F_DMA, 7, N(3), "UG", 0, 0, 0, ARCH_ALL, STUB },
  { "copy_ubuf_to_gm", F_DMA, 7, N(3) | N(4) | N(8), "GU", 0, 0, 0, ARCH_ALL, STUB },
  { "copy_ubuf_to_ubuf", F_DMA, 7, N(3) | N(6), "UU", 0, 0, 0, ARCH_ALL, STUB },
  { "copy_gm_to_cbuf", F_DMA, 8, N(4), "1G", 0, 0, 0, ARCH_ALL, STUB },
  { "copy_ubuf_to_cbuf", F_DMA, 7, N(3), "1U", 0, 0, 0, ARCH_ALL, STUB },
  { "copy_cbuf_to_ubuf", F_DMA, 7, N(3), "U1", 0, 0, 0, ARCH_ALL, STUB },
  /* Byte-granular DMA (d, s, sid, nBurst, lenBurst [bytes], leftPad,
     rightPad, srcGap, dstGap): dav-c220 only.  */
  { "copy_gm_to_ubuf_align_b32", F_DMA_ALIGN, 9, N(4), "UG", 0, 0, 0, ARCH_C220, STUB },
  { "copy_gm_to_ubuf_align_b16", F_DMA_ALIGN, 9, N(4), "UG", 0, 0, 0, ARCH_C220, STUB },
  { "copy_ubuf_to_gm_align_b32", F_DMA_ALIGN, 9, N(4), "GU", 0, 0, 0, ARCH_C220, STUB },
  { "copy_ubuf_to_gm_align_b16", F_DMA_ALIGN, 9, N(4), "GU", 0, 0, 0, ARCH_C220, STUB },
  /* Cube.  */
  { "load_cbuf_to_ca", F_L0LOAD, 7, N(4) | N(5) | N(8) | N(9) | N(10), "A1",
    0, 0, 0, ARCH_ALL, STUB },
  { "load_cbuf_to_cb", F_L0LOAD, 7, N(4) | N(5) | N(8) | N(9) | N(10), "B1",
    0, 0, 0, ARCH_ALL, STUB },
  { "mad", F_MAD, 7, N(4) | N(10) | N(13), "CAB", 0, 0, 0, ARCH_ALL, STUB },
  /* L0C -> UB: dav-m200 only (dav-c220 has no such path).  */
  { "copy_matrix_cc_to_ubuf", F_CC2UB, 8, N(4), "UC", 0, 0, 0, ARCH_M200, STUB },
  /* dav-c220 only: fixpipe, ND -> NZ load.  */
  { "copy_matrix_cc_to_gm", F_PTRS, 12, N(4) | N(13) | N(14), "GC", 0, 0, 0,
    ARCH_C220, STUB },
  { "copy_gm_to_cbuf_multi_nd2nz_b16", F_PTRS, 11, N(4), "1G", 0, 0, 0,
    ARCH_C220, STUB },
  { "create_cbuf_matrix", F_PTRS, 3, 0, "1..", 0, 0, 0, ARCH_ALL, STUB },
  /* Masks, sync, scalar state.  */
  { "set_vector_mask", F_MASK, 2, 0, "..", 0, 0, 0, ARCH_ALL, STUB },
  { "set_mask_norm", F_MASK_NORM, 0, 0, "", 0, 0, 0, ARCH_ALL, STUB },
  { "set_mask_count", F_MASK_COUNT, 0, 0, "", 0, 0, 0, ARCH_ALL, STUB },
  { "set_flag", F_SET_FLAG, 3, 0, "...", 0, 0, 0, ARCH_ALL, STUB },
  { "wait_flag", F_WAIT_FLAG, 3, 0, "...", 0, 0, 0, ARCH_ALL, STUB },
  { "pipe_barrier", F_BARRIER, 1, 0, ".", 0, 0, 0, ARCH_ALL, STUB },
  { "set_mov_pad_val", F_SCALAR, 1, 0, ".", 0, 0, 0, ARCH_C220, STUB },
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
    "get_block_idx", "get_block_num", "get_subblockid", "block_idx",
    "block_num", "__builtin_inff", "__builtin_inf", "__builtin_nanf",
    "__builtin_huge_valf", "<<<launch>>>", "PTO_VALID", "PTO_UB_LOAD",
    "PTO_UB_STORE"
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp(name, names[i]))
      return 1;
  return 0;
}

unsigned
ccx_arch_bit(const pto_arch *arch)
{
  if (arch && (!strcmp(arch->name, "dav-m200") || !strcmp(arch->name, "dav-c100")))
    return ARCH_M200;
  return ARCH_C220;
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
