/* sim-trace.h - the simulator's pipe timeline (PTO_SIM_TRACE), hooks
   called from the cycle model and the flag code (cce_sim.c) and from
   the sim=cce runtime (rt-cce.c).  Not installed.

   Every hook is a no-op unless PTO_SIM_TRACE names a file (read once per
   process).  Times are the cost model's cycles, counted from the start
   of the block; the writer lays the launches out one after the other.  */

#ifndef PTO_SIM_TRACE_H
#define PTO_SIM_TRACE_H

#include "sim-internal.h"

/* Whether tracing is on (PTO_SIM_TRACE set and non-empty).  */
int pto_trace_enabled(void);
/* The runtime is about to run block IDX of NUM of kernel NAME.  */
void pto_trace_kernel(const char *name, int idx, int num);
/* A block starts (pto_sim_begin_block).  */
void pto_trace_block_begin(sim_state *s);
/* The current instruction (s->log[s->cur]) occupies [START, END).  */
void pto_trace_instr(sim_state *s, uint64_t start, uint64_t end);
/* set_flag(A, B, EV) raises its flag at TIME (the current instruction
   is that set_flag).  */
void pto_trace_set(sim_state *s, int a, int b, int ev, uint64_t time);
/* wait_flag(A, B, EV) on pipe B, free from FREE, waits for the flag
   raised at READY (called before the stall is applied).  */
void pto_trace_wait(sim_state *s, int a, int b, int ev, uint64_t free,
                    uint64_t ready);
/* pipe_barrier(PIPE_ALL) joins every pipe at T (called before the
   pipes' times are moved to T).  */
void pto_trace_join(sim_state *s, uint64_t t);
/* Pipe P of S is held idle over [FROM, TO) by WHAT (a mix block: a
   wait_flag_dev, or the AIC waiting for its AIVs at the block's end).  */
void pto_trace_idle(sim_state *s, int p, uint64_t from, uint64_t to,
                    const char *what);
/* pto_sim_reset: the simulator's totals start again (the trace keeps
   the whole run, and the totals since the last reset).  */
void pto_trace_reset(void);
/* The block ends after T cycles (pto_sim_end_block).  */
void pto_trace_block_end(sim_state *s, uint64_t t);

#endif /* PTO_SIM_TRACE_H */
