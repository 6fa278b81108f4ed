/* let-inline.c - the eager LetInline pass (TileLang's
   tl.LetInline) and the bind analysis it shares with Simplify
   (passes/let-inline.h).

   LetInline: every bind is recorded and its statement dropped; every use
   of its variable is replaced by the bound value, recursively, so chains
   resolve transitively (x = i + 1; y = x * 2; A[y] -> A[(i + 1) * 2]).
   Unlike TileLang's pass it keeps a bind when substituting would change
   what the program computes (the miscompile of notes/lowering.md):
     - the value is not stable (passes/let-inline.h): something between the bind
       and a use may write what the value reads, e.g.
         var tmp: f32 = max(A[i], 1.0); B[i] = tmp / 2.0; A[i] = tmp * 2.0;
       keeps tmp, since B and A may alias;
     - the value has a side effect (a function call, an intrinsic that is
       not pure): an eager inline would repeat or drop it.
   No dtype, constant or buffer-definition test applies: that is
   Simplify's conditional track.

   Gate: option force-let-inline (off by default); when off the pass does
   not run and leaves no trace line.  Requires: nothing.  Produces:
   LetsInlined (no bind left that LetInline would inline; the verifier
   runs the same analysis).  Invalidates: nothing.  */

#include "passes/let-inline.h"

#include <stdlib.h>
#include <string.h>

/* Per-variable facts, indexed by pto_var.id.  */
enum {
  F_WRITTEN = 1,  /* assigned, or written as a tile/element */
  F_ADDR = 2,     /* its address is taken */
  F_BUFDEF = 4,   /* appears in a buffer-definition operand */
  F_CAND = 8,     /* declared with an initialiser */
  F_BIND = 16,
  F_STABLE = 32,
  F_READ = 64     /* scratch: read by the value being checked */
};

struct pto_letinfo {
  unsigned nids;
  unsigned char *flags;
  int *maxuse;        /* seq of the last statement mentioning the var */
  int *ext;           /* ... including uses through other binds */
  int nseq, capseq;
  int *end;           /* end[seq]: last seq in that statement's subtree */
  int ncands, capcands;
  pto_stmt **cands;   /* DECLs with an initialiser, in pre-order */
};

/* ------------------------------------------------------------------ */
/* Expression predicates                                               */
/* ------------------------------------------------------------------ */

bool
pto_let_has_effect(const pto_expr *e)
{
  if (!e)
    return false;
  if (e->kind == PTO_E_CALL
      && (!e->is_op || pto_op_info(e->op)->effect != PTO_EFF_PURE))
    return true;
  if (pto_let_has_effect(e->a) || pto_let_has_effect(e->b)
      || pto_let_has_effect(e->c))
    return true;
  for (int i = 0; i < e->nargs; i++)
    if (pto_let_has_effect(e->args[i]))
      return true;
  return false;
}

static bool
is_ptr(const pto_type *t)
{
  return t && t->kind == PTO_TY_PTR;
}

/* The variable an lvalue E designates storage of, or NULL when the
   storage is reached through a pointer ("*p", "p[i]").  */
static pto_var *
lvalue_root(const pto_expr *e)
{
  for (;;) {
    switch (e->kind) {
    case PTO_E_VAR:
      return e->u.var;
    case PTO_E_INDEX:
      if (is_ptr(e->a->type))
        return NULL;
      e = e->a;
      break;
    case PTO_E_GETITEM:
      e = e->a;
      break;
    default:
      return NULL;
    }
  }
}

static bool
has_flag(const pto_letinfo *li, const pto_var *v, unsigned char f)
{
  return v->id < li->nids && (li->flags[v->id] & f);
}

/* Reads memory: see passes/let-inline.h.  Under "&", the designated variable is
   not read (its address is a constant), but index operands are.  */
static bool
reads_memory(const pto_letinfo *li, const pto_expr *e, bool under_addr)
{
  if (!e)
    return false;
  switch (e->kind) {
  case PTO_E_VAR:
    return !under_addr && has_flag(li, e->u.var, F_ADDR);
  case PTO_E_UN:
    if (e->u.unop == PTO_UN_ADDR)
      return reads_memory(li, e->a, true);
    if (e->u.unop == PTO_UN_DEREF && !under_addr)
      return true;
    return reads_memory(li, e->a, false);
  case PTO_E_INDEX:
    if (is_ptr(e->a->type) && !under_addr)
      return true;
    if (reads_memory(li, e->a, under_addr && !is_ptr(e->a->type)))
      return true;
    break;
  case PTO_E_GETITEM:
    return reads_memory(li, e->a, under_addr);
  default:
    if (reads_memory(li, e->a, false))
      return true;
    break;
  }
  if (reads_memory(li, e->b, false) || reads_memory(li, e->c, false))
    return true;
  for (int i = 0; i < e->nargs; i++)
    if (reads_memory(li, e->args[i], false))
      return true;
  return false;
}

bool
pto_let_reads_memory(const pto_letinfo *li, const pto_expr *e)
{
  return reads_memory(li, e, false);
}

/* ------------------------------------------------------------------ */
/* Phase 1: uses, writes, address-taken and buffer-definition vars     */
/* ------------------------------------------------------------------ */

static void
set_flag(pto_letinfo *li, const pto_var *v, unsigned char f)
{
  if (v && v->id < li->nids)
    li->flags[v->id] |= f;
}

/* Mark every variable of E with F.  */
static void
flag_vars(pto_letinfo *li, const pto_expr *e, unsigned char f)
{
  if (!e)
    return;
  if (e->kind == PTO_E_VAR)
    set_flag(li, e->u.var, f);
  flag_vars(li, e->a, f);
  flag_vars(li, e->b, f);
  flag_vars(li, e->c, f);
  for (int i = 0; i < e->nargs; i++)
    flag_vars(li, e->args[i], f);
}

/* Record what expression E of the statement numbered SEQ uses, writes
   (intrinsic destinations), takes the address of and puts in buffer
   definitions.  */
static void
scan_expr(pto_letinfo *li, const pto_expr *e, int seq)
{
  if (!e)
    return;
  if (e->kind == PTO_E_VAR && e->u.var->id < li->nids)
    li->maxuse[e->u.var->id] = seq;
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_ADDR)
    set_flag(li, lvalue_root(e->a), F_ADDR);
  if (e->kind == PTO_E_CALL && e->is_op) {
    const pto_opinfo *oi = pto_op_info(e->op);
    for (int i = 0; i < e->nargs && oi->sig[i] && oi->sig[i] != '*'; i++) {
      char l = oi->sig[i];
      if (l == 'T' || l == 'U')
        set_flag(li, lvalue_root(e->args[i]), F_WRITTEN);
      if (i < 32 && (oi->bufdef & (1u << i)))
        flag_vars(li, e->args[i], F_BUFDEF);
    }
  }
  scan_expr(li, e->a, seq);
  scan_expr(li, e->b, seq);
  scan_expr(li, e->c, seq);
  for (int i = 0; i < e->nargs; i++)
    scan_expr(li, e->args[i], seq);
}

typedef struct scan_ctx {
  pto_letinfo *li;
  int seq;
} scan_ctx;

static void
scan_slot(pto_expr **slot, void *ctx)
{
  scan_ctx *c = ctx;
  scan_expr(c->li, *slot, c->seq);
}

static void
scan_block(pto_letinfo *li, const pto_block *b)
{
  for (int i = 0; i < b->n; i++) {
    pto_stmt *s = b->items[i];
    if (li->nseq == li->capseq) {
      li->capseq = li->capseq ? 2 * li->capseq : 64;
      li->end = pto_xrealloc(li->end, sizeof *li->end * (size_t)li->capseq);
    }
    int seq = li->nseq++;
    scan_ctx c = {li, seq};
    pto_stmt_exprs(s, scan_slot, &c);
    if (s->kind == PTO_S_ASSIGN)
      set_flag(li, lvalue_root(s->lhs), F_WRITTEN);
    if (s->kind == PTO_S_DECL && s->value) {
      set_flag(li, s->var, F_CAND);
      if (li->ncands == li->capcands) {
        li->capcands = li->capcands ? 2 * li->capcands : 16;
        li->cands = pto_xrealloc(li->cands,
                                 sizeof *li->cands * (size_t)li->capcands);
      }
      li->cands[li->ncands++] = s;
    }
    scan_block(li, &s->body);
    scan_block(li, &s->els);
    li->end[seq] = li->nseq - 1;
  }
}

/* ------------------------------------------------------------------ */
/* Phase 2: extended uses                                              */
/* ------------------------------------------------------------------ */

/* Raise ext[a] to at least UPTO for every variable a of E.  */
static void
extend_vars(pto_letinfo *li, const pto_expr *e, int upto)
{
  if (!e)
    return;
  if (e->kind == PTO_E_VAR && e->u.var->id < li->nids
      && li->ext[e->u.var->id] < upto)
    li->ext[e->u.var->id] = upto;
  extend_vars(li, e->a, upto);
  extend_vars(li, e->b, upto);
  extend_vars(li, e->c, upto);
  for (int i = 0; i < e->nargs; i++)
    extend_vars(li, e->args[i], upto);
}

/* A bind's value is re-evaluated wherever a later bind that mentions it
   is substituted: in reverse order, let each bind hand its last use to
   the variables its value mentions.  */
static void
compute_extended_uses(pto_letinfo *li)
{
  memcpy(li->ext, li->maxuse, sizeof *li->ext * li->nids);
  for (int i = li->ncands - 1; i >= 0; i--) {
    pto_stmt *s = li->cands[i];
    if (has_flag(li, s->var, F_BIND))
      extend_vars(li, s->value, li->ext[s->var->id]);
  }
}

/* ------------------------------------------------------------------ */
/* Phase 3: stability                                                  */
/* ------------------------------------------------------------------ */

/* Mark with F_READ the variables whose value E reads (not those under
   "&", whose address only is taken).  */
static void
mark_reads(pto_letinfo *li, const pto_expr *e, bool under_addr, bool on)
{
  if (!e)
    return;
  bool sub = false;  /* whether E->a is still under "&" */
  switch (e->kind) {
  case PTO_E_VAR:
    if (!under_addr && e->u.var->id < li->nids) {
      if (on)
        li->flags[e->u.var->id] |= F_READ;
      else
        li->flags[e->u.var->id] &= (unsigned char)~F_READ;
    }
    return;
  case PTO_E_UN:
    sub = e->u.unop == PTO_UN_ADDR;
    break;
  case PTO_E_INDEX:
    sub = under_addr && !is_ptr(e->a->type);
    break;
  case PTO_E_GETITEM:
    sub = under_addr;
    break;
  default:
    break;
  }
  mark_reads(li, e->a, sub, on);
  mark_reads(li, e->b, false, on);
  mark_reads(li, e->c, false, on);
  for (int i = 0; i < e->nargs; i++)
    mark_reads(li, e->args[i], false, on);
}

/* What the value being checked reads.  */
typedef struct reads {
  pto_letinfo *li;
  bool mem;
} reads;

/* True if writing the lvalue E may change what R reads.  */
static bool
lvalue_conflicts(const reads *r, const pto_expr *e)
{
  pto_var *v = lvalue_root(e);
  if (!v || has_flag(r->li, v, F_ADDR))
    return r->mem || (v && has_flag(r->li, v, F_READ));
  return has_flag(r->li, v, F_READ);
}

/* True if a call in E may write what R reads; with SKIP_ROOT the call at
   the root of E itself does not count.  */
static bool
expr_conflicts(const reads *r, const pto_expr *e, bool skip_root)
{
  if (!e)
    return false;
  if (e->kind == PTO_E_CALL && !skip_root) {
    if (!e->is_op) {
      if (r->mem)
        return true;
    } else {
      const pto_opinfo *oi = pto_op_info(e->op);
      if (oi->effect == PTO_EFF_LAUNCH || oi->effect == PTO_EFF_SYNC) {
        if (r->mem)
          return true;
      } else if (oi->effect != PTO_EFF_PURE) {
        for (int i = 0; i < e->nargs && oi->sig[i] && oi->sig[i] != '*';
             i++) {
          char l = oi->sig[i];
          if ((l == 'T' || l == 'U') && lvalue_conflicts(r, e->args[i]))
            return true;
          if (l == 'P' && r->mem)
            return true;
        }
      }
    }
  }
  if (expr_conflicts(r, e->a, false) || expr_conflicts(r, e->b, false)
      || expr_conflicts(r, e->c, false))
    return true;
  for (int i = 0; i < e->nargs; i++)
    if (expr_conflicts(r, e->args[i], false))
      return true;
  return false;
}

static bool block_conflicts(const reads *r, const pto_block *b);

/* True if executing S may write what R reads.  With LAST, S is the last
   statement of the interval and its own final write (the store of an
   assignment, the call of a call statement) happens after every read of
   its operands, so it does not count.  */
static bool
stmt_conflicts(const reads *r, const pto_stmt *s, bool last)
{
  bool simple = last && (s->kind == PTO_S_ASSIGN || s->kind == PTO_S_EVAL);
  if (s->kind == PTO_S_ASSIGN && !simple && lvalue_conflicts(r, s->lhs))
    return true;
  const pto_expr *slots[] = {s->lhs, s->value, s->cond,
                             s->start, s->stop, s->step};
  for (size_t i = 0; i < sizeof slots / sizeof *slots; i++)
    if (expr_conflicts(r, slots[i],
                       simple && s->kind == PTO_S_EVAL && slots[i] == s->value))
      return true;
  return block_conflicts(r, &s->body) || block_conflicts(r, &s->els);
}

static bool
block_conflicts(const reads *r, const pto_block *b)
{
  for (int i = 0; i < b->n; i++)
    if (stmt_conflicts(r, b->items[i], false))
      return true;
  return false;
}

/* True if every variable E mentions is never written (so, with no
   memory read, E has the same value wherever it is in scope).  */
static bool
reads_only_immutable(const pto_letinfo *li, const pto_expr *e)
{
  if (!e)
    return true;
  if (e->kind == PTO_E_VAR && has_flag(li, e->u.var, F_WRITTEN | F_ADDR))
    return false;
  if (!reads_only_immutable(li, e->a) || !reads_only_immutable(li, e->b)
      || !reads_only_immutable(li, e->c))
    return false;
  for (int i = 0; i < e->nargs; i++)
    if (!reads_only_immutable(li, e->args[i]))
      return false;
  return true;
}

/* The bind B->items[K] has sequence number SEQ: decide whether its value
   is stable (passes/let-inline.h).  */
static bool
bind_is_stable(pto_letinfo *li, const pto_block *b, int k, int seq)
{
  pto_stmt *d = b->items[k];
  int last = li->ext[d->var->id];
  if (last <= li->end[seq])
    return true;  /* unused */
  reads r = {li, reads_memory(li, d->value, false)};
  if (!r.mem && reads_only_immutable(li, d->value))
    return true;  /* nothing can change what it reads */
  mark_reads(li, d->value, false, true);
  bool ok = true;
  int sq = li->end[seq] + 1;
  for (int j = k + 1; j < b->n && sq <= last; j++) {
    bool is_last = last <= li->end[sq];
    if (stmt_conflicts(&r, b->items[j], is_last)) {
      ok = false;
      break;
    }
    sq = li->end[sq] + 1;
  }
  mark_reads(li, d->value, false, false);
  return ok;
}

/* Walk B as scan_block did (same numbering from *SEQ) and classify each
   bind.  */
static void
classify_block(pto_letinfo *li, const pto_block *b, int *seq)
{
  for (int i = 0; i < b->n; i++) {
    pto_stmt *s = b->items[i];
    int my = (*seq)++;
    if (s->kind == PTO_S_DECL && has_flag(li, s->var, F_BIND)
        && bind_is_stable(li, b, i, my))
      li->flags[s->var->id] |= F_STABLE;
    classify_block(li, &s->body, seq);
    classify_block(li, &s->els, seq);
  }
}

pto_letinfo *
pto_letinfo_new(pto_program *p, pto_func *f)
{
  pto_letinfo *li = pto_xcalloc(1, sizeof *li);
  li->nids = p->next_var_id;
  size_t n = li->nids ? li->nids : 1;
  li->flags = pto_xcalloc(n, 1);
  li->maxuse = pto_xmalloc(sizeof *li->maxuse * n);
  li->ext = pto_xmalloc(sizeof *li->ext * n);
  for (unsigned i = 0; i < li->nids; i++)
    li->maxuse[i] = -1;
  scan_block(li, &f->body);
  for (int i = 0; i < li->ncands; i++) {
    pto_var *v = li->cands[i]->var;
    if (!has_flag(li, v, F_WRITTEN | F_ADDR))
      set_flag(li, v, F_BIND);
  }
  compute_extended_uses(li);
  int seq = 0;
  classify_block(li, &f->body, &seq);
  return li;
}

void
pto_letinfo_free(pto_letinfo *li)
{
  if (!li)
    return;
  free(li->flags);
  free(li->maxuse);
  free(li->ext);
  free(li->end);
  free(li->cands);
  free(li);
}

bool
pto_let_is_bind(const pto_letinfo *li, const pto_var *v)
{
  return has_flag(li, v, F_BIND);
}

bool
pto_let_is_stable(const pto_letinfo *li, const pto_var *v)
{
  return has_flag(li, v, F_STABLE);
}

bool
pto_let_in_bufdef(const pto_letinfo *li, const pto_var *v)
{
  return has_flag(li, v, F_BUFDEF);
}

bool
pto_let_is_immutable(const pto_letinfo *li, const pto_var *v)
{
  return v->id < li->nids && !has_flag(li, v, F_WRITTEN | F_ADDR);
}

/* ------------------------------------------------------------------ */
/* Substitution                                                        */
/* ------------------------------------------------------------------ */

pto_expr *
pto_let_subst(pto_program *p, pto_expr *e, pto_expr *const *map,
              bool protect_bufdef)
{
  if (!e)
    return e;
  if (e->kind == PTO_E_VAR) {
    pto_expr *r = map[e->u.var->id];
    return r ? pto_e_clone(p, r) : e;
  }
  pto_expr *a = pto_let_subst(p, e->a, map, protect_bufdef);
  pto_expr *b = pto_let_subst(p, e->b, map, protect_bufdef);
  pto_expr *c = pto_let_subst(p, e->c, map, protect_bufdef);
  bool changed = a != e->a || b != e->b || c != e->c;
  pto_expr **args = e->args;
  unsigned mask = protect_bufdef && e->kind == PTO_E_CALL && e->is_op
                      ? pto_op_info(e->op)->bufdef : 0;
  for (int i = 0; i < e->nargs; i++) {
    if (i < 32 && (mask & (1u << i)))
      continue;
    pto_expr *x = pto_let_subst(p, e->args[i], map, protect_bufdef);
    if (x == e->args[i])
      continue;
    if (args == e->args) {
      args = pto_arena_alloc(p->arena, sizeof *args * (size_t)e->nargs);
      memcpy(args, e->args, sizeof *args * (size_t)e->nargs);
    }
    args[i] = x;
    changed = true;
  }
  if (!changed)
    return e;
  pto_expr *n = pto_arena_alloc(p->arena, sizeof *n);
  *n = *e;
  n->a = a;
  n->b = b;
  n->c = c;
  n->args = args;
  return n;
}

/* ------------------------------------------------------------------ */
/* The pass                                                            */
/* ------------------------------------------------------------------ */

typedef struct inline_ctx {
  pto_program *p;
  const pto_letinfo *li;
  pto_expr **map;
} inline_ctx;

static void
subst_slot(pto_expr **slot, void *ctx)
{
  inline_ctx *c = ctx;
  *slot = pto_let_subst(c->p, *slot, c->map, false);
}

/* True if LetInline removes the bind S (its value already substituted).  */
static bool
inlines(const pto_letinfo *li, const pto_stmt *s)
{
  return s->kind == PTO_S_DECL && s->value && pto_let_is_bind(li, s->var)
         && pto_let_is_stable(li, s->var) && !pto_let_has_effect(s->value);
}

static void
inline_block(inline_ctx *c, pto_block *b)
{
  int n = 0;
  for (int i = 0; i < b->n; i++) {
    pto_stmt *s = b->items[i];
    pto_stmt_exprs(s, subst_slot, c);
    if (inlines(c->li, s)) {
      c->map[s->var->id] = s->value;
      continue;
    }
    inline_block(c, &s->body);
    inline_block(c, &s->els);
    b->items[n++] = s;
  }
  b->n = n;
}

int
pto_let_inline_func(pto_program *p, pto_func *f, pto_diag *diag)
{
  (void)diag;
  pto_letinfo *li = pto_letinfo_new(p, f);
  inline_ctx c = {p, li, pto_xcalloc(li->nids ? li->nids : 1,
                                     sizeof(pto_expr *))};
  inline_block(&c, &f->body);
  free(c.map);
  pto_letinfo_free(li);
  return 0;
}

static int
run(pto_pass_ctx *ctx)
{
  for (int i = 0; i < ctx->prog->nfuncs; i++)
    if (!ctx->prog->funcs[i]->dead)
      pto_let_inline_func(ctx->prog, ctx->prog->funcs[i], ctx->diag);
  return 0;
}

static bool
gate(const pto_options *opts)
{
  return opts->force_let_inline;
}

/* Verifier state.  */
typedef struct check_ctx {
  const pto_letinfo *li;
  pto_diag *diag;
  int bad;
} check_ctx;

static void
check_stmt(pto_stmt *s, void *ctx)
{
  check_ctx *c = ctx;
  if (inlines(c->li, s)) {
    pto_error(c->diag, s->loc,
              "verify: bind '%s' is left, but LetInline inlines it",
              s->var->name);
    c->bad++;
  }
}

int
pto_verify_lets_inlined(const pto_program *p, pto_diag *diag)
{
  int bad = 0;
  for (int i = 0; i < p->nfuncs; i++) {
    pto_func *f = p->funcs[i];
    if (f->dead)
      continue;
    /* The analysis reads the program only.  */
    pto_letinfo *li = pto_letinfo_new((pto_program *)p, f);
    check_ctx c = {li, diag, 0};
    pto_walk_stmts(f, check_stmt, &c);
    bad += c.bad;
    pto_letinfo_free(li);
  }
  return bad;
}

const pto_pass pto_pass_let_inline = {
    "let_inline", "LetInline", 0, PTO_PROP_LETS_INLINED, 0, gate, run,
};
