/* mir.h - the machine-level representation of the CCE back end.

   Tile lowering does not add IR ops: it builds, per kernel, a second
   representation that stays structured like the source (loops, ifs and
   scalar statements keep their pto_stmt/pto_expr form) but whose leaves
   are CCE machine instructions:

     DMA     copy_gm_to_ubuf / copy_ubuf_to_gm / copy_ubuf_to_ubuf with
             nBurst/lenBurst/gaps, optionally repeated over tile rows
             with a run-time GM row stride (ROW_STRIDE);
     VEC     one vector instruction (opcode, dst/src UB byte offsets,
             repeat, block/repeat strides, scalar operand);
     MASK    set_vector_mask / set_mask_norm / set_mask_count;
     SYNC    set_flag / wait_flag / pipe_barrier (inserted by sync.c);
     SCALAR  scalar-unit code (pipe S) touching UB through PTO_UB_LOAD /
             PTO_UB_STORE, already rendered as C lines (element loops for
             shapes the vector unit cannot address, int32 division, the
             unaligned tails of GM rows);
     STMT    a scalar statement of the kernel (pto_stmt);
     FOR/IF/WHILE  control flow with nested blocks;
     XSYNC   a cross-core flag of a dav-c220 mix kernel (split.c):
             ffts_cross_core_sync(OP, mode 2, EVENT) (SYNC SET; OP the
             pipe's name) or wait_flag_dev(EVENT) (WAIT), in the source
             MIR and kept as is by isel.c (no accesses: the set waits
             for its pipe, the wait stops the core's issue);
     TILE    one tile instruction of another back end that shares this
             representation (backend/ptoisa: a PTO-ISA instruction for
             the tile op of STMT), with its pipe and accesses.

   Every instruction node carries its pipe and the byte ranges it reads
   and writes (ACC): sync.c derives all ordering from those alone, so a
   new instruction kind (cube: MTE1, M, FIX) only needs to fill them.

   The input of the passes is the kernel's source MIR (K->src): STMT
   nodes (scalar statements and tile operations, not yet lowered) and
   FOR/IF/WHILE nodes with their bodies, built from the linear form by
   isel-linear.c (pto_isel_linear_src), in the list's order.
   The passes over a kernel, in order (cce.c drives them):
     memplan.c  tile variables -> UB byte offsets (liveness in the order
                of K->src, reuse, 32 B alignment, arch limits), plus
                per-statement scratch;
     isel.c     K->src -> K->body: tile intrinsics -> DMA/VEC/MASK/SCALAR
                nodes, scalar statements and control flow kept;
     sync.c     SYNC nodes between dependent instructions;
     cce.c      the .cce text.
   Everything is allocated in the program's arena (no frees) except the
   vectors of a pto_mir_block and the kernel's buffer table, which
   pto_mir_kernel_free releases.  */

#ifndef PTO_EMIT_MIR_H
#define PTO_EMIT_MIR_H

#include "ir/arch.h"
#include "ir/ir.h"
#include "ir/options.h"

/* CCE pipes, in the numbering of pipe_t (cce_sim.h).  */
typedef enum pto_pipe {
  PTO_PIPE_S = 0, PTO_PIPE_V = 1, PTO_PIPE_M = 2, PTO_PIPE_MTE1 = 3,
  PTO_PIPE_MTE2 = 4, PTO_PIPE_MTE3 = 5, PTO_PIPE_ALL = 6,
  PTO_PIPE_COUNT = 7
} pto_pipe;

const char *pto_pipe_name(pto_pipe p);   /* "PIPE_MTE2" */

/* A byte range an instruction touches.  SPACE is PTO_MEM_UB (offsets)
   or PTO_MEM_GM (the whole of GM: [0, INT64_MAX), GM accesses are
   not disambiguated).  */
typedef struct pto_mir_access {
  pto_memspace space;
  int64_t lo, hi;
  bool write;
  /* STEP > 0: only pieces [lo + i*STEP, lo + i*STEP + WIDTH) inside
     [lo, hi) are touched (a strided vector operand).  */
  int64_t step, width;
} pto_mir_access;

typedef enum pto_mir_kind {
  PTO_MIR_STMT, PTO_MIR_FOR, PTO_MIR_IF, PTO_MIR_WHILE,
  PTO_MIR_DMA, PTO_MIR_VEC, PTO_MIR_MASK, PTO_MIR_SYNC, PTO_MIR_SCALAR,
  PTO_MIR_COMMENT, PTO_MIR_TILE, PTO_MIR_XSYNC
} pto_mir_kind;

/* Vector instruction forms (operand lists of the CCE intrinsics).  */
typedef enum pto_vform {
  PTO_VF_BINARY,   /* op(dst, s0, s1, rep, dbs, s0bs, s1bs, drs, s0rs, s1rs) */
  PTO_VF_UNARY,    /* op(dst, src, rep, dbs, sbs, drs, srs) (also vconv) */
  PTO_VF_SCALAR,   /* op(dst, src, scalar, rep, dbs, sbs, drs, srs) */
  PTO_VF_DUP,      /* vector_dup(dst, scalar, rep, dbs, 0, drs, 0) */
  PTO_VF_REDUCE,   /* op(dst, src, rep, drs, sbs, srs[, order]) */
  PTO_VF_BRCB,     /* vbrcb(dst, src, dbs, drs, rep) */
  PTO_VF_CMPMASK,  /* set_cmpmask(dst): DST is the UB source block */
  PTO_VF_TRANSPOSE /* vtranspose(dst, src): one 16 x 16 block of b16 */
} pto_vform;

typedef enum pto_sync_kind {
  PTO_SYNC_SET, PTO_SYNC_WAIT, PTO_SYNC_BARRIER
} pto_sync_kind;

typedef struct pto_mir_node pto_mir_node;

typedef struct pto_mir_block {
  pto_mir_node **items;
  int n, cap;
} pto_mir_block;

#define PTO_MIR_MAXACC 6

struct pto_mir_node {
  pto_mir_kind kind;
  pto_loc loc;
  int id;                     /* unique in the kernel, creation order */
  pto_pipe pipe;              /* instructions */
  int nacc;
  pto_mir_access acc[PTO_MIR_MAXACC];
  const char *note;           /* a comment printed before the node */

  /* STMT; FOR/IF/WHILE: the source statement (header only).  */
  const pto_stmt *stmt;
  pto_mir_block body, els;

  /* DMA and VEC.  */
  const char *op;             /* "copy_gm_to_ubuf", "vadd", ... */
  const char *ctype;          /* C element type of the UB dst ("float") */
  const char *stype;          /* ... of the sources, when different */
  /* DMA */
  int64_t ub;                 /* UB byte offset (dst or src) */
  int64_t ub2;                /* copy_ubuf_to_ubuf: the source */
  const pto_expr *gm;         /* GM element pointer (NULL: UB to UB) */
  int64_t gm_off;             /* elements added to GM */
  int64_t nburst, lenburst, srcgap, dstgap;
  const pto_expr *row_stride; /* non-NULL: NBURST rows, one DMA each */
  bool tile_load;             /* TILE with GM set (another back end's
                                 transfer, described for sync.c's double
                                 buffering as the DMA it amounts to): a
                                 load; DMA nodes say it by OP */
  int64_t ub_pitch;           /* UB bytes between those rows */
  /* VEC */
  pto_vform form;
  int64_t dst, src[2];        /* UB byte offsets */
  int64_t repeat;
  int dbs, sbs[2], drs, srs[2];
  const pto_expr *scalar;     /* SCALAR/DUP operand (NULL: SCALAR_LIT) */
  const char *scalar_lit;     /* a literal operand ("-1") */
  const char *scalar_via;     /* non-NULL: SCALAR converted to this C
                                 type first, then to the op's type (an
                                 fp16 op's scalar computed in float) */
  const char *scalar_type;    /* SCALAR: the C type the intrinsic
                                 declares for it (NULL: STYPE's; vshl's
                                 uint32_t distance) */
  const char *order;          /* REDUCE: 7th operand or NULL; BINARY:
                                 text after the 10th (vsel's mode) */
  bool scalar_is_ub;          /* DUP: the scalar is UB offset SCALAR_UB
                                 (shifted as the operands are) */
  int64_t scalar_ub;
  /* MASK: MODE 0 set_vector_mask(HI, LO), 1 set_mask_norm, 2 count.  */
  int mask_mode;
  uint64_t hi, lo;
  /* SYNC */
  pto_sync_kind sync;
  pto_pipe from, to;          /* SET/WAIT: src and dst pipe; BARRIER: from */
  int event;
  /* SCALAR, COMMENT: C text (lines separated by '\n', no final one).  */
  const char *text;
  /* Double buffering (sync.c): when PP_VAR is set (the name of a C
     variable holding 0 or 1, the buffer set of the current iteration),
     every UB offset of a DMA/VEC/TILE node is printed as OFF + PP_DELTA *
     PP_VAR, and a SET/WAIT's event as EVENT + PP_VAR.  */
  const char *pp_var;
  int64_t pp_delta;
};

/* A UB buffer: a tile variable or a statement's scratch.  */
typedef struct pto_mir_buffer {
  const char *name;           /* tile name, or "scratch@LINE" */
  const pto_var *var;         /* NULL for scratch */
  const pto_stmt *stmt;       /* scratch: the statement it serves */
  int64_t size;               /* bytes, a multiple of 32 */
  int64_t offset;             /* UB byte offset, 32 B aligned */
  int first, last;            /* live statement positions */
  pto_loc loc;
} pto_mir_buffer;

/* sync.c's double-buffering decision for one loop (read by report.c):
   DELTA >= 0 is the distance to the second buffer set and COPIES the
   virtual iterations per iteration; DELTA < 0: WHY the loop was not
   overlapped.  */
typedef struct pto_dbuf_note {
  const pto_stmt *loop;
  int64_t delta;
  int copies;
  const char *why;
} pto_dbuf_note;

typedef struct pto_mir_kernel {
  const pto_program *prog;
  const pto_func *func;
  const pto_arch *arch;
  /* The kernel before instruction selection (see above): its nodes
     have no ids (-1) and no accesses.  */
  pto_mir_block src;
  pto_mir_block body;
  int nbufs, capbufs;
  pto_mir_buffer *bufs;
  int64_t peak;               /* highest UB byte used */
  int64_t tile_bytes;         /* sum of the tile buffers' sizes */
  int next_id;
  /* Static counts of the lowered tile ops (per execution of each op),
     and the minimum the data sizes allow: one repeat per 256 B, at most
     255 repeats per instruction, one DMA per transfer, one burst per
     row of a strided transfer.  Printed in the plan comment and read
     by bench/cce-counts.sh.  */
  struct {
    int64_t vec, vec_min, reps, reps_min;
    int64_t dma, dma_min, bursts, bursts_min;
    int64_t scalar_elems;     /* elements moved/computed by pipe S */
  } count;
  int nsync;                  /* sync instructions inserted */
  struct pto_cube_plan *cube; /* cube.c: L1/L0C placement (NULL: not planned) */
  bool double_buffer;         /* option double-buffer (sync.c) */
  bool cube_dbuf;             /* cube.c may double-buffer the L1 operands
                                 (with double_buffer; the CCE back end:
                                 backend/ptoisa renders its own loads) */
  bool cube_zero_mad;         /* cube.c reserves the L1 zeros of stores
                                 with no mad (zero_mad): the CCE back end
                                 (backend/ptoisa's TSTORE needs none) */
  bool cube_f32;              /* cube.c takes f32 x f32 products on
                                 3510 too, without the CCE's checks of
                                 them (backend/ptoisa: PTO-ISA's TMATMUL
                                 lowers them; the CCE's cube path lowers
                                 them on dav-c220 only, f32_ok) */
  pto_dbuf_note *dbuf;        /* sync.c: one note per loop it considered */
  int ndbuf, capdbuf;
  long drop_sync;             /* debug: skip the Nth sync (0: none) */
  /* Another back end sharing the plan and the sync pass (backend/ptoisa):
     the scratch bytes statement S needs (NULL: pto_isel_scratch_bytes),
     and the printer of its TILE nodes (NULL: none are made).  */
  int64_t (*scratch_bytes)(const pto_stmt *s, const pto_arch *arch);
  /* the bytes a tile of type T takes in its layout (NULL: rows x
     columns x element size), before the plan's 32 B rounding */
  int64_t (*tile_layout_bytes)(const pto_type *t);
  void (*print_tile)(pto_buf *b, const struct pto_mir_kernel *k,
                     const pto_mir_node *n, int depth);
  /* the C text of tile element E (t[i][j]) read in scalar code, or with
     VALUE non-NULL the statement storing VALUE there (NULL: the CCE's
     PTO_UB_LOAD / PTO_UB_STORE of its UB address) */
  void (*print_elem)(pto_buf *b, const struct pto_mir_kernel *k,
                     const pto_expr *e, const pto_expr *value);
  void *aux;                  /* that back end's state */
} pto_mir_kernel;

/* mir.c */
pto_mir_node *pto_mir_new(pto_mir_kernel *k, pto_mir_kind kind, pto_loc loc);
/* A node of K->src for statement S: STMT, or FOR/IF/WHILE (S the
   header; the caller fills the bodies).  */
pto_mir_node *pto_mir_src_node(pto_mir_kernel *k, const pto_stmt *s);
void pto_mir_push(pto_mir_block *b, pto_mir_node *n);
void pto_mir_insert(pto_mir_block *b, int at, pto_mir_node *n);
void pto_mir_add_access(pto_mir_node *n, pto_memspace space, int64_t lo,
                        int64_t hi, bool write);
/* COUNT pieces of WIDTH bytes, STEP bytes apart, from LO.  */
void pto_mir_add_strided(pto_mir_node *n, pto_memspace space, int64_t lo,
                         int64_t count, int64_t step, int64_t width,
                         bool write);
/* Whether two accesses of one space touch a common byte.  */
bool pto_mir_overlap(const pto_mir_access *a, const pto_mir_access *b);
/* A new expression of KIND and type T at LOC, the rest zero; a
   reference to variable V (both in the program's arena).  */
pto_expr *pto_mir_expr(const pto_mir_kernel *k, pto_expr_kind kind,
                       const pto_type *t, pto_loc loc);
pto_expr *pto_mir_var_ref(const pto_mir_kernel *k, const pto_var *v,
                          pto_loc loc);
/* After every scalar declaration of source MIR B (of K) whose variable
   nothing in B reads, a `(void)x;' statement: the emitted text stays
   free of unused-variable warnings (a value the linear form named but
   whose uses took another form; a part of a split kernel).  */
void pto_mir_void_unread(pto_mir_kernel *k, pto_mir_block *b);
/* Free the vectors of B and of its nested blocks.  */
void pto_mir_block_free(pto_mir_block *b);
void pto_mir_kernel_free(pto_mir_kernel *k);
/* The buffer of tile variable V, or of the scratch of statement S (V
   NULL); NULL if none.  */
const pto_mir_buffer *pto_mir_buffer_of(const pto_mir_kernel *k,
                                        const pto_var *v, const pto_stmt *s);
/* C spelling of a scalar dtype ("float", "half", "int32_t").  */
const char *pto_mir_ctype(pto_dtype dt);
/* The C expression (in arena A) of the bf16 bits, as uint16_t, of the
   float whose uint32_t bits are the expression U (a plain name: it is
   read several times): rounded to nearest, ties to even, a NaN kept
   quiet, as the fixpipe's F322BF16, vconv_f322bf16r and pto.h's
   pto_bf16_from_f32 round (bfloat16_t is storage only in the emitted
   code, runtime/cce-api.h).  */
char *pto_mir_bf16_bits_text(pto_arena *a, const char *u);

/* memplan.c: plan UB for K->func; 0 on success, else errors reported.  */
int pto_memplan(pto_mir_kernel *k, pto_diag *diag);
/* memplan.c: the distance D from UB bytes [LO, HI) touched by loop
   LOOP's body to a second copy [LO + D, HI + D) that is free while the
   loop runs (above every planned buffer), or -1 when the copy does not
   fit the arch's UB.  */
int64_t pto_memplan_pong(const pto_mir_kernel *k, const pto_stmt *loop,
                         int64_t lo, int64_t hi);
/* isel.c: scratch bytes statement S needs on ARCH (0: none).  */
int64_t pto_isel_scratch_bytes(const pto_stmt *s, const pto_arch *arch);
/* isel.c: build K->body; 0 on success.  */
int pto_isel(pto_mir_kernel *k, pto_diag *diag);
/* sync.c: insert SYNC nodes into K->body; DIAG (may be NULL) gets the
   report of an internal problem (a loop fenced by the safety net).  */
void pto_sync_insert(pto_mir_kernel *k, pto_diag *diag);
/* cce.c: append the C form of scalar expression E / of a kernel.  */
/* K supplies the UB offsets of tiles whose elements E reads (NULL when
   E reads none).  */
void pto_cce_expr(pto_buf *b, const pto_mir_kernel *k, const pto_expr *e);
void pto_cce_name(pto_buf *b, const pto_var *v);
void pto_cce_kernel(pto_buf *out, const pto_mir_kernel *k);
/* cce.c: the C text of the nodes of BLK at nesting DEPTH (scalar
   statements, control flow, syncs; TILE nodes through K->print_tile),
   of a C type ("__gm__ const float *"), of a kernel's parameter list
   (TYPES: with their types), DEPTH levels of indentation.  */
void pto_cce_block(pto_buf *b, const pto_mir_kernel *k,
                   const pto_mir_block *blk, int depth);
void pto_cce_ctype(pto_buf *b, const pto_type *t);
void pto_cce_params(pto_buf *b, const pto_func *f, bool types);
void pto_cce_indent(pto_buf *b, int depth);
/* cce.c: a located sorry for each scalar math call of P's live kernels
   that the back end cannot do (the double forms; exp and log unless
   VEC_EXP, the CCE back end's vector-unit lowering, and then not under
   a condition), and the helpers the others need (floorf, ceilf) appended to OUT, their
   functions marked QUAL ("__aicore__"; PTO-ISA's "AICORE").  Returns
   the number of errors.  */
int pto_cce_scalar_math(const pto_program *p, pto_diag *d, const char *qual,
                        bool vec_exp,
                        pto_buf *out);

#endif /* PTO_EMIT_MIR_H */
