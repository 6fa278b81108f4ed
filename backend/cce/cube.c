/* cube.c - pto_matmul on the cube unit: placement in L1 / L0A / L0B /
   L0C, the instruction sequence, its synchronisation, and the per-arch
   exit of the result from L0C.

   Contract.  pto_cube_plan (called by isel.c before it lowers a kernel)
   classifies the tiles of every pto.matmul(c, a, b) of the kernel:
   * OPERANDS (a, b): f16 (bf16, int8 and f32 on dav-c220: f32_ok,
     s8_tile_ok), rows and columns multiples of 16.  They live
     in L1 only: the only definitions allowed are pto.load and
     pto.load_valid (pad 0) from GM, the only use pto.matmul.  Each
     operand tile gets its own L1 region (512 B fractal aligned, bump
     allocated, no reuse) holding the tile as
     column blocks: block j (columns 16j..16j+15) is R rows of 32 B, so
     fractal (ro, co) is L1 fractal co*R1 + ro.  One copy_gm_to_cbuf per
     column block (nBurst = R, lenBurst = 1, srcGap = stride/C0 - 1)
     where the GM row stride is a multiple of C0 elements that the gap
     can hold, else one per row (rs_form: a constant stride decides at
     compile time, a run-time one by a test in the kernel).  A block is
     C0 = 32 B of elements wide: 16 for fp16, 8 for f32, 32 for int8.
     An f32 K x N operand (zz) is laid out ZZ instead: fractal (ko, j)
     at ko * N/8 + j, written by one copy_gm_to_cbuf_multi_nd2nz_b32s
     (lower_load_zz; row by row beyond its 16-bit stride of 16 rows),
     so that load_cbuf_to_cb_transpose finds the two fractals of each
     16 x 16 square next to each other; when the same tile is also the
     M x K operand, load_cbuf_to_ca reads the ZZ fractals (mo, 0..K1-1)
     as consecutive units.
     pto.load_valid(t, gm, rs, vr, vc, 0) (partial tiles): the pad must
     be the constant 0 (it enters the K sums).  dav-c220 / 3510: the L1
     region is zeroed (create_cbuf_matrix) and one ND -> NZ DMA
     (copy_gm_to_cbuf_multi_nd2nz_b16; _b8 / _b32s by element size)
     writes the vr x vc region into the column blocks (a ZZ operand's
     in two: its whole groups of 16 rows, then the rest).  dav-c100 / dav-m200 (no such DMA): the operand
     is STAGED: every load of it goes to its UB buffer (isel.c), and
     each pto.matmul first copies it to L1 (copy_ubuf_to_cbuf, MTE3).
   * ACCUMULATORS (c): f32, 16-multiple shapes, each in its own L0C
     region (1024 B aligned) in the fractal order the simulator and the
     hardware use, C[((no*M1 + mo)*16 + mi)*16 + ni].  Their definitions
     are pto.fill(c, 0), pto.load from GM and pto.matmul, then
     EPILOGUES after the last
     pto.matmul: on dav-c220 the in-place ReLU (pto.relu(c, c),
     pto.maxs(c, c, 0)) sets the C variable cube_relu_ID, which the
     fixpipe applies at the store (copy_matrix_cc_to_gm's ReLUPRE;
     pto.fill(c, 0) clears it); on dav-c100 / dav-m200 any vector op
     writes the UB copy.  A pto.matmul into c after an epilogue and
     before the next pto.fill(c, 0) (loop back edges included) is on
     dav-c220 a located sorry: L0C holds the product without the
     epilogue; on dav-c100 / dav-m200 that pto.matmul first copies the
     UB copy back to L0C (reload_from_ub: N/16 copy_ubuf_to_ubuf into
     fractal order in its scratch when N > 16, copy_matrix_ubuf_to_cc,
     pipe V), and so does one after a pto.load of c (into the UB copy).
     On dav-c220 pto.load(c, gm, rs) goes GM -> an L1 staging region in
     the L0C layout (after the operands and biases; copy_gm_to_cbuf per
     column block, the GM row stride a multiple of 8) -> L0C
     (copy_matrix_cbuf_to_cc, MTE1) and clears cube_init_ID: a new
     product starting from that value (lower_acc_load).
     The BIAS epilogue pto.col_expand_add(c, c, r) (r 1 x N f32): on
     dav-c220 r is a BIAS tile, defined only by one pto.load from GM and
     read only by that epilogue; it gets a bias-table region (64 B
     aligned, arch->bt bytes, overflow a located error naming the
     biases) and an L1 staging region after the operands.  Its load is
     GM -> L1 -> bias table (copy_gm_to_cbuf, copy_cbuf_to_bt) and every
     mad into c uses the bias-table form with cmatrixSource =
     cube_init_ID, so the product starts from the bias row; the
     epilogue itself emits nothing.  That needs the bias before the
     product: check_bias asks that pto.fill(c, 0), the load of r, every
     pto.matmul into c and the epilogue follow one another in one block
     (no store, ReLU or jump in between), else a located sorry.  On
     dav-c100 / dav-m200 it is an ordinary op on the UB copy.  A C variable
     cube_init_ID (declared at the top of the kernel, 1) records that
     the accumulator holds zero: pto.fill(c, 0) sets it, the next mad
     passes it as initC and clears it, so a K loop's first step
     initialises L0C and later steps accumulate, for every trip count.
   * pto.matmul: L1 -> L0A (M1 load_cbuf_to_ca, fractals (mo, ko) in
     mo-major order) and L1 -> L0B (K1 load_cbuf_to_cb, transposed per
     fractal: B[((ko*N1 + no)*16 + ni)*16 + ki]; int8: K/32
     load_cbuf_to_cb_transpose of 32 x 32 squares; f32: K/16
     load_cbuf_to_cb_transpose of the ZZ operand's 16 x 16 squares,
     l0b_load_zz, into B[((ko*N1 + no)*16 + ni)*8 + ki] with K1 = K/8),
     both at offset 0 of L0A/L0B (their bytes must fit), then one
     mad(c, a, b, M, K, N, cube_init_ID) on dav-c100 / dav-m200, mad(c,
     a, b, M, K, N, 0, false, false, cube_init_ID) (unitFlag,
     kDirectionAlign, cmatrixSource, cmatrixInitVal) on dav-c220 / 3510
     (runtime/cce-api.h).
   The exit of the result depends on the arch:
   * dav-c100 / dav-m200 (L0C -> UB exists): after every mad the result
     is copied to the accumulator's UB buffer (memplan.c places it like
     any tile) by copy_matrix_cc_to_ubuf (pipe V); for N > 16 the
     fractal order goes through the statement's UB scratch and N/16
     copy_ubuf_to_ubuf reorder it to row-major.  The UB copy is then an
     ordinary tile: stores, vector ops (epilogues) and element reads
     work unchanged.
   * dav-c220 / 3510 (no L0C -> UB path): the accumulator never reaches
     UB.  pto.store(gm, stride, c) is one copy_matrix_cc_to_gm (fixpipe,
     pipe FIX, NZ -> ND, dstStride = the GM row stride, ReLUPRE the
     ReLU epilogue flag; with no mad since pto.fill(c, 0) the scalar
     unit writes the zeros, or the bias row read from GM); any other read
     of c is a located error (store it and load it back in a separate
     kernel).  pto.store_valid(gm, rs, c, vr, vc) is the same fixpipe
     with MSize vr and NSize vc; on m200 it is isel.c's store of the UB
     copy.
   DOUBLE BUFFERING (option double-buffer): an operand loaded and read
   once in a loop body gets two L1 regions, each load writing the other
   one (choose_db); the WAR of a load on the reads of its region is an
   MTE1 -> MTE2 event of the region's own (set at the kernel's start and
   by each pto.matmul after its reads, waited by each load and at the
   kernel's end), instead of the complete pair below.
   Synchronisation of the cube sequence is otherwise emitted here, as
   complete set_flag/wait_flag pairs (EVENT_ID0) placed right after the
   producer so nothing is pending across statements or loop back edges:
     load to L1     -> MTE2 -> MTE1
     L1 -> L0A/L0B  -> MTE1 -> M (RAW on L0A/L0B), MTE1 -> MTE2 (WAR on L1;
                    a double-buffered operand's region event instead)
     mad            M -> MTE1 (WAR on L0A/L0B); two mads on one L0C are
                    ordered through M -> MTE1 -> M, no pipe_barrier(PIPE_M)
     m200 exit      M -> V before it, V -> M after (WAR on L0C)
     m200 staging   MTE1 -> MTE3 before (WAR on L1), MTE3 -> MTE1 after
     m200 reload    V -> M after it (its UB reads recorded for sync.c)
     c220 acc load  MTE1 -> MTE2 before (WAR on its staging), MTE2 ->
                    MTE1 between the copies, MTE1 -> FIX after
     c220 bias load MTE1 -> MTE2 before (WAR on its L1 staging), MTE2 ->
                    MTE1 between the two copies; the bias table is
                    ordered by the mads' own pairs (lower_bias_load)
     c220 store     M -> FIX before, FIX -> S after (S orders the fixpipe
                    before everything issued later: WAR on L0C, its GM,
                    the deq words' L1 region);
                    when no mad ran since pto.fill(c, 0) (a K loop of
                    zero trips) a mad of zero operands first makes L0C
                    hold the value stored (zero_mad, its pairs inside)
     c220 deq words GM -> L1 (MTE2), then MTE2 -> FIX (the store's
                    copy_cbuf_to_fbuf reads them)
   DEQ WORDS (dav-c220): pto.col_dequant(h, c, w) of an int32
   accumulator c with w a u64 tile (the host's pto_deq_word of each
   channel's scale) makes h an OUT tile stored through QuantPRE
   VDEQF16 and w a WORDS tile: one L1 region of 8 B per column (after
   the operands, 512 B aligned), defined only by pto.load from GM (one
   copy_gm_to_cbuf) and read only by such pto.col_dequants.  Each store
   of h copies the words of at most 256 channels at a time to the
   fixpipe buffer at 0 (copy_cbuf_to_fbuf, 128 B units), points
   FPC[15:8] at them (set_fpc), and stores those channels (vdeq_store;
   asc-devkit dav_c220/kernel_operator_fixpipe_impl.h
   FixpipeL0C2GMImplN, CopyDeqTensorToFbuf, GenFixpipeTiling).
   These nodes carry no L1/L0 accesses, so sync.c never adds syncs for
   them; the GM reads of the L1 loads (MTE2), the UB writes of the
   m200 exit (V) and the UB reads of the m200 staging (MTE3) are
   recorded as accesses, so sync.c orders them with
   the vector and DMA work around them (e.g. vector consumers of c wait
   for the exit).  The fixpipe's GM write is not recorded (pto_pipe has
   no FIX): the FIX -> S pair orders it instead.  */

#include "backend/cce/cube.h"

#include <string.h>

typedef enum role {
  ROLE_OPERAND = 1, ROLE_ACC = 2, ROLE_BIAS = 4,
  ROLE_OUT = 8,               /* dav-c220: d of pto.cast(d, c), c an
                                 accumulator, d f16 or bf16 and only
                                 stored: the fixpipe converts c on its
                                 way to GM (QuantPRE F322F16 / F322BF16);
                                 or d of pto.dequant(d, c, s), c an int32
                                 accumulator, d f16 (QuantPRE DEQF16, the
                                 scale in the QUANT_PRE register); or d
                                 of pto.col_dequant(d, c, w), w WORDS
                                 (QuantPRE VDEQF16); d has no memory of
                                 its own */
  ROLE_WORDS = 16             /* dav-c220: w of pto.col_dequant(d, c, w),
                                 a u64 tile of deq words in L1 */
} role;

typedef struct cube_tile {
  const pto_var *var;
  unsigned roles;
  int64_t off, size;          /* L1 (operand) or L0C (accumulator) */
  bool staged;                /* an operand defined by pto.load_valid on
                                 an arch with L0C -> UB: it is loaded into
                                 its UB buffer, each pto.matmul copies it
                                 to L1 (UB -> L1, MTE3) */
  bool relu;                  /* dav-c220: an accumulator with a ReLU
                                 epilogue (pto.relu(c, c) or
                                 pto.maxs(c, c, 0)): the C variable
                                 cube_relu_ID feeds the fixpipe's ReLUPRE */
  bool reported;              /* the order check reported it already */
  int bias;                   /* dav-c220 accumulator: the index of its
                                 bias tile (pto.col_expand_add(c, c, r)),
                                 -1 when none */
  int64_t l1off;              /* dav-c220 bias tile, or accumulator
                                 loaded from GM: its L1 staging region
                                 (off is its bias-table / L0C offset) */
  bool loaded;                /* dav-c220 accumulator defined by
                                 pto.load from GM (GM -> L1 -> L0C) */
  int src;                    /* ROLE_OUT: the index of the accumulator
                                 it converts, else -1 */
  bool deq;                   /* ROLE_OUT defined by pto.dequant: the C
                                 variable cube_deq_ID holds the scale of
                                 the latest pto.dequant into it */
  const pto_var *wvar;        /* ROLE_OUT defined by pto.col_dequant:
                                 its WORDS tile, else NULL */
  int nload, nread, ndef;     /* an operand's loads, pto.matmuls reading
                                 it and other definitions, statically */
  const pto_mir_block *load_in, *read_in;  /* the blocks of its (last)
                                 load and read */
  int load_at, read_at;       /* and their positions there */
  int ev;                     /* a double-buffered operand (choose_db):
                                 its two L1 regions, at off and off + rsz,
                                 are guarded by the MTE1 -> MTE2 events
                                 EVENT_ID<ev> and <ev + 1>; 0: one
                                 region */
  int64_t rsz;
  bool as_a, as_b;            /* an operand read as the M x K (a) / the
                                 K x N (b) operand of some pto.matmul */
  bool zz;                    /* dav-c220 f32 K x N operand (perhaps
                                 also M x K): its L1 region holds the
                                 ZZ layout (f32_ok) */
} cube_tile;

struct pto_cube_plan {
  cube_tile *tiles;
  int n, cap;
  bool ub_exit;               /* the arch copies L0C to UB */
  int errors;                 /* reported by the (first) planning */
  const pto_expr **reload;    /* archs with L0C -> UB: the pto.matmuls
                                 whose accumulator's UB copy may have
                                 been written since the last mad (a load
                                 from GM, an epilogue): the UB copy goes
                                 back to L0C before their mad */
  int nreload, capreload;
  int64_t zero_l1, zero_size; /* archs without L0C -> UB: the L1 region
                                 of zeros a store with no mad loads into
                                 L0A / L0B (place_bias_l1) */
};

typedef struct pto_cube_plan plan;

typedef struct cctx {
  pto_mir_kernel *k;
  pto_diag *diag;
  plan *p;
  int errors;
} cctx;

#define FRACTAL16 512
#define FRACTAL32 1024

/* ------------------------------------------------------------------ */
/* Classification                                                      */
/* ------------------------------------------------------------------ */

/* The entry of tile variable V, or NULL when V is no matmul tile.  */
static cube_tile *
find_tile(const plan *p, const pto_var *v)
{
  for (int i = 0; i < p->n; i++)
    if (p->tiles[i].var == v)
      return &p->tiles[i];
  return NULL;
}

/* The entry of the tile variable E names, or NULL.  */
static const cube_tile *
find_tile_e(const plan *p, const pto_expr *e)
{
  if (!e || e->kind != PTO_E_VAR)
    return NULL;
  return find_tile(p, e->u.var);
}

/* Record that the tile variable E names plays role R (table grows in
   the arena).  */
static void
add_role(cctx *c, const pto_expr *e, role r)
{
  if (e->kind != PTO_E_VAR || e->type->kind != PTO_TY_TILE)
    return;
  cube_tile *t = find_tile(c->p, e->u.var);
  if (!t) {
    if (c->p->n == c->p->cap) {
      int cap = c->p->cap ? 2 * c->p->cap : 8;
      cube_tile *v = pto_arena_alloc(c->k->prog->arena, cap * sizeof *v);
      if (c->p->n)
        memcpy(v, c->p->tiles, c->p->n * sizeof *v);
      c->p->tiles = v;
      c->p->cap = cap;
    }
    t = &c->p->tiles[c->p->n++];
    memset(t, 0, sizeof *t);
    t->var = e->u.var;
    t->bias = -1;
    t->src = -1;
  }
  t->roles |= r;
}

/* Roles from every pto.matmul in B and its nested blocks.  */
static void
collect_block(cctx *c, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_stmt *s = n->stmt;
    const pto_expr *e = s->value;
    if (s->kind == PTO_S_EVAL && e && e->kind == PTO_E_CALL && e->is_op
        && e->op == PTO_OP_MATMUL) {
      for (int j = 0; j < 3; j++)
        if (e->args[j]->kind != PTO_E_VAR) {
          pto_sorry(c->diag, e->args[j]->loc,
                    "the cube path needs tile variables as pto.matmul "
                    "operands (tile pointers must be resolved by inlining)");
          c->errors++;
        }
      add_role(c, e->args[0], ROLE_ACC);
      add_role(c, e->args[1], ROLE_OPERAND);
      add_role(c, e->args[2], ROLE_OPERAND);
      cube_tile *a = e->args[1]->kind == PTO_E_VAR
                       ? find_tile(c->p, e->args[1]->u.var) : NULL;
      cube_tile *b = e->args[2]->kind == PTO_E_VAR
                       ? find_tile(c->p, e->args[2]->u.var) : NULL;
      if (a)
        a->as_a = true;
      if (b)
        b->as_b = true;
    }
    collect_block(c, &n->body);
    collect_block(c, &n->els);
  }
}

/* Whether E is pto.col_expand_add(t, t, r) of one tile T (a bias
   epilogue when T is an accumulator).  */
static bool
bias_form(const pto_expr *e)
{
  return e->op == PTO_OP_COL_EXPAND_ADD && e->nargs == 3
         && e->args[0]->kind == PTO_E_VAR && e->args[1]->kind == PTO_E_VAR
         && e->args[2]->kind == PTO_E_VAR
         && e->args[0]->u.var == e->args[1]->u.var
         && e->args[2]->u.var != e->args[0]->u.var;
}

static cube_tile *find_tile(const plan *p, const pto_var *v);

/* dav-c220: the bias tiles of B and its nested blocks, R of every
   pto.col_expand_add(c, c, r) on an accumulator C.  A second bias tile
   for one accumulator is a located sorry.  */
static void
collect_bias(cctx *c, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_stmt *s = n->stmt;
    const pto_expr *e = s->value;
    cube_tile *t;
    if (s->kind == PTO_S_EVAL && e && e->kind == PTO_E_CALL && e->is_op
        && bias_form(e) && (t = find_tile(c->p, e->args[0]->u.var))
        && t->roles == ROLE_ACC) {
      add_role(c, e->args[2], ROLE_BIAS);
      t = find_tile(c->p, e->args[0]->u.var);   /* the table may move */
      int r = (int)(find_tile(c->p, e->args[2]->u.var) - c->p->tiles);
      if (t->bias >= 0 && t->bias != r) {
        pto_sorry(c->diag, e->loc,
                  "accumulator '%s' has two bias tiles ('%s' and '%s'): on "
                  "%s the bias table holds one bias per product",
                  t->var->name, c->p->tiles[t->bias].var->name,
                  e->args[2]->u.var->name, c->k->arch->name);
        c->errors++;
      }
      t->bias = r;
    }
    collect_bias(c, &n->body);
    collect_bias(c, &n->els);
  }
}

/* The cube tile expression E names, if any.  */
static cube_tile *
tile_at(const cctx *c, const pto_expr *e)
{
  if (!e || e->kind != PTO_E_VAR)
    return NULL;
  return find_tile(c->p, e->u.var);
}

static void
bad_use(cctx *c, pto_loc loc, const cube_tile *t, const char *what)
{
  if (t->roles == ROLE_BIAS)
    pto_sorry(c->diag, loc,
              "tile '%s' is the bias of a pto.matmul accumulator and lives "
              "in the bias table: on %s it may only be defined by pto.load "
              "from GM and read by pto.col_expand_add(c, c, %s) (%s)",
              t->var->name, c->k->arch->name, t->var->name, what);
  else if (t->roles & ROLE_OPERAND)
    pto_sorry(c->diag, loc,
              "tile '%s' is a pto.matmul operand and lives in L1: it may "
              "only be defined by pto.load from GM or pto.cast of a "
              "pto.matmul accumulator and read by pto.matmul (%s)",
              t->var->name, what);
  else if (c->p->ub_exit || strncmp(what, "read", 4))
    pto_sorry(c->diag, loc,
              "tile '%s' is a pto.matmul accumulator: it may only be "
              "defined by pto.fill(%s, 0), pto.load from GM and pto.matmul "
              "(%s)", t->var->name, t->var->name, what);
  else
    pto_sorry(c->diag, loc,
              "tile '%s' is a pto.matmul accumulator: on %s the result "
              "cannot leave L0C except by pto.store (fixpipe to GM; there "
              "is no L0C -> UB path); it may only be defined by "
              "pto.fill(%s, 0), pto.load from GM and pto.matmul (%s)",
              t->var->name, c->k->arch->name, t->var->name, what);
  c->errors++;
}

/* Every mention of a cube tile inside expression E (not an intrinsic
   call checked by check_call) is a use the cube path cannot serve,
   except element reads of an accumulator that has a UB copy.  */
static void
check_expr(cctx *c, const pto_expr *e, bool write)
{
  if (!e)
    return;
  if (e->kind == PTO_E_VAR) {
    cube_tile *t = find_tile(c->p, e->u.var);
    if (t && (write || (t->roles & ROLE_OPERAND) || !c->p->ub_exit))
      bad_use(c, e->loc, t, write ? "written here" : "read here");
    return;
  }
  if (e->kind == PTO_E_INDEX) {
    check_expr(c, e->a, write);
    for (int i = 0; i < e->nargs; i++)
      check_expr(c, e->args[i], false);
    return;
  }
  check_expr(c, e->a, false);
  check_expr(c, e->b, false);
  check_expr(c, e->c, false);
  for (int i = 0; i < e->nargs; i++)
    check_expr(c, e->args[i], false);
}

/* pto.load_valid E into operand T: the pad must be the constant 0 (the
   padding of the K dimension enters every sum; the dav-c220 ND -> NZ
   DMA zero-fills the last 32 B block of each row, so no other pad can
   be exact).  On archs with L0C -> UB the operand is staged in UB.  */
static void
check_operand_pad(cctx *c, const pto_expr *e, cube_tile *t)
{
  if (!pto_e_is_zero(e->args[5])) {
    pto_sorry(c->diag, e->args[5]->loc,
              "pto.load_valid into pto.matmul operand '%s': the cube path "
              "pads operands with 0 only (the padding of the K dimension "
              "enters every sum)", t->var->name);
    c->errors++;
  }
  if (c->p->ub_exit)
    t->staged = true;
}

/* Whether E is a ReLU of accumulator T in place: pto.relu(t, t) or
   pto.maxs(t, t, 0).  dav-c220 applies it in the fixpipe when the
   result leaves L0C (copy_matrix_cc_to_gm's ReLUPRE).  */
static bool
relu_epilogue(const pto_expr *e, const cube_tile *t)
{
  if (e->op != PTO_OP_RELU && e->op != PTO_OP_MAXS)
    return false;
  if (e->nargs < 2 || e->args[0]->kind != PTO_E_VAR
      || e->args[1]->kind != PTO_E_VAR || e->args[0]->u.var != t->var
      || e->args[1]->u.var != t->var)
    return false;
  return e->op == PTO_OP_RELU
         || (e->nargs == 3 && pto_e_is_zero(e->args[2]));
}

/* Whether intrinsic E may write an accumulator's UB copy (archs with
   L0C -> UB): every vector op and a GM load (a pto.matmul after it
   copies the UB copy back to L0C first, copy_matrix_ubuf_to_cc).  */
static bool
ub_write_ok(const pto_expr *e)
{
  return e->op != PTO_OP_MATMUL;
}

/* dav-c220: whether E is pto.cast(h, c) of accumulator C into operand
   H (a matmul result as the operand of another).  */
static bool
cast_to_l1(const cctx *c, const pto_expr *e)
{
  if (c->p->ub_exit || e->op != PTO_OP_CAST || e->nargs != 2)
    return false;
  const cube_tile *d = tile_at(c, e->args[0]), *a = tile_at(c, e->args[1]);
  return d && a && d->roles == ROLE_OPERAND && a->roles == ROLE_ACC;
}

/* Whether E is pto.col_dequant(d, c, w) with deq words W (a u64 tile).  */
static bool
words_conv(const pto_expr *e)
{
  return e->op == PTO_OP_COL_DEQUANT && e->nargs == 3
         && e->args[2]->kind == PTO_E_VAR
         && e->args[2]->type->kind == PTO_TY_TILE
         && e->args[2]->type->dtype == PTO_DT_U64;
}

/* Whether E is pto.cast(d, c), pto.dequant(d, c, s) or
   pto.col_dequant(d, c, w) with deq words: a conversion the fixpipe can
   apply on the way to GM.  */
static bool
out_conv(const pto_expr *e)
{
  return (e->op == PTO_OP_CAST && e->nargs == 2)
         || (e->op == PTO_OP_DEQUANT && e->nargs == 3) || words_conv(e);
}

/* dav-c220: whether E is pto.cast(d, c), pto.dequant(d, c, s) or
   pto.col_dequant(d, c, w) of an OUT tile from its accumulator.  */
static bool
cast_to_out(const cctx *c, const pto_expr *e)
{
  if (c->p->ub_exit || !out_conv(e))
    return false;
  const cube_tile *d = tile_at(c, e->args[0]), *a = tile_at(c, e->args[1]);
  return d && a && d->roles == ROLE_OUT && &c->p->tiles[d->src] == a;
}

/* dav-c220: an int32 accumulator (int8 operands) is written by
   pto.fill(c, 0) and pto.matmul and leaves L0C by pto.store,
   pto.store_valid and pto.dequant into an fp16 tile that is only
   stored (the fixpipe's DEQF16; its int32 forms of ReLU and bias are not
   lowered); any other use, argument I of E, is a located error that
   says what to write instead.  */
static bool
s32_use_ok(cctx *c, const pto_expr *e, int i, const cube_tile *t)
{
  if ((e->op == PTO_OP_MATMUL && i == 0)
      || (e->op == PTO_OP_FILL && i == 0 && pto_e_is_zero(e->args[1]))
      || ((e->op == PTO_OP_STORE || e->op == PTO_OP_STORE_VALID) && i == 2)
      || ((e->op == PTO_OP_DEQUANT || e->op == PTO_OP_COL_DEQUANT) && i == 1
          && cast_to_out(c, e)))
    return true;
  const char *hint =
      e->op == PTO_OP_CAST
          ? "the fixpipe converts int32 to fp16 by pto_dequant(h, c, "
            "scale) (QuantPRE DEQF16) and pto_col_dequant(h, c, w) with "
            "deq words w (a uint64_t tile of pto_deq_word, VDEQF16) only; "
            "a pto_cast or a pto_col_dequant with float scales (which "
            "ExpandTileOps writes as a pto.cast) is vector work: write one "
            "of those, or store the int32 result and convert it in a "
            "vector kernel"
      : e->op == PTO_OP_LOAD
          ? "start it with pto_fill(c, 0) and add the earlier value in a "
            "vector kernel"
      : relu_epilogue(e, t)
          ? "apply the ReLU in a vector kernel after storing the result"
      : bias_form(e)
          ? "add the bias in a vector kernel after storing the result"
          : "store it and work on the int32 result in a vector kernel";
  pto_error(c->diag, e->loc,
            "pto.%s on int32 accumulator '%s' (int8 operands): on %s it is "
            "set by pto_fill(c, 0) and pto_matmul and leaves L0C by "
            "pto_store and pto_store_valid, or by pto_dequant (or "
            "pto_col_dequant with deq words) into an fp16 tile that is "
            "only stored; %s",
            pto_op_info(e->op)->name, t->var->name, c->k->arch->name, hint);
  c->errors++;
  return false;
}

/* Intrinsic call E: the argument positions the cube path accepts.  */
static void
check_call(cctx *c, const pto_expr *e)
{
  for (int i = 0; i < e->nargs; i++) {
    cube_tile *t = tile_at(c, e->args[i]);
    if (!t) {
      check_expr(c, e->args[i], false);
      continue;
    }
    bool opnd = t->roles & ROLE_OPERAND, acc = t->roles & ROLE_ACC;
    if (acc && !c->p->ub_exit && t->var->type->dtype == PTO_DT_I32
        && !s32_use_ok(c, e, i, t))
      return;                   /* one report per call */
    if (cast_to_out(c, e))
      continue;
    if (t->roles == ROLE_OUT) {
      if ((e->op == PTO_OP_STORE || e->op == PTO_OP_STORE_VALID) && i == 2)
        continue;
      pto_sorry(c->diag, e->args[i]->loc,
                "tile '%s' is pto.matmul accumulator '%s' converted by the "
                "fixpipe on its way to GM: on %s it has no memory of its "
                "own and may only be stored (pto.store, pto.store_valid)",
                t->var->name, c->p->tiles[t->src].var->name,
                c->k->arch->name);
      c->errors++;
      continue;
    }
    /* dav-c220: pto.cast(h, c) of an accumulator C into an operand H is
       the fixpipe into L1 (lower_cast_l1).  */
    if (cast_to_l1(c, e)) {
      if (i == 1 && t->bias >= 0) {
        pto_sorry(c->diag, e->loc,
                  "pto.cast(%s, %s): on %s an accumulator with a bias "
                  "epilogue cannot be cast into a pto.matmul operand (a "
                  "K loop of zero trips would need the bias row in L1); "
                  "add the bias to the second product instead",
                  e->args[0]->u.var->name, t->var->name, c->k->arch->name);
        c->errors++;
      }
      continue;
    }
    if (t->roles == ROLE_WORDS) {
      if (e->op == PTO_OP_LOAD && i == 0)
        continue;
      pto_sorry(c->diag, e->args[i]->loc,
                "tile '%s' holds the deq words of a pto.col_dequant of a "
                "pto.matmul accumulator: on %s it lives in L1 and may only "
                "be loaded from GM (pto.load) and read by pto.col_dequant "
                "of an int32 accumulator; load the words into another tile "
                "for pto.%s", t->var->name, c->k->arch->name,
                pto_op_info(e->op)->name);
      c->errors++;
      continue;
    }
    if (t->roles == ROLE_BIAS) {
      if (e->op == PTO_OP_LOAD && i == 0)
        continue;
      if (i == 2 && bias_form(e))
        continue;
    }
    if (t->roles == ROLE_ACC && !c->p->ub_exit && bias_form(e) && i < 2)
      continue;
    if (e->op == PTO_OP_MATMUL && ((i == 0 && acc && !opnd)
                                   || (i > 0 && opnd && !acc)))
      continue;
    if (e->op == PTO_OP_LOAD && i == 0 && opnd && !acc)
      continue;
    /* dav-c220: an accumulator loaded from GM goes GM -> L1 -> L0C.  */
    if (e->op == PTO_OP_LOAD && i == 0 && acc && !opnd && !c->p->ub_exit) {
      t->loaded = true;
      continue;
    }
    if (e->op == PTO_OP_LOAD_VALID && i == 0 && opnd && !acc) {
      check_operand_pad(c, e, t);
      continue;
    }
    if ((e->op == PTO_OP_STORE || e->op == PTO_OP_STORE_VALID) && i == 2
        && acc && !opnd)
      continue;
    if (e->op == PTO_OP_FILL && i == 0 && acc && !opnd
        && pto_e_is_zero(e->args[1]))
      continue;
    if (acc && opnd) {
      bad_use(c, e->args[i]->loc, t, "it is also a pto.matmul operand");
      continue;
    }
    /* Archs with L0C -> UB: an operand some vector op defines is staged
       (collect_staged): an ordinary UB tile copied to L1 by each
       pto.matmul.  */
    if (opnd && t->staged && e->op != PTO_OP_MATMUL)
      continue;
    if (acc && !c->p->ub_exit && relu_epilogue(e, t)) {
      t->relu = true;
      continue;
    }
    /* Other intrinsics write their first tile argument.  On archs with
       L0C -> UB they work on the accumulator's UB copy: reads always,
       writes by anything but a GM load (check_order rejects a
       pto.matmul into the accumulator after such a write).  */
    if (acc && c->p->ub_exit && (i > 0 || ub_write_ok(e)))
      continue;
    pto_buf what = { 0 };
    pto_buf_printf(&what, "%s by pto.%s", i == 0 ? "written" : "read",
                   pto_op_info(e->op)->name);
    bad_use(c, e->args[i]->loc, t, what.s);
    pto_buf_free(&what);
  }
}

/* Archs with L0C -> UB: every pto.matmul operand that an intrinsic
   other than pto.load writes (a cast of a matmul result, any vector op)
   is STAGED like a pto.load_valid one: it lives in UB and each
   pto.matmul copies it to L1 (stage_to_l1).  */
static void
collect_staged(cctx *c, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_stmt *s = n->stmt;
    const pto_expr *e = s->value;
    cube_tile *t;
    if (s->kind == PTO_S_EVAL && e && e->kind == PTO_E_CALL && e->is_op
        && e->nargs && e->op != PTO_OP_LOAD && e->op != PTO_OP_LOAD_VALID
        && e->op != PTO_OP_MATMUL && (t = tile_at(c, e->args[0]))
        && t->roles == ROLE_OPERAND)
      t->staged = true;
    collect_staged(c, &n->body);
    collect_staged(c, &n->els);
  }
}

static const pto_expr *node_call(const pto_mir_node *n);

/* dav-c220: the OUT tiles, d of every pto.cast(d, c) with c an
   accumulator and d an f16 or bf16 tile that is no operand, of every
   pto.dequant(d, c, s) and pto.col_dequant(d, c, w) (w deq words, then
   a WORDS tile) with c an int32 accumulator and d f16.  */
static void
collect_out(cctx *c, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_expr *e = node_call(n);
    const cube_tile *a, *d;
    bool deq = e && e->op == PTO_OP_DEQUANT, vdeq = e && words_conv(e);
    if (e && out_conv(e)
        && e->args[0]->kind == PTO_E_VAR && (a = tile_at(c, e->args[1]))
        && a->roles == ROLE_ACC
        && (deq || vdeq ? a->var->type->dtype == PTO_DT_I32
                  && e->args[0]->type->dtype == PTO_DT_F16
                : a->var->type->dtype == PTO_DT_F32
                  && (e->args[0]->type->dtype == PTO_DT_F16
                      || e->args[0]->type->dtype == PTO_DT_BF16))
        && (!(d = tile_at(c, e->args[0])) || d->roles == ROLE_OUT)) {
      int ai = (int)(a - c->p->tiles);
      bool fresh = !d;
      const char *what = vdeq ? "col_dequant" : deq ? "dequant" : "cast";
      add_role(c, e->args[0], ROLE_OUT);
      const pto_var *w = vdeq ? e->args[2]->u.var : NULL;
      if (w)
        add_role(c, e->args[2], ROLE_WORDS);
      cube_tile *t = tile_at(c, e->args[0]);
      if (t->src >= 0 && t->src != ai) {
        pto_sorry(c->diag, e->loc,
                  "pto.%s(%s, %s): '%s' already converts accumulator '%s' "
                  "on its way to GM; use one tile per accumulator", what,
                  t->var->name, c->p->tiles[ai].var->name, t->var->name,
                  c->p->tiles[t->src].var->name);
        c->errors++;
      } else if (!fresh && (t->deq != deq || !t->wvar != !w)) {
        pto_sorry(c->diag, e->loc,
                  "pto.%s(%s, %s): '%s' is also defined by pto.%s; use one "
                  "tile per conversion", what, t->var->name,
                  c->p->tiles[ai].var->name, t->var->name,
                  t->wvar ? "col_dequant" : t->deq ? "dequant" : "cast");
        c->errors++;
      } else if (w && t->wvar && t->wvar != w) {
        pto_sorry(c->diag, e->loc,
                  "pto.col_dequant(%s, %s, %s): '%s' is also dequantized by "
                  "the deq words '%s'; use one tile of deq words per "
                  "converted tile", t->var->name, c->p->tiles[ai].var->name,
                  w->name, t->var->name, t->wvar->name);
        c->errors++;
      }
      t->src = ai;
      t->deq = deq;
      t->wvar = w;
    }
    collect_out(c, &n->body);
    collect_out(c, &n->els);
  }
}

static void
check_block(cctx *c, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_stmt *s = n->stmt;
    const pto_expr *e = s->value;
    if (s->kind == PTO_S_EVAL && e && e->kind == PTO_E_CALL && e->is_op)
      check_call(c, e);
    else {
      if (s->kind == PTO_S_DECL && s->value && find_tile(c->p, s->var))
        bad_use(c, s->loc, find_tile(c->p, s->var), "initialised here");
      check_expr(c, s->lhs, true);
      check_expr(c, s->value, false);
      check_expr(c, s->cond, false);
      check_expr(c, s->start, false);
      check_expr(c, s->stop, false);
      check_expr(c, s->step, false);
    }
    check_block(c, &n->body);
    check_block(c, &n->els);
  }
}

/* The accumulator call E writes other than by pto.matmul and
   pto.fill(c, 0) (an epilogue), or NULL.  */
static cube_tile *
epilogue_target(cctx *c, const pto_expr *e)
{
  if (e->op == PTO_OP_MATMUL || !e->nargs)
    return NULL;
  cube_tile *t = tile_at(c, e->args[0]);
  if (!t || t->roles != ROLE_ACC)
    return NULL;
  if (e->op == PTO_OP_FILL && pto_e_is_zero(e->args[1]))
    return NULL;
  if (e->op == PTO_OP_STORE || e->op == PTO_OP_STORE_VALID)
    return NULL;
  /* dav-c220: a load from GM writes L0C itself (a new product).  */
  if (e->op == PTO_OP_LOAD && !c->p->ub_exit)
    return NULL;
  return t;
}

/* Whether pto.matmul E copies its accumulator's UB copy to L0C first.  */
static bool
needs_reload(const plan *p, const pto_expr *e)
{
  for (int i = 0; i < p->nreload; i++)
    if (p->reload[i] == e)
      return true;
  return false;
}

static void
add_reload(cctx *c, const pto_expr *e)
{
  plan *p = c->p;
  if (needs_reload(p, e))
    return;
  if (p->nreload == p->capreload) {
    int cap = p->capreload ? 2 * p->capreload : 8;
    const pto_expr **v = pto_arena_alloc(c->k->prog->arena, cap * sizeof *v);
    if (p->nreload)
      memcpy(v, p->reload, p->nreload * sizeof *v);
    p->reload = v;
    p->capreload = cap;
  }
  p->reload[p->nreload++] = e;
}

/* The epilogue check's state: for each accumulator tile i, the call of
   an epilogue that changed it since its last pto.fill(c, 0) on some path
   to here, or NULL.  The check is a may-analysis per tile (an epilogue
   sets, a fill clears, paths merge by union), so one walk of a loop body
   from its entry state gives the loop head's state: entry merged with
   the states at the end of the body and at each continue.  The loop's
   exit merges the head with the states at each break.  */
typedef const pto_expr **order_state;

/* The innermost loop of the walk: where continue and break take the
   state.  */
typedef struct order_loop {
  order_state next;             /* end of the body, continue */
  order_state exit;             /* break */
} order_loop;

static order_state
order_copy(cctx *c, order_state from)
{
  int n = c->p->n;
  order_state s = pto_arena_alloc(c->k->prog->arena, n * sizeof *s);
  if (from)
    memcpy(s, from, n * sizeof *s);
  else
    memset(s, 0, n * sizeof *s);
  return s;
}

static void
order_merge(cctx *c, order_state into, order_state from)
{
  for (int j = 0; j < c->p->n; j++)
    if (!into[j])
      into[j] = from[j];
}

/* The effect of intrinsic call E on STATE.  A pto.matmul into a changed
   accumulator: on archs with L0C -> UB the UB copy holds the changed
   value and goes back to L0C before the mad (add_reload; afterwards L0C
   and the UB copy agree again); on dav-c220, with REPORT, a located
   sorry: L0C still holds the product without the epilogue, and the back
   end has no path that puts the changed value back into L0C.  A load
   from GM on dav-c220 writes L0C (GM -> L1 -> L0C): a new product.  */
static void
order_call(cctx *c, const pto_expr *e, order_state state, bool report)
{
  cube_tile *t;
  if (e->op == PTO_OP_MATMUL && (t = tile_at(c, e->args[0]))) {
    const pto_expr *w = state[t - c->p->tiles];
    if (w && c->p->ub_exit) {
      add_reload(c, e);
      state[t - c->p->tiles] = NULL;
    } else if (report && w && !t->reported) {
      pto_sorry(c->diag, e->loc,
                "pto.matmul accumulates into '%s' after pto.%s changed "
                "it (line %d): an epilogue on a pto.matmul accumulator "
                "must follow its last pto.matmul (pto.fill(%s, 0) "
                "starts a new product)", t->var->name,
                pto_op_info(w->op)->name, w->loc.line, t->var->name);
      t->reported = true;
      c->errors++;
    }
  } else if (e->op == PTO_OP_FILL && (t = tile_at(c, e->args[0]))
             && pto_e_is_zero(e->args[1]))
    state[t - c->p->tiles] = NULL;
  else if (e->op == PTO_OP_LOAD && !c->p->ub_exit
           && (t = tile_at(c, e->args[0])) && t->roles == ROLE_ACC)
    state[t - c->p->tiles] = NULL;
  else if ((t = epilogue_target(c, e)))
    state[t - c->p->tiles] = e;
}

static void check_order(cctx *c, const pto_mir_block *b, order_state state,
                        order_loop *loop, bool report);

/* Loop node ND entered with STATE (left as its exit state).  The
   reporting walk starts from the head's state, so it sees every path;
   the silent walk that computes that state is one walk of the body, so
   nested loops cost their nesting depth times their size.  */
static void
check_loop(cctx *c, const pto_mir_node *nd, order_state state, bool report)
{
  order_loop once = { order_copy(c, NULL), order_copy(c, NULL) };
  order_state s = order_copy(c, state);
  check_order(c, &nd->body, s, &once, false);
  order_merge(c, once.next, s);
  order_merge(c, state, once.next);
  if (report) {
    order_loop again = { order_copy(c, NULL), order_copy(c, NULL) };
    check_order(c, &nd->body, order_copy(c, state), &again, true);
  }
  order_merge(c, state, once.exit);
}

/* Program order of the accumulators' definitions in B, from STATE: an
   epilogue must follow the last pto.matmul into its accumulator
   (order_call).  LOOP is the innermost enclosing loop, NULL outside
   loops.  */
static void
check_order(cctx *c, const pto_mir_block *b, order_state state,
            order_loop *loop, bool report)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *nd = b->items[i];
    const pto_stmt *s = nd->stmt;
    const pto_expr *e = s ? s->value : NULL;
    if (s && s->kind == PTO_S_EVAL && e && e->kind == PTO_E_CALL
        && e->is_op)
      order_call(c, e, state, report);
    else if (s && loop && s->kind == PTO_S_CONTINUE)
      order_merge(c, loop->next, state);
    else if (s && loop && s->kind == PTO_S_BREAK)
      order_merge(c, loop->exit, state);
    if (nd->kind == PTO_MIR_FOR || nd->kind == PTO_MIR_WHILE)
      check_loop(c, nd, state, report);
    else if (nd->kind == PTO_MIR_IF) {
      order_state other = order_copy(c, state);
      check_order(c, &nd->body, state, loop, report);
      check_order(c, &nd->els, other, loop, report);
      order_merge(c, state, other);
    } else {
      check_order(c, &nd->body, state, loop, report);
      check_order(c, &nd->els, state, loop, report);
    }
  }
}

/* The intrinsic call of node N's statement, or NULL.  */
static const pto_expr *
node_call(const pto_mir_node *n)
{
  const pto_stmt *s = n->stmt;
  const pto_expr *e = s ? s->value : NULL;
  return s && s->kind == PTO_S_EVAL && e && e->kind == PTO_E_CALL && e->is_op
         ? e : NULL;
}

/* Calls of op OP whose argument ARG names V, in B and its nested blocks
   (OP < 0: any op).  */
static int
count_calls(const pto_mir_block *b, int op, int arg, const pto_var *v)
{
  int k = 0;
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_expr *e = node_call(n);
    if (e && (op < 0 || (int)e->op == op) && e->nargs > arg
        && e->args[arg]->kind == PTO_E_VAR && e->args[arg]->u.var == v)
      k++;
    k += count_calls(&n->body, op, arg, v) + count_calls(&n->els, op, arg, v);
  }
  return k;
}

static int
count_node(const pto_mir_node *n, int op, int arg, const pto_var *v)
{
  pto_mir_block one = { 0 };
  const pto_mir_node *items[1] = { n };
  one.items = (pto_mir_node **)items;
  one.n = 1;
  return count_calls(&one, op, arg, v);
}

/* Whether B (inside IN_LOOP loops of the walk) holds a return, or a
   break or continue that leaves the walked nodes.  */
static bool
has_jump(const pto_mir_block *b, bool in_loop)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_stmt *s = n->stmt;
    if (s && (s->kind == PTO_S_RETURN
              || (!in_loop && (s->kind == PTO_S_BREAK
                               || s->kind == PTO_S_CONTINUE))))
      return true;
    bool loop = in_loop || n->kind == PTO_MIR_FOR || n->kind == PTO_MIR_WHILE;
    if (has_jump(&n->body, loop) || has_jump(&n->els, loop))
      return true;
  }
  return false;
}

static int esize(const cube_tile *t);

/* Count the loads, reads and other definitions of every operand in B
   (and nested blocks), remembering where the last load and read are.  */
static void
scan_operands(cctx *c, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_expr *e = node_call(n);
    for (int a = 0; e && a < e->nargs && a < 3; a++) {
      cube_tile *t = tile_at(c, e->args[a]);
      if (!t || t->roles != ROLE_OPERAND)
        continue;
      if (e->op == PTO_OP_MATMUL && a > 0) {
        if (a == 2 && tile_at(c, e->args[1]) == t)
          continue;             /* pto.matmul(c, t, t) reads it once */
        t->nread++;
        t->read_in = b;
        t->read_at = i;
      } else if (a == 0 && (e->op == PTO_OP_LOAD
                            || e->op == PTO_OP_LOAD_VALID)) {
        t->nload++;
        t->load_in = b;
        t->load_at = i;
      } else if (a == 0)
        t->ndef++;
    }
    scan_operands(c, &n->body);
    scan_operands(c, &n->els);
  }
}

/* The loop node whose body is B, in B0 and its nested blocks (NULL:
   none).  */
static const pto_mir_node *
loop_of(const pto_mir_block *b0, const pto_mir_block *b)
{
  for (int i = 0; i < b0->n; i++) {
    const pto_mir_node *n = b0->items[i];
    if ((n->kind == PTO_MIR_FOR || n->kind == PTO_MIR_WHILE) && &n->body == b)
      return n;
    const pto_mir_node *r = loop_of(&n->body, b);
    if (!r)
      r = loop_of(&n->els, b);
    if (r)
      return r;
  }
  return NULL;
}

/* Double buffering of the operand loads (option double-buffer, the CCE
   back end only).  An operand with one pto.load (or pto.load_valid)
   and one pto.matmul reading it, both directly in the body of one loop
   (load first), with no break or continue of that loop, no other
   definition and no UB staging, gets two L1 regions: each execution of
   the load writes the other one (the C variable cube_l1_ID names the
   region of the latest load), so the GM -> L1 copies of the next K step
   overlap the L1 -> L0 loads and the mad of this one.  The write after
   read on a region is ordered by an MTE1 -> MTE2 event of its own:
   waited on MTE2 by the load, set on MTE1 by the pto.matmul after its
   reads.  The kernel sets both events of each such operand at its start
   and waits for them at its end (pto_cube_finish); every iteration
   consumes one event in the load and sets it again in the pto.matmul,
   so at the loop's head and exit both are pending.  Kernels with a
   return statement are not double-buffered (each return would need the
   waits), nor kernels with more such operands than the arch has event
   ids for beyond 0, the complete pairs' (three of 8 on dav-c220, one of
   4 on dav-m200: one double-buffered operand next to a single-buffered
   one gains nothing, the latter's complete MTE1 -> MTE2 pair after each
   pto.matmul holds back every later load on MTE2, in order), nor when
   the doubled regions would take more than half of L1.  */
static void
choose_db(cctx *c)
{
  if (!c->k->cube_dbuf || !c->k->double_buffer
      || has_jump(&c->k->src, true))
    return;
  scan_operands(c, &c->k->src);
  int64_t need = 0;
  int nd = 0;
  for (int i = 0; i < c->p->n; i++) {
    cube_tile *t = &c->p->tiles[i];
    if (t->roles != ROLE_OPERAND)
      continue;
    int64_t sz = (int64_t)t->var->type->rows * t->var->type->cols * esize(t);
    int64_t r = (sz + FRACTAL16 - 1) / FRACTAL16 * FRACTAL16;
    const pto_mir_node *loop = t->nload == 1 && t->nread == 1 && !t->ndef
                               && !t->staged && t->load_in == t->read_in
                               && t->load_at < t->read_at
                               ? loop_of(&c->k->src, t->load_in) : NULL;
    bool db = loop && !has_jump(&loop->body, false);
    need += db ? 2 * r : r;
    if (db) {
      t->ev = 1 + 2 * nd++;
      t->rsz = r;
    }
  }
  if (need > c->k->arch->l1 / 2 || nd > (c->k->arch->events - 1) / 2)
    for (int i = 0; i < c->p->n; i++)
      c->p->tiles[i].ev = 0, c->p->tiles[i].rsz = 0;
}

/* dav-c220: the bias epilogue E = pto.col_expand_add(c, c, r), item IE
   of block B, is applied by the first mad after pto.fill(c, 0) (its
   bias-table form takes the initial C from the bias table), so it must
   hold for every product of C: in B, a pto.fill(c, 0) before E; every
   pto.matmul into c of the kernel between the two; the one pto.load of
   r in B before the first of them; between the fill and E no store or
   ReLU of c (they would see the bias early) and no jump out.  */
static void
check_bias_at(cctx *c, const pto_mir_block *b, int ie, const pto_expr *e,
              const cube_tile *t)
{
  const pto_var *cv = t->var, *rv = c->p->tiles[t->bias].var;
  int fi = -1, first = -1, li = -1, inside = 0;
  const char *why = NULL;
  for (int i = ie - 1; i >= 0 && fi < 0; i--) {
    const pto_expr *x = node_call(b->items[i]);
    if (x && x->op == PTO_OP_FILL && x->args[0]->kind == PTO_E_VAR
        && x->args[0]->u.var == cv && pto_e_is_zero(x->args[1]))
      fi = i;
  }
  for (int i = 0; i < ie; i++) {
    if (count_node(b->items[i], PTO_OP_LOAD, 0, rv))
      li = i;
    int m = count_node(b->items[i], PTO_OP_MATMUL, 0, cv);
    if (m && i > fi && first < 0)
      first = i;
    if (i > fi)
      inside += m;
  }
  if (fi < 0)
    why = "no pto.fill(c, 0) before it in its block";
  else if (first < 0 || inside != count_calls(&c->k->src, PTO_OP_MATMUL, 0, cv))
    why = "the pto.matmuls into c are not all between pto.fill(c, 0) and "
          "the epilogue in one block";
  else if (count_calls(&c->k->src, PTO_OP_LOAD, 0, rv) != 1 || li < 0
           || li >= first)
    why = "the bias must be loaded once, in the epilogue's block, before "
          "the first pto.matmul of the product";
  else
    for (int i = fi + 1; i < ie && !why; i++) {
      const pto_mir_node *n = b->items[i];
      pto_mir_block one = { (pto_mir_node **)&b->items[i], 1, 1 };
      if (count_node(n, PTO_OP_STORE, 2, cv)
          || count_node(n, PTO_OP_STORE_VALID, 2, cv))
        why = "c is stored between pto.fill(c, 0) and the bias";
      else if (count_node(n, PTO_OP_RELU, 0, cv)
               || count_node(n, PTO_OP_MAXS, 0, cv))
        why = "a ReLU on c comes before the bias";
      else if (has_jump(&one, false))
        why = "a jump may skip the bias epilogue";
    }
  if (!why)
    return;
  pto_sorry(c->diag, e->loc,
            "bias epilogue pto.col_expand_add(%s, %s, %s): on %s the bias "
            "enters the first mad of the product (the bias table), so "
            "pto.fill(%s, 0), the pto.load of %s, every pto.matmul into %s "
            "and this epilogue must follow one another in one block: %s",
            cv->name, cv->name, rv->name, c->k->arch->name, cv->name,
            rv->name, cv->name, why);
  c->errors++;
}

static void
check_bias(cctx *c, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_expr *e = node_call(n);
    cube_tile *t;
    if (e && bias_form(e) && (t = tile_at(c, e->args[0]))
        && t->roles == ROLE_ACC && t->bias >= 0)
      check_bias_at(c, b, i, e, t);
    check_bias(c, &n->body);
    check_bias(c, &n->els);
  }
}

/* Whether node N writes accumulator V (any op with V as operand 1).  */
static bool
writes_acc(const pto_mir_node *n, const pto_var *v)
{
  return count_node(n, -1, 0, v) > 0;
}

/* Whether N is a pto.store / pto.store_valid of OUT tile T.  */
static bool
is_out_store(const pto_mir_node *n, const cube_tile *t)
{
  const pto_expr *x = node_call(n);
  return x && (x->op == PTO_OP_STORE || x->op == PTO_OP_STORE_VALID)
         && x->args[2]->kind == PTO_E_VAR && x->args[2]->u.var == t->var;
}

/* Whether N ends a run of stores of OUT tile T (accumulator A): it
   changes A or T's deq words, or converts into T again.  */
static bool
ends_out_run(const pto_mir_node *n, const cube_tile *t, const cube_tile *a)
{
  return writes_acc(n, a->var) || count_node(n, PTO_OP_CAST, 0, t->var)
         || count_node(n, PTO_OP_DEQUANT, 0, t->var)
         || count_node(n, PTO_OP_COL_DEQUANT, 0, t->var)
         || (t->wvar && writes_acc(n, t->wvar));
}

/* The stores of OUT tile T that follow one of its pto.casts in B (and
   the blocks nested in it) in the cast's block, before a write of its
   accumulator A or the next cast.  */
static int
out_stores_after_cast(const pto_mir_block *b, const cube_tile *t,
                      const cube_tile *a)
{
  int k = 0;
  for (int i = 0; i < b->n; i++) {
    const pto_expr *e = node_call(b->items[i]);
    if (!(e && out_conv(e) && e->args[0]->kind == PTO_E_VAR
          && e->args[0]->u.var == t->var)) {
      k += out_stores_after_cast(&b->items[i]->body, t, a)
           + out_stores_after_cast(&b->items[i]->els, t, a);
      continue;
    }
    for (int j = i + 1; j < b->n; j++) {
      if (is_out_store(b->items[j], t))
        k++;
      else if (ends_out_run(b->items[j], t, a))
        break;
    }
  }
  return k;
}

/* The first store of OUT tile T in B (and nested blocks) that does not
   follow a pto.cast of T as out_stores_after_cast requires (NULL: none);
   after AFTER_CAST is true inside the run of such stores.  */
static const pto_expr *
bad_out_store(const pto_mir_block *b, const cube_tile *t, const cube_tile *a)
{
  bool after_cast = false;
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_expr *e = node_call(n);
    if (e && out_conv(e) && e->args[0]->kind == PTO_E_VAR
        && e->args[0]->u.var == t->var) {
      after_cast = true;
      continue;
    }
    if (is_out_store(n, t)) {
      if (!after_cast)
        return e;
      continue;
    }
    if (ends_out_run(n, t, a))
      after_cast = false;
    const pto_expr *x = bad_out_store(&n->body, t, a);
    if (!x)
      x = bad_out_store(&n->els, t, a);
    if (x)
      return x;
  }
  return NULL;
}

/* dav-c220 OUT tile T: the fixpipe reads its accumulator at each store,
   so every store of T follows a pto.cast of T in the same block before
   the accumulator changes (or T is cast again).  A store that does not
   is reported at its own location.  */
static void
check_out(cctx *c, const cube_tile *t)
{
  const cube_tile *a = &c->p->tiles[t->src];
  const pto_var *v = t->var;
  const pto_mir_block *top = &c->k->src;
  int stores = count_calls(top, PTO_OP_STORE, 2, v)
               + count_calls(top, PTO_OP_STORE_VALID, 2, v);
  const char *why = NULL;
  pto_loc loc = v->loc;
  if (stores != out_stores_after_cast(top, t, a)) {
    why = t->wvar
            ? "every store of it must follow a pto.col_dequant into it in "
              "the same block, before the accumulator or the deq words "
              "change"
          : t->deq ? "every store of it must follow a pto.dequant into it "
                   "in the same block, before the accumulator changes"
                 : "every store of it must follow a pto.cast into it in "
                   "the same block, before the accumulator changes";
    const pto_expr *bad = bad_out_store(top, t, a);
    if (bad)
      loc = bad->loc;
  }
  if (!why)
    return;
  pto_sorry(c->diag, loc,
            "tile '%s' converts pto.matmul accumulator '%s' in the fixpipe "
            "on its way to GM (%s): %s", v->name, a->var->name,
            c->k->arch->name, why);
  c->errors++;
}

/* ------------------------------------------------------------------ */
/* Placement                                                           */
/* ------------------------------------------------------------------ */

/* The CCE element type of operand T in L1 / L0A / L0B: "half", or
   "bfloat16_t" for a bf16 operand (dav-c220; runtime/cce-api.h).  */
static const char *
opnd_ctype(const cube_tile *t)
{
  return pto_mir_ctype(t->var->type->dtype);
}

/* The bytes of one element of tile T.  */
static int
esize(const cube_tile *t)
{
  return pto_dtype_bytes(t->var->type->dtype);
}

/* The create_cbuf_matrix call zeroing BLOCKS 32 B blocks of L1 at ADDR
   for tile T (one repeat).  Zero has the same bits in every dtype, so a
   1- or 2-byte tile is zeroed as half; a 4-byte one takes the vendor's
   float form, the value a uint32_t bit pattern (asc-devkit C220
   kernel_operator_mm_impl.h, InitL1BufferCal: float and int32_t pass
   static_cast<uint32_t>(GetScalarBitcodeValue(v))).  */
static void
zero_l1(pto_buf *b, const cube_tile *t, const char *addr, long long blocks)
{
  bool wide = esize(t) == 4;
  pto_buf_printf(b, "create_cbuf_matrix((__cbuf__ %s *)(%s), "
                 "(int64_t)%lld << 16 | 1, %s);\n",
                 wide ? "float" : "half", addr, blocks,
                 wide ? "(uint32_t)0" : "(half)0");
}

/* C0 of operand T: the elements in one 32 B row of a fractal, the width
   of its L1 column blocks (16 for fp16 / bf16, 32 for int8).  */
static int64_t
opnd_c0(const cube_tile *t)
{
  return 32 / esize(t);
}

/* The CCE element type of accumulator T in L0C: "float", or "int32_t"
   for the product of int8 operands.  */
static const char *
acc_ctype(const cube_tile *t)
{
  return pto_mir_ctype(t->var->type->dtype);
}

/* The fixpipe's QuantPRE from f32 to the 16-bit float DT (stub_fun.h
   QuantMode_t).  */
static const char *
quant_to(pto_dtype dt)
{
  return dt == PTO_DT_BF16 ? "F322BF16" : "F322F16";
}

/* An int8 operand or the int32 accumulator of int8 operands.  dav-c220
   multiplies them (mad's int32_t += int8_t x int8_t form; an int8
   operand holds 16 x 32 fractals, its L1 column blocks are 32 elements
   wide, so its columns are a multiple of 32, and the K x N operand
   reaches L0B through load_cbuf_to_cb_transpose's 32 x 32 transposes:
   runtime/cce-api.h).  dav-c100 / dav-m200 have the int8 mad
   (dav_m200/kernel_operator_mm_impl.h, MmadCal) but no transposing L1
   -> L0B load of int8 (impl/basic_api/dav_m200 calls no
   load_cbuf_to_cb_transpose): a located error naming dav-c220.  */
static bool
s8_tile_ok(cctx *c, const cube_tile *t)
{
  const pto_type *ty = t->var->type;
  bool acc = t->roles == ROLE_ACC;
  if (c->k->arch->isa == PTO_ISA_V200) {
    pto_error(c->diag, t->var->loc,
              "pto.matmul %s '%s' is %s: %s's cube path has no int8 "
              "matmul (no transposing L1 -> L0B load of int8 operands); "
              "build for dav-c220 (Atlas A2/A3, -fplugin-arg-pto-arch="
              "dav-c220) or dequantize the operands to fp16 tiles",
              acc ? "accumulator" : "operand", t->var->name,
              acc ? "int32" : "int8", c->k->arch->name);
    c->errors++;
    return false;
  }
  int64_t cols = acc ? 16 : 32;
  if (ty->rows % 16 || ty->cols % cols) {
    pto_error(c->diag, t->var->loc,
              "pto.matmul %s '%s' is %dx%d: int8 matmuls need rows that "
              "are multiples of 16 and columns that are multiples of %lld "
              "(%s)", acc ? "accumulator" : "operand", t->var->name,
              ty->rows, ty->cols, (long long)cols,
              acc ? "16 x 16 int32 fractals"
                  : "16 x 32 int8 fractals; K x N operands are transposed "
                    "to L0B in 32 x 32 squares");
    c->errors++;
    return false;
  }
  return true;
}

/* A bf16 operand: dav-c220 multiplies bf16 (mad's bfloat16_t forms,
   runtime/cce-api.h); dav-c100 / dav-m200 have no bf16 at all
   (asc-devkit dav_m200/kernel_operator_mm_impl.h, MmadCal: fp16 and
   int8), a located error that says which arch to build for.  */
static bool
bf16_operand_ok(cctx *c, const cube_tile *t)
{
  if (c->k->arch->isa != PTO_ISA_V200)
    return true;
  pto_error(c->diag, t->var->loc,
            "pto.matmul operand '%s' is bf16: %s has no bf16 mad (its cube "
            "takes fp16 operands); build for dav-c220 (Atlas A2/A3, "
            "-fplugin-arg-pto-arch=dav-c220) or pto_cast the operands to "
            "fp16 tiles", t->var->name, c->k->arch->name);
  c->errors++;
  return false;
}

/* An f32 operand (pto.h's table).  dav-c220 multiplies f32 the way
   the vendor's example does (asc-devkit examples/01_simd_cpp_api/
   03_basic_api/03_matrix_compute/load_data_l12l0/load_data_l12l0.asc:
   scenario 11 for the M x K operand, 14 for the K x N one): the M x K
   operand in L1 as NZ column blocks of 8 (16 x 8 fractals), to L0A by
   load_cbuf_to_ca; the K x N operand in L1 in the ZZ layout (fractal
   (ko, j) of rows 16ko.. and columns 8j.. at ko * N/8 + j, written by
   copy_gm_to_cbuf_multi_nd2nz_b32s with one ND matrix per 16 rows, as
   CopyInB1 does), to L0B by load_cbuf_to_cb_transpose, whose float form
   transposes two consecutive 16 x 8 fractals as one 16 x 16 square
   (LoadDataWithTranspose.md; the NZ layout does not put them next to
   each other); then mad's float x float form (MmadCal).  One tile can
   hold only one of the two layouts: read as both operands it is a
   located sorry.  3510 (a different transposing load,
   dav_3510/kernel_operator_mm_impl.h LoadData2DL12L0BTransposeCal with
   LoadData2dTransposeParamsV2) is a located sorry too; dav-c100 /
   dav-m200 have no f32 mad (dav_m200/kernel_operator_mm_impl.h,
   MmadCal: f16 and int8), a located error.  */
static bool
f32_ok(cctx *c, cube_tile *t)
{
  const pto_type *ty = t->var->type;
  pto_buf tb = { 0 };
  pto_type_print(&tb, ty);
  bool ok = false;
  if (c->p->ub_exit)
    pto_error(c->diag, t->var->loc,
              "pto.matmul operand '%s' is %s: %s has no f32 x f32 mad "
              "(its cube takes fp16 operands); build for dav-c220 (Atlas "
              "A2/A3, -fplugin-arg-pto-arch=dav-c220) or pto_cast the "
              "operands to fp16 tiles", t->var->name, tb.s,
              c->k->arch->name);
  else if (strcmp(c->k->arch->name, "dav-c220"))
    pto_sorry(c->diag, t->var->loc,
              "pto.matmul operand '%s' is %s: the CCE back end lowers f32 "
              "x f32 matmuls for dav-c220 only (%s transposes f32 into "
              "L0B with another load); build for dav-c220, run it under "
              "sim=jit, or emit PTO-ISA C++ (-fplugin-arg-pto-emit="
              "pto-isa: its TMATMUL takes f32)", t->var->name, tb.s,
              c->k->arch->name);
  else {
    t->zz = t->as_b;
    ok = true;
  }
  pto_buf_free(&tb);
  if (!ok)
    c->errors++;
  return ok;
}

static bool
shape_ok(cctx *c, cube_tile *t, pto_dtype want)
{
  const pto_type *ty = t->var->type;
  if (want == PTO_DT_F16 && ty->dtype == PTO_DT_BF16) {
    if (!bf16_operand_ok(c, t))
      return false;
    want = PTO_DT_BF16;
  }
  if ((want == PTO_DT_F16 && ty->dtype == PTO_DT_I8)
      || (want == PTO_DT_F32 && ty->dtype == PTO_DT_I32))
    return s8_tile_ok(c, t);
  if (want == PTO_DT_F16 && ty->dtype == PTO_DT_F32 && c->k->cube_f32
      && !c->p->ub_exit)
    want = PTO_DT_F32;   /* the back end's TMATMUL takes f32 (mir.h) */
  if (ty->dtype != want && want == PTO_DT_F16 && ty->dtype == PTO_DT_F32) {
    if (!f32_ok(c, t))
      return false;
    want = PTO_DT_F32;
  }
  if (ty->dtype != want) {
    pto_buf tb = { 0 };
    pto_type_print(&tb, ty);
    pto_sorry(c->diag, t->var->loc,
              "pto.matmul %s '%s' is %s: the cube path takes f16 or bf16 "
              "operands and an f32 accumulator", t->roles & ROLE_ACC ? "accumulator"
                                                          : "operand",
              t->var->name, tb.s);
    pto_buf_free(&tb);
    c->errors++;
    return false;
  }
  if (ty->rows % 16 || ty->cols % 16) {
    pto_sorry(c->diag, t->var->loc,
              "pto.matmul tile '%s' is %dx%d: the cube path needs rows and "
              "columns that are multiples of 16 (16x16 fractals)",
              t->var->name, ty->rows, ty->cols);
    c->errors++;
    return false;
  }
  return true;
}

/* A bias tile must be a 1 x N f32 row of its accumulator's N columns
   (the bias table holds f32; pto.col_expand_add's verifier rule already
   asks for 1 x N of the accumulator's dtype).  */
static bool
bias_shape_ok(cctx *c, const cube_tile *t)
{
  const pto_type *ty = t->var->type;
  if (ty->dtype == PTO_DT_F32 && ty->rows == 1 && ty->cols % 16 == 0)
    return true;
  pto_buf tb = { 0 };
  pto_type_print(&tb, ty);
  pto_error(c->diag, t->var->loc,
            "bias '%s' of a pto.matmul accumulator is %s: on %s the bias "
            "table takes a 1 x N f32 row, N the accumulator's columns",
            t->var->name, tb.s, c->k->arch->name);
  pto_buf_free(&tb);
  c->errors++;
  return false;
}

/* Bump-allocate the tiles of role R in a buffer of CAP bytes named
   SPACE; a located error listing them when they do not fit.  */
static void
place(cctx *c, role r, int64_t cap, int esz, int align, const char *space)
{
  int64_t used = 0;
  for (int i = 0; i < c->p->n; i++) {
    cube_tile *t = &c->p->tiles[i];
    if (t->roles != (unsigned)r)
      continue;
    t->size = (int64_t)t->var->type->rows * t->var->type->cols
              * (esz ? esz : esize(t));
    t->off = (used + align - 1) / align * align;
    used = t->off + t->rsz + t->size;
  }
  if (used <= cap)
    return;
  pto_buf names = { 0 };
  for (int i = 0; i < c->p->n; i++) {
    const cube_tile *t = &c->p->tiles[i];
    if (t->roles == (unsigned)r)
      pto_buf_printf(&names, "%s%s (%lld bytes)", names.s ? ", " : "",
                     t->var->name, (long long)t->size);
  }
  pto_error(c->diag, c->k->func->loc,
            "the pto.matmul %s of kernel '%s' need %lld bytes of %s, more "
            "than the %lld of %s: %s", r == ROLE_ACC ? "accumulators"
                                       : r == ROLE_BIAS ? "biases"
                                                        : "operands",
            c->k->func->name, (long long)used, space, (long long)cap,
            c->k->arch->name, names.s);
  pto_buf_free(&names);
  c->errors++;
}

/* dav-c220: the L1 staging region of each bias tile (GM -> L1 -> bias
   table), of each accumulator loaded from GM (GM -> L1 -> L0C) and the
   region of each WORDS tile, after the operands' (512 B aligned), then
   the zero region of the stores with no mad (zero_mad: max(M, N)/16
   fractals of the largest accumulator), in the L1 of CAP bytes.  */
static void
place_bias_l1(cctx *c, int64_t cap)
{
  int64_t used = 0, zero = 0;
  for (int i = 0; i < c->p->n; i++)
    if (c->p->tiles[i].roles == ROLE_OPERAND
        && c->p->tiles[i].off + c->p->tiles[i].rsz + c->p->tiles[i].size > used)
      used = c->p->tiles[i].off + c->p->tiles[i].rsz + c->p->tiles[i].size;
  for (int i = 0; i < c->p->n; i++) {
    cube_tile *t = &c->p->tiles[i];
    if (t->roles == ROLE_ACC && !c->p->ub_exit && c->k->cube_zero_mad) {
      int64_t r = t->var->type->rows, k = t->var->type->cols;
      if ((r > k ? r : k) / 16 * FRACTAL16 > zero)
        zero = (r > k ? r : k) / 16 * FRACTAL16;
    }
    if (t->roles == ROLE_WORDS) {
      /* The deq words: 8 B per column, read by the fixpipe buffer copy
         from off (= l1off).  */
      t->size = (int64_t)t->var->type->rows * t->var->type->cols * 8;
      t->l1off = t->off = (used + FRACTAL16 - 1) / FRACTAL16 * FRACTAL16;
      used = t->l1off + t->size;
    } else if (t->roles == ROLE_BIAS || (t->roles == ROLE_ACC && t->loaded)) {
      t->l1off = (used + FRACTAL16 - 1) / FRACTAL16 * FRACTAL16;
      used = t->l1off + t->size;
    } else
      continue;
    if (used > cap) {
      pto_error(c->diag, t->var->loc,
                "the L1 staging of %s '%s' ends at byte %lld, past the "
                "%lld of %s (the pto.matmul operands take the rest)",
                t->roles == ROLE_BIAS ? "bias"
                : t->roles == ROLE_WORDS ? "deq words" : "accumulator",
                t->var->name, (long long)used, (long long)cap,
                c->k->arch->name);
      c->errors++;
      return;
    }
  }
  c->p->zero_l1 = (used + FRACTAL16 - 1) / FRACTAL16 * FRACTAL16;
  c->p->zero_size = zero;
  if (zero && c->p->zero_l1 + zero > cap) {
    pto_error(c->diag, c->k->func->loc,
              "the L1 zeros of the stores with no pto.matmul end at byte "
              "%lld, past the %lld of %s (the pto.matmul operands and "
              "staging take the rest)", (long long)(c->p->zero_l1 + zero),
              (long long)cap, c->k->arch->name);
    c->errors++;
  }
}

/* A node of C text TEXT on pipe PIPE appended to OUT; the caller adds
   the accesses sync.c must see.  */
static pto_mir_node *
text_node(pto_mir_kernel *k, pto_mir_block *out, pto_loc loc, pto_pipe pipe,
          const char *text)
{
  pto_mir_node *n = pto_mir_new(k, PTO_MIR_SCALAR, loc);
  n->pipe = pipe;
  n->text = pto_arena_strdup(k->prog->arena, text);
  pto_mir_push(out, n);
  return n;
}

/* The plan as a comment and the cube_init_ID variables, at the top of
   the kernel body.  */
static void
declare(cctx *c)
{
  pto_buf t = { 0 };
  pto_buf_printf(&t, "cube plan for %s: L0A/L0B staging at 0", c->k->arch->name);
  for (int i = 0; i < c->p->n; i++) {
    const cube_tile *ct = &c->p->tiles[i];
    pto_buf_printf(&t, "\n   %-16s %s [%lld, %lld)", ct->var->name,
                   ct->roles == ROLE_ACC ? "L0C" : ct->roles == ROLE_BIAS
                   ? "BT " : "L1 ", (long long)ct->off,
                   (long long)(ct->off + ct->size));
    if (ct->roles == ROLE_WORDS)
      pto_buf_puts(&t, ", deq words");
    if (ct->roles == ROLE_BIAS || (ct->roles == ROLE_ACC && ct->loaded))
      pto_buf_printf(&t, ", staged in L1 [%lld, %lld)", (long long)ct->l1off,
                     (long long)(ct->l1off + ct->size));
    if (ct->ev)
      pto_buf_printf(&t, " and [%lld, %lld), double-buffered "
                     "(EVENT_ID%d, EVENT_ID%d)", (long long)(ct->off + ct->rsz),
                     (long long)(ct->off + ct->rsz + ct->size), ct->ev,
                     ct->ev + 1);
  }
  if (c->p->zero_size)
    pto_buf_printf(&t, "\n   %-16s L1  [%lld, %lld)", "(stores, no mad)",
                   (long long)c->p->zero_l1,
                   (long long)(c->p->zero_l1 + c->p->zero_size));
  pto_mir_node *n = pto_mir_new(c->k, PTO_MIR_COMMENT, c->k->func->loc);
  n->text = pto_arena_strdup(c->k->prog->arena, t.s);
  pto_mir_push(&c->k->body, n);
  pto_buf_free(&t);
  for (int i = 0; i < c->p->n; i++)
    if (c->p->tiles[i].roles == ROLE_ACC) {
      char *d = pto_arena_printf(c->k->prog->arena,
                                 "int32_t cube_init_%u = 1;",
                                 c->p->tiles[i].var->id);
      text_node(c->k, &c->k->body, c->k->func->loc, PTO_PIPE_S, d);
      if (c->p->tiles[i].relu)
        text_node(c->k, &c->k->body, c->k->func->loc, PTO_PIPE_S,
                  pto_arena_printf(c->k->prog->arena,
                                   "uint8_t cube_relu_%u = 0;",
                                   c->p->tiles[i].var->id));
    } else if (c->p->tiles[i].ev) {
      /* The region of the latest load (the first goes to region 0), and
         both regions free.  */
      const cube_tile *t = &c->p->tiles[i];
      text_node(c->k, &c->k->body, c->k->func->loc, PTO_PIPE_S,
                pto_arena_printf(c->k->prog->arena,
                                 "int32_t cube_l1_%u = 1;\n"
                                 "set_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID%d);\n"
                                 "set_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID%d);",
                                 t->var->id, t->ev, t->ev + 1));
    } else if (c->p->tiles[i].roles == ROLE_OUT && c->p->tiles[i].deq) {
      /* The scale of the latest pto.dequant into the out tile.  */
      text_node(c->k, &c->k->body, c->k->func->loc, PTO_PIPE_S,
                pto_arena_printf(c->k->prog->arena,
                                 "float cube_deq_%u = 0.0f;",
                                 c->p->tiles[i].var->id));
    } else if (c->p->tiles[i].roles == ROLE_WORDS && !c->k->cube_zero_mad) {
      /* backend/ptoisa: the words' GM address, for a store when no mad
         ran.  */
      text_node(c->k, &c->k->body, c->k->func->loc, PTO_PIPE_S,
                pto_arena_printf(c->k->prog->arena,
                                 "__gm__ const uint64_t *cube_words_%u = 0;",
                                 c->p->tiles[i].var->id));
    } else if (c->p->tiles[i].roles == ROLE_BIAS && !c->k->cube_zero_mad) {
      /* backend/ptoisa: the bias row's GM address, for its store when
         no mad ran (the CCE back end's zero_mad needs none).  */
      text_node(c->k, &c->k->body, c->k->func->loc, PTO_PIPE_S,
                pto_arena_printf(c->k->prog->arena,
                                 "__gm__ float *cube_bias_%u = 0;",
                                 c->p->tiles[i].var->id));
    }
}

int
pto_cube_plan(pto_mir_kernel *k, pto_diag *diag)
{
  if (k->cube)
    return k->cube->errors;
  plan *p = pto_arena_alloc(k->prog->arena, sizeof *p);
  memset(p, 0, sizeof *p);
  cctx c = { k, diag, p, 0 };
  k->cube = p;
  collect_block(&c, &k->src);
  if (!p->n || c.errors)
    return p->errors = c.errors;
  p->ub_exit = pto_cube_ub_exit(k->arch);
  if (!p->ub_exit) {
    collect_bias(&c, &k->src);
    collect_out(&c, &k->src);
  } else
    collect_staged(&c, &k->src);
  check_block(&c, &k->src);
  if (!c.errors) {
    check_order(&c, &k->src, order_copy(&c, NULL), NULL, true);
  }
  if (!c.errors && !p->ub_exit)
    check_bias(&c, &k->src);
  for (int i = 0; i < p->n && !c.errors; i++)
    if (p->tiles[i].roles == ROLE_OUT)
      check_out(&c, &p->tiles[i]);
  for (int i = 0; i < p->n; i++) {
    cube_tile *t = &p->tiles[i];
    if (t->roles == ROLE_ACC)
      shape_ok(&c, t, PTO_DT_F32);
    else if (t->roles == ROLE_OPERAND)
      shape_ok(&c, t, PTO_DT_F16);
    else if (t->roles == ROLE_BIAS)
      bias_shape_ok(&c, t);
  }
  if (!c.errors) {
    choose_db(&c);
    place(&c, ROLE_OPERAND, k->arch->l1, 0, FRACTAL16, "L1");
    place(&c, ROLE_ACC, k->arch->l0c, 4, FRACTAL32, "L0C");
    place(&c, ROLE_BIAS, k->arch->bt, 4, 64, "the bias table");
    if (!c.errors)
      place_bias_l1(&c, k->arch->l1);
  }
  p->errors = c.errors;
  if (!c.errors)
    declare(&c);
  return c.errors;
}

bool
pto_cube_needs_ub(const pto_mir_kernel *k, const pto_var *v)
{
  const cube_tile *t = k->cube ? find_tile(k->cube, v) : NULL;
  return !t || (t->roles == ROLE_ACC && k->cube->ub_exit) || t->staged;
}

/* ------------------------------------------------------------------ */
/* Lowering                                                            */
/* ------------------------------------------------------------------ */

/* A complete set_flag/wait_flag pair FROM -> TO (pipe names as text).  */
static void
pair(cctx *c, pto_mir_block *out, pto_loc loc, const char *from,
     const char *to)
{
  char *t = pto_arena_printf(c->k->prog->arena,
                             "set_flag(%s, %s, EVENT_ID0);\n"
                             "wait_flag(%s, %s, EVENT_ID0);",
                             from, to, from, to);
  text_node(c->k, out, loc, PTO_PIPE_S, t);
}

static char *
expr_c(cctx *c, const pto_expr *e)
{
  pto_buf b = { 0 };
  pto_cce_expr(&b, c->k, e);
  char *s = pto_arena_strdup(c->k->prog->arena, b.s ? b.s : "");
  pto_buf_free(&b);
  return s;
}

static bool const_int(const pto_expr *e, int64_t *v);

/* A constant GM row stride of tile NAME below its COLS columns (ROWS >
   1) is a located error (pto.h: a row stride is at least the columns; reference
   mode and sim=jit stop at run time).  0 when RS is fine.  */
static int
stride_below_cols(cctx *c, pto_loc loc, const char *name, const pto_expr *rs,
                  int64_t rows, int64_t cols)
{
  int64_t v;
  if (rows == 1 || !const_int(rs, &v) || v >= cols)
    return 0;
  pto_error(c->diag, loc,
            "the GM row stride %lld of tile '%s' is less than its %lld "
            "columns", (long long)v, name, (long long)cols);
  c->errors++;
  return -1;
}

/* The GM row stride RS of a fixpipe store of a ROWS x COLS accumulator
   as C text (dstStride, in elements), NULL after a located error.  */
static const char *
store_stride_c(cctx *c, pto_loc loc, const char *name, const pto_expr *rs,
               int64_t rows, int64_t cols)
{
  if (stride_below_cols(c, loc, name, rs, rows, cols))
    return NULL;
  return expr_c(c, rs);
}

/* How a GM -> L1 transfer of a ROWS x COLS tile meets its GM row stride
   RS.  The fast form (RS_FAST) moves a column block of all rows per DMA
   and needs RS a multiple of DIV elements and at most MAXV (its gap,
   RS / DIV - SUB, is a 16-bit count of 32 B blocks; a ZZ operand's DMA
   has its own limit); a constant stride it cannot take is moved one row
   per DMA (RS_ROWS), and a run-time one gets both forms and a test
   (RS_TEST), so that every row stride pto.h allows is right.  */
typedef struct {
  enum { RS_FAST, RS_ROWS, RS_TEST } way;
  const char *rs;   /* RS as C text */
  const char *gap;  /* RS_FAST, RS_TEST: RS / DIV - SUB as C text */
  const char *test; /* RS_TEST: whether the fast form takes RS */
} rs_form;

/* Fill F for RS (see rs_form); -1 after a located error.  */
static int
stride_form(cctx *c, pto_loc loc, const char *name, const pto_expr *rs,
            int64_t rows, int64_t cols, int64_t div, int64_t sub, int64_t maxv,
            rs_form *f)
{
  pto_arena *a = c->k->prog->arena;
  int64_t v;
  if (stride_below_cols(c, loc, name, rs, rows, cols))
    return -1;
  f->rs = expr_c(c, rs);
  f->test = NULL;
  if (rows == 1) {
    f->way = RS_FAST; /* one burst: no gap */
    f->gap = "0";
  } else if (const_int(rs, &v)) {
    f->way = v % div || v > maxv ? RS_ROWS : RS_FAST;
    f->gap = pto_arena_printf(a, "%lld", (long long)(v / div - sub));
  } else {
    f->way = RS_TEST;
    f->gap = div == 1 && sub == 0
                 ? f->rs
                 : pto_arena_printf(a, "(%s) / %lld - %lld", f->rs,
                                    (long long)div, (long long)sub);
    f->test = div == 1
                  ? pto_arena_printf(a, "(int64_t)(%s) <= %lld", f->rs,
                                     (long long)maxv)
                  : pto_arena_printf(a, "(int64_t)(%s) %% %lld == 0 && "
                                     "(int64_t)(%s) <= %lld", f->rs,
                                     (long long)div, f->rs, (long long)maxv);
  }
  return 0;
}

/* Append TEXT to B, each line indented by two spaces.  */
static void
put_indented(pto_buf *b, const char *text)
{
  pto_buf_puts(b, "  ");
  for (const char *p = text; *p; p++) {
    pto_buf_putc(b, *p);
    if (*p == '\n' && p[1])
      pto_buf_puts(b, "  ");
  }
}

/* Append to B the form of F's way: FAST, ROWS, or both under F's test.  */
static void
put_by_stride(pto_buf *b, const rs_form *f, const char *fast,
              const char *rows)
{
  if (f->way == RS_FAST) {
    pto_buf_puts(b, fast);
    return;
  }
  if (f->way == RS_ROWS) {
    pto_buf_puts(b, rows);
    return;
  }
  pto_buf_printf(b, "if (%s) {\n", f->test);
  put_indented(b, fast);
  pto_buf_puts(b, "\n} else {\n");
  put_indented(b, rows);
  pto_buf_puts(b, "\n}");
}

/* The row-by-row form of a GM -> L1 copy: for each of ROWS rows one
   copy_gm_to_cbuf of NB bursts of LB 32 B blocks from GM row r (GM, of
   element type CT, plus r RS elements) to L1 at DST (C text in r__),
   DSTGAP blocks between the bursts.  */
static const char *
rows_copy(cctx *c, const char *ct, int64_t rows, const char *dst,
          const char *gm, const char *rs, int64_t nb, int64_t lb,
          int64_t dstgap)
{
  return pto_arena_printf(
      c->k->prog->arena,
      "for (int32_t r__ = 0; r__ < %lld; ++r__)\n"
      "  copy_gm_to_cbuf((__cbuf__ %s *)(%s), (__gm__ %s *)(%s) + "
      "(int64_t)r__ * (%s), 0, %lld, %lld, 0, %lld, PAD_NONE);",
      (long long)rows, ct, dst, ct, gm, rs, (long long)nb, (long long)lb,
      (long long)dstgap);
}

/* The L1 address of byte AT of operand T as C text: for a
   double-buffered one, in the region of the latest load.  */
static const char *
l1_at(cctx *c, const cube_tile *t, int64_t at)
{
  if (!t->ev)
    return pto_arena_printf(c->k->prog->arena, "(uintptr_t)%lld",
                            (long long)(t->off + at));
  return pto_arena_printf(c->k->prog->arena,
                          "(uintptr_t)(%lld + %lld * cube_l1_%u)",
                          (long long)(t->off + at), (long long)t->rsz,
                          t->var->id);
}

/* Whether the wait and set of this load of double-buffered operand T
   are kept: each such load counts as one sync of the kernel, and the
   debug option drop-sync (backend/cce/cce.h) may drop it, so that a
   test sees the simulator report the race it orders.  */
static bool
db_keep(cctx *c, const cube_tile *t)
{
  if (!t->ev)
    return true;
  c->k->nsync++;
  return !(c->k->drop_sync && c->k->nsync == c->k->drop_sync);
}

/* Double-buffered operand T: a load switches to the other region and
   waits until the reads of it are done (DB_BEGIN, unless KEEP is false);
   the pto.matmul sets the event after its reads (db_read).  See
   choose_db.  */
static void
db_begin(pto_buf *b, const cube_tile *t, bool keep)
{
  if (t->ev)
    pto_buf_printf(b, "cube_l1_%u = 1 - cube_l1_%u;\n", t->var->id,
                   t->var->id);
  if (t->ev && keep)
    pto_buf_printf(b, "wait_flag(PIPE_MTE1, PIPE_MTE2, (event_t)(%d + cube_l1_%u));\n",
                   t->ev, t->var->id);
}

/* The ND -> NZ DMA of operand T's element size (cce-api.h).  */
static const char *
nd2nz_name(const cube_tile *t)
{
  switch (esize(t)) {
  case 1:
    return "copy_gm_to_cbuf_multi_nd2nz_b8";
  case 2:
    return "copy_gm_to_cbuf_multi_nd2nz_b16";
  default:
    return "copy_gm_to_cbuf_multi_nd2nz_b32s";
  }
}

/* The largest GM row stride of a ZZ operand: its ND -> NZ DMA takes the
   stride of 16 rows as the uint16_t srcNdMatrixStride.  */
#define ZZ_MAX_STRIDE (65535 / 16)

/* The largest GM row stride of a pto_load_valid into an operand: the
   ND -> NZ DMA's uint16_t srcDValue.  */
#define ND2NZ_MAX_STRIDE 65535

/* pto.load(t, gm, rs) of a ZZ operand (f32_ok): one ND -> NZ DMA of R/16
   ND matrices of 16 rows (srcNdMatrixStride 16 rs), each into one row
   of fractals (dstNzC0Stride 16 blocks, dstNzMatrixStride 16 C
   elements), as the vendor's CopyInB1 does for float (isL1Nz false).
   A stride beyond ZZ_MAX_STRIDE: row k by one copy_gm_to_cbuf of its
   C/8 blocks, to row k%16 of fractals (k/16, 0..C/8-1), 512 B apart
   (rs_form).  */
static int
lower_load_zz(cctx *c, pto_mir_block *out, const pto_expr *e,
              const cube_tile *t)
{
  int64_t rows = t->var->type->rows, cols = t->var->type->cols;
  rs_form f;
  if (stride_form(c, e->loc, t->var->name, e->args[2], rows, cols, 1, 0,
                  ZZ_MAX_STRIDE, &f))
    return -1;
  const char *gm = expr_c(c, e->args[1]);
  const char *fast = pto_arena_printf(
      c->k->prog->arena,
      "copy_gm_to_cbuf_multi_nd2nz_b32s((__cbuf__ float *)(%s), "
      "(__gm__ float *)(%s), 0, %lld, 16, %lld, 16 * (%s), %s, 16, 1, %lld);",
      l1_at(c, t, 0), gm, (long long)(rows / 16), (long long)cols, f.rs,
      f.rs, (long long)(16 * cols));
  const char *byrow = rows_copy(
      c, "float", rows,
      pto_arena_printf(c->k->prog->arena, "%s + r__ / 16 * %lld + r__ %% 16 * 32",
                       l1_at(c, t, 0), (long long)(cols / 8 * 512)),
      gm, f.rs, cols / 8, 1, 15);
  pto_buf b = { 0 };
  bool keep = db_keep(c, t);
  db_begin(&b, t, keep);
  put_by_stride(&b, &f, fast, byrow);
  pto_mir_node *n = text_node(c->k, out, e->loc, PTO_PIPE_MTE2, b.s);
  pto_buf_free(&b);
  pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
  c->k->count.dma += f.way == RS_ROWS ? rows : 1;
  c->k->count.dma_min++;
  c->k->count.bursts += rows;
  c->k->count.bursts_min += rows;
  pair(c, out, e->loc, "PIPE_MTE2", "PIPE_MTE1");
  return 1;
}

/* pto.load(t, gm, rs) of an operand: GM -> L1 by column blocks (one
   copy_gm_to_cbuf of R bursts of 32 B each, srcGap rs/C0 - 1), or row
   by row where the stride is no multiple of C0 elements or too large for
   the gap (rs_form: row r, C/C0 bursts, to block r of each column
   block, dstGap R - 1).  */
static int
lower_load(cctx *c, pto_mir_block *out, const pto_expr *e, const cube_tile *t)
{
  if (t->zz)
    return lower_load_zz(c, out, e, t);
  int64_t rows = t->var->type->rows, cols = t->var->type->cols;
  int64_t c0 = opnd_c0(t);
  rs_form f;
  if (stride_form(c, e->loc, t->var->name, e->args[2], rows, cols, c0, 1,
                  65536 * c0, &f))
    return -1;
  /* The vendor's copy takes a non-const `__gm__ void *' (cce-api.h).  */
  const char *ct = opnd_ctype(t);
  const char *src = expr_c(c, e->args[1]);
  const char *gm = pto_arena_printf(c->k->prog->arena, "(__gm__ %s *)(%s)",
                                    ct, src);
  pto_buf fast = { 0 };
  for (int64_t j = 0; j < cols / c0; j++)
    pto_buf_printf(&fast, "%scopy_gm_to_cbuf((__cbuf__ %s *)(%s), "
                   "%s%s, 0, %lld, 1, %s, 0, PAD_NONE);",
                   j ? "\n" : "", ct, l1_at(c, t, j * rows * 32), gm,
                   j ? pto_arena_printf(c->k->prog->arena, " + %lld",
                                        (long long)(j * c0)) : "",
                   (long long)rows, f.gap);
  const char *byrow = rows_copy(
      c, ct, rows,
      pto_arena_printf(c->k->prog->arena, "%s + r__ * 32", l1_at(c, t, 0)),
      src, f.rs, cols / c0, 1, rows - 1);
  pto_buf b = { 0 };
  bool keep = db_keep(c, t);
  db_begin(&b, t, keep);
  put_by_stride(&b, &f, fast.s, byrow);
  pto_buf_free(&fast);
  pto_mir_node *n = text_node(c->k, out, e->loc, PTO_PIPE_MTE2, b.s);
  pto_buf_free(&b);
  pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
  c->k->count.dma += f.way == RS_ROWS ? rows : cols / c0;
  c->k->count.dma_min++;
  c->k->count.bursts += rows * (cols / c0);
  c->k->count.bursts_min += rows;
  pair(c, out, e->loc, "PIPE_MTE2", "PIPE_MTE1");
  return 1;
}

/* The unit of copy_cbuf_to_bt's lenBurst on ARCH: 64 B on dav-c220,
   32 B on 3510 (with an even count for f32), as asc-devkit's matmul
   library loads a bias (impl/adv_api/detail/matmul/stage/copy_cube_in/
   bias/load_bias_to_c2.h: (bytes + 63) / 64 on chips without load2dv2,
   dav-c220 in feature_trait/matmul_chip_cap.h; 32 B units rounded up to
   even where load2dv2 exists, 3510 there).  */
static int64_t
bt_unit(const pto_arch *arch)
{
  return strcmp(arch->name, "3510") ? 64 : 32;
}

/* dav-c220 pto.load(r, gm, rs) of bias tile T (1 x N f32): GM -> its L1
   staging region (copy_gm_to_cbuf, one burst of N*4/32 blocks, MTE2),
   then L1 -> the bias table (copy_cbuf_to_bt, one burst of N*4/unit,
   bt_unit, MTE1).  Before: MTE1 -> MTE2 (WAR on the L1 staging, read
   by the last copy_cbuf_to_bt; no pto.matmul may have run since, when
   the K loop had no trips), and MTE2 -> MTE1 between the two.  The
   bias table needs no pair of its own: every mad is followed by M ->
   MTE1 (WAR: the last mad read the table before this write) and
   preceded by its L0A/L0B loads and MTE1 -> M (RAW: MTE1 runs in
   order, so this write is done), both from lower_matmul; the
   simulator's race detector sees each of the pairs kept missing.  */
static int
lower_bias_load(cctx *c, pto_mir_block *out, const pto_expr *e,
                const cube_tile *t)
{
  int64_t n = t->var->type->cols;
  const char *gm = expr_c(c, e->args[1]);
  pair(c, out, e->loc, "PIPE_MTE1", "PIPE_MTE2");
  pto_mir_node *x = text_node(
      c->k, out, e->loc, PTO_PIPE_MTE2,
      pto_arena_printf(c->k->prog->arena,
                       "copy_gm_to_cbuf((__cbuf__ float *)((uintptr_t)%lld), "
                       "(__gm__ float *)(%s), 0, 1, %lld, 0, 0, PAD_NONE);",
                       (long long)t->l1off, gm,
                       (long long)(n * 4 / 32)));
  pto_mir_add_access(x, PTO_MEM_GM, 0, 0, false);
  pair(c, out, e->loc, "PIPE_MTE2", "PIPE_MTE1");
  text_node(c->k, out, e->loc, PTO_PIPE_MTE1,
            pto_arena_printf(c->k->prog->arena,
                             "copy_cbuf_to_bt((uint64_t)%lld, (__cbuf__ float *)"
                             "((uintptr_t)%lld), 0, 1, %lld, 0, 0);",
                             (long long)t->off, (long long)t->l1off,
                             (long long)(n * 4 / bt_unit(c->k->arch))));
  c->k->count.dma += 2;
  c->k->count.dma_min += 2;
  c->k->count.bursts += 1;
  c->k->count.bursts_min += 1;
  return 1;
}

/* dav-c220 pto.load(w, gm, rs) of WORDS tile T (1 x N deq words): one
   copy_gm_to_cbuf of N * 8 / 32 blocks into its L1 region, then MTE2 ->
   FIX (the stores' copy_cbuf_to_fbuf reads it).  Its WAR on an earlier
   store's read is that store's FIX -> S pair.  */
static int
lower_words_load(cctx *c, pto_mir_block *out, const pto_expr *e,
                 const cube_tile *t)
{
  int64_t n = t->var->type->cols;
  const char *gm = expr_c(c, e->args[1]);
  pto_mir_node *x = text_node(
      c->k, out, e->loc, PTO_PIPE_MTE2,
      pto_arena_printf(c->k->prog->arena,
                       "copy_gm_to_cbuf((__cbuf__ uint64_t *)((uintptr_t)"
                       "%lld), (__gm__ uint64_t *)(%s), 0, 1, %lld, 0, 0, "
                       "PAD_NONE);", (long long)t->off, gm,
                       (long long)(n * 8 / 32)));
  pto_mir_add_access(x, PTO_MEM_GM, 0, 0, false);
  pair(c, out, e->loc, "PIPE_MTE2", "PIPE_FIX");
  c->k->count.dma++;
  c->k->count.dma_min++;
  c->k->count.bursts++;
  c->k->count.bursts_min++;
  return 1;
}

/* dav-c220 pto.load(c, gm, rs) of accumulator T (M x N f32): GM -> its
   L1 staging region in the L0C layout (one copy_gm_to_cbuf per column
   block: M bursts of 64 B, srcGap rs/8 - 2 blocks; row by row, N/16
   bursts each, where the stride is no multiple of 8 elements: rs_form),
   then one copy_matrix_cbuf_to_cc of M*N*4/32
   blocks (MTE1; asc-devkit C220 kernel_operator_data_copy_impl.h,
   DataCopyL12L0CImpl).  L0C then holds the product's initial value:
   cube_init_ID is cleared (and the ReLU flag).  Before: MTE1 -> MTE2
   (WAR on the staging, read by the last copy_matrix_cbuf_to_cc); MTE2 ->
   MTE1 between the two copies.  L0C's WAR with an earlier mad is its M
   -> MTE1 pair, with an earlier fixpipe the FIX -> S pair of the store;
   the next mad's MTE1 -> M pair (MTE1 runs in order) orders its read,
   and MTE1 -> FIX after the copy a store with no mad in between.  */
static int
lower_acc_load(cctx *c, pto_mir_block *out, const pto_expr *e,
               const cube_tile *t)
{
  int64_t rows = t->var->type->rows, cols = t->var->type->cols;
  rs_form f;
  if (stride_form(c, e->loc, t->var->name, e->args[2], rows, cols, 8, 2,
                  65537 * 8, &f))
    return -1;
  const char *gm = expr_c(c, e->args[1]);
  pair(c, out, e->loc, "PIPE_MTE1", "PIPE_MTE2");
  pto_buf fast = { 0 };
  for (int64_t j = 0; j < cols / 16; j++)
    pto_buf_printf(&fast, "%scopy_gm_to_cbuf((__cbuf__ float *)((uintptr_t)%lld), "
                   "(__gm__ float *)(%s)%s, 0, %lld, 2, %s, 0, PAD_NONE);",
                   j ? "\n" : "", (long long)(t->l1off + j * rows * 64), gm,
                   j ? pto_arena_printf(c->k->prog->arena, " + %lld",
                                        (long long)(j * 16)) : "",
                   (long long)rows, f.gap);
  const char *byrow = rows_copy(
      c, "float", rows,
      pto_arena_printf(c->k->prog->arena, "(uintptr_t)%lld + r__ * 64",
                       (long long)t->l1off),
      gm, f.rs, cols / 16, 2, 2 * (rows - 1));
  pto_buf b = { 0 };
  put_by_stride(&b, &f, fast.s, byrow);
  pto_buf_free(&fast);
  pto_mir_node *n = text_node(c->k, out, e->loc, PTO_PIPE_MTE2, b.s);
  pto_buf_free(&b);
  pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
  pair(c, out, e->loc, "PIPE_MTE2", "PIPE_MTE1");
  text_node(c->k, out, e->loc, PTO_PIPE_MTE1,
            pto_arena_printf(c->k->prog->arena,
                             "copy_matrix_cbuf_to_cc((__cc__ float *)((uintptr_t)"
                             "%lld), (__cbuf__ float *)((uintptr_t)%lld), 1, "
                             "%lld, 0, 0);\n"
                             "cube_init_%u = 0;%s",
                             (long long)t->off, (long long)t->l1off,
                             (long long)(rows * cols * 4 / 32), t->var->id,
                             t->relu ? pto_arena_printf(c->k->prog->arena,
                                                        "\ncube_relu_%u = 0;",
                                                        t->var->id) : ""));
  pair(c, out, e->loc, "PIPE_MTE1", "PIPE_FIX");
  c->k->count.dma += cols / 16 + 1;
  c->k->count.dma_min += 2;
  c->k->count.bursts += rows * (cols / 16) + 1;
  c->k->count.bursts_min += rows + 1;
  return 1;
}

/* dav-c220 pto.cast(h, c), E, of accumulator CT into operand HT: the
   fixpipe writes the result into HT's L1 region as fp16 in the operand
   layout (copy_matrix_cc_to_cbuf, NZ kept: column block j at j * M
   32 B units, QuantPRE F322F16, ReLUPRE the ReLU epilogue flag;
   asc-devkit C220 kernel_operator_fixpipe_impl.h, FixpipeL0cToL1).
   Before: M -> FIX (RAW on L0C), MTE1 -> FIX (WAR on HT's L1, read by
   the last load_cbuf_to_ca/cb); after FIX -> S, which orders the fixpipe
   before everything issued later (the next pto.matmul's L1 -> L0A/L0B
   reads, a mad overwriting L0C).  With no mad since pto.fill(c, 0) the
   L1 region is zeroed instead (create_cbuf_matrix, MTE2; WAR on L1 is
   the MTE1 -> MTE2 pair every pto.matmul leaves, RAW the MTE2 -> MTE1
   pair after it).  */
static const char *relu_arg(cctx *c, const cube_tile *ct);

static int
lower_cast_l1(cctx *c, pto_mir_block *out, const pto_expr *e,
              const cube_tile *ht, const cube_tile *ct)
{
  int64_t m = ct->var->type->rows, n = ct->var->type->cols;
  char *at = pto_arena_printf(c->k->prog->arena, "(uintptr_t)%lld",
                              (long long)ht->off);
  pto_buf z = { 0 };
  zero_l1(&z, ht, at, (long long)(m * n * esize(ht) / 32));
  char *t = pto_arena_printf(
      c->k->prog->arena,
      "if (cube_init_%u) {\n"
      "  %s"
      "  set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);\n"
      "  wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);\n"
      "} else {\n"
      "  set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);\n"
      "  wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);\n"
      "  set_flag(PIPE_MTE1, PIPE_FIX, EVENT_ID0);\n"
      "  wait_flag(PIPE_MTE1, PIPE_FIX, EVENT_ID0);\n"
      "  copy_matrix_cc_to_cbuf((__cbuf__ %s *)((uintptr_t)%lld), "
      "(__cc__ float *)((uintptr_t)%lld), 0, %lld, %lld, %lld, %lld, 0, "
      "%s, %s, 0, 0);\n"
      "  set_flag(PIPE_FIX, PIPE_S, EVENT_ID0);\n"
      "  wait_flag(PIPE_FIX, PIPE_S, EVENT_ID0);\n"
      "}",
      ct->var->id, z.s, opnd_ctype(ht), (long long)ht->off, (long long)ct->off, (long long)n,
      (long long)m, (long long)m, (long long)m,
      quant_to(ht->var->type->dtype), relu_arg(c, ct));
  pto_buf_free(&z);
  text_node(c->k, out, e->loc, PTO_PIPE_S, t);
  c->k->count.dma++;
  c->k->count.dma_min++;
  return 1;
}

/* Archs with L0C -> UB: before the mad of pto.matmul S whose accumulator
   CT's UB copy may have changed since the last mad (add_reload), the UB
   copy goes back to L0C: for N > 16 N/16 copy_ubuf_to_ubuf put it in
   the fractal order in the statement's UB scratch (the inverse of
   exit_to_ub's), then one copy_matrix_ubuf_to_cc of M1*N1 fractals (pipe
   V, as copy_matrix_cc_to_ubuf; asc-devkit M200
   kernel_operator_data_copy_impl.h, DataCopyMatrixUB2L0CImpl) and
   cube_init_ID cleared.  The UB reads are recorded (sync.c orders them
   after the writes of the load or epilogue); L0C's WAR with the last mad
   is the exit's M -> V pair (V runs in order), and V -> M after it
   orders the mad's read.  */
static void
reload_from_ub(cctx *c, pto_mir_block *out, const pto_stmt *s, pto_loc loc,
               const cube_tile *ct)
{
  int64_t m = ct->var->type->rows, n = ct->var->type->cols;
  int64_t m1 = m / 16, n1 = n / 16;
  const pto_mir_buffer *ub = pto_mir_buffer_of(c->k, ct->var, NULL);
  const pto_mir_buffer *scr = n1 > 1 ? pto_mir_buffer_of(c->k, NULL, s) : ub;
  pto_assert(ub && scr);
  for (int64_t no = 0; no < n1 && n1 > 1; no++) {
    pto_mir_node *d = pto_mir_new(c->k, PTO_MIR_DMA, loc);
    d->pipe = PTO_PIPE_V;
    d->op = "copy_ubuf_to_ubuf";
    d->ctype = "float";
    d->ub = scr->offset + no * m * 64;
    d->ub2 = ub->offset + no * 64;
    d->nburst = m;
    d->lenburst = 2;
    d->srcgap = n / 8 - 2;
    d->dstgap = 0;
    pto_mir_add_strided(d, PTO_MEM_UB, d->ub2, m, n * 4, 64, false);
    pto_mir_add_access(d, PTO_MEM_UB, d->ub, d->ub + m * 64, true);
    pto_mir_push(out, d);
    c->k->count.vec++;
  }
  char *t = pto_arena_printf(
      c->k->prog->arena,
      "copy_matrix_ubuf_to_cc((__cc__ float *)((uintptr_t)%lld), "
      "(__ubuf__ float *)((uintptr_t)%lld), 0, 1, %lld, 0, 0, CRMODE_NONE);\n"
      "cube_init_%u = 0;",
      (long long)ct->off, (long long)scr->offset, (long long)(m1 * n1),
      ct->var->id);
  pto_mir_node *x = text_node(c->k, out, loc, PTO_PIPE_V, t);
  pto_mir_add_access(x, PTO_MEM_UB, scr->offset, scr->offset + m * n * 4, false);
  c->k->count.dma++;
  c->k->count.dma_min++;
  pair(c, out, loc, "PIPE_V", "PIPE_M");
}

/* Whether E is an integer constant (possibly negated or cast); its
   value in *V.  */
static bool
const_int(const pto_expr *e, int64_t *v)
{
  bool neg = false;
  while (e->kind == PTO_E_UN && e->a
         && (e->u.unop == PTO_UN_CAST || e->u.unop == PTO_UN_NEG)) {
    neg ^= e->u.unop == PTO_UN_NEG;
    e = e->a;
  }
  if (e->kind != PTO_E_INT)
    return false;
  *v = neg ? -e->u.ival : e->u.ival;
  return true;
}

/* The valid rows and columns (operands 3 and 4) of pto.load_valid /
   pto.store_valid E on tile T with GM row stride RS: a constant outside
   [0, rows] / [0, cols] is a located error (-1 returned); otherwise a
   scalar node declares cvrID__ / cvcID__, clamped by PTO_VALID (the
   simulator reports a run-time value outside the tile, cce_sim.h), vc
   also to RS when more than one row moves, as isel.c does for UB
   tiles.  Returns ID.  */
static int
valid_sizes(cctx *c, pto_mir_block *out, const pto_expr *e,
            const pto_type *t, const pto_expr *rs, const char *opname)
{
  for (int i = 3; i <= 4; i++) {
    int64_t v, dim = i == 3 ? t->rows : t->cols;
    if (const_int(e->args[i], &v) && (v < 0 || v > dim)) {
      pto_error(c->diag, e->args[i]->loc,
                "pto.%s: the valid %s %lld lie outside [0, %lld] of the "
                "%d x %d tile", opname, i == 3 ? "rows" : "columns",
                (long long)v, (long long)dim, t->rows, t->cols);
      c->errors++;
      return -1;
    }
  }
  int id = c->k->next_id;
  pto_buf b = { 0 };
  pto_buf_puts(&b, "#ifndef PTO_VALID\n"
                   "#define PTO_VALID(v, dim, what) ((int64_t)(v) < 0 ? "
                   "(int64_t)0 : (int64_t)(v) > (int64_t)(dim) ? "
                   "(int64_t)(dim) : (int64_t)(v))\n"
                   "#endif\n");
  pto_buf_printf(&b, "int64_t cvr%d__ = PTO_VALID(%s, %d, \"pto_%s: valid "
                 "rows\");\n", id, expr_c(c, e->args[3]), t->rows, opname);
  pto_buf_printf(&b, "int64_t cvc%d__ = PTO_VALID(%s, %d, \"pto_%s: valid "
                 "columns\");\n", id, expr_c(c, e->args[4]), t->cols, opname);
  pto_buf_printf(&b, "if (cvr%d__ > 1)\n"
                 "  cvc%d__ = PTO_VALID(cvc%d__, %s, \"pto_%s: valid columns "
                 "over the row stride\");", id, id, id, expr_c(c, rs), opname);
  text_node(c->k, out, e->loc, PTO_PIPE_S, b.s);
  pto_buf_free(&b);
  return id;
}

/* dav-c220 pto.load_valid(t, gm, rs, vr, vc, 0) of an operand: the tile
   is zeroed in L1 (create_cbuf_matrix), then one ND -> NZ DMA
   (copy_gm_to_cbuf_multi_nd2nz_b16) writes the vr x vc region in the
   column-block layout (row r of block j at L1 32 B block j*R + r:
   dstNzC0Stride R, dstNzNStride 1), zero-filling each row's last
   block; it reads exactly vc elements of each of the vr GM rows.  Both
   are MTE2: in order, WAR on L1 with the last pto.matmul's MTE1 reads
   is the MTE1 -> MTE2 pair lower_matmul leaves.  */
static int
lower_load_valid(cctx *c, pto_mir_block *out, const pto_expr *e,
                 const cube_tile *t)
{
  const pto_type *ty = t->var->type;
  int id = valid_sizes(c, out, e, ty, e->args[2], "load_valid");
  if (id < 0)
    return -1;
  int64_t rows = ty->rows, cols = ty->cols;
  int64_t v;
  if (rows > 1 && const_int(e->args[2], &v) && v > ND2NZ_MAX_STRIDE) {
    pto_sorry(c->diag, e->args[2]->loc,
              "pto.load_valid into pto.matmul operand '%s': the cube path "
              "takes a GM row stride of at most %d elements here (the ND "
              "-> NZ DMA's srcDValue is 16 bits), not %lld; use pto.load "
              "of a whole tile", t->var->name, ND2NZ_MAX_STRIDE,
              (long long)v);
    c->errors++;
    return -1;
  }
  const char *src = expr_c(c, e->args[1]), *rs = expr_c(c, e->args[2]);
  pto_buf b = { 0 };
  bool keep = db_keep(c, t);
  db_begin(&b, t, keep);
  zero_l1(&b, t, l1_at(c, t, 0), (long long)(rows * cols * esize(t) / 32));
  if (t->zz) {
    /* The ZZ layout (lower_load_zz): the cvr/16 whole groups of 16 rows
       in one DMA (one per group where 16 rs overflows its 16-bit
       srcNdMatrixStride), the last cvr%16 rows in one more.  */
    rs_form f = { RS_TEST, rs, NULL,
                  pto_arena_printf(c->k->prog->arena, "(int64_t)(%s) <= %d",
                                   rs, ZZ_MAX_STRIDE) };
    if (const_int(e->args[2], &v))
      f.way = v > ZZ_MAX_STRIDE ? RS_ROWS : RS_FAST;
    pto_buf_printf(&b, "if (cvr%d__ >= 16 && cvc%d__ > 0)%s", id, id,
                   f.way == RS_FAST ? "\n  " : " {\n");
    pto_buf groups = { 0 };
    put_by_stride(
        &groups, &f,
        pto_arena_printf(
            c->k->prog->arena,
            "copy_gm_to_cbuf_multi_nd2nz_b32s((__cbuf__ float *)(%s), "
            "(__gm__ float *)(%s), 0, cvr%d__ / 16, 16, cvc%d__, 16 * (%s), "
            "%s, 16, 1, %lld);", l1_at(c, t, 0), src, id, id, rs, rs,
            (long long)(16 * cols)),
        pto_arena_printf(
            c->k->prog->arena,
            "for (int32_t g__ = 0; g__ < cvr%d__ / 16; ++g__)\n"
            "  copy_gm_to_cbuf_multi_nd2nz_b32s((__cbuf__ float *)(%s + "
            "g__ * %lld), (__gm__ float *)(%s) + (int64_t)g__ * 16 * (%s), "
            "0, 1, 16, cvc%d__, 0, %s, 16, 1, %lld);", id, l1_at(c, t, 0),
            (long long)(16 * cols * 4), src, rs, id, rs,
            (long long)(16 * cols)));
    if (f.way == RS_FAST)
      pto_buf_puts(&b, groups.s);
    else
      put_indented(&b, groups.s);
    pto_buf_free(&groups);
    pto_buf_printf(
        &b,
        "%s"
        "if (cvr%d__ %% 16 > 0 && cvc%d__ > 0)\n"
        "  copy_gm_to_cbuf_multi_nd2nz_b32s((__cbuf__ float *)(%s + "
        "cvr%d__ / 16 * %lld), (__gm__ float *)(%s) + cvr%d__ / 16 * 16 * "
        "(%s), 0, 1, cvr%d__ %% 16, cvc%d__, 0, cvr%d__ %% 16 > 1 ? "
        "(int64_t)(%s) : cvc%d__, 16, 1, %lld);",
        f.way == RS_FAST ? "\n" : "\n}\n", id, id, l1_at(c, t, 0), id,
        (long long)(16 * cols * 4), src, id, rs, id, id, id, rs, id,
        (long long)(16 * cols));
  } else
    pto_buf_printf(
        &b,
        "if (cvr%d__ > 0 && cvc%d__ > 0)\n"
        "  %s((__cbuf__ %s *)(%s), "
        "(__gm__ %s *)(%s), 0, 1, cvr%d__, cvc%d__, 0, cvr%d__ > 1 ? (int64_t)(%s) : "
        "cvc%d__, %lld, 1, 1);",
        id, id, nd2nz_name(t), opnd_ctype(t), l1_at(c, t, 0), opnd_ctype(t),
        src, id, id, id, rs, id, (long long)rows);
  pto_mir_node *n = text_node(c->k, out, e->loc, PTO_PIPE_MTE2, b.s);
  pto_buf_free(&b);
  pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
  c->k->count.dma += 2;
  c->k->count.dma_min++;
  c->k->count.bursts += rows;
  c->k->count.bursts_min += rows;
  pair(c, out, e->loc, "PIPE_MTE2", "PIPE_MTE1");
  return 1;
}

/* One node copying staged operand T from its UB buffer to its L1
   region: one copy_ubuf_to_cbuf per column block (R bursts of 32 B,
   UB gap C/16 - 1 blocks).  The UB read is recorded, so sync.c orders
   it after the vector / scalar writes of the load and before the next
   ones.  */
static void
stage_copy(cctx *c, pto_mir_block *out, pto_loc loc, const cube_tile *t)
{
  int64_t rows = t->var->type->rows, cols = t->var->type->cols;
  const pto_mir_buffer *ub = pto_mir_buffer_of(c->k, t->var, NULL);
  pto_assert(ub);
  pto_buf b = { 0 };
  for (int64_t j = 0; j < cols / 16; j++)
    pto_buf_printf(&b, "%scopy_ubuf_to_cbuf((__cbuf__ %s *)((uintptr_t)%lld), "
                   "(__ubuf__ %s *)((uintptr_t)%lld), 0, %lld, 1, %lld, 0);",
                   j ? "\n" : "", opnd_ctype(t), (long long)(t->off + j * rows * 32),
                   opnd_ctype(t),
                   (long long)(ub->offset + j * 32), (long long)rows,
                   rows == 1 ? 0LL : (long long)(cols / 16 - 1));
  pto_mir_node *n = text_node(c->k, out, loc, PTO_PIPE_MTE3, b.s);
  pto_buf_free(&b);
  pto_mir_add_access(n, PTO_MEM_UB, ub->offset, ub->offset + rows * cols * 2,
                     false);
  c->k->count.dma += cols / 16;
  c->k->count.dma_min++;
}

/* dav-m200: the staged operands among A and B (loaded into their UB
   buffers by isel.c) copied to L1 before a pto.matmul reads them:
   after the MTE1 reads of earlier pto.matmuls (WAR on L1), then
   MTE3 -> MTE1 (RAW).  */
static void
stage_to_l1(cctx *c, pto_mir_block *out, pto_loc loc, const cube_tile *a,
            const cube_tile *b)
{
  if (!a->staged && !b->staged)
    return;
  pair(c, out, loc, "PIPE_MTE1", "PIPE_MTE3");
  if (a->staged)
    stage_copy(c, out, loc, a);
  if (b->staged && b != a)
    stage_copy(c, out, loc, b);
  pair(c, out, loc, "PIPE_MTE3", "PIPE_MTE1");
}

/* m200: L0C -> the accumulator's UB buffer, row-major.  */
static void
exit_to_ub(cctx *c, pto_mir_block *out, const pto_stmt *s, pto_loc loc,
           const cube_tile *ct)
{
  int64_t m = ct->var->type->rows, n = ct->var->type->cols;
  int64_t m1 = m / 16, n1 = n / 16;
  const pto_mir_buffer *ub = pto_mir_buffer_of(c->k, ct->var, NULL);
  const pto_mir_buffer *scr = n1 > 1 ? pto_mir_buffer_of(c->k, NULL, s) : ub;
  pto_assert(ub && scr);
  pair(c, out, loc, "PIPE_M", "PIPE_V");
  char *t = pto_arena_printf(
      c->k->prog->arena,
      "copy_matrix_cc_to_ubuf((__ubuf__ float *)((uintptr_t)%lld), "
      "(__cc__ float *)((uintptr_t)%lld), 0, 1, %lld, 0, 0, CRMODE_NONE);",
      (long long)scr->offset, (long long)ct->off, (long long)(m1 * n1));
  pto_mir_node *x = text_node(c->k, out, loc, PTO_PIPE_V, t);
  pto_mir_add_access(x, PTO_MEM_UB, scr->offset, scr->offset + m * n * 4, true);
  c->k->count.dma++;
  c->k->count.dma_min++;
  pair(c, out, loc, "PIPE_V", "PIPE_M");
  for (int64_t no = 0; no < n1 && n1 > 1; no++) {
    /* Column block NO is the M x 16 row-major matrix at NO*M*64.  */
    pto_mir_node *d = pto_mir_new(c->k, PTO_MIR_DMA, loc);
    d->pipe = PTO_PIPE_V;
    d->op = "copy_ubuf_to_ubuf";
    d->ctype = "float";
    d->ub = ub->offset + no * 64;
    d->ub2 = scr->offset + no * m * 64;
    d->nburst = m;
    d->lenburst = 2;
    d->srcgap = 0;
    d->dstgap = n / 8 - 2;
    pto_mir_add_access(d, PTO_MEM_UB, d->ub2, d->ub2 + m * 64, false);
    pto_mir_add_strided(d, PTO_MEM_UB, d->ub, m, n * 4, 64, true);
    pto_mir_push(out, d);
    c->k->count.vec++;
  }
}

/* The L1 -> L0B load of row KO of fractals of the K x N operand BT
   (K1 x N1 fractals in L0B, ko-major: B[((ko*N1 + no)*16 + ni)*C0 +
   ki]).  fp16 / bf16: one load_cbuf_to_cb of the N1 16 x 16 fractals
   (ko, 0..N1-1), each transposed.  int8: one load_cbuf_to_cb_transpose
   of the N/32 32 x 32 squares of L1 rows 32ko..32ko+31 (square j of
   column block j is L1 square j*K1 + ko: srcStride K1), each
   transposed into the 16 x 32 fractals (ko, 2j) and (ko, 2j+1), which
   dstStride 1 and dstFracStride 0 place one after the other (asc-devkit
   docs/zh/api/SIMD-API/C-API/cube_datamove/asc_copy_l12l0b_trans/
   asc_copy_l12l0b_trans_arch_2201.md).  */
static void
l0b_load(cctx *c, pto_buf *b, const cube_tile *bt, int64_t ko, int64_t k1,
         int64_t n1)
{
  const char *et = opnd_ctype(bt);
  if (esize(bt) == 1)
    pto_buf_printf(b, "\nload_cbuf_to_cb_transpose((__cb__ %s *)((uintptr_t)"
                   "%lld), (__cbuf__ %s *)(%s), %lld, %lld, "
                   "%lld, 1, false, 0);", et,
                   (long long)(ko * n1 * FRACTAL16), et, l1_at(c, bt, 0),
                   (long long)ko, (long long)(n1 / 2), (long long)k1);
  else
    pto_buf_printf(b, "\nload_cbuf_to_cb((__cb__ %s *)((uintptr_t)%lld), "
                   "(__cbuf__ %s *)(%s), %lld, %lld, %lld, 0, 0, 1, inc);",
                   et, (long long)(ko * n1 * FRACTAL16), et, l1_at(c, bt, 0),
                   (long long)ko, (long long)n1, (long long)k1);
}

/* The L1 -> L0B load of rows 16g..16g+15 of the f32 K x N operand BT
   (ZZ in L1, f32_ok): one load_cbuf_to_cb_transpose of its N/16
   squares (fractals (g, 2p) and (g, 2p + 1) of L1, consecutive:
   srcStride 1), square p into the 16 x 8 fractals (2g, p) and (2g + 1,
   p) of L0B (K/8 x N1 fractals, ko-major: dstStride 0, dstFracStride
   N1 - 1), as the vendor's SplitBTransposeForB32 does (isL1Nz false).  */
static void
l0b_load_zz(cctx *c, pto_buf *b, const cube_tile *bt, int64_t g, int64_t n1)
{
  pto_buf_printf(b, "\nload_cbuf_to_cb_transpose((__cb__ float *)((uintptr_t)"
                 "%lld), (__cbuf__ float *)(%s), 0, %lld, 1, 0, false, %lld);",
                 (long long)(g * 2 * n1 * FRACTAL16),
                 l1_at(c, bt, g * n1 * FRACTAL32), (long long)n1,
                 (long long)(n1 - 1));
}

/* After the L1 -> L0 loads of operands A and B (MTE1), their L1 regions
   may be written again: a complete MTE1 -> MTE2 pair when one of them
   has a single region; for each double-buffered one, its region's
   event set on MTE1 after the reads (its next load waits for it).  */
static void
db_read(cctx *c, pto_mir_block *out, pto_loc loc, const cube_tile *a,
        const cube_tile *b)
{
  if (!a->ev || !b->ev)
    pair(c, out, loc, "PIPE_MTE1", "PIPE_MTE2");
  pto_buf t = { 0 };
  for (int i = 0; i < 2; i++) {
    const cube_tile *x = i ? b : a;
    if (!x->ev || (i && b == a))
      continue;
    pto_buf_printf(&t, "%sset_flag(PIPE_MTE1, PIPE_MTE2, (event_t)(%d + "
                   "cube_l1_%u));", t.s ? "\n" : "", x->ev, x->var->id);
  }
  if (t.s)
    text_node(c->k, out, loc, PTO_PIPE_S, t.s);
  pto_buf_free(&t);
}

/* The end of the kernel: the waits for the events choose_db's operands
   set last, so that none is pending at the exit.  */
void
pto_cube_finish(pto_mir_kernel *k, pto_mir_block *out)
{
  const plan *p = k->cube;
  pto_buf t = { 0 };
  for (int i = 0; p && i < p->n; i++)
    if (p->tiles[i].ev)
      pto_buf_printf(&t, "%swait_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID%d);\n"
                     "wait_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID%d);",
                     t.s ? "\n" : "", p->tiles[i].ev, p->tiles[i].ev + 1);
  if (t.s)
    text_node(k, out, k->func->loc, PTO_PIPE_S, t.s);
  pto_buf_free(&t);
}

/* pto.matmul(c, a, b): L1 -> L0A/L0B, mad, and on m200 the exit.  */
/* The operands of mad between N and the init flag on ARCH: dav-c220's
   form has unitFlag 0, kDirectionAlign and cmatrixSource false there.  */
static const char *
mad_flags(const pto_arch *arch)
{
  return arch->isa == PTO_ISA_V220 ? "0, false, false, " : "";
}

static int
lower_matmul(cctx *c, pto_mir_block *out, const pto_stmt *s,
             const pto_expr *e)
{
  const cube_tile *ct = tile_at(c, e->args[0]), *at = tile_at(c, e->args[1]),
                  *bt = tile_at(c, e->args[2]);
  pto_assert(ct && at && bt);   /* pto_cube_plan rejected anything else */
  int64_t m = ct->var->type->rows, n = ct->var->type->cols;
  int64_t k = at->var->type->cols, es = esize(at);
  int64_t m1 = m / 16, k1 = k / opnd_c0(at), n1 = n / 16;
  if (m * k * es > c->k->arch->l0a || k * n * es > c->k->arch->l0b) {
    pto_error(c->diag, e->loc,
              "pto.matmul operands '%s' (%lld bytes) and '%s' (%lld bytes) "
              "do not fit L0A/L0B (%lld / %lld bytes on %s)",
              at->var->name, (long long)(m * k * es), bt->var->name,
              (long long)(k * n * es), (long long)c->k->arch->l0a,
              (long long)c->k->arch->l0b, c->k->arch->name);
    c->errors++;
    return -1;
  }
  if (c->p->ub_exit && needs_reload(c->p, e))
    reload_from_ub(c, out, s, e->loc, ct);
  stage_to_l1(c, out, e->loc, at, bt);
  const char *et = opnd_ctype(at);
  pto_buf b = { 0 };
  /* NZ: fractal (mo, j) is L1 unit j*M1 + mo; ZZ (an f32 tile that is
     also the K x N operand, f32_ok): unit mo*K1 + j.  */
  for (int64_t mo = 0; mo < m1; mo++)
    pto_buf_printf(&b, "%sload_cbuf_to_ca((__ca__ %s *)((uintptr_t)%lld), "
                   "(__cbuf__ %s *)(%s), %lld, %lld, %lld, 0, 0, 0, inc);",
                   mo ? "\n" : "", et, (long long)(mo * k1 * FRACTAL16), et,
                   l1_at(c, at, 0), (long long)(at->zz ? mo * k1 : mo),
                   (long long)k1, (long long)(at->zz ? 1 : m1));
  int64_t nb = bt->zz ? k / 16 : k1;
  for (int64_t ko = 0; ko < nb; ko++)
    if (bt->zz)
      l0b_load_zz(c, &b, bt, ko, n1);
    else
      l0b_load(c, &b, bt, ko, k1, n1);
  text_node(c->k, out, e->loc, PTO_PIPE_MTE1, b.s);
  pto_buf_free(&b);
  c->k->count.dma += m1 + nb;
  c->k->count.dma_min += 2;
  pair(c, out, e->loc, "PIPE_MTE1", "PIPE_M");
  db_read(c, out, e->loc, at, bt);
  /* With a bias (dav-c220): the bias-table form, cmatrixSource set on
     the product's first mad (its initial C is the bias row), clear
     later (L0C accumulates); cmatrixInitVal 0, as the vendor passes it
     with a bias (kernel_operator_mm_impl.h).  */
  char *t = ct->bias >= 0
    ? pto_arena_printf(
      c->k->prog->arena,
      "mad((__cc__ float *)((uintptr_t)%lld), (__ca__ %s *)((uintptr_t)0), "
      "(__cb__ %s *)((uintptr_t)0), (uint64_t)%lld, %lld, %lld, %lld, 0, "
      "false, cube_init_%u, false);\n"
      "cube_init_%u = 0;",
      (long long)ct->off, et, et, (long long)c->p->tiles[ct->bias].off, (long long)m,
      (long long)k, (long long)n, ct->var->id, ct->var->id)
    : pto_arena_printf(
      c->k->prog->arena,
      "mad((__cc__ %s *)((uintptr_t)%lld), (__ca__ %s *)((uintptr_t)0), "
      "(__cb__ %s *)((uintptr_t)0), %lld, %lld, %lld, %scube_init_%u);\n"
      "cube_init_%u = 0;",
      acc_ctype(ct), (long long)ct->off, et, et, (long long)m, (long long)k,
      (long long)n,
      mad_flags(c->k->arch), ct->var->id, ct->var->id);
  text_node(c->k, out, e->loc, PTO_PIPE_M, t);
  pair(c, out, e->loc, "PIPE_M", "PIPE_MTE1");
  if (c->p->ub_exit)
    exit_to_ub(c, out, s, e->loc, ct);
  return 1;
}

/* The fixpipe's ReLUPRE operand for accumulator CT: its epilogue flag
   when it has a ReLU epilogue, else 0.  */
static const char *
relu_arg(cctx *c, const cube_tile *ct)
{
  return ct->relu ? pto_arena_printf(c->k->prog->arena, "cube_relu_%u",
                                     ct->var->id)
                  : "0";
}

/* The fixpipe's QuantPRE for a store of tile T (an accumulator, or an
   OUT tile: its dtype).  */
static const char *
fixpipe_quant(const cube_tile *t)
{
  if (t->roles == ROLE_OUT && t->deq)
    return "DEQF16";
  return t->roles == ROLE_OUT ? quant_to(t->var->type->dtype) : "NoQuant";
}

/* The fixpipe's scale for a store of tile T with QuantPRE DEQF16: the
   float's bits into the QUANT_PRE register (set_quant_pre; asc-devkit
   dav_c220/kernel_operator_fixpipe_impl.h FixpipeL0C2GMImpl sets it,
   then pipe_barrier(PIPE_FIX), before the copy), INDENT-ed; "" for
   every other store.  */
static const char *
deq_set(cctx *c, const cube_tile *t, const char *indent)
{
  if (t->roles != ROLE_OUT || !t->deq)
    return "";
  return pto_arena_printf(
      c->k->prog->arena,
      "%s{\n"
      "%s  union { float f; uint32_t u; } q__ = { cube_deq_%u };\n"
      "%s  set_quant_pre((uint64_t)q__.u);\n"
      "%s}\n"
      "%spipe_barrier(PIPE_FIX);\n",
      indent, indent, t->var->id, indent, indent, indent);
}

int64_t
pto_cube_fb_words(const pto_arch *arch)
{
  if (pto_cube_ub_exit(arch))
    return 0;
  return strcmp(arch->name, "3510") ? 256 : 1024;
}

/* copy_cbuf_to_fbuf's burstLen unit: 128 B on dav-c220, 64 B on 3510
   (CopyDeqTensorToFbuf of each: "burst_len unit is 128Bytes" /
   "64Bytes").  */
static int64_t
fb_unit(const pto_arch *arch)
{
  return strcmp(arch->name, "3510") ? 128 : 64;
}

/* One VDEQF16 pass of a store of OUT tile ST (accumulator CT, M rows,
   deq words W), INDENT-ed: the words of NN channels from channel N0 (C
   expressions; N0 a multiple of 16) copied from L1 to the fixpipe
   buffer at 0 (copy_cbuf_to_fbuf, burstLen in fb_unit: FBLEN), FPC[15:8]
   pointed there (set_fpc, 128 B units: 0), then channels N0.. of MS
   rows stored to GM + N0 (NZ -> ND, dstStride LD) from L0C column
   block N0/16 (CopyDeqTensorToFbuf, PipeBarrier<PIPE_FIX>,
   FixpipeL0cToOut in FixpipeL0C2GMImplN).  The FIX pipe runs them in
   order, so a later pass's copy waits for this pass's store.  */
static void
vdeq_pass(cctx *c, pto_buf *b, const cube_tile *ct, const cube_tile *w,
          const char *gm, const char *ld, const char *n0, const char *nn,
          const char *fblen, const char *ms, const char *indent)
{
  int64_t m = ct->var->type->rows;
  pto_buf_printf(
      b,
      "%scopy_cbuf_to_fbuf((__fbuf__ void *)((uintptr_t)0), (__cbuf__ void "
      "*)((uintptr_t)(%lld + (%s) * 8)), 1, %s, 0, 0);\n"
      "%sset_fpc(0);\n"
      "%spipe_barrier(PIPE_FIX);\n"
      "%scopy_matrix_cc_to_gm((%s) + (%s), (__cc__ int32_t *)((uintptr_t)"
      "(%lld + (%s) * %lld)), 0, %s, %s, %s, %lld, 0, VDEQF16, %s, 0, 1);\n",
      indent, (long long)w->off, n0, fblen, indent, indent, indent, gm, n0,
      (long long)ct->off, n0, (long long)(m * 4), nn, ms, ld, (long long)m,
      relu_arg(c, ct));
}

/* The VDEQF16 store of OUT tile ST of N columns (constant), MS rows:
   one pass per pto_cube_fb_words channels, unrolled.  */
static const char *
vdeq_store(cctx *c, const cube_tile *st, const char *gm, const char *ld,
           const char *ms, const char *indent)
{
  const cube_tile *ct = &c->p->tiles[st->src], *w = find_tile(c->p, st->wvar);
  int64_t n = ct->var->type->cols, fw = pto_cube_fb_words(c->k->arch);
  int64_t unit = fb_unit(c->k->arch);
  pto_arena *a = c->k->prog->arena;
  pto_buf b = { 0 };
  for (int64_t n0 = 0; n0 < n; n0 += fw) {
    int64_t nn = n - n0 < fw ? n - n0 : fw;
    vdeq_pass(c, &b, ct, w, gm, ld, pto_arena_printf(a, "%lld", (long long)n0),
              pto_arena_printf(a, "%lld", (long long)nn),
              pto_arena_printf(a, "%lld",
                               (long long)((nn * 8 + unit - 1) / unit)),
              ms, indent);
  }
  const char *r = pto_arena_strdup(a, b.s);
  pto_buf_free(&b);
  return r;
}

/* The product of a store of accumulator CT with no mad since the last
   pto.fill(ct, 0), INDENT-ed: L0C is made to hold the value the store
   writes (0, or the bias row when CT has a bias epilogue) by one mad of
   zero operands (K one fractal wide; fp16 for an f32 accumulator, int8
   for an int32 one), the zeros loaded from the plan's L1 zero region,
   which create_cbuf_matrix zeroes first; with a bias the mad's
   bias-table form.  The fixpipe then stores it as after any product
   (ReLU, conversion and dequantization included), so that no scalar
   store reaches GM: those go through the core's data cache, which
   writes back whole 64 B lines and could overwrite what another core
   stored next to them (asc-devkit docs, GlobalTensor SetValue.md).
   Pairs: MTE1 -> MTE2 (WAR on the zero region, read by the last such
   load), MTE2 -> MTE1, M -> MTE1 (WAR on L0A / L0B, read by the last
   mad), MTE1 -> M, and after the mad M -> MTE1 as lower_matmul leaves
   it; the store's own M -> FIX orders the fixpipe.  */
static const char *
zero_mad(cctx *c, const cube_tile *ct, const char *indent)
{
  int64_t m = ct->var->type->rows, n = ct->var->type->cols;
  int64_t m1 = m / 16, n1 = n / 16;
  bool s8 = ct->var->type->dtype == PTO_DT_I32;
  const char *et = s8 ? "int8_t" : "half";
  const char *i = indent;
  pto_arena *a = c->k->prog->arena;
  pto_assert(c->p->zero_size >= (m > n ? m : n) / 16 * FRACTAL16);
  const char *l0b = s8
    ? pto_arena_printf(a, "load_cbuf_to_cb_transpose((__cb__ int8_t *)"
                       "((uintptr_t)0), (__cbuf__ int8_t *)((uintptr_t)%lld), "
                       "0, %lld, 1, 1, false, 0);", (long long)c->p->zero_l1,
                       (long long)(n1 / 2))
    : pto_arena_printf(a, "load_cbuf_to_cb((__cb__ half *)((uintptr_t)0), "
                       "(__cbuf__ half *)((uintptr_t)%lld), 0, %lld, 1, 0, "
                       "0, 1, inc);", (long long)c->p->zero_l1,
                       (long long)n1);
  const char *mad = ct->bias >= 0
    ? pto_arena_printf(a, "mad((__cc__ float *)((uintptr_t)%lld), (__ca__ "
                       "half *)((uintptr_t)0), (__cb__ half *)((uintptr_t)0), "
                       "(uint64_t)%lld, %lld, 16, %lld, 0, false, true, "
                       "false);", (long long)ct->off,
                       (long long)c->p->tiles[ct->bias].off, (long long)m,
                       (long long)n)
    : pto_arena_printf(a, "mad((__cc__ %s *)((uintptr_t)%lld), (__ca__ %s *)"
                       "((uintptr_t)0), (__cb__ %s *)((uintptr_t)0), %lld, "
                       "%d, %lld, %s1);", acc_ctype(ct), (long long)ct->off,
                       et, et, (long long)m, s8 ? 32 : 16, (long long)n,
                       mad_flags(c->k->arch));
  return pto_arena_printf(
      a,
      "%sif (cube_init_%u) {\n"
      "%s  set_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID0);\n"
      "%s  wait_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID0);\n"
      "%s  create_cbuf_matrix((__cbuf__ float *)((uintptr_t)%lld), "
      "(int64_t)%lld << 16 | 1, (uint32_t)0);\n"
      "%s  set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);\n"
      "%s  wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);\n"
      "%s  set_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);\n"
      "%s  wait_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);\n"
      "%s  load_cbuf_to_ca((__ca__ %s *)((uintptr_t)0), (__cbuf__ %s *)"
      "((uintptr_t)%lld), 0, %lld, 1, 0, 0, 0, inc);\n"
      "%s  %s\n"
      "%s  set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);\n"
      "%s  wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);\n"
      "%s  %s\n"
      "%s  set_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);\n"
      "%s  wait_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);\n"
      "%s  cube_init_%u = 0;\n"
      "%s}\n",
      i, ct->var->id, i, i, i, (long long)c->p->zero_l1,
      (long long)(c->p->zero_size / 32), i, i, i, i, i, et, et,
      (long long)c->p->zero_l1, (long long)m1, i, l0b, i, i, i, mad, i, i, i,
      ct->var->id, i);
}

/* dav-c220 pto.store(gm, rs, t) of accumulator T or of an OUT tile T
   (its accumulator, converted): fixpipe L0C -> GM, NZ -> ND.  */
static int
lower_store(cctx *c, pto_mir_block *out, const pto_expr *e, const cube_tile *st)
{
  const cube_tile *ct = st->roles == ROLE_OUT ? &c->p->tiles[st->src] : st;
  int64_t m = ct->var->type->rows, n = ct->var->type->cols;
  const char *ld = store_stride_c(c, e->loc, st->var->name, e->args[1], m, n);
  if (!ld)
    return -1;
  const char *gm = expr_c(c, e->args[0]);
  const char *fix = st->roles == ROLE_OUT && st->wvar
    ? vdeq_store(c, st, gm, ld, pto_arena_printf(c->k->prog->arena, "%lld",
                                                 (long long)m), "")
    : NULL;
  char *t = fix ? pto_arena_printf(
      c->k->prog->arena,
      "%s"
      "set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);\n"
      "wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);\n"
      "%s"
      "set_flag(PIPE_FIX, PIPE_S, EVENT_ID0);\n"
      "wait_flag(PIPE_FIX, PIPE_S, EVENT_ID0);", zero_mad(c, ct, ""), fix)
    : pto_arena_printf(
      c->k->prog->arena,
      "%s"
      "set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);\n"
      "wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);\n"
      "%s"
      "copy_matrix_cc_to_gm(%s, (__cc__ %s *)((uintptr_t)%lld), 0, %lld, "
      "%lld, %s, %lld, 0, %s, %s, 0, 1);\n"
      "set_flag(PIPE_FIX, PIPE_S, EVENT_ID0);\n"
      "wait_flag(PIPE_FIX, PIPE_S, EVENT_ID0);",
      zero_mad(c, ct, ""), deq_set(c, st, ""), gm, acc_ctype(ct),
      (long long)ct->off, (long long)n, (long long)m, ld, (long long)m,
      fixpipe_quant(st), relu_arg(c, ct));
  pto_mir_node *x = text_node(c->k, out, e->loc, PTO_PIPE_S, t);
  /* For sync.c, the GM write is the node's (FIX is ordered before
     everything after it by the FIX -> S pair).  */
  pto_mir_add_access(x, PTO_MEM_GM, 0, 0, true);
  c->k->count.dma++;
  c->k->count.dma_min++;
  return 1;
}

/* The text of a pto.store_valid (sizes cvrID__ x cvcID__, row stride
   RS) of OUT tile ST through VDEQF16: as lower_store_valid's, the
   channels in passes of pto_cube_fb_words (one when the tile has no
   more; else a loop over the valid columns).  */
static char *
vdeq_store_valid(cctx *c, const cube_tile *st, int id, const char *gm,
                 const char *rs)
{
  const cube_tile *ct = &c->p->tiles[st->src], *w = find_tile(c->p, st->wvar);
  pto_arena *a = c->k->prog->arena;
  int64_t n = ct->var->type->cols, fw = pto_cube_fb_words(c->k->arch);
  int64_t unit = fb_unit(c->k->arch);
  const char *ld = pto_arena_printf(a, "cvr%d__ > 1 ? (int64_t)(%s) : "
                                    "cvc%d__", id, rs, id);
  const char *ms = pto_arena_printf(a, "cvr%d__", id);
  pto_buf b = { 0 };
  if (n <= fw)
    vdeq_pass(c, &b, ct, w, gm, ld, "0", pto_arena_printf(a, "cvc%d__", id),
              pto_arena_printf(a, "%lld", (long long)((n * 8 + unit - 1)
                                                      / unit)), ms, "  ");
  else {
    long long f = (long long)fw;
    pto_buf_printf(&b,
                   "  for (int32_t n0__ = 0; n0__ < cvc%d__; n0__ += %lld) {\n"
                   "    int32_t nn__ = cvc%d__ - n0__ < %lld ? cvc%d__ - n0__ "
                   ": %lld;\n", id, f, id, f, id, f);
    vdeq_pass(c, &b, ct, w, gm, ld, "n0__", "nn__",
              pto_arena_printf(a, "(nn__ * 8 + %lld) / %lld",
                               (long long)(unit - 1), (long long)unit), ms,
              "    ");
    pto_buf_puts(&b, "  }\n");
  }
  char *t = pto_arena_printf(
      a,
      "if (cvr%d__ > 0 && cvc%d__ > 0) {\n"
      "%s"
      "  set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);\n"
      "  wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);\n"
      "%s"
      "  set_flag(PIPE_FIX, PIPE_S, EVENT_ID0);\n"
      "  wait_flag(PIPE_FIX, PIPE_S, EVENT_ID0);\n"
      "}", id, id, zero_mad(c, ct, "  "), b.s);
  pto_buf_free(&b);
  return t;
}

/* dav-c220 pto.store_valid(gm, rs, c, vr, vc): the fixpipe writes
   exactly the vr x vc region (MSize vr, NSize vc, dstStride the row
   stride; srcStride the accumulator's rows, its fractal column
   height), as lower_store does for the whole tile; nothing when vr or
   vc is 0; when no mad ran, after zero_mad.  */
static int
lower_store_valid(cctx *c, pto_mir_block *out, const pto_expr *e,
                  const cube_tile *st)
{
  const cube_tile *ct = st->roles == ROLE_OUT ? &c->p->tiles[st->src] : st;
  int id = valid_sizes(c, out, e, ct->var->type, e->args[1], "store_valid");
  if (id < 0)
    return -1;
  const char *gm = expr_c(c, e->args[0]), *rs = expr_c(c, e->args[1]);
  char *t = st->roles == ROLE_OUT && st->wvar
    ? vdeq_store_valid(c, st, id, gm, rs)
    : pto_arena_printf(
      c->k->prog->arena,
      "if (cvr%d__ > 0 && cvc%d__ > 0) {\n"
      "%s"
      "  set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);\n"
      "  wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);\n"
      "%s"
      "  copy_matrix_cc_to_gm(%s, (__cc__ %s *)((uintptr_t)%lld), 0, "
      "cvc%d__, cvr%d__, cvr%d__ > 1 ? (int64_t)(%s) : cvc%d__, %d, 0, "
      "%s, %s, 0, 1);\n"
      "  set_flag(PIPE_FIX, PIPE_S, EVENT_ID0);\n"
      "  wait_flag(PIPE_FIX, PIPE_S, EVENT_ID0);\n"
      "}",
      id, id, zero_mad(c, ct, "  "), deq_set(c, st, "  "), gm, acc_ctype(ct),
      (long long)ct->off, id, id, id, rs, id, ct->var->type->rows,
      fixpipe_quant(st), relu_arg(c, ct));
  pto_mir_node *x = text_node(c->k, out, e->loc, PTO_PIPE_S, t);
  pto_mir_add_access(x, PTO_MEM_GM, 0, 0, true);
  c->k->count.dma++;
  c->k->count.dma_min++;
  return 1;
}

int
pto_cube_lower(pto_mir_kernel *k, pto_diag *diag, pto_mir_block *out,
               const pto_stmt *s, const pto_expr *e)
{
  if (!k->cube || !k->cube->n)
    return 0;
  cctx c = { k, diag, k->cube, 0 };
  int r = 0;
  const cube_tile *t;
  switch (e->op) {
  case PTO_OP_MATMUL:
    r = lower_matmul(&c, out, s, e);
    break;
  case PTO_OP_LOAD:
    /* A staged operand is loaded into UB by isel.c.  */
    if ((t = tile_at(&c, e->args[0])) && t->roles == ROLE_BIAS)
      r = lower_bias_load(&c, out, e, t);
    else if (t && t->roles == ROLE_ACC && !c.p->ub_exit)
      r = lower_acc_load(&c, out, e, t);
    else if (t && t->roles == ROLE_WORDS)
      r = lower_words_load(&c, out, e, t);
    else if (t && t->roles == ROLE_OPERAND && !t->staged)
      r = lower_load(&c, out, e, t);
    break;
  case PTO_OP_COL_EXPAND_ADD:
    /* dav-c220: the bias epilogue is the first mad's (bias table).  */
    if ((t = tile_at(&c, e->args[0])) && t->roles == ROLE_ACC
        && t->bias >= 0 && bias_form(e)) {
      text_node(k, out, e->loc, PTO_PIPE_S,
                pto_arena_printf(k->prog->arena,
                                 "/* %s += %s: added by the first mad of the "
                                 "product (bias table) */", t->var->name,
                                 c.p->tiles[t->bias].var->name));
      r = 1;
    }
    break;
  case PTO_OP_CAST:
    if (cast_to_l1(&c, e))
      r = lower_cast_l1(&c, out, e, tile_at(&c, e->args[0]),
                        tile_at(&c, e->args[1]));
    else if (cast_to_out(&c, e)) {
      text_node(k, out, e->loc, PTO_PIPE_S,
                pto_arena_printf(k->prog->arena,
                                 "/* %s = %s: converted by the fixpipe at "
                                 "each store of %s */", e->args[0]->u.var->name,
                                 e->args[1]->u.var->name,
                                 e->args[0]->u.var->name));
      r = 1;
    }
    break;
  case PTO_OP_DEQUANT:
    /* dav-c220: the fixpipe dequantizes at each store of the out tile
       (QuantPRE DEQF16) with the scale recorded here.  */
    if (cast_to_out(&c, e)) {
      text_node(k, out, e->loc, PTO_PIPE_S,
                pto_arena_printf(k->prog->arena,
                                 "/* %s = %s dequantized by the fixpipe at "
                                 "each store of %s */\n"
                                 "cube_deq_%u = %s;", e->args[0]->u.var->name,
                                 e->args[1]->u.var->name,
                                 e->args[0]->u.var->name,
                                 e->args[0]->u.var->id, expr_c(&c, e->args[2])));
      r = 1;
    }
    break;
  case PTO_OP_COL_DEQUANT:
    /* dav-c220: the fixpipe dequantizes at each store of the out tile
       (QuantPRE VDEQF16) by the words in L1.  */
    if (cast_to_out(&c, e)) {
      text_node(k, out, e->loc, PTO_PIPE_S,
                pto_arena_printf(k->prog->arena,
                                 "/* %s = %s dequantized per channel by the "
                                 "fixpipe at each store of %s (deq words "
                                 "%s) */", e->args[0]->u.var->name,
                                 e->args[1]->u.var->name,
                                 e->args[0]->u.var->name,
                                 e->args[2]->u.var->name));
      r = 1;
    }
    break;
  case PTO_OP_LOAD_VALID:
    if ((t = tile_at(&c, e->args[0])) && !t->staged)
      r = lower_load_valid(&c, out, e, t);
    break;
  case PTO_OP_STORE:
    if ((t = tile_at(&c, e->args[2])) && !c.p->ub_exit)
      r = lower_store(&c, out, e, t);
    break;
  case PTO_OP_STORE_VALID:
    if ((t = tile_at(&c, e->args[2])) && !c.p->ub_exit)
      r = lower_store_valid(&c, out, e, t);
    break;
  case PTO_OP_RELU:
  case PTO_OP_MAXS:
    /* dav-c220: the ReLU epilogue is the fixpipe's, at the store.  */
    if ((t = tile_at(&c, e->args[0])) && t->relu && relu_epilogue(e, t)) {
      text_node(k, out, e->loc, PTO_PIPE_S,
                pto_arena_printf(k->prog->arena, "cube_relu_%u = 1;",
                                 t->var->id));
      r = 1;
    }
    break;
  case PTO_OP_FILL:
    /* m200: a non-zero fill is a vector op on the UB copy.  */
    if ((t = tile_at(&c, e->args[0]))
        && !(c.p->ub_exit && !pto_e_is_zero(e->args[1]))) {
      text_node(k, out, e->loc, PTO_PIPE_S,
                pto_arena_printf(k->prog->arena, t->relu
                                 ? "cube_init_%u = 1;\ncube_relu_%u = 0;"
                                 : "cube_init_%u = 1;",
                                 t->var->id, t->var->id));
      /* m200: the UB copy is zeroed too (isel.c).  */
      r = c.p->ub_exit ? 0 : 1;
    }
    break;
  default:
    break;
  }
  return r;
}

bool
pto_cube_ub_exit(const pto_arch *arch)
{
  return arch->isa == PTO_ISA_V200;
}

int64_t
pto_cube_scratch_bytes(const pto_arch *arch, const pto_stmt *s)
{
  const pto_expr *e = s->value;
  if (!pto_cube_ub_exit(arch))
    return 0;
  if (s->kind != PTO_S_EVAL || !e || e->kind != PTO_E_CALL || !e->is_op
      || e->op != PTO_OP_MATMUL || e->args[0]->type->kind != PTO_TY_TILE)
    return 0;
  const pto_type *t = e->args[0]->type;
  if (t->cols <= 16 || t->rows % 16 || t->cols % 16)
    return 0;
  return (int64_t)t->rows * t->cols * 4;
}

bool
pto_cube_tile(const pto_mir_kernel *k, int i, const pto_var **var, bool *acc,
              int64_t *off, int64_t *size, int64_t *region)
{
  if (!k->cube || i < 0 || i >= k->cube->n)
    return false;
  const cube_tile *t = &k->cube->tiles[i];
  *var = t->var;
  *acc = (t->roles & ROLE_ACC) != 0;
  *off = t->off;
  /* An out tile has no memory of its own; a double-buffered operand
     takes both regions.  */
  *size = t->roles == ROLE_OUT ? 0 : t->rsz + t->size;
  *region = t->roles == ROLE_OUT ? 0 : t->size;
  return true;
}

bool
pto_cube_info_of(const pto_mir_kernel *k, const pto_var *v, pto_cube_info *out)
{
  const cube_tile *t = k->cube ? find_tile(k->cube, v) : NULL;
  if (!t)
    return false;
  memset(out, 0, sizeof *out);
  out->operand = t->roles == ROLE_OPERAND;
  out->acc = t->roles == ROLE_ACC;
  out->bias = t->roles == ROLE_BIAS;
  out->off = t->off;
  out->size = t->size;
  out->l1off = t->l1off;
  out->relu = t->relu;
  out->bias_var = t->bias >= 0 ? k->cube->tiles[t->bias].var : NULL;
  out->out = t->roles == ROLE_OUT;
  out->deq = t->roles == ROLE_OUT && t->deq;
  out->src_var = t->src >= 0 ? k->cube->tiles[t->src].var : NULL;
  out->loaded = t->loaded;
  out->words = t->roles == ROLE_WORDS;
  out->words_var = t->roles == ROLE_OUT ? t->wvar : NULL;
  return true;
}

pto_cube_use
pto_cube_use_of(const pto_mir_kernel *k, const pto_expr *e)
{
  if (!k->cube || !k->cube->n || k->cube->ub_exit)
    return PTO_CUBE_NONE;
  const plan *p = k->cube;
  const cube_tile *t;
  switch (e->op) {
  case PTO_OP_MATMUL:
    return PTO_CUBE_MATMUL;
  case PTO_OP_LOAD:
    if (!(t = find_tile_e(p, e->args[0])))
      return PTO_CUBE_NONE;
    return t->roles == ROLE_BIAS ? PTO_CUBE_LOAD_BIAS : PTO_CUBE_LOAD;
  case PTO_OP_LOAD_VALID:
    return find_tile_e(p, e->args[0]) ? PTO_CUBE_LOAD_VALID : PTO_CUBE_NONE;
  case PTO_OP_COL_EXPAND_ADD:
    return (t = find_tile_e(p, e->args[0])) && t->roles == ROLE_ACC
           && t->bias >= 0 && bias_form(e) ? PTO_CUBE_BIAS : PTO_CUBE_NONE;
  case PTO_OP_STORE:
    return find_tile_e(p, e->args[2]) ? PTO_CUBE_STORE : PTO_CUBE_NONE;
  case PTO_OP_STORE_VALID:
    return find_tile_e(p, e->args[2]) ? PTO_CUBE_STORE_VALID : PTO_CUBE_NONE;
  case PTO_OP_RELU:
  case PTO_OP_MAXS:
    return (t = find_tile_e(p, e->args[0])) && t->relu && relu_epilogue(e, t)
           ? PTO_CUBE_RELU : PTO_CUBE_NONE;
  case PTO_OP_FILL:
    return find_tile_e(p, e->args[0]) ? PTO_CUBE_FILL : PTO_CUBE_NONE;
  case PTO_OP_CAST:
  case PTO_OP_DEQUANT:
  case PTO_OP_COL_DEQUANT: {
    const cube_tile *a = find_tile_e(p, e->args[1]);
    if (!(t = find_tile_e(p, e->args[0])) || !a || a->roles != ROLE_ACC)
      return PTO_CUBE_NONE;
    return t->roles == ROLE_OUT       ? PTO_CUBE_CAST_OUT
           : t->roles == ROLE_OPERAND ? PTO_CUBE_CAST_L1
                                      : PTO_CUBE_NONE;
  }
  default:
    return PTO_CUBE_NONE;
  }
}

bool
pto_cube_epilogue_form(const pto_expr *e, const pto_var **acc)
{
  if (!e || e->kind != PTO_E_CALL || !e->is_op || e->nargs < 2
      || e->args[0]->kind != PTO_E_VAR)
    return false;
  cube_tile t = { 0 };
  t.var = e->args[0]->u.var;
  if (!bias_form(e) && !relu_epilogue(e, &t))
    return false;
  *acc = t.var;
  return true;
}
