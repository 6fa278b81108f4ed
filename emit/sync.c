/* sync.c - synchronisation insertion over a kernel's MIR.

   Contract.  Input: K->body from isel.c, every instruction with its
   pipe and the byte ranges it reads and writes.  Output: the same body
   with SYNC nodes such that every pair of conflicting accesses (same
   space, overlapping bytes, one of them a write) is ordered:
   * different pipes A -> B: set_flag(A, B, e); wait_flag(A, B, e) before
     the later instruction, unless an earlier sync already orders it
     (directly or through a chain of syncs);
   * the same pipelined pipe (V, M): pipe_barrier(PIPE_V / PIPE_M);
     the DMA pipes and S execute in order and need nothing;
   * a pipe_barrier(PIPE_ALL) before every return and at the end of the
     kernel.
   The sync placed before the consumer is a complete pair, so no event
   is ever left pending, and nothing crosses a loop boundary: loops and
   ifs need no priming or draining, and every trip count (0 included)
   is correct.  GM is one range: accesses to GM on different pipes are
   always ordered (pointer parameters may alias).

   Method: an abstract state of access records (instruction, pipe, range,
   read/write, and the set of pipes it is already ordered before).  A
   sync set(A, B) marks every record of pipe A, or already ordered before
   A, as ordered before B; a wait on PIPE_S and pipe_barrier(PIPE_ALL)
   order everything before everything (the scalar unit issues every
   instruction).  A write drops the records it covers once it is
   ordered after them.  Ifs merge the two branch states (union, ordering
   intersected); loops iterate the body from the merge of the entry
   state and the back-edge (and continue) states until it is stable
   (monotone: records only join, ordering bits only leave),
   then emit with that state; break states join the exit.  Before a
   loop, every dependence of its body on earlier instructions is ordered
   once, ahead of the loop (hoist_entry_syncs), so inside the body only
   the loop's own dependences remain.

   Extension point (issue 10, double buffering): every dependence is
   resolved in one place, resolve(); a placement policy that hoists the
   set_flag to just after the producer and leaves the wait before the
   consumer needs per-pipe-pair event pools (event_for) and priming and
   draining of events that cross the loop back edge; the state already
   says, per record, which pipes it is ordered before.  */

#include "emit/mir.h"

#include <stdlib.h>
#include <string.h>

typedef struct rec {
  int id;
  pto_pipe pipe;
  pto_mir_access acc;
  unsigned ord;         /* bit p: ordered before later work of pipe p */
} rec;

typedef struct state {
  rec *v;
  int n, cap;
  bool dead;            /* unreachable (after break/continue/return) */
} state;

typedef struct loopctx {
  state cont, brk;
  struct loopctx *up;
} loopctx;

typedef struct sctx {
  pto_mir_kernel *k;
  bool dry;             /* analysing only: insert nothing */
  loopctx *loop;
  int depth;            /* loop nesting */
} sctx;

/* Loops nested deeper than this are not iterated to a fixed point (the
   analysis costs grow with the product of the iteration counts): their
   bodies start and end with pipe_barrier(PIPE_ALL) instead.  */
#define MAX_FIXPOINT_DEPTH 6

#define ALL_PIPES ((1u << PTO_PIPE_COUNT) - 1)

static bool
pipelined(pto_pipe p)
{
  return p == PTO_PIPE_V || p == PTO_PIPE_M;
}

/* ------------------------------------------------------------------ */
/* States                                                              */
/* ------------------------------------------------------------------ */

static state
st_dead(void)
{
  state s = { 0 };
  s.dead = true;
  return s;
}

static state
st_copy(const state *a)
{
  state s = *a;
  s.cap = a->n;
  s.v = a->n ? pto_xmalloc((size_t)a->n * sizeof *a->v) : NULL;
  if (a->n)
    memcpy(s.v, a->v, (size_t)a->n * sizeof *a->v);
  return s;
}

static void
st_free(state *s)
{
  free(s->v);
  s->v = NULL;
  s->n = s->cap = 0;
}

static bool
same_key(const rec *a, const rec *b)
{
  return a->id == b->id && a->acc.space == b->acc.space
         && a->acc.lo == b->acc.lo && a->acc.hi == b->acc.hi
         && a->acc.write == b->acc.write && a->acc.step == b->acc.step
         && a->acc.width == b->acc.width;
}

static void
st_push(state *s, rec r)
{
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->v = pto_xrealloc(s->v, (size_t)s->cap * sizeof *s->v);
  }
  s->v[s->n++] = r;
}

/* A state that is A on one path and B on another (consumes neither).  */
static state
st_merge(const state *a, const state *b)
{
  if (a->dead)
    return st_copy(b);
  if (b->dead)
    return st_copy(a);
  state m = st_copy(a);
  for (int i = 0; i < b->n; i++) {
    int j = 0;
    while (j < m.n && !same_key(&m.v[j], &b->v[i]))
      j++;
    if (j < m.n)
      m.v[j].ord &= b->v[i].ord;
    else
      st_push(&m, b->v[i]);
  }
  return m;
}

static void
st_merge_into(state *into, const state *b)
{
  state m = st_merge(into, b);
  st_free(into);
  *into = m;
}

static bool
st_equal(const state *a, const state *b)
{
  if (a->dead != b->dead || a->n != b->n)
    return false;
  for (int i = 0; i < a->n; i++) {
    int j = 0;
    while (j < b->n && !same_key(&a->v[i], &b->v[j]))
      j++;
    if (j == b->n || a->v[i].ord != b->v[j].ord)
      return false;
  }
  return true;
}

/* ------------------------------------------------------------------ */
/* Syncs                                                               */
/* ------------------------------------------------------------------ */

/* The event of a set/wait pair from A to B.  Pairs are placed back to
   back, so one event per pipe pair suffices; a policy that keeps
   several pairs in flight allocates from the arch's pool here.  */
static int
event_for(sctx *c, pto_pipe a, pto_pipe b)
{
  (void)c;
  (void)a;
  (void)b;
  return 0;
}

static void
apply_pair(state *st, pto_pipe a, pto_pipe b)
{
  unsigned add = b == PTO_PIPE_S ? ALL_PIPES : 1u << b;
  for (int i = 0; i < st->n; i++)
    if (st->v[i].pipe == a || (st->v[i].ord & (1u << a)))
      st->v[i].ord |= add;
}

static void
apply_barrier(state *st, pto_pipe p)
{
  for (int i = 0; i < st->n; i++)
    if (p == PTO_PIPE_ALL)
      st->v[i].ord = ALL_PIPES;
    else if (st->v[i].pipe == p)
      st->v[i].ord |= 1u << p;
}

static pto_mir_node *
sync_node(sctx *c, pto_sync_kind kind, pto_pipe from, pto_pipe to, pto_loc loc)
{
  pto_mir_node *n = pto_mir_new(c->k, PTO_MIR_SYNC, loc);
  n->sync = kind;
  n->from = from;
  n->to = to;
  n->pipe = kind == PTO_SYNC_WAIT ? to : from;
  n->event = kind == PTO_SYNC_BARRIER ? 0 : event_for(c, from, to);
  return n;
}

/* Emit (unless analysing, or the debug option drops it) a set/wait pair
   from A to B, or a barrier of A when B is A, into OUT.  */
static void
emit_sync(sctx *c, pto_mir_block *out, pto_pipe a, pto_pipe b, pto_loc loc)
{
  if (c->dry || !out)
    return;
  c->k->nsync++;
  if (c->k->drop_sync && c->k->nsync == c->k->drop_sync)
    return;
  if (a == b || b == PTO_PIPE_ALL) {
    pto_mir_push(out, sync_node(c, PTO_SYNC_BARRIER, a, a, loc));
    return;
  }
  pto_mir_push(out, sync_node(c, PTO_SYNC_SET, a, b, loc));
  pto_mir_push(out, sync_node(c, PTO_SYNC_WAIT, a, b, loc));
}

static bool
conflicts(const rec *r, const pto_mir_access *a)
{
  return (r->acc.write || a->write) && pto_mir_overlap(&r->acc, a);
}

/* Whether record R of ST must be ordered before N and is not.  */
static bool
unordered(const rec *r, const pto_mir_node *n)
{
  if (r->ord & (1u << n->pipe))
    return false;
  if (r->pipe == n->pipe && !pipelined(n->pipe))
    return false;
  for (int j = 0; j < n->nacc; j++)
    if (conflicts(r, &n->acc[j]))
      return true;
  return false;
}

static int
count_unordered(const state *st, const pto_mir_node *n)
{
  int k = 0;
  for (int i = 0; i < st->n; i++)
    k += unordered(&st->v[i], n);
  return k;
}

static void
apply_sync(state *st, pto_pipe from, pto_pipe to)
{
  if (from == to)
    apply_barrier(st, from);
  else
    apply_pair(st, from, to);
}

/* The sync that orders N after the most of its unordered conflicts in
   ST (a barrier when FROM is N's pipe); false when there are none.  Ties
   go to the lower pipe number, so the choice is deterministic.  */
static bool
best_need(const state *st, const pto_mir_node *n, pto_pipe *from)
{
  int before = count_unordered(st, n), best = -1;
  if (!before)
    return false;
  for (int p = 0; p < PTO_PIPE_ALL; p++) {
    bool candidate = false;
    for (int i = 0; i < st->n && !candidate; i++)
      candidate = st->v[i].pipe == (pto_pipe)p && unordered(&st->v[i], n);
    if (!candidate)
      continue;
    state t = st_copy(st);
    apply_sync(&t, (pto_pipe)p, n->pipe);
    int left = count_unordered(&t, n);
    st_free(&t);
    if (best < 0 || left < best) {
      best = left;
      *from = (pto_pipe)p;
    }
  }
  pto_assert(best >= 0 && best < before);
  return true;
}

/* Order instruction N after everything it conflicts with (syncs go to
   OUT), then record its accesses.  */
static void
resolve(sctx *c, pto_mir_block *out, state *st, const pto_mir_node *n)
{
  pto_pipe from = PTO_PIPE_S;
  while (best_need(st, n, &from)) {
    emit_sync(c, out, from, n->pipe, n->loc);
    apply_sync(st, from, n->pipe);
  }
  /* Drop what N's writes cover (ordered now) and N's own older records
     (an earlier iteration: a later instance is ordered no better).  */
  int w = 0;
  for (int i = 0; i < st->n; i++) {
    const rec *r = &st->v[i];
    bool drop = r->id == n->id;
    for (int j = 0; !drop && j < n->nacc; j++) {
      const pto_mir_access *a = &n->acc[j];
      drop = a->write && !a->step && a->space == r->acc.space
             && a->lo <= r->acc.lo && r->acc.hi <= a->hi;
    }
    if (!drop)
      st->v[w++] = *r;
  }
  st->n = w;
  for (int j = 0; j < n->nacc; j++) {
    rec r = { n->id, n->pipe, n->acc[j],
              pipelined(n->pipe) ? 0u : 1u << n->pipe };
    st_push(st, r);
  }
}

/* ------------------------------------------------------------------ */
/* Walk                                                                */
/* ------------------------------------------------------------------ */

static void walk_block(sctx *c, pto_mir_block *b, state *st);

/* Whether node N is an instruction (has accesses to order).  */
static bool
is_instr(const pto_mir_node *n)
{
  return n->nacc > 0 && n->kind != PTO_MIR_SYNC;
}

/* Before loop L: order everything its body depends on from before the
   loop (records of ST) with syncs placed ahead of the loop, once,
   instead of inside the body on every iteration.  */
static void
hoist_entry_syncs(sctx *c, pto_mir_block *out, state *st,
                  const pto_mir_block *body)
{
  for (int i = 0; i < body->n; i++) {
    const pto_mir_node *n = body->items[i];
    pto_pipe from = PTO_PIPE_S;
    if (is_instr(n))
      while (best_need(st, n, &from)) {
        emit_sync(c, out, from, n->pipe, n->loc);
        apply_sync(st, from, n->pipe);
      }
    hoist_entry_syncs(c, out, st, &n->body);
    hoist_entry_syncs(c, out, st, &n->els);
  }
}

/* A loop too deeply nested for the fixed point: its body starts with
   pipe_barrier(PIPE_ALL) (which also covers continue and the back edge)
   and the caller puts one after the loop (covering every exit).  */
static void
walk_fenced_loop(sctx *c, pto_mir_node *n, state *st)
{
  state s = st_copy(st);
  apply_barrier(&s, PTO_PIPE_ALL);
  loopctx lc = { st_dead(), st_dead(), c->loop };
  c->loop = &lc;
  walk_block(c, &n->body, &s);
  c->loop = lc.up;
  if (!c->dry)
    pto_mir_insert(&n->body, 0, sync_node(c, PTO_SYNC_BARRIER, PTO_PIPE_ALL,
                                          PTO_PIPE_ALL, n->loc));
  st_free(&s);
  st_free(&lc.cont);
  st_free(&lc.brk);
  apply_barrier(st, PTO_PIPE_ALL);
}

/* Whether loop N has constant bounds with at least one trip.  */
static bool
runs_at_least_once(const pto_mir_node *n)
{
  const pto_stmt *s = n->stmt;
  if (n->kind != PTO_MIR_FOR || s->start->kind != PTO_E_INT
      || s->stop->kind != PTO_E_INT)
    return false;
  return s->down ? s->start->u.ival > s->stop->u.ival
                 : s->start->u.ival < s->stop->u.ival;
}

static void
walk_loop(sctx *c, pto_mir_node *n, state *st)
{
  /* IN only ever loses ordering bits and gains records (it is merged
     with what the body leaves), so the iteration terminates.  */
  state in = st_copy(st);
  for (;;) {
    state s = st_copy(&in);
    loopctx lc = { st_dead(), st_dead(), c->loop };
    bool dry = c->dry;
    c->loop = &lc;
    c->dry = true;
    walk_block(c, &n->body, &s);
    c->dry = dry;
    c->loop = lc.up;
    st_merge_into(&s, &lc.cont);
    state next = st_merge(&in, &s);
    st_free(&s);
    st_free(&lc.cont);
    st_free(&lc.brk);
    bool stable = st_equal(&next, &in);
    st_free(&in);
    in = next;
    if (stable)
      break;
  }
  state s = st_copy(&in);
  loopctx lc = { st_dead(), st_dead(), c->loop };
  c->loop = &lc;
  walk_block(c, &n->body, &s);
  c->loop = lc.up;
  /* The loop leaves from its head (the fixed point IN, which includes
     the entry) or through a break; when the body surely runs, from the
     head after an iteration only.  */
  state exit;
  if (runs_at_least_once(n)) {
    st_merge_into(&s, &lc.cont);
    exit = st_merge(&s, &lc.brk);
  } else
    exit = st_merge(&in, &lc.brk);
  st_free(&s);
  st_free(&lc.cont);
  st_free(&lc.brk);
  st_free(&in);
  st_free(st);
  *st = exit;
}

static void
walk_node(sctx *c, pto_mir_block *out, pto_mir_node *n, state *st)
{
  switch (n->kind) {
  case PTO_MIR_FOR:
  case PTO_MIR_WHILE:
    resolve(c, out, st, n);
    if (c->depth >= MAX_FIXPOINT_DEPTH) {
      walk_fenced_loop(c, n, st);
      if (out) {
        pto_mir_push(out, n);
        pto_mir_push(out, sync_node(c, PTO_SYNC_BARRIER, PTO_PIPE_ALL,
                                    PTO_PIPE_ALL, n->loc));
      }
      return;
    }
    hoist_entry_syncs(c, out, st, &n->body);
    if (out)
      pto_mir_push(out, n);
    c->depth++;
    walk_loop(c, n, st);
    c->depth--;
    return;
  case PTO_MIR_IF: {
    resolve(c, out, st, n);
    if (out)
      pto_mir_push(out, n);
    state t = st_copy(st), e = st_copy(st);
    walk_block(c, &n->body, &t);
    walk_block(c, &n->els, &e);
    st_free(st);
    *st = st_merge(&t, &e);
    st_free(&t);
    st_free(&e);
    return;
  }
  case PTO_MIR_STMT: {
    pto_stmt_kind k = n->stmt->kind;
    if (k == PTO_S_RETURN) {
      emit_sync(c, out, PTO_PIPE_ALL, PTO_PIPE_ALL, n->loc);
      apply_barrier(st, PTO_PIPE_ALL);
    } else
      resolve(c, out, st, n);
    if (out)
      pto_mir_push(out, n);
    if ((k == PTO_S_BREAK || k == PTO_S_CONTINUE) && c->loop) {
      st_merge_into(k == PTO_S_BREAK ? &c->loop->brk : &c->loop->cont, st);
      st->dead = true;
    } else if (k == PTO_S_RETURN)
      st->dead = true;
    return;
  }
  case PTO_MIR_COMMENT:
  case PTO_MIR_MASK:
    if (out)
      pto_mir_push(out, n);
    return;
  default:
    resolve(c, out, st, n);
    if (out)
      pto_mir_push(out, n);
    return;
  }
}

/* Walk B from state ST; outside analysis, rebuild B with the syncs.  */
static void
walk_block(sctx *c, pto_mir_block *b, state *st)
{
  pto_mir_block nb = { 0 };
  pto_mir_block *out = c->dry ? NULL : &nb;
  for (int i = 0; i < b->n; i++)
    walk_node(c, out, b->items[i], st);
  if (!c->dry) {
    free(b->items);
    *b = nb;
  }
}

void
pto_sync_insert(pto_mir_kernel *k)
{
  sctx c = { k, false, NULL, 0 };
  state st = { 0 };
  walk_block(&c, &k->body, &st);
  if (!st.dead) {
    c.k->nsync++;
    if (!(k->drop_sync && k->nsync == k->drop_sync))
      pto_mir_push(&k->body, sync_node(&c, PTO_SYNC_BARRIER, PTO_PIPE_ALL,
                                       PTO_PIPE_ALL, k->func->loc));
  }
  st_free(&st);
}
