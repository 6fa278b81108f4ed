/* cce_sim.h - a CPU simulator of the CCE (Ascend AI Core C) instruction
   subset that pto-gcc emits, with a synchronisation checker, a race
   detector and a cycle estimate.

   The same .cce text the compiler writes for the device compiles on the
   host as C (gcc -std=gnu11, or -std=c11 without -pedantic: it needs
   _Float16 and _Generic) when __CCE_KT_TEST__ is defined and this header
   is included (testsuite/sim/example.cce shows the whole form).  A
   compiler without _Float16 (GCC 11 on x86-64) gets `half' as a struct
   holding the fp16 bits: CCE that only points to half (DMA, vector and
   cube operands) still compiles and runs the same, scalar half
   arithmetic does not compile.  The form:

     #ifdef __CCE_KT_TEST__
     #include "cce_sim.h"
     #endif

   EMITTER CONTRACT (what emitted CCE must do to run here)
   -------------------------------------------------------
   1. Local buffers (UB, L1, L0A, L0B, L0C) are addressed as raw byte
      offsets cast to pointers, exactly as on the device:
        (__ubuf__ half *)((uintptr_t)2560)
      PTO_UB(T, off), PTO_L1(T, off), PTO_L0A/L0B/L0C(T, off) spell the
      same cast.  Every intrinsic knows which space each operand lives in
      and reads the pointer VALUE as a byte offset into the current core's
      arena for that space, so offsets must be below the arch's buffer size
      (a pointer into the arena itself is accepted too).  They are not
      host addresses and must not be dereferenced: scalar access to UB
      goes through PTO_UB_LOAD(p) / PTO_UB_STORE(p, v) (pipe S), which
      the device build defines as *(p) and *(p) = (v).  Offset 0 is a null pointer,
      and C pointer arithmetic on it is undefined (UBSan reports it): emit
      every local address as ONE cast of an integer byte offset, e.g.
      (__ubuf__ float *)((uintptr_t)(1024 + 256 * i)), never `p + i` on
      a local pointer; compile the host build with
      -fno-delete-null-pointer-checks.
   2. GM pointers are ordinary host pointers (the kernel's arguments).
   3. Every intrinsic is a macro that records __FILE__/__LINE__, so emit
      one intrinsic per line and use #line if the text is generated from
      another source; reports then read "k.cce:42: vadd (V) ...".
   4. Kernel entry: the runtime calls, per block in the order it chooses,
        pto_sim_begin_block(idx, num); kernel(args...); pto_sim_end_block();
      (pto_sim_run_blocks does exactly that; end_block is what reports
      pending flags and records the block's cycles).
      `block_idx`, `block_num`, get_block_idx(), get_block_num(),
      get_subblockid() and get_subblockdim() read the simulator's state
      (0 and 1 outside a mix block).  Kernels are
      plain C functions: guard `extern "C"` with #ifdef __cplusplus and
      the `<<<...>>>` launcher with #ifndef __CCE_KT_TEST__.
   5. Operand element types are taken from the C pointer type with
      _Generic: half (_Float16), float, int32_t (int16_t/uint16_t for
      moves).  Scalars are passed as C values of any arithmetic type.
   6. The simulator does not model races between blocks (AI Cores) nor
      block-level GM sharing: the runtime exposes those by running the
      blocks in several orders (pto_sim_block_order).
   7. A dav-c220 mix kernel (`__global__ __mix__(1, 2) void k(...)',
      its cube part under #if defined(__DAV_CUBE__), its vector part
      under #if defined(__DAV_VEC__), as the vendor compiles it twice:
      asc-devkit HEAD:impl/utils/sys_macros.h SPLIT_CORE_CUBE /
      SPLIT_CORE_VEC) is compiled twice on the host as well, with
      -D__DAV_CUBE__ and with -D__DAV_VEC__, renaming the kernel
      (-Dk=k_aic, -Dk=k_aiv); each block runs as
        pto_sim_run_mix(idx, num, aic, aiv, ctx);
      where aic / aiv call k_aic / k_aiv with the arguments in ctx (see
      MIX BLOCKS below; testsuite/sim/test-mix.c shows the form).

   SEMANTICS (see runtime/cce_sim.c for the details)
   - Block = 32 B, repeat = 256 B = 8 blocks; lanes per repeat = 256 /
     sizeof(wider type).  Lane i of repeat r of an operand with element
     size s sits at base + r*repStride*32 + (i/(32/s))*blkStride*32
     + (i%(32/s))*s.  repeat <= 255, strides <= 255, nBurst in [1,4096),
     lenBurst in [1,65536), gaps < 65536, sid < 16, event < the arch's
     event count: violations are errors naming the instruction and value.
   - Masks: normal mode (bit i of lo for lane i < 64, of hi for i >= 64;
     reset to all ones at block start) and counter mode (set_mask_count:
     the lo value is the element count over the whole instruction, the
     repeat argument is ignored and ceil(count/lanes) repeats run).
   - All UB/L1/L0 operands must be 32 B aligned (reduction destinations
     only element aligned) and inside the arena: violations abort (or are
     recorded and the instruction skipped, see pto_sim_set_mode).
   - fp16 arithmetic is computed in float and rounded to nearest even;
     transcendental ops use libm (hardware is not libm exact: compare
     with a tolerance).  Each repeat reads all its sources before it
     writes.  Conversions: f32->f16 nearest even (overflow gives inf);
     vconv_f322s32{r,a,f,c,z} round to nearest even / away from zero /
     floor / ceil / toward zero, saturating, NaN -> 0; s32->f32 nearest
     even.
   - THE API.  The intrinsics, their operand lists and the dtypes they
     take are exactly those of runtime/cce-api.h (the vendor's, per
     arch; doc/cce.md).  What C cannot check at compile time is checked
     at run time against the current arch: an operand count that is not
     the arch's form (vcadd with 7 operands on dav-m200, mad with 7 on
     dav-c220, ...), an element type the vendor has no overload for
     (vcadd / vcmax / vcgadd on int32, vexp on int32, ...), an
     intrinsic the arch lacks (vbrcb, the *_align_* copies on dav-m200;
     copy_ubuf_to_cbuf, copy_matrix_cc_to_ubuf on dav-c220): each is
     an error naming the instruction.  The plugin's sim=cce build
     compiles with -Werror=implicit-function-declaration, so a name
     that is not here does not compile.
   - Reductions: vcadd/vcmax/vcmin write one result per repeat at
     dst + r*dstRepStride*unit, unit = the element size, or twice it for
     vcmax/vcmin's [value, index] pair (index = lane within the repeat
     of the first extreme, an integer of the element's width; dav-c220:
     7th operand Order_t; dav-m200: 9th operand 0 = VALUE_INDEX, 1 =
     INDEX_VALUE).  vcgadd/vcgmax/vcgmin write 8
     results (one per 32 B block) per repeat, unit = 8 elements.  Sums
     add pairwise as a tree ((0,1), (2,3), ... then again), fp16 partial
     sums saturating at +-65504, as documented for the hardware.
   - Partial tiles (dav-c220 byte-granular DMA, Ascend C's DataCopyPad):
       copy_gm_to_ubuf_align_b32 / _b16(ubuf dst, gm src, sid, nBurst,
           lenBurst, leftPaddingNum, rightPaddingNum, srcGap, dstGap)
       copy_ubuf_to_gm_align_b32 / _b16(gm dst, ubuf src, sid, nBurst,
           lenBurst, leftPaddingNum, rightPaddingNum, srcGap, dstGap)
       set_mov_pad_val(uint64_t v)
     lenBurst is in BYTES ([1, 2097151], a multiple of the element size
     4 or 2; both pointers must point to elements of that size).  GM
     side: element aligned, burst b at + b * (lenBurst + gap) bytes (the
     gap in bytes, [0, 2^32)).  UB side: 32 B aligned, each burst
     occupies ceil((pads + lenBurst) / 32) blocks, the gap is in 32 B
     blocks ([0, 65535]).  A load writes per burst leftPaddingNum
     elements of the pad value (the low bytes of the last
     set_mov_pad_val, 0 at block start), the data, rightPaddingNum pad
     elements (each pad at most 32 B), and leaves the rest of the burst's
     last block unspecified (the simulator writes 0xff bytes).  A store
     writes exactly lenBurst bytes per burst to GM (pads must be 0): no
     tail clobber.  The race detector sees exactly those bytes.  Pipes
     MTE2 / MTE3; set_mov_pad_val is a scalar register write.  Only
     dav-c220 and 3510 have these copies: on dav-c100 / dav-m200 they
     are reported.
     The cube operands' forms (dav-c220 and 3510 only, pipe MTE2):
       copy_gm_to_cbuf_multi_nd2nz_b16(cbuf dst, gm src, sid, ndNum,
           nValue, dValue, srcNdMatrixStride, srcDValue, dstNzC0Stride,
           dstNzNStride, dstNzMatrixStride)
     copies ndNum matrices of nValue rows of dValue 2-byte elements (GM
     row j of matrix i at src + (i * srcNdMatrixStride + j * srcDValue)
     elements) into L1 as 32 B blocks: block k of that row (elements
     16k..16k+15) at dst + i * dstNzMatrixStride elements + (j *
     dstNzNStride + k * dstNzC0Stride) * 32 B, the part of the last block
     past dValue zero-filled.  GM reads exactly dValue elements per row.
     Ranges: ndNum [0, 4095], nValue [0, 16384], dValue [0, 65535], the
     strides as documented (srcDValue >= 1, the dst strides >= 1); a
     zero ndNum, nValue or dValue is a NOP.
       copy_gm_to_cbuf_multi_nd2nz_b8(...)
     is the same for 1-byte elements (int8_t): 32 of them per block, and
       copy_gm_to_cbuf_multi_nd2nz_b32s(...)
     for float: 8 of them per block.
       create_cbuf_matrix(cbuf dst, int64_t config, value)
     fills config[14:0] repeats of config[30:16] 32 B blocks, repeats
     (blocks + config[46:32]) blocks apart, with VALUE converted to the
     element type of dst, or, a uint32_t VALUE for a float or int32_t
     dst, taken as its bit pattern (zero repeats or blocks: a NOP).
     PTO_VALID(v, dim, what) (emitted by the compiler before such a
     transfer) reports "WHAT V outside [0, DIM]" as an error when V is
     out of range and yields V clamped to [0, DIM]; the device build
     defines it as the clamp alone.
   - Arenas have the USABLE sizes: UB 184 KB on dav-c220, 248 KB on
     dav-c100/dav-m200/3510 (pto_sim_buffer_size); they are filled with
     0xff bytes (NaN) at every block start.

   SYNC CHECKER AND RACE DETECTOR
   - A flag table [src pipe][dst pipe][event]: wait_flag without a pending
     set_flag (a hang on the device), set_flag on a still-pending flag, and
     flags still pending at pto_sim_end_block are errors.
   - Every instruction records the bytes it reads and writes (per memory
     space; GM by host address) with its pipe.  Happens-before is kept
     with vector clocks: an instruction on pipe B is ordered after an
     earlier instruction X on pipe A iff a set_flag(A,B',e) issued after X
     reaches B through wait_flag chains, or a pipe_barrier(PIPE_ALL)
     separates them.  A wait_flag(A, PIPE_S, e) stalls the scalar unit,
     which issues every instruction, so it orders A's earlier work
     before everything issued after it on any pipe.  Scalar UB accesses
     (PTO_UB_LOAD/STORE) are not implicitly ordered with other pipes:
     S -> V needs set_flag/wait_flag(PIPE_S, PIPE_V).  A conflicting access (one of the two a write) that
     is not ordered is reported with both instructions.
   - Same pipe: the cube (M) and vector (V) pipes are pipelined, so a
     dependent instruction on the same pipe needs pipe_barrier(PIPE_V /
     PIPE_M) (this is what Ascend's own generators and Ascend C's
     PipeBarrier documentation require); the DMA pipes (MTE1/2/3, FIX)
     and S are treated as in-order queues.  pto_sim_set_strict_pipes()
     changes the set.
   - Tracking granularity is the 32 B block with a byte mask of the most
     recent accesses per pipe: exact for the usual aligned buffers,
     conservative (may report) for two pipes touching disjoint bytes of
     one 32 B block at different times.  Once more than 256K blocks of
     GM are tracked in one block, GM entries already ordered before every
     pipe that has issued an instruction are forgotten (a pipe that only
     starts later is not checked against them).
   - Races between blocks (AI Cores) are not modelled: run the blocks
     in several orders (pto_sim_run_blocks) and compare results.  Races
     between the cube and vector cores of one mix block are (MIX
     BLOCKS).

   MIX BLOCKS (dav-c220; runtime/sim-mix.c, doc/cce.md "dav-c220: the
   cube and the vector cores (simulator)")
   - pto_sim_run_mix runs one block as an AI Core group: the AIC
     function once and the AIV function twice (subblock 0 and 1) as
     three cooperative coroutines on the calling thread, in the fixed
     order AIC, AIV0, AIV1, switching only when a core blocks in
     wait_flag_dev (deterministic).  Each core has its own arenas,
     registers and intra-core flags; GM is shared.  The AIC has L1, L0A,
     L0B, L0C and the bias table and no pipe V; each AIV has its own UB
     and the pipes S, V, MTE2, MTE3: anything else is reported.
   - ffts_cross_core_sync(pipe, config), config = 0x1 + ((mode & 3) <<
     4) + ((flagId & 0xf) << 8), and wait_flag_dev(flagId): 16 counters
     per core of 0..15; mode 2 AIC -> both AIVs, both AIVs -> AIC; mode
     1 both AIVs -> both AIVs; mode 0 (every AIC / every AIV of the
     launch) for a one-block launch only.  Reported: a counter past 15,
     a pipe other than V, M, MTE1, MTE2, MTE3, FIX, a bad config, a
     deadlock (every unfinished core blocked: the block ends, naming
     each core, its flag and counter), rises never waited at the end.
   - The race detector checks GM across the cores: an access by one
     core that is not ordered after a conflicting access by another
     through a chain of cross-core and intra-core flags is a race naming
     both instructions and cores.
   - Cost: the cores run concurrently; a wait stalls until the set's
     pipe is done plus an assumed hand-off latency of 100 cycles; the
     block's estimate is the latest core's.  PTO_SIM_TRACE shows the
     AIC's pipes only.

   COST MODEL: see pto_sim_cycles() and the table in cce_sim.c.  */

#ifndef PTO_CCE_SIM_H
#define PTO_CCE_SIM_H

#include <math.h>    /* sqrt: the scalar unit's, see cce-api.h */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Runner API (used by the runtime and the tests)                      */
/* ------------------------------------------------------------------ */

/* All simulator state (arch, mode, arenas, errors, cycles) is per
   thread: a runtime that runs blocks on several threads configures each
   thread and adds up their results.  */

/* What happens on an error.  ABORT: print the message on stderr and
   abort().  RECORD: print (unless quiet), count, keep the text (see
   pto_sim_report_text) and continue; a malformed instruction is then
   skipped, a wait on a never-set flag does not order anything.  The
   default is ABORT, or RECORD when the environment has
   PTO_SIM_MODE=record.  */
typedef enum pto_sim_mode { PTO_SIM_ABORT, PTO_SIM_RECORD } pto_sim_mode;

/* Called with every error message (one line, no newline) before the
   mode's action.  */
typedef void (*pto_sim_report_fn)(void *ctx, const char *msg);

/* Select the architecture by name: "dav-c100", "dav-m200", "dav-c220"
   (the default, also "dav-2201"), "3510".  The environment variable
   PTO_SIM_ARCH sets the initial value.  Returns 0, or -1 for an unknown
   name (nothing changes).  Resets the simulator.  */
int pto_sim_set_arch(const char *name);
const char *pto_sim_arch(void);
/* Bytes of each local buffer of the current arch: space is "ub", "l1",
   "l0a", "l0b", "l0c" or "bt" (the bias table, none on dav-c100 /
   dav-m200); 0 for an unknown name.  */
size_t pto_sim_buffer_size(const char *space);

void pto_sim_set_mode(pto_sim_mode mode);
void pto_sim_set_report_fn(pto_sim_report_fn fn, void *ctx);
/* In RECORD mode, do not echo messages on stderr.  */
void pto_sim_set_quiet(bool quiet);
/* Bit mask (1u << PIPE_x) of pipes whose dependent instructions need a
   pipe_barrier; default (1u << PIPE_V) | (1u << PIPE_M).  The pipe_t
   values: S 0, V 1, M 2, MTE1 3, MTE2 4, MTE3 5, ALL 6, FIX 10.  */
void pto_sim_set_strict_pipes(unsigned mask);

/* Forget everything: errors, report text, cycles, statistics.  Keeps
   the arch, the mode and the callback.  */
void pto_sim_reset(void);
/* Start one block (core) of a kernel: clear the arenas (filled with 0xff
   bytes, a NaN for fp16/fp32, to expose reads of unwritten data), the
   mask, the flag table and the race state.  */
void pto_sim_begin_block(int block_idx, int block_num);
/* Finish the block: report flags set but never waited, fold the block's
   estimated cycles into the totals.  Returns the number of errors
   reported during this block.  */
int pto_sim_end_block(void);

/* The order in which a kernel's blocks run (to expose cross-block
   races; every order must give the same result).  */
typedef enum pto_sim_order {
  PTO_SIM_ASCENDING, PTO_SIM_DESCENDING, PTO_SIM_SHUFFLED
} pto_sim_order;
/* Fill ORDER[0..N) with the block indices in order HOW; SHUFFLED is a
   Fisher-Yates shuffle driven by splitmix64(SEED), identical on every
   host for a given seed.  */
void pto_sim_block_order(int n, pto_sim_order how, uint64_t seed, int *order);
/* Read PTO_SIM_BLOCK_ORDER = asc | desc | shuffle | shuffle:SEED (unset:
   asc; shuffle alone: seed 1).  Returns 0, or -1 for another value (the
   outputs are then ascending, 0).  */
int pto_sim_order_from_env(pto_sim_order *how, uint64_t *seed);
/* Run BODY(CTX) once per block in the given order, each between
   pto_sim_begin_block(idx, NBLOCKS) and pto_sim_end_block(); return the
   total number of errors.  */
int pto_sim_run_blocks(void (*body)(void *ctx), void *ctx, int nblocks,
                       pto_sim_order how, uint64_t seed);

/* Errors since the last reset, and their text (lines joined by '\n').  */
int pto_sim_error_count(void);
const char *pto_sim_report_text(void);

/* Estimated cycles: of the last finished block (its critical path over
   the concurrent pipes), the maximum over the blocks since the reset
   (the kernel's time if every block has its own core) and their sum.  */
uint64_t pto_sim_cycles(void);
uint64_t pto_sim_cycles_max(void);
uint64_t pto_sim_cycles_sum(void);

/* Instruction statistics since the last reset.  */
typedef struct pto_sim_stats {
  uint64_t vector_instrs;   /* pipe V compute instructions */
  uint64_t vector_repeats;  /* repeats they executed */
  uint64_t dma_instrs;      /* copy_* instructions (any MTE pipe / FIX) */
  uint64_t dma_bytes;       /* bytes they moved */
  uint64_t cube_instrs;     /* mad */
  uint64_t sync_instrs;     /* set_flag, wait_flag, pipe_barrier */
  uint64_t busy[7];         /* busy cycles per pipe: S, V, M, MTE1, MTE2,
                               MTE3, FIX */
} pto_sim_stats;
pto_sim_stats pto_sim_get_stats(void);

/* The host address of byte OFF of local space SPACE (PTO_SIM_UB, ...)
   of the current thread's arenas, for tests and debuggers; accesses
   through it are not checked or tracked.  NULL if OFF is outside.  */
void *pto_sim_host_addr(int space, uintptr_t off);

/* The state of the current block, for block_idx and friends.  */
int pto_sim_block_idx(void);
int pto_sim_block_num(void);
/* get_subblockid / get_subblockdim: 0 / 1 on the AIC and outside a mix
   block, 0 or 1 / 2 on the AIVs.  */
int pto_sim_subblock_id(void);
int pto_sim_subblock_dim(void);

/* Run block IDX of NUM of a dav-c220 mix kernel: AIC(CTX) on the cube
   core and AIV(CTX) on each of the two vector cores (see MIX BLOCKS).
   Like begin_block + kernel + end_block: returns the block's error
   count and records its cycles (the latest core's).  */
int pto_sim_run_mix(int idx, int num, void (*aic)(void *),
                    void (*aiv)(void *), void *ctx);

/* ------------------------------------------------------------------ */
/* The CCE dialect on the host                                         */
/* ------------------------------------------------------------------ */

#ifdef __CCE_KT_TEST__

#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __aicore__
#define __global__

#ifdef __FLT16_MAX__
typedef _Float16 half;
#else
typedef struct half {
  uint16_t bits;
} half;
#endif
/* bf16 storage (the vendor's bfloat16_t class): only pointers to it are
   passed; vconv_bf162f32 / vconv_f322bf16r convert its bits
   (include/pto-bf16.h).  */
typedef struct bfloat16_t {
  uint16_t bits;
} bfloat16_t;

typedef enum pipe_t {
  PIPE_S = 0, PIPE_V = 1, PIPE_M = 2, PIPE_MTE1 = 3, PIPE_MTE2 = 4,
  PIPE_MTE3 = 5, PIPE_ALL = 6, PIPE_FIX = 10
} pipe_t;

typedef enum event_t {
  EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3,
  EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7
} event_t;

/* copy_gm_to_cbuf's pad argument; only PAD_NONE is simulated.  */
typedef enum pad_t { PAD_NONE = 0 } pad_t;
/* copy_matrix_cc_to_ubuf's conversion: keep fp32, or fp32 -> fp16.  */
typedef enum ConvRelu_t { CRMODE_NONE = 0, CRMODE_F32toF16_NONE = 1 } ConvRelu_t;
/* copy_matrix_cc_to_gm's quantPre: keep fp32, fp32 -> fp16, fp32 ->
   bf16 (the vendor's values: asc-devkit stub_fun.h QuantMode_t).  */
typedef enum QuantMode_t {
  NoQuant = 0, F322F16 = 1, VDEQF16 = 10, DEQF16 = 11, F322BF16 = 16
} QuantMode_t;
/* vcmax/vcmin's 7th operand on dav-c220 (the vendor's Order_t).  */
typedef enum Order_t {
  VALUE_INDEX = 0, INDEX_VALUE = 1, ONLY_VALUE = 2, ONLY_INDEX = 3
} Order_t;
/* load_cbuf_to_ca/cb's address order; only inc is simulated.  */
typedef enum addr_cal_mode_t { inc = 0, dec = 1 } addr_cal_mode_t;

#define block_idx (pto_sim_block_idx())
#define block_num (pto_sim_block_num())
#define get_block_idx() ((int64_t)pto_sim_block_idx())
#define get_block_num() ((int64_t)pto_sim_block_num())
#define get_subblockid() ((int64_t)pto_sim_subblock_id())
#define get_subblockdim() ((int64_t)pto_sim_subblock_dim())
/* The mix kernel's execution-space qualifier (asc-devkit
   docs/zh/guide/编程指南/语言扩展层/SIMD-BuiltIn关键字.md).  */
#define __mix__(aic, aiv)

#define PTO_UB(T, off) ((__ubuf__ T *)(uintptr_t)(off))
#define PTO_L1(T, off) ((__cbuf__ T *)(uintptr_t)(off))
#define PTO_L0A(T, off) ((__ca__ T *)(uintptr_t)(off))
#define PTO_L0B(T, off) ((__cb__ T *)(uintptr_t)(off))
#define PTO_L0C(T, off) ((__cc__ T *)(uintptr_t)(off))

#endif /* __CCE_KT_TEST__ */

/* Element type codes passed by the intrinsic macros.  */
typedef enum pto_sim_dt {
  PTO_SIM_DT_BAD, PTO_SIM_DT_F16, PTO_SIM_DT_F32, PTO_SIM_DT_S32,
  PTO_SIM_DT_S16, PTO_SIM_DT_U16, PTO_SIM_DT_BF16, PTO_SIM_DT_S8,
  PTO_SIM_DT_U8
} pto_sim_dt;

/* Vector operation codes.  */
typedef enum pto_sim_vop {
  PTO_SIM_ADD, PTO_SIM_SUB, PTO_SIM_MUL, PTO_SIM_DIV, PTO_SIM_MAX,
  PTO_SIM_MIN, PTO_SIM_EXP, PTO_SIM_LN, PTO_SIM_ABS, PTO_SIM_REC,
  PTO_SIM_RSQRT, PTO_SIM_SQRT, PTO_SIM_RELU, PTO_SIM_LRELU, PTO_SIM_MOV,
  PTO_SIM_DUP,
  PTO_SIM_CONV,
  PTO_SIM_AND, PTO_SIM_OR, PTO_SIM_NOT, PTO_SIM_SHL, PTO_SIM_SHR
} pto_sim_vop;

/* Rounding of float -> int conversions (vconv_f322s32{r,a,f,c,z}).  */
typedef enum pto_sim_round {
  PTO_SIM_RINT, PTO_SIM_ROUND, PTO_SIM_FLOOR, PTO_SIM_CEIL, PTO_SIM_TRUNC
} pto_sim_round;

/* Implementations behind the intrinsic macros.  F/L is the call site;
   pointers are passed as integers (UB offsets or host addresses).  */
void pto_sim_copy(const char *f, int l, const char *name, int dst_space,
                  int src_space, uintptr_t dst, uintptr_t src, int64_t sid,
                  int64_t nburst, int64_t lenburst, int64_t srcgap,
                  int64_t dstgap);
void pto_sim_vbinary(const char *f, int l, const char *name, pto_sim_vop op,
                     pto_sim_dt dt, pto_sim_dt dt0, pto_sim_dt dt1,
                     uintptr_t dst, uintptr_t src0, uintptr_t src1,
                     int64_t repeat, int64_t dbs, int64_t s0bs, int64_t s1bs,
                     int64_t drs, int64_t s0rs, int64_t s1rs);
void pto_sim_vunary(const char *f, int l, const char *name, pto_sim_vop op,
                    pto_sim_dt dt, pto_sim_dt sdt, uintptr_t dst,
                    uintptr_t src, double scalar, int has_scalar,
                    int64_t repeat, int64_t dbs, int64_t sbs, int64_t drs,
                    int64_t srs);
void pto_sim_vconv(const char *f, int l, const char *name, pto_sim_dt ddt,
                   pto_sim_dt sdt, pto_sim_dt want_d, pto_sim_dt want_s,
                   pto_sim_round rnd, uintptr_t dst, uintptr_t src,
                   int64_t repeat, int64_t dbs, int64_t sbs, int64_t drs,
                   int64_t srs);
/* NARGS: the operand count; A7..A9: the operands after the sixth (0
   when absent).  */
void pto_sim_vreduce(const char *f, int l, const char *name, pto_sim_vop op,
                     int group, pto_sim_dt dt, pto_sim_dt sdt, uintptr_t dst,
                     uintptr_t src, int64_t repeat, int64_t drs, int64_t sbs,
                     int64_t srs, int nargs, int64_t a7, int64_t a8,
                     int64_t a9);
/* Check the form of intrinsic NAME called with NARGS operands against
   the current arch: V200 / V220 are the masks (PTO_SIM_N(count)) of the
   operand counts of its dav-c100 / dav-m200 and dav-c220 / 3510 forms;
   MODES (the operands selecting a mode the simulator does not model)
   must be 0.  Returns 0, or reports and returns -1 (the instruction is
   then skipped).  */
#define PTO_SIM_N(count) (1u << (count))
int pto_sim_check_form(const char *f, int l, const char *name, int nargs,
                       unsigned v200, unsigned v220, int64_t modes);
/* vcmpv_<op>: CMP 0..5 = lt gt eq le ge ne; DST_U8 whether dst is a
   uint8_t pointer.  vsel: NARGS its operand count, MODE / M1 / M2 the
   operands after the tenth (0 when absent).  set_cmpmask (GET 0) and
   get_cmpmask (GET 1).  */
void pto_sim_vcmpv(const char *f, int l, const char *name, int cmp,
                   int dst_u8, pto_sim_dt dt0, pto_sim_dt dt1, uintptr_t dst,
                   uintptr_t src0, uintptr_t src1, int64_t repeat,
                   int64_t dbs, int64_t s0bs, int64_t s1bs, int64_t drs,
                   int64_t s0rs, int64_t s1rs);
/* vcmpvs_<op>: the same with the scalar SCALAR for src1 (converted to
   src0's element type by the caller, as the vendor's T src1).  */
void pto_sim_vcmpvs(const char *f, int l, const char *name, int cmp,
                    int dst_u8, pto_sim_dt dt0, pto_sim_dt dts, uintptr_t dst,
                    uintptr_t src0, double scalar, int64_t repeat,
                    int64_t dbs, int64_t sbs, int64_t drs, int64_t srs);
void pto_sim_vsel(const char *f, int l, pto_sim_dt dt, pto_sim_dt dt0,
                  pto_sim_dt dt1, uintptr_t dst, uintptr_t src0,
                  uintptr_t src1, int64_t repeat, int64_t dbs, int64_t s0bs,
                  int64_t s1bs, int64_t drs, int64_t s0rs, int64_t s1rs,
                  int nargs, int64_t mode, int64_t m1, int64_t m2);
void pto_sim_cmpmask(const char *f, int l, int get, uintptr_t p);
/* vbrcb: ESIZE / SRC_ESIZE are the operands' element sizes.  */
void pto_sim_vbrcb(const char *f, int l, int esize, int src_esize,
                   uintptr_t dst, uintptr_t src, int64_t dbs, int64_t drs,
                   int64_t repeat);
/* vtranspose: ESIZE / SRC_ESIZE are the operands' element sizes.  */
void pto_sim_vtranspose(const char *f, int l, int esize, int src_esize,
                        uintptr_t dst, uintptr_t src);
void pto_sim_set_vector_mask(const char *f, int l, uint64_t hi, uint64_t lo);
void pto_sim_set_mask_mode(const char *f, int l, int counter);
void pto_sim_pipe_barrier(const char *f, int l, int pipe);
void pto_sim_set_flag(const char *f, int l, int src, int dst, int64_t event);
void pto_sim_ffts_cross_core_sync(const char *f, int l, int pipe,
                                  uint64_t config);
void pto_sim_wait_flag_dev(const char *f, int l, int64_t flag);
void pto_sim_wait_flag(const char *f, int l, int src, int dst, int64_t event);
uintptr_t pto_sim_ub_scalar(const char *f, int l, uintptr_t p, size_t size,
                            int write);
void pto_sim_load_cbuf_to_l0(const char *f, int l, const char *name,
                             int dst_space, uintptr_t dst, uintptr_t src,
                             int64_t base_idx, int64_t repeat,
                             int64_t src_stride, int64_t sid,
                             int64_t transpose);
void pto_sim_mad(const char *f, int l, pto_sim_dt cdt, pto_sim_dt adt,
                 pto_sim_dt bdt, uintptr_t c, uintptr_t a, uintptr_t b,
                 int64_t m, int64_t k, int64_t n, int64_t init);
/* mad's bias-table form (dav-c220 / 3510): BIAS is the bias table
   byte offset of N f32 values; SRC is cmatrixSource.  */
void pto_sim_mad_bt(const char *f, int l, pto_sim_dt cdt, pto_sim_dt adt,
                    pto_sim_dt bdt, uintptr_t c, uintptr_t a, uintptr_t b,
                    uint64_t bias, int64_t m, int64_t k, int64_t n,
                    int64_t src, int64_t init);
void pto_sim_copy_cbuf_to_bt(const char *f, int l, pto_sim_dt sdt,
                             uint64_t dst, uintptr_t src, int64_t conv,
                             int64_t nburst, int64_t lenburst, int64_t srcgap,
                             int64_t dstgap);
void pto_sim_copy_cc(const char *f, int l, const char *name, int to_gm,
                     pto_sim_dt ddt, uintptr_t dst, uintptr_t src,
                     int64_t sid, int64_t nburst, int64_t lenburst,
                     int64_t srcgap, int64_t dstgap, int64_t mode);
/* Into L0C: copy_matrix_cbuf_to_cc (SSP PTO_SIM_L1) and
   copy_matrix_ubuf_to_cc (SSP PTO_SIM_UB); see the macros below.  */
void pto_sim_copy_to_cc(const char *f, int l, const char *name, int ssp,
                        pto_sim_dt ddt, pto_sim_dt sdt, uintptr_t dst,
                        uintptr_t src, int64_t sid, int64_t nb, int64_t lb,
                        int64_t sg, int64_t dg, int64_t mode);
void pto_sim_fixpipe_l1(const char *f, int l, pto_sim_dt ddt, uintptr_t dst,
                        uintptr_t src, int64_t sid, int64_t nsize,
                        int64_t msize, int64_t dst_stride, int64_t src_stride,
                        int64_t unit_flag, int64_t quant, int64_t relu,
                        int64_t channel_split, int64_t nz2nd);
void pto_sim_fixpipe(const char *f, int l, pto_sim_dt ddt, uintptr_t dst,
                     uintptr_t src, int64_t sid, int64_t nsize, int64_t msize,
                     int64_t dst_stride, int64_t src_stride, int64_t unit_flag,
                     int64_t quant, int64_t relu, int64_t channel_split,
                     int64_t nz2nd);

void pto_sim_copy_align(const char *f, int l, const char *name, int to_gm,
                        int esz, pto_sim_dt ddt, pto_sim_dt sdt, uintptr_t dst,
                        uintptr_t src, int64_t sid, int64_t nb, int64_t lb,
                        int64_t lp, int64_t rp, int64_t sg, int64_t dg);
void pto_sim_set_mov_pad(const char *f, int l, uint64_t v);
void pto_sim_set_quant_pre(const char *f, int l, uint64_t v);
void pto_sim_set_fpc(const char *f, int l, uint64_t v);
void pto_sim_copy_cbuf_to_fbuf(const char *f, int l, uintptr_t dst,
                               uintptr_t src, int64_t nb, int64_t lb,
                               int64_t sg, int64_t dg);
/* load_cbuf_to_cb_transpose (dav-c220, int8_t and float): its macro below.  */
void pto_sim_load_cb_transpose(const char *f, int l, pto_sim_dt ddt,
                               pto_sim_dt sdt, uintptr_t dst, uintptr_t src,
                               int64_t index, int64_t repeat,
                               int64_t src_stride, int64_t dst_gap,
                               int64_t decrement, int64_t frac_gap);
void pto_sim_nd2nz(const char *f, int l, int esz, pto_sim_dt ddt,
                   pto_sim_dt sdt,
                   uintptr_t dst, uintptr_t src, int64_t sid, int64_t ndnum,
                   int64_t nvalue, int64_t dvalue, int64_t src_nd_stride,
                   int64_t src_d, int64_t dst_c0_stride, int64_t dst_n_stride,
                   int64_t dst_nz_stride);
void pto_sim_create_cbuf(const char *f, int l, pto_sim_dt ddt, uintptr_t dst,
                         int64_t config, double value, int value_is_bits);
int64_t pto_sim_valid(const char *f, int l, const char *what, int64_t v,
                      int64_t dim);
/* libpto-rt (runtime/pto-rt.h): pto.h's row stride check.  */
void __pto_rt_check_row_stride(const char *op, long long rs, long long rows,
                               long long cols);

/* Memory spaces, as passed to pto_sim_copy.  */
enum { PTO_SIM_GM, PTO_SIM_UB, PTO_SIM_L1, PTO_SIM_L0A, PTO_SIM_L0B,
       PTO_SIM_L0C, PTO_SIM_BT, PTO_SIM_FB, PTO_SIM_NSPACES };

#ifdef __CCE_KT_TEST__

#define PTO_SIM_HERE __FILE__, __LINE__

#define PTO_SIM_DT(p)                                              \
  _Generic((p), half *: PTO_SIM_DT_F16, const half *: PTO_SIM_DT_F16, \
           float *: PTO_SIM_DT_F32, const float *: PTO_SIM_DT_F32,  \
           int32_t *: PTO_SIM_DT_S32, const int32_t *: PTO_SIM_DT_S32, \
           int16_t *: PTO_SIM_DT_S16, const int16_t *: PTO_SIM_DT_S16, \
           uint16_t *: PTO_SIM_DT_U16, const uint16_t *: PTO_SIM_DT_U16, \
           bfloat16_t *: PTO_SIM_DT_BF16,                              \
           const bfloat16_t *: PTO_SIM_DT_BF16,                        \
           int8_t *: PTO_SIM_DT_S8, const int8_t *: PTO_SIM_DT_S8,     \
           uint8_t *: PTO_SIM_DT_U8, const uint8_t *: PTO_SIM_DT_U8,   \
           default: PTO_SIM_DT_BAD)
#define PTO_SIM_P(p) ((uintptr_t)(p))

/* DMA.  */
#define PTO_SIM_COPY(name, ds, ss, dst, src, sid, nb, lb, sg, dg)      \
  pto_sim_copy(PTO_SIM_HERE, name, ds, ss, PTO_SIM_P(dst), PTO_SIM_P(src), \
               sid, nb, lb, sg, dg)
#define copy_gm_to_ubuf(dst, src, sid, nb, lb, sg, dg) \
  PTO_SIM_COPY("copy_gm_to_ubuf", PTO_SIM_UB, PTO_SIM_GM, dst, src, sid, nb, lb, sg, dg)
#define copy_ubuf_to_gm(dst, src, sid, nb, lb, sg, dg) \
  PTO_SIM_COPY("copy_ubuf_to_gm", PTO_SIM_GM, PTO_SIM_UB, dst, src, sid, nb, lb, sg, dg)
#define copy_ubuf_to_ubuf(dst, src, sid, nb, lb, sg, dg) \
  PTO_SIM_COPY("copy_ubuf_to_ubuf", PTO_SIM_UB, PTO_SIM_UB, dst, src, sid, nb, lb, sg, dg)
#define copy_gm_to_cbuf(dst, src, sid, nb, lb, sg, dg, pad)                \
  PTO_SIM_COPY("copy_gm_to_cbuf", PTO_SIM_L1, PTO_SIM_GM, dst, src, sid, nb, \
               lb, sg, ((void)(pad), (dg)))
/* An intrinsic of the dav-c100 / dav-m200 (V200_ONLY) or dav-c220 /
   3510 (else) forms only, with N operands.  */
#define PTO_SIM_ONLY(name, v200_only, n, call)                           \
  (pto_sim_check_form(PTO_SIM_HERE, name, n, (v200_only) ? PTO_SIM_N(n) : 0, \
                      (v200_only) ? 0 : PTO_SIM_N(n), 0) ? (void)0 : (call))
#define copy_ubuf_to_cbuf(dst, src, sid, nb, lb, sg, dg)                 \
  PTO_SIM_ONLY("copy_ubuf_to_cbuf", 1, 7,                                \
               PTO_SIM_COPY("copy_ubuf_to_cbuf", PTO_SIM_L1, PTO_SIM_UB, \
                            dst, src, sid, nb, lb, sg, dg))
#define copy_cbuf_to_ubuf(dst, src, sid, nb, lb, sg, dg)                 \
  PTO_SIM_ONLY("copy_cbuf_to_ubuf", 1, 7,                                \
               PTO_SIM_COPY("copy_cbuf_to_ubuf", PTO_SIM_UB, PTO_SIM_L1, \
                            dst, src, sid, nb, lb, sg, dg))

/* Byte-granular DMA (partial tiles; see "Partial tiles" above).  */
#define PTO_SIM_COPY_ALIGN(name, to_gm, esz, dst, src, sid, nb, lb, lp, rp, sg, dg) \
  pto_sim_copy_align(PTO_SIM_HERE, name, to_gm, esz, PTO_SIM_DT(dst),        \
                     PTO_SIM_DT(src), PTO_SIM_P(dst), PTO_SIM_P(src), sid, nb, \
                     lb, lp, rp, sg, dg)
#define copy_gm_to_ubuf_align_b32(dst, src, ...) \
  PTO_SIM_COPY_ALIGN("copy_gm_to_ubuf_align_b32", 0, 4, dst, src, __VA_ARGS__)
#define copy_gm_to_ubuf_align_b8(dst, src, ...) \
  PTO_SIM_COPY_ALIGN("copy_gm_to_ubuf_align_b8", 0, 1, dst, src, __VA_ARGS__)
#define copy_gm_to_ubuf_align_b16(dst, src, ...) \
  PTO_SIM_COPY_ALIGN("copy_gm_to_ubuf_align_b16", 0, 2, dst, src, __VA_ARGS__)
#define copy_ubuf_to_gm_align_b32(dst, src, ...) \
  PTO_SIM_COPY_ALIGN("copy_ubuf_to_gm_align_b32", 1, 4, dst, src, __VA_ARGS__)
#define copy_ubuf_to_gm_align_b8(dst, src, ...) \
  PTO_SIM_COPY_ALIGN("copy_ubuf_to_gm_align_b8", 1, 1, dst, src, __VA_ARGS__)
#define copy_ubuf_to_gm_align_b16(dst, src, ...) \
  PTO_SIM_COPY_ALIGN("copy_ubuf_to_gm_align_b16", 1, 2, dst, src, __VA_ARGS__)
#define set_mov_pad_val(v) pto_sim_set_mov_pad(PTO_SIM_HERE, (uint64_t)(v))
/* The fixpipe's QUANT_PRE register (DEQF16's scale: its low 32 bits are
   a float), dav-c220; 0 at block start.  */
#define set_quant_pre(v) pto_sim_set_quant_pre(PTO_SIM_HERE, (uint64_t)(v))
/* The fixpipe's FPC register, dav-c220 / 3510: FPC[15:8] the deq words of
   QuantPRE VDEQF16 in the fixpipe buffer, in 128 B units; the ReLU
   vector (FPC[7:0]) and the unit flag (FPC[63]) are not simulated.  0
   at block start.  */
#define set_fpc(v) pto_sim_set_fpc(PTO_SIM_HERE, (uint64_t)(v))
/* L1 -> fixpipe buffer (dav-c220 / 3510, pipe FIX): (fbuf dst, cbuf
   src, burstNum, burstLen, srcGap, dstGap), burstLen in 128 B units on
   dav-c220, 64 B on 3510 (asc-devkit CopyDeqTensorToFbuf of each);
   burstNum 1 and gaps 0 are simulated.  */
#define copy_cbuf_to_fbuf(d, s, nb, lb, sg, dg)                             \
  PTO_SIM_ONLY("copy_cbuf_to_fbuf", 0, 6,                                   \
               pto_sim_copy_cbuf_to_fbuf(PTO_SIM_HERE, PTO_SIM_P(d),        \
                                         PTO_SIM_P(s), nb, lb, sg, dg))
#define PTO_VALID(v, dim, what) \
  pto_sim_valid(PTO_SIM_HERE, what, (int64_t)(v), (int64_t)(dim))
/* PTO_ROW_STRIDE(op, rs, rows, cols) (emitted before a pto_load /
   pto_store whose row stride is not a constant) stops the program with
   pto.h's "row stride RS is less than the tile's COLS columns", as
   sim=jit does; the device build defines it as nothing.  */
#define PTO_ROW_STRIDE(op, rs, rows, cols) \
  __pto_rt_check_row_stride(op, (long long)(rs), rows, cols)

/* Binary vector ops.  */
#define PTO_SIM_VBIN(name, op, d, a, b, r, dbs, abs_, bbs, drs, ars, brs)   \
  pto_sim_vbinary(PTO_SIM_HERE, name, op, PTO_SIM_DT(d), PTO_SIM_DT(a),     \
                  PTO_SIM_DT(b), PTO_SIM_P(d), PTO_SIM_P(a), PTO_SIM_P(b), r, \
                  dbs, abs_, bbs, drs, ars, brs)
#define vadd(d, a, b, ...) PTO_SIM_VBIN("vadd", PTO_SIM_ADD, d, a, b, __VA_ARGS__)
#define vsub(d, a, b, ...) PTO_SIM_VBIN("vsub", PTO_SIM_SUB, d, a, b, __VA_ARGS__)
#define vmul(d, a, b, ...) PTO_SIM_VBIN("vmul", PTO_SIM_MUL, d, a, b, __VA_ARGS__)
#define vdiv(d, a, b, ...) PTO_SIM_VBIN("vdiv", PTO_SIM_DIV, d, a, b, __VA_ARGS__)
#define vmax(d, a, b, ...) PTO_SIM_VBIN("vmax", PTO_SIM_MAX, d, a, b, __VA_ARGS__)
#define vmin(d, a, b, ...) PTO_SIM_VBIN("vmin", PTO_SIM_MIN, d, a, b, __VA_ARGS__)
#define vand(d, a, b, ...) PTO_SIM_VBIN("vand", PTO_SIM_AND, d, a, b, __VA_ARGS__)
#define vor(d, a, b, ...) PTO_SIM_VBIN("vor", PTO_SIM_OR, d, a, b, __VA_ARGS__)

/* Compare into a UB bit mask, select by CMPMASK (sim-vec.c).  */
#define PTO_SIM_VCMPV(name, cmp, d, a, b, r, dbs, abs_, bbs, drs, ars, brs) \
  pto_sim_vcmpv(PTO_SIM_HERE, name, cmp,                                    \
                _Generic((d), uint8_t *: 1, default: 0), PTO_SIM_DT(a),     \
                PTO_SIM_DT(b), PTO_SIM_P(d), PTO_SIM_P(a), PTO_SIM_P(b), r, \
                dbs, abs_, bbs, drs, ars, brs)
#define vcmpv_lt(d, a, b, ...) PTO_SIM_VCMPV("vcmpv_lt", 0, d, a, b, __VA_ARGS__)
#define vcmpv_gt(d, a, b, ...) PTO_SIM_VCMPV("vcmpv_gt", 1, d, a, b, __VA_ARGS__)
#define vcmpv_eq(d, a, b, ...) PTO_SIM_VCMPV("vcmpv_eq", 2, d, a, b, __VA_ARGS__)
#define vcmpv_le(d, a, b, ...) PTO_SIM_VCMPV("vcmpv_le", 3, d, a, b, __VA_ARGS__)
#define vcmpv_ge(d, a, b, ...) PTO_SIM_VCMPV("vcmpv_ge", 4, d, a, b, __VA_ARGS__)
#define vcmpv_ne(d, a, b, ...) PTO_SIM_VCMPV("vcmpv_ne", 5, d, a, b, __VA_ARGS__)
#define PTO_SIM_VCMPVS(name, cmp, d, a, x, r, dbs, sbs, drs, srs)          \
  pto_sim_vcmpvs(PTO_SIM_HERE, name, cmp,                                   \
                 _Generic((d), uint8_t *: 1, default: 0), PTO_SIM_DT(a),    \
                 PTO_SIM_DT(a), PTO_SIM_P(d), PTO_SIM_P(a), (double)(x), r, \
                 dbs, sbs, drs, srs)
#define vcmpvs_lt(d, a, x, ...) PTO_SIM_VCMPVS("vcmpvs_lt", 0, d, a, x, __VA_ARGS__)
#define vcmpvs_gt(d, a, x, ...) PTO_SIM_VCMPVS("vcmpvs_gt", 1, d, a, x, __VA_ARGS__)
#define vcmpvs_eq(d, a, x, ...) PTO_SIM_VCMPVS("vcmpvs_eq", 2, d, a, x, __VA_ARGS__)
#define vcmpvs_le(d, a, x, ...) PTO_SIM_VCMPVS("vcmpvs_le", 3, d, a, x, __VA_ARGS__)
#define vcmpvs_ge(d, a, x, ...) PTO_SIM_VCMPVS("vcmpvs_ge", 4, d, a, x, __VA_ARGS__)
#define vcmpvs_ne(d, a, x, ...) PTO_SIM_VCMPVS("vcmpvs_ne", 5, d, a, x, __VA_ARGS__)
#define vsel(...) \
  PTO_SIM_VSEL_(PTO_SIM_NARGS(__VA_ARGS__), __VA_ARGS__, 0, 0, 0, ~)
#define PTO_SIM_VSEL_(n, d, a, b, r, dbs, abs_, bbs, drs, ars, brs, m, m1, m2, \
                      ...)                                                 \
  pto_sim_vsel(PTO_SIM_HERE, PTO_SIM_DT(d), PTO_SIM_DT(a), PTO_SIM_DT(b),    \
               PTO_SIM_P(d), PTO_SIM_P(a), PTO_SIM_P(b), r, dbs, abs_, bbs,  \
               drs, ars, brs, n, (int64_t)(m), (int64_t)(m1), (int64_t)(m2))
#define set_cmpmask(p) pto_sim_cmpmask(PTO_SIM_HERE, 0, PTO_SIM_P(p))
#define get_cmpmask(p) pto_sim_cmpmask(PTO_SIM_HERE, 1, PTO_SIM_P(p))

/* Unary vector ops: (dst, src, repeat, dstBlk, srcBlk, dstRep, srcRep).  */
#define PTO_SIM_VUN(name, op, d, s, r, dbs, sbs, drs, srs)                  \
  pto_sim_vunary(PTO_SIM_HERE, name, op, PTO_SIM_DT(d), PTO_SIM_DT(s),      \
                 PTO_SIM_P(d), PTO_SIM_P(s), 0.0, 0, r, dbs, sbs, drs, srs)
#define vexp(d, s, ...) PTO_SIM_VUN("vexp", PTO_SIM_EXP, d, s, __VA_ARGS__)
#define vln(d, s, ...) PTO_SIM_VUN("vln", PTO_SIM_LN, d, s, __VA_ARGS__)
#define vabs(d, s, ...) PTO_SIM_VUN("vabs", PTO_SIM_ABS, d, s, __VA_ARGS__)
#define vrec(d, s, ...) PTO_SIM_VUN("vrec", PTO_SIM_REC, d, s, __VA_ARGS__)
#define vrsqrt(d, s, ...) PTO_SIM_VUN("vrsqrt", PTO_SIM_RSQRT, d, s, __VA_ARGS__)
#define vsqrt(d, s, ...) PTO_SIM_VUN("vsqrt", PTO_SIM_SQRT, d, s, __VA_ARGS__)
#define vrelu(d, s, ...) PTO_SIM_VUN("vrelu", PTO_SIM_RELU, d, s, __VA_ARGS__)
#define vnot(d, s, ...) PTO_SIM_VUN("vnot", PTO_SIM_NOT, d, s, __VA_ARGS__)

/* Vector-scalar ops: (dst, src, scalar, repeat, dstBlk, srcBlk, dstRep,
   srcRep).  vmaxs / vmins / vlrelu also take the 10-operand form (..., bool
   repeatStrideMode, bool strideSizeMode), both modes 0 (the only one
   simulated); vadds / vmuls have no such form.  */
#define PTO_SIM_VSC(name, op, d, s, x, r, dbs, sbs, drs, srs)               \
  pto_sim_vunary(PTO_SIM_HERE, name, op, PTO_SIM_DT(d), PTO_SIM_DT(s),      \
                 PTO_SIM_P(d), PTO_SIM_P(s), (double)(x), 1, r, dbs, sbs,   \
                 drs, srs)
#define PTO_SIM_VSM(name, op, ...) \
  PTO_SIM_VSM_(name, op, PTO_SIM_NARGS(__VA_ARGS__), __VA_ARGS__, 0, 0, ~)
#define PTO_SIM_VSM_(name, op, n, d, s, x, r, dbs, sbs, drs, srs, m1, m2, ...) \
  (pto_sim_check_form(PTO_SIM_HERE, name, n, PTO_SIM_N(8) | PTO_SIM_N(10),   \
                      PTO_SIM_N(8) | PTO_SIM_N(10), (int64_t)(m1) | (int64_t)(m2)) \
       ? (void)0 : PTO_SIM_VSC(name, op, d, s, x, r, dbs, sbs, drs, srs))
#define vadds(d, s, x, r, dbs, sbs, drs, srs) \
  PTO_SIM_VSC("vadds", PTO_SIM_ADD, d, s, x, r, dbs, sbs, drs, srs)
#define vmuls(d, s, x, r, dbs, sbs, drs, srs) \
  PTO_SIM_VSC("vmuls", PTO_SIM_MUL, d, s, x, r, dbs, sbs, drs, srs)
#define vmaxs(...) PTO_SIM_VSM("vmaxs", PTO_SIM_MAX, __VA_ARGS__)
#define vmins(...) PTO_SIM_VSM("vmins", PTO_SIM_MIN, __VA_ARGS__)
#define vlrelu(...) PTO_SIM_VSM("vlrelu", PTO_SIM_LRELU, __VA_ARGS__)
/* vshl (8 operands) and vshr (9: round, 0 the only mode simulated), on
   dav-c220 only.  */
#define PTO_SIM_VSH(name, op, forms, ...)                                  \
  PTO_SIM_VSH_(name, op, forms, PTO_SIM_NARGS(__VA_ARGS__), __VA_ARGS__, 0, ~)
#define PTO_SIM_VSH_(name, op, forms, n, d, s, x, r, dbs, sbs, drs, srs, m, \
                     ...)                                                  \
  (pto_sim_check_form(PTO_SIM_HERE, name, n, 0, forms, (int64_t)(m))        \
       ? (void)0 : PTO_SIM_VSC(name, op, d, s, x, r, dbs, sbs, drs, srs))
#define vshl(...) PTO_SIM_VSH("vshl", PTO_SIM_SHL, PTO_SIM_N(8), __VA_ARGS__)
#define vshr(...) PTO_SIM_VSH("vshr", PTO_SIM_SHR, PTO_SIM_N(9), __VA_ARGS__)
/* vector_dup(dst, scalar, repeat, dstBlk, srcBlk, dstRep, srcRep).  */
#define vector_dup(d, x, r, dbs, sbs, drs, srs)                             \
  pto_sim_vunary(PTO_SIM_HERE, "vector_dup", PTO_SIM_DUP, PTO_SIM_DT(d),    \
                 PTO_SIM_DT(d), PTO_SIM_P(d), 0, (double)(x), 1, r, dbs,    \
                 ((void)(sbs), 0), drs, ((void)(srs), 0))

/* Conversions: (dst, src, repeat, dstBlk, srcBlk, dstRep, srcRep).  */
#define PTO_SIM_VCONV(name, wd, ws, rnd, d, s, r, dbs, sbs, drs, srs)       \
  pto_sim_vconv(PTO_SIM_HERE, name, PTO_SIM_DT(d), PTO_SIM_DT(s), wd, ws,   \
                rnd, PTO_SIM_P(d), PTO_SIM_P(s), r, dbs, sbs, drs, srs)
#define vconv_f162f32(d, s, ...) PTO_SIM_VCONV("vconv_f162f32", PTO_SIM_DT_F32, PTO_SIM_DT_F16, PTO_SIM_RINT, d, s, __VA_ARGS__)
#define vconv_f322f16(d, s, ...) PTO_SIM_VCONV("vconv_f322f16", PTO_SIM_DT_F16, PTO_SIM_DT_F32, PTO_SIM_RINT, d, s, __VA_ARGS__)
#define vconv_f322s32r(d, s, ...) PTO_SIM_VCONV("vconv_f322s32r", PTO_SIM_DT_S32, PTO_SIM_DT_F32, PTO_SIM_RINT, d, s, __VA_ARGS__)
#define vconv_f322s32a(d, s, ...) PTO_SIM_VCONV("vconv_f322s32a", PTO_SIM_DT_S32, PTO_SIM_DT_F32, PTO_SIM_ROUND, d, s, __VA_ARGS__)
#define vconv_f322s32f(d, s, ...) PTO_SIM_VCONV("vconv_f322s32f", PTO_SIM_DT_S32, PTO_SIM_DT_F32, PTO_SIM_FLOOR, d, s, __VA_ARGS__)
#define vconv_f322s32c(d, s, ...) PTO_SIM_VCONV("vconv_f322s32c", PTO_SIM_DT_S32, PTO_SIM_DT_F32, PTO_SIM_CEIL, d, s, __VA_ARGS__)
#define vconv_f322s32z(d, s, ...) PTO_SIM_VCONV("vconv_f322s32z", PTO_SIM_DT_S32, PTO_SIM_DT_F32, PTO_SIM_TRUNC, d, s, __VA_ARGS__)
#define vconv_s322f32(d, s, ...) PTO_SIM_VCONV("vconv_s322f32", PTO_SIM_DT_F32, PTO_SIM_DT_S32, PTO_SIM_RINT, d, s, __VA_ARGS__)
#define vconv_bf162f32(d, s, ...) PTO_SIM_VCONV("vconv_bf162f32", PTO_SIM_DT_F32, PTO_SIM_DT_BF16, PTO_SIM_RINT, d, s, __VA_ARGS__)
#define vconv_f322bf16r(d, s, ...) PTO_SIM_VCONV("vconv_f322bf16r", PTO_SIM_DT_BF16, PTO_SIM_DT_F32, PTO_SIM_RINT, d, s, __VA_ARGS__)
/* 8-bit: round to nearest even and saturate (include/pto.h).  */
#define vconv_f162s8(d, s, ...) PTO_SIM_VCONV("vconv_f162s8", PTO_SIM_DT_S8, PTO_SIM_DT_F16, PTO_SIM_RINT, d, s, __VA_ARGS__)
#define vconv_f162u8(d, s, ...) PTO_SIM_VCONV("vconv_f162u8", PTO_SIM_DT_U8, PTO_SIM_DT_F16, PTO_SIM_RINT, d, s, __VA_ARGS__)
#define vconv_s82f16(d, s, ...) PTO_SIM_VCONV("vconv_s82f16", PTO_SIM_DT_F16, PTO_SIM_DT_S8, PTO_SIM_RINT, d, s, __VA_ARGS__)
#define vconv_f162s16r(d, s, ...) PTO_SIM_VCONV("vconv_f162s16r", PTO_SIM_DT_S16, PTO_SIM_DT_F16, PTO_SIM_RINT, d, s, __VA_ARGS__)
#define vconv_s162f16(d, s, ...) PTO_SIM_VCONV("vconv_s162f16", PTO_SIM_DT_F16, PTO_SIM_DT_S16, PTO_SIM_RINT, d, s, __VA_ARGS__)
#define vconv_u82f16(d, s, ...) PTO_SIM_VCONV("vconv_u82f16", PTO_SIM_DT_F16, PTO_SIM_DT_U8, PTO_SIM_RINT, d, s, __VA_ARGS__)

/* Reductions: (dst, src, repeat, dstRep, srcBlk, srcRep, TAIL...), the
   forms of runtime/cce-api.h, checked against the arch at run time (C
   has no overloads): dav-c220 vcadd TAIL = (bool mode), vcmax / vcmin
   TAIL = (Order_t order); dav-c100 / dav-m200 vcadd no TAIL, vcmax /
   vcmin TAIL = (bool repeatStrideMode 0, bool strideSizeMode 0, bool
   order: 0 value then index, 1 index then value); vcgadd / vcgmax /
   vcgmin no TAIL on every arch.  NARGS is the operand count.  */
#define PTO_SIM_NARGS(...) \
  PTO_SIM_NARGS_(__VA_ARGS__, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define PTO_SIM_NARGS_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, \
                       a14, n, ...) n
#define PTO_SIM_RED(name, op, grp, ...) \
  PTO_SIM_RED_(name, op, grp, PTO_SIM_NARGS(__VA_ARGS__), __VA_ARGS__, 0, 0, 0, ~)
#define PTO_SIM_RED_(name, op, grp, n, d, s, r, drs, sbs, srs, a7, a8, a9, ...) \
  pto_sim_vreduce(PTO_SIM_HERE, name, op, grp, PTO_SIM_DT(d), PTO_SIM_DT(s),   \
                  PTO_SIM_P(d), PTO_SIM_P(s), r, drs, sbs, srs, n,             \
                  (int64_t)(a7), (int64_t)(a8), (int64_t)(a9))
#define vcadd(...) PTO_SIM_RED("vcadd", PTO_SIM_ADD, 0, __VA_ARGS__)
#define vcmax(...) PTO_SIM_RED("vcmax", PTO_SIM_MAX, 0, __VA_ARGS__)
#define vcmin(...) PTO_SIM_RED("vcmin", PTO_SIM_MIN, 0, __VA_ARGS__)
#define vcgadd(...) PTO_SIM_RED("vcgadd", PTO_SIM_ADD, 1, __VA_ARGS__)
#define vcgmax(...) PTO_SIM_RED("vcgmax", PTO_SIM_MAX, 1, __VA_ARGS__)
#define vcgmin(...) PTO_SIM_RED("vcgmin", PTO_SIM_MIN, 1, __VA_ARGS__)
/* vbrcb(dst, src, dstBlkStride, dstRepStride, repeat): each of 8
   consecutive src elements per repeat fills one 32 B block of dst
   (uint16_t or uint32_t operands; dav-c220 and later).  */
#define vbrcb(d, s, dbs, drs, r)                                            \
  PTO_SIM_ONLY("vbrcb", 0, 5,                                               \
               pto_sim_vbrcb(PTO_SIM_HERE, (int)sizeof(*(d)),               \
                             (int)sizeof(*(s)), PTO_SIM_P(d), PTO_SIM_P(s), \
                             dbs, drs, r))

/* vtranspose(dst, src): a 16 x 16 block of 16-bit elements transposed,
   512 contiguous bytes each side (both archs).  */
#define vtranspose(d, s)                                                    \
  pto_sim_vtranspose(PTO_SIM_HERE, (int)sizeof(*(d)), (int)sizeof(*(s)),    \
                     PTO_SIM_P(d), PTO_SIM_P(s))

/* Masks.  */
#define set_vector_mask(hi, lo) \
  pto_sim_set_vector_mask(PTO_SIM_HERE, (uint64_t)(hi), (uint64_t)(lo))
#define set_mask_norm() pto_sim_set_mask_mode(PTO_SIM_HERE, 0)
#define set_mask_count() pto_sim_set_mask_mode(PTO_SIM_HERE, 1)

/* Synchronisation.  */
#define pipe_barrier(p) pto_sim_pipe_barrier(PTO_SIM_HERE, (int)(p))
#define set_flag(a, b, e) pto_sim_set_flag(PTO_SIM_HERE, (int)(a), (int)(b), (int64_t)(e))
#define wait_flag(a, b, e) pto_sim_wait_flag(PTO_SIM_HERE, (int)(a), (int)(b), (int64_t)(e))
/* Across the cores of a mix block (dav-c220; see MIX BLOCKS).  */
#define ffts_cross_core_sync(p, cfg) \
  pto_sim_ffts_cross_core_sync(PTO_SIM_HERE, (int)(p), (uint64_t)(cfg))
#define wait_flag_dev(id) pto_sim_wait_flag_dev(PTO_SIM_HERE, (int64_t)(id))

/* Scalar access to UB (pipe S).  */
#define PTO_UB_LOAD(p) \
  (*(__typeof__(&*(p)))pto_sim_ub_scalar(PTO_SIM_HERE, PTO_SIM_P(p), sizeof *(p), 0))
#define PTO_UB_STORE(p, v) \
  ((void)(*(__typeof__(&*(p)))pto_sim_ub_scalar(PTO_SIM_HERE, PTO_SIM_P(p), sizeof *(p), 1) = (v)))

/* Cube.  */
/* load_cbuf_to_ca/cb(dst, src, baseIdx, repeat, srcStride, dstStride,
   sid, transpose, addr_cal_mode_t): dstStride 0 and inc only.  */
#define PTO_SIM_LOAD_L0(name, sp, d, s, base, r, stride, dstr, sid, tr, mode)     \
  (pto_sim_check_form(PTO_SIM_HERE, name, 9, PTO_SIM_N(9), PTO_SIM_N(9),    \
                      (int64_t)(dstr) | (int64_t)(mode))                     \
       ? (void)0                                                             \
       : pto_sim_load_cbuf_to_l0(PTO_SIM_HERE, name, sp, PTO_SIM_P(d),       \
                                 PTO_SIM_P(s), base, r, stride, sid, tr))
#define load_cbuf_to_ca(d, s, base, r, stride, dstr, sid, tr, mode)            \
  PTO_SIM_LOAD_L0("load_cbuf_to_ca", PTO_SIM_L0A, d, s, base, r, stride, dstr, \
                  sid, tr, mode)
#define load_cbuf_to_cb(d, s, base, r, stride, dstr, sid, tr, mode)            \
  PTO_SIM_LOAD_L0("load_cbuf_to_cb", PTO_SIM_L0B, d, s, base, r, stride, dstr, \
                  sid, tr, mode)
/* load_cbuf_to_cb_transpose(dst, src, indexID, repeat, srcStride,
   dstStride, addrmode, dstFracStride), dav-c220 (pipe MTE1); the
   int8_t and float forms are simulated, addrmode false (increasing
   addresses).  Repeat i reads the 1024 B square at src + (indexID + i *
   srcStride) * 1024 B and writes its transpose as two 512 B fractals,
   the first at dst + F_i, the second at dst + F_i + (1 + dstFracStride)
   * 512 B, where F_0 = 0 and F_i = F_{i-1} + (1 + dstStride) * 512 B.
   int8_t: the square is 32 x 32 (L1 rows r = 0..31 of 32 B, r * 32 +
   c), T[c][r] rows 0..15 go to the first fractal, 16..31 to the
   second.  float: the square S is two 16 x 8 fractals side by side
   (S[r][c] at (c / 8) * 128 + r * 8 + c % 8 elements); fractal h holds
   16 rows c of the 8 values S[8h + j][c], j = 0..7 (asc-devkit
   examples/01_simd_cpp_api/03_basic_api/03_matrix_compute/
   load_data_l12l0/scripts/load_data_with_transpose.py, b32).  */
#define load_cbuf_to_cb_transpose(d, s, idx, r, stride, dgap, dec, fgap)      \
  pto_sim_load_cb_transpose(PTO_SIM_HERE, PTO_SIM_DT(d), PTO_SIM_DT(s),     \
                            PTO_SIM_P(d), PTO_SIM_P(s), idx, r, stride, dgap, \
                            dec, fgap)
/* mad: dav-c100 / dav-m200 (c, a, b, m, k, n, init); dav-c220 / 3510
   (c, a, b, m, k, n, unitFlag 0, kDirectionAlign 0, cmatrixSource 0,
   cmatrixInitVal) and the bias-table form (c, a, b, uint64_t bias, m,
   k, n, unitFlag 0, kDirectionAlign 0, cmatrixSource, cmatrixInitVal):
   cmatrixSource 1 takes the initial C of every row from the N f32
   values at bias-table byte offset BIAS instead of L0C (cmatrixInitVal
   1, initial 0, wins; the vendor passes it 0 with a bias,
   kernel_operator_mm_impl.h).  */
#define mad(...) PTO_SIM_MAD_(PTO_SIM_NARGS(__VA_ARGS__), __VA_ARGS__, 0, 0, 0, 0, ~)
#define PTO_SIM_MAD_(n, c, a, b, x4, x5, x6, x7, x8, x9, x10, x11, ...)       \
  (pto_sim_check_form(PTO_SIM_HERE, "mad", n, PTO_SIM_N(7),                 \
                      PTO_SIM_N(10) | PTO_SIM_N(11),                        \
                      (n) == 10   ? (int64_t)(x7) | (int64_t)(x8) | (int64_t)(x9) \
                      : (n) == 11 ? (int64_t)(x8) | (int64_t)(x9)           \
                                  : 0)                                      \
       ? (void)0                                                             \
   : (n) == 11                                                               \
       ? pto_sim_mad_bt(PTO_SIM_HERE, PTO_SIM_DT(c), PTO_SIM_DT(a),          \
                        PTO_SIM_DT(b), PTO_SIM_P(c), PTO_SIM_P(a),           \
                        PTO_SIM_P(b), (uint64_t)(x4), (int64_t)(x5),         \
                        (int64_t)(x6), (int64_t)(x7), (int64_t)(x10),        \
                        (int64_t)(x11))                                      \
       : pto_sim_mad(PTO_SIM_HERE, PTO_SIM_DT(c), PTO_SIM_DT(a),             \
                     PTO_SIM_DT(b), PTO_SIM_P(c), PTO_SIM_P(a), PTO_SIM_P(b), \
                     (int64_t)(x4), (int64_t)(x5), (int64_t)(x6),            \
                     (n) == 10 ? (int64_t)(x10) : (int64_t)(x7)))
/* L1 -> bias table (dav-c220 / 3510, pipe MTE1): (uint64_t dst, cbuf
   src, convControl, nBurst, lenBurst, sourceGap, dstGap).  lenBurst
   counts 64 B units on dav-c220, 32 B units (an even count for f32) on
   3510 (the matmul library's bias load, asc-devkit
   impl/adv_api/detail/matmul/stage/copy_cube_in/bias/load_bias_to_c2.h,
   by whether the chip has load2dv2); convControl 0 (f32 kept), nBurst
   1 and gaps 0 are simulated; dst 64 B aligned.  */
#define copy_cbuf_to_bt(d, s, cv, nb, lb, sg, dg)                          \
  PTO_SIM_ONLY("copy_cbuf_to_bt", 0, 7,                                    \
               pto_sim_copy_cbuf_to_bt(PTO_SIM_HERE, PTO_SIM_DT(s),        \
                                       (uint64_t)(d), PTO_SIM_P(s), cv, nb, \
                                       lb, sg, dg))
#define copy_matrix_cc_to_ubuf(d, s, sid, nb, lb, sg, dg, mode)              \
  PTO_SIM_ONLY("copy_matrix_cc_to_ubuf", 1, 8,                               \
               pto_sim_copy_cc(PTO_SIM_HERE, "copy_matrix_cc_to_ubuf", 0,    \
                               PTO_SIM_DT(d), PTO_SIM_P(d), PTO_SIM_P(s),    \
                               sid, nb, lb, sg, dg, mode))
/* An accumulator initialised from outside L0C.  dav-c220 / 3510, pipe
   MTE1: copy_matrix_cbuf_to_cc(cc dst, cbuf src, nBurst, lenBurst,
   srcGap, dstGap), lenBurst and the gaps in 32 B units (asc-devkit
   docs/zh/api/SIMD-API/C-API/cube_datamove/asc_copy_l12l0c.md).
   dav-c100 / dav-m200, pipe V: copy_matrix_ubuf_to_cc(cc dst, ubuf src,
   sid, nBurst, lenBurst, srcStride, dstStride, ConvRelu_t), in units of
   one L0C fractal (1024 B of f32), the mirror of
   copy_matrix_cc_to_ubuf.  Only f32 -> f32 (CRMODE_NONE) is simulated.  */
#define copy_matrix_cbuf_to_cc(d, s, nb, lb, sg, dg)                         \
  PTO_SIM_ONLY("copy_matrix_cbuf_to_cc", 0, 6,                               \
               pto_sim_copy_to_cc(PTO_SIM_HERE, "copy_matrix_cbuf_to_cc",    \
                                  PTO_SIM_L1, PTO_SIM_DT(d), PTO_SIM_DT(s),  \
                                  PTO_SIM_P(d), PTO_SIM_P(s), 0, nb, lb, sg, \
                                  dg, 0))
#define copy_matrix_ubuf_to_cc(d, s, sid, nb, lb, sg, dg, mode)              \
  PTO_SIM_ONLY("copy_matrix_ubuf_to_cc", 1, 8,                               \
               pto_sim_copy_to_cc(PTO_SIM_HERE, "copy_matrix_ubuf_to_cc",    \
                                  PTO_SIM_UB, PTO_SIM_DT(d), PTO_SIM_DT(s),  \
                                  PTO_SIM_P(d), PTO_SIM_P(s), sid, nb, lb,   \
                                  sg, dg, mode))
/* Partial cube operands (dav-c220 / 3510; see "Partial tiles"):
   copy_gm_to_cbuf_multi_nd2nz_b16(dst, src, sid, ndNum, nValue, dValue,
   srcNdMatrixStride, srcDValue, dstNzC0Stride, dstNzNStride,
   dstNzMatrixStride) and create_cbuf_matrix(dst, config, value).  */
#define copy_gm_to_cbuf_multi_nd2nz_b16(d, s, sid, nd, nv, dv, snd, sd, c0s, ns, nzs) \
  pto_sim_nd2nz(PTO_SIM_HERE, 2, PTO_SIM_DT(d), PTO_SIM_DT(s), PTO_SIM_P(d), \
                PTO_SIM_P(s), sid, nd, nv, dv, snd, sd, c0s, ns, nzs)
#define copy_gm_to_cbuf_multi_nd2nz_b8(d, s, sid, nd, nv, dv, snd, sd, c0s, ns, nzs) \
  pto_sim_nd2nz(PTO_SIM_HERE, 1, PTO_SIM_DT(d), PTO_SIM_DT(s), PTO_SIM_P(d), \
                PTO_SIM_P(s), sid, nd, nv, dv, snd, sd, c0s, ns, nzs)
/* The float form (C0 = 8): dav-c220 f32 cube operands.  */
#define copy_gm_to_cbuf_multi_nd2nz_b32s(d, s, sid, nd, nv, dv, snd, sd, c0s, ns, nzs) \
  pto_sim_nd2nz(PTO_SIM_HERE, 4, PTO_SIM_DT(d), PTO_SIM_DT(s), PTO_SIM_P(d), \
                PTO_SIM_P(s), sid, nd, nv, dv, snd, sd, c0s, ns, nzs)
/* A uint32_t VALUE is the bit pattern of a 4-byte element (the float
   form, runtime/cce-api.h); any other value is converted.  */
#define create_cbuf_matrix(d, cfg, v) \
  pto_sim_create_cbuf(PTO_SIM_HERE, PTO_SIM_DT(d), PTO_SIM_P(d), (int64_t)(cfg), \
                      (double)(v), _Generic((v), uint32_t: 1, default: 0))
/* dav-c220 fixpipe form: (dst, src, sid, NSize, MSize, dstStride,
   srcStride, unitFlag, quantPre, reluPre, channelSplit, nz2nd).  */
#define copy_matrix_cc_to_gm(d, s, sid, nsz, msz, dstr, sstr, uf, q, relu, cs, nz2nd) \
  PTO_SIM_ONLY("copy_matrix_cc_to_gm", 0, 12,                                         \
               pto_sim_fixpipe(PTO_SIM_HERE, PTO_SIM_DT(d), PTO_SIM_P(d),             \
                               PTO_SIM_P(s), sid, nsz, msz, dstr, sstr, uf, q, relu,  \
                               cs, nz2nd))

/* The dav-c220 fixpipe into L1 (a matmul result as the operand of
   another): the same operands as copy_matrix_cc_to_gm, NZ2ND_EN 0 only,
   dstStride the distance of the column blocks in 32 B units (asc-devkit
   C220 kernel_operator_fixpipe_impl.h, FixpipeL0cToL1: "dst_stride in
   unit of 32B"); pipe FIX.  */
#define copy_matrix_cc_to_cbuf(d, s, sid, nsz, msz, dstr, sstr, uf, q, relu, cs, nz2nd) \
  PTO_SIM_ONLY("copy_matrix_cc_to_cbuf", 0, 12,                                         \
               pto_sim_fixpipe_l1(PTO_SIM_HERE, PTO_SIM_DT(d), PTO_SIM_P(d),            \
                                  PTO_SIM_P(s), sid, nsz, msz, dstr, sstr, uf, q, relu, \
                                  cs, nz2nd))

#endif /* __CCE_KT_TEST__ */

#ifdef __cplusplus
}
#endif

#endif /* PTO_CCE_SIM_H */
