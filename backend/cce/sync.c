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

#include "backend/cce/mir.h"

#include <stdlib.h>
#include <string.h>

typedef struct rec {
  int id;
  pto_pipe pipe;
  pto_mir_access acc;
  unsigned ord;         /* bit p: ordered before later work of pipe p */
} rec;

/* Invariant: at most one record per key (same_key: instruction and
   access); records enter only through st_add.  */
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
  int max_rounds;       /* MAX_FIXPOINT_ROUNDS, or PTO_EMIT_SYNC_ROUNDS */
  pto_diag *diag;       /* for the safety net's report (may be NULL) */
} sctx;

/* Loops nested deeper than this are not iterated to a fixed point (the
   analysis costs grow with the product of the iteration counts): their
   bodies start and end with pipe_barrier(PIPE_ALL) instead.  */
#define MAX_FIXPOINT_DEPTH 6

/* Termination of the loop analysis (settle_loop).  A loop's head state
   goes IN' = IN join BODY(IN), an ascending chain (IN' >= IN whatever
   BODY does: the join is the least upper bound) in a lattice of finite
   height: the keys are the kernel's (instruction, access) pairs, each
   with PTO_PIPE_COUNT ordering bits, and every round that is not the
   last adds a key or clears a bit.  So every loop settles, by
   construction; in practice within 2 or 3 rounds.

   Root cause of the old hang (difftest seeds 1001 and 1038, the tests
   sync-settle-*.pto): an instruction that reads one range twice
   (vadd(t1, t0, t0), vmul(t1, t0, t0)) pushed two records with the same
   key; the merge intersected the ordering of the first one only, so the
   join was not the least upper bound, and st_equal compared each record
   with the first of its key, so a state whose two copies had come to
   differ was not equal to itself: the chain had stopped rising but the
   test never said so, and the loop was iterated forever (later: until
   this bound, then fenced).  States now keep one record per key
   (st_add), which makes the join a least upper bound and st_equal an
   equality.

   This bound stays as a safety net only: a loop that has not settled
   after MAX_FIXPOINT_ROUNDS rounds (a bug) is fenced with
   pipe_barrier(PIPE_ALL) (safe, if slower) and reported as an internal
   problem, so the compiler never hangs whatever the input.  */
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

/* Add record R to S, keeping S's invariant of at most one record per
   key: a record with R's key takes the ordering both have (the join).
   Every record enters a state through here.  */
static void
st_add(state *s, rec r)
{
  for (int j = 0; j < s->n; j++)
    if (same_key(&s->v[j], &r)) {
      s->v[j].ord &= r.ord;
      return;
    }
  st_push(s, r);
}

/* A state that is A on one path and B on another (consumes neither):
   the least upper bound, records united by key, ordering intersected
   (A and B have unique keys, so each record of B meets at most one of
   A).  */
static state
st_merge(const state *a, const state *b)
{
  if (a->dead)
    return st_copy(b);
  if (b->dead)
    return st_copy(a);
  state m = st_copy(a);
  for (int i = 0; i < b->n; i++)
    st_add(&m, b->v[i]);
  return m;
}

static void
st_merge_into(state *into, const state *b)
{
  state m = st_merge(into, b);
  st_free(into);
  *into = m;
}

/* Whether A and B hold the same records.  Keys are unique in both
   (st_add), so equal counts and every record of A found in B with the
   same ordering is a bijection.  */
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
    st_add(st, r);   /* vadd(d, s, s) reads S twice: one record */
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
   settled after MAX_FIXPOINT_ROUNDS rounds (never, see the termination
   note at MAX_FIXPOINT_ROUNDS).  *IN is the last head state either
   way.  */
static bool
settle_loop(sctx *c, pto_mir_node *n, state *inp)
{
  state in = *inp;
  bool stable = false;
  for (int round = 0; round < c->max_rounds && !stable; round++) {
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
      if (c->depth < MAX_FIXPOINT_DEPTH && !c->dry && c->diag)
        pto_warning(c->diag, n->loc,
                    "internal compiler problem: the sync analysis of this "
                    "loop did not settle in %d rounds; the loop is fenced "
                    "with pipe_barrier(PIPE_ALL) (correct but slower; "
                    "please report it)", c->max_rounds);
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
/* Double buffering (option double-buffer)                            */
/* ------------------------------------------------------------------ */

/* A streaming loop (a FOR whose body is straight-line DMA/vector code
   and scalar statements, where every UB byte the body reads was written
   earlier in the same iteration, whose UB bytes are dead after the loop
   (dead_after_loop, around enclosing loops too), and whose GM transfers
   of different iterations cannot overlap (gm_iterations_disjoint))
   gets two buffer sets.  Design:
   * buffer selection: a run-time parity variable pto_dbN (0/1, toggled
     at the end of each virtual iteration); every UB offset of the body
     is OFF + D * pto_dbN, D from pto_memplan_pong (the copy sits above
     the planned peak).  No unrolling: any trip count, the UnrollLoops
     sub-loops included (each sibling loop is transformed on its own).
   * virtual iterations: an UnrollLoops p-path (unroll_times = p) whose
     body is p copies of one instruction shape (dbuf_copies) is treated
     as a loop over its copies: copy k of iteration j is virtual
     iteration p*j + k, on buffer set (p*j + k) % 2, so copy k+1 loads
     while copy k computes and copy k-1 stores, within an iteration and
     across iterations alike.  Everything below ("iteration", "body")
     then reads "virtual iteration", "one copy"; the GM condition is
     stated for virtual iterations (gm_iterations_disjoint, which also
     proves it with a run-time step: saxpy's pto.block_num() * 4).
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

/* GM disjointness of the iterations of a double-buffered loop.

   Addresses are read as linear forms: an integer constant plus integer
   multiples of atoms, an atom being the loop index, a pure nullary
   intrinsic (pto.block_num(), pto.block_idx()), a parameter or an
   enclosing loop's index (none of them changes while the loop runs).
   A local declared with an initialiser and never assigned (nor its
   address taken) stands for its initialiser ("loop0_step" for
   pto.block_num()): it is declared before its uses, and what its
   initialiser reads is one of the above, so it has the initialiser's
   value wherever it is used.  */

#define LIN_MAX 8                 /* atoms in one form */
/* Bound on coefficients and constants: products of two stay below
   2^60, so the arithmetic below cannot overflow.  */
#define LIN_BIG ((int64_t)1 << 30)
#define LIN_DEPTH 8               /* nested local substitutions */

typedef struct lin_atom {
  const pto_var *var;             /* NULL: the intrinsic OP */
  pto_op op;
} lin_atom;

typedef struct lin {
  int n;
  lin_atom atom[LIN_MAX];
  int64_t coef[LIN_MAX];          /* nonzero */
  int64_t k;
} lin;

/* What the function does with its variables, for lin_of.  */
typedef struct var_facts {
  const pto_stmt **decl;          /* DECL statements */
  int ndecl, capdecl;
  const pto_var **changed;        /* assigned, or address taken */
  int nchanged, capchanged;
} var_facts;

static void
facts_note_changed(var_facts *f, const pto_var *v)
{
  if (f->nchanged == f->capchanged) {
    f->capchanged = f->capchanged ? 2 * f->capchanged : 16;
    f->changed = pto_xrealloc(f->changed,
                              (size_t)f->capchanged * sizeof *f->changed);
  }
  f->changed[f->nchanged++] = v;
}

static void
facts_scan_expr(var_facts *f, const pto_expr *e)
{
  if (!e)
    return;
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_ADDR && e->a
      && e->a->kind == PTO_E_VAR)
    facts_note_changed(f, e->a->u.var);
  facts_scan_expr(f, e->a);
  facts_scan_expr(f, e->b);
  facts_scan_expr(f, e->c);
  for (int i = 0; i < e->nargs; i++)
    facts_scan_expr(f, e->args[i]);
}

static void
facts_scan_block(var_facts *f, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++) {
    const pto_mir_node *n = b->items[i];
    const pto_stmt *s = n->stmt;
    if (s->kind == PTO_S_DECL) {
      if (f->ndecl == f->capdecl) {
        f->capdecl = f->capdecl ? 2 * f->capdecl : 16;
        f->decl = pto_xrealloc(f->decl, (size_t)f->capdecl * sizeof *f->decl);
      }
      f->decl[f->ndecl++] = s;
    }
    if (s->kind == PTO_S_ASSIGN && s->lhs && s->lhs->kind == PTO_E_VAR)
      facts_note_changed(f, s->lhs->u.var);
    facts_scan_expr(f, s->lhs);
    facts_scan_expr(f, s->value);
    facts_scan_expr(f, s->cond);
    facts_scan_expr(f, s->start);
    facts_scan_expr(f, s->stop);
    facts_scan_expr(f, s->step);
    facts_scan_block(f, &n->body);
    facts_scan_block(f, &n->els);
  }
}

static void
facts_free(var_facts *f)
{
  free(f->decl);
  free(f->changed);
}

static bool
facts_changed(const var_facts *f, const pto_var *v)
{
  for (int i = 0; i < f->nchanged; i++)
    if (f->changed[i] == v)
      return true;
  return false;
}

/* The initialiser of local V when V is never changed after its
   declaration; NULL otherwise.  */
static const pto_expr *
facts_fixed_init(const var_facts *f, const pto_var *v)
{
  if (v->is_param || facts_changed(f, v))
    return NULL;
  for (int i = 0; i < f->ndecl; i++)
    if (f->decl[i]->var == v)
      return f->decl[i]->value;
  return NULL;
}

/* Whether V is declared by a DECL (not a parameter nor a loop index).  */
static bool
facts_is_local(const var_facts *f, const pto_var *v)
{
  for (int i = 0; i < f->ndecl; i++)
    if (f->decl[i]->var == v)
      return true;
  return false;
}

static bool
lin_ok(const lin *l)
{
  if (l->k <= -LIN_BIG || l->k >= LIN_BIG)
    return false;
  for (int i = 0; i < l->n; i++)
    if (l->coef[i] <= -LIN_BIG || l->coef[i] >= LIN_BIG)
      return false;
  return true;
}

static bool
same_atom(const lin_atom *a, const lin_atom *b)
{
  return a->var == b->var && (a->var || a->op == b->op);
}

/* *A += S * B; false when the result has too many atoms or is too big. */
static bool
lin_add(lin *a, const lin *b, int64_t s)
{
  if (s <= -LIN_BIG || s >= LIN_BIG)
    return false;
  a->k += s * b->k;
  for (int i = 0; i < b->n; i++) {
    int j = 0;
    while (j < a->n && !same_atom(&a->atom[j], &b->atom[i]))
      j++;
    if (j == a->n) {
      if (a->n == LIN_MAX)
        return false;
      a->atom[a->n] = b->atom[i];
      a->coef[a->n++] = 0;
    }
    a->coef[j] += s * b->coef[i];
  }
  int w = 0;
  for (int i = 0; i < a->n; i++)
    if (a->coef[i]) {
      a->atom[w] = a->atom[i];
      a->coef[w++] = a->coef[i];
    }
  a->n = w;
  return lin_ok(a);
}

/* The coefficient of variable V in L.  */
static int64_t
lin_coef(const lin *l, const pto_var *v)
{
  for (int i = 0; i < l->n; i++)
    if (l->atom[i].var == v)
      return l->coef[i];
  return 0;
}

static bool
lin_is_const(const lin *l)
{
  return l->n == 0;
}

/* Integer expression E as a linear form (see above) in *OUT.  */
static bool
lin_of(const var_facts *f, const pto_expr *e, int depth, lin *out)
{
  lin a, b;
  memset(out, 0, sizeof *out);
  switch (e->kind) {
  case PTO_E_INT:
    out->k = e->u.ival;
    return lin_ok(out);
  case PTO_E_VAR: {
    const pto_var *v = e->u.var;
    if (!v->type || v->type->kind != PTO_TY_SCALAR
        || !pto_dtype_is_int(v->type->dtype) || facts_changed(f, v))
      return false;
    if (facts_is_local(f, v)) {
      const pto_expr *init = facts_fixed_init(f, v);
      return init && depth < LIN_DEPTH && lin_of(f, init, depth + 1, out);
    }
    out->n = 1;     /* a parameter or a loop index */
    out->atom[0].var = v;
    out->coef[0] = 1;
    return true;
  }
  case PTO_E_CALL:
    if (!e->is_op || e->nargs != 0
        || pto_op_info(e->op)->effect != PTO_EFF_PURE
        || pto_op_info(e->op)->result != 'i')
      return false;
    out->n = 1;
    out->atom[0].op = e->op;
    out->coef[0] = 1;
    return true;
  case PTO_E_UN:
    if (e->u.unop == PTO_UN_NEG)
      return lin_of(f, e->a, depth, &a) && lin_add(out, &a, -1);
    /* a cast to an integer type of at least 32 bits keeps the value of
       the address arithmetic (indices are i32 or wider) */
    return e->u.unop == PTO_UN_CAST && e->type
           && e->type->kind == PTO_TY_SCALAR && pto_dtype_is_int(e->type->dtype)
           && pto_dtype_bytes(e->type->dtype) >= 4
           && lin_of(f, e->a, depth, out);
  case PTO_E_BIN:
    if (!lin_of(f, e->a, depth, &a) || !lin_of(f, e->b, depth, &b))
      return false;
    switch (e->u.binop) {
    case PTO_BIN_ADD:
      return lin_add(out, &a, 1) && lin_add(out, &b, 1);
    case PTO_BIN_SUB:
      return lin_add(out, &a, 1) && lin_add(out, &b, -1);
    case PTO_BIN_MUL:
      if (lin_is_const(&a))
        return lin_add(out, &b, a.k);
      if (lin_is_const(&b))
        return lin_add(out, &a, b.k);
      return false;
    case PTO_BIN_SHL:  /* x << k is x * 2^k (rewrite/decompose.c) */
      if (lin_is_const(&b) && b.k >= 0 && b.k < 62)
        return lin_add(out, &a, (int64_t)1 << b.k);
      return false;
    default:
      return false;
    }
  default:
    return false;
  }
}

/* Whether transfer N (a DMA, or a TILE node with GM set) loads.  */
static bool
gm_load(const pto_mir_node *n)
{
  return n->kind == PTO_MIR_TILE ? n->tile_load
                                 : !strcmp(n->op, "copy_gm_to_ubuf");
}

/* DMA N's GM pointer as BASE + OFF elements (OFF a linear form), and
   the elements it spans from there (*SPAN); false when it has another
   form.  BASE is a parameter never changed (a local pointer never
   changed stands for its initialiser).  */
static bool
gm_window(const var_facts *f, const pto_mir_node *n, const pto_var **base,
          lin *off, int64_t *span)
{
  const pto_expr *e = n->gm;
  int64_t esize = 0;
  if (e->type && e->type->kind == PTO_TY_PTR && e->type->pointee
      && e->type->pointee->kind == PTO_TY_SCALAR)
    esize = pto_dtype_bytes(e->type->pointee->dtype);
  if (esize <= 0 || n->row_stride)
    return false;
  memset(off, 0, sizeof *off);
  off->k = n->gm_off;
  for (int depth = 0; depth <= LIN_DEPTH; depth++) {
    /* pointer +/- integer, nested: "z + 1024 + j * 1024" */
    while (e->kind == PTO_E_BIN
           && (e->u.binop == PTO_BIN_ADD || e->u.binop == PTO_BIN_SUB)
           && e->a->type && e->a->type->kind == PTO_TY_PTR) {
      lin t;
      if (!lin_of(f, e->b, 0, &t)
          || !lin_add(off, &t, e->u.binop == PTO_BIN_ADD ? 1 : -1))
        return false;
      e = e->a;
    }
    /* the same element size all the way down */
    if (e->kind != PTO_E_VAR || !e->type || e->type->kind != PTO_TY_PTR
        || !e->type->pointee || e->type->pointee->kind != PTO_TY_SCALAR
        || pto_dtype_bytes(e->type->pointee->dtype) != esize
        || facts_changed(f, e->u.var))
      return false;
    if (e->u.var->is_param) {
      *base = e->u.var;
      bool load = gm_load(n);
      int64_t gap = load ? n->srcgap : n->dstgap;
      int64_t bytes = (n->nburst * n->lenburst + (n->nburst - 1) * gap) * 32;
      *span = (bytes + esize - 1) / esize;
      return true;
    }
    e = facts_fixed_init(f, e->u.var);
    if (!e)
      return false;
  }
  return false;
}

/* One GM transfer of a candidate body.  */
typedef struct gm_xfer {
  const pto_var *base;
  lin off;
  int64_t span;
  bool load;
  int copy;                       /* which of the body's copies */
} gm_xfer;

/* SIGMA = STEP / NSEG of loop L with integer coefficients, or false.  */
static bool
step_per_copy(const var_facts *f, const pto_mir_node *l, int nseg, lin *sigma)
{
  if (!l->stmt->step || !lin_of(f, l->stmt->step, 0, sigma))
    return false;
  if (sigma->k % nseg)
    return false;
  sigma->k /= nseg;
  for (int a = 0; a < sigma->n; a++) {
    if (sigma->coef[a] % nseg)
      return false;
    sigma->coef[a] /= nseg;
  }
  return true;
}

/* Whether the transfers X[FROM..NX) on X[FROM]'s base (the first on it)
   keep apart across virtual iterations; see gm_iterations_disjoint.  */
static bool
base_disjoint(const var_facts *f, const pto_mir_node *l, int nseg,
              const gm_xfer *x, int from, int nx)
{
  const pto_var *v = l->stmt->var, *base = x[from].base;
  bool loaded = false, stored = false;
  for (int j = from; j < nx; j++)
    if (x[j].base == base) {
      loaded |= x[j].load;
      stored |= !x[j].load;
    }
  if (!loaded || !stored)
    return true;
  int64_t c = lin_coef(&x[from].off, v), lo = 0, hi = 0;
  lin sigma = { 0 }, r0 = { 0 };
  bool have_sigma = false;
  if (!c)
    return false;
  for (int j = from; j < nx; j++) {
    if (x[j].base != base)
      continue;
    if (lin_coef(&x[j].off, v) != c)
      return false;
    if (x[j].copy && !have_sigma) {
      if (!step_per_copy(f, l, nseg, &sigma))
        return false;
      have_sigma = true;
    }
    /* R = OFF - C * V - C * copy * SIGMA, then its distance from the
       first transfer's R, which must be a constant */
    lin vv = { 1, { { v, PTO_OP_COUNT } }, { 1 }, 0 }, r = { 0 }, d = { 0 };
    if (!lin_add(&r, &x[j].off, 1) || !lin_add(&r, &vv, -c)
        || (x[j].copy && !lin_add(&r, &sigma, -c * x[j].copy)))
      return false;
    if (j == from)
      r0 = r;
    if (!lin_add(&d, &r, 1) || !lin_add(&d, &r0, -1) || !lin_is_const(&d))
      return false;
    if (d.k < lo)
      lo = d.k;
    if (d.k + x[j].span > hi)
      hi = d.k + x[j].span;
  }
  return hi - lo <= (c < 0 ? -c : c);
}

/* Whether the GM transfers of different iterations of loop L (body
   made of NSEG copies of LEN items each, the virtual iterations, see
   dbuf_segments) touch disjoint elements wherever that matters.

   Distinct pointer parameters do not alias (the kernel declares them
   __restrict__), and transfers of one direction stay in order on their
   pipe, so only a pointer the body both loads from and stores to
   matters.  Its transfers must all address BASE + C * V + C * k * SIGMA
   + R (V the loop index, k the copy, SIGMA = STEP / NSEG as a linear
   form with integer coefficients, C one nonzero constant, R a linear
   form whose non-constant part is the same in all of them), and the
   windows [R, R + span) must fit within |C| elements.  Copy k of
   iteration j then addresses BASE + C * V0 + C * SIGMA * (j * NSEG + k)
   + R: distinct virtual iterations m = j * NSEG + k are |C * SIGMA| *
   |m - m'| >= |C| elements apart (SIGMA is a nonzero integer: STEP =
   NSEG * SIGMA is nonzero in a loop that ends after an iteration), so
   their windows cannot meet.  With NSEG = 1 this is the plain loop: the
   index differs by at least 1 between iterations.  UnrollLoops' p-path
   "for (i_p = ..; ..; i_p += STEP * p) { B[i] B[i + STEP] ... }" is the
   case NSEG = p, SIGMA = STEP, also with a run-time STEP (saxpy's
   pto.block_num(), read through loop0_step).  Address arithmetic is
   assumed not to wrap.  */
static bool
gm_iterations_disjoint(const pto_mir_kernel *k, const pto_mir_node *l,
                       int nseg, int len)
{
  const pto_mir_block *b = &l->body;
  var_facts f = { 0 };
  facts_scan_block(&f, &k->src);
  gm_xfer *x = pto_xmalloc((size_t)(b->n + 1) * sizeof *x);
  int nx = 0;
  bool ok = true;
  for (int i = 0; i < b->n && ok; i++) {
    const pto_mir_node *n = b->items[i];
    if ((n->kind != PTO_MIR_DMA && n->kind != PTO_MIR_TILE) || !n->gm)
      continue;
    ok = gm_window(&f, n, &x[nx].base, &x[nx].off, &x[nx].span);
    x[nx].load = gm_load(n);
    x[nx].copy = i / len;
    nx++;
  }
  for (int a = 0; a < nx && ok; a++) {
    bool first = true;
    for (int j = 0; j < a && first; j++)
      first = x[j].base != x[a].base;
    if (first)
      ok = base_disjoint(&f, l, nseg, x, a, nx);
  }
  free(x);
  facts_free(&f);
  return ok;
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
  case PTO_MIR_TILE:
    /* Another back end's instruction: a GM transfer only when described
       as a DMA (GM set), the vector and MTE pipes only.  */
    if (n->pipe == PTO_PIPE_S && n->nacc)
      return false;
    for (int j = 0; j < n->nacc; j++)
      if (n->acc[j].space == PTO_MEM_GM && !n->gm)
        return false;
    if (n->gm && n->tile_load)
      *load = true;
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

static bool
same_access(const pto_mir_access *a, const pto_mir_access *b)
{
  return a->space == b->space && a->lo == b->lo && a->hi == b->hi
         && a->write == b->write && a->step == b->step
         && a->width == b->width;
}

/* Whether nodes A and B are the same instruction for the sync analysis
   (kind, pipe, DMA direction and every access; GM addresses aside).  */
static bool
same_shape(const pto_mir_node *a, const pto_mir_node *b)
{
  if (a->kind != b->kind || a->nacc != b->nacc)
    return false;
  if (a->kind == PTO_MIR_STMT)
    return a->stmt->kind == b->stmt->kind;
  if (a->kind == PTO_MIR_MASK)
    return a->mask_mode == b->mask_mode && a->hi == b->hi && a->lo == b->lo;
  if ((a->kind == PTO_MIR_DMA || a->kind == PTO_MIR_TILE)
      && strcmp(a->op, b->op))
    return false;
  if (a->pipe != b->pipe)
    return false;
  for (int j = 0; j < a->nacc; j++)
    if (!same_access(&a->acc[j], &b->acc[j]))
      return false;
  return true;
}

/* The number of virtual iterations in one iteration of loop N: its
   unroll_times P (UnrollLoops' p-path) when the body is P copies of the
   same instruction sequence (same_shape position by position), else 1.  */
static int
dbuf_copies(const pto_mir_node *n)
{
  const pto_attr *a = pto_attr_get(&n->stmt->attrs, "unroll_times");
  if (!a || a->kind != PTO_A_INT || a->ival < 2 || a->ival > n->body.n
      || n->body.n % a->ival)
    return 1;
  int nseg = (int)a->ival, len = n->body.n / nseg;
  for (int k = 1; k < nseg; k++)
    for (int t = 0; t < len; t++)
      if (!same_shape(n->body.items[t], n->body.items[k * len + t]))
        return 1;
  return nseg;
}

/* Record the double-buffering decision for loop N (the last one made
   wins: the fixpoint walks a loop more than once); return DELTA.  */
static int64_t
dbuf_note(const sctx *c, const pto_mir_node *n, int64_t delta, int copies,
          const char *why)
{
  pto_mir_kernel *k = c->k;
  int i = 0;
  while (i < k->ndbuf && k->dbuf[i].loop != n->stmt)
    i++;
  if (i == k->ndbuf) {
    if (k->ndbuf == k->capdbuf) {
      k->capdbuf = k->capdbuf ? 2 * k->capdbuf : 8;
      k->dbuf = pto_xrealloc(k->dbuf, (size_t)k->capdbuf * sizeof *k->dbuf);
    }
    k->ndbuf++;
  }
  k->dbuf[i] = (pto_dbuf_note){ n->stmt, delta, copies, why };
  return delta;
}

/* The distance to the second buffer set of loop N, or -1 when N is not
   a streaming loop that fits twice; *NSEG: its virtual iterations per
   iteration (dbuf_copies, or 1 when the copies' GM windows cannot be
   told apart that way).  */
static int64_t
dbuf_delta(const sctx *c, const pto_mir_node *n, int64_t *top, int *nseg)
{
  if (!c->k->double_buffer)
    return dbuf_note(c, n, -1, 0, "double buffering is off (option "
                     "double-buffer=0)");
  if (n->kind != PTO_MIR_FOR)
    return dbuf_note(c, n, -1, 0, "a while loop (only counted loops are "
                     "double-buffered)");
  if (c->pp_var)
    return dbuf_note(c, n, -1, 0, "inside a double-buffered loop");
  int64_t lo = INT64_MAX, hi = 0;
  bool load = false;
  for (int i = 0; i < n->body.n; i++)
    if (!dbuf_item_ok(&n->body, i, &lo, &hi, &load))
      return dbuf_note(c, n, -1, 0, "the body is not a stream of loads, "
                       "vector ops and stores (a nested loop, a branch, "
                       "scalar or cube code, or a UB value carried "
                       "between iterations)");
  if (!load || lo >= hi)
    return dbuf_note(c, n, -1, 0, "the body loads nothing from GM");
  *nseg = dbuf_copies(n);
  if (!gm_iterations_disjoint(c->k, n, *nseg, n->body.n / *nseg)) {
    if (*nseg == 1 || !gm_iterations_disjoint(c->k, n, 1, n->body.n))
      return dbuf_note(c, n, -1, 0, "the GM ranges of different "
                       "iterations may overlap");
    *nseg = 1;
  }
  lo = lo / 32 * 32;
  hi = (hi + 31) / 32 * 32;
  if (!dead_after_loop(c->k, n, lo, hi))
    return dbuf_note(c, n, -1, 0, "its UB buffers are still read after "
                     "the loop");
  int64_t d = pto_memplan_pong(c->k, n->stmt, lo, hi);
  *top = hi + d;
  if (d < 0)
    return dbuf_note(c, n, -1, 0, "a second set of its UB buffers does "
                     "not fit UB");
  return dbuf_note(c, n, d, *nseg, NULL);
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

/* Build into NB one virtual iteration of a double-buffered loop from
   its N nodes ITEMS: shifted offsets, the iteration's own syncs (from
   an empty state: the previous virtual iteration used the other set),
   the cross-iteration waits and sets of DP, the parity toggle.  */
static void
dbuf_segment(sctx *c, pto_mir_node **items, int count, pto_mir_block *nb,
             dbuf_plan *dp, const char *pp, int64_t delta, pto_loc loc)
{
  state s = { 0 };
  for (int i = 0; i < count; i++) {
    pto_mir_node *n = items[i];
    if (n->kind == PTO_MIR_DMA || n->kind == PTO_MIR_VEC
        || n->kind == PTO_MIR_TILE) {
      n->pp_var = pp;
      n->pp_delta = delta;
    }
    walk_node(c, nb, n, &s);
    for (int p = 0; p < PTO_PIPE_COUNT; p++) {
      if (dp->first[p][n->pipe] != i || !is_instr(n))
        continue;
      pto_mir_node *w = p == (int)n->pipe
                            ? flag_node(c, PTO_SYNC_BARRIER, n->pipe, n->pipe,
                                        0, NULL, n->loc)
                            : flag_node(c, PTO_SYNC_WAIT, (pto_pipe)p, n->pipe,
                                        2, pp, n->loc);
      pto_mir_insert(nb, nb->n - 1, w);
      dp->wnode[p][n->pipe] = w;
    }
    for (int q = 0; q < PTO_PIPE_COUNT; q++)
      if (q != (int)n->pipe && is_instr(n) && dp->last[n->pipe][q] == i) {
        pto_mir_node *sn = flag_node(c, PTO_SYNC_SET, n->pipe, (pto_pipe)q, 2,
                                     pp, n->loc);
        pto_mir_push(nb, sn);
        dp->snode[n->pipe][q] = sn;
      }
  }
  pto_mir_push(nb, scalar_text(c, pto_arena_printf(c->k->prog->arena,
                                                    "%s ^= 1;", pp), loc));
  st_free(&s);
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

/* Rebuild the body of double-buffered loop N as NSEG virtual
   iterations (copies of the first one's shape, see dbuf_copies), each
   on the other buffer set than the one before; fill DP (the template
   plan: positions within a copy, the pairs left out) and return the
   number of cross pairs kept.  */
static void
dbuf_segments(sctx *c, pto_mir_node *n, int nseg, dbuf_plan *dp,
              const char *pp, int64_t delta)
{
  int len = n->body.n / nseg;
  pto_mir_block first = { n->body.items, len, len };
  dbuf_cross(&first, dp);
  pto_mir_block *seg = pto_xmalloc((size_t)nseg * sizeof *seg);
  dbuf_plan *plan = pto_xmalloc((size_t)nseg * sizeof *plan);
  c->pp_var = pp;
  for (int k = 0; k < nseg; k++) {
    seg[k] = (pto_mir_block){ 0 };
    plan[k] = *dp;
    dbuf_segment(c, n->body.items + k * len, len, &seg[k], &plan[k], pp,
                 delta, n->loc);
  }
  c->pp_var = NULL;
  /* The copies are alike: what the first needs, each needs.  */
  dbuf_reduce(&seg[0], &plan[0]);
  /* Each cross pair kept counts as one sync for PTO_EMIT_DROP_SYNC (its
     wait and set in every copy; the prime and drain stay, balanced).  */
  for (int p = 0; p < PTO_PIPE_COUNT; p++)
    for (int q = 0; q < PTO_PIPE_COUNT; q++)
      if (plan[0].first[p][q] >= 0 && !plan[0].redundant[p][q]) {
        c->k->nsync++;
        plan[0].dropped[p][q] =
            c->k->drop_sync && c->k->nsync == c->k->drop_sync;
      }
  pto_mir_block body = { 0 };
  for (int k = 0; k < nseg; k++) {
    memcpy(plan[k].redundant, plan[0].redundant, sizeof plan[k].redundant);
    memcpy(plan[k].dropped, plan[0].dropped, sizeof plan[k].dropped);
    dbuf_prune(&seg[k], &plan[k]);
    for (int i = 0; i < seg[k].n; i++)
      pto_mir_push(&body, seg[k].items[i]);
    free(seg[k].items);
  }
  memcpy(dp->redundant, plan[0].redundant, sizeof dp->redundant);
  free(seg);
  free(plan);
  free(n->body.items);
  n->body = body;
}

/* Walk loop N double-buffered if it qualifies (false otherwise).  */
static bool
walk_dbuf_loop(sctx *c, pto_mir_block *out, pto_mir_node *n, state *st)
{
  int nseg = 1;
  int64_t top = 0, delta = dbuf_delta(c, n, &top, &nseg);
  if (delta < 0)
    return false;
  if (c->dry || !out) {
    apply_barrier(st, PTO_PIPE_ALL);
    return true;
  }
  const char *pp = pto_arena_printf(c->k->prog->arena, "pto_db%d", n->id);
  /* Sibling loops (UnrollLoops' sub-loops): the previous one's closing
     join serves as this one's opening join.  */
  if (!(out->n && out->items[out->n - 1] == c->dbuf_exit))
    emit_sync(c, out, PTO_PIPE_ALL, PTO_PIPE_ALL, n->loc);
  dbuf_plan dp;
  dbuf_segments(c, n, nseg, &dp, pp, delta);
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
pto_sync_insert(pto_mir_kernel *k, pto_diag *diag)
{
  sctx c = { k, false, NULL, NULL, NULL, 0, MAX_FIXPOINT_ROUNDS, diag };
  const char *env = getenv("PTO_EMIT_SYNC_ROUNDS");
  if (env && atoi(env) > 0)
    c.max_rounds = atoi(env);
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
