/* mir.c - construction helpers of the machine representation (mir.h):
   node allocation in the program's arena, block vectors on the heap,
   the buffer table lookup and the C names of dtypes and pipes.  */

#include "backend/cce/mir.h"

#include <stdlib.h>
#include <string.h>

const char *
pto_pipe_name(pto_pipe p)
{
  static const char *const names[] = { "PIPE_S",    "PIPE_V",    "PIPE_M",
                                       "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3",
                                       "PIPE_ALL" };
  return (unsigned)p < PTO_PIPE_COUNT ? names[p] : "PIPE_ALL";
}

pto_mir_node *
pto_mir_new(pto_mir_kernel *k, pto_mir_kind kind, pto_loc loc)
{
  pto_mir_node *n = pto_arena_alloc(k->prog->arena, sizeof *n);
  n->kind = kind;
  n->loc = loc;
  n->id = k->next_id++;
  n->pipe = PTO_PIPE_S;
  return n;
}

pto_mir_node *
pto_mir_src_node(pto_mir_kernel *k, const pto_stmt *s)
{
  pto_mir_node *n = pto_arena_alloc(k->prog->arena, sizeof *n);
  n->kind = s->kind == PTO_S_FOR     ? PTO_MIR_FOR
            : s->kind == PTO_S_WHILE ? PTO_MIR_WHILE
            : s->kind == PTO_S_IF    ? PTO_MIR_IF
                                     : PTO_MIR_STMT;
  n->loc = s->loc;
  n->id = -1;
  n->pipe = PTO_PIPE_S;
  n->stmt = s;
  return n;
}

void
pto_mir_insert(pto_mir_block *b, int at, pto_mir_node *n)
{
  pto_assert(at >= 0 && at <= b->n);
  if (b->n == b->cap) {
    b->cap = b->cap ? 2 * b->cap : 8;
    b->items = pto_xrealloc(b->items, (size_t)b->cap * sizeof *b->items);
  }
  memmove(b->items + at + 1, b->items + at,
          (size_t)(b->n - at) * sizeof *b->items);
  b->items[at] = n;
  b->n++;
}

void
pto_mir_push(pto_mir_block *b, pto_mir_node *n)
{
  pto_mir_insert(b, b->n, n);
}

void
pto_mir_add_access(pto_mir_node *n, pto_memspace space, int64_t lo,
                   int64_t hi, bool write)
{
  pto_assert(n->nacc < PTO_MIR_MAXACC);
  if (space == PTO_MEM_GM) {
    lo = 0;
    hi = INT64_MAX;
  }
  n->acc[n->nacc++] = (pto_mir_access){ space, lo, hi, write, 0, 0 };
}

void
pto_mir_add_strided(pto_mir_node *n, pto_memspace space, int64_t lo,
                    int64_t count, int64_t step, int64_t width, bool write)
{
  pto_assert(count >= 1 && width > 0);
  if (count == 1 || step <= width) {
    pto_mir_add_access(n, space, lo, lo + (count - 1) * step + width, write);
    return;
  }
  pto_assert(n->nacc < PTO_MIR_MAXACC);
  n->acc[n->nacc++] = (pto_mir_access){
    space, lo, lo + (count - 1) * step + width, write, step, width
  };
}

static int64_t
floor_div(int64_t a, int64_t b)
{
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* Whether [X, Y) meets a piece of B.  */
static bool
hits(int64_t x, int64_t y, const pto_mir_access *b)
{
  if (!b->step)
    return x < b->hi && b->lo < y;
  int64_t count = (b->hi - b->lo - b->width) / b->step + 1;
  int64_t j = floor_div(x - b->width - b->lo, b->step) + 1;
  if (j < 0)
    j = 0;
  return j < count && b->lo + j * b->step < y;
}

bool
pto_mir_overlap(const pto_mir_access *a, const pto_mir_access *b)
{
  if (a->space != b->space || !(a->lo < b->hi && b->lo < a->hi))
    return false;
  if (!a->step)
    return hits(a->lo, a->hi, b);
  int64_t count = (a->hi - a->lo - a->width) / a->step + 1;
  if (count > 4096)
    return true;   /* conservative */
  for (int64_t i = 0; i < count; i++)
    if (hits(a->lo + i * a->step, a->lo + i * a->step + a->width, b))
      return true;
  return false;
}

void
pto_mir_block_free(pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    pto_mir_block_free(&b->items[i]->body);
    pto_mir_block_free(&b->items[i]->els);
  }
  free(b->items);
  b->items = NULL;
  b->n = b->cap = 0;
}

void
pto_mir_kernel_free(pto_mir_kernel *k)
{
  pto_mir_block_free(&k->src);
  pto_mir_block_free(&k->body);
  free(k->bufs);
  k->bufs = NULL;
  k->nbufs = k->capbufs = 0;
  free(k->dbuf);
  k->dbuf = NULL;
  k->ndbuf = k->capdbuf = 0;
}

const pto_mir_buffer *
pto_mir_buffer_of(const pto_mir_kernel *k, const pto_var *v,
                  const pto_stmt *s)
{
  for (int i = 0; i < k->nbufs; i++) {
    const pto_mir_buffer *b = &k->bufs[i];
    if (v ? b->var == v : (!b->var && b->stmt == s))
      return b;
  }
  return NULL;
}

char *
pto_mir_bf16_bits_text(pto_arena *a, const char *u)
{
  return pto_arena_printf(a, "(uint16_t)((%s & 0x7fffffffu) > 0x7f800000u "
                          "? (%s >> 16) | 0x40u : (%s + 0x7fffu + (%s >> 16 "
                          "& 1u)) >> 16)", u, u, u, u);
}

const char *
pto_mir_ctype(pto_dtype dt)
{
  switch (dt) {
  case PTO_DT_BOOL: return "bool";
  case PTO_DT_I8: return "int8_t";
  case PTO_DT_I16: return "int16_t";
  case PTO_DT_I32: return "int32_t";
  case PTO_DT_I64: return "int64_t";
  case PTO_DT_U8: return "uint8_t";
  case PTO_DT_U16: return "uint16_t";
  case PTO_DT_U32: return "uint32_t";
  case PTO_DT_U64: return "uint64_t";
  case PTO_DT_F16: return "half";
  case PTO_DT_BF16: return "bfloat16_t";
  case PTO_DT_F32: return "float";
  case PTO_DT_F64: return "double";
  case PTO_DT_INDEX: return "int64_t";
  default: return "int";
  }
}

pto_expr *
pto_mir_expr(const pto_mir_kernel *k, pto_expr_kind kind, const pto_type *t,
             pto_loc loc)
{
  pto_expr *e = pto_arena_alloc(k->prog->arena, sizeof *e);
  e->kind = kind;
  e->type = t;
  e->loc = loc;
  return e;
}

pto_expr *
pto_mir_var_ref(const pto_mir_kernel *k, const pto_var *v, pto_loc loc)
{
  pto_expr *e = pto_mir_expr(k, PTO_E_VAR, v->type, loc);
  e->u.var = (pto_var *)v;
  return e;
}

/* pto_mir_void_unread: the variables read, by identity (the back end's
   fresh variables share one id).  */
typedef struct readset {
  const pto_var **v;
  int n, cap;
} readset;

static bool
is_read(const readset *r, const pto_var *v)
{
  for (int i = 0; i < r->n; i++)
    if (r->v[i] == v)
      return true;
  return false;
}

static void
mark_reads(const pto_expr *e, readset *r)
{
  if (!e)
    return;
  if (e->kind == PTO_E_VAR && !is_read(r, e->u.var)) {
    if (r->n == r->cap) {
      r->cap = r->cap ? 2 * r->cap : 32;
      r->v = pto_xrealloc(r->v, (size_t)r->cap * sizeof *r->v);
    }
    r->v[r->n++] = e->u.var;
  }
  mark_reads(e->a, r);
  mark_reads(e->b, r);
  mark_reads(e->c, r);
  for (int i = 0; i < e->nargs; i++)
    mark_reads(e->args[i], r);
}

static void
block_reads(const pto_mir_block *b, readset *r)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_stmt *s = n->stmt;
    if (s) {
      mark_reads(s->value, r);
      mark_reads(s->cond, r);
      mark_reads(s->start, r);
      mark_reads(s->stop, r);
      mark_reads(s->step, r);
      if (s->lhs && s->lhs->kind != PTO_E_VAR)
        mark_reads(s->lhs, r);
    }
    block_reads(&n->body, r);
    block_reads(&n->els, r);
  }
}

static void
void_unread(pto_mir_kernel *k, pto_mir_block *b, const readset *r)
{
  pto_arena *a = k->prog->arena;
  for (int i = 0; i < b->n; i++) {
    pto_mir_node *n = b->items[i];
    const pto_stmt *s = n->stmt;
    void_unread(k, &n->body, r);
    void_unread(k, &n->els, r);
    if (n->kind != PTO_MIR_STMT || s->kind != PTO_S_DECL
        || s->var->type->kind != PTO_TY_SCALAR || is_read(r, s->var))
      continue;
    pto_expr *v = pto_mir_var_ref(k, s->var, s->loc);
    pto_stmt *use = pto_arena_alloc(a, sizeof *use);
    use->kind = PTO_S_EVAL;
    use->loc = s->loc;
    use->value = v;
    pto_mir_insert(b, ++i, pto_mir_src_node(k, use));
  }
}

void
pto_mir_void_unread(pto_mir_kernel *k, pto_mir_block *b)
{
  readset r = { NULL, 0, 0 };
  block_reads(b, &r);
  void_unread(k, b, &r);
  free(r.v);
}
