/* rt-cce.c - the runtime side of -fplugin-arg-pto-sim=cce (contract:
   __pto_rt_cce_block in runtime/pto-rt.h).

   A unit built with sim=cce carries its kernels' CCE compiled on the
   host against cce_sim.h; its kernel-table records point at small
   trampolines that call __pto_rt_cce_block once per block, in the order
   pto_launch chose (PTO_BLOCK_ORDER).  This file runs the block on the
   CCE simulator and makes its reports name the kernel and the block.  */

#include "runtime/pto-rt.h"
#include "runtime/cce_sim.h"
#include "runtime/sim-trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the report callback prefixes: the kernel and block running on
   this thread.  */
struct block_ctx {
  const char *name;
  int block_idx, block_num;
  int reported;
};

static _Thread_local struct block_ctx *current;

/* Called by the simulator with every report, before its ABORT or RECORD
   action: say once per block which kernel and block it is about.  */
static void
name_the_block(void *ctx, const char *msg)
{
  (void)ctx;
  (void)msg;
  struct block_ctx *b = current;
  if (!b || b->reported++)
    return;
  fprintf(stderr, "pto: kernel '%s', block %d of %d (sim=cce):\n", b->name,
          b->block_idx, b->block_num);
}

/* Select ARCH unless it is already the simulator's (selecting resets the
   simulator, which must not happen between the blocks of a launch).  */
static void
select_arch(const char *name, const char *arch)
{
  if (!arch || !strcmp(pto_sim_arch(), arch))
    return;
  if (pto_sim_set_arch(arch) != 0) {
    fprintf(stderr, "pto: kernel '%s' was compiled for arch '%s', which "
            "this simulator does not know\n", name, arch);
    abort();
  }
}

static void
block_done(struct block_ctx *saved, const char *name, int block_idx,
           int block_num, int errors)
{
  current = saved;
  if (errors)
    fprintf(stderr, "pto: kernel '%s', block %d of %d: %d simulator "
            "report%s\n", name, block_idx, block_num, errors,
            errors == 1 ? "" : "s");
}

void
__pto_rt_cce_block(const char *name, const char *arch,
                   void (*entry)(void *const *args), void *const *args,
                   int block_idx, int block_num)
{
  select_arch(name, arch);
  struct block_ctx b = {name, block_idx, block_num, 0};
  struct block_ctx *saved = current;
  current = &b;
  pto_sim_set_report_fn(name_the_block, NULL);
  pto_trace_kernel(name, block_idx, block_num);
  pto_sim_begin_block(block_idx, block_num);
  entry(args);
  block_done(saved, name, block_idx, block_num, pto_sim_end_block());
}

/* What the cores of a mix block call their entries with.  */
struct mix_ctx {
  void (*aic)(void *const *args, void *ws);
  void (*aiv)(void *const *args, void *ws);
  void *const *args;
  void *ws;
};

static void
run_aic(void *ctx)
{
  struct mix_ctx *m = ctx;
  m->aic(m->args, m->ws);
}

static void
run_aiv(void *ctx)
{
  struct mix_ctx *m = ctx;
  m->aiv(m->args, m->ws);
}

void
__pto_rt_cce_mix_block(const char *name, const char *arch,
                       void (*aic)(void *const *args, void *ws),
                       void (*aiv)(void *const *args, void *ws),
                       long long ws_bytes, void *const *args,
                       int block_idx, int block_num)
{
  select_arch(name, arch);
  /* The kernel addresses its block's part of a BLOCK_NUM * WS_BYTES
     workspace (split.c): each block gets a fresh, zeroed one, aligned as
     its 512-byte slots are (the race detector's 32-byte granules of two
     slots must not meet).  */
  size_t bytes = (size_t)(ws_bytes > 0 ? ws_bytes : 512) * (size_t)block_num;
  void *ws = aligned_alloc(512, bytes);
  if (ws)
    memset(ws, 0, bytes);
  if (!ws) {
    fprintf(stderr, "pto: kernel '%s': no memory for its %zu-byte "
            "workspace\n", name, bytes);
    abort();
  }
  struct block_ctx b = {name, block_idx, block_num, 0};
  struct block_ctx *saved = current;
  current = &b;
  pto_sim_set_report_fn(name_the_block, NULL);
  pto_trace_kernel(name, block_idx, block_num);
  struct mix_ctx m = {aic, aiv, args, ws};
  int errors = pto_sim_run_mix(block_idx, block_num, run_aic, run_aiv, &m);
  free(ws);
  block_done(saved, name, block_idx, block_num, errors);
}
