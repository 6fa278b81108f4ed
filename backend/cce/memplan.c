/* memplan.c - memory-space inference and UB planning for one kernel.

   Contract.  Input: a kernel's source MIR K->src (mir.h).
   Output: K->bufs, one buffer per tile variable the kernel uses and one
   per statement that needs scratch (pto_isel_scratch_bytes), each with a
   32 B aligned UB offset; K->peak and K->tile_bytes.

   Memory spaces: every tile of a kernel lives in UB (the vector core's
   buffer) except those the cube plan (cube.c, planned here first) keeps
   in L1 / L0C / the bias table only (pto_cube_needs_ub): on dav-c220
   the operands, accumulators, biases and converted results of
   pto.matmul get no UB buffer.  Tiles typed for L1/L0 are rejected
   with a located error.

   Layout: a tile is stored densely, row-major (element (i, j) at
   (i * cols + j) * esize), its size rounded up to 32 B; another back
   end sharing the plan may give its own layout's size
   (K->tile_layout_bytes: the PTO-ISA back end pads rows to 32 B).

   Liveness: the statements of K->src (mir.h: the order of the kernel's
   linear form) are numbered in pre-order.  A tile is live from
   its first to its last use (the source of a tile copy also at the next
   statement, where isel may read it instead of the copy); a use inside a loop that the tile's
   declaration is outside of extends the range over the whole loop (the
   value may flow around the back edge).  Scratch is live at its own
   statement only.  Buffers whose ranges do not overlap may share bytes.

   Allocation: in order of first use, first fit at the lowest 32 B
   aligned offset that overlaps no live buffer.  When a buffer does not
   fit the arch's usable UB, the error names every buffer live at that
   point with its size.  */

#include "backend/cce/cube.h"
#include "backend/cce/mir.h"

#include <stdlib.h>
#include <string.h>

typedef struct loop_range {
  const pto_mir_node *n;
  int start, end;
} loop_range;

typedef struct plan {
  pto_mir_kernel *k;
  pto_diag *diag;
  int pos;
  int nloops, caploops;
  loop_range *loops;
  /* the loop stack of the second walk */
  int depth;
  const loop_range *stack[256];
  int *decl_pos;              /* by var id, -1 unknown */
  int errors;
} plan;

static int64_t
round32(int64_t n)
{
  return (n + 31) / 32 * 32;
}

static int64_t
tile_bytes(const pto_type *t)
{
  return (int64_t)t->rows * t->cols * pto_dtype_bytes(t->dtype);
}

/* Pass 1: number the statements of K->src, record each loop's position
   range.  */
static void number_block(plan *pl, const pto_mir_block *b);

static void
number_stmt(plan *pl, const pto_mir_node *s)
{
  int me = pl->pos++;
  switch (s->kind) {
  case PTO_MIR_FOR:
  case PTO_MIR_WHILE: {
    if (pl->nloops == pl->caploops) {
      pl->caploops = pl->caploops ? 2 * pl->caploops : 8;
      pl->loops = pto_xrealloc(pl->loops,
                               (size_t)pl->caploops * sizeof *pl->loops);
    }
    int idx = pl->nloops++;
    number_block(pl, &s->body);
    pl->loops[idx] = (loop_range){ s, me, pl->pos - 1 };
    break;
  }
  case PTO_MIR_IF:
    number_block(pl, &s->body);
    number_block(pl, &s->els);
    break;
  default:
    break;
  }
}

static void
number_block(plan *pl, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++)
    number_stmt(pl, b->items[i]);
}

static const loop_range *
find_loop(const plan *pl, const pto_mir_node *n)
{
  for (int i = 0; i < pl->nloops; i++)
    if (pl->loops[i].n == n)
      return &pl->loops[i];
  pto_ice("loop not numbered");
}

/* The buffer of tile V, created on first sight.  */
static pto_mir_buffer *
tile_buffer(plan *pl, const pto_var *v)
{
  pto_mir_kernel *k = pl->k;
  for (int i = 0; v && i < k->nbufs; i++)
    if (k->bufs[i].var == v)
      return &k->bufs[i];
  if (k->nbufs == k->capbufs) {
    k->capbufs = k->capbufs ? 2 * k->capbufs : 16;
    k->bufs = pto_xrealloc(k->bufs, (size_t)k->capbufs * sizeof *k->bufs);
  }
  pto_mir_buffer *b = &k->bufs[k->nbufs++];
  memset(b, 0, sizeof *b);
  b->name = v ? v->name : NULL;
  b->var = v;
  b->first = -1;
  b->last = -1;
  return b;
}

/* Extend B's live range by a use at POS under the current loop stack.  */
static void
note_use(plan *pl, pto_mir_buffer *b, int pos, int decl)
{
  int lo = pos, hi = pos;
  for (int i = 0; i < pl->depth; i++) {
    const loop_range *L = pl->stack[i];
    if (decl < L->start) {      /* declared outside this loop */
      lo = L->start;
      hi = L->end;
      break;
    }
  }
  if (b->first < 0 || lo < b->first)
    b->first = lo;
  if (hi > b->last)
    b->last = hi;
}

static void
scan_expr(plan *pl, const pto_expr *e, int pos)
{
  if (!e)
    return;
  if (e->kind == PTO_E_VAR && e->u.var->type->kind == PTO_TY_TILE) {
    const pto_var *v = e->u.var;
    const pto_type *t = v->type;
    if (t->space != PTO_MEM_ANY && t->space != PTO_MEM_UB) {
      pto_sorry(pl->diag, e->loc,
                "tile '%s' is declared in %s: the CCE back end chooses "
                "memory spaces itself (UB, or L1/L0 for pto.matmul "
                "operands) and takes no explicit space but ub",
                v->name, pto_memspace_name(t->space));
      pl->errors++;
      return;
    }
    pto_mir_buffer *b = tile_buffer(pl, v);
    b->size = round32(pl->k->tile_layout_bytes ? pl->k->tile_layout_bytes(t)
                                               : tile_bytes(t));
    b->loc = v->loc;
    int decl = v->id < pl->k->prog->next_var_id ? pl->decl_pos[v->id] : -1;
    note_use(pl, b, pos, decl);
    return;
  }
  scan_expr(pl, e->a, pos);
  scan_expr(pl, e->b, pos);
  scan_expr(pl, e->c, pos);
  for (int i = 0; i < e->nargs; i++)
    scan_expr(pl, e->args[i], pos);
}

static void scan_block(plan *pl, const pto_mir_block *b);

static void
add_scratch(plan *pl, const pto_stmt *s, int pos)
{
  int64_t bytes = pl->k->scratch_bytes ? pl->k->scratch_bytes(s, pl->k->arch)
                                        : pto_isel_scratch_bytes(s, pl->k->arch);
  if (!bytes)
    return;
  pto_mir_buffer *b = tile_buffer(pl, NULL);
  b->name = pto_arena_printf(pl->k->prog->arena, "scratch@%d", s->loc.line);
  b->stmt = s;
  b->size = round32(bytes);
  b->first = b->last = pos;
  b->loc = s->loc;
}

static void
scan_stmt(plan *pl, const pto_mir_node *n)
{
  const pto_stmt *s = n->stmt;
  int me = pl->pos++;
  if (s->kind == PTO_S_DECL) {
    pl->decl_pos[s->var->id] = me;
    if (s->value && s->var->type->kind == PTO_TY_TILE) {
      /* "var t: tile = u;" writes t here.  */
      pto_expr use = { 0 };
      use.kind = PTO_E_VAR;
      use.type = s->var->type;
      use.loc = s->loc;
      use.u.var = s->var;
      scan_expr(pl, &use, me);
    }
  }
  if (s->kind == PTO_S_FOR)
    pl->decl_pos[s->var->id] = me;
  scan_expr(pl, s->lhs, me);
  scan_expr(pl, s->value, me);
  scan_expr(pl, s->cond, me);
  scan_expr(pl, s->start, me);
  scan_expr(pl, s->stop, me);
  scan_expr(pl, s->step, me);
  if (s->kind == PTO_S_EVAL || s->kind == PTO_S_DECL)
    add_scratch(pl, s, me);
  /* A tile copy "t = u" may be forwarded into the next statement
     (isel.c, forwardable_copy), which then reads u: keep u live there.  */
  if ((s->kind == PTO_S_DECL || s->kind == PTO_S_ASSIGN) && s->value
      && s->value->kind == PTO_E_VAR
      && s->value->type->kind == PTO_TY_TILE)
    scan_expr(pl, s->value, me + 1);
  switch (n->kind) {
  case PTO_MIR_FOR:
  case PTO_MIR_WHILE:
    pto_assert(pl->depth < 256);
    pl->stack[pl->depth++] = find_loop(pl, n);
    scan_block(pl, &n->body);
    pl->depth--;
    break;
  case PTO_MIR_IF:
    scan_block(pl, &n->body);
    scan_block(pl, &n->els);
    break;
  default:
    break;
  }
}

static void
scan_block(plan *pl, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++)
    scan_stmt(pl, b->items[i]);
}

static int
by_first(const void *a, const void *b)
{
  const pto_mir_buffer *x = a, *y = b;
  if (x->first != y->first)
    return x->first < y->first ? -1 : 1;
  if (x->size != y->size)
    return x->size > y->size ? -1 : 1;
  /* A total order, so that the plan does not depend on qsort.  */
  if (!x->var != !y->var)
    return x->var ? -1 : 1;
  if (x->var && x->var->id != y->var->id)
    return x->var->id < y->var->id ? -1 : 1;
  return 0;   /* two scratches never share a statement */
}

static bool
overlaps_live(const pto_mir_buffer *a, const pto_mir_buffer *b)
{
  return a->first <= b->last && b->first <= a->last;
}

/* Report that buffer I does not fit, naming every buffer live with it.  */
static void
report_overflow(plan *pl, int i)
{
  pto_mir_kernel *k = pl->k;
  const pto_mir_buffer *nb = &k->bufs[i];
  pto_buf list = { 0 };
  int64_t total = 0;
  for (int j = 0; j < k->nbufs; j++) {
    const pto_mir_buffer *b = &k->bufs[j];
    if (j != i && !(j < i && overlaps_live(b, nb)))
      continue;
    pto_buf_printf(&list, "%s'%s' (%lld bytes)", list.len ? ", " : "",
                   b->name, (long long)b->size);
    total += b->size;
  }
  pto_error(pl->diag, k->func->loc,
            "kernel '%s' does not fit the unified buffer: %lld bytes of "
            "live tiles, %s has %lld usable; live: %s",
            k->func->name, (long long)total, k->arch->name,
            (long long)k->arch->ub, list.s);
  pto_buf_free(&list);
  for (int j = 0; j <= i; j++) {
    const pto_mir_buffer *b = &k->bufs[j];
    if (j == i || overlaps_live(b, nb))
      pto_note(pl->diag, b->loc, "'%s' (%lld bytes) is live here", b->name,
               (long long)b->size);
  }
  pl->errors++;
}

/* Remove the buffers of the tiles the cube plan keeps out of UB.  */
static void
drop_cube_only(pto_mir_kernel *k)
{
  int n = 0;
  for (int i = 0; i < k->nbufs; i++)
    if (!k->bufs[i].var || pto_cube_needs_ub(k, k->bufs[i].var))
      k->bufs[n++] = k->bufs[i];
  k->nbufs = n;
}

/* On an arch whose cube and vector units are different cores (the
   V220 forms: dav-c220 and 3510, one AIC and two AIVs per AI Core,
   sharing only GM), a kernel runs on one kind of core: report a kernel
   that has both matmul tiles (the cube plan's, in L1 / L0C / the bias
   table) and tiles or scratch in UB (the vector cores').  The vendor
   splits such a kernel into a cube part and a vector part that hand
   over through a GM workspace under cross-core flags (asc-devkit
   HEAD:examples/01_simd_cpp_api/00_introduction/03_fusion_operation/
   matmul_leakyrelu_basic_api/matmul_leakyrelu_basic_api.asc: `if
   ASCEND_IS_AIC' / `if ASCEND_IS_AIV', CrossCoreSetFlag<0x2, PIPE_FIX>
   after the fixpipe, CrossCoreWaitFlag before the vector core's load);
   the CCE back end does that split on dav-c220 before planning
   (split.c: the parts reach this check as single-core kernels), not on
   3510 nor under the PTO-ISA back end, so without this check those
   would emit one function mixing mad and vector instructions, which no
   core of those chips runs.  */
static void
check_one_core(plan *pl)
{
  pto_mir_kernel *k = pl->k;
  const pto_var *cube_var;
  bool acc;
  int64_t off, size, region;
  if (k->arch->isa != PTO_ISA_V220 || !k->nbufs
      || !pto_cube_tile(k, 0, &cube_var, &acc, &off, &size, &region))
    return;
  const pto_mir_buffer *ub = &k->bufs[0];
  for (int i = 1; i < k->nbufs && !ub->var; i++)
    if (k->bufs[i].var)
      ub = &k->bufs[i];
  pto_sorry(pl->diag, ub->loc,
            "kernel '%s' uses the cube unit (pto.matmul tile '%s') and "
            "the vector unit ('%s' lives in UB): on %s they are different "
            "cores (an AIC and two AIVs sharing only GM) and %s; write "
            "the matmul part and the vector part as two kernels that hand "
            "over through GM (examples/gemm_w8a8.c, doc/cce.md)",
            k->func->name, cube_var->name, ub->name, k->arch->name,
            k->print_tile ? "the PTO-ISA back end does not split a kernel "
                            "between them (the CCE back end does on "
                            "dav-c220: backend/cce/split.c)"
                          : "the CCE back end splits such kernels on "
                            "dav-c220 only (backend/cce/split.c)");
  pto_note(pl->diag, cube_var->loc, "'%s' is a tile of the cube unit",
           cube_var->name);
  pl->errors++;
}

/* First-fit allocation in order of first use.  */
static void
allocate(plan *pl)
{
  pto_mir_kernel *k = pl->k;
  if (k->nbufs)  /* a kernel without tiles has no buffer array at all */
    qsort(k->bufs, (size_t)k->nbufs, sizeof *k->bufs, by_first);
  k->peak = 0;
  k->tile_bytes = 0;
  for (int i = 0; i < k->nbufs; i++) {
    pto_mir_buffer *b = &k->bufs[i];
    if (b->var)
      k->tile_bytes += b->size;
    int64_t at = 0;
    for (bool moved = true; moved;) {
      moved = false;
      for (int j = 0; j < i; j++) {
        const pto_mir_buffer *o = &k->bufs[j];
        if (overlaps_live(o, b) && at < o->offset + o->size
            && o->offset < at + b->size) {
          at = o->offset + o->size;
          moved = true;
        }
      }
    }
    b->offset = at;
    if (at + b->size > k->arch->ub) {
      report_overflow(pl, i);
      return;
    }
    if (at + b->size > k->peak)
      k->peak = at + b->size;
  }
}

int
pto_memplan(pto_mir_kernel *k, pto_diag *diag)
{
  plan pl = { 0 };
  pl.k = k;
  pl.diag = diag;
  number_block(&pl, &k->src);
  pl.decl_pos = pto_xmalloc((k->prog->next_var_id + 1) * sizeof(int));
  for (unsigned i = 0; i <= k->prog->next_var_id; i++)
    pl.decl_pos[i] = -1;
  pl.pos = 0;
  scan_block(&pl, &k->src);
  if (!pl.errors)
    pl.errors = pto_cube_plan(k, diag);
  if (!pl.errors) {
    drop_cube_only(k);
    check_one_core(&pl);
  }
  if (!pl.errors)
    allocate(&pl);
  free(pl.decl_pos);
  free(pl.loops);
  return pl.errors;
}

/* Double buffering (sync.c): see mir.h.  The second copy starts at the
   planned peak, the first byte no buffer uses, so it is free during
   every loop; sibling loops reuse the same region (sync.c orders their
   accesses: a double-buffered loop ends with pipe_barrier(PIPE_ALL)).
   Whether values flow into or out of the loop through [LO, HI) is
   sync.c's check (it sees every access); LOOP is for future use.  */
int64_t
pto_memplan_pong(const pto_mir_kernel *k, const pto_stmt *loop, int64_t lo,
                 int64_t hi)
{
  (void)loop;
  int64_t peak = 0;
  for (int i = 0; i < k->nbufs; i++) {
    const pto_mir_buffer *b = &k->bufs[i];
    if (b->offset + b->size > peak)
      peak = b->offset + b->size;
  }
  if (lo < hi && peak >= lo && peak + (hi - lo) <= k->arch->ub)
    return peak - lo;
  return -1;
}
