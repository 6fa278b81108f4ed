/* rewrite.c - the table-driven symbolic rewrite engine (after tinygrad's
   symbolic pattern matcher).

   pto_simplify_expr rewrites an expression bottom-up to a fixed point
   with the rules of rules.c, bucketed by root (a binary operator, a unary
   operator, select, plus rules tried on every integer/bool root).  It is
   functional: nodes are never modified, a changed child gives a new
   parent, so shared subtrees and other users of E are safe.

   Termination and size: a replacement is accepted only if it has no more
   nodes than the node it replaces, and the engine stops rewriting after a
   fixed budget of rule applications (which the fuzzer checks is never
   reached); rules of equal size are canonicalising (they produce a fixed
   normal form and return NULL on it), so no two rules ping-pong.

   Only integer and bool expressions are rewritten.  Float, pointer and
   tile operations keep their form; their operands are simplified.
   Subtrees that call a function with an effect are never merged, dropped
   or duplicated (pto_rw_equal treats them as unequal to everything).

   Speed: the engine works on interned nodes (pto_rw_node,
   rewrite.h).  The input is interned first; every node a rule builds is
   interned by the constructors below, so structurally equal nodes are
   one node, pto_rw_same is a pointer test, and a node's size, purity,
   range and simplified form are fields of the node, computed once per
   call (a repeated subtree is rewritten once).  The intern table and the
   node memory belong to the environment (pto_range_env_cache) and are
   reused call after call: a call starts by advancing a stamp, which
   empties the table without touching it, and rewinding the node memory
   (never cleared: a new node has every field written).  Constants,
   variables, unary, binary and select nodes are interned from their
   fields (intern_simple), other kinds from a prototype node (intern);
   both give the same key and hash.  The rules are bucketed by root key
   and by the PTO_RWN_* facts of the root's operands (constants, a
   constant right operand or not: a rule whose row says it needs one is
   not called on other roots) once per environment, each bucket one
   array of matchers, the root key's rules and then those of every
   root.  The first replacement a root's bucket gives is simplified in
   turn, which settles it, and that is the root's simplified form.  The
   result is copied into the program's arena by export_expr: an interned
   node equal to an input subtree is that subtree (each used once, so the
   result is a tree like the input, sharing nothing else), the rest are
   new nodes, located as the IR constructors would locate them.
   Invariant: a rule returns an interned node (checked against the node
   memory in use; an ICE otherwise), which holds because rules.c builds
   nodes only through pto_rw_int, pto_rw_bin, pto_rw_un, pto_rw_sel and
   pto_rw_bool.  */

#include "rewrite/rewrite.h"

#include <stdlib.h>
#include <string.h>

enum { BUDGET = 100000 };

int
pto_rw_key(const pto_expr *e)
{
  switch (e->kind) {
  case PTO_E_BIN: return (int)e->u.binop;
  case PTO_E_UN: return PTO_RWK_UN + (int)e->u.unop;
  case PTO_E_SELECT: return PTO_RWK_SELECT;
  default: return -1;
  }
}

/* ------------------------------------------------------------------ */
/* Structural helpers                                                  */
/* ------------------------------------------------------------------ */

bool
pto_rw_pure(const pto_expr *e)
{
  if (!e)
    return true;
  if (e->kind == PTO_E_CALL
      && (!e->is_op || pto_op_info(e->op)->effect != PTO_EFF_PURE))
    return false;
  if (!pto_rw_pure(e->a) || !pto_rw_pure(e->b) || !pto_rw_pure(e->c))
    return false;
  for (int i = 0; i < e->nargs; i++)
    if (!pto_rw_pure(e->args[i]))
      return false;
  return true;
}

/* True if the operation at the root of E may be undefined under C's
   env: a division whose divisor range holds 0 (or MIN / -1), a shift
   whose amount range leaves [0, bits).  */
static bool
may_trap(pto_rw *c, const pto_expr *e)
{
  if (e->kind != PTO_E_BIN || !pto_rw_is_intlike(e->a)
      || e->a->type->dtype == PTO_DT_BOOL)
    return false;
  pto_binop op = e->u.binop;
  pto_iv b = pto_rw_iv(c, e->b);
  if (op == PTO_BIN_SHL || op == PTO_BIN_SHR)
    return b.lo < 0 || b.hi >= pto_rw_dt_bits(e->a->type->dtype);
  if (op != PTO_BIN_DIV && op != PTO_BIN_MOD && op != PTO_BIN_FLOORDIV
      && op != PTO_BIN_FLOORMOD)
    return false;
  if (b.lo <= 0 && b.hi >= 0)
    return true;
  pto_iv a = pto_rw_iv(c, e->a);
  pto_iv t = pto_iv_of_dtype(e->a->type->dtype);
  return pto_rw_dt_is_signed(e->a->type->dtype) && b.lo <= -1 && b.hi >= -1
         && a.lo == t.lo;
}

bool
pto_rw_safe(pto_rw *c, const pto_expr *e)
{
  if (!e)
    return true;
  if (e->kind == PTO_E_CALL || may_trap(c, e))
    return false;
  if (!pto_rw_safe(c, e->a) || !pto_rw_safe(c, e->b) || !pto_rw_safe(c, e->c))
    return false;
  for (int i = 0; i < e->nargs; i++)
    if (!pto_rw_safe(c, e->args[i]))
      return false;
  return true;
}

int
pto_rw_size(const pto_expr *e)
{
  if (!e)
    return 0;
  int n = 1 + pto_rw_size(e->a) + pto_rw_size(e->b) + pto_rw_size(e->c);
  for (int i = 0; i < e->nargs; i++)
    n += pto_rw_size(e->args[i]);
  return n;
}

static int
cmp_int(int64_t a, int64_t b)
{
  return a < b ? -1 : a > b;
}

/* Rank of a node kind in the canonical order: variables first, then
   compound nodes, constants last (so constants end up on the right).  */
static int
kind_rank(const pto_expr *e)
{
  switch (e->kind) {
  case PTO_E_VAR: return 0;
  case PTO_E_INT: return 101;
  case PTO_E_FLOAT: return 100;
  default: return 1 + (int)e->kind;
  }
}

static int
cmp_str(const char *a, const char *b)
{
  if (a == b)
    return 0;
  if (!a || !b)
    return a ? 1 : -1;
  return strcmp(a, b);
}

/* A total order on expression trees, deterministic across runs (no
   pointer comparisons): kind, then payload, then operands.  */
int
pto_rw_compare(const pto_expr *a, const pto_expr *b)
{
  if (a == b)
    return 0;
  if (!a || !b)
    return a ? 1 : -1;
  int c = kind_rank(a) - kind_rank(b);
  if (c)
    return c;
  if (a->type != b->type) {
    c = cmp_int(a->type->kind, b->type->kind);
    if (!c)
      c = cmp_int(a->type->dtype, b->type->dtype);
    if (c)
      return c;
  }
  switch (a->kind) {
  case PTO_E_INT: c = cmp_int(a->u.ival, b->u.ival); break;
  case PTO_E_FLOAT:
    c = a->u.fval < b->u.fval ? -1 : a->u.fval > b->u.fval;
    break;
  case PTO_E_VAR:
    c = cmp_str(a->u.var->name, b->u.var->name);
    if (!c)
      c = cmp_int(a->u.var->id, b->u.var->id);
    break;
  case PTO_E_BIN: c = cmp_int(a->u.binop, b->u.binop); break;
  case PTO_E_UN: c = cmp_int(a->u.unop, b->u.unop); break;
  case PTO_E_GETITEM: c = cmp_int(a->u.index, b->u.index); break;
  default: break;
  }
  if (c)
    return c;
  if (a->kind == PTO_E_CALL) {
    c = cmp_int(a->is_op, b->is_op);
    if (!c)
      c = a->is_op ? cmp_int(a->op, b->op) : cmp_str(a->fname, b->fname);
  } else if (a->kind == PTO_E_FUNCREF) {
    c = cmp_str(a->fname, b->fname);
  }
  if (c)
    return c;
  if ((c = pto_rw_compare(a->a, b->a)) || (c = pto_rw_compare(a->b, b->b))
      || (c = pto_rw_compare(a->c, b->c)))
    return c;
  if ((c = cmp_int(a->nargs, b->nargs)))
    return c;
  for (int i = 0; i < a->nargs; i++)
    if ((c = pto_rw_compare(a->args[i], b->args[i])))
      return c;
  return 0;
}

static bool
same_tree(const pto_expr *a, const pto_expr *b)
{
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->type != b->type)
    return false;
  return pto_rw_compare(a, b) == 0;
}

bool
pto_rw_equal(const pto_expr *a, const pto_expr *b)
{
  return same_tree(a, b) && pto_rw_pure(a);
}

/* ------------------------------------------------------------------ */
/* The memo: interned nodes                                            */
/* ------------------------------------------------------------------ */

/* Node memory kept between calls beyond this is given back.  */
enum { CHUNK_BYTES = 64 * 1024, KEEP_BYTES = 16 * 1024 * 1024 };

typedef struct chunk {
  struct chunk *next;
  size_t cap, used;
  _Alignas(16) unsigned char data[];
} chunk;

/* One slot of the intern table; a slot is empty unless CALL is the
   current call, so the table is emptied by counting calls.  */
typedef struct slot {
  pto_rw_node *n;
  unsigned call;
  uint32_t hash;
} slot;

/* The sets of PTO_RWN_* facts a root can have.  */
enum { HAVE_COUNT = PTO_RWN_NONCONST_B * 2 };

/* The simplifier's working memory, kept by an environment
   (pto_range_env_cache) across calls so that no call allocates tables:
   the intern table and the node memory of one call, both emptied when
   the next call starts (nodes are copied out by export_expr).  Per node,
   facts valid for this call are stamped with GEN (ranges, simplified
   form) or CALL; the two are the same number today.  */
struct pto_rw_cache {
  chunk *chunks, *cur;          /* node memory, reused call after call */
  size_t kept;                  /* bytes in CHUNKS */
  slot *slots;
  size_t cap, used;             /* used: slots of this call */
  unsigned gen, call;
  pto_program *p;
  const pto_type *bool_type;
  pto_range_memo *memo;         /* ranges in the nodes, valid at GEN */
  void *scratch;                /* the rules' memo */
  /* rule indices per root key and PTO_RWN_* facts (build_buckets) */
  int bk_start[PTO_RWK_COUNT * HAVE_COUNT + 1];
  int *bk_order;                /* pto_nrules * HAVE_COUNT rule indices */
  pto_rule_fn *bk_fn;           /* the matcher of each rule of bk_order */
};

/* Append to HC's buckets, from entry N, the rules of BYKEY[FROM, TO)
   (rule indices, in table order) whose PTO_RWN_* needs are in HAVE;
   return the new N.  */
static int
bucket_add(pto_rw_cache *hc, int n, const int *bykey, int from, int to,
           unsigned have)
{
  for (int j = from; j < to; j++)
    if (!(pto_rules[bykey[j]].need & ~have)) {
      hc->bk_order[n] = bykey[j];
      hc->bk_fn[n++] = pto_rules[bykey[j]].fn;
    }
  return n;
}

/* Bucket (KEY, HAVE): the rules a root of key KEY with the facts HAVE
   tries, in the order the engine tries them: those of KEY, then those
   of every root (PTO_RWK_ANY), each in table order; so a root walks
   one array.  */
static void
build_buckets(pto_rw_cache *hc)
{
  /* The rule indices grouped by key (a counting sort, stable).  */
  int start[PTO_RWK_COUNT + 1] = {0}, fill[PTO_RWK_COUNT];
  int *bykey = pto_xcalloc((size_t)pto_nrules, sizeof *bykey);
  for (int i = 0; i < pto_nrules; i++)
    start[pto_rules[i].key + 1]++;
  for (int k = 0; k < PTO_RWK_COUNT; k++)
    fill[k] = start[k + 1] += start[k];
  for (int i = pto_nrules - 1; i >= 0; i--)
    bykey[--fill[pto_rules[i].key]] = i;
  int nany = start[PTO_RWK_ANY + 1] - start[PTO_RWK_ANY];
  size_t cap = (size_t)(pto_nrules + PTO_RWK_COUNT * nany) * HAVE_COUNT;
  hc->bk_order = pto_xcalloc(cap, sizeof *hc->bk_order);
  hc->bk_fn = pto_xcalloc(cap, sizeof *hc->bk_fn);
  int n = 0;
  for (int k = 0; k < PTO_RWK_COUNT; k++)
    for (unsigned have = 0; have < HAVE_COUNT; have++) {
      hc->bk_start[k * HAVE_COUNT + have] = n;
      n = bucket_add(hc, n, bykey, start[k], start[k + 1], have);
      if (k != PTO_RWK_ANY)
        n = bucket_add(hc, n, bykey, start[PTO_RWK_ANY],
                       start[PTO_RWK_ANY + 1], have);
    }
  hc->bk_start[PTO_RWK_COUNT * HAVE_COUNT] = n;
  free(bykey);
}

/* SIZE bytes of node memory, 16-aligned, not cleared (new_node writes
   every field).  */
static void *node_alloc_slow(pto_rw_cache *hc, size_t size);

static inline void *
node_alloc(pto_rw_cache *hc, size_t size)
{
  size = (size + 15) & ~(size_t)15;
  chunk *c = hc->cur;
  if (c && c->used + size <= c->cap) {
    void *r = c->data + c->used;
    c->used += size;
    return r;
  }
  return node_alloc_slow(hc, size);
}

static void *
node_alloc_slow(pto_rw_cache *hc, size_t size)
{
  while (hc->cur && hc->cur->used + size > hc->cur->cap)
    hc->cur = hc->cur->next;
  if (!hc->cur) {
    size_t cap = size > CHUNK_BYTES ? size : CHUNK_BYTES;
    chunk *c = pto_xcalloc(1, sizeof *c + cap);
    c->cap = cap;
    c->next = hc->chunks;  /* new chunks go first: CUR was the last */
    hc->chunks = c;
    hc->kept += cap;
    hc->cur = c;
  }
  void *r = hc->cur->data + hc->cur->used;
  hc->cur->used += size;
  return r;
}

static void
free_chunks(chunk *c)
{
  while (c) {
    chunk *next = c->next;
    free(c);
    c = next;
  }
}

static pto_rw_cache *
cache_new(void)
{
  pto_rw_cache *hc = pto_xcalloc(1, sizeof *hc);
  hc->cap = 256;  /* 4 KB: grows for large expressions */
  hc->slots = pto_xcalloc(hc->cap, sizeof *hc->slots);
  hc->memo = pto_range_memo_in_nodes(&hc->gen);
  hc->scratch = pto_xcalloc(1, pto_rules_scratch_size);
  build_buckets(hc);
  return hc;
}

void
pto_rw_cache_free(pto_rw_cache *hc)
{
  if (!hc)
    return;
  free_chunks(hc->chunks);
  pto_range_memo_free(hc->memo);
  free(hc->scratch);
  free(hc->bk_order);
  free(hc->bk_fn);
  free(hc->slots);
  free(hc);
}

/* Start a call on P: the previous call's nodes and slots are dropped.  */
static void
cache_begin(pto_rw_cache *hc, pto_program *p)
{
  if (hc->p != p) {
    hc->p = p;
    hc->bool_type = pto_type_scalar(p, PTO_DT_BOOL);
  }
  if (hc->kept > KEEP_BYTES) {
    free_chunks(hc->chunks);
    hc->chunks = NULL;
    hc->kept = 0;
  }
  for (chunk *c = hc->chunks; c; c = c->next)
    c->used = 0;
  hc->cur = hc->chunks;
  hc->used = 0;
  if (++hc->call == 0) {  /* wrapped: old stamps would look current */
    memset(hc->slots, 0, sizeof *hc->slots * hc->cap);
    hc->call = 1;
  }
  hc->gen = hc->call;
}

static uint64_t
mix(uint64_t h, uint64_t v)
{
  h = (h ^ v) * UINT64_C(0x9E3779B97F4A7C15);
  return h ^ (h >> 29);
}

/* The payload of E that its kind uses (0 for the others).  */
static inline __attribute__((always_inline)) uint64_t
payload(const pto_expr *e)
{
  uint64_t v = 0;
  switch (e->kind) {
  case PTO_E_INT: return (uint64_t)e->u.ival;
  case PTO_E_FLOAT: memcpy(&v, &e->u.fval, sizeof v); return v;
  case PTO_E_VAR: return (uint64_t)(uintptr_t)e->u.var;
  case PTO_E_BIN: return (uint64_t)e->u.binop;
  case PTO_E_UN: return (uint64_t)e->u.unop;
  case PTO_E_GETITEM: return (uint64_t)e->u.index;
  default: return 0;
  }
}

static inline bool
has_fname(const pto_expr *e)
{
  return (e->kind == PTO_E_CALL && !e->is_op) || e->kind == PTO_E_FUNCREF;
}

#define P64(x) ((uint64_t)(uintptr_t)(x))

/* The hash of E's key: the products are independent (they run in
   parallel), the finaliser brings every bit to the low (slot) bits.  */
static inline uint64_t
hash_head(pto_expr_kind kind, const pto_type *type, uint64_t pay,
          const pto_expr *a, const pto_expr *b, const pto_expr *c)
{
  return ((uint64_t)kind * UINT64_C(0x9E3779B97F4A7C15))
         ^ (P64(type) * UINT64_C(0xC2B2AE3D27D4EB4F))
         ^ (pay * UINT64_C(0x165667B19E3779F9))
         ^ (P64(a) * UINT64_C(0xD6E8FEB86659FD93))
         ^ (P64(b) * UINT64_C(0xFF51AFD7ED558CCD))
         ^ (P64(c) * UINT64_C(0xC4CEB9FE1A85EC53));
}

static inline uint64_t
hash_final(uint64_t h)
{
  h ^= h >> 32;
  h *= UINT64_C(0x94D049BB133111EB);
  return h ^ (h >> 29);
}

static inline uint64_t
key_hash(const pto_expr *e)
{
  uint64_t h = hash_head(e->kind, e->type, payload(e), e->a, e->b, e->c);
  if (e->kind == PTO_E_CALL && e->is_op)
    h = mix(h, 1 + (uint64_t)e->op);
  if (has_fname(e) && e->fname)
    for (const char *s = e->fname; *s; s++)
      h = mix(h, (unsigned char)*s);
  for (int i = 0; i < e->nargs; i++)
    h = mix(h, P64(e->args[i]));
  return hash_final(h);
}

static bool
key_equal(const pto_rw_node *n, const pto_expr *x)
{
  const pto_expr *e = &n->e;
  if (n->unique || e->kind != x->kind || e->type != x->type
      || payload(e) != payload(x) || e->a != x->a || e->b != x->b
      || e->c != x->c || e->nargs != x->nargs)
    return false;
  if (e->kind == PTO_E_CALL
      && (e->is_op != x->is_op || (e->is_op && e->op != x->op)))
    return false;
  if (has_fname(e) && cmp_str(e->fname, x->fname) != 0)
    return false;
  for (int i = 0; i < e->nargs; i++)
    if (e->args[i] != x->args[i])
      return false;
  return true;
}

/* True if E calls something with an effect at its root.  */
static bool
root_effect(const pto_expr *e)
{
  return e->kind == PTO_E_CALL
         && (!e->is_op || pto_op_info(e->op)->effect != PTO_EFF_PURE);
}

/* Double the table, keeping this call's slots.  */
static void
cache_grow(pto_rw_cache *hc)
{
  size_t cap = hc->cap * 2;
  slot *t = pto_xcalloc(cap, sizeof *t);
  for (size_t i = 0; i < hc->cap; i++) {
    if (hc->slots[i].call != hc->call)
      continue;
    size_t j = hc->slots[i].hash & (cap - 1);
    while (t[j].call == hc->call)
      j = (j + 1) & (cap - 1);
    t[j] = hc->slots[i];
  }
  free(hc->slots);
  hc->slots = t;
  hc->cap = cap;
}

/* LOC is where N stands in the current call (the first one given, or
   the first real one: a folded constant keeps the place of what it
   replaces, for the back ends' diagnostics).  */
static void
set_loc(pto_rw_cache *hc, pto_rw_node *n, pto_loc loc)
{
  if (n->loc_call != hc->call || (!n->e.loc.file && loc.file)) {
    n->e.loc = loc;
    n->loc_call = hc->call;
  }
}

static pto_loc
loc_of(const pto_rw_cache *hc, const pto_expr *e)
{
  return pto_rw_node_of(e)->loc_call == hc->call ? e->loc : pto_noloc;
}

/* The same, by reference.  */
static const pto_loc *
loc_ref(const pto_rw_cache *hc, const pto_expr *e)
{
  return pto_rw_node_of(e)->loc_call == hc->call ? &e->loc : &pto_noloc;
}

/* The interned node equal to X, whose operands are interned: found, or
   made (a call with an effect is always made anew).  */
/* A new interned node for X (see intern), not yet in the table.  */
static pto_rw_node *
new_node(pto_rw_cache *hc, const pto_expr *x, bool unique)
{
  pto_rw_node *n = node_alloc(hc, sizeof *n);
  pto_expr *e = &n->e;
  e->kind = x->kind;
  e->type = x->type;
  e->loc = pto_noloc;
  e->u = x->u;
  e->a = x->a;
  e->b = x->b;
  e->c = x->c;
  e->is_op = false;
  e->op = 0;
  if (x->kind == PTO_E_CALL) {
    e->is_op = x->is_op;
    e->op = x->op;
  }
  e->fname = has_fname(x) ? x->fname : NULL;
  e->nargs = x->nargs;
  e->args = NULL;
  if (x->nargs) {
    e->args = node_alloc(hc, sizeof *e->args * x->nargs);
    memcpy(e->args, x->args, sizeof *e->args * x->nargs);
  }
  n->iv_gen = n->res_gen = 0;
  n->orig_call = n->loc_call = n->claim_call = n->sum_call = 0;
  n->orig = NULL;
  n->res = NULL;
  n->unique = unique;
  n->size = 1 + pto_rw_hsize(e->a) + pto_rw_hsize(e->b) + pto_rw_hsize(e->c);
  n->pure = !unique && pto_rw_hpure(e->a) && pto_rw_hpure(e->b)
            && pto_rw_hpure(e->c);
  for (int i = 0; i < e->nargs; i++) {
    n->size += pto_rw_hsize(e->args[i]);
    n->pure = n->pure && pto_rw_hpure(e->args[i]);
  }
  return n;
}

/* The interned node equal to X, whose operands are interned: found, or
   made (a call with an effect is always made anew, never merged).  */
static pto_rw_node *
intern(pto_rw_cache *hc, const pto_expr *x, pto_loc loc)
{
  bool unique = root_effect(x);
  uint64_t h = key_hash(x);
  size_t mask = hc->cap - 1, i = h & mask;
  for (; hc->slots[i].call == hc->call; i = (i + 1) & mask)
    if (!unique && hc->slots[i].hash == (uint32_t)h
        && key_equal(hc->slots[i].n, x)) {
      set_loc(hc, hc->slots[i].n, loc);
      return hc->slots[i].n;
    }
  pto_rw_node *n = new_node(hc, x, unique);
  hc->slots[i].n = n;
  hc->slots[i].call = hc->call;
  hc->slots[i].hash = (uint32_t)h;
  if (2 * ++hc->used > hc->cap)
    cache_grow(hc);
  set_loc(hc, n, loc);
  return n;
}

/* The payload of node E of a kind intern_simple makes is PAY; its union
   holds PAY and nothing else, so that on a little-endian host the
   union's 64 bits are PAY (compared in one test).  */
static inline void
set_payload(pto_expr *e, pto_expr_kind kind, uint64_t pay)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  (void)kind;
  e->u.ival = (int64_t)pay;
#else
  e->u.ival = 0;
  switch (kind) {
  case PTO_E_INT: e->u.ival = (int64_t)pay; break;
  case PTO_E_VAR: e->u.var = (pto_var *)(uintptr_t)pay; break;
  case PTO_E_BIN: e->u.binop = (pto_binop)pay; break;
  case PTO_E_UN: e->u.unop = (pto_unop)pay; break;
  default: break;
  }
#endif
}

/* True if the payload of E, made by intern_simple, is PAY.  */
static inline bool
same_payload(const pto_expr *e, uint64_t pay)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  return (uint64_t)e->u.ival == pay;
#else
  return payload(e) == pay;
#endif
}

/* intern for the nodes the constructors below build: KIND (INT, BIN, UN
   or SELECT) with payload PAY (ival, binop, unop or 0) and operands A,
   B, X, no arguments (or a VAR, PAY its variable); the same key, hash
   and node as intern gives,
   without a prototype node.  Inlined into its callers: the input's
   nodes and the constructors' pass constants for most arguments.  */
static inline __attribute__((always_inline)) pto_rw_node *
intern_simple(pto_rw_cache *hc, pto_expr_kind kind, const pto_type *type,
              uint64_t pay, pto_expr *a, pto_expr *b, pto_expr *x,
              const pto_loc *loc)
{
  uint64_t h = hash_final(hash_head(kind, type, pay, a, b, x));
  size_t mask = hc->cap - 1, i = h & mask;
  for (; hc->slots[i].call == hc->call; i = (i + 1) & mask) {
    pto_rw_node *n = hc->slots[i].n;
    const pto_expr *e = &n->e;
    if (hc->slots[i].hash == (uint32_t)h && e->kind == kind
        && e->type == type && e->a == a && e->b == b && e->c == x
        && e->nargs == 0 && !n->unique && same_payload(e, pay)) {
      if (n->loc_call != hc->call || (!n->e.loc.file && loc->file)) {
        n->e.loc = *loc;  /* set_loc */
        n->loc_call = hc->call;
      }
      return n;
    }
  }
  pto_rw_node *n = node_alloc(hc, sizeof *n);
  pto_expr *e = &n->e;
  e->kind = kind;
  e->type = type;
  set_payload(e, kind, pay);
  e->a = a;
  e->b = b;
  e->c = x;
  e->is_op = false;
  e->op = 0;
  e->fname = NULL;
  e->nargs = 0;
  e->args = NULL;
  n->iv_gen = n->res_gen = 0;
  if (kind == PTO_E_INT && pto_rw_is_intlike(e)) {
    /* The range of a constant is its value, as pto_rw_range gives it
       (which falls back to the dtype's range for a value outside it).  */
    pto_iv v = {pto_rw_const_value(e), pto_rw_const_value(e)};
    if (pto_iv_fits(v, type->dtype)) {
      n->iv = v;
      n->iv_gen = hc->gen;
    }
  }
  n->orig_call = n->loc_call = n->claim_call = n->sum_call = 0;
  n->orig = NULL;
  n->res = NULL;
  n->unique = false;
  n->size = 1 + pto_rw_hsize(a) + pto_rw_hsize(b) + pto_rw_hsize(x);
  n->pure = pto_rw_hpure(a) && pto_rw_hpure(b) && pto_rw_hpure(x);
  hc->slots[i].n = n;
  hc->slots[i].call = hc->call;
  hc->slots[i].hash = (uint32_t)h;
  if (2 * ++hc->used > hc->cap)
    cache_grow(hc);
  n->e.loc = *loc;
  n->loc_call = hc->call;
  return n;
}

/* True if E is a node of this call (a rule returned an interned node):
   it lies in the node memory this call has used.  */
static bool
is_interned(const pto_rw_cache *hc, const pto_expr *e)
{
  const unsigned char *q = (const unsigned char *)e;
  for (const chunk *c = hc->chunks; c; c = c->next)
    if (q >= c->data && q < c->data + c->used)
      return true;
  return false;
}

static pto_expr *intern_input(pto_rw_cache *hc, pto_expr *x);
static pto_expr *intern_input_other(pto_rw_cache *hc, pto_expr *x);

/* Record input node X as the original of N in this call, unless an
   earlier input node equal to it is.  */
static inline void
set_orig(const pto_rw_cache *hc, pto_rw_node *n, pto_expr *x)
{
  if (n->orig_call != hc->call) {
    n->orig = x;
    n->orig_call = hc->call;
  }
}

/* True if input node X is a leaf: a constant or a variable.  */
static inline bool
is_leaf(const pto_expr *x)
{
  return (x->kind == PTO_E_INT || x->kind == PTO_E_VAR) && !x->a && !x->b
         && !x->c && !x->nargs;
}

/* intern_input of operand X (NULL for none): a leaf is interned here,
   apart from the other nodes, with no operands to hash or compare and
   no call; half the input's nodes are leaves.  */
static inline __attribute__((always_inline)) pto_expr *
intern_operand(pto_rw_cache *hc, pto_expr *x)
{
  if (!x)
    return NULL;
  if (!is_leaf(x))
    return intern_input(hc, x);
  pto_rw_node *n = intern_simple(hc, x->kind, x->type, payload(x), NULL,
                                 NULL, NULL, &x->loc);
  set_orig(hc, n, x);
  return &n->e;
}

/* The interned copy of input tree X; each node remembers X's node as
   its original for this call.  */
static pto_expr *
intern_input(pto_rw_cache *hc, pto_expr *x)
{
  if (x->nargs == 0
      && (x->kind == PTO_E_INT || x->kind == PTO_E_VAR || x->kind == PTO_E_BIN
          || x->kind == PTO_E_UN || x->kind == PTO_E_SELECT)) {
    pto_expr *a = intern_operand(hc, x->a);
    pto_expr *b = intern_operand(hc, x->b);
    pto_expr *c = intern_operand(hc, x->c);
    pto_rw_node *n = intern_simple(hc, x->kind, x->type, payload(x), a, b, c,
                                   &x->loc);
    set_orig(hc, n, x);
    return &n->e;
  }
  return intern_input_other(hc, x);
}

/* intern_input of the kinds intern_simple does not make (calls, tuples,
   ...): apart, so that the common path keeps a small frame.  */
static __attribute__((noinline)) pto_expr *
intern_input_other(pto_rw_cache *hc, pto_expr *x)
{
  pto_expr proto = *x;
  proto.a = intern_operand(hc, x->a);
  proto.b = intern_operand(hc, x->b);
  proto.c = intern_operand(hc, x->c);
  pto_expr *argv[16];
  proto.args = x->nargs <= 16 ? argv
                              : pto_xcalloc(x->nargs, sizeof *proto.args);
  for (int i = 0; i < x->nargs; i++)
    proto.args[i] = intern_operand(hc, x->args[i]);
  pto_rw_node *n = intern(hc, &proto, x->loc);
  if (proto.args != argv)
    free(proto.args);
  set_orig(hc, n, x);
  return &n->e;
}

/* Mark E and its subtree as used in this call's output.  */
static void
claim(pto_rw_cache *hc, pto_expr *e)
{
  if (!e || pto_rw_node_of(e)->claim_call == hc->call)
    return;
  pto_rw_node_of(e)->claim_call = hc->call;
  claim(hc, e->a);
  claim(hc, e->b);
  claim(hc, e->c);
  for (int i = 0; i < e->nargs; i++)
    claim(hc, e->args[i]);
}

/* The result in P's arena: an input subtree where E equals one (each
   used once, so the result is a tree like the input), else new nodes.
   TOP: nothing else will be exported this call.  */
static pto_expr *
export_expr(pto_rw_cache *hc, pto_program *p, pto_expr *e, bool top)
{
  if (!e)
    return NULL;
  pto_rw_node *n = pto_rw_node_of(e);
  if (n->orig_call == hc->call && n->claim_call != hc->call) {
    if (top)
      n->claim_call = hc->call;
    else
      claim(hc, e);
    return n->orig;
  }
  pto_expr *x = pto_arena_alloc(p->arena, sizeof *x);
  *x = *e;
  x->a = export_expr(hc, p, e->a, false);
  x->b = export_expr(hc, p, e->b, false);
  x->c = export_expr(hc, p, e->c, false);
  if (e->nargs) {
    x->args = pto_arena_alloc(p->arena, sizeof *x->args * e->nargs);
    for (int i = 0; i < e->nargs; i++)
      x->args[i] = export_expr(hc, p, e->args[i], false);
  }
  if (n->loc_call != hc->call)  /* as the constructors would place it */
    x->loc = (e->kind == PTO_E_BIN || e->kind == PTO_E_UN
              || e->kind == PTO_E_SELECT) ? x->a->loc : pto_noloc;
  return x;
}

/* ------------------------------------------------------------------ */
/* Node construction                                                   */
/* ------------------------------------------------------------------ */

pto_iv
pto_rw_iv_slow(pto_rw *c, const pto_expr *e)
{
  return pto_rw_range(e, c->env, c->memo);
}

void
pto_rw_rebuilt(pto_rw *c, pto_expr *e)
{
  set_loc(c->hc, pto_rw_node_of(e), loc_of(c->hc, e->a));
}

pto_expr *
pto_rw_int_at(pto_rw *c, const pto_type *t, pto_i128 v, pto_loc loc)
{
  if (!c->hc)
    return pto_e_int(c->p, t, pto_rw_wrap(t->dtype, v), loc);
  return &intern_simple(c->hc, PTO_E_INT, t,
                        (uint64_t)pto_rw_wrap(t->dtype, v), NULL, NULL,
                        NULL, &loc)->e;
}

pto_expr *
pto_rw_int(pto_rw *c, const pto_type *t, pto_i128 v)
{
  return pto_rw_int_at(c, t, v, pto_noloc);
}

pto_expr *
pto_rw_bool(pto_rw *c, bool v)
{
  if (!c->hc)
    return pto_e_bool(c->p, v, pto_noloc);
  return pto_rw_int(c, c->hc->bool_type, v);
}

pto_expr *
pto_rw_bin(pto_rw *c, pto_binop op, pto_expr *a, pto_expr *b)
{
  if (!c->hc)
    return pto_e_bin(c->p, op, a, b, a->loc);
  /* The type as pto_e_bin gives it.  */
  char cls = pto_binop_class(op);
  const pto_type *t = cls == 'C' || cls == 'L' ? c->hc->bool_type : a->type;
  if (op == PTO_BIN_SUB && a->type->kind == PTO_TY_PTR
      && b->type->kind == PTO_TY_PTR)
    t = pto_type_scalar(c->p, PTO_DT_I64);
  return &intern_simple(c->hc, PTO_E_BIN, t, (uint64_t)op, a, b, NULL,
                        loc_ref(c->hc, a))->e;
}

pto_expr *
pto_rw_un(pto_rw *c, pto_unop op, pto_expr *a, const pto_type *t)
{
  if (!c->hc)
    return pto_e_un(c->p, op, a, t, a->loc);
  /* The type as pto_e_un gives it.  */
  const pto_type *rt = a->type;
  if (op == PTO_UN_CAST)
    rt = t;
  else if (op == PTO_UN_NOT)
    rt = c->hc->bool_type;
  else if (op == PTO_UN_ADDR)
    rt = pto_type_ptr(c->p, a->type, false);
  else if (op == PTO_UN_DEREF)
    rt = a->type->kind == PTO_TY_PTR ? a->type->pointee : a->type;
  return &intern_simple(c->hc, PTO_E_UN, rt, (uint64_t)op, a, NULL, NULL,
                        loc_ref(c->hc, a))->e;
}

pto_expr *
pto_rw_sel(pto_rw *c, pto_expr *k, pto_expr *a, pto_expr *b)
{
  if (!c->hc)
    return pto_e_select(c->p, k, a, b, k->loc);
  return &intern_simple(c->hc, PTO_E_SELECT, a->type, 0, k, a, b,
                        loc_ref(c->hc, k))->e;
}

/* ------------------------------------------------------------------ */
/* The engine                                                          */
/* ------------------------------------------------------------------ */

typedef struct engine {
  pto_rw rw;
  pto_rw_cache *hc;
} engine;

/* The interned E with its operands replaced.  */
static pto_expr *
with_operands(engine *g, const pto_expr *e, pto_expr *a, pto_expr *b,
              pto_expr *x, pto_expr **args)
{
  if (e->nargs == 0
      && (e->kind == PTO_E_BIN || e->kind == PTO_E_UN
          || e->kind == PTO_E_SELECT))
    return &intern_simple(g->hc, e->kind, e->type, payload(e), a, b, x,
                          loc_ref(g->hc, e))->e;
  pto_expr proto = *e;
  proto.a = a;
  proto.b = b;
  proto.c = x;
  proto.args = args;
  return &intern(g->hc, &proto, loc_of(g->hc, e))->e;
}

static __attribute__((noinline)) pto_expr *simplify_node(engine *g,
                                                          pto_expr *e);

/* The simplified form of interned E: remembered per node until the
   environment changes (the rewriting of a node depends only on the node
   and the ranges), so a shared or repeated subtree is rewritten once.  */
static inline __attribute__((always_inline)) pto_expr *
simplify(engine *g, pto_expr *e)
{
  if (!e)
    return e;
  pto_rw_node *n = pto_rw_node_of(e);
  if (n->res_gen == g->hc->gen)
    return &n->res->e;
  if (e->kind == PTO_E_INT)  /* no rule rewrites a constant (rules.c) */
    return e;
  return simplify_node(g, e);
}


/* Try the rules of bucket KEY on E, whose root has the PTO_RWN_* facts
   HAVE (a rule that needs another is not called); return the accepted
   replacement.  */
static inline pto_expr *
try_bucket(engine *g, pto_expr *e, int key, int size, unsigned have)
{
  const pto_rw_cache *hc = g->hc;
  int bk = key * HAVE_COUNT + (int)have;
  for (int j = hc->bk_start[bk], end = hc->bk_start[bk + 1]; j < end; j++) {
    pto_expr *r = hc->bk_fn[j](&g->rw, e);
    if (!r || r == e)
      continue;
    int i = hc->bk_order[j];
    if (!is_interned(hc, r))
      pto_ice("rule %s built a node outside the memo", pto_rules[i].name);
    if (pto_rw_hsize(r) > size)
      continue;
    if (g->rw.hits)
      g->rw.hits[i]++;
    return r;
  }
  return NULL;
}

/* True if E is a constant as the rules test it (isc).  */
static inline bool
is_scalar_const(const pto_expr *e)
{
  return e->kind == PTO_E_INT && e->type->kind == PTO_TY_SCALAR;
}

/* The PTO_RWN_* facts of the root of E as the rules test them;
   *ALLCONST: E is an operation on constants, which only the rules of
   every root see (fold: folded or, when undefined, 1 / 0, MIN / -1,
   1 << 99, kept as written for later diagnostics).  */
static inline unsigned
root_facts(const pto_expr *e, bool *allconst)
{
  *allconst = (e->kind == PTO_E_BIN || e->kind == PTO_E_UN)
              && e->a->kind == PTO_E_INT
              && (e->kind == PTO_E_UN || e->b->kind == PTO_E_INT);
  if (e->kind == PTO_E_SELECT)
    return is_scalar_const(e->a) ? PTO_RWN_CONST_OPS : 0;
  if (e->kind != PTO_E_BIN)
    return *allconst && is_scalar_const(e->a) ? PTO_RWN_CONST_OPS : 0;
  if (!is_scalar_const(e->b))
    return PTO_RWN_NONCONST_B;
  return is_scalar_const(e->a) ? PTO_RWN_CONST_OPS | PTO_RWN_CONST_B
                               : PTO_RWN_CONST_B;
}

/* Rewrite E, whose operands are already simplified, at its root to a
   fixed point: the first rule that applies gives a replacement, and its
   simplified form is the fixed point (simplify settles it, so no rule is
   tried again on what it returns).  */
static pto_expr *
rewrite_root(engine *g, pto_expr *e)
{
  if (g->rw.budget <= 0 || e->kind == PTO_E_INT || !pto_rw_is_intlike(e))
    return e;
  int size = pto_rw_hsize(e);
  int key = e->kind == PTO_E_BIN ? (int)e->u.binop : pto_rw_key(e);
  bool allconst;
  unsigned have = root_facts(e, &allconst);
  pto_expr *r = try_bucket(g, e, key >= 0 && !allconst ? key : PTO_RWK_ANY,
                           size, have);
  if (!r)
    return e;
  g->rw.budget--;
  g->rw.applied++;
  return simplify(g, r);
}

/* simplify of a node with no simplified form yet: the tests above are
   inlined into the callers, most operands are settled by them.  */
static pto_expr *
simplify_node(engine *g, pto_expr *e)
{
  pto_rw_node *n = pto_rw_node_of(e);
  pto_expr *a = simplify(g, e->a);
  pto_expr *b = simplify(g, e->b);
  pto_expr *x = simplify(g, e->c);
  bool changed = a != e->a || b != e->b || x != e->c;
  pto_expr *argv[16], **args = argv;
  if (e->nargs > 16)
    args = node_alloc(g->hc, sizeof *args * e->nargs);
  for (int i = 0; i < e->nargs; i++) {
    args[i] = simplify(g, e->args[i]);
    changed |= args[i] != e->args[i];
  }
  pto_expr *s = changed ? with_operands(g, e, a, b, x, args) : e;
  pto_expr *r = rewrite_root(g, s);
  if (g->rw.budget > 0) {  /* a fixed point: remember it */
    pto_rw_node *rn = pto_rw_node_of(r);
    pto_rw_node *sn = pto_rw_node_of(s);
    n->res = sn->res = rn->res = rn;
    n->res_gen = sn->res_gen = rn->res_gen = g->hc->gen;
  }
  return r;
}

pto_expr *
pto_simplify_expr_stats(pto_program *p, pto_expr *e, const pto_range_env *env,
                        long *applied, unsigned long *hits)
{
  pto_rw_cache *tmp = NULL, **slot = env ? pto_range_env_cache(env) : &tmp;
  if (!*slot)
    *slot = cache_new();
  pto_rw_cache *hc = *slot;
  cache_begin(hc, p);
  engine g;
  memset(&g, 0, sizeof g);
  g.hc = hc;
  g.rw.p = p;
  g.rw.env = env;
  g.rw.memo = hc->memo;
  g.rw.hc = hc;
  g.rw.scratch = hc->scratch;
  g.rw.stamp = hc->call;
  g.rw.gen = hc->gen;
  g.rw.budget = BUDGET;
  g.rw.hits = hits;
  pto_expr *r = simplify(&g, intern_operand(hc, e));
  r = export_expr(hc, p, r, true);
  if (applied)
    *applied = g.rw.budget > 0 ? *applied + g.rw.applied : -1;
  pto_rw_cache_free(tmp);
  return r;
}

pto_expr *
pto_simplify_expr(pto_program *p, pto_expr *e, const pto_range_env *env)
{
  return pto_simplify_expr_stats(p, e, env, NULL, NULL);
}
