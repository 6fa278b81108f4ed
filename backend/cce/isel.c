/* isel.c - instruction selection: tile intrinsics to CCE instructions.

   Contract.  Input: a kernel's source MIR K->src (mir.h) whose tiles
   memplan.c has placed in UB (dense row-major, see memplan.c).  Output:
   K->body, the kernel as MIR
   (mir.h): scalar statements and control flow kept, each tile intrinsic
   replaced by DMA, VEC, MASK and SCALAR nodes with their pipes and the
   UB/GM byte ranges they touch; no SYNC nodes yet (sync.c).

   Numerics follow include/pto.h exactly, except where noted:
   * Element-wise ops run over the tile as one flat vector of R*C
     elements: ceil(n / lanes) repeats (lanes = 256 B / element size),
     at most 255 per instruction (more instructions otherwise), the
     partial last repeat under a normal-mode mask that is reset to all
     lanes right after.  fp16 ops compute in float and round once, as
     pto.h and the simulator do.  The scalar of adds/muls/maxs/mins/fill
     is converted to the element type first.
   * neg is vmuls by -1 (exact, wraps for int32); int32 div has no vector
     instruction: the scalar unit divides (truncating, x / -1 wrapping,
     x / 0 giving 0: pto.h stops the program there, the device does
     not define it).
   * cast: vconv_f322f16, vconv_f162f32, vconv_f322s32r (nearest even,
     saturating), vconv_s322f32; f16 <-> i32 go through f32, which is
     exact (every f16 is a float; an int32 that float rounds is beyond
     the f16 range either way).  Same dtype: copy_ubuf_to_ubuf.
   * row_sum/row_max (see "Row reductions" below): the repeats of each
     row folded element-wise by vadd / vmax into one 256 B accumulator
     row, then vcadd / vcmax (ONLY_VALUE) once per row where the arch
     has it for the dtype (half, float; vcmax only on dav-c220 / 3510),
     else a halving vadd / vmax tree down to one 32 B block and the
     scalar unit (int32 everywhere, max on dav-c100 / dav-m200).  Sums
     therefore add in another order than pto.h's left-to-right one:
     equal when the partial sums are exact (integers, int32 always),
     else within float rounding.
     fp16 sums are converted to f32 first and rounded once at the end.
     Rows whose byte length is not a multiple of 32 B cannot be
     addressed by repeat strides: the scalar unit reduces them, left to
     right exactly as pto.h.
   * row_expand_add/sub/mul/div (d[i][j] = a[i][j] OP r[i][0], r an
     R x 1 tile) on archs with vbrcb (dav-c220, 3510), rows a multiple
     of 32 B: vbrcb puts r[i] into 32 B block i of a scratch, then one
     vadd/vsub/vmul/vdiv per 256 B column of the rows does every row
     (repeat i = row i), its second source re-reading block i (block
     stride 0): 1 + ceil(C / lanes) instructions (rowbcast_brcb).
   * row_expand (d[i][j] = r[i][0]), and the others on dav-c100 /
     dav-m200: when rows are a multiple of
     32 B, one vector op per row whose scalar operand is r[i][0] read by
     the scalar unit (PTO_UB_LOAD at issue; sync.c orders it after the
     V op that produced r, one V->S wait per statement, not per row;
     the partial last repeats of all rows run under one mask):
     vector_dup(d_i, r_i) for row_expand, vadds(d_i, a_i, r_i), vmuls,
     and vadds(d_i, a_i, -r_i) for sub (a + (-r) is a - r exactly, also
     for fp16 computed in float).  div stays exact (pto.h divides, a
     multiply by 1/r would round twice): vector_dup(scratch_i, r_i) for
     every row into an R x C scratch tile (pto_isel_scratch_bytes,
     planned by memplan.c), then one flat vdiv(d, a, scratch): one
     pipe_barrier(PIPE_V) between the dups and the divide instead of
     one per row that a reused one-row scratch would need.  Rows of other
     byte lengths cannot be addressed by vector instructions: the scalar
     unit computes them (in float for fp16, rounded once, as pto.h).
     (Those archs have no UB-to-vector broadcast, hence the per-row
     scalar reads.)
   * load/store: a tile stored contiguously in GM (one row, or row
     stride == cols) moves as one burst of whole 32 B blocks; rows of a
     multiple of 32 B with a constant stride that is a multiple of 32 B
     move as one DMA with nBurst = rows and a gap; with a run-time
     stride, one DMA per row in a C loop; other shapes element by
     element on the scalar unit.  The bytes of a contiguous transfer
     past its last whole 32 B block are moved by the scalar unit, so a
     store never writes a byte outside the tile's GM region (no tail
     clobber) and a load never reads past it.
   * Tile elements t[i][j] in scalar code are read and written by the
     scalar unit (PTO_UB_LOAD / PTO_UB_STORE); GM elements p[i] are
     plain scalar loads and stores.
   * col_expand_add/sub/mul/div/max/min (d[i][j] = a[i][j] OP r[0][j]),
     rows a multiple of 32 B: per 256 B column group one binary vector
     op whose repeats are the rows, r's group re-read at repeat stride 0
     (32 B rows: one flat op, r's block at block and repeat stride 0;
     one row: the flat element-wise op).  col_sum/col_max: a running
     vadd / vmax down the rows into d, one instruction per row, which is
     pto.h's order exactly (fp16 sums: converted to f32, summed, rounded
     once).  Rows of other byte lengths: the scalar unit, element by
     element in pto.h's order (colop_scalar).  See doc/cce.md "Column
     ops".
   * and/or/not (int32): the vector unit, vand / vor / vnot on the
     int16 halves of the same bytes; xor as (a | b) & ~(a & b) through
     a scratch tile (lower_bitop_vec).  shls/shrs on dav-c220: vshl /
     vshr (lower_shift_vec).  shl/shr, and shls/shrs on dav-m200: the
     scalar unit, element by element (lower_bitop).  The shift count's
     low 5 bits (pto.h stops on a count outside [0, 31]); right shifts
     arithmetic.
     transpose: fp16 tiles of whole 16 x 16 blocks into another tile
     on the vector unit, vtranspose per block with vor gathers and
     scatters through a 1 KB scratch (lower_transpose_vec); the rest on
     the scalar unit, d[j][i] = a[i][j] (in place: swaps), every dtype
     and shape (lower_transpose).
   * cmp_<op> and select on half / float tiles of whole repeats (at
     most 255): the vector unit, vcmpv_<op> into a UB bit mask and vsel
     mode 2 with the mask's address in CMPMASK (lower_cmp_vec,
     lower_sel_vec; doc/cce.md "Comparisons to a mask and select").
     Other shapes, int32 and cmps_<op>: the scalar unit, element by
     element in pto.h's order (lower_cmpsel), exact for every shape,
     dtype and arch.
   * matmul and the loads/stores/fills of its tiles: the cube path
     (cube.c), offered every intrinsic first.  */

#include "backend/cce/mir.h"
#include "backend/cce/cube.h"

#include <string.h>

typedef struct isel {
  pto_mir_kernel *k;
  pto_diag *diag;
  int errors;
  /* Copy forwarding (lower_block): while lowering one statement, source
     operands naming FWD_VAR read FWD_BUF instead.  */
  const pto_var *fwd_var;
  const pto_mir_buffer *fwd_buf;
  bool bf16_reported;   /* the arch-has-no-bf16 error is out */
} isel;

static int64_t
round32(int64_t n)
{
  return (n + 31) / 32 * 32;
}

static int64_t
ceil_div(int64_t a, int64_t b)
{
  return (a + b - 1) / b;
}

/* The least vector work an op over BYTES bytes needs.  */
static void
note_vec_min(pto_mir_kernel *k, int64_t bytes)
{
  int64_t reps = ceil_div(bytes, 256);
  k->count.reps_min += reps;
  k->count.vec_min += ceil_div(reps, 255);
}

static bool
const_int(const pto_expr *e, int64_t *v)
{
  if (e->kind == PTO_E_INT) {
    *v = e->u.ival;
    return true;
  }
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_CAST && e->a
      && e->a->kind == PTO_E_INT) {
    *v = e->a->u.ival;
    return true;
  }
  return false;
}

/* ------------------------------------------------------------------ */
/* Operands                                                            */
/* ------------------------------------------------------------------ */

/* The UB buffer of tile operand E, or NULL after an error.  */
static const pto_mir_buffer *
tile_of(isel *c, const pto_expr *e)
{
  if (e->kind != PTO_E_VAR || e->type->kind != PTO_TY_TILE) {
    pto_sorry(c->diag, e->loc,
              "the CCE back end needs a tile variable here (tile pointers "
              "must be resolved by inlining)");
    c->errors++;
    return NULL;
  }
  const pto_mir_buffer *b = pto_mir_buffer_of(c->k, e->u.var, NULL);
  pto_assert(b);
  return b;
}

/* What the scalar code of an expression touches: GM (any read, or a
   write through an lvalue) and the hull of the tile bytes it reads or
   writes element-wise (PTO_UB_LOAD / PTO_UB_STORE on pipe S).  */
typedef struct sacc {
  bool gm_read, gm_write;
  int64_t r_lo, r_hi, w_lo, w_hi;   /* empty when lo == hi */
} sacc;

static void
hull(int64_t *lo, int64_t *hi, int64_t a, int64_t b)
{
  if (*lo == *hi) {
    *lo = a;
    *hi = b;
    return;
  }
  if (a < *lo)
    *lo = a;
  if (b > *hi)
    *hi = b;
}

/* The buffer of the tile whose element E (a tile INDEX) names, or NULL
   after an error.  */
static const pto_mir_buffer *
elem_tile(isel *c, const pto_expr *e)
{
  if (e->a->kind != PTO_E_VAR || e->nargs != 2) {
    pto_sorry(c->diag, e->loc, "the CCE back end needs a tile variable "
                               "with two indices here");
    c->errors++;
    return NULL;
  }
  return pto_mir_buffer_of(c->k, e->a->u.var, NULL);
}

/* Check that scalar expression E is one the back end prints and note
   what it touches in A.  */
static bool
scalar_expr_ok(isel *c, const pto_expr *e, sacc *a)
{
  if (!e)
    return true;
  switch (e->kind) {
  case PTO_E_INDEX:
    if (e->a->type->kind == PTO_TY_TILE) {
      const pto_mir_buffer *b = elem_tile(c, e);
      if (!b)
        return false;
      hull(&a->r_lo, &a->r_hi, b->offset, b->offset + b->size);
      for (int i = 0; i < e->nargs; i++)
        if (!scalar_expr_ok(c, e->args[i], a))
          return false;
      return true;
    }
    a->gm_read = true;
    break;
  case PTO_E_UN:
    if (e->u.unop == PTO_UN_DEREF)
      a->gm_read = true;
    if (e->u.unop == PTO_UN_ADDR) {
      pto_sorry(c->diag, e->loc, "taking an address is not supported in "
                                 "kernels by the CCE back end");
      c->errors++;
      return false;
    }
    break;
  case PTO_E_CALL:
    if (!e->is_op || (e->op != PTO_OP_BLOCK_IDX && e->op != PTO_OP_BLOCK_NUM
                      && e->op != PTO_OP_UNROLL_FACTOR)) {
      pto_sorry(c->diag, e->loc, "call to '%s' is not supported in kernel "
                "code by the CCE back end",
                e->is_op ? pto_op_info(e->op)->name : e->fname);
      c->errors++;
      return false;
    }
    break;
  case PTO_E_TUPLE:
  case PTO_E_GETITEM:
  case PTO_E_FUNCREF:
    pto_sorry(c->diag, e->loc, "tuples are not supported in kernel code by "
                               "the CCE back end");
    c->errors++;
    return false;
  case PTO_E_VAR:
    if (e->type->kind == PTO_TY_TILE) {
      pto_error(c->diag, e->loc, "a tile is not a scalar value");
      c->errors++;
      return false;
    }
    break;
  default:
    break;
  }
  bool ok = scalar_expr_ok(c, e->a, a) && scalar_expr_ok(c, e->b, a)
            && scalar_expr_ok(c, e->c, a);
  for (int i = 0; ok && i < e->nargs; i++)
    ok = scalar_expr_ok(c, e->args[i], a);
  return ok;
}

/* Give node N the accesses of A.  */
static void
attach(pto_mir_node *n, const sacc *a)
{
  if (a->gm_read)
    pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
  if (a->gm_write)
    pto_mir_add_access(n, PTO_MEM_GM, 0, 0, true);
  if (a->r_lo != a->r_hi)
    pto_mir_add_access(n, PTO_MEM_UB, a->r_lo, a->r_hi, false);
  if (a->w_lo != a->w_hi)
    pto_mir_add_access(n, PTO_MEM_UB, a->w_lo, a->w_hi, true);
}

static bool
touches(const sacc *a)
{
  return a->gm_read || a->gm_write || a->r_lo != a->r_hi || a->w_lo != a->w_hi;
}

static char *
expr_text(isel *c, const pto_expr *e)
{
  pto_buf b = { 0 };
  pto_cce_expr(&b, c->k, e);
  char *s = pto_arena_strdup(c->k->prog->arena, b.s ? b.s : "");
  pto_buf_free(&b);
  return s;
}

/* ------------------------------------------------------------------ */
/* Node builders                                                       */
/* ------------------------------------------------------------------ */

static pto_mir_node *
add_node(isel *c, pto_mir_block *out, pto_mir_kind kind, pto_loc loc,
         pto_pipe pipe)
{
  pto_mir_node *n = pto_mir_new(c->k, kind, loc);
  n->pipe = pipe;
  pto_mir_push(out, n);
  return n;
}

static void
add_mask(isel *c, pto_mir_block *out, pto_loc loc, int64_t lanes)
{
  /* A mask set right after another one replaces it (the reset to all
     lanes between two masked instructions).  */
  pto_mir_node *n = out->n ? out->items[out->n - 1] : NULL;
  if (!n || n->kind != PTO_MIR_MASK || n->mask_mode != 0)
    n = add_node(c, out, PTO_MIR_MASK, loc, PTO_PIPE_V);
  if (lanes < 0) {
    n->hi = n->lo = ~(uint64_t)0;
    return;
  }
  n->lo = lanes >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << lanes) - 1);
  n->hi = lanes <= 64 ? 0
          : lanes >= 128 ? ~(uint64_t)0
                         : (((uint64_t)1 << (lanes - 64)) - 1);
}

/* A scalar-unit node with text TEXT touching UB [LO, HI) (WRITE or not)
   and GM when GM_READ / GM_WRITE.  */
static pto_mir_node *
add_scalar(isel *c, pto_mir_block *out, pto_loc loc, const char *text)
{
  pto_mir_node *n = add_node(c, out, PTO_MIR_SCALAR, loc, PTO_PIPE_S);
  n->text = pto_arena_strdup(c->k->prog->arena, text);
  return n;
}

/* The scalar unit evaluates the operands of the next instruction when
   it issues it: an empty S node carries what they touch for sync.c.  */
static void
operand_reads(isel *c, pto_mir_block *out, pto_loc loc, const sacc *a)
{
  if (touches(a))
    attach(add_scalar(c, out, loc, ""), a);
}

/* What a flat vector instruction does.  */
typedef struct vspec {
  pto_vform form;
  const char *op;
  const char *ctype, *stype;
  int dsz, ssz;         /* element sizes of dst and sources */
  int lanes;            /* per repeat: 256 / the wider element size */
  int nsrc;
  const pto_expr *scalar;
  const char *lit;
  const char *via;      /* the scalar's C type before the op's */
  const char *scalar_type;  /* the scalar's declared C type (NULL: stype) */
} vspec;

/* One instruction of V over REPEAT repeats from byte DST (and SRC).
   VALID is the number of enabled lanes of the last repeat.  */
static void
vec_instr(isel *c, pto_mir_block *out, pto_loc loc, const vspec *v,
          int64_t dst, const int64_t *src, int64_t repeat, int64_t valid)
{
  pto_mir_node *n = add_node(c, out, PTO_MIR_VEC, loc, PTO_PIPE_V);
  c->k->count.vec++;
  c->k->count.reps += repeat;
  n->form = v->form;
  n->op = v->op;
  n->ctype = v->ctype;
  n->stype = v->stype ? v->stype : v->ctype;
  n->dst = dst;
  n->repeat = repeat;
  n->dbs = 1;
  n->drs = v->lanes * v->dsz / 32;
  n->scalar = v->scalar;
  n->scalar_lit = v->lit;
  n->scalar_via = v->via;
  n->scalar_type = v->scalar_type;
  int64_t dext = ((repeat - 1) * v->lanes + valid) * v->dsz;
  pto_mir_add_access(n, PTO_MEM_UB, dst, dst + round32(dext), true);
  for (int i = 0; i < v->nsrc; i++) {
    n->src[i] = src[i];
    n->sbs[i] = 1;
    n->srs[i] = v->lanes * v->ssz / 32;
    int64_t sext = ((repeat - 1) * v->lanes + valid) * v->ssz;
    pto_mir_add_access(n, PTO_MEM_UB, src[i], src[i] + round32(sext), false);
  }
}

/* V over N elements from DST/SRC: full repeats in instructions of at
   most 255, then the masked tail.  */
static void
vec_flat(isel *c, pto_mir_block *out, pto_loc loc, const vspec *v,
         int64_t dst, const int64_t *src, int64_t n)
{
  int64_t full = n / v->lanes, tail = n % v->lanes, done = 0;
  while (done < full) {
    int64_t r = full - done > 255 ? 255 : full - done;
    int64_t s[2];
    for (int i = 0; i < v->nsrc; i++)
      s[i] = src[i] + done * v->lanes * v->ssz;
    vec_instr(c, out, loc, v, dst + done * v->lanes * v->dsz, s, r, v->lanes);
    done += r;
  }
  if (tail) {
    int64_t s[2];
    for (int i = 0; i < v->nsrc; i++)
      s[i] = src[i] + full * v->lanes * v->ssz;
    add_mask(c, out, loc, tail);
    vec_instr(c, out, loc, v, dst + full * v->lanes * v->dsz, s, 1, tail);
    add_mask(c, out, loc, -1);
  }
}

static vspec
spec(pto_vform form, const char *op, pto_dtype dt, int nsrc)
{
  vspec v = { 0 };
  v.form = form;
  v.op = op;
  v.ctype = pto_mir_ctype(dt);
  v.dsz = v.ssz = pto_dtype_bytes(dt);
  v.lanes = 256 / v.dsz;
  v.nsrc = nsrc;
  return v;
}

/* ------------------------------------------------------------------ */
/* GM <-> UB                                                           */
/* ------------------------------------------------------------------ */

static const char *
ub_ptr(isel *c, const char *ctype, const char *offset)
{
  return pto_arena_printf(c->k->prog->arena,
                          "(__ubuf__ %s *)((uintptr_t)(%s))", ctype, offset);
}

/* A DMA node between tile buffer B and GM pointer GM.  */
static pto_mir_node *
dma(isel *c, pto_mir_block *out, pto_loc loc, bool load,
    const pto_mir_buffer *b, const char *ctype, const pto_expr *gm)
{
  pto_mir_node *n = add_node(c, out, PTO_MIR_DMA, loc,
                             load ? PTO_PIPE_MTE2 : PTO_PIPE_MTE3);
  n->op = load ? "copy_gm_to_ubuf" : "copy_ubuf_to_gm";
  n->ctype = ctype;
  n->ub = b->offset;
  n->gm = gm;
  n->nburst = 1;
  return n;
}

static void
dma_access(pto_mir_node *n, bool load, int64_t lo, int64_t hi)
{
  pto_mir_add_access(n, PTO_MEM_UB, lo, hi, load);
  pto_mir_add_access(n, PTO_MEM_GM, 0, 0, !load);
}

/* The run-time row stride check of a pto_load / pto_store (LOAD) of a
   ROWS x COLS tile whose GM row stride RS is not a constant:
   PTO_ROW_STRIDE, which cce_sim.h defines as pto.h's check (sim=cce
   reports what sim=jit does) and the prelude of the device build
   (backend/cce/cce.c) as nothing.  */
static void
row_stride_check(isel *c, pto_mir_block *out, pto_loc loc, bool load,
                 const pto_expr *rs, int64_t rows, int64_t cols)
{
  pto_buf tx = { 0 };
  pto_buf_printf(&tx, "PTO_ROW_STRIDE(\"pto_%s\", %s, %lld, %lld);",
                 load ? "load" : "store", expr_text(c, rs), (long long)rows,
                 (long long)cols);
  add_scalar(c, out, loc, tx.s);
  pto_buf_free(&tx);
}

/* Elements [FROM, TO) of a contiguous tile moved by the scalar unit.  */
static void
scalar_contig(isel *c, pto_mir_block *out, pto_loc loc, bool load,
              const pto_mir_buffer *b, const char *ctype, int esz,
              const char *gm, int64_t from, int64_t to)
{
  pto_buf t = { 0 };
  const char *p = ub_ptr(c, ctype, pto_arena_printf(c->k->prog->arena,
                                                    "%lld + k__ * %d",
                                                    (long long)b->offset, esz));
  pto_buf_printf(&t, "for (int32_t k__ = %lld; k__ < %lld; ++k__)\n",
                 (long long)from, (long long)to);
  if (load)
    pto_buf_printf(&t, "  PTO_UB_STORE(%s, (%s)[k__]);", p, gm);
  else
    pto_buf_printf(&t, "  (%s)[k__] = PTO_UB_LOAD(%s);", gm, p);
  pto_mir_node *n = add_scalar(c, out, loc, t.s);
  pto_buf_free(&t);
  pto_mir_add_access(n, PTO_MEM_UB, b->offset + from * esz,
                     b->offset + to * esz, load);
  pto_mir_add_access(n, PTO_MEM_GM, 0, 0, !load);
}

static void
lower_copy(isel *c, pto_mir_block *out, const pto_expr *call, bool load)
{
  const pto_expr *te = call->args[load ? 0 : 2];
  const pto_expr *gm = call->args[load ? 1 : 0];
  const pto_expr *rs = call->args[load ? 2 : 1];
  const pto_mir_buffer *b = tile_of(c, te);
  sacc sa = { 0 };
  if (!b || !scalar_expr_ok(c, gm, &sa) || !scalar_expr_ok(c, rs, &sa))
    return;
  operand_reads(c, out, call->loc, &sa);
  const pto_type *t = te->type;
  int esz = pto_dtype_bytes(t->dtype);
  const char *ctype = pto_mir_ctype(t->dtype);
  int64_t rows = t->rows, cols = t->cols, rowb = cols * esz;
  int64_t total = rows * rowb, rsv = 0;
  bool rs_const = const_int(rs, &rsv);
  const char *gmtext = expr_text(c, gm);
  bool contiguous = rows == 1 || (rs_const && rsv == cols);
  c->k->count.dma_min++;
  c->k->count.bursts_min += contiguous ? 1 : rows;
  if (rs_const && rows > 1 && rsv < cols) {
    pto_error(c->diag, call->loc, "row stride %lld is less than the tile's "
              "%lld columns", (long long)rsv, (long long)cols);
    c->errors++;
    return;
  }
  if (!rs_const && rows > 1)
    row_stride_check(c, out, call->loc, load, rs, rows, cols);
  if (rows == 1 || (rs_const && rsv == cols)) {
    /* Contiguous: whole blocks by DMA, the rest by the scalar unit.  */
    int64_t blocks = total / 32, done = 0;
    while (done < blocks) {
      int64_t len = blocks - done > 65535 ? 65535 : blocks - done;
      pto_mir_node *n = dma(c, out, call->loc, load, b, ctype, gm);
      n->ub = b->offset + done * 32;
      n->srcgap = n->dstgap = 0;
      n->lenburst = len;
      n->gm_off = done * 32 / esz;
      dma_access(n, load, n->ub, n->ub + len * 32);
      c->k->count.dma++;
      c->k->count.bursts++;
      done += len;
    }
    if (total % 32) {
      c->k->count.scalar_elems += rows * cols - blocks * 32 / esz;
      scalar_contig(c, out, call->loc, load, b, ctype, esz, gmtext,
                    blocks * 32 / esz, rows * cols);
    }
    return;
  }
  if (rowb % 32 == 0 && rs_const && (rsv * esz) % 32 == 0 && rows < 4096
      && rowb / 32 < 65536 && (rsv * esz - rowb) / 32 < 65536) {
    pto_mir_node *n = dma(c, out, call->loc, load, b, ctype, gm);
    n->nburst = rows;
    n->lenburst = rowb / 32;
    int64_t gap = (rsv * esz - rowb) / 32;
    n->srcgap = load ? gap : 0;
    n->dstgap = load ? 0 : gap;
    dma_access(n, load, b->offset, b->offset + total);
    c->k->count.dma++;
    c->k->count.bursts += rows;
    return;
  }
  if (rowb % 32 == 0 && rowb / 32 < 65536) {
    pto_mir_node *n = dma(c, out, call->loc, load, b, ctype, gm);
    n->nburst = rows;
    n->lenburst = rowb / 32;
    n->row_stride = rs;
    n->ub_pitch = rowb;
    dma_access(n, load, b->offset, b->offset + total);
    c->k->count.dma += rows;
    c->k->count.bursts += rows;
    return;
  }
  /* Rows not addressable by DMA: element by element.  */
  c->k->count.scalar_elems += rows * cols;
  pto_buf tx = { 0 };
  const char *p = ub_ptr(c, ctype, pto_arena_printf(
                                       c->k->prog->arena,
                                       "%lld + (r__ * %lld + k__) * %d",
                                       (long long)b->offset, (long long)cols,
                                       esz));
  char *rstext = expr_text(c, rs);
  pto_buf_printf(&tx, "for (int32_t r__ = 0; r__ < %lld; ++r__)\n"
                      "  for (int32_t k__ = 0; k__ < %lld; ++k__)\n",
                 (long long)rows, (long long)cols);
  if (load)
    pto_buf_printf(&tx, "    PTO_UB_STORE(%s, (%s)[(int64_t)r__ * (%s) + k__]);",
                   p, gmtext, rstext);
  else
    pto_buf_printf(&tx, "    (%s)[(int64_t)r__ * (%s) + k__] = PTO_UB_LOAD(%s);",
                   gmtext, rstext, p);
  pto_mir_node *n = add_scalar(c, out, call->loc, tx.s);
  pto_buf_free(&tx);
  pto_mir_add_access(n, PTO_MEM_UB, b->offset, b->offset + total, load);
  pto_mir_add_access(n, PTO_MEM_GM, 0, 0, !load);
}

/* ------------------------------------------------------------------ */
/* Partial tiles: load_valid / store_valid                             */
/* ------------------------------------------------------------------ */

/* A text node on PIPE (printed as is; sync.c sees only its accesses).  */
static pto_mir_node *
add_text(isel *c, pto_mir_block *out, pto_loc loc, pto_pipe pipe,
         const char *text)
{
  pto_mir_node *n = add_scalar(c, out, loc, text);
  n->pipe = pipe;
  return n;
}

/* The statement declaring VR/VC, the valid rows and columns of a
   pto.load_valid / pto.store_valid (operands 3 and 4 of CALL on the
   R x C tile T), checked and clamped by PTO_VALID, and with more than
   one valid row VC also against the row stride RS (rows must not
   overlap, as pto.h requires): the simulator
   (cce_sim.h) reports a value outside [0, dim] as a fault and clamps it,
   the device code only clamps (defined here when cce_sim.h is not
   included).  The names carry ID so that several transfers of one
   block do not clash.  */
static void
valid_decls(isel *c, pto_mir_block *out, const pto_expr *call,
            const pto_type *t, const pto_expr *rs, int id,
            const char *opname)
{
  pto_buf tx = { 0 };
  pto_buf_puts(&tx, "#ifndef PTO_VALID\n"
                    "#define PTO_VALID(v, dim, what) ((int64_t)(v) < 0 ? "
                    "(int64_t)0 : (int64_t)(v) > (int64_t)(dim) ? "
                    "(int64_t)(dim) : (int64_t)(v))\n"
                    "#endif\n");
  pto_buf_printf(&tx, "int64_t vr%d__ = PTO_VALID(%s, %lld, \"pto_%s: valid "
                 "rows\");\n", id, expr_text(c, call->args[3]),
                 (long long)t->rows, opname);
  pto_buf_printf(&tx, "int64_t vc%d__ = PTO_VALID(%s, %lld, \"pto_%s: valid "
                 "columns\");\n", id, expr_text(c, call->args[4]),
                 (long long)t->cols, opname);
  /* Several valid rows must not overlap in GM: vc <= rs.  */
  pto_buf_printf(&tx, "if (vr%d__ > 1)\n"
                 "  vc%d__ = PTO_VALID(vc%d__, %s, \"pto_%s: valid columns "
                 "over the row stride\");", id, id, id,
                 expr_text(c, rs), opname);
  add_scalar(c, out, call->loc, tx.s);
  pto_buf_free(&tx);
}

/* The name of a uint16_t local holding the bits of the bf16 pad PAD
   (an f32 value), declared by a scalar statement appended to OUT.  */
static const char *
bf16_pad_bits(isel *c, pto_mir_block *out, const pto_expr *pad, int id)
{
  pto_arena *a = c->k->prog->arena;
  char *u = pto_arena_printf(a, "padf%d__.u", id);
  char *text = pto_arena_printf(
      a, "union { float f; uint32_t u; } padf%d__;\n"
         "padf%d__.f = (float)(%s);\n"
         "uint16_t padb%d__ = %s;", id, id, expr_text(c, pad), id,
      pto_mir_bf16_bits_text(a, u));
  add_scalar(c, out, pad->loc, text);
  return pto_arena_printf(a, "padb%d__", id);
}

/* vector_dup of PAD converted to T's dtype over the whole R x C tile at
   byte OFFSET.  The vendor declares vector_dup for half, float,
   int16_t, uint16_t, int32_t and uint32_t (runtime/cce-api.h): a bf16
   tile is filled as uint16_t with the pad's bits (BF16BITS), an 8-bit
   one as uint16_t with the pad's byte twice (a tile of an odd byte
   count also writes the byte after it, inside its 32 B-aligned
   buffer).  */
static void
pad_fill(isel *c, pto_mir_block *out, pto_loc loc, const pto_type *t,
         int64_t offset, const pto_expr *pad, const char *bf16bits)
{
  int64_t n = t->rows * t->cols;
  vspec v;
  if (t->dtype == PTO_DT_BF16 || t->dtype == PTO_DT_I8
      || t->dtype == PTO_DT_U8) {
    v = spec(PTO_VF_DUP, "vector_dup", PTO_DT_U16, 0);
    if (t->dtype == PTO_DT_BF16)
      v.lit = bf16bits;
    else {
      v.lit = pto_arena_printf(c->k->prog->arena,
                               "(uint32_t)(uint8_t)(%s) * 257u",
                               expr_text(c, pad));
      n = (n + 1) / 2;
    }
  } else {
    v = spec(PTO_VF_DUP, "vector_dup", t->dtype, 0);
    v.scalar = pad;
  }
  note_vec_min(c->k, n * v.dsz);
  vec_flat(c, out, loc, &v, offset, NULL, n);
}

/* The C statement that sets the DMA pad register (set_mov_pad_val) to
   the bit pattern of PAD converted to DT (BF16BITS: that of a bf16
   pad, from bf16_pad_bits).  */
static char *
pad_setter(isel *c, const pto_expr *pad, pto_dtype dt, int id,
           const char *bf16bits)
{
  const char *p = expr_text(c, pad);
  if (dt == PTO_DT_I32)
    return pto_arena_printf(c->k->prog->arena,
                            "set_mov_pad_val((uint64_t)(uint32_t)(int32_t)(%s));",
                            p);
  if (dt == PTO_DT_BF16)
    return pto_arena_printf(c->k->prog->arena,
                            "set_mov_pad_val((uint64_t)%s);", bf16bits);
  if (dt == PTO_DT_I8 || dt == PTO_DT_U8 || dt == PTO_DT_I16)
    return pto_arena_printf(c->k->prog->arena,
                            "set_mov_pad_val((uint64_t)(%s)(%s));",
                            dt == PTO_DT_I16 ? "uint16_t" : "uint8_t", p);
  bool h = dt == PTO_DT_F16;
  return pto_arena_printf(c->k->prog->arena,
                          "{ union { %s f; %s u; } pad%d__; pad%d__.f = (%s)(%s); "
                          "set_mov_pad_val((uint64_t)pad%d__.u); }",
                          h ? "half" : "float", h ? "uint16_t" : "uint32_t",
                          id, id, h ? "half" : "float", p, id);
}

/* pto.load_valid(t, p, rs, vr, vc, pad) and pto.store_valid(p, rs, t,
   vr, vc).  A constant valid size outside [0, rows] / [0, cols] is a
   located error (the front end reports literals first; this catches
   the values inlining and folding produce).  The valid region is a
   run-time size, so both are lowered
   to the dav-c220 byte-granular DMA (runtime/cce_sim.h, "partial
   tiles"):
     load:  vector_dup(t, pad) over the whole tile (V; pad_fill), then
            one copy_gm_to_ubuf_align_b32/b16/b8 (MTE2) of vr bursts of
            vc elements, each right-padded with pad to its 32 B block;
     store: one copy_ubuf_to_gm_align_b32/b16/b8 (MTE3) writing exactly vc
            elements of each of vr rows: no byte past the valid region,
            whatever the alignment of p and rs.
   Both are skipped when vr or vc is 0 (nBurst and lenBurst must be
   positive).  Rows whose byte length is not a multiple of 32 B (the UB
   side of the DMA must be), tiles of 4096 rows or more, and archs
   without the byte-granular DMA (dav-c100, dav-m200: their DMA moves
   whole 32 B blocks only) go element by element on the scalar unit.  The DMA nodes are text nodes on their
   pipe, so sync.c orders them by their accesses (the whole tile, and
   GM) and the loop around them is not double-buffered.  */
static void
lower_copy_valid(isel *c, pto_mir_block *out, const pto_expr *call,
                 bool load)
{
  const pto_expr *te = call->args[load ? 0 : 2];
  const pto_expr *gm = call->args[load ? 1 : 0];
  const pto_expr *rs = call->args[load ? 2 : 1];
  const pto_mir_buffer *b = tile_of(c, te);
  sacc sa = { 0 };
  if (!b || !scalar_expr_ok(c, gm, &sa) || !scalar_expr_ok(c, rs, &sa)
      || !scalar_expr_ok(c, call->args[3], &sa)
      || !scalar_expr_ok(c, call->args[4], &sa)
      || (load && !scalar_expr_ok(c, call->args[5], &sa)))
    return;
  const pto_type *t = te->type;
  for (int i = 3; i <= 4; i++) {
    int64_t v = 0, dim = i == 3 ? t->rows : t->cols;
    const pto_expr *a = call->args[i];
    bool neg = a->kind == PTO_E_UN && a->u.unop == PTO_UN_NEG;
    bool is_const = const_int(neg ? a->a : a, &v);
    v = neg ? -v : v;
    if (is_const && (v < 0 || v > dim)) {
      pto_error(c->diag, call->args[i]->loc,
                "pto.%s: the valid %s %lld lie outside [0, %lld] of the "
                "%lld x %lld tile", load ? "load_valid" : "store_valid",
                i == 3 ? "rows" : "columns", (long long)v, (long long)dim,
                (long long)t->rows, (long long)t->cols);
      c->errors++;
      return;
    }
  }
  operand_reads(c, out, call->loc, &sa);
  int esz = pto_dtype_bytes(t->dtype);
  const char *ctype = pto_mir_ctype(t->dtype);
  int64_t rows = t->rows, cols = t->cols, rowb = cols * esz;
  int64_t total = rows * rowb;
  int id = c->k->next_id;
  const char *opname = load ? "load_valid" : "store_valid";
  valid_decls(c, out, call, t, rs, id, opname);
  const char *bf16bits = load && t->dtype == PTO_DT_BF16
                         ? bf16_pad_bits(c, out, call->args[5], id) : NULL;
  if (load)
    pad_fill(c, out, call->loc, t, b->offset, call->args[5], bf16bits);
  const char *gmtext = expr_text(c, gm), *rstext = expr_text(c, rs);
  pto_buf tx = { 0 };
  pto_mir_node *n;
  c->k->count.dma_min++;
  c->k->count.bursts_min += rows;
  bool align_dma = strcmp(c->k->arch->name, "dav-c100") != 0
                   && strcmp(c->k->arch->name, "dav-m200") != 0;
  if (align_dma && rowb % 32 == 0 && rows < 4096) {
    const char *form = pto_arena_printf(
        c->k->prog->arena, "copy_%s_align_b%d",
        load ? "gm_to_ubuf" : "ubuf_to_gm", esz * 8);
    pto_buf_printf(&tx, "if (vr%d__ > 0 && vc%d__ > 0) {\n", id, id);
    if (load)
      pto_buf_printf(&tx, "  %s\n",
                     pad_setter(c, call->args[5], t->dtype, id, bf16bits));
    /* GM-side gap in bytes, UB-side gap in 32 B blocks.  */
    char *gmgap = pto_arena_printf(
        c->k->prog->arena,
        "(uint32_t)(vr%d__ > 1 ? ((int64_t)(%s) - vc%d__) * %d : 0)", id,
        rstext, id, esz);
    char *ubgap = pto_arena_printf(
        c->k->prog->arena, "(uint32_t)((%lld - (vc%d__ * %d + 31) / 32 * 32) / 32)",
        (long long)rowb, id, esz);
    char *ubp = pto_arena_printf(c->k->prog->arena,
                                 "(__ubuf__ %s *)((uintptr_t)%lld)", ctype,
                                 (long long)b->offset);
    /* The vendor's copies take a non-const GM pointer (cce-api.h).  */
    char *gmp = pto_arena_printf(c->k->prog->arena, "(__gm__ %s *)(%s)",
                                 ctype, gmtext);
    if (load)
      pto_buf_printf(&tx, "  %s(%s, %s, 0, (uint16_t)vr%d__, "
                     "(uint32_t)(vc%d__ * %d), 0, (uint8_t)((32 - vc%d__ * %d "
                     "%% 32) %% 32 / %d), %s, %s);\n}",
                     form, ubp, gmp, id, id, esz, id, esz, esz, gmgap,
                     ubgap);
    else
      pto_buf_printf(&tx, "  %s(%s, %s, 0, (uint16_t)vr%d__, "
                     "(uint32_t)(vc%d__ * %d), 0, 0, %s, %s);\n}",
                     form, gmp, ubp, id, id, esz, ubgap, gmgap);
    n = add_text(c, out, call->loc, load ? PTO_PIPE_MTE2 : PTO_PIPE_MTE3,
                 tx.s);
    c->k->count.dma++;
    c->k->count.bursts += rows;
  } else {
    const char *p = ub_ptr(c, ctype, pto_arena_printf(
                                         c->k->prog->arena,
                                         "%lld + (r__ * %lld + k__) * %d",
                                         (long long)b->offset,
                                         (long long)cols, esz));
    pto_buf_printf(&tx, "for (int32_t r__ = 0; r__ < vr%d__; ++r__)\n"
                        "  for (int32_t k__ = 0; k__ < vc%d__; ++k__)\n",
                   id, id);
    if (load)
      pto_buf_printf(&tx, "    PTO_UB_STORE(%s, (%s)[(int64_t)r__ * (%s) + k__]);",
                     p, gmtext, rstext);
    else
      pto_buf_printf(&tx, "    (%s)[(int64_t)r__ * (%s) + k__] = PTO_UB_LOAD(%s);",
                     gmtext, rstext, p);
    n = add_scalar(c, out, call->loc, tx.s);
    c->k->count.scalar_elems += rows * cols;
  }
  pto_buf_free(&tx);
  pto_mir_add_access(n, PTO_MEM_UB, b->offset, b->offset + round32(total),
                     load);
  pto_mir_add_access(n, PTO_MEM_GM, 0, 0, !load);
}

/* ------------------------------------------------------------------ */
/* Element-wise ops                                                    */
/* ------------------------------------------------------------------ */

/* The CCE vector instruction of element-wise OP: its row's cce column in
   runtime/pto-ops.def, or NULL when it has a lowering of its own.  */
static const char *
vec_opcode(pto_op op)
{
  const char *cce = pto_op_info(op)->cce;
  return *cce ? cce : NULL;
}

/* int32 division on the scalar unit (no vector instruction).  */
static void
lower_idiv(isel *c, pto_mir_block *out, pto_loc loc, const pto_mir_buffer *d,
           const pto_mir_buffer *a, const pto_mir_buffer *b, int64_t n)
{
  pto_buf t = { 0 };
  pto_buf_printf(&t,
                 "for (int32_t k__ = 0; k__ < %lld; ++k__) {\n"
                 "  int32_t x__ = PTO_UB_LOAD((__ubuf__ int32_t *)((uintptr_t)"
                 "(%lld + k__ * 4)));\n"
                 "  int32_t y__ = PTO_UB_LOAD((__ubuf__ int32_t *)((uintptr_t)"
                 "(%lld + k__ * 4)));\n"
                 "  PTO_UB_STORE((__ubuf__ int32_t *)((uintptr_t)(%lld + k__ * 4)),"
                 " y__ == 0 ? 0 : y__ == -1 ? (int32_t)(0u - (uint32_t)x__)"
                 " : x__ / y__);\n"
                 "}",
                 (long long)n, (long long)a->offset, (long long)b->offset,
                 (long long)d->offset);
  pto_mir_node *nd = add_scalar(c, out, loc, t.s);
  pto_buf_free(&t);
  c->k->count.scalar_elems += n;
  note_vec_min(c->k, n * 4);
  pto_mir_add_access(nd, PTO_MEM_UB, a->offset, a->offset + n * 4, false);
  pto_mir_add_access(nd, PTO_MEM_UB, b->offset, b->offset + n * 4, false);
  pto_mir_add_access(nd, PTO_MEM_UB, d->offset, d->offset + n * 4, true);
}

/* pto.deq_scale(d, r): each float's encoding with its 13 low mantissa
   bits cleared, a cleared -0 read as +0 (pto.h pto__deq_scale_one, the
   fixpipe's VDEQF16 deq word), on the scalar unit: the vector unit's
   vand takes 16-bit elements only (runtime/cce-api.h).  Deq words (a
   u64 r) hold the float's encoding in their low 32 bits, the first 4
   of each 8 bytes (little-endian, pto.h pto_deq_word).  */
static void
lower_deq_scale(isel *c, pto_mir_block *out, const pto_expr *call)
{
  const pto_mir_buffer *d = tile_of(c, call->args[0]);
  const pto_mir_buffer *a = d ? tile_of(c, call->args[1]) : NULL;
  if (!a)
    return;
  const pto_type *t = call->args[0]->type;
  int64_t n = (int64_t)t->rows * t->cols;
  int step = call->args[1]->type->dtype == PTO_DT_U64 ? 8 : 4;
  pto_buf b = { 0 };
  pto_buf_printf(&b,
                 "for (int32_t k__ = 0; k__ < %lld; ++k__) {\n"
                 "  uint32_t u__ = PTO_UB_LOAD((__ubuf__ uint32_t *)((uintptr_t)"
                 "(%lld + k__ * %d))) & 0xFFFFE000u;\n"
                 "  PTO_UB_STORE((__ubuf__ uint32_t *)((uintptr_t)(%lld + k__ * 4)),"
                 " (u__ & 0x7FFFFFFFu) ? u__ : 0u);\n"
                 "}",
                 (long long)n, (long long)a->offset, step,
                 (long long)d->offset);
  pto_mir_node *nd = add_scalar(c, out, call->loc, b.s);
  pto_buf_free(&b);
  c->k->count.scalar_elems += n;
  pto_mir_add_access(nd, PTO_MEM_UB, a->offset, a->offset + n * step, false);
  pto_mir_add_access(nd, PTO_MEM_UB, d->offset, d->offset + n * 4, true);
}

/* int32 abs: the vendor's vabs is half / float only (runtime/cce-api.h),
   so max(a, -a): vmuls(scratch, a, -1) then vmax(d, a, scratch) (the
   statement's scratch of N elements: pto_isel_scratch_bytes; wraps for
   INT32_MIN like the neg of pto.h).  */
static void
lower_iabs(isel *c, pto_mir_block *out, const pto_stmt *s,
           const pto_expr *call, const pto_mir_buffer *d,
           const pto_mir_buffer *a, int64_t n)
{
  const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
  pto_assert(tmp);
  vspec neg = spec(PTO_VF_SCALAR, "vmuls", PTO_DT_I32, 1);
  neg.lit = "-1";
  note_vec_min(c->k, n * 4);
  vec_flat(c, out, call->loc, &neg, tmp->offset, &a->offset, n);
  vspec mx = spec(PTO_VF_BINARY, "vmax", PTO_DT_I32, 2);
  int64_t so[2] = { a->offset, tmp->offset };
  vec_flat(c, out, call->loc, &mx, d->offset, so, n);
}

/* ------------------------------------------------------------------ */
/* Transcendentals: tanh, sigmoid, exp2, gelu, pow, pows               */
/* ------------------------------------------------------------------ */

/* The vector unit has no instruction for these: each is a sequence of
   float vector instructions over the tile as one flat vector, as the
   vendor's high-level API builds Tanh, Sigmoid and Gelu from Exp, Muls,
   Adds, Mins/Maxs, Div and Reciprocal (cannmirror/asc-devkit
   impl/adv_api/detail/math/tanh/tanh_common_impl.h,
   impl/adv_api/detail/activation/sigmoid/sigmoid_common_impl.h,
   impl/adv_api/detail/activation/gelu/gelu_impl.h).  X is the input, W
   the result (W may be X), T a scratch of N floats:
     tanh(x)    = 2 / (1 + e^min(-2x, 88)) - 1           (W only)
                  vmuls vmins vexp vadds vrec vmuls vadds
     sigmoid(x) = 1 / (1 + e^min(-x, 88))                 (W only)
                  vmuls vmins vexp vadds vrec
     exp2(x)    = e^(x * ln 2)                            vmuls vexp
     gelu(x)    = c / (1 + e^(c * (-2k - 2k*0.044715 c^2))),
                  c = max(x, -10), k = sqrt(2/pi)          (T)
                  vmaxs vmul vmuls vadds vmul vexp vadds vdiv
     pow(a, b)  = e^(b * ln a)     vln vmul vexp          (T)
     pows(a, s) = e^(s * ln a)     vln vmuls vexp          (W only)
   The clamps keep e^ finite (88 < ln FLT_MAX): tanh(+-100) is +-1,
   not NaN (inf / inf), and gelu's quotient never divides a huge x by an
   infinite denominator (gelu(-10) is -1e-37, the clamp moves nothing a
   float can see).  fp16 tiles are converted to float scratch
   (vconv_f162f32), computed as above and rounded once (vconv_f322f16),
   as the vendor's half paths do and as pto.h computes fp16 in float;
   pows's scalar is rounded to fp16 first, as pto.h converts it.  The
   error bounds against pto.h's reference functions: doc/cce.md
   "Transcendentals".  */

static void conv(isel *c, pto_mir_block *out, pto_loc loc, const char *op,
                 pto_dtype to, pto_dtype from, int64_t dst, int64_t src,
                 int64_t n);

static bool
transcend_op(pto_op op)
{
  return op == PTO_OP_TANH || op == PTO_OP_SIGMOID || op == PTO_OP_EXP2
         || op == PTO_OP_GELU || op == PTO_OP_POW || op == PTO_OP_POWS;
}

/* Float scratch tiles of N elements the sequence of OP on DT needs.  */
static int
transcend_scratch(pto_op op, pto_dtype dt)
{
  int f32 = op == PTO_OP_GELU || op == PTO_OP_POW;
  if (dt != PTO_DT_F16)
    return f32;
  /* The converted input (and pow's converted exponent), then T.  */
  return 1 + f32;
}

/* One float instruction of a sequence over N elements.  */
static void
tv(isel *c, pto_mir_block *out, pto_loc loc, pto_vform form, const char *op,
   int64_t dst, int64_t s0, int64_t s1, const char *lit, int64_t n)
{
  int nsrc = form == PTO_VF_BINARY ? 2 : 1;
  vspec v = spec(form, op, PTO_DT_F32, nsrc);
  v.lit = lit;
  int64_t so[2] = { s0, s1 };
  note_vec_min(c->k, n * 4);
  vec_flat(c, out, loc, &v, dst, so, n);
}

static void
lower_transcend(isel *c, pto_mir_block *out, const pto_stmt *s,
                const pto_expr *call)
{
  const pto_mir_buffer *d = tile_of(c, call->args[0]);
  if (!d)
    return;
  const pto_mir_buffer *src[2] = { NULL, NULL };
  const pto_expr *scalar = NULL;
  for (int i = 1; i < call->nargs; i++) {
    const pto_expr *a = call->args[i];
    if (pto_op_info(call->op)->sig[i] == 't') {
      if (c->fwd_var && a->kind == PTO_E_VAR && a->u.var == c->fwd_var)
        src[i - 1] = c->fwd_buf;
      else if (!(src[i - 1] = tile_of(c, a)))
        return;
    } else {
      scalar = a;
      sacc sa = { 0 };
      if (!scalar_expr_ok(c, scalar, &sa))
        return;
      operand_reads(c, out, call->loc, &sa);
    }
  }
  const pto_type *t = call->args[0]->type;
  pto_dtype dt = t->dtype;
  int64_t n = (int64_t)t->rows * t->cols, fsz = round32(n * 4);
  pto_loc loc = call->loc;
  int64_t tmp = 0;
  if (transcend_scratch(call->op, dt)) {
    const pto_mir_buffer *sb = pto_mir_buffer_of(c->k, NULL, s);
    pto_assert(sb);
    tmp = sb->offset;
  }
  /* X the float input, Y pow's float exponent, W the float result.  */
  int64_t x = src[0]->offset, y = src[1] ? src[1]->offset : 0, w = d->offset;
  if (dt == PTO_DT_F16) {
    conv(c, out, loc, "vconv_f162f32", PTO_DT_F32, PTO_DT_F16, tmp,
         src[0]->offset, n);
    x = w = tmp;
    tmp += fsz;
    if (call->op == PTO_OP_POW) {
      conv(c, out, loc, "vconv_f162f32", PTO_DT_F32, PTO_DT_F16, tmp,
           src[1]->offset, n);
      y = tmp;
      tmp += fsz;
    }
  }
  switch (call->op) {
  case PTO_OP_TANH:
    tv(c, out, loc, PTO_VF_SCALAR, "vmuls", w, x, 0, "-2.0f", n);
    tv(c, out, loc, PTO_VF_SCALAR, "vmins", w, w, 0, "88.0f", n);
    tv(c, out, loc, PTO_VF_UNARY, "vexp", w, w, 0, NULL, n);
    tv(c, out, loc, PTO_VF_SCALAR, "vadds", w, w, 0, "1.0f", n);
    tv(c, out, loc, PTO_VF_UNARY, "vrec", w, w, 0, NULL, n);
    tv(c, out, loc, PTO_VF_SCALAR, "vmuls", w, w, 0, "2.0f", n);
    tv(c, out, loc, PTO_VF_SCALAR, "vadds", w, w, 0, "-1.0f", n);
    break;
  case PTO_OP_SIGMOID:
    tv(c, out, loc, PTO_VF_SCALAR, "vmuls", w, x, 0, "-1.0f", n);
    tv(c, out, loc, PTO_VF_SCALAR, "vmins", w, w, 0, "88.0f", n);
    tv(c, out, loc, PTO_VF_UNARY, "vexp", w, w, 0, NULL, n);
    tv(c, out, loc, PTO_VF_SCALAR, "vadds", w, w, 0, "1.0f", n);
    tv(c, out, loc, PTO_VF_UNARY, "vrec", w, w, 0, NULL, n);
    break;
  case PTO_OP_EXP2:
    tv(c, out, loc, PTO_VF_SCALAR, "vmuls", w, x, 0, "0.693147182f", n);
    tv(c, out, loc, PTO_VF_UNARY, "vexp", w, w, 0, NULL, n);
    break;
  case PTO_OP_GELU:
    /* -2k = -1.5957691216, -2k * 0.044715 = -0.0713548162.  */
    tv(c, out, loc, PTO_VF_SCALAR, "vmaxs", w, x, 0, "-10.0f", n);
    tv(c, out, loc, PTO_VF_BINARY, "vmul", tmp, w, w, NULL, n);
    tv(c, out, loc, PTO_VF_SCALAR, "vmuls", tmp, tmp, 0, "-0.0713548162f", n);
    tv(c, out, loc, PTO_VF_SCALAR, "vadds", tmp, tmp, 0, "-1.59576912f", n);
    tv(c, out, loc, PTO_VF_BINARY, "vmul", tmp, tmp, w, NULL, n);
    tv(c, out, loc, PTO_VF_UNARY, "vexp", tmp, tmp, 0, NULL, n);
    tv(c, out, loc, PTO_VF_SCALAR, "vadds", tmp, tmp, 0, "1.0f", n);
    tv(c, out, loc, PTO_VF_BINARY, "vdiv", w, w, tmp, NULL, n);
    break;
  case PTO_OP_POW:
    /* T, not W: W may be the exponent's tile.  */
    tv(c, out, loc, PTO_VF_UNARY, "vln", tmp, x, 0, NULL, n);
    tv(c, out, loc, PTO_VF_BINARY, "vmul", tmp, tmp, y, NULL, n);
    tv(c, out, loc, PTO_VF_UNARY, "vexp", w, tmp, 0, NULL, n);
    break;
  case PTO_OP_POWS: {
    tv(c, out, loc, PTO_VF_UNARY, "vln", w, x, 0, NULL, n);
    vspec v = spec(PTO_VF_SCALAR, "vmuls", PTO_DT_F32, 1);
    v.scalar = scalar;
    if (dt == PTO_DT_F16)
      v.via = pto_mir_ctype(PTO_DT_F16);
    note_vec_min(c->k, n * 4);
    vec_flat(c, out, loc, &v, w, &w, n);
    tv(c, out, loc, PTO_VF_UNARY, "vexp", w, w, 0, NULL, n);
    break;
  }
  default:
    pto_ice("lower_transcend: pto.%s", pto_op_info(call->op)->name);
  }
  if (dt == PTO_DT_F16)
    conv(c, out, loc, "vconv_f322f16", PTO_DT_F16, PTO_DT_F32, d->offset, w,
         n);
}

static void
lower_elementwise(isel *c, pto_mir_block *out, const pto_stmt *s,
                  const pto_expr *call)
{
  const pto_opinfo *info = pto_op_info(call->op);
  const pto_mir_buffer *d = tile_of(c, call->args[0]);
  if (!d)
    return;
  const pto_type *t = call->args[0]->type;
  int64_t n = (int64_t)t->rows * t->cols;
  const pto_mir_buffer *src[2] = { NULL, NULL };
  int nsrc = 0;
  const pto_expr *scalar = NULL;
  for (int i = 1; i < call->nargs; i++) {
    if (info->sig[i] == 't') {
      const pto_expr *a = call->args[i];
      if (c->fwd_var && a->kind == PTO_E_VAR && a->u.var == c->fwd_var)
        src[nsrc++] = c->fwd_buf;
      else if (!(src[nsrc++] = tile_of(c, a)))
        return;
    } else {
      scalar = call->args[i];
      sacc sa = { 0 };
      if (!scalar_expr_ok(c, scalar, &sa))
        return;
      operand_reads(c, out, call->loc, &sa);
    }
  }
  if (call->op == PTO_OP_DIV && !pto_dtype_is_float(t->dtype)) {
    lower_idiv(c, out, call->loc, d, src[0], src[1], n);
    return;
  }
  if (call->op == PTO_OP_ABS && !pto_dtype_is_float(t->dtype)) {
    lower_iabs(c, out, s, call, d, src[0], n);
    return;
  }
  pto_vform form = call->op == PTO_OP_FILL ? PTO_VF_DUP
                   : scalar                 ? PTO_VF_SCALAR
                   : nsrc == 2              ? PTO_VF_BINARY
                                            : PTO_VF_UNARY;
  vspec v = spec(form, vec_opcode(call->op), t->dtype, nsrc);
  v.scalar = scalar;
  if (call->op == PTO_OP_NEG) {
    v.form = PTO_VF_SCALAR;
    v.lit = "-1";
  }
  int64_t so[2] = { src[0] ? src[0]->offset : 0, src[1] ? src[1]->offset : 0 };
  note_vec_min(c->k, n * v.dsz);
  vec_flat(c, out, call->loc, &v, d->offset, so, n);
}

/* ------------------------------------------------------------------ */
/* Casts                                                               */
/* ------------------------------------------------------------------ */

static void
conv(isel *c, pto_mir_block *out, pto_loc loc, const char *op, pto_dtype to,
     pto_dtype from, int64_t dst, int64_t src, int64_t n)
{
  vspec v = spec(PTO_VF_UNARY, op, to, 1);
  v.stype = pto_mir_ctype(from);
  v.ssz = pto_dtype_bytes(from);
  v.lanes = 256 / (v.dsz > v.ssz ? v.dsz : v.ssz);
  vec_flat(c, out, loc, &v, dst, &src, n);
}

static const char *
conv_op(pto_dtype to, pto_dtype from)
{
  if (to == PTO_DT_F16 && from == PTO_DT_F32)
    return "vconv_f322f16";
  if (to == PTO_DT_F32 && from == PTO_DT_F16)
    return "vconv_f162f32";
  if (to == PTO_DT_I32 && from == PTO_DT_F32)
    return "vconv_f322s32r";
  if (to == PTO_DT_F32 && from == PTO_DT_I32)
    return "vconv_s322f32";
  /* dav-c220's only bf16 conversions with float (asc-devkit dav_c220
     kernel_operator_vec_vconv_impl.h: CAST_RINT and CAST_NONE).  */
  if (to == PTO_DT_BF16 && from == PTO_DT_F32)
    return "vconv_f322bf16r";
  if (to == PTO_DT_F32 && from == PTO_DT_BF16)
    return "vconv_bf162f32";
  /* 8-bit integers with fp16, both archs (asc-devkit dav_c220 and
     dav_m200 kernel_operator_vec_vconv_impl.h: CAST_NONE, which is
     CAST_RINT where the conversion rounds, per the Cast API doc).  */
  if (to == PTO_DT_I8 && from == PTO_DT_F16)
    return "vconv_f162s8";
  if (to == PTO_DT_U8 && from == PTO_DT_F16)
    return "vconv_f162u8";
  if (to == PTO_DT_F16 && from == PTO_DT_I8)
    return "vconv_s82f16";
  if (to == PTO_DT_F16 && from == PTO_DT_U8)
    return "vconv_u82f16";
  /* int16 with fp16, both archs (the same files: CAST_RINT f16 -> s16,
     CAST_NONE s16 -> f16).  */
  if (to == PTO_DT_I16 && from == PTO_DT_F16)
    return "vconv_f162s16r";
  if (to == PTO_DT_F16 && from == PTO_DT_I16)
    return "vconv_s162f16";
  return NULL;
}

/* D = A for two tiles of one dtype: a UB to UB copy (pipe V).  */
static void
tile_copy(isel *c, pto_mir_block *out, pto_loc loc, const pto_mir_buffer *d,
          const pto_mir_buffer *a, pto_dtype dt)
{
  if (d->offset == a->offset)
    return;
  pto_mir_node *nd = add_node(c, out, PTO_MIR_DMA, loc, PTO_PIPE_V);
  /* Overhead of value semantics (a by-value tile parameter, a tile
     assignment): the minimum is no instruction at all.  */
  c->k->count.vec++;
  c->k->count.reps += d->size / 256;
  nd->op = "copy_ubuf_to_ubuf";
  nd->ctype = pto_mir_ctype(dt);
  nd->ub = d->offset;
  nd->ub2 = a->offset;
  nd->nburst = 1;
  nd->lenburst = d->size / 32;
  pto_mir_add_access(nd, PTO_MEM_UB, a->offset, a->offset + a->size, false);
  pto_mir_add_access(nd, PTO_MEM_UB, d->offset, d->offset + d->size, true);
}

/* "var t: tile = u;" and "t = u;".  */
static void
lower_tile_assign(isel *c, pto_mir_block *out, const pto_stmt *s,
                  const pto_mir_buffer *d, const pto_expr *value)
{
  const pto_mir_buffer *a = tile_of(c, value);
  if (!d || !a)
    return;
  int before = out->n;
  tile_copy(c, out, s->loc, d, a, value->type->dtype);
  if (out->n > before) {
    pto_buf note = { 0 };
    pto_print_stmt(&note, s, 0, 0);
    while (note.len && note.s[note.len - 1] == '\n')
      note.s[--note.len] = 0;
    out->items[before]->note = pto_arena_strdup(c->k->prog->arena, note.s);
    pto_buf_free(&note);
  }
}

static void
lower_cast(isel *c, pto_mir_block *out, const pto_stmt *s,
           const pto_expr *call)
{
  const pto_mir_buffer *d = tile_of(c, call->args[0]);
  const pto_mir_buffer *a = tile_of(c, call->args[1]);
  if (!d || !a)
    return;
  const pto_type *td = call->args[0]->type, *ta = call->args[1]->type;
  int64_t n = (int64_t)td->rows * td->cols;
  if (td->dtype != ta->dtype)
    note_vec_min(c->k, n * 4);
  if (td->dtype == ta->dtype) {
    tile_copy(c, out, call->loc, d, a, td->dtype);
    return;
  }
  const char *op = conv_op(td->dtype, ta->dtype);
  if (op) {
    conv(c, out, call->loc, op, td->dtype, ta->dtype, d->offset, a->offset, n);
    return;
  }
  /* f16 <-> i32 through f32 scratch.  */
  const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
  pto_assert(tmp);
  conv(c, out, call->loc, conv_op(PTO_DT_F32, ta->dtype), PTO_DT_F32,
       ta->dtype, tmp->offset, a->offset, n);
  conv(c, out, call->loc, conv_op(td->dtype, PTO_DT_F32), td->dtype,
       PTO_DT_F32, d->offset, tmp->offset, n);
}

/* pto.cast_round(d, a, mode): d int32 = a (f32, or f16 widened exactly
   to f32 scratch first by vconv_f162f32) by vconv_f322s32r / a / f / c
   / z, the vendor's rounding variants (doc/cce.md), in the order of the
   PTO_ROUND_* constants.  MODE must be a constant.  */
static void
lower_cast_round(isel *c, pto_mir_block *out, const pto_stmt *s,
                 const pto_expr *call)
{
  static const char *const ops[] = { "vconv_f322s32r", "vconv_f322s32a",
                                     "vconv_f322s32f", "vconv_f322s32c",
                                     "vconv_f322s32z" };
  const pto_expr *m = call->args[2];
  while (m->kind == PTO_E_UN && m->u.unop == PTO_UN_CAST)
    m = m->a;
  if (m->kind != PTO_E_INT || m->u.ival < 0 || m->u.ival > 4) {
    pto_error(c->diag, call->args[2]->loc, "pto.cast_round: the rounding "
              "mode must be a constant PTO_ROUND_* (0 to 4)");
    c->errors++;
    return;
  }
  const pto_mir_buffer *d = tile_of(c, call->args[0]);
  const pto_mir_buffer *a = tile_of(c, call->args[1]);
  if (!d || !a)
    return;
  const pto_type *ta = call->args[1]->type;
  int64_t n = (int64_t)ta->rows * ta->cols;
  note_vec_min(c->k, n * 4);
  int64_t src = a->offset;
  if (ta->dtype == PTO_DT_F16) {
    const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
    pto_assert(tmp);
    conv(c, out, call->loc, "vconv_f162f32", PTO_DT_F32, PTO_DT_F16,
         tmp->offset, a->offset, n);
    src = tmp->offset;
  }
  conv(c, out, call->loc, ops[m->u.ival], PTO_DT_I32, PTO_DT_F32, d->offset,
       src, n);
}

/* ------------------------------------------------------------------ */
/* Row reductions                                                      */
/* ------------------------------------------------------------------ */

/* Row reductions on the vector unit (rows a multiple of 32 B):
   1. fold: every row's 256 B repeats are combined element-wise (vadd /
      vmax over ROWS repeats at once, the row's pitch as the source's
      repeat stride) into one 256 B accumulator row of scratch, padded
      with the identity (0, -inf, INT32_MIN) when a row does not fill
      whole repeats (rows of at most one repeat skip this step when
      step 2 applies);
   2. the accumulator rows (or the source rows) are reduced across
      lanes by one vcadd / vcmax repeat per row into the dense result,
      where the arch has that instruction for the dtype (half and float;
      vcmax only on dav-c220 / 3510: dav-m200's vcmax writes [value,
      index] pairs);
   3. otherwise (int32 everywhere, max on dav-c100 / dav-m200) the
      accumulator is halved (vadd / vmax of its upper half onto its lower
      half) down to one 32 B block per row, then one vcgmax per 8 rows
      (one result per block, the rows' blocks 256 B apart, the
      accumulator padded to a multiple of 8 rows: the results of the pad
      rows land in the result tile's 32 B rounding) for half and float,
      or the scalar unit folds each block into its result (int32: the
      vendor has no integer cross-lane reduction).
   Every destination and source is 32 B aligned (results are written in
   runs of 240 rows, 960 B of float or 480 B of half).  */

/* The scratch bytes of a reduction of ROWS rows of COLS elements of ESZ
   bytes (CROSS: red_cross_ok): the accumulator rows, if any.  */
static int64_t
red_scratch(int64_t rows, int64_t cols, int esz, bool cross)
{
  return cols <= 256 / esz && cross ? 0 : (rows + 7) / 8 * 8 * 256;
}

/* Whether rows of COLS elements can be reduced by the vector unit.  */
static bool
red_vector_ok(int64_t cols, int esz)
{
  return (cols * esz) % 32 == 0;
}

/* Whether ARCH reduces a repeat of DT across lanes in one instruction
   (vcadd for SUM, vcmax for max): runtime/cce-api.h.  */
static bool
red_cross_ok(const pto_arch *arch, bool sum, pto_dtype dt)
{
  if (dt != PTO_DT_F32 && dt != PTO_DT_F16)
    return false;
  return sum || !arch || arch->isa == PTO_ISA_V220;
}

/* A new vector node OP of FORM over REPEAT repeats of DT, counted.  */
static pto_mir_node *
red_node(isel *c, pto_mir_block *out, pto_loc loc, pto_vform form,
         const char *op, pto_dtype dt, int64_t repeat)
{
  pto_mir_node *x = add_node(c, out, PTO_MIR_VEC, loc, PTO_PIPE_V);
  c->k->count.vec++;
  c->k->count.reps += repeat;
  x->form = form;
  x->op = op;
  x->ctype = x->stype = pto_mir_ctype(dt);
  x->repeat = repeat;
  return x;
}

/* OP (vadd / vmax) of ROWS rows: DST rows 256 B apart, S0 / S1 rows
   S0_PITCH / S1_PITCH bytes apart (multiples of 32), VALID lanes of
   each.  */
static void
red_binary(isel *c, pto_mir_block *out, pto_loc loc, const char *op,
           pto_dtype dt, int64_t dst, int64_t s0, int64_t s1, int64_t rows,
           int64_t s0_pitch, int64_t s1_pitch, int64_t valid)
{
  int esz = pto_dtype_bytes(dt);
  bool strided = s0_pitch / 32 <= 255 && s1_pitch / 32 <= 255;
  int64_t step = strided ? 255 : 1;
  for (int64_t r0 = 0; r0 < rows; r0 += step) {
    int64_t n = rows - r0 < step ? rows - r0 : step;
    pto_mir_node *x = red_node(c, out, loc, PTO_VF_BINARY, op, dt, n);
    x->dst = dst + r0 * 256;
    x->src[0] = s0 + r0 * s0_pitch;
    x->src[1] = s1 + r0 * s1_pitch;
    x->dbs = x->sbs[0] = x->sbs[1] = 1;
    x->drs = 8;
    x->srs[0] = strided ? (int)(s0_pitch / 32) : 8;
    x->srs[1] = strided ? (int)(s1_pitch / 32) : 8;
    int64_t w = round32(valid * esz);
    pto_mir_add_strided(x, PTO_MEM_UB, x->dst, n, 256, w, true);
    pto_mir_add_strided(x, PTO_MEM_UB, x->src[0], n, s0_pitch, w, false);
    pto_mir_add_strided(x, PTO_MEM_UB, x->src[1], n, s1_pitch, w, false);
  }
}

/* Fold the ROWS rows of COLS elements at SRC (PITCH bytes apart) into
   accumulator rows at ACC (step 1 above), combining with BOP.  */
static void
red_fold(isel *c, pto_mir_block *out, pto_loc loc, const char *bop,
         const char *identity, pto_dtype dt, int64_t acc, int64_t src,
         int64_t rows, int64_t cols, int64_t pitch)
{
  int64_t lanes = 256 / pto_dtype_bytes(dt);
  int64_t nfull = cols / lanes, tail = cols % lanes, k = 0;
  if (nfull >= 2 && !tail) {
    red_binary(c, out, loc, bop, dt, acc, src, src + 256, rows, pitch, pitch,
               lanes);
    k = 2;
  } else {
    /* Pad rows too (step 3's groups of 8).  */
    vspec v = spec(PTO_VF_DUP, "vector_dup", dt, 0);
    v.lit = identity;
    vec_flat(c, out, loc, &v, acc, NULL, (rows + 7) / 8 * 8 * lanes);
  }
  for (; k < nfull; k++)
    red_binary(c, out, loc, bop, dt, acc, acc, src + k * 256, rows, 256,
               pitch, lanes);
  if (tail) {
    add_mask(c, out, loc, tail);
    red_binary(c, out, loc, bop, dt, acc, acc, src + nfull * 256, rows, 256,
               pitch, tail);
    add_mask(c, out, loc, -1);
  }
}

/* vcadd / vcmax of one repeat per row: ROWS rows PITCH bytes apart at
   SRC (VALID lanes each) into dense results at DST (step 2).  */
static void
red_cross(isel *c, pto_mir_block *out, pto_loc loc, bool sum, pto_dtype dt,
          int64_t dst, int64_t src, int64_t rows, int64_t pitch,
          int64_t valid)
{
  int esz = pto_dtype_bytes(dt);
  int64_t lanes = 256 / esz;
  bool strided = pitch / 32 <= 255;
  int64_t step = strided ? 240 : 1;
  if (valid < lanes)
    add_mask(c, out, loc, valid);
  for (int64_t r0 = 0; r0 < rows; r0 += step) {
    int64_t n = rows - r0 < step ? rows - r0 : step;
    pto_mir_node *x = red_node(c, out, loc, PTO_VF_REDUCE,
                               sum ? "vcadd" : "vcmax", dt, n);
    x->order = sum ? NULL : "ONLY_VALUE";
    x->dst = dst + r0 * esz;
    x->src[0] = src + r0 * pitch;
    x->drs = 1;
    x->sbs[0] = 1;
    x->srs[0] = strided ? (int)(pitch / 32) : 8;
    pto_mir_add_strided(x, PTO_MEM_UB, x->src[0], n, pitch,
                        round32(valid * esz), false);
    pto_mir_add_access(x, PTO_MEM_UB, x->dst, x->dst + round32(n * esz),
                       true);
  }
  if (valid < lanes)
    add_mask(c, out, loc, -1);
}

/* Halve the accumulator rows at ACC down to one 32 B block each (step
   3).  */
static void
red_halve(isel *c, pto_mir_block *out, pto_loc loc, bool sum, pto_dtype dt,
          int64_t acc, int64_t rows)
{
  int esz = pto_dtype_bytes(dt);
  for (int64_t w = 128 / esz; w >= 32 / esz; w /= 2) {
    add_mask(c, out, loc, w);
    red_binary(c, out, loc, sum ? "vadd" : "vmax", dt, acc, acc, acc + w * esz,
               rows, 256, 256, w);
  }
  add_mask(c, out, loc, -1);
}

/* vcgadd / vcgmax of the first block of each accumulator row at ACC
   (rows padded to a multiple of 8) into dense results at DST.  */
static void
red_group(isel *c, pto_mir_block *out, pto_loc loc, bool sum, pto_dtype dt,
          int64_t dst, int64_t acc, int64_t rows)
{
  int esz = pto_dtype_bytes(dt);
  int64_t groups = (rows + 7) / 8;
  for (int64_t g0 = 0; g0 < groups; g0 += 255) {
    int64_t n = groups - g0 < 255 ? groups - g0 : 255;
    pto_mir_node *x = red_node(c, out, loc, PTO_VF_REDUCE,
                               sum ? "vcgadd" : "vcgmax", dt, n);
    x->dst = dst + g0 * 8 * esz;
    x->src[0] = acc + g0 * 8 * 256;
    x->drs = 1;
    x->sbs[0] = 8;
    x->srs[0] = 64;
    pto_mir_add_strided(x, PTO_MEM_UB, x->src[0], n * 8, 256, 32, false);
    pto_mir_add_access(x, PTO_MEM_UB, x->dst, x->dst + round32(n * 8 * esz),
                       true);
  }
}

/* The scalar unit folds the first block of each accumulator row at ACC
   into the dense results at DST.  */
static void
red_block_scalar(isel *c, pto_mir_block *out, pto_loc loc, bool sum,
                 pto_dtype dt, int64_t dst, int64_t acc, int64_t rows)
{
  int esz = pto_dtype_bytes(dt);
  int64_t blk = 32 / esz;
  const char *ct = pto_mir_ctype(dt);
  const char *at = dt == PTO_DT_I32 && sum ? "uint32_t" : ct;
  pto_buf t = { 0 };
  pto_buf_printf(&t,
                 "for (int32_t r__ = 0; r__ < %lld; ++r__) {\n"
                 "  %s acc__ = (%s)PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                 "(%lld + r__ * 256)));\n"
                 "  for (int32_t k__ = 1; k__ < %lld; ++k__) {\n"
                 "    %s v__ = (%s)PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                 "(%lld + r__ * 256 + k__ * %d)));\n",
                 (long long)rows, at, at, ct, (long long)acc, (long long)blk,
                 at, at, ct, (long long)acc, esz);
  pto_buf_puts(&t, sum ? "    acc__ += v__;\n"
                       : "    if (v__ > acc__)\n      acc__ = v__;\n");
  pto_buf_printf(&t, "  }\n  PTO_UB_STORE((__ubuf__ %s *)((uintptr_t)(%lld + "
                     "r__ * %d)), (%s)acc__);\n}",
                 ct, (long long)dst, esz, ct);
  pto_mir_node *n = add_scalar(c, out, loc, t.s);
  pto_buf_free(&t);
  c->k->count.scalar_elems += rows * blk;
  pto_mir_add_strided(n, PTO_MEM_UB, acc, rows, 256, 32, false);
  pto_mir_add_access(n, PTO_MEM_UB, dst, dst + rows * esz, true);
}

/* Reduce ROWS rows of COLS elements of DT (PITCH bytes apart, a
   multiple of 32) at SRC into ROWS dense results at DST (32 B aligned),
   using the accumulator rows at SCRATCH.  */
static void
reduce_rows(isel *c, pto_mir_block *out, pto_loc loc, bool sum, pto_dtype dt,
            int64_t dst, int64_t src, int64_t rows, int64_t cols,
            int64_t pitch, int64_t scratch)
{
  int64_t lanes = 256 / pto_dtype_bytes(dt);
  bool cross = red_cross_ok(c->k->arch, sum, dt);
  if (cross && cols <= lanes) {
    red_cross(c, out, loc, sum, dt, dst, src, rows, pitch, cols);
    return;
  }
  const char *identity = sum                 ? "0"
                         : dt == PTO_DT_I32  ? "(-2147483647 - 1)"
                                             : "-__builtin_inff()";
  red_fold(c, out, loc, sum ? "vadd" : "vmax", identity, dt, scratch, src,
           rows, cols, pitch);
  if (cross) {
    red_cross(c, out, loc, sum, dt, dst, scratch, rows, 256, lanes);
    return;
  }
  red_halve(c, out, loc, sum, dt, scratch, rows);
  if (dt == PTO_DT_I32)
    red_block_scalar(c, out, loc, sum, dt, dst, scratch, rows);
  else
    red_group(c, out, loc, sum, dt, dst, scratch, rows);
}

/* The scalar unit reduces each row left to right (pto.h's order).  */
static void
reduce_scalar(isel *c, pto_mir_block *out, pto_loc loc, bool sum,
              pto_dtype dt, const pto_mir_buffer *d, const pto_mir_buffer *a,
              int64_t rows, int64_t cols)
{
  const char *ct = pto_mir_ctype(dt);
  int esz = pto_dtype_bytes(dt);
  const char *acc = dt == PTO_DT_I32 ? (sum ? "uint32_t" : "int32_t")
                    : sum            ? "float"
                                     : ct;
  pto_buf t = { 0 };
  pto_buf_printf(&t, "for (int32_t r__ = 0; r__ < %lld; ++r__) {\n",
                 (long long)rows);
  if (sum)
    pto_buf_printf(&t, "  %s acc__ = 0;\n"
                       "  for (int32_t k__ = 0; k__ < %lld; ++k__)\n"
                       "    acc__ += (%s)PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                       "(%lld + (r__ * %lld + k__) * %d)));\n",
                   acc, (long long)cols, acc, ct, (long long)a->offset,
                   (long long)cols, esz);
  else
    pto_buf_printf(&t, "  %s acc__ = PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                       "(%lld + r__ * %lld)));\n"
                       "  for (int32_t k__ = 1; k__ < %lld; ++k__) {\n"
                       "    %s v__ = PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                       "(%lld + (r__ * %lld + k__) * %d)));\n"
                       "    if (v__ > acc__)\n"
                       "      acc__ = v__;\n"
                       "  }\n",
                   acc, ct, (long long)a->offset, (long long)(cols * esz),
                   (long long)cols, ct, ct, (long long)a->offset,
                   (long long)cols, esz);
  pto_buf_printf(&t, "  PTO_UB_STORE((__ubuf__ %s *)((uintptr_t)(%lld + r__ * %d)),"
                     " (%s)acc__);\n}",
                 ct, (long long)d->offset, esz, ct);
  pto_mir_node *n = add_scalar(c, out, loc, t.s);
  pto_buf_free(&t);
  pto_mir_add_access(n, PTO_MEM_UB, a->offset, a->offset + rows * cols * esz,
                     false);
  pto_mir_add_access(n, PTO_MEM_UB, d->offset, d->offset + rows * esz, true);
}

static void
lower_rowred(isel *c, pto_mir_block *out, const pto_stmt *s,
             const pto_expr *call)
{
  const pto_mir_buffer *d = tile_of(c, call->args[0]);
  const pto_mir_buffer *a = tile_of(c, call->args[1]);
  if (!d || !a)
    return;
  const pto_type *ta = call->args[1]->type;
  bool sum = call->op == PTO_OP_ROW_SUM;
  pto_dtype dt = ta->dtype;
  int esz = pto_dtype_bytes(dt);
  int64_t rows = ta->rows, cols = ta->cols;
  note_vec_min(c->k, rows * cols * esz);
  if (!red_vector_ok(cols, esz)) {
    c->k->count.scalar_elems += rows * cols;
    reduce_scalar(c, out, call->loc, sum, dt, d, a, rows, cols);
    return;
  }
  const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
  int64_t scratch = tmp ? tmp->offset : 0;
  if (sum && dt == PTO_DT_F16) {
    /* In float, rounded once: f16 -> f32 copy, f32 sums, -> f16.  */
    int64_t wide = scratch, sums = wide + round32(rows * cols * 4);
    int64_t part = sums + round32(rows * 4);
    conv(c, out, call->loc, "vconv_f162f32", PTO_DT_F32, PTO_DT_F16, wide,
         a->offset, rows * cols);
    reduce_rows(c, out, call->loc, sum, PTO_DT_F32, sums, wide, rows, cols,
                cols * 4, part);
    conv(c, out, call->loc, "vconv_f322f16", PTO_DT_F16, PTO_DT_F32,
         d->offset, sums, rows);
    return;
  }
  reduce_rows(c, out, call->loc, sum, dt, d->offset, a->offset, rows, cols,
              cols * esz, scratch);
}

/* ------------------------------------------------------------------ */
/* Row broadcasts                                                      */
/* ------------------------------------------------------------------ */

/* Whether the rows of a row broadcast over COLS elements of ESZ bytes
   are addressable by vector instructions (32 B aligned rows).  */
static bool
rowbcast_vector_ok(int64_t cols, int esz)
{
  return (cols * esz) % 32 == 0;
}

/* Whether ARCH has vbrcb (dav-c220 and later; not 910A / 310P).  */
static bool
has_vbrcb(const pto_arch *arch)
{
  return arch && (!strcmp(arch->name, "dav-c220") || !strcmp(arch->name, "3510"));
}

/* Whether row_expand_<op> OP over ROWS rows of COLS elements of ESZ
   bytes runs as vbrcb + strided vector ops (rowbcast_brcb) on ARCH: a
   source tile, more than one row (one row is already one vadds/vmuls
   with its scalar), rows a multiple of 32 B and at most 255 blocks apart
   (a repeat stride).  */
static bool
rowbcast_brcb_ok(const pto_arch *arch, pto_op op, int64_t rows, int64_t cols,
                 int esz)
{
  return has_vbrcb(arch) && op != PTO_OP_ROW_EXPAND && rows > 1
         && (esz == 2 || esz == 4)
         && (cols * esz) % 32 == 0 && cols * esz / 32 <= 255;
}

/* Scratch bytes of the broadcast blocks of ROWS values: one 32 B block
   per value, vbrcb writing 8 per repeat.  */
static int64_t
brcb_bytes(int64_t rows)
{
  return ceil_div(rows, 8) * 256;
}

/* The C operator of a row_expand_<op>, or NULL for row_expand.  */
static const char *
rowbcast_cop(pto_op op)
{
  switch (op) {
  case PTO_OP_ROW_EXPAND_ADD: return "+";
  case PTO_OP_ROW_EXPAND_SUB: return "-";
  case PTO_OP_ROW_EXPAND_MUL: return "*";
  case PTO_OP_ROW_EXPAND_DIV: return "/";
  default: return NULL;
  }
}

/* Scalar-unit loop: every element of D from A and R (A NULL for
   row_expand), r[i] read before row i is written, arithmetic in float
   and rounded once to the element type, as pto.h.  */
static void
rowbcast_scalar(isel *c, pto_mir_block *out, pto_loc loc, pto_op op,
                pto_dtype dt, const pto_mir_buffer *d,
                const pto_mir_buffer *a, const pto_mir_buffer *r,
                int64_t rows, int64_t cols)
{
  const char *ct = pto_mir_ctype(dt);
  int esz = pto_dtype_bytes(dt);
  const char *cop = rowbcast_cop(op);
  pto_buf t = { 0 };
  pto_buf_printf(&t, "for (int32_t r__ = 0; r__ < %lld; ++r__) {\n"
                     "  %s s__ = PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                     "(%lld + r__ * %d)));\n"
                     "  for (int32_t k__ = 0; k__ < %lld; ++k__)\n",
                 (long long)rows, a ? "float" : ct, ct, (long long)r->offset,
                 esz, (long long)cols);
  pto_buf_printf(&t, "    PTO_UB_STORE((__ubuf__ %s *)((uintptr_t)"
                     "(%lld + (r__ * %lld + k__) * %d)), ",
                 ct, (long long)d->offset, (long long)cols, esz);
  if (a)
    pto_buf_printf(&t, "(%s)((float)PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                       "(%lld + (r__ * %lld + k__) * %d))) %s s__));\n}",
                   ct, ct, (long long)a->offset, (long long)cols, esz, cop);
  else
    pto_buf_puts(&t, "s__);\n}");
  pto_mir_node *n = add_scalar(c, out, loc, t.s);
  pto_buf_free(&t);
  c->k->count.scalar_elems += rows * cols;
  pto_mir_add_access(n, PTO_MEM_UB, r->offset, r->offset + rows * esz, false);
  if (a)
    pto_mir_add_access(n, PTO_MEM_UB, a->offset,
                       a->offset + rows * cols * esz, false);
  pto_mir_add_access(n, PTO_MEM_UB, d->offset, d->offset + rows * cols * esz,
                     true);
}

/* The operands of one row broadcast on the vector path.  */
typedef struct rowbcast {
  pto_op op;
  pto_dtype dt;
  int esz;
  int64_t pitch;                        /* bytes per row */
  const pto_mir_buffer *d, *a, *r, *tmp;  /* a NULL for row_expand */
} rowbcast;

/* Elements [E0, E0 + N) of row I: the scalar unit reads r[i][0] at the
   issue of the instruction (an S node carries that read for sync.c),
   then vector_dup (into d, or into the divisor scratch for div), vadds
   or vmuls.  N whole repeats through vec_flat, or (MASKED) one repeat
   of N lanes under the caller's mask.  */
static void
rowbcast_part(isel *c, pto_mir_block *out, pto_loc loc, const rowbcast *b,
              int64_t i, int64_t e0, int64_t n, bool masked)
{
  int64_t ri = b->r->offset + i * b->esz;
  sacc sa = { 0 };
  sa.r_lo = ri;
  sa.r_hi = ri + b->esz;
  operand_reads(c, out, loc, &sa);
  vspec v;
  if (b->op == PTO_OP_ROW_EXPAND || b->op == PTO_OP_ROW_EXPAND_DIV)
    v = spec(PTO_VF_DUP, "vector_dup", b->dt, 0);
  else
    v = spec(PTO_VF_SCALAR, b->op == PTO_OP_ROW_EXPAND_MUL ? "vmuls" : "vadds",
             b->dt, 1);
  v.lit = pto_arena_printf(c->k->prog->arena,
                           "%sPTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)(%lld)))",
                           b->op == PTO_OP_ROW_EXPAND_SUB ? "-" : "",
                           v.ctype, (long long)ri);
  int64_t off = i * b->pitch + e0 * b->esz;
  int64_t dst = (b->tmp ? b->tmp : b->d)->offset + off;
  int64_t so[2] = { b->a ? b->a->offset + off : 0, 0 };
  if (masked)
    vec_instr(c, out, loc, &v, dst, so, 1, n);
  else
    vec_flat(c, out, loc, &v, dst, so, n);
}

/* The vector opcode of row_expand_<op> OP.  */
static const char *
rowbcast_vop(pto_op op)
{
  switch (op) {
  case PTO_OP_ROW_EXPAND_ADD: return "vadd";
  case PTO_OP_ROW_EXPAND_SUB: return "vsub";
  case PTO_OP_ROW_EXPAND_MUL: return "vmul";
  default: return "vdiv";
  }
}

/* Columns [E0, E0 + N) (N lanes, one repeat per row) of d = a OP
   blocks: ROWS rows from ROW0, in instructions of at most 255 repeats;
   the second source is row i's broadcast block (block stride 0, repeat
   stride one block).  */
static void
rowbcast_brcb_cols(isel *c, pto_mir_block *out, pto_loc loc,
                   const rowbcast *b, int64_t rows, int64_t e0, int64_t n)
{
  int pb = (int)(b->pitch / 32);
  for (int64_t row0 = 0; row0 < rows; row0 += 255) {
    int64_t nr = rows - row0 > 255 ? 255 : rows - row0;
    int64_t off = row0 * b->pitch + e0 * b->esz;
    pto_mir_node *v = add_node(c, out, PTO_MIR_VEC, loc, PTO_PIPE_V);
    c->k->count.vec++;
    c->k->count.reps += nr;
    v->form = PTO_VF_BINARY;
    v->op = rowbcast_vop(b->op);
    v->ctype = v->stype = pto_mir_ctype(b->dt);
    v->dst = b->d->offset + off;
    v->src[0] = b->a->offset + off;
    v->src[1] = b->tmp->offset + row0 * 32;
    v->repeat = nr;
    v->dbs = 1;
    v->sbs[0] = 1;
    v->sbs[1] = 0;
    v->drs = v->srs[0] = pb;
    v->srs[1] = 1;
    int64_t w = round32(n * b->esz);
    pto_mir_add_strided(v, PTO_MEM_UB, v->src[0], nr, b->pitch, w, false);
    pto_mir_add_access(v, PTO_MEM_UB, v->src[1], v->src[1] + nr * 32, false);
    pto_mir_add_strided(v, PTO_MEM_UB, v->dst, nr, b->pitch, w, true);
  }
}

/* d = a OP r with vbrcb (rowbcast_brcb_ok): vbrcb(tmp, r, 1, 8, ...)
   writes r[i] into 32 B block i of the scratch (8 rows per repeat, at
   most 254 repeats per instruction so that every chunk of r starts 32 B
   aligned), then per 256 B column of the rows one vadd/vsub/vmul/vdiv
   over all rows (repeat i = row i, repeat stride = the row pitch) whose
   second source reads block i eight times (block stride 0): 1 + ceil(C
   / lanes) instructions instead of one vector op per row with a scalar
   read by S.  The arithmetic is exactly pto.h's (a OP r, fp16 in float
   rounded once).  */
static void
rowbcast_brcb(isel *c, pto_mir_block *out, pto_loc loc, const rowbcast *b,
              int64_t rows, int64_t cols)
{
  const char *ut = b->esz == 4 ? "uint32_t" : "uint16_t";
  for (int64_t done = 0; done < rows;) {
    int64_t reps = ceil_div(rows - done, 8);
    if (reps > 254)
      reps = 254;
    pto_mir_node *v = add_node(c, out, PTO_MIR_VEC, loc, PTO_PIPE_V);
    c->k->count.vec++;
    c->k->count.reps += reps;
    v->form = PTO_VF_BRCB;
    v->op = "vbrcb";
    v->ctype = v->stype = ut;
    v->dst = b->tmp->offset + done * 32;
    v->src[0] = b->r->offset + done * b->esz;
    v->repeat = reps;
    v->dbs = 1;
    v->drs = 8;
    pto_mir_add_access(v, PTO_MEM_UB, v->src[0],
                       v->src[0] + reps * 8 * b->esz, false);
    pto_mir_add_access(v, PTO_MEM_UB, v->dst, v->dst + reps * 256, true);
    done += reps * 8;
  }
  int64_t lanes = 256 / b->esz, full = cols / lanes, tail = cols % lanes;
  for (int64_t j = 0; j < full; j++)
    rowbcast_brcb_cols(c, out, loc, b, rows, j * lanes, lanes);
  if (tail) {
    add_mask(c, out, loc, tail);
    rowbcast_brcb_cols(c, out, loc, b, rows, full * lanes, tail);
    add_mask(c, out, loc, -1);
  }
}

/* pto.row_expand(d, r) and pto.row_expand_<op>(d, a, r).  The whole
   repeats of every row first, then the partial last repeat of every
   row under one mask (set and reset once, not per row).  */
static void
lower_rowbcast(isel *c, pto_mir_block *out, const pto_stmt *s,
               const pto_expr *call)
{
  bool has_src = call->op != PTO_OP_ROW_EXPAND;
  rowbcast b = { 0 };
  b.op = call->op;
  b.d = tile_of(c, call->args[0]);
  b.a = has_src ? tile_of(c, call->args[1]) : NULL;
  b.r = tile_of(c, call->args[call->nargs - 1]);
  if (!b.d || !b.r || (has_src && !b.a))
    return;
  const pto_type *t = call->args[0]->type;
  b.dt = t->dtype;
  b.esz = pto_dtype_bytes(b.dt);
  int64_t rows = t->rows, cols = t->cols;
  b.pitch = cols * b.esz;
  note_vec_min(c->k, rows * b.pitch);
  if (!rowbcast_vector_ok(cols, b.esz)) {
    rowbcast_scalar(c, out, call->loc, call->op, b.dt, b.d, b.a, b.r, rows,
                    cols);
    return;
  }
  if (rowbcast_brcb_ok(c->k->arch, call->op, rows, cols, b.esz)) {
    b.tmp = pto_mir_buffer_of(c->k, NULL, s);
    pto_assert(b.tmp);
    rowbcast_brcb(c, out, call->loc, &b, rows, cols);
    return;
  }
  if (call->op == PTO_OP_ROW_EXPAND_DIV) {
    b.tmp = pto_mir_buffer_of(c->k, NULL, s);
    pto_assert(b.tmp);
  }
  int64_t lanes = 256 / b.esz, full = cols / lanes * lanes;
  int64_t tail = cols - full;
  if (full)
    for (int64_t i = 0; i < rows; i++)
      rowbcast_part(c, out, call->loc, &b, i, 0, full, false);
  if (tail) {
    add_mask(c, out, call->loc, tail);
    for (int64_t i = 0; i < rows; i++)
      rowbcast_part(c, out, call->loc, &b, i, full, tail, true);
    add_mask(c, out, call->loc, -1);
  }
  if (b.tmp) {
    /* d = a / the broadcast divisor, flat over the dense rows.  */
    vspec v = spec(PTO_VF_BINARY, "vdiv", b.dt, 2);
    int64_t so[2] = { b.a->offset, b.tmp->offset };
    vec_flat(c, out, call->loc, &v, b.d->offset, so, rows * cols);
  }
}

/* ------------------------------------------------------------------ */
/* Column reductions and broadcasts                                    */
/* ------------------------------------------------------------------ */

/* The element expression of col_expand_<op> on x__ and y__ (computed as pto.h does: in float for float and fp16, rounded once
   by the store's cast; int32 add/sub/mul wrapping in uint32_t).  */
static void
colbcast_expr(pto_buf *t, pto_op op, pto_dtype dt)
{
  bool fl = pto_dtype_is_float(dt);
  const char *cop = op == PTO_OP_COL_EXPAND_ADD   ? "+"
                    : op == PTO_OP_COL_EXPAND_SUB ? "-"
                    : op == PTO_OP_COL_EXPAND_MUL ? "*"
                                                  : "/";
  if (op == PTO_OP_COL_EXPAND_MAX || op == PTO_OP_COL_EXPAND_MIN)
    pto_buf_printf(t, "(x__ %s y__ ? x__ : y__)",
                   op == PTO_OP_COL_EXPAND_MAX ? ">" : "<");
  else if (fl)
    pto_buf_printf(t, "(x__ %s y__)", cop);
  else
    pto_buf_printf(t, "(int32_t)((uint32_t)x__ %s (uint32_t)y__)", cop);
}

/* pto.col_sum / pto.col_max (d 1 x C from a R x C) and
   pto.col_expand_<op> (d = a OP r, r 1 x C) on the scalar unit, element
   by element in pto.h's order: column j of a column reduction starts
   from a[0][j] and goes down the rows (sums in float for float and
   fp16, rounded once; int32 wrapping), a broadcast reads r[0][j] for
   every element and writes d[i][j] right after reading a[i][j] (so d
   may be a, or r when there is one row).  The exact, shape-independent
   lowering, for the rows the vector unit cannot address (not 32 B
   aligned).  */
static void
colop_scalar(isel *c, pto_mir_block *out, const pto_expr *call,
             const pto_mir_buffer *d, const pto_mir_buffer *a,
             const pto_mir_buffer *r)
{
  bool red = !r;
  const pto_type *ta = call->args[1]->type;
  pto_dtype dt = ta->dtype;
  const char *ct = pto_mir_ctype(dt);
  int esz = pto_dtype_bytes(dt);
  bool fl = pto_dtype_is_float(dt);
  long long rows = ta->rows, cols = ta->cols;
  pto_buf t = { 0 };
  if (red) {
    bool sum = call->op == PTO_OP_COL_SUM;
    const char *acc = !sum ? ct : fl ? "float" : "uint32_t";
    pto_buf_printf(&t,
                   "for (int32_t k__ = 0; k__ < %lld; ++k__) {\n"
                   "  %s acc__ = (%s)PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                   "(%lld + k__ * %d)));\n"
                   "  for (int32_t r__ = 1; r__ < %lld; ++r__) {\n"
                   "    %s v__ = (%s)PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                   "(%lld + (r__ * %lld + k__) * %d)));\n",
                   cols, acc, acc, ct, (long long)a->offset, esz, rows, acc,
                   acc, ct, (long long)a->offset, cols, esz);
    if (sum)
      pto_buf_puts(&t, "    acc__ += v__;\n");
    else
      pto_buf_puts(&t, "    if (v__ > acc__)\n      acc__ = v__;\n");
    pto_buf_printf(&t, "  }\n  PTO_UB_STORE((__ubuf__ %s *)((uintptr_t)"
                       "(%lld + k__ * %d)), (%s)%sacc__);\n}",
                   ct, (long long)d->offset, esz, ct,
                   sum && !fl ? "(int32_t)" : "");
  } else {
    const char *vt = fl ? "float" : ct;
    pto_buf_printf(&t,
                   "for (int32_t r__ = 0; r__ < %lld; ++r__)\n"
                   "  for (int32_t k__ = 0; k__ < %lld; ++k__) {\n"
                   "    %s x__ = (%s)PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                   "(%lld + (r__ * %lld + k__) * %d)));\n"
                   "    %s y__ = (%s)PTO_UB_LOAD((__ubuf__ %s *)((uintptr_t)"
                   "(%lld + k__ * %d)));\n"
                   "    PTO_UB_STORE((__ubuf__ %s *)((uintptr_t)"
                   "(%lld + (r__ * %lld + k__) * %d)), (%s)",
                   rows, cols, vt, vt, ct, (long long)a->offset, cols, esz,
                   vt, vt, ct, (long long)r->offset, esz, ct,
                   (long long)d->offset, cols, esz, ct);
    colbcast_expr(&t, call->op, dt);
    pto_buf_puts(&t, ");\n  }");
  }
  pto_mir_node *n = add_scalar(c, out, call->loc, t.s);
  pto_buf_free(&t);
  c->k->count.scalar_elems += rows * cols;
  note_vec_min(c->k, rows * cols * esz);
  pto_mir_add_access(n, PTO_MEM_UB, a->offset, a->offset + rows * cols * esz,
                     false);
  if (r)
    pto_mir_add_access(n, PTO_MEM_UB, r->offset, r->offset + cols * esz,
                       false);
  pto_mir_add_access(n, PTO_MEM_UB, d->offset,
                     d->offset + (red ? 1 : rows) * cols * esz, true);
}

/* ------------------------------------------------------------------ */
/* Comparisons and select                                              */
/* ------------------------------------------------------------------ */

/* The C operator of comparison OP (cmp_<op> or cmps_<op>).  */
static const char *
cmp_cop(pto_op op)
{
  switch (op) {
  case PTO_OP_CMP_LT: case PTO_OP_CMPS_LT: return "<";
  case PTO_OP_CMP_LE: case PTO_OP_CMPS_LE: return "<=";
  case PTO_OP_CMP_GT: case PTO_OP_CMPS_GT: return ">";
  case PTO_OP_CMP_GE: case PTO_OP_CMPS_GE: return ">=";
  case PTO_OP_CMP_EQ: case PTO_OP_CMPS_EQ: return "==";
  default: return "!=";
  }
}

/* The vendor's compare into a bit mask for comparison OP (cmp_<op>).  */
static const char *
cmpv_op(pto_op op)
{
  switch (op) {
  case PTO_OP_CMP_LT: return "vcmpv_lt";
  case PTO_OP_CMP_LE: return "vcmpv_le";
  case PTO_OP_CMP_GT: return "vcmpv_gt";
  case PTO_OP_CMP_GE: return "vcmpv_ge";
  case PTO_OP_CMP_EQ: return "vcmpv_eq";
  case PTO_OP_CMP_NE: return "vcmpv_ne";
  default: return NULL;
  }
}

/* The vendor's compare with a scalar for comparison OP (cmps_<op>).  */
static const char *
cmpvs_op(pto_op op)
{
  switch (op) {
  case PTO_OP_CMPS_LT: return "vcmpvs_lt";
  case PTO_OP_CMPS_LE: return "vcmpvs_le";
  case PTO_OP_CMPS_GT: return "vcmpvs_gt";
  case PTO_OP_CMPS_GE: return "vcmpvs_ge";
  case PTO_OP_CMPS_EQ: return "vcmpvs_eq";
  case PTO_OP_CMPS_NE: return "vcmpvs_ne";
  default: return NULL;
  }
}

/* Whether comparison OP is ne (cmp_ne or cmps_ne).  */
static bool
cmp_is_ne(pto_op op)
{
  return op == PTO_OP_CMP_NE || op == PTO_OP_CMPS_NE;
}

/* Whether ARCH compares DT tiles with OP on the vector unit: half and
   float for every op; int32 for eq, and for ne as eq with the select's
   ones and zeros swapped, on dav-c220 only (its CheckVcmpvDtype and
   CheckVcmpvsDtype: cannmirror/asc-devkit impl/basic_api/dav_c220/
   kernel_operator_vec_cmp_impl.h, "half / float / int32_t" when cmpMode
   is EQ; dav-m200's vcmpv and vcmpvs take half and float).  */
static bool
cmp_dtype_ok(pto_op op, pto_dtype dt, const pto_arch *arch)
{
  if (pto_dtype_is_float(dt))
    return true;
  return dt == PTO_DT_I32 && arch->isa == PTO_ISA_V220
         && (op == PTO_OP_CMP_EQ || op == PTO_OP_CMPS_EQ || cmp_is_ne(op));
}

/* Whether pto.cmp_<op> or pto.cmps_<op> E runs on the vector unit of
   ARCH: a compare of a dtype cmp_dtype_ok accepts whose elements fill
   whole repeats of both the compare (256 B of a and b) and of the f32
   vsel (64 lanes), at most 255 of each, so that no vector mask is
   needed (the vendor's Compare and Compares docs: the mask has no
   effect on Atlas A2 / A3).  */
static bool
cmp_vector_ok(const pto_expr *e, const pto_arch *arch)
{
  if (!(cmpv_op(e->op) || cmpvs_op(e->op)) || e->nargs < 3)
    return false;
  const pto_type *ta = e->args[1]->type;
  if (ta->kind != PTO_TY_TILE || !cmp_dtype_ok(e->op, ta->dtype, arch))
    return false;
  int64_t n = (int64_t)ta->rows * ta->cols;
  int esz = pto_dtype_bytes(ta->dtype);
  return n > 0 && (n * esz) % 256 == 0 && n % 64 == 0 && n / 64 <= 255;
}

/* The scratch of a vector compare of N elements: the bit mask, then
   three 256 B rows: the mask's address (vsel mode 2 reads it through
   CMPMASK), 64 f32 ones, 64 f32 zeros.  */
static int64_t
cmp_scratch_bytes(int64_t n)
{
  return round32(n / 8) + 3 * 256;
}

/* vcmpv-style binary node OP: dense bit mask BITS of N elements from
   A and B (SRS1: b's repeat stride, 0 to re-read one 256 B row).  */
static void
cmpv_node(isel *c, pto_mir_block *out, pto_loc loc, const char *op,
          pto_dtype dt, int64_t bits, int64_t a, int64_t b, int srs1,
          int64_t n)
{
  int esz = pto_dtype_bytes(dt);
  int64_t rep = n * esz / 256;
  pto_mir_node *x = add_node(c, out, PTO_MIR_VEC, loc, PTO_PIPE_V);
  c->k->count.vec++;
  c->k->count.reps += rep;
  x->form = PTO_VF_BINARY;
  x->op = op;
  x->ctype = "uint8_t";
  x->stype = pto_mir_ctype(dt);
  x->dst = bits;
  x->src[0] = a;
  x->src[1] = b;
  x->repeat = rep;
  x->dbs = x->sbs[0] = x->sbs[1] = 1;
  x->drs = x->srs[0] = 8;
  x->srs[1] = srs1;
  pto_mir_add_access(x, PTO_MEM_UB, a, a + n * esz, false);
  pto_mir_add_access(x, PTO_MEM_UB, b, b + (srs1 ? n * esz : 256), false);
  pto_mir_add_access(x, PTO_MEM_UB, bits, bits + round32(n / 8), true);
}

/* vcmpvs-style node OP: dense bit mask BITS of N elements from A and
   the scalar X (converted to DT by the emitter's cast, as cmps
   converts it).  */
static void
cmpvs_node(isel *c, pto_mir_block *out, pto_loc loc, const char *op,
           pto_dtype dt, int64_t bits, int64_t a, const pto_expr *x,
           int64_t n)
{
  int esz = pto_dtype_bytes(dt);
  int64_t rep = n * esz / 256;
  pto_mir_node *v = add_node(c, out, PTO_MIR_VEC, loc, PTO_PIPE_V);
  c->k->count.vec++;
  c->k->count.reps += rep;
  v->form = PTO_VF_SCALAR;
  v->op = op;
  v->ctype = "uint8_t";
  v->stype = pto_mir_ctype(dt);
  v->dst = bits;
  v->src[0] = a;
  v->scalar = x;
  v->repeat = rep;
  v->dbs = v->sbs[0] = 1;
  v->drs = v->srs[0] = 8;
  pto_mir_add_access(v, PTO_MEM_UB, a, a + n * esz, false);
  pto_mir_add_access(v, PTO_MEM_UB, bits, bits + round32(n / 8), true);
}

/* CMPMASK := the address BITS (vector_dup into the 256 B row ADDR, then
   set_cmpmask), as the vendor's VselIntrinsicsImplPre does for mode 2.  */
static void
cmpmask_addr(isel *c, pto_mir_block *out, pto_loc loc, int64_t bits,
             int64_t addr)
{
  vspec d = spec(PTO_VF_DUP, "vector_dup", PTO_DT_I32, 0);
  vec_instr(c, out, loc, &d, addr, NULL, 1, 64);
  pto_mir_node *dn = out->items[out->n - 1];
  dn->scalar_is_ub = true;
  dn->scalar_ub = bits;
  pto_mir_node *cm = add_node(c, out, PTO_MIR_VEC, loc, PTO_PIPE_V);
  c->k->count.vec++;
  c->k->count.reps++;
  cm->form = PTO_VF_CMPMASK;
  cm->op = "set_cmpmask";
  cm->ctype = "void";
  cm->dst = addr;
  /* CMPMASK is modelled as the block it is loaded from: vsel's read
     of it then waits for set_cmpmask (the vendor's PIPE_V barrier).  */
  pto_mir_add_access(cm, PTO_MEM_UB, addr, addr + 32, true);
}

/* vsel mode 2 of DT over N elements: DST = bit ? S0 : S1, the bits at
   BITS (CMPMASK holds their address, in the row ADDR); SRS: the
   sources' repeat stride (0: one 256 B row each).  */
static void
vsel_node(isel *c, pto_mir_block *out, pto_loc loc, pto_dtype dt,
          int64_t dst, int64_t s0, int64_t s1, int srs, int64_t bits,
          int64_t addr, int64_t n)
{
  int esz = pto_dtype_bytes(dt);
  int64_t rep = n * esz / 256, sext = srs ? n * esz : 256;
  pto_mir_node *v = add_node(c, out, PTO_MIR_VEC, loc, PTO_PIPE_V);
  c->k->count.vec++;
  c->k->count.reps += rep;
  v->form = PTO_VF_BINARY;
  v->op = "vsel";
  v->ctype = v->stype = pto_mir_ctype(dt);
  v->dst = dst;
  v->src[0] = s0;
  v->src[1] = s1;
  v->repeat = rep;
  v->dbs = v->sbs[0] = v->sbs[1] = 1;
  v->drs = 8;
  v->srs[0] = v->srs[1] = srs;
  v->order = c->k->arch->isa == PTO_ISA_V220 ? ", (uint8_t)2"
                                               : ", (uint8_t)2, false, false";
  pto_mir_add_access(v, PTO_MEM_UB, s0, s0 + sext, false);
  pto_mir_add_access(v, PTO_MEM_UB, s1, s1 + sext, false);
  pto_mir_add_access(v, PTO_MEM_UB, bits, bits + round32(n / 8), false);
  pto_mir_add_access(v, PTO_MEM_UB, addr, addr + 32, false);
  pto_mir_add_access(v, PTO_MEM_UB, dst, dst + n * esz, true);
}

/* m = a OP b on the vector unit (cmp_vector_ok):
     vcmpv_<op>(bits, a, b)          one bit per element, dense;
     vector_dup(addr, bits' offset)  (int32_t) then set_cmpmask(addr);
     vector_dup(ones, 1.0f), vector_dup(zeros, 0.0f);
     vsel(m as f32, ones, zeros, mode 2)   1.0f / 0.0f per element;
     vconv_f322s32r(m, m as f32)     the int32 0 / 1 mask.
   pto.cmps_<op> is vcmpvs_<op>(bits, a, scalar), the rest the same.
   An int32 ne is eq with vsel's sources swapped (cmp_dtype_ok).
   The mode 2 sequence is the vendor's (C220/M200
   kernel_operator_vec_cmpsel_impl.h, VselIntrinsicsImplPre and
   VselIntrinsicsImpl); m may be a or b (vcmpv reads both before vsel
   writes m, and sync.c orders the pipe V instructions by their
   accesses).  */
static void
lower_cmp_vec(isel *c, pto_mir_block *out, const pto_stmt *s,
              const pto_expr *call, const pto_mir_buffer *m,
              const pto_mir_buffer *a, const pto_mir_buffer *b)
{
  const pto_type *ta = call->args[1]->type;
  int64_t n = (int64_t)ta->rows * ta->cols;
  const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
  pto_assert(tmp && tmp->size >= cmp_scratch_bytes(n));
  int64_t bits = tmp->offset, addr = bits + round32(n / 8);
  int64_t ones = addr + 256, zeros = ones + 256;
  pto_loc loc = call->loc;
  bool swap = cmp_is_ne(call->op) && !pto_dtype_is_float(ta->dtype);
  if (cmpvs_op(call->op)) {
    sacc sa = { 0 };
    if (!scalar_expr_ok(c, call->args[2], &sa))
      return;
    operand_reads(c, out, loc, &sa);
    cmpvs_node(c, out, loc, swap ? "vcmpvs_eq" : cmpvs_op(call->op),
               ta->dtype, bits, a->offset, call->args[2], n);
  } else {
    cmpv_node(c, out, loc, swap ? "vcmpv_eq" : cmpv_op(call->op), ta->dtype,
              bits, a->offset, b->offset, 8, n);
  }
  cmpmask_addr(c, out, loc, bits, addr);
  vspec one = spec(PTO_VF_DUP, "vector_dup", PTO_DT_F32, 0);
  one.lit = "1.0f";
  vec_instr(c, out, loc, &one, ones, NULL, 1, 64);
  vspec zero = spec(PTO_VF_DUP, "vector_dup", PTO_DT_F32, 0);
  zero.lit = "0.0f";
  vec_instr(c, out, loc, &zero, zeros, NULL, 1, 64);
  /* m read as f32: 64 lanes a repeat, 1.0f / 0.0f, then 1 / 0.  */
  vsel_node(c, out, loc, PTO_DT_F32, m->offset, swap ? zeros : ones,
            swap ? ones : zeros, 0, bits, addr, n);
  conv(c, out, loc, "vconv_f322s32r", PTO_DT_I32, PTO_DT_F32, m->offset,
       m->offset, n);
  note_vec_min(c->k, n * 4);
}

/* Whether pto.select E (d = m != 0 ? a : b) runs on the vector unit:
   half or float data whose elements fill whole repeats of the f32 mask
   conversion and compare (64 lanes) and of the data's vsel, at most
   255 each.  */
static bool
sel_vector_ok(const pto_expr *e)
{
  if (e->op != PTO_OP_SELECT || e->nargs < 4)
    return false;
  const pto_type *ta = e->args[2]->type;
  if (ta->kind != PTO_TY_TILE || !pto_dtype_is_float(ta->dtype))
    return false;
  int64_t n = (int64_t)ta->rows * ta->cols;
  int esz = pto_dtype_bytes(ta->dtype);
  return n > 0 && n % 64 == 0 && (n * esz) % 256 == 0 && n / 64 <= 255;
}

/* The scratch of a vector select of N elements: the mask as f32, the
   bit mask, the address row and a row of f32 zeros.  */
static int64_t
sel_scratch_bytes(int64_t n)
{
  return n * 4 + round32(n / 8) + 2 * 256;
}

/* d = m != 0 ? a : b on the vector unit (sel_vector_ok):
     vconv_s322f32(mf, m)              exact for 0, nonzero stays nonzero;
     vcmpv_ne(bits, mf, zeros row)     bit = m != 0;
     vector_dup + set_cmpmask          CMPMASK := the bits' address;
     vsel(d, a, b, mode 2).
   An int32 vcmpv_eq of m against zeros would save the conversion on
   dav-c220 only (cmp_dtype_ok); this sequence is the same on both
   archs.  */
static void
lower_sel_vec(isel *c, pto_mir_block *out, const pto_stmt *s,
              const pto_expr *call, const pto_mir_buffer *d,
              const pto_mir_buffer *m, const pto_mir_buffer *a,
              const pto_mir_buffer *b)
{
  const pto_type *ta = call->args[2]->type;
  int64_t n = (int64_t)ta->rows * ta->cols;
  const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
  pto_assert(tmp && tmp->size >= sel_scratch_bytes(n));
  int64_t mf = tmp->offset, bits = mf + n * 4;
  int64_t addr = bits + round32(n / 8), zeros = addr + 256;
  pto_loc loc = call->loc;
  conv(c, out, loc, "vconv_s322f32", PTO_DT_F32, PTO_DT_I32, mf, m->offset,
       n);
  vspec zero = spec(PTO_VF_DUP, "vector_dup", PTO_DT_F32, 0);
  zero.lit = "0.0f";
  vec_instr(c, out, loc, &zero, zeros, NULL, 1, 64);
  cmpv_node(c, out, loc, "vcmpv_ne", PTO_DT_F32, bits, mf, zeros, 0, n);
  cmpmask_addr(c, out, loc, bits, addr);
  vsel_node(c, out, loc, ta->dtype, d->offset, a->offset, b->offset, 8, bits,
            addr, n);
  note_vec_min(c->k, n * pto_dtype_bytes(ta->dtype));
}

/* pto.cmp_<op> (m = a OP b), pto.cmps_<op> (m = a OP s) and pto.select
   (d = m != 0 ? a : b) on the scalar unit, element by element in pto.h's
   order: elements compare in float for float and fp16 (exact, a NaN
   unordered as in C), in int32 for int32, and the mask element is
   written right after its operands are read, so m may be a or b; select
   copies the chosen element's bits.  The scalar of cmps is evaluated
   once, converted to the tile's dtype first.  Half and float compares
   and selects whose elements fill whole repeats run on the vector unit
   instead (lower_cmp_vec, lower_sel_vec), and so do int32 eq and ne on
   dav-c220 (cmp_dtype_ok); this lowering is the exact one for every
   other shape and dtype and the scalar forms.  */
static void
lower_cmpsel(isel *c, pto_mir_block *out, const pto_stmt *s,
             const pto_expr *call)
{
  bool sel = call->op == PTO_OP_SELECT;
  bool scalar = !sel && pto_op_info(call->op)->sig[2] == 's';
  int nt = sel ? 4 : scalar ? 2 : 3;
  const pto_mir_buffer *b[4] = { NULL, NULL, NULL, NULL };
  for (int i = 0; i < nt; i++)
    if (!(b[i] = tile_of(c, call->args[i])))
      return;
  if (cmp_vector_ok(call, c->k->arch)) {
    lower_cmp_vec(c, out, s, call, b[0], b[1], b[2]);
    return;
  }
  if (sel_vector_ok(call)) {
    lower_sel_vec(c, out, s, call, b[0], b[1], b[2], b[3]);
    return;
  }
  char *stext = NULL;
  if (scalar) {
    sacc sa = { 0 };
    if (!scalar_expr_ok(c, call->args[2], &sa))
      return;
    operand_reads(c, out, call->loc, &sa);
    stext = expr_text(c, call->args[2]);
  }
  /* The data tiles' dtype: a's (operand 2 of a comparison, operand 3 of
     a select).  */
  const pto_type *ta = call->args[sel ? 2 : 1]->type;
  pto_dtype dt = ta->dtype;
  const char *ct = pto_mir_ctype(dt);
  const char *vt = pto_dtype_is_float(dt) ? "float" : ct;
  int esz = pto_dtype_bytes(dt);
  long long n = (long long)ta->rows * ta->cols;
  pto_buf t = { 0 };
#define UB(ty, off, sz) \
  "PTO_UB_LOAD((__ubuf__ " ty " *)((uintptr_t)(" off " + k__ * " sz ")))"
  if (sel) {
    pto_buf_printf(&t,
                   "for (int32_t k__ = 0; k__ < %lld; ++k__) {\n"
                   "  int32_t m__ = (int32_t)" UB("int32_t", "%lld", "4")
                   ";\n"
                   "  %s v__ = m__ != 0 ? (%s)" UB("%s", "%lld", "%d")
                   " : (%s)" UB("%s", "%lld", "%d") ";\n"
                   "  PTO_UB_STORE((__ubuf__ %s *)((uintptr_t)(%lld + k__ * "
                   "%d)), v__);\n}",
                   n, (long long)b[1]->offset, ct, ct, ct,
                   (long long)b[2]->offset, esz, ct, ct,
                   (long long)b[3]->offset, esz, ct, (long long)b[0]->offset,
                   esz);
  } else {
    pto_buf_puts(&t, "{\n");
    if (scalar)
      pto_buf_printf(&t, "  %s y__ = (%s)(%s)(%s);\n", vt, vt, ct, stext);
    pto_buf_printf(&t,
                   "  for (int32_t k__ = 0; k__ < %lld; ++k__) {\n"
                   "    %s x__ = (%s)" UB("%s", "%lld", "%d") ";\n",
                   n, vt, vt, ct, (long long)b[1]->offset, esz);
    if (!scalar)
      pto_buf_printf(&t, "    %s y__ = (%s)" UB("%s", "%lld", "%d") ";\n",
                     vt, vt, ct, (long long)b[2]->offset, esz);
    pto_buf_printf(&t,
                   "    PTO_UB_STORE((__ubuf__ int32_t *)((uintptr_t)(%lld + "
                   "k__ * 4)), (int32_t)(x__ %s y__));\n  }\n}",
                   (long long)b[0]->offset, cmp_cop(call->op));
  }
#undef UB
  pto_mir_node *nd = add_scalar(c, out, call->loc, t.s);
  pto_buf_free(&t);
  c->k->count.scalar_elems += n;
  note_vec_min(c->k, n * esz);
  for (int i = 1; i < nt; i++) {
    int isz = sel && i == 1 ? 4 : esz;
    pto_mir_add_access(nd, PTO_MEM_UB, b[i]->offset, b[i]->offset + n * isz,
                       false);
  }
  pto_mir_add_access(nd, PTO_MEM_UB, b[0]->offset,
                     b[0]->offset + n * (sel ? esz : 4), true);
}

/* Whether a column op over ROWS rows of COLS elements of ESZ bytes can
   run on the vector unit: one row (it starts 32 B aligned like every
   tile), or rows a multiple of 32 B (every row starts 32 B aligned, as
   the vendor's vector operands must).  */
static bool
colop_vector_ok(int64_t rows, int64_t cols, int esz)
{
  return rows == 1 || (cols * esz) % 32 == 0;
}

/* The vector opcode of col_expand_<op> OP (binary, C220/M200
   kernel_operator_vec_binary_impl.h).  */
static const char *
colbcast_vop(pto_op op)
{
  switch (op) {
  case PTO_OP_COL_EXPAND_ADD: return "vadd";
  case PTO_OP_COL_EXPAND_SUB: return "vsub";
  case PTO_OP_COL_EXPAND_MUL: return "vmul";
  case PTO_OP_COL_EXPAND_DIV: return "vdiv";
  case PTO_OP_COL_EXPAND_MAX: return "vmax";
  default: return "vmin";
  }
}

/* One binary OP of DT, N repeats: DST and S0 advance DRS blocks per
   repeat (the row pitch, or 8 for dense repeats), S1 advances S1RS
   blocks per repeat and S1BS blocks per block (0 / 0: every repeat and
   every block re-reads the 1 x C row).  VALID lanes per repeat; UB
   accesses: N runs of round32(VALID * esz) bytes DRS * 32 apart for
   DST and S0, [S1, S1 + S1BYTES) for S1.  */
static void
col_binary(isel *c, pto_mir_block *out, pto_loc loc, const char *op,
           pto_dtype dt, int64_t dst, int64_t s0, int64_t s1, int64_t n,
           int drs, int s1bs, int s1rs, int64_t valid, int64_t s1bytes)
{
  int esz = pto_dtype_bytes(dt);
  pto_mir_node *x = red_node(c, out, loc, PTO_VF_BINARY, op, dt, n);
  x->dst = dst;
  x->src[0] = s0;
  x->src[1] = s1;
  x->dbs = x->sbs[0] = 1;
  x->sbs[1] = s1bs;
  x->drs = x->srs[0] = drs;
  x->srs[1] = s1rs;
  int64_t w = round32(valid * esz);
  pto_mir_add_strided(x, PTO_MEM_UB, dst, n, (int64_t)drs * 32, w, true);
  pto_mir_add_strided(x, PTO_MEM_UB, s0, n, (int64_t)drs * 32, w, false);
  pto_mir_add_access(x, PTO_MEM_UB, s1, s1 + s1bytes, false);
}

/* d = a OP r over ROWS rows of COLS elements (colop_vector_ok, at least
   two rows), r the 1 x C row at R:
   * rows of exactly 32 B: the tile is one flat vector whose second
     source re-reads r's block for every block (block and repeat stride
     0), 8 rows per repeat;
   * other rows: per 256 B column group of the rows one instruction
     whose repeats are the rows (repeat stride = the row pitch, at most
     255 blocks; one instruction per row otherwise) and whose second
     source re-reads that column group of r (repeat stride 0); the
     partial last group of every row under one mask.
   Each element is a[i][j] OP r[0][j] computed once, as pto.h (fp16 in
   float, rounded once, by the vector unit too); d may be a.  */
static void
colbcast_vec(isel *c, pto_mir_block *out, pto_loc loc, const char *op,
             pto_dtype dt, int64_t d, int64_t a, int64_t r, int64_t rows,
             int64_t cols)
{
  int esz = pto_dtype_bytes(dt);
  int64_t lanes = 256 / esz, pitch = cols * esz;
  if (pitch == 32) {
    int64_t n = rows * cols, full = n / lanes, tail = n % lanes;
    for (int64_t k = 0; k < full; k += 255) {
      int64_t m = full - k > 255 ? 255 : full - k;
      col_binary(c, out, loc, op, dt, d + k * 256, a + k * 256, r, m, 8, 0,
                 0, lanes, 32);
    }
    if (tail) {
      add_mask(c, out, loc, tail);
      col_binary(c, out, loc, op, dt, d + full * 256, a + full * 256, r, 1, 8,
                 0, 0, tail, 32);
      add_mask(c, out, loc, -1);
    }
    return;
  }
  int64_t pb = pitch / 32, step = pb <= 255 ? 255 : 1;
  int drs = pb <= 255 ? (int)pb : 8;
  int64_t full = cols / lanes, tail = cols % lanes;
  for (int64_t g = 0; g <= full; g++) {
    int64_t valid = g < full ? lanes : tail;
    if (!valid)
      break;
    if (g == full)
      add_mask(c, out, loc, tail);
    for (int64_t i0 = 0; i0 < rows; i0 += step) {
      int64_t m = rows - i0 < step ? rows - i0 : step;
      int64_t off = i0 * pitch + g * 256;
      col_binary(c, out, loc, op, dt, d + off, a + off, r + g * 256, m, drs,
                 1, 0, valid, round32(valid * esz));
    }
    if (g == full)
      add_mask(c, out, loc, -1);
  }
}

/* d[0][j] = a[0][j] OP a[1][j] OP ... OP a[R-1][j] (OP vadd / vmax) in
   pto.h's order: a running vector op down the rows, one instruction per
   row (its repeats the row's whole 256 B groups) into ACC (1 x C at
   least 32 B aligned): acc = a[0] OP a[1], then acc = acc OP a[i]; the
   partial last groups of every row afterwards under one mask.  The
   rows at SRC are PITCH bytes apart (a multiple of 32), ROWS >= 2.  */
static void
colred_vec(isel *c, pto_mir_block *out, pto_loc loc, const char *op,
           pto_dtype dt, int64_t acc, int64_t src, int64_t rows,
           int64_t cols, int64_t pitch)
{
  int esz = pto_dtype_bytes(dt);
  int64_t lanes = 256 / esz, full = cols / lanes, tail = cols % lanes;
  for (int64_t g0 = 0; g0 < full; g0 += 255) {
    int64_t m = full - g0 > 255 ? 255 : full - g0;
    for (int64_t i = 1; i < rows; i++)
      col_binary(c, out, loc, op, dt, acc + g0 * 256,
                 (i == 1 ? src : acc) + g0 * 256, src + i * pitch + g0 * 256,
                 m, 8, 1, 8, lanes, m * 256);
  }
  if (tail) {
    int64_t g = full * 256;
    add_mask(c, out, loc, tail);
    for (int64_t i = 1; i < rows; i++)
      col_binary(c, out, loc, op, dt, acc + g, (i == 1 ? src : acc) + g,
                 src + i * pitch + g, 1, 8, 1, 8, tail,
                 round32(tail * esz));
    add_mask(c, out, loc, -1);
  }
}

/* Scratch bytes of a vector fp16 col_sum over ROWS x COLS: the f32 copy
   of a and the f32 accumulator row.  */
static int64_t
colsum_f16_bytes(int64_t rows, int64_t cols)
{
  return round32(rows * cols * 4) + round32(cols * 4);
}

/* The vector form of a column op (colop_vector_ok): col_expand_<op> by
   colbcast_vec (one row: the flat element-wise instruction), col_max and
   int32 / f32 col_sum by colred_vec straight into d, fp16 col_sum in
   float: vconv_f162f32 of a into scratch, colred_vec in f32 into a
   scratch row, vconv_f322f16 of that row into d (pto.h sums fp16 in
   float and rounds once; a running fp16 vadd would round every step).
   One row: col_sum and col_max are d = a (copy_ubuf_to_ubuf).  */
static void
colop_vec(isel *c, pto_mir_block *out, const pto_stmt *s,
          const pto_expr *call, const pto_mir_buffer *d,
          const pto_mir_buffer *a, const pto_mir_buffer *r)
{
  const pto_type *ta = call->args[1]->type;
  pto_dtype dt = ta->dtype;
  int esz = pto_dtype_bytes(dt);
  int64_t rows = ta->rows, cols = ta->cols;
  pto_loc loc = call->loc;
  if (r) {
    const char *op = colbcast_vop(call->op);
    if (rows == 1) {
      vspec v = spec(PTO_VF_BINARY, op, dt, 2);
      int64_t so[2] = { a->offset, r->offset };
      vec_flat(c, out, loc, &v, d->offset, so, cols);
    } else
      colbcast_vec(c, out, loc, op, dt, d->offset, a->offset, r->offset, rows,
                   cols);
    return;
  }
  if (rows == 1) {
    tile_copy(c, out, loc, d, a, dt);
    return;
  }
  bool sum = call->op == PTO_OP_COL_SUM;
  if (sum && dt == PTO_DT_F16) {
    const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
    pto_assert(tmp);
    int64_t wide = tmp->offset, accf = wide + round32(rows * cols * 4);
    conv(c, out, loc, "vconv_f162f32", PTO_DT_F32, PTO_DT_F16, wide,
         a->offset, rows * cols);
    colred_vec(c, out, loc, "vadd", PTO_DT_F32, accf, wide, rows, cols,
               cols * 4);
    conv(c, out, loc, "vconv_f322f16", PTO_DT_F16, PTO_DT_F32, d->offset,
         accf, cols);
    return;
  }
  colred_vec(c, out, loc, sum ? "vadd" : "vmax", dt, d->offset, a->offset,
             rows, cols, cols * esz);
}

/* Whether column op OP over a ROWS x COLS tile of DT runs on the vector
   unit (colop_vec); fp16 col_sum is laid out in f32.  */
static bool
colop_vec_ok(pto_op op, pto_dtype dt, int64_t rows, int64_t cols)
{
  int esz = op == PTO_OP_COL_SUM && dt == PTO_DT_F16 ? 4 : pto_dtype_bytes(dt);
  return colop_vector_ok(rows, cols, esz);
}

/* pto.col_sum / col_max / col_expand_<op>: the vector unit where the
   rows are addressable (colop_vec), else the scalar unit.  */
static void
lower_colop(isel *c, pto_mir_block *out, const pto_stmt *s,
            const pto_expr *call)
{
  bool red = call->op == PTO_OP_COL_SUM || call->op == PTO_OP_COL_MAX;
  const pto_mir_buffer *d = tile_of(c, call->args[0]);
  const pto_mir_buffer *a = tile_of(c, call->args[1]);
  const pto_mir_buffer *r = red ? NULL : tile_of(c, call->args[2]);
  if (!d || !a || (!red && !r))
    return;
  const pto_type *ta = call->args[1]->type;
  if (!colop_vec_ok(call->op, ta->dtype, ta->rows, ta->cols)) {
    colop_scalar(c, out, call, d, a, r);
    return;
  }
  note_vec_min(c->k, (int64_t)ta->rows * ta->cols * pto_dtype_bytes(ta->dtype));
  colop_vec(c, out, s, call, d, a, r);
}

/* ------------------------------------------------------------------ */
/* Bitwise operations, shifts and transpose                            */
/* ------------------------------------------------------------------ */

/* The C expression of int32 op OP on x__ and y__ (the count, masked to
   its low 5 bits: pto.h rejects any other count, and C's shift by 32 or
   more is undefined).  Right shifts are arithmetic without relying on
   C's >> of a negative value, as in pto.h.  */
static const char *
bitop_expr(pto_op op)
{
  switch (op) {
  case PTO_OP_AND: return "x__ & y__";
  case PTO_OP_OR: return "x__ | y__";
  case PTO_OP_XOR: return "x__ ^ y__";
  case PTO_OP_NOT: return "~x__";
  case PTO_OP_SHL: case PTO_OP_SHLS:
    return "(int32_t)((uint32_t)x__ << (y__ & 31))";
  default:
    return "x__ < 0 ? ~(int32_t)((uint32_t)~x__ >> (y__ & 31)) "
           ": (int32_t)((uint32_t)x__ >> (y__ & 31))";
  }
}

/* Whether int32 op OP runs on the vector unit: and, or, not on the
   int16 halves of the same bytes (vand, vor, vnot take int16_t and
   uint16_t only; a bitwise op is the same on either view), xor as
   (a | b) & ~(a & b) through a scratch tile (no UB vxor).  */
static bool
bitop_vector_ok(pto_op op)
{
  return op == PTO_OP_AND || op == PTO_OP_OR || op == PTO_OP_NOT
         || op == PTO_OP_XOR;
}

/* The int16 view of a bitwise instruction OP with NSRC sources.  */
static vspec
halfword_spec(pto_vform form, const char *op, int nsrc)
{
  vspec v = spec(form, op, PTO_DT_I32, nsrc);
  v.ctype = "int16_t";
  v.dsz = v.ssz = 2;
  v.lanes = 128;
  return v;
}

/* D = A OP B (B ignored by vnot) over N halfwords.  */
static void
halfword_op(isel *c, pto_mir_block *out, pto_loc loc, const char *op,
            int64_t d, int64_t a, int64_t b, int64_t n)
{
  bool un = !strcmp(op, "vnot");
  vspec v = halfword_spec(un ? PTO_VF_UNARY : PTO_VF_BINARY, op, un ? 1 : 2);
  int64_t src[2] = { a, b };
  vec_flat(c, out, loc, &v, d, src, n);
}

/* pto.and/or/not, and pto.xor with the scratch of S, on the vector unit
   (bitop_vector_ok): every instruction reads its sources before it
   writes d (per repeat), and xor writes d only after its scratch holds
   ~(a & b), so d may be a or b.  */
static void
lower_bitop_vec(isel *c, pto_mir_block *out, const pto_stmt *s,
                const pto_expr *call, const pto_mir_buffer *const *b)
{
  const pto_type *t = call->args[0]->type;
  int64_t n = 2 * (int64_t)t->rows * t->cols;
  int64_t d = b[0]->offset, a = b[1]->offset;
  int64_t y = call->op == PTO_OP_NOT ? 0 : b[2]->offset;
  pto_loc loc = call->loc;
  switch (call->op) {
  case PTO_OP_AND: halfword_op(c, out, loc, "vand", d, a, y, n); break;
  case PTO_OP_OR: halfword_op(c, out, loc, "vor", d, a, y, n); break;
  case PTO_OP_NOT: halfword_op(c, out, loc, "vnot", d, a, 0, n); break;
  default: {
    const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
    pto_assert(tmp && tmp->size >= n * 2);
    int64_t w = tmp->offset;
    halfword_op(c, out, loc, "vand", w, a, y, n);
    halfword_op(c, out, loc, "vnot", w, w, 0, n);
    halfword_op(c, out, loc, "vor", d, a, y, n);
    halfword_op(c, out, loc, "vand", d, d, w, n);
  }
  }
  note_vec_min(c->k, n * 2);
}

/* Whether pto.shls / pto.shrs run on the vector unit of ARCH: vshl /
   vshr by the count's low 5 bits, on dav-c220 (dav-m200's basic API
   does not call them; doc/cce.md "Bitwise operations").  */
static bool
shift_vector_ok(pto_op op, const pto_arch *arch)
{
  return (op == PTO_OP_SHLS || op == PTO_OP_SHRS)
         && arch->isa == PTO_ISA_V220;
}

/* d = a << s or a >> s (arithmetic) on the vector unit
   (shift_vector_ok); STEXT is the count's C text.  */
static void
lower_shift_vec(isel *c, pto_mir_block *out, const pto_expr *call,
                const pto_mir_buffer *d, const pto_mir_buffer *a,
                const char *stext)
{
  const pto_type *t = call->args[0]->type;
  int64_t n = (int64_t)t->rows * t->cols;
  bool shl = call->op == PTO_OP_SHLS;
  vspec v = spec(PTO_VF_SCALAR, shl ? "vshl" : "vshr", PTO_DT_I32, 1);
  v.scalar_type = shl ? "uint32_t" : NULL;   /* runtime/cce-api.h */
  pto_buf lit = { 0 };
  pto_buf_printf(&lit, "(int32_t)(%s) & 31", stext);
  v.lit = pto_arena_strdup(c->k->prog->arena, lit.s);
  pto_buf_free(&lit);
  int64_t src = a->offset;
  vec_flat(c, out, call->loc, &v, d->offset, &src, n);
  note_vec_min(c->k, n * 4);
}

/* pto.and/or/xor/not on the vector unit (lower_bitop_vec), and
   pto.shls/shrs on dav-c220 (lower_shift_vec); the other shifts,
   pto.shl/shr (d = a OP b), and pto.shls/shrs on dav-m200 on the
   scalar unit, element by element in pto.h's order: element k is
   written after its operands are read, so d may be a or b.  The scalar
   count is evaluated once.  */
static void
lower_bitop(isel *c, pto_mir_block *out, const pto_stmt *s,
            const pto_expr *call)
{
  const char *sig = pto_op_info(call->op)->sig;
  bool scalar = sig[2] == 's', unary = sig[2] == 0;
  int nt = scalar || unary ? 2 : 3;
  const pto_mir_buffer *b[3] = { NULL, NULL, NULL };
  for (int i = 0; i < nt; i++)
    if (!(b[i] = tile_of(c, call->args[i])))
      return;
  if (bitop_vector_ok(call->op)) {
    lower_bitop_vec(c, out, s, call, b);
    return;
  }
  char *stext = NULL;
  if (scalar) {
    sacc sa = { 0 };
    if (!scalar_expr_ok(c, call->args[2], &sa))
      return;
    operand_reads(c, out, call->loc, &sa);
    stext = expr_text(c, call->args[2]);
  }
  if (shift_vector_ok(call->op, c->k->arch)) {
    lower_shift_vec(c, out, call, b[0], b[1], stext);
    return;
  }
  const pto_type *t = call->args[0]->type;
  long long n = (long long)t->rows * t->cols;
  pto_buf x = { 0 };
#define UB(off) \
  "PTO_UB_LOAD((__ubuf__ int32_t *)((uintptr_t)(" off " + k__ * 4)))"
  pto_buf_puts(&x, "{\n");
  if (scalar)
    pto_buf_printf(&x, "  int32_t y__ = (int32_t)(%s);\n", stext);
  pto_buf_printf(&x,
                 "  for (int32_t k__ = 0; k__ < %lld; ++k__) {\n"
                 "    int32_t x__ = (int32_t)" UB("%lld") ";\n",
                 n, (long long)b[1]->offset);
  if (nt == 3)
    pto_buf_printf(&x, "    int32_t y__ = (int32_t)" UB("%lld") ";\n",
                   (long long)b[2]->offset);
  pto_buf_printf(&x,
                 "    PTO_UB_STORE((__ubuf__ int32_t *)((uintptr_t)(%lld + "
                 "k__ * 4)), (int32_t)(%s));\n  }\n}",
                 (long long)b[0]->offset, bitop_expr(call->op));
#undef UB
  pto_mir_node *nd = add_scalar(c, out, call->loc, x.s);
  pto_buf_free(&x);
  c->k->count.scalar_elems += n;
  note_vec_min(c->k, n * 4);
  for (int i = 1; i < nt; i++)
    pto_mir_add_access(nd, PTO_MEM_UB, b[i]->offset, b[i]->offset + n * 4,
                       false);
  pto_mir_add_access(nd, PTO_MEM_UB, b[0]->offset, b[0]->offset + n * 4,
                     true);
}

/* True if S is "float x = expf(a);" or logf, lowered below.  */
static bool
scalar_math_decl(const pto_stmt *s)
{
  const pto_expr *e = s->value;
  return s->kind == PTO_S_DECL && e && e->kind == PTO_E_UN
         && s->var->type->kind == PTO_TY_SCALAR
         && e->type->kind == PTO_TY_SCALAR && e->type->dtype == PTO_DT_F32
         && (e->u.unop == PTO_UN_EXP || e->u.unop == PTO_UN_LOG);
}

/* Whether pto.transpose CALL runs on the vector unit: fp16 tiles of
   whole 16 x 16 blocks, d and a distinct tiles, rows short enough for
   the uint8_t repeat strides of the gathers and scatters below (C and
   R at most 496 elements).  */
static bool
transpose_vector_ok(const pto_expr *call)
{
  const pto_type *ta = call->args[1]->type;
  const pto_expr *d = call->args[0], *a = call->args[1];
  return ta->kind == PTO_TY_TILE && ta->dtype == PTO_DT_F16
         && ta->rows % 16 == 0 && ta->cols % 16 == 0 && ta->rows <= 496
         && ta->cols <= 496 && d->kind == PTO_E_VAR && a->kind == PTO_E_VAR
         && d->u.var != a->u.var;
}

/* Node N, just made by vec_instr for contiguous operands, reads SLEN
   bytes from SRC and writes DLEN bytes from DST instead.  */
static void
restate_access(pto_mir_node *n, int64_t src, int64_t slen, int64_t dst,
               int64_t dlen)
{
  n->nacc = 0;
  pto_mir_add_access(n, PTO_MEM_UB, src, src + slen, false);
  pto_mir_add_access(n, PTO_MEM_UB, dst, dst + dlen, true);
}

/* A vor of the int16 view copying 16 rows of 32 bytes (one 16 x 16
   fp16 block, two repeats of 8 blocks) from SRC, rows SPITCH blocks
   apart, to DST, rows DPITCH blocks apart: bit for bit.  */
static void
block_copy(isel *c, pto_mir_block *out, pto_loc loc, int64_t dst,
           int dpitch, int64_t src, int spitch)
{
  vspec v = halfword_spec(PTO_VF_BINARY, "vor", 2);
  int64_t srcs[2] = { src, src };
  vec_instr(c, out, loc, &v, dst, srcs, 2, 128);
  pto_mir_node *n = out->items[out->n - 1];
  n->dbs = dpitch;
  n->drs = 8 * dpitch;
  n->sbs[0] = n->sbs[1] = spitch;
  n->srs[0] = n->srs[1] = 8 * spitch;
  /* The 16 rows' span (other blocks' bytes in between included).  */
  restate_access(n, src, 15 * 32 * spitch + 32, dst, 15 * 32 * dpitch + 32);
}

/* pto.transpose on the vector unit (transpose_vector_ok): per 16 x 16
   block (bi, bj) of a, gather its rows into a contiguous scratch G
   (block_copy; a's own block when C is 16), vtranspose it into scratch
   T (into d's block when R is 16), scatter T's rows into block (bj, bi)
   of d.  */
static void
lower_transpose_vec(isel *c, pto_mir_block *out, const pto_stmt *s,
                    const pto_expr *call, const pto_mir_buffer *d,
                    const pto_mir_buffer *a)
{
  const pto_type *ta = call->args[1]->type;
  int rows = ta->rows, cols = ta->cols;
  const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
  pto_assert(tmp && tmp->size >= 1024);
  int64_t g = tmp->offset, t = tmp->offset + 512;
  vspec v = halfword_spec(PTO_VF_TRANSPOSE, "vtranspose", 1);
  for (int bi = 0; bi < rows / 16; bi++)
    for (int bj = 0; bj < cols / 16; bj++) {
      int64_t src = a->offset + ((int64_t)bi * 16 * cols + bj * 16) * 2;
      int64_t dst = d->offset + ((int64_t)bj * 16 * rows + bi * 16) * 2;
      if (cols != 16) {
        block_copy(c, out, call->loc, g, 1, src, cols / 16);
        src = g;
      }
      /* Into d's block when it is contiguous (R == 16), else into T.
         Costed as two repeats (its 512 bytes), as the simulator does.  */
      int64_t into = rows == 16 ? dst : t;
      vec_instr(c, out, call->loc, &v, into, &src, 2, 128);
      restate_access(out->items[out->n - 1], src, 512, into, 512);
      if (rows != 16)
        block_copy(c, out, call->loc, dst, rows / 16, t, 1);
    }
  note_vec_min(c->k, (int64_t)rows * cols * 2);
}

/* pto.transpose(d, a): d[j][i] = a[i][j], a R x C: fp16 tiles of whole
   16 x 16 blocks on the vector unit (lower_transpose_vec, the vendor's
   vtranspose: one 16 x 16 block of 16-bit elements, C220 / M200
   kernel_operator_vec_transpose_impl.h), the rest on the scalar unit;
   d and a the same tile (square): the pairs above the diagonal swapped.  */
static void
lower_transpose(isel *c, pto_mir_block *out, const pto_stmt *s,
                const pto_expr *call)
{
  const pto_mir_buffer *d = tile_of(c, call->args[0]);
  const pto_mir_buffer *a = tile_of(c, call->args[1]);
  if (!d || !a)
    return;
  if (transpose_vector_ok(call)) {
    lower_transpose_vec(c, out, s, call, d, a);
    return;
  }
  const pto_type *ta = call->args[1]->type;
  const char *ct = pto_mir_ctype(ta->dtype);
  int esz = pto_dtype_bytes(ta->dtype);
  long long rows = ta->rows, cols = ta->cols, n = rows * cols;
  long long dof = d->offset, aof = a->offset;
  pto_buf x = { 0 };
#define AT(off, idx) \
  "(__ubuf__ %s *)((uintptr_t)(%lld + (" idx ") * %d))"
  if (dof == aof)
    pto_buf_printf(&x,
                   "for (int32_t i__ = 0; i__ < %lld; ++i__)\n"
                   "  for (int32_t j__ = i__ + 1; j__ < %lld; ++j__) {\n"
                   "    %s u__ = PTO_UB_LOAD(" AT(, "i__ * %lld + j__") ");\n"
                   "    %s v__ = PTO_UB_LOAD(" AT(, "j__ * %lld + i__") ");\n"
                   "    PTO_UB_STORE(" AT(, "i__ * %lld + j__") ", v__);\n"
                   "    PTO_UB_STORE(" AT(, "j__ * %lld + i__") ", u__);\n"
                   "  }",
                   rows, cols, ct, ct, aof, cols, esz, ct, ct, aof, rows,
                   esz, ct, aof, cols, esz, ct, aof, rows, esz);
  else
    pto_buf_printf(&x,
                   "for (int32_t i__ = 0; i__ < %lld; ++i__)\n"
                   "  for (int32_t j__ = 0; j__ < %lld; ++j__)\n"
                   "    PTO_UB_STORE(" AT(, "j__ * %lld + i__") ", "
                   "PTO_UB_LOAD(" AT(, "i__ * %lld + j__") "));",
                   rows, cols, ct, dof, rows, esz, ct, aof, cols, esz);
#undef AT
  pto_mir_node *nd = add_scalar(c, out, call->loc, x.s);
  pto_buf_free(&x);
  c->k->count.scalar_elems += n;
  note_vec_min(c->k, n * esz);
  pto_mir_add_access(nd, PTO_MEM_UB, aof, aof + n * esz, false);
  pto_mir_add_access(nd, PTO_MEM_UB, dof, dof + n * esz, true);
}

int64_t
pto_isel_scratch_bytes(const pto_stmt *s, const pto_arch *arch)
{
  const pto_expr *e = s->value;
  if (scalar_math_decl(s))
    return 32;
  if (s->kind != PTO_S_EVAL || !e || e->kind != PTO_E_CALL || !e->is_op)
    return 0;
  if (e->op == PTO_OP_MATMUL)
    return pto_cube_scratch_bytes(arch, s);
  if (e->op == PTO_OP_CAST) {
    pto_dtype to = e->args[0]->type->dtype, from = e->args[1]->type->dtype;
    if (to != from && !conv_op(to, from))
      return round32((int64_t)e->args[0]->type->rows * e->args[0]->type->cols * 4);
    return 0;
  }
  if (e->op == PTO_OP_CAST_ROUND) {
    const pto_type *ta = e->args[1]->type;
    if (ta->kind == PTO_TY_TILE && ta->dtype == PTO_DT_F16)
      return round32((int64_t)ta->rows * ta->cols * 4);
    return 0;
  }
  if (e->op == PTO_OP_TRANSPOSE && transpose_vector_ok(e))
    return 1024;   /* lower_transpose_vec's G and T */
  if (e->op == PTO_OP_XOR && e->args[0]->type->kind == PTO_TY_TILE)
    return round32((int64_t)e->args[0]->type->rows * e->args[0]->type->cols * 4);
  if (e->op == PTO_OP_ABS && e->args[0]->type->kind == PTO_TY_TILE
      && !pto_dtype_is_float(e->args[0]->type->dtype))
    return round32((int64_t)e->args[0]->type->rows * e->args[0]->type->cols * 4);
  if (transcend_op(e->op) && e->args[0]->type->kind == PTO_TY_TILE) {
    const pto_type *t = e->args[0]->type;
    return transcend_scratch(e->op, t->dtype)
           * round32((int64_t)t->rows * t->cols * 4);
  }
  if (e->op == PTO_OP_ROW_SUM || e->op == PTO_OP_ROW_MAX) {
    const pto_type *ta = e->args[1]->type;
    if (ta->kind != PTO_TY_TILE)
      return 0;
    int esz = pto_dtype_bytes(ta->dtype);
    int64_t rows = ta->rows, cols = ta->cols;
    if (!red_vector_ok(cols, esz))
      return 0;
    bool sum = e->op == PTO_OP_ROW_SUM;
    if (sum && ta->dtype == PTO_DT_F16)
      return round32(rows * cols * 4) + round32(rows * 4)
             + red_scratch(rows, cols, 4, true);
    return red_scratch(rows, cols, esz, red_cross_ok(arch, sum, ta->dtype));
  }
  if (cmp_vector_ok(e, arch)) {
    const pto_type *ta = e->args[1]->type;
    return cmp_scratch_bytes((int64_t)ta->rows * ta->cols);
  }
  if (sel_vector_ok(e)) {
    const pto_type *ta = e->args[2]->type;
    return sel_scratch_bytes((int64_t)ta->rows * ta->cols);
  }
  if (e->op == PTO_OP_COL_SUM) {
    /* fp16 on the vector unit: a's f32 copy and the f32 sums.  */
    const pto_type *ta = e->args[1]->type;
    if (ta->kind != PTO_TY_TILE || ta->dtype != PTO_DT_F16 || ta->rows < 2
        || !colop_vec_ok(e->op, ta->dtype, ta->rows, ta->cols))
      return 0;
    return colsum_f16_bytes(ta->rows, ta->cols);
  }
  if (e->op == PTO_OP_ROW_EXPAND_ADD || e->op == PTO_OP_ROW_EXPAND_SUB
      || e->op == PTO_OP_ROW_EXPAND_MUL || e->op == PTO_OP_ROW_EXPAND_DIV) {
    const pto_type *t = e->args[0]->type;
    if (t->kind != PTO_TY_TILE)
      return 0;
    int esz = pto_dtype_bytes(t->dtype);
    /* The broadcast blocks (rowbcast_brcb), or for div without vbrcb
       the broadcast divisor, R x C (lower_rowbcast).  */
    if (rowbcast_brcb_ok(arch, e->op, t->rows, t->cols, esz))
      return brcb_bytes(t->rows);
    if (e->op != PTO_OP_ROW_EXPAND_DIV || !rowbcast_vector_ok(t->cols, esz))
      return 0;
    return round32((int64_t)t->rows * t->cols * esz);
  }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Statements                                                          */
/* ------------------------------------------------------------------ */

static void lower_block(isel *c, pto_mir_block *out, const pto_mir_block *b);

/* True (after one error per kernel) if op E has a bf16 tile and the
   arch has no bf16: the V200 archs (dav-c100, dav-m200) declare no
   bfloat16_t intrinsic in asc-devkit impl/basic_api/dav_m200/.  */
static bool
bf16_unavailable(isel *c, const pto_expr *e)
{
  if (!c->k->arch || c->k->arch->isa != PTO_ISA_V200)
    return false;
  for (int i = 0; i < e->nargs; i++) {
    const pto_type *t = e->args[i]->type;
    if (t->kind == PTO_TY_PTR)
      t = t->pointee;
    if (t->kind != PTO_TY_TILE || t->dtype != PTO_DT_BF16)
      continue;
    if (!c->bf16_reported)
      pto_error(c->diag, e->loc, "pto.%s: bf16 tiles need an arch with bf16 "
                "conversions: %s has none; build for dav-c220 (Atlas A2/A3, "
                "-fplugin-arg-pto-arch=dav-c220)", pto_op_info(e->op)->name,
                c->k->arch->name);
    c->bf16_reported = true;
    c->errors++;
    return true;
  }
  return false;
}

static void
lower_op(isel *c, pto_mir_block *out, const pto_stmt *s, const pto_expr *e)
{
  if (bf16_unavailable(c, e))
    return;
  /* The cube path (cube.c) owns matmul and its tiles' loads/stores.  */
  int cube = pto_cube_lower(c->k, c->diag, out, s, e);
  if (cube) {
    c->errors += cube < 0;
    return;
  }
  switch (e->op) {
  case PTO_OP_LOAD:
    lower_copy(c, out, e, true);
    break;
  case PTO_OP_STORE:
    lower_copy(c, out, e, false);
    break;
  case PTO_OP_LOAD_VALID:
  case PTO_OP_STORE_VALID:
    lower_copy_valid(c, out, e, e->op == PTO_OP_LOAD_VALID);
    break;
  case PTO_OP_CAST:
    lower_cast(c, out, s, e);
    break;
  case PTO_OP_CAST_ROUND:
    lower_cast_round(c, out, s, e);
    break;
  case PTO_OP_ROW_SUM:
  case PTO_OP_ROW_MAX:
    lower_rowred(c, out, s, e);
    break;
  case PTO_OP_ROW_EXPAND:
  case PTO_OP_ROW_EXPAND_ADD:
  case PTO_OP_ROW_EXPAND_SUB:
  case PTO_OP_ROW_EXPAND_MUL:
  case PTO_OP_ROW_EXPAND_DIV:
    lower_rowbcast(c, out, s, e);
    break;
  case PTO_OP_COL_SUM:
  case PTO_OP_COL_MAX:
  case PTO_OP_COL_EXPAND_ADD:
  case PTO_OP_COL_EXPAND_SUB:
  case PTO_OP_COL_EXPAND_MUL:
  case PTO_OP_COL_EXPAND_DIV:
  case PTO_OP_COL_EXPAND_MAX:
  case PTO_OP_COL_EXPAND_MIN:
    lower_colop(c, out, s, e);
    break;
  case PTO_OP_CMP_LT: case PTO_OP_CMP_LE: case PTO_OP_CMP_GT:
  case PTO_OP_CMP_GE: case PTO_OP_CMP_EQ: case PTO_OP_CMP_NE:
  case PTO_OP_CMPS_LT: case PTO_OP_CMPS_LE: case PTO_OP_CMPS_GT:
  case PTO_OP_CMPS_GE: case PTO_OP_CMPS_EQ: case PTO_OP_CMPS_NE:
  case PTO_OP_SELECT:
    lower_cmpsel(c, out, s, e);
    break;
  case PTO_OP_AND: case PTO_OP_OR: case PTO_OP_XOR: case PTO_OP_SHL:
  case PTO_OP_SHR: case PTO_OP_NOT: case PTO_OP_SHLS: case PTO_OP_SHRS:
    lower_bitop(c, out, s, e);
    break;
  case PTO_OP_TRANSPOSE:
    lower_transpose(c, out, s, e);
    break;
  case PTO_OP_MATMUL:
    pto_ice("pto.matmul not lowered by cube.c");
    break;
  case PTO_OP_LAUNCH:
    pto_error(c->diag, e->loc, "pto.launch cannot appear in a kernel");
    c->errors++;
    break;
  case PTO_OP_DEQUANT:
  case PTO_OP_COL_DEQUANT:
    /* Only the fixpipe forms (cube.c: pto.dequant, pto.col_dequant with
       deq words, of an accumulator) reach here on purpose: any other is
       ExpandTileOps' to write out.  */
    pto_error(c->diag, e->loc, "pto.%s%s is a sequence of tile ops that "
              "the ExpandTileOps pass writes out; run it first "
              "(--passes=expand, or the default pipeline)",
              pto_op_info(e->op)->name,
              e->op == PTO_OP_COL_DEQUANT
                      && e->args[2]->type->dtype != PTO_DT_U64
                  ? " with float scales"
                  : " of a tile that is no pto.matmul accumulator");
    c->errors++;
    break;
  case PTO_OP_DEQ_SCALE:
    lower_deq_scale(c, out, e);
    break;
  default:
    if (transcend_op(e->op))
      lower_transcend(c, out, s, e);
    else if (vec_opcode(e->op))
      lower_elementwise(c, out, s, e);
    else {
      /* block_idx() etc. as a statement: no effect.  */
    }
    break;
  }
}

/* A scalar statement kept as is, with what it touches.  */
/* Scalar exp and log.  The scalar unit has neither (runtime/cce-api.h:
   the vendor has them only as the vector instructions vexp and vln), so
   "float x = expf(a);" (the linear form names every float exp and log:
   isel-linear.c, name_shared) runs on the vector unit over one element
   of the statement's 32-byte scratch: the scalar unit stores a there,
   vexp (or vln) with a one-lane mask rewrites it in place, the scalar
   unit reads the result into x.  sync.c orders the three through their
   UB accesses (S -> V -> S).  cce.c (pto_cce_scalar_math) refuses an exp
   or log under a condition, which this would evaluate early.  */
/* Lower S, a scalar_math_decl (see above).  */
static void
lower_scalar_math(isel *c, pto_mir_block *out, const pto_stmt *s)
{
  const pto_expr *e = s->value;
  sacc sa = { 0 };
  if (!scalar_expr_ok(c, e->a, &sa))
    return;
  const pto_mir_buffer *slot = pto_mir_buffer_of(c->k, NULL, s);
  pto_assert(slot);
  int64_t off = slot->offset;
  const char *ptr = pto_arena_printf(c->k->prog->arena,
                                     "(__ubuf__ float *)((uintptr_t)(%lld))",
                                     (long long)off);
  pto_mir_node *n = add_scalar(
      c, out, s->loc,
      pto_arena_printf(c->k->prog->arena, "PTO_UB_STORE(%s, %s);", ptr,
                       expr_text(c, e->a)));
  hull(&sa.w_lo, &sa.w_hi, off, off + 4);
  attach(n, &sa);
  tv(c, out, s->loc, PTO_VF_UNARY, e->u.unop == PTO_UN_EXP ? "vexp" : "vln",
     off, off, 0, NULL, 1);
  pto_buf name = { 0 };
  pto_cce_name(&name, s->var);
  n = add_scalar(c, out, s->loc,
                 pto_arena_printf(c->k->prog->arena,
                                  "float %s = PTO_UB_LOAD(%s);", name.s, ptr));
  pto_buf_free(&name);
  pto_mir_add_access(n, PTO_MEM_UB, off, off + 4, false);
}

static void
keep_stmt(isel *c, pto_mir_block *out, const pto_stmt *s)
{
  if (scalar_math_decl(s)) {
    lower_scalar_math(c, out, s);
    return;
  }
  sacc sa = { 0 };
  if (!scalar_expr_ok(c, s->value, &sa))
    return;
  const pto_expr *l = s->lhs;
  if (l && l->kind == PTO_E_INDEX && l->a->type->kind == PTO_TY_TILE) {
    const pto_mir_buffer *b = elem_tile(c, l);
    if (!b)
      return;
    hull(&sa.w_lo, &sa.w_hi, b->offset, b->offset + b->size);
    for (int i = 0; i < l->nargs; i++)
      if (!scalar_expr_ok(c, l->args[i], &sa))
        return;
  } else if (l && l->kind != PTO_E_VAR) {
    sacc la = { 0 };
    if (!scalar_expr_ok(c, l, &la))
      return;
    /* An lvalue through a GM pointer writes GM; its index reads.  */
    sa.gm_write = sa.gm_write || la.gm_read;
    if (la.r_lo != la.r_hi)
      hull(&sa.r_lo, &sa.r_hi, la.r_lo, la.r_hi);
  }
  pto_mir_node *n = add_node(c, out, PTO_MIR_STMT, s->loc, PTO_PIPE_S);
  n->stmt = s;
  attach(n, &sa);
}

/* Lower source node SRC (K->src) with statement S (SRC's, or a copy).  */
static void
lower_stmt(isel *c, pto_mir_block *out, const pto_mir_node *src,
           const pto_stmt *s)
{
  switch (s->kind) {
  case PTO_S_DECL:
    if (s->var->type->kind == PTO_TY_TILE) {
      const pto_mir_buffer *b = pto_mir_buffer_of(c->k, s->var, NULL);
      pto_cube_info ci;
      pto_buf t = { 0 };
      pto_type_print(&t, s->var->type);
      pto_mir_node *n = add_node(c, out, PTO_MIR_COMMENT, s->loc, PTO_PIPE_S);
      if (b)
        n->text = pto_arena_printf(c->k->prog->arena,
                                   "tile %s: %s at UB [%lld, %lld)",
                                   s->var->name, t.s, (long long)b->offset,
                                   (long long)(b->offset + b->size));
      else
        n->text = pto_arena_printf(c->k->prog->arena, "tile %s: %s %s",
                                   s->var->name, t.s,
                                   pto_cube_info_of(c->k, s->var, &ci)
                                   ? "(no UB: the cube plan's)" : "(unused)");
      pto_buf_free(&t);
      if (s->value && b)
        lower_tile_assign(c, out, s, b, s->value);
      return;
    }
    keep_stmt(c, out, s);
    return;
  case PTO_S_EVAL:
    if (s->value->kind == PTO_E_CALL && s->value->is_op) {
      const pto_opinfo *info = pto_op_info(s->value->op);
      pto_buf note = { 0 };
      pto_print_expr(&note, s->value);
      pto_mir_block *tgt = out;
      int before = tgt->n;
      lower_op(c, out, s, s->value);
      if (tgt->n > before)
        tgt->items[before]->note = pto_arena_strdup(c->k->prog->arena, note.s);
      pto_buf_free(&note);
      (void)info;
      return;
    }
    keep_stmt(c, out, s);
    return;
  case PTO_S_ASSIGN:
    if (s->lhs->type->kind == PTO_TY_TILE) {
      const pto_mir_buffer *d = tile_of(c, s->lhs);
      if (d)
        lower_tile_assign(c, out, s, d, s->value);
      return;
    }
    keep_stmt(c, out, s);
    return;
  case PTO_S_FOR:
  case PTO_S_WHILE:
  case PTO_S_IF: {
    sacc sa = { 0 };
    if (!scalar_expr_ok(c, s->cond, &sa) || !scalar_expr_ok(c, s->start, &sa)
        || !scalar_expr_ok(c, s->stop, &sa) || !scalar_expr_ok(c, s->step, &sa))
      return;
    pto_mir_kind kind = s->kind == PTO_S_FOR     ? PTO_MIR_FOR
                        : s->kind == PTO_S_WHILE ? PTO_MIR_WHILE
                                                 : PTO_MIR_IF;
    pto_mir_node *n = add_node(c, out, kind, s->loc, PTO_PIPE_S);
    n->stmt = s;
    attach(n, &sa);
    lower_block(c, &n->body, &src->body);
    lower_block(c, &n->els, &src->els);
    return;
  }
  default:
    keep_stmt(c, out, s);
    return;
  }
}

/* If S copies a tile ("var t: tile = u;" or "t = u;") and NEXT is an
   element-wise op that writes all of t and reads t, return t: the copy
   can be skipped and NEXT read u instead (the by-value tile parameters
   of inlined helpers are such copies).  NULL otherwise.  */
static const pto_var *
forwardable_copy(const pto_stmt *s, const pto_stmt *next)
{
  const pto_expr *val = s->value;
  const pto_var *t = NULL;
  if (s->kind == PTO_S_DECL && val && s->var->type->kind == PTO_TY_TILE)
    t = s->var;
  else if (s->kind == PTO_S_ASSIGN && s->lhs->kind == PTO_E_VAR
           && s->lhs->type->kind == PTO_TY_TILE)
    t = s->lhs->u.var;
  if (!t || !val || val->kind != PTO_E_VAR || val->u.var == t || !next
      || next->kind != PTO_S_EVAL || next->value->kind != PTO_E_CALL
      || !next->value->is_op)
    return NULL;
  const pto_expr *call = next->value;
  if (!vec_opcode(call->op) || call->op == PTO_OP_FILL
      || pto_op_info(call->op)->rule != PTO_RULE_ELEM
      || call->args[0]->kind != PTO_E_VAR || call->args[0]->u.var != t)
    return NULL;
  for (int i = 1; i < call->nargs; i++)
    if (call->args[i]->kind == PTO_E_VAR && call->args[i]->u.var == t)
      return t;
  return NULL;
}

static void
lower_block(isel *c, pto_mir_block *out, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_stmt *s = n->stmt;
    if (n->kind == PTO_MIR_XSYNC) {   /* a mix kernel's flag: as is */
      pto_mir_node *x = pto_mir_new(c->k, PTO_MIR_XSYNC, n->loc);
      x->pipe = n->pipe;
      x->sync = n->sync;
      x->op = n->op;
      x->event = n->event;
      x->stmt = n->stmt;
      pto_mir_push(out, x);
      continue;
    }
    const pto_mir_node *next = i + 1 < b->n ? b->items[i + 1] : NULL;
    const pto_var *t = forwardable_copy(s, next && next->kind != PTO_MIR_XSYNC
                                               ? next->stmt : NULL);
    if (!t) {
      lower_stmt(c, out, n, s);
      continue;
    }
    if (s->kind == PTO_S_DECL) {
      /* The declaration comment, without the copy.  */
      pto_stmt decl = *s;
      decl.value = NULL;
      lower_stmt(c, out, n, &decl);
    }
    const pto_mir_buffer *from = tile_of(c, s->value);
    if (!from)
      continue;
    c->fwd_var = t;
    c->fwd_buf = from;
    ++i;
    lower_stmt(c, out, b->items[i], b->items[i]->stmt);
    c->fwd_var = NULL;
    c->fwd_buf = NULL;
  }
}

int
pto_isel(pto_mir_kernel *k, pto_diag *diag)
{
  isel c = { k, diag, 0, NULL, NULL, false };
  c.errors = pto_cube_plan(k, diag);
  if (c.errors)
    return c.errors;
  lower_block(&c, &k->body, &k->src);
  if (!c.errors)
    pto_cube_finish(k, &k->body);
  return c.errors;
}
