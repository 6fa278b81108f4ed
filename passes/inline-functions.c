/* inline-functions.c - the InlineFunctions pass (after PyPTO's): expand
   every call to an `inline' function at its call site, then delete the
   inline functions.

   Requires: nothing (runs on freshly built programs).  Produces:
   InlineFunctionsEliminated (no live inline function and no call to an
   inline function, live or dead, remains).  Invalidates: nothing.  The
   pass is a no-op on a program without inline functions.

   Algorithm (doc/passes.md, "InlineFunctions", has the user's view):
     1. Collect the inline functions (helpers).
     2. Build the helper -> helper call graph and search it depth first.
        A cycle is an error naming its path ("a -> b -> a") at the first
        call of the cycle; nothing is expanded then.  The search gives
        the callees-first order.
     3. Analyse each helper once, callees first: whether it may write
        memory (through a pointer, an intrinsic's written operand, a call
        to a non-inline function or to a helper that may), its tail
        return, and its local names.  Rejected here, once per helper: an
        early `return' (only a single tail `return' is expanded), a
        non-void helper without a tail `return', a local or parameter
        name with "__" that is not an automatic name, and an expression
        statement that wraps a call to a helper.
        A program-wide prescan records for every variable whether it is
        assigned (or is the written tile operand of an intrinsic),
        whether its address is taken, and whether it is used other than
        as `r.N'.
     4. Walk every live non-inline function once.  For each statement:
        substitute recorded tuple elements (`r.0' -> value); hoist
        nested helper calls out of its expressions into
        `var t__inline_arg_vK: T = @f(...)' bindings placed before it
        and expand those at once (not out of while conditions, the
        conditional operands of `&&', `||' and `?:', nor calls to
        helpers returning tuples: those stay and are reported); then, if
        the statement's whole value is a helper call (`var x: T = @f()',
        `x = @f()', `@f();', `return @f();'), expand it:
          - call-site counter N (program-wide, one per expanded call);
          - parameter binding: a parameter the helper writes (assigns,
            passes as a written tile operand, takes the address of) and
            any argument that is not a variable, `&variable' or a
            constant gets `var <param>_inline<N>: T = arg;'; a variable
            argument whose address is taken somewhere in its function is
            bound too when the helper may write memory (the helper could
            change it before reading the parameter).  Everything else is
            substituted directly (`&variable' also through a cast that
            only adds const); pointer parameters therefore share the
            caller's storage, and `*&x' left by substitution reads `x';
          - the helper's ORIGINAL body is cloned, every local it defines
            renamed by the naming rules below, then walked like the
            caller's own code (nested calls expand recursively);
          - the tail value R is wired: `var x: T = R;', `x = R;' (dropped
            when R is the variable x itself), `return R;', or for a
            discarded value: a call is kept as `R;', a value without
            effects is dropped, a value that wraps an effectful call is
            an error;
            `var r: tuple<..> = @f()' whose R is `tuple(a, b)' records
            the elements and rewrites later `r.0', `r.1' (no tuple is
            built) when r is never assigned, address-taken or used whole
            (else the value `tuple(..)' initialises r like any value);
            an element that is not a constant or a variable of this
            expansion is first bound to `<r>_<i>_inline<N>'.
        Decisions where C differs from the seed: an early `return' in a
        helper is rejected (spliced code cannot return from the middle);
        a value that wraps only pure intrinsics (effect P) is dropped when
        discarded; calls in conditionally evaluated operands are left in
        place like those in while conditions.
     5. Mark every helper dead (the printer and all walkers skip it).  If
        the walk left calls in place, run the InlineFunctionsEliminated
        check, which reports each one at its location with the reason,
        and fail.

   Naming (PyPTO's FreshName): an automatic name `base__tail' whose tail
   ends in `_v<digits>' gets the qualifier: `t__inline_arg_v0' ->
   `t__inline7_inline_arg_v0'; a name ending in `_' gets `inline<N>'
   (`x_' -> `x_inline7', `_' -> `_inline7'); any other name gets
   `_inline<N>'.  A user name containing "__" that is not automatic is an
   error.  Should a fresh name collide with a name of the function, `_K'
   (K = 1, 2, ...) is appended (see claim_name for why checking the
   function's original names and the call site's own names suffices).

   Cost: linear in the size of the program plus the expanded code.  Each
   statement is visited once when it is cloned and once when it is
   walked; names and variable flags are hash- or id-indexed.  */

#include "passes/passes.h"
#include "ir/strmap.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Small containers                                                   */
/* ------------------------------------------------------------------ */

/* Free the heap strings of S, then S.  */
static void
strset_free_all(pto_strmap *s)
{
  for (size_t i = 0; i < s->cap; i++)
    free((char *)s->slots[i].key);
  pto_strmap_free(s);
}

/* Return true the first time LOC is added to SEEN: the copies of one
   helper body repeat its locations, and one report per source position
   is enough.  */
static bool
loc_first_seen(pto_strmap *seen, pto_loc loc)
{
  char buf[64];
  snprintf(buf, sizeof buf, "%d:%d@%p", loc.line, loc.col,
           (const void *)loc.file);
  if (pto_strmap_has(seen, buf))
    return false;
  pto_strmap_add(seen, pto_xstrdup(buf));
  return true;
}

/* A map from variable ids to tuple element vectors (open addressing;
   key 0 is stored as id + 1).  */
typedef struct tuplemap {
  unsigned *keys;
  pto_expr ***vals;
  size_t cap, n;
} tuplemap;

static void tuplemap_put(tuplemap *m, unsigned id, pto_expr **elems);

static void
tuplemap_grow(tuplemap *m)
{
  tuplemap old = *m;
  m->cap = old.cap ? old.cap * 2 : 16;
  m->keys = pto_xcalloc(m->cap, sizeof *m->keys);
  m->vals = pto_xcalloc(m->cap, sizeof *m->vals);
  m->n = 0;
  for (size_t i = 0; i < old.cap; i++)
    if (old.keys[i])
      tuplemap_put(m, old.keys[i] - 1, old.vals[i]);
  free(old.keys);
  free(old.vals);
}

static void
tuplemap_put(tuplemap *m, unsigned id, pto_expr **elems)
{
  if ((m->n + 1) * 2 > m->cap)
    tuplemap_grow(m);
  size_t i = (id * 2654435761u) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != id + 1)
    i = (i + 1) & (m->cap - 1);
  if (!m->keys[i])
    m->n++;
  m->keys[i] = id + 1;
  m->vals[i] = elems;
}

static pto_expr **
tuplemap_get(const tuplemap *m, unsigned id)
{
  if (!m->n)
    return NULL;
  for (size_t i = (id * 2654435761u) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (!m->keys[i])
      return NULL;
    if (m->keys[i] == id + 1)
      return m->vals[i];
  }
}

static void
tuplemap_free(tuplemap *m)
{
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

/* ------------------------------------------------------------------ */
/* Pass state                                                         */
/* ------------------------------------------------------------------ */

/* Per-variable facts, indexed by pto_var.id.  */
enum {
  VF_WRITTEN = 1,  /* assigned, or the written tile operand of an op */
  VF_ADDR = 2,     /* its address is taken */
  VF_WHOLE = 4     /* used other than as `v.N' (tuples) */
};

/* A call edge of the helper call graph.  */
typedef struct edge {
  int callee;
  pto_loc loc;
} edge;

/* What the pass knows about one inline function.  */
typedef struct helper {
  pto_func *f;
  edge *edges;
  int nedges, capedges;
  int state;            /* DFS: 0 new, 1 on the path, 2 done */
  bool writes_memory;   /* may write memory (transitively) */
  const pto_stmt *tail; /* the tail `return', or NULL */
} helper;

/* A helper call left in place, with the reason (for the final check).  */
typedef struct leftover {
  const pto_expr *call;
  const char *why;
} leftover;

typedef struct inliner {
  pto_program *p;
  pto_diag *diag;
  helper *helpers;
  int nhelpers;
  pto_strmap byname;    /* helper name -> its helper (the first one) */
  unsigned char *vflags;
  size_t nvflags;
  unsigned counter;     /* N: one per expanded call site */
  leftover *left;
  int nleft, capleft;
  /* The function being walked.  */
  pto_func *fn;
  pto_strmap names;         /* the variable names FN had before the pass */
  pto_strmap *site;         /* the names generated at the current call site */
  unsigned argtmp;      /* K of the next t__inline_arg_vK */
  tuplemap tuples;      /* tuple variables replaced element-wise */
  pto_strmap reported;      /* locations of discarded-value errors */
} inliner;

/* The helper named NAME, or NULL.  */
static helper *
helper_of(const inliner *in, const char *name)
{
  return name ? pto_strmap_get(&in->byname, name) : NULL;
}

/* The helper E calls, or NULL when E is no call to a helper.  */
static helper *
callee_of(const inliner *in, const pto_expr *e)
{
  if (!e || e->kind != PTO_E_CALL || e->is_op)
    return NULL;
  return helper_of(in, e->fname);
}

static unsigned
vflags_get(const inliner *in, const pto_var *v)
{
  return v->id < in->nvflags ? in->vflags[v->id] : 0;
}

static void
vflags_set(inliner *in, const pto_var *v, unsigned bits)
{
  if (v->id >= in->nvflags) {
    size_t n = in->nvflags ? in->nvflags : 256;
    while (n <= v->id)
      n *= 2;
    in->vflags = pto_xrealloc(in->vflags, n);
    memset(in->vflags + in->nvflags, 0, n - in->nvflags);
    in->nvflags = n;
  }
  in->vflags[v->id] |= (unsigned char)bits;
}

/* ------------------------------------------------------------------ */
/* Expression helpers                                                 */
/* ------------------------------------------------------------------ */

/* The variable whose value an assignment to lvalue E changes: `x',
   `x.0', `t[i][j]' on a tile name x; NULL when E writes memory through a
   pointer (`*p', `p[i]').  */
static pto_var *
lvalue_root(const pto_expr *e)
{
  switch (e->kind) {
  case PTO_E_VAR:
    return e->u.var;
  case PTO_E_GETITEM:
    return lvalue_root(e->a);
  case PTO_E_INDEX:
    return e->a->type->kind == PTO_TY_PTR ? NULL : lvalue_root(e->a);
  default:
    return NULL;
  }
}

/* The signature letter of operand I of intrinsic call E (`*' for the
   operands a trailing `*' covers).  */
static char
op_operand(const pto_expr *e, int i)
{
  const char *sig = pto_op_info(e->op)->sig;
  size_t n = strlen(sig);
  if ((size_t)i < n)
    return sig[i];
  return n && sig[n - 1] == '*' ? '*' : '?';
}

static bool
is_written_tile_operand(char c)
{
  return c == 'T' || c == 'U';
}

/* A deep copy of E (no variable mapping).  */
static pto_expr *
copy_expr(pto_program *p, const pto_expr *e)
{
  if (!e)
    return NULL;
  pto_expr *c = pto_arena_alloc(p->arena, sizeof *c);
  *c = *e;
  c->a = copy_expr(p, e->a);
  c->b = copy_expr(p, e->b);
  c->c = copy_expr(p, e->c);
  if (e->nargs) {
    c->args = pto_arena_alloc(p->arena, sizeof *c->args * (size_t)e->nargs);
    for (int i = 0; i < e->nargs; i++)
      c->args[i] = copy_expr(p, e->args[i]);
  }
  return c;
}

static bool
is_const(const pto_expr *e)
{
  return e->kind == PTO_E_INT || e->kind == PTO_E_FLOAT;
}

/* Return true iff E contains a call (SELF included) for which PRED holds.  */
static bool
has_call(const inliner *in, const pto_expr *e,
         bool (*pred)(const inliner *, const pto_expr *))
{
  if (!e)
    return false;
  if (e->kind == PTO_E_CALL && pred(in, e))
    return true;
  if (has_call(in, e->a, pred) || has_call(in, e->b, pred)
      || has_call(in, e->c, pred))
    return true;
  for (int i = 0; i < e->nargs; i++)
    if (has_call(in, e->args[i], pred))
      return true;
  return false;
}

/* A call whose evaluation may be observable: anything but a pure
   intrinsic.  */
static bool
is_effectful_call(const inliner *in, const pto_expr *e)
{
  (void)in;
  return !e->is_op || pto_op_info(e->op)->effect != PTO_EFF_PURE;
}

/* The first helper call inside E, in evaluation order, or NULL.  */
static const pto_expr *
first_helper_call(const inliner *in, const pto_expr *e)
{
  if (!e)
    return NULL;
  const pto_expr *subs[] = {e->a, e->b, e->c};
  for (int i = 0; i < 3; i++) {
    const pto_expr *r = first_helper_call(in, subs[i]);
    if (r)
      return r;
  }
  for (int i = 0; i < e->nargs; i++) {
    const pto_expr *r = first_helper_call(in, e->args[i]);
    if (r)
      return r;
  }
  return callee_of(in, e) ? e : NULL;
}

/* ------------------------------------------------------------------ */
/* Prescan: per-variable facts                                        */
/* ------------------------------------------------------------------ */

/* Record the variable facts (VF_*) that expression E shows;
   UNDER_GETITEM: E is the operand of `.N'.  */
static void
scan_expr(inliner *in, const pto_expr *e, bool under_getitem)
{
  if (!e)
    return;
  switch (e->kind) {
  case PTO_E_VAR:
    if (!under_getitem)
      vflags_set(in, e->u.var, VF_WHOLE);
    return;
  case PTO_E_GETITEM:
    scan_expr(in, e->a, true);
    return;
  case PTO_E_UN:
    if (e->u.unop == PTO_UN_ADDR) {
      pto_var *r = lvalue_root(e->a);
      if (r)
        vflags_set(in, r, VF_ADDR | VF_WHOLE);
    }
    break;
  case PTO_E_CALL:
    if (e->is_op)
      for (int i = 0; i < e->nargs; i++)
        if (is_written_tile_operand(op_operand(e, i))) {
          pto_var *r = lvalue_root(e->args[i]);
          if (r)
            vflags_set(in, r, VF_WRITTEN);
        }
    break;
  default:
    break;
  }
  scan_expr(in, e->a, false);
  scan_expr(in, e->b, false);
  scan_expr(in, e->c, false);
  for (int i = 0; i < e->nargs; i++)
    scan_expr(in, e->args[i], false);
}

/* Record the variable facts of every statement of B, nested ones too.  */
static void
scan_block(inliner *in, const pto_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    if (s->kind == PTO_S_ASSIGN) {
      pto_var *r = lvalue_root(s->lhs);
      if (r)
        vflags_set(in, r, VF_WRITTEN);
    }
    scan_expr(in, s->lhs, false);
    scan_expr(in, s->value, false);
    scan_expr(in, s->cond, false);
    scan_expr(in, s->start, false);
    scan_expr(in, s->stop, false);
    scan_expr(in, s->step, false);
    scan_block(in, &s->body);
    scan_block(in, &s->els);
  }
}

/* ------------------------------------------------------------------ */
/* Names                                                              */
/* ------------------------------------------------------------------ */

/* Return true iff NAME is an automatic name `base__tail': BASE non-empty
   and not ending in `_', TAIL not starting with `_', without "__", and
   ending in `_v<digits>'.  Store the length of BASE in *BASELEN.  */
static bool
is_auto_name(const char *name, size_t *baselen)
{
  const char *sep = strstr(name, "__");
  if (!sep || sep == name)
    return false;
  const char *tail = sep + 2;
  if (!*tail || *tail == '_' || strstr(tail, "__"))
    return false;
  size_t n = strlen(tail), d = n;
  while (d > 0 && tail[d - 1] >= '0' && tail[d - 1] <= '9')
    d--;
  /* At least one character, then "_v", then digits.  */
  if (d == n || d < 3 || tail[d - 1] != 'v' || tail[d - 2] != '_')
    return false;
  *baselen = (size_t)(sep - name);
  return true;
}

/* Return true iff NAME may be renamed: it is automatic or has no "__".  */
static bool
valid_base_name(const char *name)
{
  size_t b;
  return !strstr(name, "__") || is_auto_name(name, &b);
}

/* Return HEAD (LEN bytes) + MID + the decimal N + TAIL in the arena.  */
static char *
join_name(pto_program *p, const char *head, size_t len, const char *mid,
          unsigned n, const char *tail)
{
  char digits[16];
  int nd = 0;
  do
    digits[nd++] = (char)('0' + n % 10);
  while ((n /= 10) != 0);
  size_t lm = strlen(mid), lt = strlen(tail);
  char *s = pto_arena_alloc(p->arena, len + lm + (size_t)nd + lt + 1);
  char *d = s;
  memcpy(d, head, len);
  d += len;
  memcpy(d, mid, lm);
  d += lm;
  while (nd > 0)
    *d++ = digits[--nd];
  memcpy(d, tail, lt + 1);
  return s;
}

/* The fresh name of NAME at call site N (seed FreshName); NAME is valid.  */
static char *
fresh_name(pto_program *p, const char *name, unsigned n)
{
  size_t b;
  if (is_auto_name(name, &b))
    return join_name(p, name, b, "__inline", n, name + b + 1);
  size_t len = strlen(name);
  if (len && name[len - 1] == '_')
    return join_name(p, name, len, "inline", n, "");
  return join_name(p, name, len, "_inline", n, "");
}

/* Make NAME, generated at the current call site, unique in the current
   function and record it.  A generated name ends in `_inline<N>' (or is
   `base__inline<N>_tail'), N being its call site's own number, so it can
   only clash with a name the function had before the pass or with
   another name of the same call site (`x' and `x_' both give
   `x_inline<N>'); the function-wide set therefore holds only the
   original names, and each call site keeps a small set of its own.  */
static const char *
claim_name(inliner *in, char *name)
{
  if (!pto_strmap_has(&in->names, name) && pto_strmap_add(in->site, name))
    return name;
  for (unsigned k = 1;; k++) {
    char *alt = pto_arena_printf(in->p->arena, "%s_%u", name, k);
    if (!pto_strmap_has(&in->names, alt) && pto_strmap_add(in->site, alt))
      return alt;
  }
}

/* A new variable of the current function (no string interning: the
   expanded code may hold millions of names).  */
static pto_var *
new_local(inliner *in, const char *name, const pto_type *t, pto_loc loc)
{
  pto_var *v = pto_arena_alloc(in->p->arena, sizeof *v);
  v->name = name;
  v->type = t;
  v->loc = loc;
  v->id = in->p->next_var_id++;
  in->fn->nvars++;
  return v;
}

/* Add the name of every variable B defines (nested blocks too) to the
   current function's original names.  */
static void
collect_names(inliner *in, const pto_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    if (s->var && (s->kind == PTO_S_DECL || s->kind == PTO_S_FOR))
      pto_strmap_add(&in->names, s->var->name);
    collect_names(in, &s->body);
    collect_names(in, &s->els);
  }
}

/* ------------------------------------------------------------------ */
/* Call graph and cycles                                              */
/* ------------------------------------------------------------------ */

/* Add to H an edge for every helper call in E, with the call's location.  */
static void
add_edges_expr(inliner *in, helper *h, const pto_expr *e)
{
  if (!e)
    return;
  helper *c = callee_of(in, e);
  if (c) {
    if (h->nedges == h->capedges) {
      h->capedges = h->capedges ? h->capedges * 2 : 4;
      h->edges = pto_xrealloc(h->edges, sizeof *h->edges * (size_t)h->capedges);
    }
    h->edges[h->nedges].callee = (int)(c - in->helpers);
    h->edges[h->nedges++].loc = e->loc;
  }
  add_edges_expr(in, h, e->a);
  add_edges_expr(in, h, e->b);
  add_edges_expr(in, h, e->c);
  for (int i = 0; i < e->nargs; i++)
    add_edges_expr(in, h, e->args[i]);
}

/* Add to H the edges of every statement of B, nested ones too.  */
static void
add_edges_block(inliner *in, helper *h, const pto_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    add_edges_expr(in, h, s->lhs);
    add_edges_expr(in, h, s->value);
    add_edges_expr(in, h, s->cond);
    add_edges_expr(in, h, s->start);
    add_edges_expr(in, h, s->stop);
    add_edges_expr(in, h, s->step);
    add_edges_block(in, h, &s->body);
    add_edges_block(in, h, &s->els);
  }
}

/* The DFS path: helper indices and the edge taken out of each.  */
typedef struct dfs {
  int *node;
  const edge **via;
  int depth;
  int *order;   /* callees-first order */
  int norder;
  int cycles;
} dfs;

/* Report the cycle formed by the path from position FROM of D to its top
   and the edge CLOSING back to FROM, at the first call of the cycle.  */
static void
report_cycle(inliner *in, dfs *d, int from, const edge *closing)
{
  pto_buf path = {0};
  for (int i = from; i < d->depth; i++)
    pto_buf_printf(&path, "%s -> ", in->helpers[d->node[i]].f->name);
  pto_buf_puts(&path, in->helpers[closing->callee].f->name);
  const edge *first = from + 1 < d->depth ? d->via[from] : closing;
  const pto_func *f = in->helpers[d->node[from]].f;
  pto_error(in->diag, first->loc, "inline function '%s' is recursive: %s",
            f->name, path.s);
  pto_note(in->diag, f->loc, "'%s' declared here", f->name);
  pto_buf_free(&path);
  d->cycles++;
}

/* Depth-first search from helper HI: report back edges as cycles and
   append HI to the order after all its callees.  */
static void
visit(inliner *in, dfs *d, int hi)
{
  helper *h = &in->helpers[hi];
  h->state = 1;
  d->node[d->depth++] = hi;
  for (int i = 0; i < h->nedges; i++) {
    const edge *e = &h->edges[i];
    helper *c = &in->helpers[e->callee];
    d->via[d->depth - 1] = e;
    if (c->state == 1) {
      int from = d->depth - 1;
      while (d->node[from] != e->callee)
        from--;
      report_cycle(in, d, from, e);
    } else if (c->state == 0) {
      visit(in, d, e->callee);
    }
  }
  d->depth--;
  h->state = 2;
  d->order[d->norder++] = hi;
}

/* Order the helpers callees first into ORDER; return false after
   reporting every cycle.  */
static bool
order_helpers(inliner *in, int *order)
{
  dfs d = {pto_xcalloc((size_t)in->nhelpers + 1, sizeof(int)),
           pto_xcalloc((size_t)in->nhelpers + 1, sizeof(edge *)), 0, order,
           0, 0};
  for (int i = 0; i < in->nhelpers; i++)
    if (in->helpers[i].state == 0)
      visit(in, &d, i);
  free(d.node);
  free(d.via);
  return d.cycles == 0;
}

/* ------------------------------------------------------------------ */
/* Helper analysis                                                    */
/* ------------------------------------------------------------------ */

/* Set H->writes_memory if E may write memory: a call to a non-inline
   function or to a helper that may, a launch or a synchronisation, or an
   intrinsic writing through a pointer operand.  Callees are analysed
   first, so their flags are final.  */
static void
memory_writes_expr(inliner *in, helper *h, const pto_expr *e)
{
  if (!e || h->writes_memory)
    return;
  if (e->kind == PTO_E_CALL) {
    if (!e->is_op) {
      helper *c = helper_of(in, e->fname);
      if (!c || c->writes_memory)
        h->writes_memory = true;
    } else {
      pto_effect eff = pto_op_info(e->op)->effect;
      if (eff == PTO_EFF_LAUNCH || eff == PTO_EFF_SYNC)
        h->writes_memory = true;
      for (int i = 0; i < e->nargs; i++) {
        char c = op_operand(e, i);
        if (c == 'P'
            || (is_written_tile_operand(c) && !lvalue_root(e->args[i])))
          h->writes_memory = true;
      }
    }
  }
  memory_writes_expr(in, h, e->a);
  memory_writes_expr(in, h, e->b);
  memory_writes_expr(in, h, e->c);
  for (int i = 0; i < e->nargs; i++)
    memory_writes_expr(in, h, e->args[i]);
}

/* If S is an expression statement whose value is not a call but wraps a
   call to a helper (`@bump(n) + 1;'), report it and return true: the
   value is discarded, so the call cannot be expanded into a binding, and
   dropping the statement would drop the call.  */
static bool
wraps_helper_call(const inliner *in, const pto_stmt *s)
{
  if (s->kind != PTO_S_EVAL || !s->value || s->value->kind == PTO_E_CALL)
    return false;
  const pto_expr *c = first_helper_call(in, s->value);
  if (!c)
    return false;
  pto_error(in->diag, s->loc,
            "the value of this expression statement is discarded, but it "
            "wraps a call to inline function '%s'; call it as a statement of "
            "its own or bind its result", c->fname);
  pto_note(in->diag, helper_of(in, c->fname)->f->loc, "'%s' declared here",
           c->fname);
  return true;
}

/* Check the statements of helper H's body B (TOP: the function body):
   returns, names, wrapped calls; record memory writes.  */
static void
analyse_block(inliner *in, helper *h, const pto_block *b, bool top)
{
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    if (s->kind == PTO_S_ASSIGN && !lvalue_root(s->lhs))
      h->writes_memory = true;
    memory_writes_expr(in, h, s->lhs);
    memory_writes_expr(in, h, s->value);
    memory_writes_expr(in, h, s->cond);
    memory_writes_expr(in, h, s->start);
    memory_writes_expr(in, h, s->stop);
    memory_writes_expr(in, h, s->step);
    if (s->kind == PTO_S_RETURN) {
      if (top && i == b->n - 1) {
        h->tail = s;
      } else {
        pto_error(in->diag, s->loc,
                  "early 'return' in inline function '%s': InlineFunctions "
                  "expands only a single 'return' at the end of the body",
                  h->f->name);
      }
    }
    if ((s->kind == PTO_S_DECL || s->kind == PTO_S_FOR)
        && !valid_base_name(s->var->name))
      pto_error(in->diag, s->loc,
                "local '%s' of inline function '%s': names containing '__' "
                "are reserved for automatic names", s->var->name, h->f->name);
    wraps_helper_call(in, s);
    analyse_block(in, h, &s->body, false);
    analyse_block(in, h, &s->els, false);
  }
}

/* Analyse helper H once (its callees are done): parameter names, body
   checks, memory writes, the tail return.  */
static void
analyse_helper(inliner *in, helper *h)
{
  const pto_func *f = h->f;
  for (int i = 0; i < f->nparams; i++)
    if (!valid_base_name(f->params[i]->name))
      pto_error(in->diag, f->params[i]->loc,
                "parameter '%s' of inline function '%s': names containing "
                "'__' are reserved for automatic names", f->params[i]->name,
                f->name);
  analyse_block(in, h, &f->body, true);
  if (f->ret->kind != PTO_TY_VOID && (!h->tail || !h->tail->value))
    pto_error(in->diag, f->loc,
              "inline function '%s' returns a value but does not end with "
              "'return VALUE;'", f->name);
}

/* ------------------------------------------------------------------ */
/* Cloning a helper body                                              */
/* ------------------------------------------------------------------ */

/* The state of one clone: the call-site number and the variables whose
   aux pointers map them to their replacements.  */
typedef struct cloner {
  inliner *in;
  unsigned n;
  pto_var **mapped;
  int nmapped, cap;
} cloner;

static void
map_var(cloner *c, pto_var *v, pto_expr *to)
{
  if (c->nmapped == c->cap) {
    c->cap = c->cap ? c->cap * 2 : 16;
    c->mapped = pto_xrealloc(c->mapped, sizeof *c->mapped * (size_t)c->cap);
  }
  c->mapped[c->nmapped++] = v;
  v->aux = to;
}

static void
unmap_all(cloner *c)
{
  for (int i = 0; i < c->nmapped; i++)
    c->mapped[i]->aux = NULL;
  free(c->mapped);
}

/* E without a cast that only adds const to a pointer
   (`(ptr<const tile<..>>)&a', which the front end writes for a const
   tile pointer parameter).  */
static const pto_expr *
strip_const_cast(const pto_expr *e)
{
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_CAST
      && e->type->kind == PTO_TY_PTR && e->a->type->kind == PTO_TY_PTR
      && e->type->pointee == e->a->type->pointee)
    return e->a;
  return e;
}

/* Return true iff E is `&x' for a variable x, possibly made a pointer to
   const.  */
static bool
is_addr_of_var(const pto_expr *e)
{
  e = strip_const_cast(e);
  return e->kind == PTO_E_UN && e->u.unop == PTO_UN_ADDR
         && e->a->kind == PTO_E_VAR;
}

/* A copy of E with mapped variables replaced; `*&x' and `(&x)[0]',
   which substituting `&x' for a pointer parameter leaves, become `x'.  */
static pto_expr *
clone_expr(cloner *c, const pto_expr *e)
{
  pto_program *p = c->in->p;
  if (!e)
    return NULL;
  if (e->kind == PTO_E_VAR && e->u.var->aux)
    return copy_expr(p, e->u.var->aux);
  pto_expr *n = pto_arena_alloc(p->arena, sizeof *n);
  *n = *e;
  n->a = clone_expr(c, e->a);
  n->b = clone_expr(c, e->b);
  n->c = clone_expr(c, e->c);
  if (e->nargs) {
    n->args = pto_arena_alloc(p->arena, sizeof *n->args * (size_t)e->nargs);
    for (int i = 0; i < e->nargs; i++)
      n->args[i] = clone_expr(c, e->args[i]);
  }
  if (n->kind == PTO_E_UN && n->u.unop == PTO_UN_DEREF && is_addr_of_var(n->a))
    return strip_const_cast(n->a)->a;
  if (n->kind == PTO_E_INDEX && n->nargs == 1 && is_addr_of_var(n->a)
      && n->args[0]->kind == PTO_E_INT && n->args[0]->u.ival == 0)
    return strip_const_cast(n->a)->a;
  return n;
}

/* A renamed copy of the helper variable V, mapped for later uses.  */
static pto_var *
clone_def(cloner *c, pto_var *v)
{
  inliner *in = c->in;
  const char *name = claim_name(in, fresh_name(in->p, v->name, c->n));
  pto_var *nv = new_local(in, name, v->type, v->loc);
  vflags_set(in, nv, vflags_get(in, v));
  map_var(c, v, pto_e_var(in->p, nv, v->loc));
  return nv;
}

static void clone_block(cloner *c, pto_block *dst, const pto_block *src);

static pto_stmt *
clone_stmt(cloner *c, const pto_stmt *s)
{
  pto_program *p = c->in->p;
  pto_stmt *n = pto_arena_alloc(p->arena, sizeof *n);
  *n = *s;
  memset(&n->body, 0, sizeof n->body);
  memset(&n->els, 0, sizeof n->els);
  /* Expressions first: an initialiser or a loop bound sees the outer
     mapping, not the variable being defined.  */
  n->lhs = clone_expr(c, s->lhs);
  n->value = clone_expr(c, s->value);
  n->cond = clone_expr(c, s->cond);
  n->start = clone_expr(c, s->start);
  n->stop = clone_expr(c, s->stop);
  n->step = clone_expr(c, s->step);
  if (s->var && (s->kind == PTO_S_DECL || s->kind == PTO_S_FOR))
    n->var = clone_def(c, s->var);
  if (s->attrs.n) {
    n->attrs.v = pto_arena_alloc(p->arena,
                                 sizeof *n->attrs.v * (size_t)s->attrs.n);
    memcpy(n->attrs.v, s->attrs.v, sizeof *n->attrs.v * (size_t)s->attrs.n);
    for (int i = 0; i < s->attrs.n; i++)   /* copies share no arrays */
      if (s->attrs.v[i].nints) {
        size_t bytes = sizeof(int64_t) * (size_t)s->attrs.v[i].nints;
        n->attrs.v[i].ints = pto_arena_alloc(p->arena, bytes);
        memcpy(n->attrs.v[i].ints, s->attrs.v[i].ints, bytes);
      }
  }
  clone_block(c, &n->body, &s->body);
  clone_block(c, &n->els, &s->els);
  return n;
}

static void
clone_block(cloner *c, pto_block *dst, const pto_block *src)
{
  for (int i = 0; i < src->n; i++)
    pto_block_push(c->in->p, dst, clone_stmt(c, src->items[i]));
}

/* ------------------------------------------------------------------ */
/* The expansion walk                                                 */
/* ------------------------------------------------------------------ */

static void walk_block(inliner *in, pto_block *b);
static void walk_stmt(inliner *in, pto_stmt *s, pto_block *out);

static void
leave(inliner *in, const pto_expr *call, const char *why)
{
  if (in->nleft == in->capleft) {
    in->capleft = in->capleft ? in->capleft * 2 : 8;
    in->left = pto_xrealloc(in->left, sizeof *in->left * (size_t)in->capleft);
  }
  in->left[in->nleft].call = call;
  in->left[in->nleft++].why = why;
}

static const char *const why_ref =
    "an inline function has no body of its own after InlineFunctions and "
    "cannot be launched or referenced; make it a kernel";

/* Return true iff E is `@f' naming a helper.  */
static bool
is_helper_ref(const inliner *in, const pto_expr *e)
{
  return e->kind == PTO_E_FUNCREF && helper_of(in, e->fname);
}

/* Record every helper call in E as left in place for WHY.  */
static void
leave_all(inliner *in, const pto_expr *e, const char *why)
{
  if (!e)
    return;
  if (callee_of(in, e))
    leave(in, e, why);
  else if (is_helper_ref(in, e))
    leave(in, e, why_ref);
  leave_all(in, e->a, why);
  leave_all(in, e->b, why);
  leave_all(in, e->c, why);
  for (int i = 0; i < e->nargs; i++)
    leave_all(in, e->args[i], why);
}

static const char *const why_while =
    "a call in a 'while' condition runs on every iteration and is not "
    "hoisted; compute it in the loop body";
static const char *const why_cond =
    "a call in an operand of '&&', '||' or '?:' runs only conditionally and "
    "is not hoisted; use an 'if' statement";
static const char *const why_tuple =
    "a call to an inline function returning a tuple is expanded only as "
    "the whole initialiser, right-hand side or return value of a "
    "statement; bind it to a variable first";

/* Substitute recorded tuple elements in E.  */
static pto_expr *
subst_tuples(inliner *in, pto_expr *e)
{
  if (!e || !in->tuples.n)
    return e;
  if (e->kind == PTO_E_GETITEM && e->a->kind == PTO_E_VAR) {
    pto_expr **elems = tuplemap_get(&in->tuples, e->a->u.var->id);
    if (elems)
      return copy_expr(in->p, elems[e->u.index]);
  }
  e->a = subst_tuples(in, e->a);
  e->b = subst_tuples(in, e->b);
  e->c = subst_tuples(in, e->c);
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = subst_tuples(in, e->args[i]);
  return e;
}

/* Hoist the helper calls nested in E (post-order: evaluation order) into
   `var t__inline_arg_vK: T = call;' statements appended to OUT and
   expanded there; return E with each hoisted call replaced by its
   variable.  TOP: E is the whole value of its statement, so E itself
   stays (only its arguments are hoisted).  */
static pto_expr *
hoist(inliner *in, pto_expr *e, bool top, pto_block *out)
{
  if (!e)
    return e;
  if (is_helper_ref(in, e))
    leave(in, e, why_ref);
  bool lazy = (e->kind == PTO_E_BIN
               && (e->u.binop == PTO_BIN_LAND || e->u.binop == PTO_BIN_LOR))
              || e->kind == PTO_E_SELECT;
  e->a = hoist(in, e->a, false, out);
  if (lazy) {
    leave_all(in, e->b, why_cond);
    leave_all(in, e->c, why_cond);
  } else {
    e->b = hoist(in, e->b, false, out);
    e->c = hoist(in, e->c, false, out);
  }
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = hoist(in, e->args[i], false, out);
  helper *h = callee_of(in, e);
  if (!h || top)
    return e;
  if (h->f->ret->kind == PTO_TY_TUPLE) {
    leave(in, e, why_tuple);
    return e;
  }
  char *name;
  do
    name = pto_arena_printf(in->p->arena, "t__inline_arg_v%u", in->argtmp++);
  while (pto_strmap_has(&in->names, name));
  pto_var *t = new_local(in, name, e->type, e->loc);
  walk_stmt(in, pto_s_decl(in->p, t, e, e->loc), out);
  return pto_e_var(in->p, t, e->loc);
}

/* Bind VALUE to a fresh variable named NAME (already claimed) before the
   expansion, in OUT; return the variable.  */
static pto_var *
bind(inliner *in, const char *name, pto_expr *value, pto_loc loc,
     pto_block *out)
{
  pto_var *v = new_local(in, name, value->type, loc);
  pto_block_push(in->p, out, pto_s_decl(in->p, v, value, loc));
  return v;
}

/* Return true iff argument ARG may replace parameter I of H directly.  */
static bool
substitutable(const inliner *in, const helper *h, int i, const pto_expr *arg)
{
  if (vflags_get(in, h->f->params[i]) & (VF_WRITTEN | VF_ADDR))
    return false;   /* the helper rebinds its parameter: keep it local */
  if (is_const(arg))
    return true;
  if (is_addr_of_var(arg))
    return true;
  if (arg->kind != PTO_E_VAR)
    return false;   /* computed: evaluate once */
  /* The helper could change an address-taken variable before reading
     the parameter (helper(&k, k)).  */
  return !((vflags_get(in, arg->u.var) & VF_ADDR) && h->writes_memory);
}

/* Clone H's body for the call CALL at call site N into OUT, binding or
   mapping its parameters, and walk the clone.  Return the tail value
   (NULL for none).  */
static pto_expr *
expand_body(inliner *in, helper *h, pto_expr *call, unsigned n,
            pto_loc loc, pto_block *out)
{
  cloner c = {in, n, NULL, 0, 0};
  const pto_func *f = h->f;
  for (int i = 0; i < f->nparams; i++) {
    pto_var *prm = f->params[i];
    pto_expr *arg = call->args[i];
    if (substitutable(in, h, i, arg)) {
      map_var(&c, prm, arg);
      continue;
    }
    const char *name = claim_name(in, fresh_name(in->p, prm->name, n));
    pto_var *v = bind(in, name, arg, loc, out);
    vflags_set(in, v, vflags_get(in, prm));
    map_var(&c, prm, pto_e_var(in->p, v, loc));
  }
  pto_block body = {0};
  clone_block(&c, &body, &f->body);
  unmap_all(&c);
  pto_expr *value = NULL;
  if (h->tail) {
    pto_assert(body.n > 0 && body.items[body.n - 1]->kind == PTO_S_RETURN);
    value = body.items[body.n - 1]->value;
    body.n--;
  }
  for (int i = 0; i < body.n; i++)
    walk_stmt(in, body.items[i], out);
  return value;
}

/* Record the elements of tuple value R for variable X, declared with
   `var X: tuple<..> = @f(...)' at call site N; bind the elements that the
   caller could change or that compute something.  FIRST_NEW: the first
   variable id of this expansion.  */
static void
record_tuple(inliner *in, pto_var *x, pto_expr *r, unsigned n,
             unsigned first_new, pto_loc loc, pto_block *out)
{
  pto_expr **elems = pto_arena_alloc(in->p->arena,
                                     sizeof *elems * (size_t)r->nargs);
  size_t len = strlen(x->name);
  const char *sep = len && x->name[len - 1] == '_' ? "" : "_";
  for (int i = 0; i < r->nargs; i++) {
    pto_expr *e = r->args[i];
    if (is_const(e) || (e->kind == PTO_E_VAR && e->u.var->id >= first_new)) {
      elems[i] = e;
      continue;
    }
    char *name = pto_arena_printf(in->p->arena, "%s%s%d_inline%u", x->name,
                                  sep, i, n);
    pto_var *v = new_local(in, claim_name(in, name), e->type, loc);
    walk_stmt(in, pto_s_decl(in->p, v, e, loc), out);  /* e may call */
    elems[i] = pto_e_var(in->p, v, loc);
  }
  tuplemap_put(&in->tuples, x->id, elems);
}

/* Wire the discarded tail value R of H at the expression statement S.  */
static void
discard_value(inliner *in, helper *h, pto_stmt *s, pto_expr *r,
              pto_block *out)
{
  if (!r)
    return;
  if (r->kind == PTO_E_CALL) {
    walk_stmt(in, pto_s_eval(in->p, r, s->loc), out);
    return;
  }
  if (!has_call(in, r, is_effectful_call))
    return;   /* a value without effects: dropped */
  if (!loc_first_seen(&in->reported, s->loc))
    return;   /* another copy of the same helper statement */
  pto_error(in->diag, s->loc,
            "the return value of inline function '%s' is discarded here, but "
            "it wraps a call that cannot be dropped; return the call itself "
            "or bind the result", h->f->name);
  pto_note(in->diag, h->f->loc, "'%s' declared here", h->f->name);
}

static void expand_wired(inliner *in, helper *h, pto_stmt *s, unsigned n,
                         unsigned first_new, pto_block *out);

/* Expand the call site S, whose whole value calls helper H, into OUT.  */
static void
expand_site(inliner *in, helper *h, pto_stmt *s, pto_block *out)
{
  pto_expr *call = s->value;
  if (call->nargs != h->f->nparams) {
    pto_error(in->diag, call->loc,
              "inline function '%s' takes %d argument%s, %d given",
              h->f->name, h->f->nparams, h->f->nparams == 1 ? "" : "s",
              call->nargs);
    pto_block_push(in->p, out, s);
    return;
  }
  unsigned n = in->counter++;
  unsigned first_new = in->p->next_var_id;
  pto_strmap site = {0}, *outer = in->site;
  in->site = &site;
  expand_wired(in, h, s, n, first_new, out);
  in->site = outer;
  pto_strmap_free(&site);
}

/* Expand the call site S (number N) of helper H into OUT and wire its
   value; FIRST_NEW is the first variable id the expansion creates.  */
static void
expand_wired(inliner *in, helper *h, pto_stmt *s, unsigned n,
             unsigned first_new, pto_block *out)
{
  pto_expr *r = expand_body(in, h, s->value, n, s->loc, out);
  if (s->kind == PTO_S_EVAL) {
    discard_value(in, h, s, r, out);
    return;
  }
  if (!r) {
    if (s->kind == PTO_S_RETURN)
      pto_block_push(in->p, out, pto_s_return(in->p, NULL, s->loc));
    else
      pto_error(in->diag, s->loc,
                "inline function '%s' returns no value", h->f->name);
    return;
  }
  if (s->kind == PTO_S_DECL && r->kind == PTO_E_TUPLE
      && !(vflags_get(in, s->var) & (VF_WHOLE | VF_WRITTEN | VF_ADDR))) {
    record_tuple(in, s->var, r, n, first_new, s->loc, out);
    return;
  }
  if (s->kind == PTO_S_ASSIGN && s->lhs->kind == PTO_E_VAR
      && r->kind == PTO_E_VAR && r->u.var == s->lhs->u.var)
    return;   /* identity write-back x = x */
  s->value = r;
  walk_stmt(in, s, out);
}

/* Walk statement S of the current function: substitute tuples, hoist and
   expand helper calls, recurse into nested blocks; append the result to
   OUT.  */
static void
walk_stmt(inliner *in, pto_stmt *s, pto_block *out)
{
  pto_expr **slots[] = {&s->lhs, &s->value, &s->cond,
                        &s->start, &s->stop, &s->step};
  for (size_t i = 0; i < sizeof slots / sizeof *slots; i++)
    *slots[i] = subst_tuples(in, *slots[i]);
  bool whole = s->kind == PTO_S_DECL || s->kind == PTO_S_ASSIGN
               || s->kind == PTO_S_EVAL || s->kind == PTO_S_RETURN;
  helper *h = whole ? callee_of(in, s->value) : NULL;
  if (wraps_helper_call(in, s)) {
    pto_block_push(in->p, out, s);
    return;
  }
  s->lhs = hoist(in, s->lhs, false, out);
  s->value = hoist(in, s->value, h != NULL, out);
  if (s->kind == PTO_S_WHILE)
    leave_all(in, s->cond, why_while);
  else
    s->cond = hoist(in, s->cond, false, out);
  s->start = hoist(in, s->start, false, out);
  s->stop = hoist(in, s->stop, false, out);
  s->step = hoist(in, s->step, false, out);
  if (h) {
    expand_site(in, h, s, out);
    return;
  }
  walk_block(in, &s->body);
  walk_block(in, &s->els);
  pto_block_push(in->p, out, s);
}

static void
walk_block(inliner *in, pto_block *b)
{
  pto_block out = {0};
  for (int i = 0; i < b->n; i++)
    walk_stmt(in, b->items[i], &out);
  *b = out;
}

/* Expand every helper call in the non-inline function F.  */
static void
expand_function(inliner *in, pto_func *f)
{
  in->fn = f;
  in->argtmp = 0;
  for (int i = 0; i < f->nparams; i++)
    pto_strmap_add(&in->names, f->params[i]->name);
  collect_names(in, &f->body);
  walk_block(in, &f->body);
  pto_strmap_free(&in->names);
  tuplemap_free(&in->tuples);
  in->fn = NULL;
}

/* ------------------------------------------------------------------ */
/* The InlineFunctionsEliminated check                                */
/* ------------------------------------------------------------------ */

typedef struct checker {
  pto_strmap inline_names;  /* every inline function, live or dead */
  pto_diag *diag;
  const leftover *left; /* sorted by call address */
  int nleft;
  pto_strmap reported;      /* "line:col@file" of each reported location */
  int bad;
} checker;

static int
leftover_cmp(const void *a, const void *b)
{
  uintptr_t x = (uintptr_t)((const leftover *)a)->call;
  uintptr_t y = (uintptr_t)((const leftover *)b)->call;
  return x < y ? -1 : x > y;
}


static void
check_expr(checker *k, const pto_expr *e)
{
  if (!e)
    return;
  if ((e->kind == PTO_E_CALL && !e->is_op) || e->kind == PTO_E_FUNCREF) {
    if (e->fname && pto_strmap_has(&k->inline_names, e->fname)
        && loc_first_seen(&k->reported, e->loc)) {
      pto_error(k->diag, e->loc,
                e->kind == PTO_E_CALL
                    ? "verify: call to inline function '%s' remains after "
                      "InlineFunctions"
                    : "verify: reference to inline function '%s' remains "
                      "after InlineFunctions",
                e->fname);
      k->bad++;
      leftover key = {e, NULL};
      const leftover *l = k->nleft ? bsearch(&key, k->left, (size_t)k->nleft,
                                             sizeof *k->left, leftover_cmp)
                                   : NULL;
      if (l)
        pto_note(k->diag, e->loc, "%s", l->why);
    }
  }
  check_expr(k, e->a);
  check_expr(k, e->b);
  check_expr(k, e->c);
  for (int i = 0; i < e->nargs; i++)
    check_expr(k, e->args[i]);
}

static void
check_block(checker *k, const pto_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_stmt *s = b->items[i];
    check_expr(k, s->lhs);
    check_expr(k, s->value);
    check_expr(k, s->cond);
    check_expr(k, s->start);
    check_expr(k, s->stop);
    check_expr(k, s->step);
    check_block(k, &s->body);
    check_block(k, &s->els);
  }
}

static int
check_inlined(const pto_program *p, pto_diag *diag, const leftover *left,
              int nleft)
{
  checker k;
  memset(&k, 0, sizeof k);
  k.diag = diag;
  k.left = left;
  k.nleft = nleft;
  for (int i = 0; i < p->nfuncs; i++) {
    const pto_func *f = p->funcs[i];
    if (f->kind != PTO_FN_INLINE)
      continue;
    pto_strmap_add(&k.inline_names, f->name);
    if (!f->dead) {
      pto_error(diag, f->loc,
                "verify: inline function '%s' remains after InlineFunctions",
                f->name);
      k.bad++;
    }
  }
  if (k.inline_names.n)
    for (int i = 0; i < p->nfuncs; i++)
      if (!p->funcs[i]->dead)
        check_block(&k, &p->funcs[i]->body);
  pto_strmap_free(&k.inline_names);
  strset_free_all(&k.reported);
  return k.bad;
}

int
pto_verify_inlined(const pto_program *p, pto_diag *diag)
{
  return check_inlined(p, diag, NULL, 0);
}

/* ------------------------------------------------------------------ */
/* The pass                                                           */
/* ------------------------------------------------------------------ */

static void
collect_helpers(inliner *in)
{
  pto_program *p = in->p;
  in->helpers = pto_xcalloc((size_t)p->nfuncs + 1, sizeof *in->helpers);
  for (int i = 0; i < p->nfuncs; i++) {
    pto_func *f = p->funcs[i];
    if (f->dead || f->kind != PTO_FN_INLINE)
      continue;
    in->helpers[in->nhelpers++].f = f;
  }
  for (int k = 0; k < in->nhelpers; k++) {
    void **slot = pto_strmap_slot_of(&in->byname, in->helpers[k].f->name,
                                     NULL);
    if (!*slot)
      *slot = &in->helpers[k];
  }
}

/* Analyse and expand; return the number of errors reported.  */
static int
inline_program(inliner *in)
{
  pto_program *p = in->p;
  int errors = in->diag->errors;
  for (int i = 0; i < in->nhelpers; i++)
    add_edges_block(in, &in->helpers[i], &in->helpers[i].f->body);
  int *order = pto_xcalloc((size_t)in->nhelpers + 1, sizeof *order);
  bool acyclic = order_helpers(in, order);
  if (acyclic) {
    for (int i = 0; i < p->nfuncs; i++)
      if (!p->funcs[i]->dead)
        scan_block(in, &p->funcs[i]->body);
    for (int i = 0; i < in->nhelpers; i++)
      analyse_helper(in, &in->helpers[order[i]]);
  }
  free(order);
  if (in->diag->errors > errors)
    return in->diag->errors - errors;
  for (int i = 0; i < p->nfuncs; i++) {
    pto_func *f = p->funcs[i];
    if (!f->dead && f->kind != PTO_FN_INLINE)
      expand_function(in, f);
  }
  for (int i = 0; i < in->nhelpers; i++)
    in->helpers[i].f->dead = true;
  if (in->diag->errors > errors)
    return in->diag->errors - errors;
  /* The walk records every call it leaves; without one there is nothing
     to report (checking mode runs the verifier again anyway).  */
  if (!in->nleft)
    return 0;
  qsort(in->left, (size_t)in->nleft, sizeof *in->left, leftover_cmp);
  return check_inlined(p, in->diag, in->left, in->nleft);
}

static int
run(pto_pass_ctx *ctx)
{
  inliner in;
  memset(&in, 0, sizeof in);
  in.p = ctx->prog;
  in.diag = ctx->diag;
  collect_helpers(&in);
  int bad = in.nhelpers ? inline_program(&in) : 0;
  for (int i = 0; i < in.nhelpers; i++)
    free(in.helpers[i].edges);
  free(in.helpers);
  free(in.vflags);
  free(in.left);
  pto_strmap_free(&in.byname);
  strset_free_all(&in.reported);
  return bad ? 1 : 0;
}

const pto_pass pto_pass_inline = {
    "inline", "InlineFunctions", 0, PTO_PROP_INLINED, 0, NULL, run,
};
