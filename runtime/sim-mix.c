/* sim-mix.c - dav-c220's separate cube and vector cores in the CCE
   simulator: one block of a mix kernel (`__mix__(1, 2)') runs on an AI
   Core group of one cube core (AIC) and two vector cores (AIV0, AIV1)
   that share only GM and synchronise only through the cross-core flags
   (ffts_cross_core_sync / wait_flag_dev).  Contract: cce_sim.h
   (pto_sim_run_mix and the two intrinsics); doc/cce.md, "dav-c220: the
   cube and the vector cores (simulator)".

   CORES.  Each core is a sim_state of its own: its own arenas (the AIC
   uses L1, L0A/B/C and the bias table, each AIV its UB; an access to a
   space the core does not have is reported by pto_sim_resolve), its
   registers (masks, pad value, CMPMASK), its intra-core flag table,
   clocks and instruction log.  The AIC is the thread's state, the AIVs
   are kept in its aux[] and report through it (sim-internal.h).

   SCHEDULING.  The three cores are cooperative coroutines (ucontext, one
   thread, so every run is the same): a core runs until it finishes or
   blocks in wait_flag_dev on a zero counter; then the next core in the
   fixed order AIC, AIV0, AIV1 (round robin from the one that stopped)
   that can proceed runs.  If none can and some have not finished, the
   block ends with a deadlock report naming each core, the flag it waits
   for and its counter; the blocked cores are abandoned, never resumed.
   Running the setter ahead until it blocks is the worst case for the
   counters, so a kernel that relies on the waiter keeping up sees the
   overflow report.

   FLAGS (asc-devkit docs/zh/api/SIMD-API/基础API/同步控制/核间同步/
   CrossCoreSetFlag(ISASI).md; config = GetffstMsg(mode, flagId) = 0x1 +
   ((mode & 3) << 4) + ((flagId & 0xf) << 8), asc-devkit HEAD:impl/
   basic_api/dav_c220/kernel_operator_sync_impl.h).  Each core has 16
   counters of 0..15; a set takes effect when everything issued before
   it on its pipe has finished and raises counters per mode: mode 2 from
   the AIC raises both AIVs', from an AIV it is matched with the other
   AIV's and the pair raises the AIC's; mode 1 (AIVs only) pairs the two
   AIVs' sets and raises both; mode 0 (all AICs / all AIVs of the
   launch) is simulated for a launch of one block only.  A wait blocks
   the core's issue while its counter is 0, then takes the oldest rise
   (FIFO: the hardware does not order two sets of one core, the
   simulator does).  Each rise carries the setter's knowledge (its
   pipe's vector clocks, as a set_flag does) and its time.

   RACES ACROSS CORES.  Every GM access is also checked against the
   other cores' accesses kept in one shadow per 32 B block of GM (per
   core and pipe, the last writer and reader with byte masks, as in
   cce_sim.c): core X's pipe B knows xvc[B].c[Y][q] instructions of core
   Y's pipe q complete; an access conflicting with a later one is a race
   naming both instructions and cores.  Knowledge flows through the
   cross-core flags (a wait merges the rise's clocks into every pipe of
   the waiting core: the wait stalls its issue) and through the
   intra-core flags and barriers as usual (cce_sim.c).

   COST.  Each core keeps its own timeline from the block's start; a
   rise is ready XCORE_LATENCY cycles after the setting pipe finishes
   what was issued before the set (a mode 1/2 pair: after the later of
   the two), and the wait stalls the core's issue until then.  The
   block's estimate is the latest core's.  */

#define _GNU_SOURCE
#include "sim-internal.h"
#include "sim-trace.h"

#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#define XFLAGS 16
#define XCOUNT_MAX 15
/* ASSUMPTION (an estimate, not a measurement): a set travels from the
   core to the task scheduler (FFTS) and the rise back to the waiting
   core in about 100 AI Core cycles (two SoC-level hops).  */
#define XCORE_LATENCY 100
/* Each coroutine's stack (lazily committed by the OS).  */
#define STACK_BYTES ((size_t)4 << 20)

/* One pending rise of a counter: the setter's knowledge and time.  */
typedef struct sim_rise {
  sim_xclock vc; /* every core's row, the setter's included */
  uint64_t time;
  const char *file;
  int line;
  int from; /* the setting core */
} sim_rise;

/* A counter (or the unmatched sets of one AIV): oldest first.  */
typedef struct sim_queue {
  int n;
  sim_rise r[XCOUNT_MAX];
} sim_queue;

/* The cross-core shadow of one 32 B block of GM.  */
typedef struct sim_xslot {
  uintptr_t key; /* (address >> 5) + 1; 0 = empty */
  uint32_t wid[SIM_NCORE][SIM_NPIPE], rid[SIM_NCORE][SIM_NPIPE];
  uint32_t wmask[SIM_NCORE][SIM_NPIPE], rmask[SIM_NCORE][SIM_NPIPE];
} sim_xslot;

/* Unmatched AIV sets: toward the AIVs (modes 0 and 1) or the AIC.  */
enum { TO_AIVS, TO_AIC };

typedef struct sim_group {
  sim_state *core[SIM_NCORE];
  void (*fn[SIM_NCORE])(void *);
  void *arg;
  ucontext_t sched, ctx[SIM_NCORE];
  char *stack[SIM_NCORE];
  int running;
  int done[SIM_NCORE];
  int waits[SIM_NCORE]; /* the flag a blocked core waits for, or -1 */
  const char *wfile[SIM_NCORE];
  int wline[SIM_NCORE];
  sim_queue cnt[SIM_NCORE][XFLAGS];
  sim_queue half[2][XFLAGS][2]; /* [aiv][flag][TO_AIVS / TO_AIC] */
  sim_xslot *gm;
  size_t gm_cap, gm_used;
} sim_group;

static _Thread_local sim_group *running_group;

static void *xmalloc0(size_t n)
{
  void *p = calloc(1, n);
  if (!p) {
    fputs("pto-sim: out of memory\n", stderr);
    abort();
  }
  return p;
}

/* ------------------------------------------------------------------ */
/* What each core has                                                  */
/* ------------------------------------------------------------------ */

int pto_sim_core_has_space(const sim_state *s, int sp)
{
  if (!s->grp || sp == PTO_SIM_GM)
    return 1;
  if (s->core == SIM_AIC)
    return sp != PTO_SIM_UB;
  return sp == PTO_SIM_UB;
}

/* The AIC: every pipe but V (MTE3 too: the vendor's AIC code sets its
   cross-core flags on it, kernel_operator_sync_impl.h); an AIV: S, V,
   MTE2, MTE3.  */
int pto_sim_core_has_pipe(const sim_state *s, int p)
{
  if (!s->grp)
    return 1;
  if (s->core == SIM_AIC)
    return p != P_V;
  return p == P_S || p == P_V || p == P_MTE2 || p == P_MTE3;
}

const char *pto_sim_core_name(const sim_state *s)
{
  static const char *const n[SIM_NCORE] = { "aic", "aiv0", "aiv1" };
  return s->core >= 0 && s->core < SIM_NCORE ? n[s->core] : "?";
}

const char *pto_sim_core_kind(const sim_state *s)
{
  return s->core == SIM_AIC ? "cube (AIC)" : "vector (AIV)";
}

int pto_sim_subblock_id(void)
{
  sim_state *s = pto_sim_state();
  return s->grp && s->core != SIM_AIC ? s->core - SIM_AIV0 : 0;
}

int pto_sim_subblock_dim(void)
{
  sim_state *s = pto_sim_state();
  return s->grp && s->core != SIM_AIC ? 2 : 1;
}

/* ------------------------------------------------------------------ */
/* Knowledge                                                           */
/* ------------------------------------------------------------------ */

void pto_sim_xclock_merge(sim_xclock *dst, const sim_xclock *src)
{
  for (int c = 0; c < SIM_NCORE; c++)
    for (int q = 0; q < SIM_NPIPE; q++)
      if (src->c[c][q] > dst->c[c][q])
        dst->c[c][q] = src->c[c][q];
}

/* What pipe A of core S knows now, its own core's row included (A's
   own entry counts everything issued on A: the set waits for it).  */
static sim_xclock snapshot(const sim_state *s, int a)
{
  sim_xclock k = s->xvc[a];
  memcpy(k.c[s->core], s->vc[a], sizeof k.c[s->core]);
  k.c[s->core][a] = s->clk[a];
  return k;
}

/* Core S waited for a rise carrying K: everything it issues from now
   on, on any pipe, is ordered after what K covers.  */
static void learn(sim_state *s, const sim_xclock *k)
{
  for (int b = 0; b < SIM_NPIPE; b++) {
    pto_sim_xclock_merge(&s->xvc[b], k);
    for (int q = 0; q < SIM_NPIPE; q++)
      if (k->c[s->core][q] > s->vc[b][q])
        s->vc[b][q] = k->c[s->core][q];
  }
}

/* ------------------------------------------------------------------ */
/* Counters                                                            */
/* ------------------------------------------------------------------ */

static void push(sim_queue *q, const sim_rise *r) { q->r[q->n++] = *r; }

static sim_rise pop(sim_queue *q)
{
  sim_rise r = q->r[0];
  memmove(&q->r[0], &q->r[1], (size_t)(q->n - 1) * sizeof q->r[0]);
  q->n--;
  return r;
}

/* Raise flag FLAG of core TO with R; S is the setting core.  */
static void raise_flag(sim_state *s, int to, int flag, const sim_rise *r)
{
  sim_group *g = s->grp;
  sim_queue *q = &g->cnt[to][flag];
  if (q->n == XCOUNT_MAX) {
    pto_sim_error_at(s, r->file, r->line,
                     "ffts_cross_core_sync: the counter of flag %d of %s "
                     "would exceed 15 (16 rises not waited for: the "
                     "hardware raises an error)",
                     flag, pto_sim_core_name(g->core[to]));
    return;
  }
  push(q, r);
}

/* An AIV's set that needs the other AIV's (modes 0 and 1 toward both
   AIVs, mode 2 toward the AIC): queue it, and raise once both are in.  */
static void pair_set(sim_state *s, int kind, int flag, const sim_rise *r)
{
  sim_group *g = s->grp;
  int me = s->core - SIM_AIV0;
  sim_queue *mine = &g->half[me][flag][kind];
  sim_queue *other = &g->half[1 - me][flag][kind];
  if (mine->n == XCOUNT_MAX) {
    pto_sim_error_at(s, r->file, r->line,
                     "ffts_cross_core_sync: 16 sets of flag %d not yet "
                     "matched by the other AIV's (a counter overflow)",
                     flag);
    return;
  }
  push(mine, r);
  if (!other->n)
    return;
  sim_rise a = pop(&g->half[0][flag][kind]);
  sim_rise b = pop(&g->half[1][flag][kind]);
  pto_sim_xclock_merge(&a.vc, &b.vc);
  if (b.time > a.time)
    a.time = b.time;
  a.file = r->file; /* the set that completed the pair */
  a.line = r->line;
  if (kind == TO_AIC) {
    raise_flag(s, SIM_AIC, flag, &a);
    return;
  }
  raise_flag(s, SIM_AIV0, flag, &a);
  raise_flag(s, SIM_AIV1, flag, &a);
}

/* Check a set's config and pipe; return its mode, or -1 (reported).  */
static int set_args(sim_state *s, const char *f, int l, int pipe,
                    uint64_t config, int *a)
{
  if ((config & 0xf) != 1) {
    pto_sim_error_at(s, f, l, "ffts_cross_core_sync: config %#llx is not "
                     "a GetffstMsg(mode, flagId) value (0x1 + (mode << 4) "
                     "+ (flagId << 8))", (unsigned long long)config);
    return -1;
  }
  int mode = (int)((config >> 4) & 3);
  *a = pto_sim_pipe_index(pipe);
  if (*a < 0 || *a == P_S) {
    pto_sim_error_at(s, f, l, "ffts_cross_core_sync: pipe %d is not "
                     "allowed (V, M, MTE1, MTE2, MTE3 or FIX; not PIPE_S "
                     "nor PIPE_ALL in modes 0-2)", pipe);
    return -1;
  }
  if (mode == 3 || (mode == 1 && s->core == SIM_AIC)) {
    pto_sim_error_at(s, f, l, "ffts_cross_core_sync: mode %d is not for "
                     "the %s (dav-c220: 0 all AICs or all AIVs, 1 the two "
                     "AIVs, 2 AIC <-> AIVs)", mode,
                     s->core == SIM_AIC ? "AIC" : "AIV");
    return -1;
  }
  if (mode == 0 && s->bnum > 1) {
    pto_sim_error_at(s, f, l, "ffts_cross_core_sync: mode 0 (every AIC or "
                     "AIV of the launch) is not simulated for %d blocks: "
                     "the simulator runs one block at a time", s->bnum);
    return -1;
  }
  return mode;
}

void pto_sim_ffts_cross_core_sync(const char *f, int l, int pipe,
                                  uint64_t config)
{
  sim_state *s = pto_sim_state();
  if (!s->grp) {
    pto_sim_error_at(s, f, l, "ffts_cross_core_sync outside a mix block "
                     "(pto_sim_run_mix): no other core to synchronise with");
    return;
  }
  int a, mode = set_args(s, f, l, pipe, config, &a);
  int flag = (int)((config >> 8) & 0xf);
  if (mode < 0)
    return;
  pto_sim_begin(s, f, l, "ffts_cross_core_sync", a);
  s->stats.sync_instrs++;
  sim_rise r = { snapshot(s, a), 0, f, l, s->core };
  pto_sim_end(s, 0);
  r.time = s->ptime[a] + XCORE_LATENCY;
  if (s->core != SIM_AIC)
    pair_set(s, mode == 2 ? TO_AIC : TO_AIVS, flag, &r);
  else if (mode == 0)
    raise_flag(s, SIM_AIC, flag, &r);
  else {
    raise_flag(s, SIM_AIV0, flag, &r);
    raise_flag(s, SIM_AIV1, flag, &r);
  }
}

void pto_sim_wait_flag_dev(const char *f, int l, int64_t id)
{
  sim_state *s = pto_sim_state();
  int flag = (int)(id & 0xf); /* only the low 4 bits count */
  pto_sim_begin(s, f, l, "wait_flag_dev", P_S);
  s->stats.sync_instrs++;
  sim_group *g = s->grp;
  if (!g) {
    pto_sim_error_at(s, f, l, "wait_flag_dev(%d) outside a mix block "
                     "(pto_sim_run_mix): no core can raise it, the core "
                     "would hang", flag);
    pto_sim_end(s, 0);
    return;
  }
  while (!g->cnt[s->core][flag].n) {
    g->waits[s->core] = flag;
    g->wfile[s->core] = f;
    g->wline[s->core] = l;
    swapcontext(&g->ctx[s->core], &g->sched);
  }
  g->waits[s->core] = -1;
  sim_rise r = pop(&g->cnt[s->core][flag]);
  learn(s, &r.vc);
  uint64_t from = s->issue + 1 > s->ptime[P_S] ? s->issue + 1 : s->ptime[P_S];
  pto_trace_idle(s, P_S, from, r.time, "wait_flag_dev");
  if (r.time > s->ptime[P_S])
    s->ptime[P_S] = r.time;
  if (r.time > s->issue)
    s->issue = r.time;
  pto_sim_end(s, 0);
}

/* ------------------------------------------------------------------ */
/* Races across cores                                                  */
/* ------------------------------------------------------------------ */

static void xslot_rehash(sim_group *g, size_t ncap)
{
  sim_xslot *nt = xmalloc0(ncap * sizeof *nt);
  for (size_t i = 0; i < g->gm_cap; i++)
    if (g->gm[i].key)
      *(sim_xslot *)sim_gm_probe(nt, sizeof *nt, ncap, g->gm[i].key) = g->gm[i];
  free(g->gm);
  g->gm = nt;
  g->gm_cap = ncap;
}

static sim_xslot *xslot(sim_group *g, uintptr_t block)
{
  if (2 * (g->gm_used + 1) > g->gm_cap)
    xslot_rehash(g, g->gm_cap ? g->gm_cap * 2 : 1024);
  uintptr_t key = sim_gm_key(block);
  sim_xslot *e = sim_gm_probe(g->gm, sizeof *g->gm, g->gm_cap, key);
  if (!e->key) {
    e->key = key;
    g->gm_used++;
  }
  return e;
}

static void report_xrace(sim_state *s, int y, uintptr_t addr, int rw,
                         uint32_t other, int other_rw)
{
  /* Ids are below 2^28 (a block's log), so the key names the core.  */
  if (!pto_sim_race_budget(s, other | (uint32_t)(y + 1) << 28))
    return;
  const sim_state *o = s->grp->core[y];
  const sim_instr *me = &s->log[s->cur], *ot = &o->log[other];
  char mbuf[80], obuf[80];
  pto_sim_format_operand(me, PTO_SIM_GM, rw, addr, mbuf, sizeof mbuf);
  pto_sim_format_operand(ot, PTO_SIM_GM, other_rw, addr, obuf, sizeof obuf);
  pto_sim_error_at(
      s, me->file, me->line,
      "race: %s (%s %s) %s %s %s by %s:%d %s (%s %s) %s with no "
      "cross-core flag (ffts_cross_core_sync / wait_flag_dev) ordering them",
      me->name, pto_sim_core_name(s), pto_sim_pipe_name(me->pipe),
      rw == SIM_W ? "writes" : "reads", mbuf,
      other_rw == SIM_W ? "written" : "read", ot->file, ot->line, ot->name,
      pto_sim_core_name(o), pto_sim_pipe_name(ot->pipe), obuf);
}

void pto_sim_xcore_touch(sim_state *s, uintptr_t block, uint32_t mask, int rw)
{
  sim_group *g = s->grp;
  sim_xslot *e = xslot(g, block);
  int b = s->log[s->cur].pipe, x = s->core;
  uintptr_t addr = block + (uintptr_t)__builtin_ctz(mask);
  for (int y = 0; y < SIM_NCORE; y++) {
    if (y == x)
      continue;
    const sim_instr *olog = g->core[y]->log;
    for (int q = 0; q < SIM_NPIPE; q++) {
      uint32_t known = s->xvc[b].c[y][q];
      uint32_t w = e->wid[y][q], r = e->rid[y][q];
      if (w && (e->wmask[y][q] & mask) && olog[w].pidx > known)
        report_xrace(s, y, addr, rw, w, SIM_W);
      if (rw == SIM_W && r && (e->rmask[y][q] & mask) &&
          olog[r].pidx > known)
        report_xrace(s, y, addr, rw, r, SIM_R);
    }
  }
  if (rw == SIM_W) {
    e->wid[x][b] = s->cur;
    e->wmask[x][b] |= mask;
  } else {
    e->rid[x][b] = s->cur;
    e->rmask[x][b] |= mask;
  }
}

/* ------------------------------------------------------------------ */
/* The block                                                           */
/* ------------------------------------------------------------------ */

/* The body of every core's coroutine; returning resumes the scheduler
   (uc_link).  */
static void core_main(void)
{
  sim_group *g = running_group;
  int c = g->running;
  g->fn[c](g->arg);
  g->done[c] = 1;
}

static int can_run(const sim_group *g, int c)
{
  return !g->done[c] && (g->waits[c] < 0 || g->cnt[c][g->waits[c]].n > 0);
}

/* The next core after LAST, in the fixed order, that can proceed.  */
static int pick(const sim_group *g, int last)
{
  for (int k = 1; k <= SIM_NCORE; k++) {
    int c = (last + k) % SIM_NCORE;
    if (can_run(g, c))
      return c;
  }
  return -1;
}

static void start_core(sim_group *g, int c)
{
  g->stack[c] = xmalloc0(STACK_BYTES);
  getcontext(&g->ctx[c]);
  g->ctx[c].uc_stack.ss_sp = g->stack[c];
  g->ctx[c].uc_stack.ss_size = STACK_BYTES;
  g->ctx[c].uc_link = &g->sched;
  makecontext(&g->ctx[c], core_main, 0);
  g->waits[c] = -1;
}

static void schedule(sim_group *g)
{
  for (int c = pick(g, SIM_NCORE - 1); c >= 0; c = pick(g, c)) {
    g->running = c;
    pto_sim_set_current(g->core[c]);
    swapcontext(&g->sched, &g->ctx[c]);
  }
  pto_sim_set_current(g->core[SIM_AIC]);
}

/* Every unfinished core is blocked: one report naming each core.  */
static void report_deadlock(sim_group *g)
{
  char buf[600];
  size_t n = 0;
  int first = -1;
  for (int c = 0; c < SIM_NCORE; c++) {
    const char *nm = pto_sim_core_name(g->core[c]);
    if (g->done[c])
      n += (size_t)snprintf(buf + n, sizeof buf - n, "; %s finished", nm);
    else {
      if (first < 0)
        first = c;
      n += (size_t)snprintf(buf + n, sizeof buf - n,
                            "; %s waits at %s:%d for flag %d (counter %d)",
                            nm, g->wfile[c], g->wline[c], g->waits[c],
                            g->cnt[c][g->waits[c]].n);
    }
    if (n >= sizeof buf)
      n = sizeof buf - 1;
  }
  pto_sim_error_at(g->core[first], g->wfile[first], g->wline[first],
                   "deadlock: every unfinished core is blocked in "
                   "wait_flag_dev%s", buf);
}

/* Rises and sets still pending when every core has finished.  */
static void report_pending(sim_group *g)
{
  for (int c = 0; c < SIM_NCORE; c++)
    for (int fl = 0; fl < XFLAGS; fl++)
      if (g->cnt[c][fl].n) {
        const sim_rise *r = &g->cnt[c][fl].r[0];
        pto_sim_error_at(g->core[r->from], r->file, r->line,
                         "ffts_cross_core_sync raised flag %d of %s, which "
                         "is never waited (wait_flag_dev) before the end of "
                         "the kernel", fl, pto_sim_core_name(g->core[c]));
      }
  for (int v = 0; v < 2; v++)
    for (int fl = 0; fl < XFLAGS; fl++)
      for (int k = 0; k < 2; k++)
        if (g->half[v][fl][k].n) {
          const sim_rise *r = &g->half[v][fl][k].r[0];
          pto_sim_error_at(g->core[r->from], r->file, r->line,
                           "ffts_cross_core_sync of flag %d is never matched "
                           "by the other AIV's before the end of the kernel",
                           fl);
        }
}

static void add_stats(pto_sim_stats *to, const pto_sim_stats *from)
{
  to->vector_instrs += from->vector_instrs;
  to->vector_repeats += from->vector_repeats;
  to->dma_instrs += from->dma_instrs;
  to->dma_bytes += from->dma_bytes;
  to->cube_instrs += from->cube_instrs;
  to->sync_instrs += from->sync_instrs;
  for (int p = 0; p < SIM_NPIPE; p++)
    to->busy[p] += from->busy[p];
}

/* Set up the group of the thread's state M for block IDX of NUM.  */
static sim_group *group_begin(sim_state *m, int idx, int num)
{
  sim_group *g = xmalloc0(sizeof *g);
  g->core[SIM_AIC] = m;
  for (int v = 0; v < 2; v++) {
    sim_state *a = m->aux[v] = pto_sim_new_core(m, m->aux[v]);
    memset(&a->stats, 0, sizeof a->stats);
    a->core = SIM_AIV0 + v;
    g->core[SIM_AIV0 + v] = a;
  }
  m->core = SIM_AIC;
  for (int c = 0; c < SIM_NCORE; c++) {
    g->core[c]->grp = g;
    pto_sim_block_start(g->core[c], idx, num);
  }
  return g;
}

/* Finish every core, record the block's estimate on M, free G.  */
static void group_end(sim_group *g, sim_state *m)
{
  uint64_t t = 0, t_aic = 0;
  for (int c = 0; c < SIM_NCORE; c++) {
    sim_state *s = g->core[c];
    pto_sim_set_current(s);
    if (!g->done[c]) /* abandoned: its pending flags say nothing */
      memset(s->flags, 0, sizeof s->flags);
    uint64_t tc = pto_sim_block_finish(s);
    if (c == SIM_AIC)
      t_aic = tc;
    if (tc > t)
      t = tc;
  }
  pto_sim_set_current(m);
  pto_trace_idle(m, P_S, t_aic, t, "vector cores");
  for (int v = 0; v < 2; v++)
    add_stats(&m->stats, &m->aux[v]->stats);
  for (int c = 0; c < SIM_NCORE; c++) {
    g->core[c]->grp = NULL;
    free(g->stack[c]);
  }
  m->core = SIM_AIC;
  pto_sim_block_record(m, t);
  free(g->gm);
  free(g);
}

int pto_sim_run_mix(int idx, int num, void (*aic)(void *),
                    void (*aiv)(void *), void *ctx)
{
  sim_state *m = pto_sim_state();
  if (m->grp) {
    pto_sim_error_at(m, "pto_sim_run_mix", 0, "a mix block inside a mix "
                     "block");
    return 1;
  }
  if (strcmp(m->arch->name, "dav-c220")) {
    pto_sim_error_at(m, "pto_sim_run_mix", 0, "the arch %s has no separate "
                     "cube and vector cores in this simulator (dav-c220 "
                     "only)", m->arch->name);
    return 1;
  }
  sim_group *g = group_begin(m, idx, num);
  pto_trace_block_begin(m);
  g->fn[SIM_AIC] = aic;
  g->fn[SIM_AIV0] = g->fn[SIM_AIV1] = aiv;
  g->arg = ctx;
  for (int c = 0; c < SIM_NCORE; c++)
    start_core(g, c);
  sim_group *saved = running_group;
  running_group = g;
  schedule(g);
  running_group = saved;
  int finished = g->done[0] && g->done[1] && g->done[2];
  if (finished)
    report_pending(g);
  else
    report_deadlock(g);
  group_end(g, m);
  return m->block_errors;
}
