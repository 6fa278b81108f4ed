/* cce-api.h - pto-gcc's own declaration of the CCE intrinsics, types and
   constants its back end (backend/cce/) may emit, per architecture.

   WHAT IT IS
   The vendor compiler (ccec / bisheng, clang based) compiles a .cce file
   as C++ against the vendor's declarations.  This header states, in our
   own words, the subset of those declarations our emitted CCE may use,
   with the vendor's names, parameter lists, parameter types and widths,
   constness, address-space qualifiers and per-dtype overloads, so that

     g++ -fsyntax-only -x c++ -DPTO_CCE_ARCH_C220 -include cce-api.h K.cce

   rejects what the vendor compiler would reject: a `const' GM pointer
   passed to a non-const parameter, an overload that does not exist for a
   dtype (vcadd on int32), an ambiguous literal where the vendor declares
   overloads differing only in the width of the repeat/stride
   parameters, a wrong argument count, an intrinsic that does not exist
   on the arch, an invented name.  It is the API that runtime/cce_sim.h
   implements (see there) and that tools/pto-cce-check checks against.
   Nothing here is a definition: it is never linked.

   Facts were read from the vendor sources (never copied; their licence
   forbids it) and each group names the files that settled it:
     STUB   cannmirror/asc-devkit 9f35240b:tests/unit/basic_api/ut/stub/
            stub_fun.h (the union of all chips' intrinsic declarations)
     C220   cannmirror/asc-devkit HEAD:impl/basic_api/dav_c220/
            kernel_operator_*.h (what dav-c220 calls, and how)
     M200   cannmirror/asc-devkit HEAD:impl/basic_api/dav_m200/
            kernel_operator_*.h
     DEF    hicann/asc-tools HEAD:cpudebug/include/stub_def.h (the
            qualifiers, defined empty for a host build)
   A form is declared for an arch only when that arch's implementation
   calls it; where the stub declares a second overload that differs only
   in parameter widths (the uint16_t repeat-stride forms), it is declared
   too, so that an uncast literal is ambiguous here exactly as it is
   against the vendor's header.

   ARCH SELECTION
   Define exactly one of PTO_CCE_ARCH_C220 (dav-c220, Atlas A2/A3) or
   PTO_CCE_ARCH_M200 (dav-m200, Atlas inference AI Core), or let the
   vendor's __NPU_ARCH__ (2201 or 2002) select it.  Anything else is an
   #error.

   RULES THE TYPES CANNOT STATE (doc/cce.md; checked at run time by the
   simulator and statically by tools/pto-cce-check)
   - Every UB operand of a vector instruction and the UB side of every
     DMA is 32 B aligned, except the destination of vcadd / vcmax, which
     needs only the alignment of its result (element, or value-index
     pair): asc-devkit HEAD:docs/zh/api/SIMD-API/基础API/Memory矢量计算/
     归约计算/ReduceRepeat.md, table 3.  pto-gcc's own output keeps even
     those 32 B aligned.
   - lenBurst / gaps of copy_gm_to_ubuf & co are in 32 B blocks; the
     lenBurst of the *_align_b32/_b16 copies is in bytes, their GM-side
     gap in bytes and their UB-side gap in 32 B blocks.
   - Repeat <= 255; vector block and repeat strides are in 32 B blocks.

   The host launcher (`K<<<blocks, l2ctrl, stream>>>(...)') needs the
   vendor compiler: this header defines PTO_CCE_NO_LAUNCHER, and pto-gcc's
   .cce leaves its launcher out when that is defined.  */

#ifndef PTO_CCE_API_H
#define PTO_CCE_API_H

#ifndef __cplusplus
#error "cce-api.h declares per-dtype overloads: compile the .cce as C++ (g++ -x c++), as the vendor compiler does"
#endif

#if defined(PTO_CCE_ARCH_C220) && defined(PTO_CCE_ARCH_M200)
#error "cce-api.h: define only one of PTO_CCE_ARCH_C220 and PTO_CCE_ARCH_M200"
#endif
#if !defined(PTO_CCE_ARCH_C220) && !defined(PTO_CCE_ARCH_M200)
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 2201
#define PTO_CCE_ARCH_C220 1
#elif defined(__NPU_ARCH__) && __NPU_ARCH__ == 2002
#define PTO_CCE_ARCH_M200 1
#else
#error "cce-api.h: define PTO_CCE_ARCH_C220 or PTO_CCE_ARCH_M200 (or __NPU_ARCH__ 2201 / 2002)"
#endif
#endif

#define PTO_CCE_NO_LAUNCHER 1

#include <stdint.h>

/* Qualifiers and kernel attributes, empty on the host (DEF).  */
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __fbuf__
#define __fbuf__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __global__
#define __global__
#endif
/* The mix kernels' function execution space qualifier, __mix__(AIC
   cores, AIV cores) (asc-devkit docs/zh/guide/编程指南/语言扩展层/
   SIMD-BuiltIn关键字.md): a keyword of the vendor compiler, nothing
   here.  */
#ifndef __mix__
#define __mix__(aic, aiv)
#endif

/* The 16-bit float.  The vendor's is a class (kernel_fp16.h); a host
   _Float16 has the same conversions for overload resolution.  */
typedef _Float16 half;

/* The bfloat16 storage type (dav-c220 and later; the vendor's is a
   class, kernel_bf16.h).  Only pointers to it are passed, so a struct of
   its 16 bits serves overload resolution.  */
typedef struct bfloat16_t {
  unsigned short bits;
} bfloat16_t;

/* ------------------------------------------------------------------ */
/* Types and constants                                                 */
/* ------------------------------------------------------------------ */

/* Pipes and events: STUB (pipe_t, event_t; EVENT_ID4..7 exist when
   __NPU_ARCH__ is 2002 or 2201, i.e. on both our archs).  */
typedef enum {
  PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL,
  PIPE_MTE4 = 7, PIPE_MTE5 = 8, PIPE_V2 = 9, PIPE_FIX = 10
} pipe_t;
typedef enum {
  EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3,
  EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7
} event_t;

/* copy_gm_to_cbuf's padding mode: STUB pad_t.  */
typedef enum {
  PAD_NONE = 0, PAD_MODE1, PAD_MODE2, PAD_MODE3, PAD_MODE4, PAD_MODE5,
  PAD_MODE6, PAD_MODE7, PAD_MODE8
} pad_t;

/* vcmax's result order on dav-c220: STUB Order_t; C220
   kernel_operator_vec_reduce_impl.h (Order_t::ONLY_VALUE ...).  */
typedef enum {
  VALUE_INDEX = 0, INDEX_VALUE = 1, ONLY_VALUE = 2, ONLY_INDEX = 3
} Order_t;

/* load_cbuf_to_ca/cb's address order: STUB addr_cal_mode_t; C220/M200
   kernel_operator_mm_impl.h pass `inc'.  */
typedef enum { inc = 0, dec = 1 } addr_cal_mode_t;

#ifdef PTO_CCE_ARCH_M200
/* copy_matrix_cc_to_ubuf's conversion (the values we may use): STUB
   ConvRelu_t; M200 kernel_operator_data_copy_impl.h.  */
typedef enum {
  CRMODE_NONE = 0, CRMODE_F32toF16_NONE = 1, CRMODE_F32toF16_RELU = 2,
  CRMODE_S32toF16_NONE = 3, CRMODE_F16toF32_NONE = 4, CRMODE_NONE_RELU = 5
} ConvRelu_t;
#endif

#ifdef PTO_CCE_ARCH_C220
/* copy_matrix_cc_to_gm's pre-quantization (the values we may use): STUB
   QuantMode_t; C220 kernel_operator_fixpipe_impl.h.  DEQF16 (int32_t ->
   half by the scalar of set_quant_pre) is STUB's 11, VDEQF16 (int32_t
   -> half by a deq word per channel in the fixpipe buffer, at set_fpc's
   FPC[15:8]) STUB's 10 (stub_fun.h line 137).  */
typedef enum {
  NoQuant = 0, F322F16 = 1, VDEQF16 = 10, DEQF16 = 11, F322BF16 = 16
} QuantMode_t;
#endif

/* ------------------------------------------------------------------ */
/* Core state, masks, synchronisation                                  */
/* ------------------------------------------------------------------ */

/* STUB get_block_idx / get_block_num / get_subblockid (int64_t).  */
int64_t get_block_idx();
int64_t get_block_num();
int64_t get_subblockid();

/* STUB set_vector_mask(mask1 = lanes 64..127, mask0 = lanes 0..63),
   set_mask_norm, set_mask_count; C220/M200
   kernel_operator_vec_binary_impl.h, vec_vconv_impl.h.  */
void set_vector_mask(uint64_t mask1, uint64_t mask0);
void set_mask_norm();
void set_mask_count();

/* STUB set_flag / wait_flag (also a uint64_t event form) and
   pipe_barrier; C220/M200 kernel_operator_sync_impl.h.  */
void set_flag(pipe_t pipe, pipe_t tpipe, event_t pipeID);
void set_flag(pipe_t pipe, pipe_t tpipe, uint64_t pipeID);
void wait_flag(pipe_t pipe, pipe_t tpipe, event_t pipeID);
void wait_flag(pipe_t pipe, pipe_t tpipe, uint64_t pipeID);
void pipe_barrier(pipe_t pipe);

#ifdef PTO_CCE_ARCH_C220
/* Between the cube core (AIC) and the two vector cores (AIV) of a
   dav-c220 AI Core group, in a `__mix__(1, 2)' kernel (doc/cce.md,
   "dav-c220: the cube and the vector cores").  STUB
   ffts_cross_core_sync(pipe_t, uint64_t config), wait_flag_dev(int64_t)
   (the stub's pipe_t forms are not called on dav-c220),
   get_subblockdim (int64_t); C220 kernel_operator_reg_others_impl.h
   FftsCrossCoreSync / WaitFlagDev / GetSubBlockDim,
   kernel_operator_sync_impl.h GetffstMsg: config = 0x1 + ((mode & 3)
   << 4) + ((flagId & 0xf) << 8); kernel_operator_sys_var_impl.h
   GetBlockIdxImpl: get_subblockdim is 1 on the AIC, 2 on the AIVs.  */
void ffts_cross_core_sync(pipe_t pipe, uint64_t config);
void wait_flag_dev(int64_t flagID);
int64_t get_subblockdim();
#endif

/* ------------------------------------------------------------------ */
/* DMA (lenBurst and gaps in 32 B blocks)                              */
/* ------------------------------------------------------------------ */

/* STUB copy_gm_to_ubuf / copy_ubuf_to_gm / copy_ubuf_to_ubuf: non-const
   `__gm__ void *'; C220/M200 kernel_operator_data_copy_impl.h.  */
void copy_gm_to_ubuf(__ubuf__ void *dst, __gm__ void *src, uint8_t sid,
                     uint16_t nBurst, uint16_t lenBurst, uint16_t srcStride,
                     uint16_t dstStride);
void copy_ubuf_to_gm(__gm__ void *dst, __ubuf__ void *src, uint8_t sid,
                     uint16_t nBurst, uint16_t lenBurst, uint16_t srcStride,
                     uint16_t dstStride);
void copy_ubuf_to_ubuf(__ubuf__ void *dst, __ubuf__ void *src, uint8_t sid,
                       uint16_t nBurst, uint16_t lenBurst, uint16_t srcStride,
                       uint16_t dstStride);

/* STUB copy_gm_to_cbuf (with pad_t); C220/M200
   kernel_operator_data_copy_impl.h.  */
void copy_gm_to_cbuf(__cbuf__ void *dst, __gm__ void *src, uint8_t sid,
                     uint16_t nBurst, uint16_t lenBurst, uint16_t srcStride,
                     uint16_t dstStride, pad_t padMode);

#ifdef PTO_CCE_ARCH_M200
/* STUB copy_ubuf_to_cbuf / copy_cbuf_to_ubuf; M200
   kernel_operator_data_copy_impl.h (dav-c220 has neither: its vector
   and cube cores are apart).  */
void copy_ubuf_to_cbuf(__cbuf__ void *dst, __ubuf__ void *src, uint8_t sid,
                       uint16_t nBurst, uint16_t lenBurst, uint16_t srcStride,
                       uint16_t dstStride);
void copy_cbuf_to_ubuf(__ubuf__ void *dst, __cbuf__ void *src, uint8_t sid,
                       uint16_t nBurst, uint16_t lenBurst, uint16_t srcStride,
                       uint16_t dstStride);
#endif

#ifdef PTO_CCE_ARCH_C220
/* Byte-granular copies: lenBurst in bytes (uint32_t), GM gap in bytes,
   UB gap in 32 B blocks, pads in elements (uint8_t).  STUB
   copy_gm_to_ubuf_align_b8/_b16/_b32, copy_ubuf_to_gm_align_b8/_b16/_b32,
   set_mov_pad_val(uint64_t); C220 kernel_operator_data_copy_impl.h
   (DataCopyPad: b8 for int8_t / uint8_t, b16 for half, bfloat16_t,
   int16_t, uint16_t); the b8 argument list as the mocks of
   tests/api/c_api/npu_arch_2201/vector_datamove/
   test_copy_gm_to_ub_align_instr.cpp and test_copy_ubuf_to_gm_align_instr.cpp
   declare it; absent from dav_m200.  */
void copy_gm_to_ubuf_align_b8(__ubuf__ void *dst, __gm__ void *src,
                              uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                              uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                              uint32_t srcGap, uint32_t dstGap);
void copy_gm_to_ubuf_align_b16(__ubuf__ void *dst, __gm__ void *src,
                               uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                               uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                               uint32_t srcGap, uint32_t dstGap);
void copy_gm_to_ubuf_align_b32(__ubuf__ void *dst, __gm__ void *src,
                               uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                               uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                               uint32_t srcGap, uint32_t dstGap);
void copy_ubuf_to_gm_align_b8(__gm__ void *dst, __ubuf__ void *src,
                              uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                              uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                              uint32_t srcGap, uint32_t dstGap);
void copy_ubuf_to_gm_align_b16(__gm__ void *dst, __ubuf__ void *src,
                               uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                               uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                               uint32_t srcGap, uint32_t dstGap);
void copy_ubuf_to_gm_align_b32(__gm__ void *dst, __ubuf__ void *src,
                               uint8_t sid, uint16_t nBurst, uint32_t lenBurst,
                               uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                               uint32_t srcGap, uint32_t dstGap);
void set_mov_pad_val(uint64_t config);
#endif

/* ------------------------------------------------------------------ */
/* Vector unit (UB operands; strides in 32 B blocks)                   */
/* ------------------------------------------------------------------ */

/* Binary: op(dst, src0, src1, repeat, dstBlk, src0Blk, src1Blk, dstRep,
   src0Rep, src1Rep), every count uint8_t.  STUB; dtypes from C220/M200
   kernel_operator_vec_binary_impl.h: vadd vsub vmul vmax vmin half,
   float, int16_t, int32_t; vdiv half, float only.  */
#define PTO_CCE_BINARY(OP, T)                                                 \
  void OP(__ubuf__ T *dst, __ubuf__ T *src0, __ubuf__ T *src1, uint8_t repeat, \
          uint8_t dstBlockStride, uint8_t src0BlockStride,                    \
          uint8_t src1BlockStride, uint8_t dstRepeatStride,                   \
          uint8_t src0RepeatStride, uint8_t src1RepeatStride);
#define PTO_CCE_BINARY_ALL(OP)                                               \
  PTO_CCE_BINARY(OP, half) PTO_CCE_BINARY(OP, float)                         \
  PTO_CCE_BINARY(OP, int16_t) PTO_CCE_BINARY(OP, int32_t)
PTO_CCE_BINARY_ALL(vadd)
PTO_CCE_BINARY_ALL(vsub)
PTO_CCE_BINARY_ALL(vmul)
PTO_CCE_BINARY_ALL(vmax)
PTO_CCE_BINARY_ALL(vmin)
PTO_CCE_BINARY(vdiv, half)
PTO_CCE_BINARY(vdiv, float)
/* Bitwise and / or: int16_t and uint16_t only, the same form (STUB vand,
   vor; C220/M200 kernel_operator_vec_binary_impl.h AndIntrinsicsImpl,
   OrIntrinsicsImpl: "src and dst both: int16_t / uint16_t"; C220's
   count form casts every dtype to int16_t).  pto-gcc runs int32 tiles
   through them as int16_t, exact for a bitwise op.  */
PTO_CCE_BINARY(vand, int16_t)
PTO_CCE_BINARY(vand, uint16_t)
PTO_CCE_BINARY(vor, int16_t)
PTO_CCE_BINARY(vor, uint16_t)

/* Unary: op(dst, src, uint8_t repeat, uint16_t dstBlk, uint16_t srcBlk,
   uint8_t dstRep, uint8_t srcRep) -- the form C220/M200
   kernel_operator_vec_unary_impl.h call -- plus STUB's uint16_t
   repeat-stride twin.  vexp vln vabs vrec vrsqrt vsqrt: half, float;
   vrelu: half, float, int32_t (ReluIntrinsicsImpl on both archs).  */
#define PTO_CCE_UNARY(OP, D, S)                                               \
  void OP(__ubuf__ D *dst, __ubuf__ S *src, uint8_t repeat,                   \
          uint16_t dstBlockStride, uint16_t srcBlockStride,                   \
          uint8_t dstRepeatStride, uint8_t srcRepeatStride);                  \
  void OP(__ubuf__ D *dst, __ubuf__ S *src, uint8_t repeat,                   \
          uint16_t dstBlockStride, uint16_t srcBlockStride,                   \
          uint16_t dstRepeatStride, uint16_t srcRepeatStride);
#define PTO_CCE_UNARY_F(OP) PTO_CCE_UNARY(OP, half, half) PTO_CCE_UNARY(OP, float, float)
PTO_CCE_UNARY_F(vexp)
PTO_CCE_UNARY_F(vln)
PTO_CCE_UNARY_F(vabs)
PTO_CCE_UNARY_F(vrec)
PTO_CCE_UNARY_F(vrsqrt)
PTO_CCE_UNARY_F(vsqrt)
PTO_CCE_UNARY_F(vrelu)
PTO_CCE_UNARY(vrelu, int32_t, int32_t)
/* vnot: int16_t and uint16_t (STUB vnot; C220/M200
   kernel_operator_vec_unary_impl.h NotIntrinsicsImpl, the uint8_t
   repeat-stride form); int32 tiles as int16_t, as vand.  */
PTO_CCE_UNARY(vnot, int16_t, int16_t)
PTO_CCE_UNARY(vnot, uint16_t, uint16_t)

/* Conversions, the unary form: STUB vconv_*; C220/M200
   kernel_operator_vec_vconv_impl.h.  */
PTO_CCE_UNARY(vconv_f162f32, float, half)
PTO_CCE_UNARY(vconv_f322f16, half, float)
PTO_CCE_UNARY(vconv_f322s32r, int32_t, float)
PTO_CCE_UNARY(vconv_s322f32, float, int32_t)
PTO_CCE_UNARY(vconv_f322s32a, int32_t, float)
PTO_CCE_UNARY(vconv_f322s32f, int32_t, float)
PTO_CCE_UNARY(vconv_f322s32c, int32_t, float)
PTO_CCE_UNARY(vconv_f322s32z, int32_t, float)

/* 8-bit integers <-> half, both archs (C220/M200
   kernel_operator_vec_vconv_impl.h: CAST_NONE forms; STUB declares the
   uint8_t and uint16_t repeat-stride forms of each).  */
PTO_CCE_UNARY(vconv_f162s8, int8_t, half)
PTO_CCE_UNARY(vconv_f162u8, uint8_t, half)
PTO_CCE_UNARY(vconv_s82f16, half, int8_t)
PTO_CCE_UNARY(vconv_u82f16, half, uint8_t)

/* int16_t <-> half, both archs (C220 kernel_operator_vec_vconv_impl.h:
   CAST_RINT f162s16r, CAST_NONE s162f16; M200 the same two).  STUB
   lines 4402 and 4566: the 7-operand form has uint16_t repeat strides
   only (the uint8_t one takes two more bool operands).  */
void vconv_f162s16r(__ubuf__ int16_t *dst, __ubuf__ half *src, uint8_t repeat,
                    uint16_t dstBlockStride, uint16_t srcBlockStride,
                    uint16_t dstRepeatStride, uint16_t srcRepeatStride);
void vconv_s162f16(__ubuf__ half *dst, __ubuf__ int16_t *src, uint8_t repeat,
                   uint16_t dstBlockStride, uint16_t srcBlockStride,
                   uint16_t dstRepeatStride, uint16_t srcRepeatStride);

/* bf16 <-> float: dav-c220 only (C220 kernel_operator_vec_vconv_impl.h,
   CastIntrinsicsImpl for bfloat16_t: CAST_NONE -> vconv_bf162f32,
   CAST_RINT -> vconv_f322bf16r; dav-m200 declares no bfloat16_t form).
   STUB declares only the uint16_t repeat-stride form of each.  */
#ifdef PTO_CCE_ARCH_C220
void vconv_bf162f32(__ubuf__ float *dst, __ubuf__ bfloat16_t *src,
                    uint8_t repeat, uint16_t dstBlockStride,
                    uint16_t srcBlockStride, uint16_t dstRepeatStride,
                    uint16_t srcRepeatStride);
void vconv_f322bf16r(__ubuf__ bfloat16_t *dst, __ubuf__ float *src,
                     uint8_t repeat, uint16_t dstBlockStride,
                     uint16_t srcBlockStride, uint16_t dstRepeatStride,
                     uint16_t srcRepeatStride);
#endif

/* Vector-scalar: op(dst, src, T scalar, uint8_t repeat, uint16_t dstBlk,
   uint16_t srcBlk, dstRep, srcRep) with the uint8_t (M200 calls it) and
   uint16_t (C220 calls it) repeat-stride forms: STUB vadds, vmuls; C220/
   M200 kernel_operator_vec_binary_scalar_impl.h; half, float, int16_t,
   int32_t.  */
#define PTO_CCE_VS(OP, T) PTO_CCE_VS_(OP, T, uint8_t) PTO_CCE_VS_(OP, T, uint16_t)
#define PTO_CCE_VS_(OP, T, R)                                                 \
  void OP(__ubuf__ T *dst, __ubuf__ T *src, T scalar, uint8_t repeat,         \
          uint16_t dstBlockStride, uint16_t srcBlockStride,                   \
          R dstRepeatStride, R srcRepeatStride);
#define PTO_CCE_VS_ALL(OP)                                                   \
  PTO_CCE_VS(OP, half) PTO_CCE_VS(OP, float) PTO_CCE_VS(OP, int16_t)         \
  PTO_CCE_VS(OP, int32_t)
PTO_CCE_VS_ALL(vadds)
PTO_CCE_VS_ALL(vmuls)

/* vmaxs / vmins have no 8-operand uint8_t form: both archs call
   op(dst, src, T scalar, uint8_t repeat, uint16_t dstBlk, uint16_t srcBlk,
   uint8_t dstRep, uint8_t srcRep, bool repeatStrideMode, bool
   strideSizeMode) with (false, false).  STUB; C220/M200
   kernel_operator_vec_binary_scalar_impl.h; half, float, int16_t,
   int32_t.  */
#define PTO_CCE_VSM(OP, T)                                                    \
  void OP(__ubuf__ T *dst, __ubuf__ T *src, T scalar, uint8_t repeat,         \
          uint16_t dstBlockStride, uint16_t srcBlockStride,                   \
          uint8_t dstRepeatStride, uint8_t srcRepeatStride,                   \
          bool repeatStrideMode, bool strideSizeMode);                        \
  PTO_CCE_VS_(OP, T, uint16_t)
#define PTO_CCE_VSM_ALL(OP)                                                  \
  PTO_CCE_VSM(OP, half) PTO_CCE_VSM(OP, float) PTO_CCE_VSM(OP, int16_t)      \
  PTO_CCE_VSM(OP, int32_t)
PTO_CCE_VSM_ALL(vmaxs)
PTO_CCE_VSM_ALL(vmins)
/* vlrelu(dst, src, T slope, ...): dst = src >= 0 ? src : src * slope,
   the same two forms: STUB (vlrelu, its uint64_t config form aside);
   dav-m200's kernel_operator_vec_binary_scalar_impl.h
   (LeakyReluIntrinsicsImpl) calls the 10-operand form with (false,
   false), dav-c220's the uint16_t one; half and float only.  */
PTO_CCE_VSM(vlrelu, half)
PTO_CCE_VSM(vlrelu, float)
/* Shifts by one count: vshl(dst, src, uint32_t dist, ...) and vshr(dst,
   src, int32_t dist, ..., bool round), the uint16_t repeat-stride forms
   dav-c220 calls (STUB vshl, vshr; C220
   kernel_operator_vec_binary_scalar_impl.h ShiftLeftIntrinsicsImpl,
   ShiftRightIntrinsicsImpl: dist in [0, 32] for 32-bit types, vshr of
   a signed type arithmetic).  int32_t only here (the vendor also has
   int16_t, uint16_t, uint32_t); dav-m200's basic API does not call
   them.  */
#ifdef PTO_CCE_ARCH_C220
void vshl(__ubuf__ int32_t *dst, __ubuf__ int32_t *src, uint32_t shlDistance,
          uint8_t repeat, uint16_t dstBlockStride, uint16_t srcBlockStride,
          uint16_t dstRepeatStride, uint16_t srcRepeatStride);
void vshr(__ubuf__ int32_t *dst, __ubuf__ int32_t *src, int32_t shrDistance,
          uint8_t repeat, uint16_t dstBlockStride, uint16_t srcBlockStride,
          uint16_t dstRepeatStride, uint16_t srcRepeatStride, bool round);
#endif

/* vector_dup(dst, T scalar, uint8_t repeat, uint16_t dstBlk, uint16_t
   srcBlk, dstRep, srcRep), uint8_t and uint16_t repeat-stride forms:
   STUB; C220/M200 kernel_operator_vec_duplicate_impl.h (dstRep uint8_t;
   half, float, int16_t, uint16_t, int32_t, uint32_t).  */
#define PTO_CCE_DUP(T) PTO_CCE_DUP_(T, uint8_t) PTO_CCE_DUP_(T, uint16_t)
#define PTO_CCE_DUP_(T, R)                                                    \
  void vector_dup(__ubuf__ T *dst, T scalar, uint8_t repeat,                  \
                  uint16_t dstBlockStride, uint16_t srcBlockStride,           \
                  R dstRepeatStride, R srcRepeatStride);
PTO_CCE_DUP(half)
PTO_CCE_DUP(float)
PTO_CCE_DUP(int16_t)
PTO_CCE_DUP(uint16_t)
PTO_CCE_DUP(int32_t)
PTO_CCE_DUP(uint32_t)

/* Cross-lane reductions: op(dst, src, uint8_t repeat, uint16_t dstRep,
   uint16_t srcBlk, uint16_t srcRep); half and float only (no integer
   form on either arch: STUB vcadd/vcmax, asc-devkit docs ReduceRepeat.md
   "Atlas A2 / Atlas inference AI Core: half, float").
   dav-c220 (C220 kernel_operator_vec_reduce_impl.h): vcadd takes a 7th
   `bool' (0), vcmax a 7th Order_t.  dav-m200 (M200 same file): vcadd has
   6 operands; vcmax takes (..., bool repeatStrideMode, bool
   strideSizeMode, bool order) and writes [value, index] pairs (order
   false) or [index, value] (true): there is no value-only form.  */
#define PTO_CCE_RED_ARGS(T)                                                   \
  __ubuf__ T *dst, __ubuf__ T *src, uint8_t repeat, uint16_t dstRepeatStride, \
      uint16_t srcBlockStride, uint16_t srcRepeatStride
#ifdef PTO_CCE_ARCH_C220
#define PTO_CCE_RED(T)                                                        \
  void vcadd(PTO_CCE_RED_ARGS(T), bool mode);                                 \
  void vcmax(PTO_CCE_RED_ARGS(T), Order_t order);
#else
#define PTO_CCE_RED(T)                                                        \
  void vcadd(PTO_CCE_RED_ARGS(T));                                            \
  void vcmax(PTO_CCE_RED_ARGS(T), bool repeatStrideMode, bool strideSizeMode, \
             bool order);
#endif
PTO_CCE_RED(half)
PTO_CCE_RED(float)

/* vcmin: the forms of vcmax (STUB; C220/M200
   kernel_operator_vec_reduce_impl.h).  */
#ifdef PTO_CCE_ARCH_C220
void vcmin(PTO_CCE_RED_ARGS(half), Order_t order);
void vcmin(PTO_CCE_RED_ARGS(float), Order_t order);
#else
void vcmin(PTO_CCE_RED_ARGS(half), bool repeatStrideMode, bool strideSizeMode,
           bool order);
void vcmin(PTO_CCE_RED_ARGS(float), bool repeatStrideMode, bool strideSizeMode,
           bool order);
#endif

/* Group reductions, one result per 32 B block (8 per repeat, dense):
   (dst, src, uint8_t repeat, uint16_t dstRepStride, uint16_t
   srcBlkStride, uint16_t srcRepStride), 6 operands on both archs; half
   and float.  STUB vcgadd/vcgmax/vcgmin; C220/M200
   kernel_operator_vec_reduce_impl.h (BlockReduce*).  */
#define PTO_CCE_GRED(OP)                                                     \
  void OP(PTO_CCE_RED_ARGS(half));                                           \
  void OP(PTO_CCE_RED_ARGS(float));
PTO_CCE_GRED(vcgadd)
PTO_CCE_GRED(vcgmax)
PTO_CCE_GRED(vcgmin)

/* Compare into a bit mask in UB: vcmpv_<op>(__ubuf__ uint8_t *dst, T
   *src0, T *src1, uint8_t repeat, uint8_t dstBlk, src0Blk, src1Blk,
   dstRep, src0Rep, src1Rep), op lt gt eq le ge ne, T half or float;
   dav-c220 also has vcmpv_eq on int32_t (STUB vcmpv_eq; C220
   kernel_operator_vec_cmp_impl.h CheckVcmpvDtype: "half / float /
   int32_t" when cmpMode is EQ, half and float for the other modes).
   One bit per element, element i at bit i % 8 of byte i / 8; with the
   default strides (1, 1, 1, 8, 8, 8) the repeats' bits are dense (the
   vendor's count form advances dst by the source elements / 8).  STUB
   vcmpv_*; C220/M200 kernel_operator_vec_cmp_impl.h /
   kernel_operator_vec_cmpsel_impl.h (VcmpvIntrinsicsImpl,
   CompareCompute).  */
#define PTO_CCE_CMPV_(OP, T)                                                  \
  void OP(__ubuf__ uint8_t *dst, __ubuf__ T *src0, __ubuf__ T *src1,          \
          uint8_t repeat, uint8_t dstBlockStride, uint8_t src0BlockStride,    \
          uint8_t src1BlockStride, uint8_t dstRepeatStride,                   \
          uint8_t src0RepeatStride, uint8_t src1RepeatStride);
#define PTO_CCE_CMPV(OP) PTO_CCE_CMPV_(OP, half) PTO_CCE_CMPV_(OP, float)
PTO_CCE_CMPV(vcmpv_lt)
PTO_CCE_CMPV(vcmpv_gt)
PTO_CCE_CMPV(vcmpv_eq)
PTO_CCE_CMPV(vcmpv_le)
PTO_CCE_CMPV(vcmpv_ge)
PTO_CCE_CMPV(vcmpv_ne)
#ifdef PTO_CCE_ARCH_C220
PTO_CCE_CMPV_(vcmpv_eq, int32_t)
#endif

/* Compare with a scalar into a bit mask in UB: vcmpvs_<op>(__ubuf__
   uint8_t *dst, __ubuf__ T *src0, T src1, uint8_t repeat, uint16_t
   dstBlk, uint16_t srcBlk, R dstRep, R srcRep), op lt gt eq le ge ne, T
   half or float, with the uint8_t (M200 calls it: UnaryRepeatParams'
   strides) and uint16_t (C220 casts to it) repeat-stride forms; dav-c220
   also has vcmpvs_eq on int32_t, uint16_t form only.  The bit mask as
   vcmpv's.  STUB vcmpvs_* (its uint64_t config forms are not
   declared: nothing emits them); C220 kernel_operator_vec_cmp_impl.h
   (VcmpvsIntrinsicsImpl, CheckVcmpvsDtype: int32_t for EQ only), M200
   kernel_operator_vec_cmpsel_impl.h (VcmpvsIntrinsicsImpl,
   CheckVcmpvsDtype: half and float); docs Compares.md.  */
#define PTO_CCE_CMPVS_(OP, T, R)                                              \
  void OP(__ubuf__ uint8_t *dst, __ubuf__ T *src0, T src1, uint8_t repeat,    \
          uint16_t dstBlockStride, uint16_t srcBlockStride,                   \
          R dstRepeatStride, R srcRepeatStride);
#define PTO_CCE_CMPVS(OP)                                                     \
  PTO_CCE_CMPVS_(OP, half, uint8_t) PTO_CCE_CMPVS_(OP, half, uint16_t)        \
  PTO_CCE_CMPVS_(OP, float, uint8_t) PTO_CCE_CMPVS_(OP, float, uint16_t)
PTO_CCE_CMPVS(vcmpvs_lt)
PTO_CCE_CMPVS(vcmpvs_gt)
PTO_CCE_CMPVS(vcmpvs_eq)
PTO_CCE_CMPVS(vcmpvs_le)
PTO_CCE_CMPVS(vcmpvs_ge)
PTO_CCE_CMPVS(vcmpvs_ne)
#ifdef PTO_CCE_ARCH_C220
PTO_CCE_CMPVS_(vcmpvs_eq, int32_t, uint16_t)
#endif

/* vsel(T *dst, T *src0, T *src1, uint8_t repeat, uint8_t dstBlk,
   src0Blk, src1Blk, dstRep, src0Rep, src1Rep): mode 0, the selection
   bits in the CMPMASK register (set_cmpmask), the same
   256 / sizeof(T) bits for every repeat; bit 1 takes src0.  Mode 2
   (tensor and tensor) adds uint8_t selectMode 2 (dav-c220) or
   (uint8_t selectMode, bool repeatStrideMode, bool strideSizeMode)
   (dav-m200): CMPMASK then holds the UB address of the bit mask and
   repeat r reads its bits r * 256 / sizeof(T) on.  half, float.  STUB
   vsel; C220/M200 kernel_operator_vec_cmpsel_impl.h (VselIntrinsicsImpl,
   VselIntrinsicsImplPre), asc-devkit docs Select.md (selMode).  */
#define PTO_CCE_VSEL_ARGS(T)                                                  \
  __ubuf__ T *dst, __ubuf__ T *src0, __ubuf__ T *src1, uint8_t repeat,        \
      uint8_t dstBlockStride, uint8_t src0BlockStride,                        \
      uint8_t src1BlockStride, uint8_t dstRepeatStride,                       \
      uint8_t src0RepeatStride, uint8_t src1RepeatStride
#ifdef PTO_CCE_ARCH_C220
#define PTO_CCE_VSEL(T)                                                       \
  void vsel(PTO_CCE_VSEL_ARGS(T));                                            \
  void vsel(PTO_CCE_VSEL_ARGS(T), uint8_t selectMode);
#else
#define PTO_CCE_VSEL(T)                                                       \
  void vsel(PTO_CCE_VSEL_ARGS(T));                                            \
  void vsel(PTO_CCE_VSEL_ARGS(T), uint8_t selectMode, bool repeatStrideMode,  \
            bool strideSizeMode);
#endif
PTO_CCE_VSEL(half)
PTO_CCE_VSEL(float)

/* set_cmpmask(__ubuf__ void *src): UB -> the CMPMASK register (the
   selection bits of vsel mode 0, or for mode 2 a 32 B block whose
   first uint32_t is the bit mask's UB address, written by vector_dup);
   get_cmpmask(__ubuf__ void *dst): the register -> UB.  STUB; C220/M200
   kernel_operator_vec_cmpsel_impl.h.  */
void set_cmpmask(__ubuf__ void *src);
void get_cmpmask(__ubuf__ void *dst);

#ifdef PTO_CCE_ARCH_C220
/* vbrcb(dst, src, uint16_t dstBlk, uint16_t dstRep, uint8_t repeat):
   uint16_t or uint32_t elements.  STUB; C220
   kernel_operator_vec_brcb_impl.h (dav_m200's Brcb does not call it).  */
void vbrcb(__ubuf__ uint16_t *dst, __ubuf__ uint16_t *src,
           uint16_t dstBlockStride, uint16_t dstRepeatStride, uint8_t repeat);
void vbrcb(__ubuf__ uint32_t *dst, __ubuf__ uint32_t *src,
           uint16_t dstBlockStride, uint16_t dstRepeatStride, uint8_t repeat);
#endif

/* vtranspose(dst, src): one 16 x 16 block of 16-bit elements, 512
   contiguous bytes each side, dst[j][i] = src[i][j].  int16_t or
   uint16_t (fp16 through a cast of the pointer).  STUB lines 5118-5119;
   C220 kernel_operator_vec_transpose_impl.h (TransposeIntrinsicsImpl,
   line 298) and M200 kernel_operator_vec_transpose_impl.h (line 290)
   call it with uint16_t pointers.  */
void vtranspose(__ubuf__ int16_t *dst, __ubuf__ int16_t *src);
void vtranspose(__ubuf__ uint16_t *dst, __ubuf__ uint16_t *src);

/* ------------------------------------------------------------------ */
/* Cube unit (L1 = cbuf, L0A = ca, L0B = cb, L0C = cc)                 */
/* ------------------------------------------------------------------ */

/* load_cbuf_to_ca / _cb(dst, src, uint16_t baseIdx, uint8_t repeat,
   uint16_t srcStride, uint16_t dstStride, uint8_t sid, bool transpose,
   addr_cal_mode_t): the form C220/M200 kernel_operator_mm_impl.h call
   (dstStride = the gap, 0; `inc').  STUB (half form).  */
void load_cbuf_to_ca(__ca__ half *dst, __cbuf__ half *src, uint16_t baseIdx,
                     uint8_t repeat, uint16_t srcStride, uint16_t dstStride,
                     uint8_t sid, bool transpose, addr_cal_mode_t addr_cal_mode);
void load_cbuf_to_cb(__cb__ half *dst, __cbuf__ half *src, uint16_t baseIdx,
                     uint8_t repeat, uint16_t srcStride, uint16_t dstStride,
                     uint8_t sid, bool transpose, addr_cal_mode_t addr_cal_mode);

#ifdef PTO_CCE_ARCH_C220
/* The bfloat16_t forms of the two L0 loads (dav-c220 only): STUB line
   1579 (load_cbuf_to_ca); load_cbuf_to_cb's is not in that stub, but
   asc-devkit 0da921b91 tests/api/c_api/npu_arch_2201/cube_datamove/
   test_copy_l12l0.cpp (lines 89, 98) mocks both in this 9-operand form
   for bfloat16_t, and C220 kernel_operator_mm_impl.h
   (LoadData2DL12L0ACal / L0BCal) calls them with T = bfloat16_t.  */
void load_cbuf_to_ca(__ca__ bfloat16_t *dst, __cbuf__ bfloat16_t *src,
                     uint16_t baseIdx, uint8_t repeat, uint16_t srcStride,
                     uint16_t dstStride, uint8_t sid, bool transpose,
                     addr_cal_mode_t addr_cal_mode);
void load_cbuf_to_cb(__cb__ bfloat16_t *dst, __cbuf__ bfloat16_t *src,
                     uint16_t baseIdx, uint8_t repeat, uint16_t srcStride,
                     uint16_t dstStride, uint8_t sid, bool transpose,
                     addr_cal_mode_t addr_cal_mode);

/* int8 operands (dav-c220).  L1 -> L0A: the int8_t form of the
   9-operand load, STUB line 1606; C220 kernel_operator_mm_impl.h
   (LoadData2DL12L0ACal, T = int8_t).  L1 -> L0B transposing:
   load_cbuf_to_cb_transpose(dst, src, uint16_t indexID, uint8_t repeat,
   uint16_t srcStride, uint16_t dstStride, bool addrmode, uint16_t
   dstFracStride), STUB lines 1798 (half) and 1805 (int8_t); C220
   kernel_operator_mm_impl.h (LoadData2DL12L0BTransposeCal); pipe MTE1.
   For int8_t each repeat transposes one 32 x 32 byte square of L1
   (srcStride in squares of 1024 B) into two 16 x 32 fractals of L0B;
   dstStride is the gap in 512 B fractals between the first fractals of
   two repeats, dstFracStride the gap between the two fractals of one
   (asc-devkit docs/zh/api/SIMD-API/C-API/cube_datamove/
   asc_copy_l12l0b_trans/asc_copy_l12l0b_trans_arch_2201.md).  */
void load_cbuf_to_ca(__ca__ int8_t *dst, __cbuf__ int8_t *src,
                     uint16_t baseIdx, uint8_t repeat, uint16_t srcStride,
                     uint16_t dstStride, uint8_t sid, bool transpose,
                     addr_cal_mode_t addr_cal_mode);
void load_cbuf_to_cb_transpose(__cb__ half *dst, __cbuf__ half *src,
                               uint16_t indexID, uint8_t repeat,
                               uint16_t srcStride, uint16_t dstStride,
                               bool addrmode, uint16_t dstFracStride);
void load_cbuf_to_cb_transpose(__cb__ int8_t *dst, __cbuf__ int8_t *src,
                               uint16_t indexID, uint8_t repeat,
                               uint16_t srcStride, uint16_t dstStride,
                               bool addrmode, uint16_t dstFracStride);

/* float operands (dav-c220; asc-devkit examples/01_simd_cpp_api/
   03_basic_api/03_matrix_compute/load_data_l12l0, scenario 11 for the
   M x K operand, 14 for the K x N one).  L1 -> L0A: the float form of
   the 9-operand load, STUB line 1597; C220 kernel_operator_mm_impl.h
   (LoadData2DL12L0ACal, T = float), copying 512 B fractals of 16 x 8.
   L1 -> L0B transposing: the float form, STUB line 1801; C220
   LoadData2DL12L0BTransposeCal.  For float each repeat transposes one
   16 x 16 square of L1 (two consecutive 16 x 8 fractals, srcStride in
   squares of 1024 B) into two 16 x 8 fractals of L0B, dstStride and
   dstFracStride as for int8_t (asc-devkit docs/zh/api/SIMD-API/
   基础API/矩阵计算（ISASI）/矩阵计算的搬入/矩阵数据搬入至L0-Buffer/
   LoadDataWithTranspose.md: "fp32场景下，源操作数2个连续的16*8分形将被
   合并为1个16*16的方块矩阵").  */
void load_cbuf_to_ca(__ca__ float *dst, __cbuf__ float *src,
                     uint16_t baseIdx, uint8_t repeat, uint16_t srcStride,
                     uint16_t dstStride, uint8_t sid, bool transpose,
                     addr_cal_mode_t addr_cal_mode);
void load_cbuf_to_cb_transpose(__cb__ float *dst, __cbuf__ float *src,
                               uint16_t indexID, uint8_t repeat,
                               uint16_t srcStride, uint16_t dstStride,
                               bool addrmode, uint16_t dstFracStride);

/* mad(c, a, b, m, k, n, uint8_t unitFlag, bool kDirectionAlign, bool
   cmatrixSource, bool cmatrixInitVal): STUB; C220
   kernel_operator_mm_impl.h (MmadCal).  The bfloat16_t forms: STUB
   lines 1990 and 2027; C220 kernel_operator_mm_impl.h (MmadCal's
   static_assert lists dst float, fm bfloat16_t, filter bfloat16_t).  */
void mad(__cc__ float *c, __ca__ bfloat16_t *a, __cb__ bfloat16_t *b,
         uint16_t m, uint16_t k, uint16_t n, uint8_t unitFlag,
         bool kDirectionAlign, bool cmatrixSource, bool cmatrixInitVal);
void mad(__cc__ float *c, __ca__ bfloat16_t *a, __cb__ bfloat16_t *b,
         uint64_t bias, uint16_t m, uint16_t k, uint16_t n, uint8_t unitFlag,
         bool kDirectionAlign, bool cmatrixSource, bool cmatrixInitVal);
void mad(__cc__ float *c, __ca__ half *a, __cb__ half *b, uint16_t m,
         uint16_t k, uint16_t n, uint8_t unitFlag, bool kDirectionAlign,
         bool cmatrixSource, bool cmatrixInitVal);
/* int32_t += int8_t x int8_t: STUB line 2005; C220
   kernel_operator_mm_impl.h (MmadCal's static_assert lists dst int32_t,
   fm int8_t, filter int8_t).  */
void mad(__cc__ int32_t *c, __ca__ int8_t *a, __cb__ int8_t *b, uint16_t m,
         uint16_t k, uint16_t n, uint8_t unitFlag, bool kDirectionAlign,
         bool cmatrixSource, bool cmatrixInitVal);
/* float += float x float: STUB lines 1993 and 2029 (the bias-table
   form); C220 kernel_operator_mm_impl.h (MmadCal's static_assert lists
   dst float, fm float, filter float).  */
void mad(__cc__ float *c, __ca__ float *a, __cb__ float *b, uint16_t m,
         uint16_t k, uint16_t n, uint8_t unitFlag, bool kDirectionAlign,
         bool cmatrixSource, bool cmatrixInitVal);
void mad(__cc__ float *c, __ca__ float *a, __cb__ float *b, uint64_t bias,
         uint16_t m, uint16_t k, uint16_t n, uint8_t unitFlag,
         bool kDirectionAlign, bool cmatrixSource, bool cmatrixInitVal);

/* The bias-table form: mad(c, a, b, uint64_t bias, m, k, n, uint8_t
   unitFlag, bool kDirectionAlign, bool cmatrixSource, bool
   cmatrixInitVal); BIAS is the bias table (C2) address, read as the
   initial C when cmatrixSource is set.  STUB (asc-devkit
   tests/unit/basic_api/ut/stub/stub_fun.h); C220
   kernel_operator_mm_impl.h (MmadCal with a bias).  */
void mad(__cc__ float *c, __ca__ half *a, __cb__ half *b, uint64_t bias,
         uint16_t m, uint16_t k, uint16_t n, uint8_t unitFlag,
         bool kDirectionAlign, bool cmatrixSource, bool cmatrixInitVal);

/* L1 -> bias table: (uint64_t dst, src, uint16_t convControl, nBurst,
   lenBurst, sourceGap, dstGap), pipe MTE1.  STUB (stub_fun.h, the void
   and float forms); C220 kernel_operator_data_copy_impl.h
   (DataCopyL12BTImpl).  */
void copy_cbuf_to_bt(uint64_t dst, __cbuf__ void *src, uint16_t convControl,
                     uint16_t nBurst, uint16_t lenBurst, uint16_t sourceGap,
                     uint16_t dstGap);
void copy_cbuf_to_bt(uint64_t dst, __cbuf__ float *src, uint16_t convControl,
                     uint16_t nBurst, uint16_t lenBurst, uint16_t sourceGap,
                     uint16_t dstGap);

/* The fixpipe L0C -> GM store (no L0C -> UB path on dav-c220):
   (dst, src, uint8_t sid, uint16_t NSize, uint16_t MSize, uint32_t
   dstStride, uint16_t srcStride, uint8_t UnitFlagMode, QuantMode_t
   QuantPRE, uint8_t ReLUPRE, bool channelSplit, bool NZ2ND_EN), issued
   on PIPE_FIX.  STUB; C220 kernel_operator_fixpipe_impl.h.  */
void copy_matrix_cc_to_gm(__gm__ float *dst, __cc__ float *src, uint8_t sid,
                          uint16_t NSize, uint16_t MSize, uint32_t dstStride,
                          uint16_t srcStride, uint8_t UnitFlagMode,
                          QuantMode_t QuantPRE, uint8_t ReLUPRE,
                          bool channelSplit, bool NZ2ND_EN);
void copy_matrix_cc_to_gm(__gm__ half *dst, __cc__ float *src, uint8_t sid,
                          uint16_t NSize, uint16_t MSize, uint32_t dstStride,
                          uint16_t srcStride, uint8_t UnitFlagMode,
                          QuantMode_t QuantPRE, uint8_t ReLUPRE,
                          bool channelSplit, bool NZ2ND_EN);
/* The bfloat16_t destination (QuantPRE F322BF16): STUB line 884.  */
void copy_matrix_cc_to_gm(__gm__ bfloat16_t *dst, __cc__ float *src,
                          uint8_t sid, uint16_t NSize, uint16_t MSize,
                          uint32_t dstStride, uint16_t srcStride,
                          uint8_t UnitFlagMode, QuantMode_t QuantPRE,
                          uint8_t ReLUPRE, bool channelSplit, bool NZ2ND_EN);
/* An int32_t accumulator dequantized to half (QuantPRE DEQF16, the
   scale set by set_quant_pre): STUB line 870.  */
void copy_matrix_cc_to_gm(__gm__ half *dst, __cc__ int32_t *src,
                          uint8_t sid, uint16_t NSize, uint16_t MSize,
                          uint32_t dstStride, uint16_t srcStride,
                          uint8_t UnitFlagMode, QuantMode_t QuantPRE,
                          uint8_t ReLUPRE, bool channelSplit, bool NZ2ND_EN);
/* The fixpipe's scalar pre-quantization register (QUANT_PRE): DEQF16
   multiplies by the float whose bits are its low 32 bits.  STUB
   set_quant_pre(uint64_t) (line 2656); C220
   kernel_operator_fixpipe_impl.h (SetQuantPreImpl, called by
   FixpipeL0C2GMImpl with FixpipeParams::deqScalar, the float's bits:
   asc-devkit's own examples write static_cast<uint64_t>(
   *reinterpret_cast<int32_t *>(&quantScalar))).  */
void set_quant_pre(uint64_t config);
/* L1 -> the fixpipe buffer (the deq words of QuantPRE VDEQF16): (dst,
   src, uint16_t burstNum, burstLen, srcGapSize, dstGapSize), burstLen in
   128 B units (64 B on 3510: dav_3510 kernel_operator_fixpipe_impl.h
   CopyDeqTensorToFbuf), pipe FIX.  STUB lines 663-664 (also a (dst,
   src, uint64_t config) form, not used); C220 kernel_operator_fixpipe_impl.h
   (CopyDeqTensorToFbuf: "copy from cbuf to fbuf, burst_len unit is
   128Bytes"), kernel_operator_data_copy_impl.h (DataCopyL12FBImpl,
   __inout_pipe__(FIX)).  The buffer holds 2 KB (256 deq words:
   GenFixpipeTiling; impl/adv_api/tiling/conv/conv3d_tiling_util.h
   FB_SIZE; 8 KB, 1024 words, on 3510).  */
void copy_cbuf_to_fbuf(__fbuf__ void *dst, __cbuf__ void *src,
                       uint16_t burstNum, uint16_t burstLen,
                       uint16_t srcGapSize, uint16_t dstGapSize);
/* The fixpipe's FPC register: FPC[7:0] the ReLU vector's fixpipe-buffer
   address in 64 B units, FPC[15:8] the deq words' in 128 B units,
   FPC[63] the unit flag.  STUB line 2603; C220
   kernel_operator_fixpipe_impl.h (SetFixPipeConfigImpl,
   CopyDeqTensorToFbuf).  */
void set_fpc(uint64_t config);
/* An int32_t accumulator kept as int32_t (QuantPRE NoQuant): STUB line
   883.  */
void copy_matrix_cc_to_gm(__gm__ int32_t *dst, __cc__ int32_t *src,
                          uint8_t sid, uint16_t NSize, uint16_t MSize,
                          uint32_t dstStride, uint16_t srcStride,
                          uint8_t UnitFlagMode, QuantMode_t QuantPRE,
                          uint8_t ReLUPRE, bool channelSplit, bool NZ2ND_EN);

/* L1 -> L0C (an accumulator initialised from GM through L1): (dst, src,
   uint16_t nBurst, lenBurst, srcStride, dstStride), 32 B units, pipe
   MTE1.  STUB (the float/float form); C220
   kernel_operator_data_copy_impl.h (DataCopyL12L0CImpl); asc-devkit
   docs/zh/api/SIMD-API/C-API/cube_datamove/asc_copy_l12l0c.md.  */
void copy_matrix_cbuf_to_cc(__cc__ float *dst, __cbuf__ float *src,
                            uint16_t nBurst, uint16_t lenBurst,
                            uint16_t srcStride, uint16_t dstStride);

/* The fixpipe L0C -> L1 (a matmul result as the operand of another):
   (cbuf half *dst, cc float *src, uint8_t sid, uint16_t NSize, MSize,
   uint32_t dstStride, uint16_t srcStride, uint8_t UnitFlagMode,
   QuantMode_t QuantPRE, uint8_t ReLUPRE, bool channelSplit, bool
   NZ2ND_EN), pipe FIX; NZ2ND_EN 0, dstStride in 32 B units.  STUB (the
   12-operand half form); C220 kernel_operator_fixpipe_impl.h
   (FixpipeL0cToL1).  */
void copy_matrix_cc_to_cbuf(__cbuf__ half *dst, __cc__ float *src,
                            uint8_t sid, uint16_t NSize, uint16_t MSize,
                            uint32_t dstStride, uint16_t srcStride,
                            uint8_t UnitFlagMode, QuantMode_t QuantPRE,
                            uint8_t ReLUPRE, bool channelSplit,
                            bool NZ2ND_EN);
/* The bfloat16_t destination (QuantPRE F322BF16): STUB line 807.  */
void copy_matrix_cc_to_cbuf(__cbuf__ bfloat16_t *dst, __cc__ float *src,
                            uint8_t sid, uint16_t NSize, uint16_t MSize,
                            uint32_t dstStride, uint16_t srcStride,
                            uint8_t UnitFlagMode, QuantMode_t QuantPRE,
                            uint8_t ReLUPRE, bool channelSplit,
                            bool NZ2ND_EN);

/* ND -> NZ (fractal) GM -> L1 copy of 2-byte elements: (dst, src,
   uint8_t sid, uint16_t ndNum, nValue, dValue, srcNdMatrixStride,
   srcDValue, dstNzC0Stride, dstNzNStride, dstNzMatrixStride), all
   uint16_t.  STUB; C220 kernel_operator_data_copy_impl.h.  */
void copy_gm_to_cbuf_multi_nd2nz_b16(
    __cbuf__ half *dst, __gm__ half *src, uint8_t sid, uint16_t ndNum,
    uint16_t nValue, uint16_t dValue, uint16_t srcNdMatrixStride,
    uint16_t srcDValue, uint16_t dstNzC0Stride, uint16_t dstNzNStride,
    uint16_t dstNzMatrixStride);
/* The bfloat16_t form: STUB line 690.  */
void copy_gm_to_cbuf_multi_nd2nz_b16(
    __cbuf__ bfloat16_t *dst, __gm__ bfloat16_t *src, uint8_t sid,
    uint16_t ndNum, uint16_t nValue, uint16_t dValue,
    uint16_t srcNdMatrixStride, uint16_t srcDValue, uint16_t dstNzC0Stride,
    uint16_t dstNzNStride, uint16_t dstNzMatrixStride);
/* The same for 1-byte elements (C0 = 32 of them): STUB line 702; C220
   kernel_operator_data_copy_impl.h.  */
void copy_gm_to_cbuf_multi_nd2nz_b8(
    __cbuf__ int8_t *dst, __gm__ int8_t *src, uint8_t sid, uint16_t ndNum,
    uint16_t nValue, uint16_t dValue, uint16_t srcNdMatrixStride,
    uint16_t srcDValue, uint16_t dstNzC0Stride, uint16_t dstNzNStride,
    uint16_t dstNzMatrixStride);
/* The same for float (C0 = 8 of them): STUB line 696; C220
   kernel_operator_data_copy_impl.h (DataCopyGM2L1ND2NZImplBase,
   line 293, sizeof(T) == 4).  */
void copy_gm_to_cbuf_multi_nd2nz_b32s(
    __cbuf__ float *dst, __gm__ float *src, uint8_t sid, uint16_t ndNum,
    uint16_t nValue, uint16_t dValue, uint16_t srcNdMatrixStride,
    uint16_t srcDValue, uint16_t dstNzC0Stride, uint16_t dstNzNStride,
    uint16_t dstNzMatrixStride);

/* create_cbuf_matrix(dst, int64_t repeat config, half value) for a half
   L1 destination: STUB; C220 kernel_operator_mm_impl.h (InitConstValue:
   `(T)value').  */
void create_cbuf_matrix(__cbuf__ half *dst, int64_t repeat, half value);
void create_cbuf_matrix(__cbuf__ half *dst, int64_t repeat, uint32_t value);
/* The float (and int32_t) form: the value is the uint32_t bit pattern;
   STUB; C220 kernel_operator_mm_impl.h (InitL1BufferCal:
   `static_cast<uint32_t>(GetScalarBitcodeValue(value))').  */
void create_cbuf_matrix(__cbuf__ float *dst, int64_t repeat, uint32_t value);
#endif

#ifdef PTO_CCE_ARCH_M200
/* mad(c, a, b, m, k, n, bool init_val_controlC): STUB; M200
   kernel_operator_mm_impl.h.  */
void mad(__cc__ float *c, __ca__ half *a, __cb__ half *b, uint16_t m,
         uint16_t k, uint16_t n, bool init_val_controlC);

/* L0C -> UB: (dst, src, uint8_t sid, uint16_t nBurst, lenBurst, srcStride,
   dstStride, ConvRelu_t): STUB; M200 kernel_operator_data_copy_impl.h.  */
void copy_matrix_cc_to_ubuf(__ubuf__ float *dst, __cc__ float *src,
                            uint8_t sid, uint16_t nBurst, uint16_t lenBurst,
                            uint16_t srcStride, uint16_t dstStride,
                            ConvRelu_t crMode);
void copy_matrix_cc_to_ubuf(__ubuf__ half *dst, __cc__ float *src,
                            uint8_t sid, uint16_t nBurst, uint16_t lenBurst,
                            uint16_t srcStride, uint16_t dstStride,
                            ConvRelu_t crMode);

/* UB -> L0C (an accumulator initialised from its UB copy): (dst, src,
   uint8_t sid, uint16_t nBurst, lenBurst, srcStride, dstStride,
   ConvRelu_t): STUB; M200 kernel_operator_data_copy_impl.h
   (DataCopyMatrixUB2L0CImpl, f32 to f32 with CRMODE_NONE).  */
void copy_matrix_ubuf_to_cc(__cc__ float *dst, __ubuf__ float *src,
                            uint8_t sid, uint16_t nBurst, uint16_t lenBurst,
                            uint16_t srcStride, uint16_t dstStride,
                            ConvRelu_t crMode);

/* create_cbuf_matrix(void dst, int64_t, half value): STUB; M200
   kernel_operator_mm_impl.h (InitConstValue casts dst to void).  */
void create_cbuf_matrix(__cbuf__ void *dst, int64_t repeat, half value);
#endif

/* ------------------------------------------------------------------ */
/* Scalar unit                                                         */
/* ------------------------------------------------------------------ */

/* Square root of a scalar: cannmirror/asc-devkit HEAD:impl/utils/std/
   cmath/sqrt.h (AscendC::Std::sqrt, for float, returns ::sqrt(src) in
   __aicore__ code without including a header: the device compiler's
   own).  Declared as the C library's; a float argument converts to it
   and the result rounds back to float exactly.  The scalar unit has no
   other transcendental: exp and log exist only as the vector
   instructions vexp and vln above, which the back end runs on one lane
   of a UB scratch for expf and logf of a scalar.  */
extern "C" double sqrt(double x);

#undef PTO_CCE_BINARY
#undef PTO_CCE_BINARY_ALL
#undef PTO_CCE_UNARY
#undef PTO_CCE_UNARY_F
#undef PTO_CCE_VS
#undef PTO_CCE_VS_
#undef PTO_CCE_VS_ALL
#undef PTO_CCE_VSM
#undef PTO_CCE_VSM_ALL
#undef PTO_CCE_DUP
#undef PTO_CCE_DUP_
#undef PTO_CCE_RED_ARGS
#undef PTO_CCE_RED
#undef PTO_CCE_GRED

#endif /* PTO_CCE_API_H */
