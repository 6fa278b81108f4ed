/* cube.h - the cube path of the CCE back end (pto_matmul), see cube.c.

   isel.c calls pto_cube_plan once per kernel before it lowers the body,
   then offers every intrinsic call to pto_cube_lower first.  */

#ifndef PTO_EMIT_CUBE_H
#define PTO_EMIT_CUBE_H

#include "backend/cce/mir.h"

/* Find the kernel's pto_matmul operands and accumulators, check that
   the cube can run them (dtypes, 16-multiple shapes, the uses each
   tile may have on K->arch), place them in L1 / L0C and set K->cube
   (with no tiles when the kernel has no matmul).  Appends the
   declarations the lowering needs to K->body.  Returns the number of errors reported
   through DIAG (each located and naming the tile).  */
int pto_cube_plan(pto_mir_kernel *k, pto_diag *diag);
/* Later calls return the first call's error count and do nothing else,
   so memplan.c may plan first (memory-space inference) and isel.c
   again.  After planning: whether tile variable V needs a UB buffer (not
   an operand, which lives in L1 only, nor an accumulator on an arch
   without the L0C -> UB exit).  */
bool pto_cube_needs_ub(const pto_mir_kernel *k, const pto_var *v);

/* Lower op call E (statement S) if the cube path owns it, appending to
   OUT.  Returns 1 when E is fully lowered, 0 when isel.c must still
   lower it as usual (cube.c may have appended bookkeeping), -1 after
   an error reported through DIAG.  */
int pto_cube_lower(pto_mir_kernel *k, pto_diag *diag, pto_mir_block *out,
                   const pto_stmt *s, const pto_expr *e);

/* After the body of K is lowered into OUT: what the end of the kernel
   needs (the waits of the double-buffered operands' events).  */
void pto_cube_finish(pto_mir_kernel *k, pto_mir_block *out);

/* Tile I (from 0) of K's cube plan: its variable, whether it is an
   accumulator (L0C; else an operand in L1), its offset and size (the
   bytes it takes there), and the size of one copy of it (REGION: less
   than SIZE for a double-buffered operand, which has two).  False when
   I is past the last tile or K was not planned.  */
bool pto_cube_tile(const pto_mir_kernel *k, int i, const pto_var **var,
                   bool *acc, int64_t *off, int64_t *size, int64_t *region);

/* Whether ARCH's matmul results can leave L0C for UB: dav-m200 and
   dav-c100 (the V200 forms, one coupled core); dav-c220 and 3510 have
   only the fixpipe to GM and L1.  */
bool pto_cube_ub_exit(const pto_arch *arch);

/* The deq words one pass of ARCH's fixpipe takes (its fixpipe buffer
   holds 8 bytes each): 256 on dav-c220 (2 KB; asc-devkit
   dav_c220/kernel_operator_fixpipe_impl.h GenFixpipeTiling,
   "deqTensor/reluTensor in FB valid num is 256"; FB_SIZE 2048 in
   impl/adv_api/tiling/conv/conv3d_tiling_util.h), 1024 on 3510
   (dav_3510/kernel_operator_fixpipe_impl.h GenFixpipeTiling); 0 where
   matmul results leave L0C for UB (no fixpipe buffer).  */
int64_t pto_cube_fb_words(const pto_arch *arch);

/* UB scratch bytes matmul statement S needs on ARCH (the L0C -> UB exit
   reorders fractals through it when N > 16); 0 otherwise.  */
int64_t pto_cube_scratch_bytes(const pto_arch *arch, const pto_stmt *s);

/* For a back end that renders the cube path itself (backend/ptoisa/):
   what the plan made of tile variable V (false when V is no matmul
   tile or K was not planned) ...  */
typedef struct pto_cube_info {
  bool operand;               /* an L1 operand (off, size: its L1 region) */
  bool acc;                   /* an accumulator (off, size: L0C) */
  bool bias;                  /* a bias tile (off: the bias table; l1off:
                                 its L1 staging region) */
  int64_t off, size, l1off;
  bool relu;                  /* an accumulator with a ReLU epilogue: the C
                                 variable cube_relu_ID holds its flag */
  const pto_var *bias_var;    /* an accumulator's bias tile, or NULL */
  bool out;                   /* an f16 / bf16 tile d of pto.cast(d, c):
                                 the fixpipe converts accumulator src_var
                                 at each store of d (no memory of its own) */
  bool deq;                   /* an out tile defined by pto.dequant(d, c,
                                 s): the C variable cube_deq_ID holds the
                                 scale (QuantPRE DEQF16) */
  const pto_var *src_var;
  bool loaded;                /* an accumulator defined by pto.load from GM
                                 (dav-c220: l1off is its L1 staging) */
  bool words;                 /* a u64 tile of deq words in L1 (off) */
  const pto_var *words_var;   /* an out tile defined by pto.col_dequant(d,
                                 c, w): w (QuantPRE VDEQF16), else NULL */
} pto_cube_info;
bool pto_cube_info_of(const pto_mir_kernel *k, const pto_var *v,
                      pto_cube_info *out);

/* ... and which part of the cube path op call E is, on an arch without
   the L0C -> UB exit (dav-c220): the calls pto_cube_lower lowers there,
   by the same tests.  PTO_CUBE_NONE: not the cube path's.  */
typedef enum pto_cube_use {
  PTO_CUBE_NONE,
  PTO_CUBE_MATMUL,            /* pto.matmul(c, a, b) */
  PTO_CUBE_LOAD,              /* pto.load of an operand into L1 */
  PTO_CUBE_LOAD_VALID,        /* pto.load_valid of an operand (pad 0) */
  PTO_CUBE_LOAD_BIAS,         /* pto.load of a bias tile */
  PTO_CUBE_STORE,             /* pto.store of an accumulator */
  PTO_CUBE_STORE_VALID,       /* pto.store_valid of an accumulator */
  PTO_CUBE_RELU,              /* the ReLU epilogue (the fixpipe's) */
  PTO_CUBE_BIAS,              /* the bias epilogue (the first mad's) */
  PTO_CUBE_FILL,              /* pto.fill(c, 0) */
  PTO_CUBE_CAST_OUT,          /* pto.cast(d, c) or pto.dequant(d, c, s)
                                 of an out tile (info.out):
                                 nothing to do until d's stores */
  PTO_CUBE_CAST_L1            /* pto.cast(h, c) of an accumulator into an
                                 operand (the fixpipe into L1) */
} pto_cube_use;
pto_cube_use pto_cube_use_of(const pto_mir_kernel *k, const pto_expr *e);

/* Whether op call E has the form of an epilogue the fixpipe (or, for
   the bias, the first mad) applies on dav-c220: pto.relu(c, c),
   pto.maxs(c, c, 0) or pto.col_expand_add(c, c, r); *ACC is c.  The
   form only: cube.c's plan checks the order (backend/cce/split.c keeps
   such calls on the cube core).  */
bool pto_cube_epilogue_form(const pto_expr *e, const pto_var **acc);

#endif /* PTO_EMIT_CUBE_H */
