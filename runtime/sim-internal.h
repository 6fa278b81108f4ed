/* sim-internal.h - shared state of the CCE simulator (cce_sim.c,
   sim-vec.c, sim-dma.c, sim-mix.c).  Not installed; the public contract
   is cce_sim.h.

   One simulator state per thread (so a runtime may run blocks on
   several threads), which is the core that runs an ordinary block.  A
   mix block (pto_sim_run_mix, sim-mix.c) runs three cores on that
   thread, each a sim_state of its own (arenas, registers, flags,
   clocks, log): the thread's state is the AIC, two more are the AIVs;
   they share a sim_group (cross-core flags, the cross-core GM shadow)
   and report through the thread's state.  Pipes are numbered internally
   S, V, M, MTE1, MTE2, MTE3, FIX (0..6); pipe_t values are mapped by
   pto_sim_pipe_index.  */

#ifndef PTO_SIM_INTERNAL_H
#define PTO_SIM_INTERNAL_H

#include "cce_sim.h"

#include <stdarg.h>
#include <stdio.h>

#define SIM_NPIPE 7
#define SIM_MAXEVENT 8
#define SIM_BLOCK 32u
/* vcmax/vcmin order (Order_t in cce_sim.h).  */
enum {
  SIM_ORDER_VALUE_INDEX,
  SIM_ORDER_INDEX_VALUE,
  SIM_ORDER_ONLY_VALUE,
  SIM_ORDER_ONLY_INDEX
};

enum { P_S, P_V, P_M, P_MTE1, P_MTE2, P_MTE3, P_FIX };
/* The cores of a mix block: 0 the AIC, 1 and 2 the AIVs (subblock 0
   and 1).  */
#define SIM_NCORE 3
enum { SIM_AIC, SIM_AIV0, SIM_AIV1 };
/* What a pipe knows of the other cores: c[X][q] = the number of core
   X's pipe-q instructions known complete (the own core's row unused:
   that is sim_state.vc).  */
typedef struct sim_xclock {
  uint32_t c[SIM_NCORE][SIM_NPIPE];
} sim_xclock;
struct sim_group;
enum { SIM_R = 1, SIM_W = 2 };

/* The most recent reader and writer of one 32 B block, per pipe:
   instruction ids (0 = none) and byte masks.  */
typedef struct sim_shadow {
  uint32_t wid[SIM_NPIPE], rid[SIM_NPIPE];
  uint32_t wmask[SIM_NPIPE], rmask[SIM_NPIPE];
} sim_shadow;

typedef struct sim_space {
  const char *name; /* "ub", "l1", ... */
  uint8_t *mem;     /* the arena (NULL for GM) */
  size_t size;
  sim_shadow *sh; /* size / 32 entries */
  int dirty;      /* shadow needs clearing */
} sim_space;

typedef struct sim_gmslot {
  uintptr_t key; /* (address >> 5) + 1; 0 = empty */
  sim_shadow sh;
} sim_gmslot;

/* An operand range of a logged instruction (for reports).  */
typedef struct sim_range {
  uint8_t space, rw;
  uintptr_t lo, hi;
} sim_range;

typedef struct sim_instr {
  const char *name, *file;
  int line;
  uint8_t pipe;
  uint32_t pidx; /* 1-based position in its pipe */
  int nranges;
  sim_range r[4];
} sim_instr;

typedef struct sim_flag {
  int set;
  uint32_t vc[SIM_NPIPE];
  sim_xclock xvc;
  uint64_t time;
  const char *file;
  int line;
} sim_flag;

typedef struct sim_arch {
  const char *name, *alias;
  size_t ub, l1, l0a, l0b, l0c;
  int events;
  size_t bt; /* bias table bytes (0: none) */
  size_t fb; /* fixpipe buffer bytes (0: not simulated) */
} sim_arch;

typedef struct sim_state {
  const sim_arch *arch;
  pto_sim_mode mode;
  int quiet;
  pto_sim_report_fn fn;
  void *fn_ctx;
  unsigned strict; /* internal pipe bits */

  sim_space sp[PTO_SIM_NSPACES];
  sim_gmslot *gm;
  size_t gm_cap, gm_used;

  sim_instr *log; /* log[0] unused */
  size_t nlog, caplog;
  uint32_t cur; /* id of the instruction being executed */
  uint32_t reported[8];
  int nreported, races;

  uint32_t clk[SIM_NPIPE];
  uint32_t vc[SIM_NPIPE][SIM_NPIPE];
  sim_xclock xvc[SIM_NPIPE]; /* per pipe, of the other cores (mix) */
  sim_flag flags[SIM_NPIPE][SIM_NPIPE][SIM_MAXEVENT];

  uint64_t mask_hi, mask_lo;
  uint64_t mov_pad; /* set_mov_pad_val (reset to 0 at block start) */
  uint64_t quant_pre; /* set_quant_pre (reset to 0 at block start) */
  uint64_t fpc;       /* set_fpc (reset to 0 at block start) */
  uint8_t cmpmask[16]; /* the CMPMASK register (set_cmpmask) */
  int cmpmask_set;     /* set_cmpmask ran in this block */
  int counter;
  int bidx, bnum, in_block;

  uint64_t issue, ptime[SIM_NPIPE];
  uint64_t cyc_last, cyc_max, cyc_sum;
  pto_sim_stats stats;

  int errors, block_errors;
  char *rep;
  size_t replen, repcap;

  /* Mix blocks (sim-mix.c).  GRP is set while one runs; CORE is this
     state's core in it; OWNER the thread's state that reports for an
     AIV (NULL for the thread's own state); AUX the AIV states the
     thread's state keeps between blocks.  */
  struct sim_group *grp;
  int core;
  struct sim_state *owner;
  struct sim_state *aux[SIM_NCORE - 1];
  int notrace; /* an AIV: PTO_SIM_TRACE shows the AIC only */
} sim_state;

/* The GM shadow tables (cce_sim.c per core, sim-mix.c across the cores
   of a mix block) are open-addressed: CAP slots (a power of two) of
   SIZE bytes, each starting with its uintptr_t key, 0 = empty.  The key
   of the 32 B block at BLOCK, and the slot holding KEY or the empty one
   where it goes (linear probing from a multiplicative hash).  */
static inline uintptr_t sim_gm_key(uintptr_t block)
{
  return (block >> 5) + 1;
}

static inline void *sim_gm_probe(void *table, size_t size, size_t cap,
                                 uintptr_t key)
{
  size_t h = (key * 0x9E3779B97F4A7C15ull) & (cap - 1);
  for (;;) {
    uintptr_t *k = (uintptr_t *)((char *)table + h * size);
    if (!*k || *k == key)
      return k;
    h = (h + 1) & (cap - 1);
  }
}

/* cce_sim.c */
sim_state *pto_sim_state(void);
/* Make S the calling thread's running core (a mix block switches).  */
void pto_sim_set_current(sim_state *s);
/* A core state with MAIN's arch and settings (an AIV): OLD if it has
   that arch, else a new one (OLD freed).  */
sim_state *pto_sim_new_core(sim_state *main, sim_state *old);
/* Reset S's per-block state (log, clocks, arenas, registers) for
   block IDX of NUM; no trace.  */
void pto_sim_block_start(sim_state *s, int idx, int num);
/* Report S's pending flags; return the time its last pipe finishes.  */
uint64_t pto_sim_block_finish(sim_state *s);
/* Record T as the estimate of the block that just ended on S.  */
void pto_sim_block_record(sim_state *s, uint64_t t);
/* Describe the operand of IN in space SP, access RW, holding ADDR.  */
void pto_sim_format_operand(const sim_instr *in, int sp, int rw,
                            uintptr_t addr, char *buf, size_t n);
/* Whether a race of the current instruction with the instruction KEY
   is still to be reported (once per pair, at most 64 a block).  */
int pto_sim_race_budget(sim_state *s, uint32_t key);
void pto_sim_error_at(sim_state *s, const char *f, int l, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int pto_sim_pipe_index(int pipe);
const char *pto_sim_pipe_name(int ipipe);
/* Resolve pointer P of space SP to a byte offset; check alignment ALIGN
   and that [off, off + extent) fits.  Return 0 and set *OFF, or report
   and return -1.  */
int pto_sim_resolve(sim_state *s, const char *f, int l, const char *name,
                    const char *what, int sp, uintptr_t p, uint64_t extent,
                    unsigned align, uintptr_t *off);
/* Start instruction NAME on internal pipe IPIPE; returns its id.  */
uint32_t pto_sim_begin(sim_state *s, const char *f, int l, const char *name,
                       int ipipe);
/* Record an operand's extent for reports.  */
void pto_sim_log_range(sim_state *s, int sp, uintptr_t lo, uintptr_t hi,
                       int rw);
/* Check and record an access of bytes [lo, hi) of space SP.  */
void pto_sim_touch(sim_state *s, int sp, uintptr_t lo, uintptr_t hi, int rw);
/* Same for the bytes of 32 B block at BLOCK (aligned) selected by MASK.  */
void pto_sim_touch_mask(sim_state *s, int sp, uintptr_t block, uint32_t mask,
                        int rw);
/* Finish the current instruction: it occupies its pipe COST cycles.  */
void pto_sim_end(sim_state *s, uint64_t cost);
/* Host pointer of offset OFF in local space SP.  */
static inline uint8_t *sim_mem(sim_state *s, int sp, uintptr_t off)
{
  return s->sp[sp].mem + off;
}
/* The fixpipe's quantPre values the simulator takes (cce_sim.h's
   QuantMode_t: asc-devkit's stub_fun.h QuantMode_t, NoQuant 0, F322F16
   1, F322BF16 16).  */
enum { SIM_NOQUANT = 0, SIM_F322F16 = 1, SIM_VDEQF16 = 10, SIM_DEQF16 = 11,
       SIM_F322BF16 = 16 };

/* sim-mix.c */
/* Whether core S (of a mix block) has space SP / internal pipe P; 1
   outside a mix block.  */
int pto_sim_core_has_space(const sim_state *s, int sp);
int pto_sim_core_has_pipe(const sim_state *s, int p);
/* "aic", "aiv0", "aiv1"; "cube (AIC)" or "vector (AIV)".  */
const char *pto_sim_core_name(const sim_state *s);
const char *pto_sim_core_kind(const sim_state *s);
/* Check and record a GM access of the current instruction of S against
   the other cores of its mix block.  */
void pto_sim_xcore_touch(sim_state *s, uintptr_t block, uint32_t mask,
                         int rw);
/* Merge knowledge SRC into DST (element-wise max).  */
void pto_sim_xclock_merge(sim_xclock *dst, const sim_xclock *src);

/* sim-vec.c: exact fp16 <-> float conversions (round to nearest even).  */
float pto_sim_h2f(uint16_t bits);
uint16_t pto_sim_f2h(float x);

int pto_sim_check_range(sim_state *s, const char *f, int l, const char *name,
                        const char *what, int64_t v, int64_t lo, int64_t hi);

#endif /* PTO_SIM_INTERNAL_H */
