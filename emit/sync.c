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
   is correct (double-buffered loops, below, are the exception: their
   events are balanced by construction for every trip count).  GM is one range: accesses to GM on different pipes are
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

   Double buffering (option double-buffer, section below): a streaming
   loop instead gets two UB buffer sets selected by a run-time parity,
   per-set events primed before the loop and drained after it, and the
   cross-iteration "buffer free" pairs placed far apart (set after the
   last use, wait before the next write), so MTE2 of iteration i+1
   overlaps V of i and MTE3 of i-1.  The cross pairs that the others
   imply are left out (dbuf_reduce, a vector-clock replay of three
   iterations like the simulator's race detector).  With the option off
   the output is what it was before.  */

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
  const char *pp_var;   /* inside a double-buffered body: parity var */
  const pto_mir_node *dbuf_exit;  /* the last double-buffered loop's
                                     closing pipe_barrier(PIPE_ALL) */
  loopctx *loop;
  int depth;            /* loop nesting */
} sctx;

/* Loops nested deeper than this are not iterated to a fixed point (the
   analysis costs grow with the product of the iteration counts): their
   bodies start and end with pipe_barrier(PIPE_ALL) instead.  */
#define MAX_FIXPOINT_DEPTH 6

/* A loop whose head state has not settled after this many rounds of its
   body is fenced the same way (safe, if slower) instead of analysed on:
   the analysis must never make the compiler hang, whatever the input.  */
#define MAX_FIXPOINT_ROUNDS 64

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
  if (kind != PTO_SYNC_BARRIER)
    n->pp_var = c->pp_var;
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

/* Iterate the body of loop N from the head state *IN (nothing is
   inserted) until the head state settles; return false when it has not
   settled after MAX_FIXPOINT_ROUNDS rounds.  *IN is the last head state
   either way.  IN only loses ordering bits and gains records (it is
   merged with what the body leaves), so it settles in principle; the
   bound guards the compiler against a slow or broken lattice.  */
static bool
settle_loop(sctx *c, pto_mir_node *n, state *inp)
{
  state in = *inp;
  bool stable = false;
  for (int round = 0; round < MAX_FIXPOINT_ROUNDS && !stable; round++) {
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
    stable = st_equal(&next, &in);
    st_free(&in);
    in = next;
  }
  *inp = in;
  return stable;
}

/* Whether loop N, entered with state ST, can be analysed: its head
   state settles (tried on copies, inserting nothing).  */
static bool
loop_settles(sctx *c, pto_mir_node *n, const state *st)
{
  state in = st_copy(st);
  bool dry = c->dry;
  c->dry = true;
  hoist_entry_syncs(c, NULL, &in, &n->body);
  c->depth++;
  bool ok = settle_loop(c, n, &in);
  c->depth--;
  c->dry = dry;
  st_free(&in);
  return ok;
}

static void
walk_loop(sctx *c, pto_mir_node *n, state *st)
{
  state in = st_copy(st);
  bool settled = settle_loop(c, n, &in);
  pto_assert(settled);  /* loop_settles said so for the same state */
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

static bool walk_dbuf_loop(sctx *c, pto_mir_block *out, pto_mir_node *n,
                           state *st);

static void
walk_node(sctx *c, pto_mir_block *out, pto_mir_node *n, state *st)
{
  switch (n->kind) {
  case PTO_MIR_FOR:
  case PTO_MIR_WHILE:
    resolve(c, out, st, n);
    if (walk_dbuf_loop(c, out, n, st))
      return;
    if (c->depth >= MAX_FIXPOINT_DEPTH || !loop_settles(c, n, st)) {
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

/* ------------------------------------------------------------------ */
/* Double buffering (issue 10; option double-buffer)                   */
/* ------------------------------------------------------------------ */

/* A streaming loop (a FOR whose body is straight-line DMA/vector code
   and scalar statements, where every UB byte the body reads was written
   earlier in the same iteration, whose UB bytes are dead after the loop
   (dead_after_loop, around enclosing loops too), and whose GM transfers
   of different iterations cannot overlap (gm_iterations_disjoint))
   gets two buffer sets.  Design:
   * buffer selection: a run-time parity variable pto_dbN (0/1, toggled
     at the end of each iteration); every UB offset of the body is
     OFF + D * pto_dbN, D from pto_memplan_pong (the copy sits above the
     planned peak).  No unrolling: any trip count, the UnrollLoops
     sub-loops included (each sibling loop is transformed on its own).
   * ordering inside an iteration: the ordinary analysis from an empty
     state (pairs set/wait back to back), with events 0 + pto_dbN, so a
     pipe running an iteration ahead never re-sets a pending event.
   * ordering across iterations: only iterations i and i+2 share bytes.
     For every pipe pair (P, Q), P != Q, with a P instruction whose UB
     access conflicts with a Q instruction's at or before it in the body
     (a later one is ordered after it by iteration i+2's own syncs, which
     follow the P instruction of i+2 and so of i): set_flag(P, Q, 2 + pto_dbN)
     after the last such P instruction, wait_flag(P, Q, 2 + pto_dbN)
     before the first such Q instruction ("buffer free"; events 2 and 3),
     primed before the loop (set for both sets) and drained after it
     (wait for both): balanced for every trip count, 0 included.  A
     pipelined pipe (V) conflicting with itself gets pipe_barrier before
     its first such instruction.  GM: see gm_iterations_disjoint.
   * around the loop: pipe_barrier(PIPE_ALL) before (orders everything
     earlier, also on the second set) and after the drains (orders the
     loop before everything later): one join per loop, not per
     iteration.  */

/* Whether UB read R (at body position AT) is covered by the dense UB
   writes of body positions before AT.  */
static bool
written_before(const pto_mir_block *b, int at, const pto_mir_access *r)
{
  int64_t pos = r->lo;
  for (bool moved = true; moved && pos < r->hi;) {
    moved = false;
    for (int i = 0; i < at && !moved; i++)
      for (int j = 0; j < b->items[i]->nacc && !moved; j++) {
        const pto_mir_access *w = &b->items[i]->acc[j];
        if (w->write && !w->step && w->space == PTO_MEM_UB && w->lo <= pos
            && pos < w->hi) {
          pos = w->hi;
          moved = true;
        }
      }
  }
  return pos >= r->hi;
}

/* Whether integer expression E is C * V + K with integer constants C
   and K (built from V, constants, +, -, * by a constant and casts).  */
static bool
affine_in(const pto_expr *e, const pto_var *v, int64_t *c, int64_t *k)
{
  const int64_t big = (int64_t)1 << 40;
  int64_t c1, k1, c2, k2;
  switch (e->kind) {
  case PTO_E_INT:
    *c = 0;
    *k = e->u.ival;
    return *k > -big && *k < big;
  case PTO_E_VAR:
    *c = 1;
    *k = 0;
    return e->u.var == v;
  case PTO_E_UN:
    return e->u.unop == PTO_UN_CAST && e->type
           && e->type->kind == PTO_TY_SCALAR && pto_dtype_is_int(e->type->dtype)
           && affine_in(e->a, v, c, k);
  case PTO_E_BIN:
    if (!affine_in(e->a, v, &c1, &k1) || !affine_in(e->b, v, &c2, &k2))
      return false;
    switch (e->u.binop) {
    case PTO_BIN_ADD: *c = c1 + c2; *k = k1 + k2; break;
    case PTO_BIN_SUB: *c = c1 - c2; *k = k1 - k2; break;
    case PTO_BIN_MUL:
      if (c1 && c2)
        return false;
      *c = c1 * k2 + c2 * k1;
      *k = k1 * k2;
      break;
    default:
      return false;
    }
    return *c > -big && *c < big && *k > -big && *k < big;
  default:
    return false;
  }
}

/* DMA N's GM pointer as BASE + C * V + K elements, and the elements it
   spans from there (*SPAN); false when it has another form.  */
static bool
gm_window(const pto_mir_node *n, const pto_var *v, const pto_var **base,
          int64_t *c, int64_t *k, int64_t *span)
{
  const pto_expr *e = n->gm;
  int64_t esize = 0;
  if (e->type && e->type->kind == PTO_TY_PTR && e->type->pointee
      && e->type->pointee->kind == PTO_TY_SCALAR)
    esize = pto_dtype_bytes(e->type->pointee->dtype);
  if (esize <= 0 || n->row_stride)
    return false;
  *c = *k = 0;
  /* pointer +/- integer, nested: "z + 1024 + j * 1024" */
  while (e->kind == PTO_E_BIN
         && (e->u.binop == PTO_BIN_ADD || e->u.binop == PTO_BIN_SUB)
         && e->a->type && e->a->type->kind == PTO_TY_PTR) {
    int64_t c1, k1;
    if (!affine_in(e->b, v, &c1, &k1))
      return false;
    *c += e->u.binop == PTO_BIN_ADD ? c1 : -c1;
    *k += e->u.binop == PTO_BIN_ADD ? k1 : -k1;
    e = e->a;
  }
  if (e->kind != PTO_E_VAR)
    return false;
  *base = e->u.var;
  *k += n->gm_off;
  bool load = !strcmp(n->op, "copy_gm_to_ubuf");
  int64_t gap = load ? n->srcgap : n->dstgap;
  int64_t bytes = (n->nburst * n->lenburst + (n->nburst - 1) * gap) * 32;
  *span = (bytes + esize - 1) / esize;
  return true;
}

/* Whether the GM transfers of different iterations of a loop over V
   (body B) touch disjoint elements wherever that matters: a pointer the
   body both loads from and stores to must be addressed by every such
   transfer as BASE + C * V + K with one constant C, and the windows
   [K, K + span) of one iteration must fit within |C| elements (so they
   cannot meet another iteration's).  Distinct pointer parameters do
   not alias (the kernel declares them __restrict__), and transfers of
   one direction stay in order on their pipe.  */
static bool
gm_iterations_disjoint(const pto_mir_block *b, const pto_var *v)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    if (n->kind != PTO_MIR_DMA || !n->gm)
      continue;
    const pto_var *base;
    int64_t c, k, span;
    if (!gm_window(n, v, &base, &c, &k, &span))
      return false;
    bool loaded = false, stored = false;
    int64_t lo = k, hi = k + span;
    for (int j = 0; j < b->n; j++) {
      const pto_mir_node *m = b->items[j];
      const pto_var *mb;
      int64_t mc, mk, ms;
      if (m->kind != PTO_MIR_DMA || !m->gm)
        continue;
      if (!gm_window(m, v, &mb, &mc, &mk, &ms))
        return false;
      if (mb != base)
        continue;
      if (mc != c)
        return false;
      if (!strcmp(m->op, "copy_gm_to_ubuf"))
        loaded = true;
      else
        stored = true;
      if (mk < lo)
        lo = mk;
      if (mk + ms > hi)
        hi = mk + ms;
    }
    if (loaded && stored && (c == 0 || hi - lo > (c < 0 ? -c : c)))
      return false;
  }
  return true;
}

/* Whether node I of a candidate body is acceptable; extends [*LO, *HI)
   by its UB accesses.  */
static bool
dbuf_item_ok(const pto_mir_block *b, int i, int64_t *lo, int64_t *hi,
             bool *load)
{
  const pto_mir_node *n = b->items[i];
  switch (n->kind) {
  case PTO_MIR_COMMENT:
  case PTO_MIR_MASK:
    return true;
  case PTO_MIR_STMT:
    return n->nacc == 0
           && (n->stmt->kind == PTO_S_DECL || n->stmt->kind == PTO_S_ASSIGN
               || n->stmt->kind == PTO_S_EVAL);
  case PTO_MIR_DMA:
    if (n->gm && !strcmp(n->op, "copy_gm_to_ubuf"))
      *load = true;
    break;
  case PTO_MIR_VEC:
    break;
  default:
    return false;
  }
  for (int j = 0; j < n->nacc; j++) {
    const pto_mir_access *a = &n->acc[j];
    if (a->space != PTO_MEM_UB)
      continue;
    if (!a->write && !written_before(b, i, a))
      return false;
    if (a->lo < *lo)
      *lo = a->lo;
    if (a->hi > *hi)
      *hi = a->hi;
  }
  return true;
}

/* Liveness of the loop's UB bytes [LO, HI) after it: COV[0..*NCOV) are
   the byte intervals written since the loop on every path.  */
typedef struct live_scan {
  int64_t lo, hi;
  bool live;
} live_scan;

/* Whether [A, B) is inside the union of COV's intervals.  */
static bool
covered(const int64_t (*cov)[2], int ncov, int64_t a, int64_t b)
{
  for (bool moved = true; moved && a < b;) {
    moved = false;
    for (int i = 0; i < ncov && !moved; i++)
      if (cov[i][0] <= a && a < cov[i][1]) {
        a = cov[i][1];
        moved = true;
      }
  }
  return a >= b;
}

/* Scan items [FROM, TO) of B in order; reads of [LO, HI) not covered
   make the bytes live.  Writes at this level extend COV (the caller's
   array, capacity CAP); nested blocks scan with a copy.  Returns whether
   the whole range is covered (dead from here on).  */
static bool
scan_after(live_scan *ls, const pto_mir_block *b, int from, int to,
           int64_t (*cov)[2], int *ncov, int cap)
{
  for (int i = from; i < to && !ls->live; i++) {
    const pto_mir_node *n = b->items[i];
    for (int j = 0; j < n->nacc; j++) {
      const pto_mir_access *a = &n->acc[j];
      int64_t x = a->lo > ls->lo ? a->lo : ls->lo;
      int64_t y = a->hi < ls->hi ? a->hi : ls->hi;
      if (a->space == PTO_MEM_UB && !a->write && x < y
          && !covered((const int64_t (*)[2])cov, *ncov, x, y))
        ls->live = true;
    }
    if (n->body.n || n->els.n) {
      int64_t (*c2)[2] = pto_xmalloc((size_t)cap * sizeof *c2);
      int n2 = *ncov;
      memcpy(c2, cov, (size_t)n2 * sizeof *c2);
      scan_after(ls, &n->body, 0, n->body.n, c2, &n2, cap);
      n2 = *ncov;
      scan_after(ls, &n->els, 0, n->els.n, c2, &n2, cap);
      free(c2);
    }
    for (int j = 0; j < n->nacc && *ncov < cap; j++) {
      const pto_mir_access *a = &n->acc[j];
      if (a->space == PTO_MEM_UB && a->write && !a->step
          && n->kind != PTO_MIR_SYNC) {
        cov[*ncov][0] = a->lo;
        cov[*ncov][1] = a->hi;
        ++*ncov;
      }
    }
    if (covered((const int64_t (*)[2])cov, *ncov, ls->lo, ls->hi))
      return true;
  }
  return false;
}

/* Find TARGET in B; push the enclosing (block, index) pairs, innermost
   last.  */
static bool
find_path(const pto_mir_block *b, const pto_mir_node *target,
          const pto_mir_block **blk, int *idx, const pto_mir_node **owner,
          int *depth, const pto_mir_node *own)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    if (*depth >= 64)
      return false;
    blk[*depth] = b;
    idx[*depth] = i;
    owner[*depth] = own;
    ++*depth;
    if (n == target || find_path(&n->body, target, blk, idx, owner, depth, n)
        || find_path(&n->els, target, blk, idx, owner, depth, n))
      return true;
    --*depth;
  }
  return false;
}

/* Whether UB bytes [LO, HI) written by loop N are dead after it: no
   later instruction (following the program, around enclosing loops'
   back edges) reads them before they are written again.  */
static bool
dead_after_loop(const pto_mir_kernel *k, const pto_mir_node *n, int64_t lo,
                int64_t hi)
{
  const pto_mir_block *blk[64];
  const pto_mir_node *owner[64];
  int idx[64], depth = 0;
  if (!find_path(&k->body, n, blk, idx, owner, &depth, NULL))
    return false;
  enum { CAP = 256 };
  int64_t cov[CAP][2];
  int ncov = 0;
  live_scan ls = { lo, hi, false };
  for (int d = depth - 1; d >= 0; d--) {
    const pto_mir_block *b = blk[d];
    if (scan_after(&ls, b, idx[d] + 1, b->n, cov, &ncov, CAP))
      return !ls.live;
    if (ls.live)
      return false;
    /* The end of a loop body continues at its start (back edge).  */
    const pto_mir_node *o = owner[d];
    if (o && (o->kind == PTO_MIR_FOR || o->kind == PTO_MIR_WHILE)
        && scan_after(&ls, b, 0, idx[d], cov, &ncov, CAP))
      return !ls.live;
    if (ls.live)
      return false;
  }
  return !ls.live;
}

/* The distance to the second buffer set of loop N, or -1 when N is not
   a streaming loop that fits twice.  */
static int64_t
dbuf_delta(const sctx *c, const pto_mir_node *n, int64_t *top)
{
  if (!c->k->double_buffer || n->kind != PTO_MIR_FOR || c->pp_var)
    return -1;
  int64_t lo = INT64_MAX, hi = 0;
  bool load = false;
  for (int i = 0; i < n->body.n; i++)
    if (!dbuf_item_ok(&n->body, i, &lo, &hi, &load))
      return -1;
  if (!load || lo >= hi || !gm_iterations_disjoint(&n->body, n->stmt->var))
    return -1;
  lo = lo / 32 * 32;
  hi = (hi + 31) / 32 * 32;
  if (!dead_after_loop(c->k, n, lo, hi))
    return -1;
  int64_t d = pto_memplan_pong(c->k, n->stmt, lo, hi);
  *top = hi + d;
  return d;
}

static bool
ub_conflict(const pto_mir_node *a, const pto_mir_node *b)
{
  for (int i = 0; i < a->nacc; i++)
    for (int j = 0; j < b->nacc; j++)
      if (a->acc[i].space == PTO_MEM_UB && b->acc[j].space == PTO_MEM_UB
          && (a->acc[i].write || b->acc[j].write)
          && pto_mir_overlap(&a->acc[i], &b->acc[j]))
        return true;
  return false;
}

/* Cross-iteration ordering of a body: for pipe pair (P, Q), FIRST[P][Q]
   is the first position of a Q instruction conflicting with a P one,
   LAST[P][Q] the last position of such a P instruction (-1: none).  */
typedef struct dbuf_plan {
  int first[PTO_PIPE_COUNT][PTO_PIPE_COUNT];
  int last[PTO_PIPE_COUNT][PTO_PIPE_COUNT];
  bool dropped[PTO_PIPE_COUNT][PTO_PIPE_COUNT];   /* PTO_EMIT_DROP_SYNC */
  bool redundant[PTO_PIPE_COUNT][PTO_PIPE_COUNT];
  /* the pair's wait (or barrier) and set in the body */
  const pto_mir_node *wnode[PTO_PIPE_COUNT][PTO_PIPE_COUNT];
  const pto_mir_node *snode[PTO_PIPE_COUNT][PTO_PIPE_COUNT];
} dbuf_plan;

static void
dbuf_cross(const pto_mir_block *b, dbuf_plan *dp)
{
  memset(dp->first, -1, sizeof dp->first);
  memset(dp->last, -1, sizeof dp->last);
  memset(dp->dropped, 0, sizeof dp->dropped);
  memset(dp->redundant, 0, sizeof dp->redundant);
  memset(dp->wnode, 0, sizeof dp->wnode);
  memset(dp->snode, 0, sizeof dp->snode);
  /* A pipelined pipe with a dependence inside the iteration gets a
     pipe_barrier in every iteration (the ordinary analysis): iteration
     i+1's orders i before i+2 on that pipe, no cross barrier needed.  */
  bool inner_barrier[PTO_PIPE_COUNT] = { false };
  for (int i = 0; i < b->n; i++)
    for (int j = i + 1; j < b->n; j++) {
      const pto_mir_node *x = b->items[i], *y = b->items[j];
      if (is_instr(x) && is_instr(y) && x->pipe == y->pipe
          && pipelined(x->pipe) && ub_conflict(x, y))
        inner_barrier[x->pipe] = true;
    }
  for (int i = 0; i < b->n; i++)
    for (int j = 0; j < b->n; j++) {
      const pto_mir_node *x = b->items[i], *y = b->items[j];
      if (x->pipe == y->pipe && inner_barrier[x->pipe])
        continue;
      /* Y before X: X of iteration i against Y of iteration i+2 (the
         reverse is ordered through iteration i+2's own syncs).  */
      if (j > i || !is_instr(x) || !is_instr(y) || !ub_conflict(x, y))
        continue;
      pto_pipe p = x->pipe, q = y->pipe;
      if (p == q && !pipelined(p))
        continue;
      if (dp->first[p][q] < 0 || j < dp->first[p][q])
        dp->first[p][q] = j;
      if (i > dp->last[p][q])
        dp->last[p][q] = i;
    }
}

static pto_mir_node *
flag_node(sctx *c, pto_sync_kind kind, pto_pipe p, pto_pipe q, int event,
          const char *pp, pto_loc loc)
{
  pto_mir_node *n = pto_mir_new(c->k, PTO_MIR_SYNC, loc);
  n->sync = kind;
  n->from = p;
  n->to = q;
  n->pipe = kind == PTO_SYNC_WAIT ? q : p;
  n->event = event;
  n->pp_var = pp;
  return n;
}

static pto_mir_node *
scalar_text(sctx *c, const char *text, pto_loc loc)
{
  pto_mir_node *n = pto_mir_new(c->k, PTO_MIR_SCALAR, loc);
  n->pipe = PTO_PIPE_S;
  n->text = text;
  return n;
}

/* Prime (SET) or drain (WAIT) both sets' events of every cross pair.  */
static void
dbuf_edges(sctx *c, pto_mir_block *out, const dbuf_plan *dp,
           pto_sync_kind kind, pto_loc loc)
{
  for (int p = 0; p < PTO_PIPE_COUNT; p++)
    for (int q = 0; q < PTO_PIPE_COUNT; q++)
      if (p != q && dp->first[p][q] >= 0 && !dp->redundant[p][q])
        for (int e = 2; e <= 3; e++)
          pto_mir_push(out, flag_node(c, kind, (pto_pipe)p, (pto_pipe)q, e,
                                      NULL, loc));
}

/* Rebuild body B of a double-buffered loop: shifted offsets, the
   iteration's own syncs, the cross-iteration waits and sets, the parity
   toggle.  */
static void
dbuf_body(sctx *c, pto_mir_block *b, dbuf_plan *dp, const char *pp,
          int64_t delta, pto_loc loc)
{
  pto_mir_block nb = { 0 };
  state s = { 0 };
  for (int i = 0; i < b->n; i++) {
    pto_mir_node *n = b->items[i];
    if (n->kind == PTO_MIR_DMA || n->kind == PTO_MIR_VEC) {
      n->pp_var = pp;
      n->pp_delta = delta;
    }
    walk_node(c, &nb, n, &s);
    for (int p = 0; p < PTO_PIPE_COUNT; p++) {
      if (dp->first[p][n->pipe] != i || !is_instr(n))
        continue;
      pto_mir_node *w = p == (int)n->pipe
                            ? flag_node(c, PTO_SYNC_BARRIER, n->pipe, n->pipe,
                                        0, NULL, n->loc)
                            : flag_node(c, PTO_SYNC_WAIT, (pto_pipe)p, n->pipe,
                                        2, pp, n->loc);
      pto_mir_insert(&nb, nb.n - 1, w);
      dp->wnode[p][n->pipe] = w;
    }
    for (int q = 0; q < PTO_PIPE_COUNT; q++)
      if (q != (int)n->pipe && is_instr(n) && dp->last[n->pipe][q] == i) {
        pto_mir_node *sn = flag_node(c, PTO_SYNC_SET, n->pipe, (pto_pipe)q, 2,
                                     pp, n->loc);
        pto_mir_push(&nb, sn);
        dp->snode[n->pipe][q] = sn;
      }
  }
  pto_mir_push(&nb, scalar_text(c, pto_arena_printf(c->k->prog->arena,
                                                    "%s ^= 1;", pp), loc));
  st_free(&s);
  free(b->items);
  *b = nb;
}

/* Whether sync node N belongs to a cross pair left out (redundant, or
   dropped for PTO_EMIT_DROP_SYNC).  */
static bool
left_out(const dbuf_plan *dp, const pto_mir_node *n)
{
  for (int p = 0; p < PTO_PIPE_COUNT; p++)
    for (int q = 0; q < PTO_PIPE_COUNT; q++)
      if ((dp->redundant[p][q] || dp->dropped[p][q])
          && (dp->wnode[p][q] == n || dp->snode[p][q] == n))
        return true;
  return false;
}

/* Whether, with the syncs of body B that DP keeps, every conflict
   between iteration i and iteration i+2 (same buffer set) is ordered.
   Runs iterations 0, 1, 2 over vector clocks as the simulator's race
   detector does: an instruction is ordered after an earlier one of pipe
   P when its pipe's clock already covers it (set_flag snapshots the
   setter's clock, wait_flag merges it, pipe_barrier covers its own
   pipe; primed flags carry nothing).  */
static bool
dbuf_ordered(const pto_mir_block *b, const dbuf_plan *dp)
{
  enum { NP = PTO_PIPE_COUNT, NEV = 4 };
  unsigned clk[NP] = { 0 }, vc[NP][NP] = { { 0 } };
  unsigned flag[NP][NP][NEV][NP];
  memset(flag, 0, sizeof flag);
  unsigned *stamp0 = pto_xmalloc((size_t)(b->n + 1) * sizeof *stamp0);
  unsigned (*vc2)[NP] = pto_xmalloc((size_t)(b->n + 1) * sizeof *vc2);
  for (int it = 0; it < 3; it++)
    for (int i = 0; i < b->n; i++) {
      const pto_mir_node *n = b->items[i];
      if (n->kind == PTO_MIR_SYNC) {
        if (left_out(dp, n))
          continue;
        int ev = (n->event + (n->pp_var ? it % 2 : 0)) % NEV;
        if (n->sync == PTO_SYNC_SET) {
          memcpy(flag[n->from][n->to][ev], vc[n->from], sizeof vc[0]);
          flag[n->from][n->to][ev][n->from] = clk[n->from];
        } else if (n->sync == PTO_SYNC_WAIT) {
          for (int p = 0; p < NP; p++)
            if (flag[n->from][n->to][ev][p] > vc[n->to][p])
              vc[n->to][p] = flag[n->from][n->to][ev][p];
        } else if (n->from == PTO_PIPE_ALL) {
          for (int q = 0; q < NP; q++)
            memcpy(vc[q], clk, sizeof clk);
        } else
          vc[n->from][n->from] = clk[n->from];
        continue;
      }
      if (!is_instr(n))
        continue;
      if (it == 2)
        memcpy(vc2[i], vc[n->pipe], sizeof vc[0]);
      clk[n->pipe]++;
      if (it == 0)
        stamp0[i] = clk[n->pipe];
    }
  bool ok = true;
  for (int i = 0; i < b->n && ok; i++)
    for (int j = 0; j < b->n && ok; j++) {
      const pto_mir_node *x = b->items[i], *y = b->items[j];
      if (!is_instr(x) || !is_instr(y) || !ub_conflict(x, y)
          || (x->pipe == y->pipe && !pipelined(x->pipe)))
        continue;
      ok = vc2[j][x->pipe] >= stamp0[i];
    }
  free(stamp0);
  free(vc2);
  return ok;
}

/* Leave out every cross pair the others (and the iteration's own syncs)
   already imply, one at a time in pipe order.  */
static void
dbuf_reduce(const pto_mir_block *b, dbuf_plan *dp)
{
  for (int p = 0; p < PTO_PIPE_COUNT; p++)
    for (int q = 0; q < PTO_PIPE_COUNT; q++)
      if (dp->first[p][q] >= 0) {
        dp->redundant[p][q] = true;
        if (!dbuf_ordered(b, dp))
          dp->redundant[p][q] = false;
      }
}

/* Remove the nodes of the cross pairs left out from body B.  */
static void
dbuf_prune(pto_mir_block *b, const dbuf_plan *dp)
{
  int w = 0;
  for (int i = 0; i < b->n; i++)
    if (!(b->items[i]->kind == PTO_MIR_SYNC && left_out(dp, b->items[i])))
      b->items[w++] = b->items[i];
  b->n = w;
}

/* Walk loop N double-buffered if it qualifies (false otherwise).  */
static bool
walk_dbuf_loop(sctx *c, pto_mir_block *out, pto_mir_node *n, state *st)
{
  int64_t top = 0, delta = dbuf_delta(c, n, &top);
  if (delta < 0)
    return false;
  if (c->dry || !out) {
    apply_barrier(st, PTO_PIPE_ALL);
    return true;
  }
  dbuf_plan dp;
  dbuf_cross(&n->body, &dp);
  const char *pp = pto_arena_printf(c->k->prog->arena, "pto_db%d", n->id);
  /* Sibling loops (UnrollLoops' sub-loops): the previous one's closing
     join serves as this one's opening join.  */
  if (!(out->n && out->items[out->n - 1] == c->dbuf_exit))
    emit_sync(c, out, PTO_PIPE_ALL, PTO_PIPE_ALL, n->loc);
  c->pp_var = pp;
  dbuf_body(c, &n->body, &dp, pp, delta, n->loc);
  c->pp_var = NULL;
  dbuf_reduce(&n->body, &dp);
  /* Each cross pair kept counts as one sync for PTO_EMIT_DROP_SYNC (its
     wait and set in the body; the prime and drain stay, balanced).  */
  for (int p = 0; p < PTO_PIPE_COUNT; p++)
    for (int q = 0; q < PTO_PIPE_COUNT; q++)
      if (dp.first[p][q] >= 0 && !dp.redundant[p][q]) {
        c->k->nsync++;
        dp.dropped[p][q] = c->k->drop_sync && c->k->nsync == c->k->drop_sync;
      }
  dbuf_prune(&n->body, &dp);
  pto_mir_push(out, scalar_text(c, pto_arena_printf(c->k->prog->arena,
                                                     "int32_t %s = 0;", pp),
                                n->loc));
  dbuf_edges(c, out, &dp, PTO_SYNC_SET, n->loc);
  pto_mir_push(out, n);
  dbuf_edges(c, out, &dp, PTO_SYNC_WAIT, n->loc);
  int before = out->n;
  emit_sync(c, out, PTO_PIPE_ALL, PTO_PIPE_ALL, n->loc);
  if (out->n > before)
    c->dbuf_exit = out->items[out->n - 1];
  apply_barrier(st, PTO_PIPE_ALL);
  if (top > c->k->peak)
    c->k->peak = top;
  return true;
}

void
pto_sync_insert(pto_mir_kernel *k)
{
  sctx c = { k, false, NULL, NULL, NULL, 0 };
  state st = { 0 };
  walk_block(&c, &k->body, &st);
  /* A double-buffered loop at the very end already joined every pipe.  */
  bool joined = k->body.n && k->body.items[k->body.n - 1] == c.dbuf_exit;
  if (!st.dead && !joined) {
    c.k->nsync++;
    if (!(k->drop_sync && k->nsync == k->drop_sync))
      pto_mir_push(&k->body, sync_node(&c, PTO_SYNC_BARRIER, PTO_PIPE_ALL,
                                       PTO_PIPE_ALL, k->func->loc));
  }
  st_free(&st);
}
