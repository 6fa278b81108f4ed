/* cce_sim.c - the core of the CCE simulator: per-arch arenas, error
   reporting, the flag table, the race detector and the cost model.  The
   instructions themselves are in sim-vec.c (vector) and sim-dma.c (DMA
   and cube).  Contract: cce_sim.h.

   RACE DETECTOR.  Each instruction gets an id (its index in the
   per-block instruction log) and a position in its pipe (clk[pipe]).
   vc[B][A] is the number of pipe-A instructions known to be complete
   before pipe B's next instruction starts (a vector clock per pipe).
   set_flag(A,B,e) snapshots vc[A] with vc[A][A] = clk[A] (the flag is
   raised when everything issued on A so far has finished); wait_flag
   merges the snapshot into vc[B]; pipe_barrier(P) sets vc[P][P] =
   clk[P]; pipe_barrier(PIPE_ALL) sets every entry to clk.  Each 32 B
   block of each space (GM through a hash table keyed by host address)
   keeps, per pipe, the id of the last instruction that wrote it and the
   last that read it, with byte masks.  An access by pipe B conflicts
   with pipe A's entry when one of the two is a write, the byte masks
   meet, and the entry's pipe position is > vc[B][A]: one check per pipe
   per block, because positions within a pipe are monotonic (if A's last
   writer is ordered before B, so are all earlier ones).
   Each pipe also carries xvc, the same knowledge of the other cores of
   a mix block; flags, barriers and waits move it exactly as vc (the
   cross-core side is sim-mix.c).

   COST MODEL (estimates, not measurements; cycles at the AI Core clock):
     issue         the scalar unit dispatches one instruction per cycle;
                   pipes run concurrently, each in order.
     DMA GM<->UB/L1 (MTE2/MTE3): 64 cycles start-up + 1 cycle per 32 B
                   + 4 per burst (a 32 B/cycle port, as the public
                   figures of ~1 TB/s HBM shared by ~30 cores suggest).
     UB->UB (V), L1->L0 (MTE1), L0C out (V/FIX): 16 + bytes / 64.
     vector ops (V): 8 start-up + repeats x c, with c = 1 for
                   add/sub/mul/max/min/abs/relu/dup/scalar forms/
                   conversions (one 256 B repeat per cycle), c = 2 for
                   reductions, c = 4 for div/exp/ln/sqrt/rsqrt/rec
                   (the cycles column of runtime/pto-ops.def).
     mad (M):      16 + one 16x16x16 fractal product per cycle.
     set_flag:     the flag rises 1 cycle after pipe A finishes what was
                   issued before it; wait_flag stalls pipe B until then;
                   pipe_barrier(PIPE_ALL) joins every pipe.
   A block's estimate is the time its last pipe finishes.  */

#define _GNU_SOURCE
#include "sim-internal.h"
#include "sim-trace.h"

#include <stdlib.h>
#include <string.h>

#define KB ((size_t)1024)

/* Usable sizes (the arena is what a kernel may plan into).  */
static const sim_arch arch_table[] = {
  { "dav-c100", "1001", 248 * KB, 1024 * KB, 64 * KB, 64 * KB, 256 * KB, 4, 0, 0 },
  { "dav-m200", "2002", 248 * KB, 1024 * KB, 64 * KB, 64 * KB, 256 * KB, 4, 0, 0 },
  /* The fixpipe buffer's deq words: 256 on dav-c220 (2 KB; asc-devkit
     dav_c220 kernel_operator_fixpipe_impl.h GenFixpipeTiling, FB_SIZE
     in impl/adv_api/tiling/conv/conv3d_tiling_util.h), 1024 on 3510
     (8 KB; dav_3510 GenFixpipeTiling).  */
  { "dav-c220", "dav-2201", 184 * KB, 512 * KB, 64 * KB, 64 * KB, 128 * KB, 8, 1 * KB, 2 * KB },
  { "3510", "dav-3510", 248 * KB, 512 * KB, 64 * KB, 64 * KB, 256 * KB, 8, 4 * KB, 8 * KB },
};
#define DEFAULT_ARCH 2

static const char *const space_names[PTO_SIM_NSPACES] = { "gm",  "ub",  "l1",
                                                          "l0a", "l0b", "l0c",
                                                          "bt",  "fb" };

static _Thread_local sim_state *current;

/* ------------------------------------------------------------------ */
/* State, arenas                                                       */
/* ------------------------------------------------------------------ */

static void *xcalloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) {
    fputs("pto-sim: out of memory\n", stderr);
    abort();
  }
  return p;
}

static void free_arenas(sim_state *s)
{
  for (int i = 0; i < PTO_SIM_NSPACES; i++) {
    free(s->sp[i].mem);
    free(s->sp[i].sh);
    s->sp[i].mem = NULL;
    s->sp[i].sh = NULL;
  }
}

static void alloc_arenas(sim_state *s)
{
  const sim_arch *a = s->arch;
  size_t sizes[PTO_SIM_NSPACES] = { 0, a->ub, a->l1, a->l0a, a->l0b, a->l0c,
                                    a->bt, a->fb };
  for (int i = 0; i < PTO_SIM_NSPACES; i++) {
    s->sp[i].name = space_names[i];
    s->sp[i].size = sizes[i];
    if (i == PTO_SIM_GM)
      continue;
    s->sp[i].mem = xcalloc(sizes[i], 1);
    memset(s->sp[i].mem, 0xff, sizes[i]);
    s->sp[i].sh = xcalloc(sizes[i] / SIM_BLOCK, sizeof(sim_shadow));
    s->sp[i].dirty = 0;
  }
}

static const sim_arch *lookup_arch(const char *name)
{
  for (size_t i = 0; i < sizeof arch_table / sizeof arch_table[0]; i++)
    if (!strcmp(name, arch_table[i].name) || !strcmp(name, arch_table[i].alias))
      return &arch_table[i];
  return NULL;
}

void pto_sim_set_current(sim_state *s) { current = s; }

sim_state *pto_sim_new_core(sim_state *main, sim_state *old)
{
  if (old && old->arch == main->arch) {
    old->strict = main->strict;
    return old;
  }
  if (old) {
    free_arenas(old);
    free(old->log);
    free(old->gm);
    free(old);
  }
  sim_state *s = xcalloc(1, sizeof *s);
  s->arch = main->arch;
  s->strict = main->strict;
  s->bnum = 1;
  s->owner = main;
  s->notrace = 1;
  alloc_arenas(s);
  return s;
}

/* The calling thread's simulator, created on first use from the
   environment (PTO_SIM_ARCH, PTO_SIM_MODE).  */
sim_state *pto_sim_state(void)
{
  if (current)
    return current;
  sim_state *s = xcalloc(1, sizeof *s);
  const char *env = getenv("PTO_SIM_ARCH");
  s->arch =
      env && lookup_arch(env) ? lookup_arch(env) : &arch_table[DEFAULT_ARCH];
  env = getenv("PTO_SIM_MODE");
  s->mode = env && !strcmp(env, "record") ? PTO_SIM_RECORD : PTO_SIM_ABORT;
  s->strict = (1u << P_V) | (1u << P_M);
  s->bnum = 1;
  current = s;
  alloc_arenas(s);
  pto_sim_reset();
  return s;
}

int pto_sim_set_arch(const char *name)
{
  sim_state *s = pto_sim_state();
  const sim_arch *a = name ? lookup_arch(name) : NULL;
  if (!a)
    return -1;
  free_arenas(s);
  s->arch = a;
  alloc_arenas(s);
  pto_sim_reset();
  return 0;
}

const char *pto_sim_arch(void) { return pto_sim_state()->arch->name; }

size_t pto_sim_buffer_size(const char *space)
{
  sim_state *s = pto_sim_state();
  for (int i = 1; i < PTO_SIM_NSPACES; i++)
    if (space && !strcmp(space, space_names[i]))
      return s->sp[i].size;
  return 0;
}

void pto_sim_set_mode(pto_sim_mode mode) { pto_sim_state()->mode = mode; }

void pto_sim_set_report_fn(pto_sim_report_fn fn, void *ctx)
{
  sim_state *s = pto_sim_state();
  s->fn = fn;
  s->fn_ctx = ctx;
}

void pto_sim_set_quiet(bool quiet) { pto_sim_state()->quiet = quiet; }

void pto_sim_set_strict_pipes(unsigned mask)
{
  sim_state *s = pto_sim_state();
  s->strict = 0;
  for (int p = 0; p < 16; p++)
    if ((mask >> p) & 1u) {
      int i = pto_sim_pipe_index(p);
      if (i >= 0)
        s->strict |= 1u << i;
    }
}

void pto_sim_reset(void)
{
  sim_state *s = pto_sim_state();
  s->errors = s->block_errors = 0;
  s->replen = 0;
  if (s->rep)
    s->rep[0] = '\0';
  s->cyc_last = s->cyc_max = s->cyc_sum = 0;
  memset(&s->stats, 0, sizeof s->stats);
  s->in_block = 0;
  pto_trace_reset();
}

/* Clear the race state of one block: log, clocks, shadows.  */
static void clear_block_state(sim_state *s)
{
  s->nlog = 1;
  s->cur = 0;
  s->races = 0;
  memset(s->clk, 0, sizeof s->clk);
  memset(s->vc, 0, sizeof s->vc);
  memset(s->xvc, 0, sizeof s->xvc);
  memset(s->flags, 0, sizeof s->flags);
  for (int i = 1; i < PTO_SIM_NSPACES; i++) {
    sim_space *sp = &s->sp[i];
    memset(sp->mem, 0xff, sp->size);
    if (sp->dirty)
      memset(sp->sh, 0, sp->size / SIM_BLOCK * sizeof(sim_shadow));
    sp->dirty = 0;
  }
  if (s->gm_used)
    memset(s->gm, 0, s->gm_cap * sizeof *s->gm);
  s->gm_used = 0;
  s->issue = 0;
  memset(s->ptime, 0, sizeof s->ptime);
}

void pto_sim_block_start(sim_state *s, int idx, int num)
{
  clear_block_state(s);
  s->bidx = idx;
  s->bnum = num;
  s->mask_hi = s->mask_lo = ~(uint64_t)0;
  s->counter = 0;
  s->mov_pad = 0;
  s->quant_pre = 0;
  s->fpc = 0;
  s->cmpmask_set = 0;
  s->block_errors = 0;
  s->in_block = 1;
}

void pto_sim_begin_block(int idx, int num)
{
  sim_state *s = pto_sim_state();
  pto_sim_block_start(s, idx, num);
  pto_trace_block_begin(s);
}

static const char *event_pipe_name(int i);

uint64_t pto_sim_block_finish(sim_state *s)
{
  for (int a = 0; a < SIM_NPIPE; a++)
    for (int b = 0; b < SIM_NPIPE; b++)
      for (int e = 0; e < SIM_MAXEVENT; e++) {
        sim_flag *fl = &s->flags[a][b][e];
        if (fl->set)
          pto_sim_error_at(
              s, fl->file, fl->line,
              "set_flag(%s, %s, EVENT_ID%d) is never waited before the "
              "end of the kernel",
              event_pipe_name(a), event_pipe_name(b), e);
      }
  uint64_t t = s->issue;
  for (int p = 0; p < SIM_NPIPE; p++)
    if (s->ptime[p] > t)
      t = s->ptime[p];
  s->in_block = 0;
  return t;
}

void pto_sim_block_record(sim_state *s, uint64_t t)
{
  s->cyc_last = t;
  if (t > s->cyc_max)
    s->cyc_max = t;
  s->cyc_sum += t;
  pto_trace_block_end(s, t);
}

int pto_sim_end_block(void)
{
  sim_state *s = pto_sim_state();
  pto_sim_block_record(s, pto_sim_block_finish(s));
  return s->block_errors;
}

int pto_sim_error_count(void) { return pto_sim_state()->errors; }
const char *pto_sim_report_text(void)
{
  sim_state *s = pto_sim_state();
  return s->rep ? s->rep : "";
}
uint64_t pto_sim_cycles(void) { return pto_sim_state()->cyc_last; }
uint64_t pto_sim_cycles_max(void) { return pto_sim_state()->cyc_max; }
uint64_t pto_sim_cycles_sum(void) { return pto_sim_state()->cyc_sum; }
pto_sim_stats pto_sim_get_stats(void) { return pto_sim_state()->stats; }
void *pto_sim_host_addr(int space, uintptr_t off)
{
  sim_state *s = pto_sim_state();
  if (space <= PTO_SIM_GM || space >= PTO_SIM_NSPACES ||
      off >= s->sp[space].size)
    return NULL;
  return s->sp[space].mem + off;
}

int pto_sim_block_idx(void) { return pto_sim_state()->bidx; }
int pto_sim_block_num(void) { return pto_sim_state()->bnum; }

/* ------------------------------------------------------------------ */
/* Block order and the block loop                                      */
/* ------------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *x)
{
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

void pto_sim_block_order(int n, pto_sim_order how, uint64_t seed, int *order)
{
  for (int i = 0; i < n; i++)
    order[i] = how == PTO_SIM_DESCENDING ? n - 1 - i : i;
  if (how != PTO_SIM_SHUFFLED)
    return;
  for (int i = n - 1; i > 0; i--) {
    int j = (int)(splitmix64(&seed) % (uint64_t)(i + 1));
    int t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
}

int pto_sim_order_from_env(pto_sim_order *how, uint64_t *seed)
{
  const char *v = getenv("PTO_SIM_BLOCK_ORDER");
  *how = PTO_SIM_ASCENDING;
  *seed = 0;
  if (!v || !*v || !strcmp(v, "asc"))
    return 0;
  if (!strcmp(v, "desc")) {
    *how = PTO_SIM_DESCENDING;
    return 0;
  }
  if (!strncmp(v, "shuffle", 7) && (v[7] == '\0' || v[7] == ':')) {
    *how = PTO_SIM_SHUFFLED;
    *seed = v[7] ? strtoull(v + 8, NULL, 0) : 1;
    return 0;
  }
  return -1;
}

int pto_sim_run_blocks(void (*body)(void *ctx), void *ctx, int nblocks,
                       pto_sim_order how, uint64_t seed)
{
  int stack_order[64];
  int *order =
      nblocks <= 64 ? stack_order : xcalloc((size_t)nblocks, sizeof *order);
  int errors = 0;
  pto_sim_block_order(nblocks, how, seed, order);
  for (int i = 0; i < nblocks; i++) {
    pto_sim_begin_block(order[i], nblocks);
    body(ctx);
    errors += pto_sim_end_block();
  }
  if (order != stack_order)
    free(order);
  return errors;
}

/* ------------------------------------------------------------------ */
/* Errors                                                              */
/* ------------------------------------------------------------------ */

static void append_report(sim_state *s, const char *msg)
{
  size_t n = strlen(msg);
  if (s->replen + n + 2 > s->repcap) {
    s->repcap = (s->replen + n + 2) * 2;
    s->rep = realloc(s->rep, s->repcap);
    if (!s->rep)
      abort();
  }
  memcpy(s->rep + s->replen, msg, n);
  s->replen += n;
  s->rep[s->replen++] = '\n';
  s->rep[s->replen] = '\0';
}

/* Report "F:L: error: MSG" per the mode (see pto_sim_set_mode).  */
void pto_sim_error_at(sim_state *s, const char *f, int l, const char *fmt, ...)
{
  char body[1024], msg[1200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(body, sizeof body, fmt, ap);
  va_end(ap);
  if (s->grp) /* a mix block: say which core */
    snprintf(msg, sizeof msg, "%s:%d: error: %s: %s", f ? f : "?", l,
             pto_sim_core_name(s), body);
  else
    snprintf(msg, sizeof msg, "%s:%d: error: %s", f ? f : "?", l, body);
  if (s->owner) /* an AIV reports through the thread's state */
    s = s->owner;
  s->errors++;
  s->block_errors++;
  append_report(s, msg);
  if (s->fn)
    s->fn(s->fn_ctx, msg);
  if (s->mode == PTO_SIM_ABORT) {
    fprintf(stderr, "pto-sim: %s\n", msg);
    fflush(stderr);
    abort();
  }
  if (!s->quiet)
    fprintf(stderr, "pto-sim: %s\n", msg);
}

int pto_sim_check_range(sim_state *s, const char *f, int l, const char *name,
                        const char *what, int64_t v, int64_t lo, int64_t hi)
{
  if (v >= lo && v <= hi)
    return 0;
  pto_sim_error_at(s, f, l, "%s: %s = %lld out of range [%lld, %lld]", name,
                   what, (long long)v, (long long)lo, (long long)hi);
  return -1;
}

/* ------------------------------------------------------------------ */
/* Pipes and addresses                                                 */
/* ------------------------------------------------------------------ */

/* Map a pipe_t value to an internal pipe index; -1 if invalid (PIPE_ALL
   included).  */
int pto_sim_pipe_index(int pipe)
{
  if (pipe >= 0 && pipe <= 5)
    return pipe;
  if (pipe == 10)
    return P_FIX;
  return -1;
}

const char *pto_sim_pipe_name(int i)
{
  static const char *const n[SIM_NPIPE] = { "S",    "V",    "M",  "MTE1",
                                            "MTE2", "MTE3", "FIX" };
  return i >= 0 && i < SIM_NPIPE ? n[i] : "?";
}

static const char *event_pipe_name(int i)
{
  static const char *const n[SIM_NPIPE] = { "PIPE_S",    "PIPE_V",
                                            "PIPE_M",    "PIPE_MTE1",
                                            "PIPE_MTE2", "PIPE_MTE3",
                                            "PIPE_FIX" };
  return i >= 0 && i < SIM_NPIPE ? n[i] : "?";
}

int pto_sim_resolve(sim_state *s, const char *f, int l, const char *name,
                    const char *what, int sp, uintptr_t p, uint64_t extent,
                    unsigned align, uintptr_t *off)
{
  if (!pto_sim_core_has_space(s, sp)) {
    pto_sim_error_at(s, f, l, "%s: %s is in %s, which the %s core does not "
                     "have (dav-c220: L1, L0A/B/C and the bias table are "
                     "the AIC's, UB is each AIV's own)",
                     name, what, s->sp[sp].name,
                     pto_sim_core_kind(s));
    return -1;
  }
  if (sp == PTO_SIM_GM) {
    if (!p) {
      pto_sim_error_at(s, f, l, "%s: %s is a null GM pointer", name, what);
      return -1;
    }
    *off = p;
    return 0;
  }
  const sim_space *a = &s->sp[sp];
  uintptr_t base = (uintptr_t)a->mem;
  uintptr_t o = p >= base && p <= base + a->size ? p - base : p;
  if (align > 1 && o % align) {
    pto_sim_error_at(s, f, l, "%s: %s address %s+%lu is not %u-byte aligned",
                     name, what, a->name, (unsigned long)o, align);
    return -1;
  }
  if (o > a->size || extent > a->size - o) {
    pto_sim_error_at(s, f, l,
                     "%s: %s range %s[%lu,%llu) is outside the %s arena of %lu "
                     "bytes (%s)",
                     name, what, a->name, (unsigned long)o,
                     (unsigned long long)(o + extent), a->name,
                     (unsigned long)a->size, s->arch->name);
    return -1;
  }
  *off = o;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Instruction log and race detection                                  */
/* ------------------------------------------------------------------ */

uint32_t pto_sim_begin(sim_state *s, const char *f, int l, const char *name,
                       int ipipe)
{
  if (!s->in_block)
    pto_sim_begin_block(0, 1);
  if (s->nlog >= s->caplog) {
    s->caplog = s->caplog ? s->caplog * 2 : 1024;
    s->log = realloc(s->log, s->caplog * sizeof *s->log);
    if (!s->log)
      abort();
  }
  uint32_t id = (uint32_t)s->nlog++;
  sim_instr *in = &s->log[id];
  in->name = name;
  in->file = f;
  in->line = l;
  in->pipe = (uint8_t)ipipe;
  in->pidx = ++s->clk[ipipe];
  in->nranges = 0;
  s->cur = id;
  s->nreported = 0;
  if (!pto_sim_core_has_pipe(s, ipipe))
    pto_sim_error_at(s, f, l, "%s: the %s core has no pipe %s", name,
                     pto_sim_core_kind(s),
                     pto_sim_pipe_name(ipipe));
  return id;
}

void pto_sim_log_range(sim_state *s, int sp, uintptr_t lo, uintptr_t hi, int rw)
{
  sim_instr *in = &s->log[s->cur];
  if (in->nranges < 4)
    in->r[in->nranges++] = (sim_range){ (uint8_t)sp, (uint8_t)rw, lo, hi };
}

static void format_range(char *buf, size_t n, int sp, uintptr_t lo,
                         uintptr_t hi)
{
  if (sp == PTO_SIM_GM)
    snprintf(buf, n, "gm[%#lx,%#lx)", (unsigned long)lo, (unsigned long)hi);
  else
    snprintf(buf, n, "%s[%lu,%lu)", space_names[sp], (unsigned long)lo,
             (unsigned long)hi);
}

/* The logged range of instruction IN in space SP with access RW that
   contains byte ADDR, or the first of that space.  */
static const sim_range *find_range(const sim_instr *in, int sp, int rw,
                                   uintptr_t addr)
{
  const sim_range *any = NULL;
  for (int i = 0; i < in->nranges; i++) {
    const sim_range *r = &in->r[i];
    if (r->space != sp || !(r->rw & rw))
      continue;
    if (addr >= r->lo && addr < r->hi)
      return r;
    if (!any)
      any = r;
  }
  return any;
}

void pto_sim_format_operand(const sim_instr *in, int sp, int rw,
                            uintptr_t addr, char *buf, size_t n)
{
  const sim_range *r = find_range(in, sp, rw, addr);
  if (r)
    format_range(buf, n, sp, r->lo, r->hi);
  else
    format_range(buf, n, sp, addr, addr + 1);
}

int pto_sim_race_budget(sim_state *s, uint32_t key)
{
  for (int i = 0; i < s->nreported; i++)
    if (s->reported[i] == key)
      return 0;
  if (s->nreported < 8)
    s->reported[s->nreported++] = key;
  if (++s->races > 64) {
    if (s->races == 65)
      pto_sim_error_at(
          s, s->log[s->cur].file, s->log[s->cur].line,
          "too many races in this block; further races not reported");
    return 0;
  }
  return 1;
}

static void report_race(sim_state *s, int sp, uintptr_t addr, int rw,
                        uint32_t other, int other_rw)
{
  if (!pto_sim_race_budget(s, other))
    return;
  const sim_instr *me = &s->log[s->cur], *ot = &s->log[other];
  char mbuf[80], obuf[80], how[80];
  pto_sim_format_operand(me, sp, rw, addr, mbuf, sizeof mbuf);
  pto_sim_format_operand(ot, sp, other_rw, addr, obuf, sizeof obuf);
  if (me->pipe == ot->pipe)
    snprintf(how, sizeof how, "pipe_barrier(PIPE_%s)",
             pto_sim_pipe_name(me->pipe));
  else
    snprintf(how, sizeof how, "set_flag/wait_flag(%s,%s)",
             pto_sim_pipe_name(ot->pipe), pto_sim_pipe_name(me->pipe));
  pto_sim_error_at(
      s, me->file, me->line,
      "race: %s (%s) %s %s %s by %s:%d %s (%s) %s with no %s ordering "
      "them",
      me->name, pto_sim_pipe_name(me->pipe), rw == SIM_W ? "writes" : "reads",
      mbuf, other_rw == SIM_W ? "written" : "read", ot->file, ot->line,
      ot->name, pto_sim_pipe_name(ot->pipe), obuf, how);
}

/* Check one block shadow entry against an access by the current
   instruction, then record the access.  */
static void check_entry(sim_state *s, sim_shadow *e, int sp, uintptr_t addr,
                        uint32_t mask, int rw)
{
  const sim_instr *me = &s->log[s->cur];
  int b = me->pipe;
  for (int a = 0; a < SIM_NPIPE; a++) {
    if (a == b && !((s->strict >> b) & 1u))
      continue;
    uint32_t known = s->vc[b][a];
    uint32_t w = e->wid[a];
    if (w && w != s->cur && (e->wmask[a] & mask) && s->log[w].pidx > known)
      report_race(s, sp, addr, rw, w, SIM_W);
    uint32_t r = e->rid[a];
    if (rw == SIM_W && r && r != s->cur && (e->rmask[a] & mask) &&
        s->log[r].pidx > known)
      report_race(s, sp, addr, rw, r, SIM_R);
  }
  if (rw == SIM_W) {
    e->wid[b] = s->cur;
    e->wmask[b] |= mask;
  } else {
    e->rid[b] = s->cur;
    e->rmask[b] |= mask;
  }
}

/* Whether GM shadow entry E may still race with a pipe that has issued
   an instruction in this block: some recorded access is not yet ordered
   before one of them.  */
static int gm_entry_live(const sim_state *s, const sim_shadow *e)
{
  for (int a = 0; a < SIM_NPIPE; a++) {
    uint32_t ids[2] = { e->wid[a], e->rid[a] };
    for (int k = 0; k < 2; k++) {
      if (!ids[k])
        continue;
      uint32_t p = s->log[ids[k]].pidx;
      for (int b = 0; b < SIM_NPIPE; b++) {
        if (!s->clk[b] || (b == a && !((s->strict >> a) & 1u)))
          continue;
        if (p > s->vc[b][a])
          return 1;
      }
    }
  }
  return 0;
}

/* Rehash the GM table into NCAP slots, dropping dead entries when
   COLLECT is set.  */
static void gm_rehash(sim_state *s, size_t ncap, int collect)
{
  sim_gmslot *old = s->gm, *nt = xcalloc(ncap, sizeof *nt);
  size_t used = 0;
  for (size_t i = 0; i < s->gm_cap; i++)
    if (old[i].key && !(collect && !gm_entry_live(s, &old[i].sh))) {
      *(sim_gmslot *)sim_gm_probe(nt, sizeof *nt, ncap, old[i].key) = old[i];
      used++;
    }
  free(old);
  s->gm = nt;
  s->gm_cap = ncap;
  s->gm_used = used;
}

/* GM blocks tracked before dead entries are collected.  */
#define GM_COLLECT_AT ((size_t)1 << 18)

static sim_shadow *gm_entry(sim_state *s, uintptr_t block)
{
  if (2 * (s->gm_used + 1) > s->gm_cap && s->gm_used >= GM_COLLECT_AT)
    gm_rehash(s, s->gm_cap, 1);
  if (2 * (s->gm_used + 1) > s->gm_cap) {
    gm_rehash(s, s->gm_cap ? s->gm_cap * 2 : 4096, 0);
  }
  uintptr_t key = sim_gm_key(block);
  sim_gmslot *e = sim_gm_probe(s->gm, sizeof *s->gm, s->gm_cap, key);
  if (!e->key) {
    e->key = key;
    s->gm_used++;
  }
  return &e->sh;
}

void pto_sim_touch_mask(sim_state *s, int sp, uintptr_t block, uint32_t mask,
                        int rw)
{
  sim_shadow *e;
  if (sp == PTO_SIM_GM)
    e = gm_entry(s, block);
  else {
    e = &s->sp[sp].sh[block / SIM_BLOCK];
    s->sp[sp].dirty = 1;
  }
  check_entry(s, e, sp, block + (uintptr_t)__builtin_ctz(mask), mask, rw);
  if (sp == PTO_SIM_GM && s->grp)
    pto_sim_xcore_touch(s, block, mask, rw);
}

void pto_sim_touch(sim_state *s, int sp, uintptr_t lo, uintptr_t hi, int rw)
{
  for (uintptr_t b = lo & ~(uintptr_t)31; b < hi; b += SIM_BLOCK) {
    unsigned from = lo > b ? (unsigned)(lo - b) : 0;
    unsigned to = hi < b + SIM_BLOCK ? (unsigned)(hi - b) : SIM_BLOCK;
    uint32_t mask =
        (to == 32 ? 0xffffffffu : ((1u << to) - 1)) & ~((1u << from) - 1);
    if (mask)
      pto_sim_touch_mask(s, sp, b, mask, rw);
  }
}

/* ------------------------------------------------------------------ */
/* Cost model                                                          */
/* ------------------------------------------------------------------ */

void pto_sim_end(sim_state *s, uint64_t cost)
{
  int p = s->log[s->cur].pipe;
  s->issue++;
  uint64_t start = s->issue > s->ptime[p] ? s->issue : s->ptime[p];
  s->ptime[p] = start + cost;
  pto_trace_instr(s, start, start + cost);
  s->stats.busy[p] += cost;
  if (p == P_S)
    s->issue = s->ptime[p];
}

/* ------------------------------------------------------------------ */
/* Synchronisation                                                     */
/* ------------------------------------------------------------------ */

/* Validate a (src, dst, event) triple; return 0 or report.  */
static int check_flag_args(sim_state *s, const char *f, int l, const char *name,
                           int src, int dst, int64_t ev, int *a, int *b)
{
  *a = pto_sim_pipe_index(src);
  *b = pto_sim_pipe_index(dst);
  if (*a < 0 || *b < 0 || *a == *b) {
    pto_sim_error_at(s, f, l, "%s: invalid pipe pair (%d, %d)", name, src, dst);
    return -1;
  }
  if (!pto_sim_core_has_pipe(s, *a) || !pto_sim_core_has_pipe(s, *b)) {
    pto_sim_error_at(s, f, l, "%s(%s, %s): the %s core has no pipe %s (the "
                     "cube and vector cores synchronise only through "
                     "ffts_cross_core_sync / wait_flag_dev)", name,
                     event_pipe_name(*a), event_pipe_name(*b),
                     pto_sim_core_kind(s),
                     pto_sim_pipe_name(pto_sim_core_has_pipe(s, *a) ? *b : *a));
    return -1;
  }
  return pto_sim_check_range(s, f, l, name, "event id", ev, 0,
                             s->arch->events - 1);
}

void pto_sim_set_flag(const char *f, int l, int src, int dst, int64_t ev)
{
  sim_state *s = pto_sim_state();
  int a, b;
  if (check_flag_args(s, f, l, "set_flag", src, dst, ev, &a, &b))
    return;
  sim_flag *fl = &s->flags[a][b][ev];
  pto_sim_begin(s, f, l, "set_flag", a);
  s->stats.sync_instrs++;
  if (fl->set) {
    pto_sim_error_at(
        s, f, l,
        "set_flag(%s, %s, EVENT_ID%d) while the flag set at %s:%d is "
        "still pending (event reused before its wait_flag)",
        event_pipe_name(a), event_pipe_name(b), (int)ev, fl->file, fl->line);
  }
  fl->set = 1;
  memcpy(fl->vc, s->vc[a], sizeof fl->vc);
  fl->vc[a] = s->clk[a];
  fl->xvc = s->xvc[a];
  fl->file = f;
  fl->line = l;
  pto_sim_end(s, 0);
  fl->time = s->ptime[a] + 1;
  pto_trace_set(s, a, b, (int)ev, fl->time);
}

void pto_sim_wait_flag(const char *f, int l, int src, int dst, int64_t ev)
{
  sim_state *s = pto_sim_state();
  int a, b;
  if (check_flag_args(s, f, l, "wait_flag", src, dst, ev, &a, &b))
    return;
  sim_flag *fl = &s->flags[a][b][ev];
  pto_sim_begin(s, f, l, "wait_flag", b);
  s->stats.sync_instrs++;
  if (!fl->set) {
    pto_sim_error_at(
        s, f, l,
        "wait_flag(%s, %s, EVENT_ID%d) without a pending set_flag: the "
        "core would hang",
        event_pipe_name(a), event_pipe_name(b), (int)ev);
    pto_sim_end(s, 0);
    return;
  }
  /* A wait on the scalar pipe stalls the unit that issues every
     instruction, so everything issued after it, on any pipe, is ordered
     after the flag.  */
  for (int q = 0; q < SIM_NPIPE; q++) {
    if (q != b && b != P_S)
      continue;
    for (int p = 0; p < SIM_NPIPE; p++)
      if (fl->vc[p] > s->vc[q][p])
        s->vc[q][p] = fl->vc[p];
    pto_sim_xclock_merge(&s->xvc[q], &fl->xvc);
  }
  fl->set = 0;
  pto_trace_wait(s, a, b, (int)ev, s->ptime[b], fl->time);
  if (fl->time > s->ptime[b])
    s->ptime[b] = fl->time;
  if (b == P_S && fl->time > s->issue)
    s->issue = fl->time;
  pto_sim_end(s, 0);
}

void pto_sim_pipe_barrier(const char *f, int l, int pipe)
{
  sim_state *s = pto_sim_state();
  if (pipe == 6) { /* PIPE_ALL */
    if (!s->in_block)
      pto_sim_begin_block(0, 1);
    s->stats.sync_instrs++;
    uint64_t t = s->issue;
    for (int p = 0; p < SIM_NPIPE; p++)
      if (s->ptime[p] > t)
        t = s->ptime[p];
    pto_trace_join(s, t);
    sim_xclock all = s->xvc[0];
    for (int p = 1; p < SIM_NPIPE; p++)
      pto_sim_xclock_merge(&all, &s->xvc[p]);
    for (int p = 0; p < SIM_NPIPE; p++) {
      s->ptime[p] = t;
      memcpy(s->vc[p], s->clk, sizeof s->clk);
      s->xvc[p] = all;
    }
    s->issue = t;
    return;
  }
  int p = pto_sim_pipe_index(pipe);
  if (p < 0) {
    pto_sim_error_at(s, f, l, "pipe_barrier: invalid pipe %d", pipe);
    return;
  }
  pto_sim_begin(s, f, l, "pipe_barrier", p);
  s->stats.sync_instrs++;
  s->vc[p][p] = s->clk[p];
  pto_sim_end(s, 0);
}

/* Scalar (pipe S) access to UB through PTO_UB_LOAD / PTO_UB_STORE.  */
uintptr_t pto_sim_ub_scalar(const char *f, int l, uintptr_t p, size_t size,
                            int write)
{
  static _Thread_local uint64_t dummy[2];
  sim_state *s = pto_sim_state();
  const char *name = write ? "PTO_UB_STORE" : "PTO_UB_LOAD";
  uintptr_t off;
  if (pto_sim_resolve(s, f, l, name, "operand", PTO_SIM_UB, p, size,
                      (unsigned)size, &off))
    return (uintptr_t)dummy;
  pto_sim_begin(s, f, l, name, P_S);
  int rw = write ? SIM_W : SIM_R;
  pto_sim_log_range(s, PTO_SIM_UB, off, off + size, rw);
  pto_sim_touch(s, PTO_SIM_UB, off, off + size, rw);
  pto_sim_end(s, 1);
  return (uintptr_t)sim_mem(s, PTO_SIM_UB, off);
}
