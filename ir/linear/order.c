/* order.c - the linearizer (after tinygrad's) on the uop graph of ir/linear/build.c:
   split multi-range ENDs, add control-flow edges, linearize, and turn
   gated stores into IF/STORE/ENDIF for targets without predicated
   stores.  See linear.h for the graph and doc/passes.md ("The linear
   form") for the decisions.

   Correctness argument of stage 21, in short.  Pinned nodes (effects,
   trapping operations), block openers and closers are fixed inside
   their block by the edges of stage 20.  Pure nodes float; a pure node
   belongs to its home block, the deepest block among its operands'.
   The ideal key is (run_count, depth, priority, id): every node inside a
   block B sorts after every node of B's parent or above, because its run
   count is at least theirs and its depth larger.  The reverse walk
   emits, among the nodes whose users are all emitted, the one latest in
   the ideal order; while a block's nodes are pending one of them is
   always ready and outranks outer nodes, so an outer pure node is never
   emitted inside a block it does not belong to (it could be skipped
   there, or run with no definition after a zero-trip loop).  The depth
   component is ours: tinygrad's graphs have no IF blocks before stage
   22 and no loops of one iteration, so its run counts alone are strictly
   larger inside a loop; ours need not be (extent 1, fallback extents,
   ifs).  */

#include "ir/linear/linear.h"

#include <stdlib.h>
#include <string.h>

static const int lop_prio[] = {
#define X(e, prio) prio,
    PTO_LOPS(X)
#undef X
};

static const char *const lop_names[] = {
#define X(e, prio) #e,
    PTO_LOPS(X)
#undef X
};

const char *
pto_lop_name(pto_lop op)
{
  pto_assert(op < PTO_LOP_COUNT);
  return lop_names[op];
}

int
pto_lop_priority(pto_lop op)
{
  pto_assert(op < PTO_LOP_COUNT);
  return lop_prio[op];
}

/* A copy of uop U's fields for a new node (no sources, no ranges).  */
static int
append_uop(pto_lin_fn *fn, pto_lop op, const pto_type *t, int like)
{
  int n = pto_lin_new_uop(fn, op, t, like >= 0 ? fn->u[like].loc : pto_noloc);
  if (like >= 0) {
    pto_lin_uop *u = &fn->u[n];
    u->block = fn->u[like].block;
    u->run_count = fn->u[like].run_count;
    u->depth = fn->u[like].depth;
  }
  return n;
}

static void
append_val(pto_lin_fn *fn, int u, int s)
{
  pto_lin_uop *x = &fn->u[u];
  pto_assert(x->nval == x->nsrc);
  if (x->nsrc == x->capsrc) {
    x->capsrc = x->capsrc ? 2 * x->capsrc : 4;
    x->src = pto_xrealloc(x->src, x->capsrc * sizeof *x->src);
  }
  x->src[x->nsrc++] = s;
  x->nval++;
}

/* ------------------------------------------------------------------ */
/* Stage 19: END(op, [r_a, r_b]) -> END(END(op, r_a), r_b)              */
/* ------------------------------------------------------------------ */

/* Each END closing ranges [r0 (innermost), r1, ...] keeps r0; a new END
   per further range follows the previous one and becomes the closer of
   that range's block.  Nothing refers to an END before stage 20 (the
   builder orders effects after a block through stage 20's edges), so no
   use needs redirecting.  */
void
pto_lin_split_ends(pto_lin_fn *fn)
{
  int n0 = fn->n;
  int *body_of = pto_xmalloc((n0 + 1) * sizeof *body_of);
  for (int b = 1; b < fn->nblocks; b++)
    body_of[fn->blocks[b].open] = b;
  for (int e = 0; e < n0; e++) {
    if (fn->u[e].op != PTO_LOP_END || fn->u[e].nranges < 2)
      continue;
    int nr = fn->u[e].nranges;
    int *rs = fn->u[e].ranges;
    fn->u[e].nranges = 1;
    fn->u[e].block = fn->u[rs[0]].block;
    int prev = e;
    for (int k = 1; k < nr; k++) {
      int x = append_uop(fn, PTO_LOP_END, NULL, -1);
      fn->u[x].loc = fn->u[rs[k]].loc;
      fn->u[x].block = fn->u[rs[k]].block;
      fn->u[x].ranges = pto_xmalloc(sizeof(int));
      fn->u[x].ranges[0] = rs[k];
      fn->u[x].nranges = 1;
      pto_lin_add_dep(fn, x, prev);
      pto_lin_add_dep(fn, x, rs[k]);
      fn->blocks[body_of[rs[k]]].close = x;
      prev = x;
    }
  }
  free(body_of);
}

/* ------------------------------------------------------------------ */
/* Stage 20: control-flow edges                                        */
/* ------------------------------------------------------------------ */

/* For every block, bottom-up (children have larger indices than their
   parents): nested - the opener of a child after the block's opener,
   the child's closer before the block's closer; dependent - a child
   opens after the previous sibling closes, after every pinned node
   written before it since that sibling, and a pinned node written after
   a child follows its closer; every pinned node of a block follows the
   opener and precedes the closer (the SINK for the function body).
   Independent blocks (in different parents) get no edge.  */
void
pto_lin_control_flow(pto_lin_fn *fn)
{
  int *pending = pto_xmalloc((fn->n + 1) * sizeof *pending);
  for (int bi = fn->nblocks - 1; bi >= 0; bi--) {
    pto_lin_block *b = &fn->blocks[bi];
    int closer = bi == 0 ? 0 : b->close;
    int prev_close = -1, npending = 0;
    for (int k = 0; k < b->nitems; k++) {
      int it = b->items[k];
      if (it >= 0) {
        pto_lin_add_dep(fn, it, b->open);
        pto_lin_add_dep(fn, it, prev_close);
        pto_lin_add_dep(fn, closer, it);
        pending[npending++] = it;
        continue;
      }
      pto_lin_block *c = &fn->blocks[-1 - it];
      pto_lin_add_dep(fn, c->open, b->open);
      pto_lin_add_dep(fn, c->open, prev_close);
      for (int i = 0; i < npending; i++)
        pto_lin_add_dep(fn, c->open, pending[i]);
      npending = 0;
      if (c->close != closer)
        pto_lin_add_dep(fn, closer, c->close);
      prev_close = c->close;
    }
  }
  free(pending);
}

/* ------------------------------------------------------------------ */
/* Stage 21: linearization                                             */
/* ------------------------------------------------------------------ */

typedef struct keyed {
  int64_t rc;
  int depth, prio, id;
} keyed;

static int
key_cmp(const void *pa, const void *pb)
{
  const keyed *a = pa, *b = pb;
  if (a->rc != b->rc)
    return a->rc < b->rc ? -1 : 1;
  if (a->depth != b->depth)
    return a->depth < b->depth ? -1 : 1;
  if (a->prio != b->prio)
    return a->prio < b->prio ? -1 : 1;
  return (a->id > b->id) - (a->id < b->id);
}

/* Home blocks and keys: pinned nodes, openers and closers keep the block
   the builder gave them; a pure node takes the deepest block among its
   value operands (a RANGE's value lives in the loop's body).  */
static void
compute_keys(pto_lin_fn *fn)
{
  int *body_of = pto_xmalloc(fn->n * sizeof *body_of);
  for (int i = 0; i < fn->n; i++)
    body_of[i] = -1;
  for (int b = 1; b < fn->nblocks; b++)
    body_of[fn->blocks[b].open] = b;
  bool *pinned = pto_xcalloc(fn->n, sizeof *pinned);
  for (int b = 0; b < fn->nblocks; b++) {
    for (int k = 0; k < fn->blocks[b].nitems; k++)
      if (fn->blocks[b].items[k] >= 0)
        pinned[fn->blocks[b].items[k]] = true;
    if (b) {
      pinned[fn->blocks[b].open] = true;
      pinned[fn->blocks[b].close] = true;
    }
  }
  int64_t *rc = pto_xmalloc(fn->nblocks * sizeof *rc);
  for (int b = 0; b < fn->nblocks; b++) {
    const pto_lin_block *x = &fn->blocks[b];
    pto_lop op = b ? fn->u[x->open].op : PTO_LOP_SINK;
    int64_t m = op == PTO_LOP_RANGE || op == PTO_LOP_LOOP ? x->extent : 1;
    int64_t up = b ? rc[x->parent] : 1;
    rc[b] = m > 0 && up > INT64_MAX / m ? INT64_MAX : up * (m > 0 ? m : 1);
  }
  for (int i = 0; i < fn->n; i++) {
    pto_lin_uop *u = &fn->u[i];
    if (!pinned[i] && u->op != PTO_LOP_SINK) {
      int best = 0;
      for (int s = 0; s < u->nval; s++) {
        int o = u->src[s];
        int ob = body_of[o] >= 0 ? body_of[o] : fn->u[o].block;
        if (fn->blocks[ob].depth > fn->blocks[best].depth)
          best = ob;
      }
      u->block = best;
    }
    u->run_count = rc[u->block];
    u->depth = fn->blocks[u->block].depth;
  }
  free(rc);
  free(pinned);
  free(body_of);
}

/* Max-heap of node ids by ideal position.  */
typedef struct heap {
  int *v;
  int n;
  const int *pos;
} heap;

static void
heap_push(heap *h, int x)
{
  int i = h->n++;
  h->v[i] = x;
  while (i > 0 && h->pos[h->v[(i - 1) / 2]] < h->pos[h->v[i]]) {
    int p = (i - 1) / 2, t = h->v[p];
    h->v[p] = h->v[i];
    h->v[i] = t;
    i = p;
  }
}

static int
heap_pop(heap *h)
{
  int top = h->v[0];
  h->v[0] = h->v[--h->n];
  for (int i = 0;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    if (l < h->n && h->pos[h->v[l]] > h->pos[h->v[m]])
      m = l;
    if (r < h->n && h->pos[h->v[r]] > h->pos[h->v[m]])
      m = r;
    if (m == i)
      break;
    int t = h->v[m];
    h->v[m] = h->v[i];
    h->v[i] = t;
    i = m;
  }
  return top;
}

/* The tinygrad algorithm: sort the nodes reachable from the SINK by
   their key into the ideal order, then walk back from the SINK with a
   heap, emitting the ready node (all users emitted) latest in the ideal
   order, and reverse: every node lands as late as the ideal order
   allows, never before its operands.  Ties cannot happen: the id is the
   last key (creation order, i.e. program order).  */
void
pto_lin_linearize(pto_lin_fn *fn)
{
  compute_keys(fn);
  int n = fn->n;
  bool *seen = pto_xcalloc(n, sizeof *seen);
  int *stack = pto_xmalloc(n * sizeof *stack), sp = 0, nreach = 0;
  int *users = pto_xcalloc(n, sizeof *users);
  stack[sp++] = 0;
  seen[0] = true;
  while (sp) {
    int u = stack[--sp];
    nreach++;
    for (int i = 0; i < fn->u[u].nsrc; i++) {
      int s = fn->u[u].src[i];
      users[s]++;
      if (!seen[s]) {
        seen[s] = true;
        stack[sp++] = s;
      }
    }
  }
  keyed *ks = pto_xmalloc(nreach * sizeof *ks);
  int nk = 0;
  for (int i = 0; i < n; i++)
    if (seen[i])
      ks[nk++] = (keyed){fn->u[i].run_count, fn->u[i].depth,
                         pto_lop_priority(fn->u[i].op), i};
  qsort(ks, nk, sizeof *ks, key_cmp);
  int *pos = pto_xmalloc(n * sizeof *pos);
  for (int i = 0; i < nk; i++)
    pos[ks[i].id] = i;
  heap h = {pto_xmalloc(nreach * sizeof(int)), 0, pos};
  int *out = pto_xmalloc(nreach * sizeof *out), nout = 0;
  heap_push(&h, 0);
  while (h.n) {
    int u = heap_pop(&h);
    out[nout++] = u;
    for (int i = 0; i < fn->u[u].nsrc; i++) {
      int s = fn->u[u].src[i];
      if (--users[s] == 0)
        heap_push(&h, s);
    }
  }
  pto_assert(nout == nreach);
  free(fn->list);
  fn->list = pto_xmalloc(nout * sizeof *fn->list);
  fn->nlist = 0;
  for (int i = nout - 1; i >= 0; i--)
    if (out[i] != 0)
      fn->list[fn->nlist++] = out[i];
  free(out);
  free(h.v);
  free(pos);
  free(ks);
  free(users);
  free(stack);
  free(seen);
}

/* ------------------------------------------------------------------ */
/* Stage 22: IF/ENDIF cleanup (a line rewrite)                          */
/* ------------------------------------------------------------------ */

/* On targets without predicated stores, each STORE(INDEX(b, i.., gate=c),
   v) of the list becomes IF(c) INDEX(b, i..) STORE ENDIF.  A gated INDEX
   left without users is dropped.  Adjacent IFs are not merged.  */
void
pto_lin_cleanup(pto_lin_fn *fn, const pto_lin_opts *o)
{
  if (o->predicated_stores)
    return;
  int cap = 4 * fn->nlist + 1, nl = 0;
  int *nlist = pto_xmalloc(cap * sizeof *nlist);
  for (int k = 0; k < fn->nlist; k++) {
    int s = fn->list[k];
    int ix = fn->u[s].op == PTO_LOP_STORE ? fn->u[s].src[0] : -1;
    if (ix < 0 || !fn->u[ix].gated) {
      nlist[nl++] = s;
      continue;
    }
    int gate = fn->u[ix].src[fn->u[ix].nval - 1];
    int val = fn->u[s].src[1];
    int iff = append_uop(fn, PTO_LOP_IF, NULL, s);
    append_val(fn, iff, gate);
    int nix = append_uop(fn, PTO_LOP_INDEX, fn->u[ix].type, s);
    for (int i = 0; i < fn->u[ix].nval - 1; i++)
      append_val(fn, nix, fn->u[ix].src[i]);
    int st = append_uop(fn, PTO_LOP_STORE, NULL, s);
    append_val(fn, st, nix);
    append_val(fn, st, val);
    int end = append_uop(fn, PTO_LOP_ENDIF, NULL, s);
    fn->u[end].ranges = pto_xmalloc(sizeof(int));
    fn->u[end].ranges[0] = iff;
    fn->u[end].nranges = 1;
    nlist[nl++] = iff;
    nlist[nl++] = nix;
    nlist[nl++] = st;
    nlist[nl++] = end;
  }
  /* Drop gated INDEXes nobody uses any more.  */
  int *uses = pto_xcalloc(fn->n, sizeof *uses);
  for (int k = 0; k < nl; k++)
    for (int i = 0; i < fn->u[nlist[k]].nval; i++)
      uses[fn->u[nlist[k]].src[i]]++;
  int m = 0;
  for (int k = 0; k < nl; k++) {
    int u = nlist[k];
    if (fn->u[u].op == PTO_LOP_INDEX && fn->u[u].gated && !uses[u])
      continue;
    nlist[m++] = u;
  }
  free(uses);
  free(fn->list);
  fn->list = nlist;
  fn->nlist = m;
}

pto_lin_fn *
pto_lin_function(const pto_func *f, const pto_lin_opts *o, pto_diag *diag)
{
  pto_lin_fn *fn = pto_lin_build(f, o, diag);
  if (!fn)
    return NULL;
  pto_lin_split_ends(fn);
  pto_lin_control_flow(fn);
  pto_lin_linearize(fn);
  pto_lin_cleanup(fn, o);
  return fn;
}
