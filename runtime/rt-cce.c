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
  int errors = pto_sim_end_block();
  current = saved;
  if (errors)
    fprintf(stderr, "pto: kernel '%s', block %d of %d: %d simulator "
            "report%s\n", name, block_idx, block_num, errors,
            errors == 1 ? "" : "s");
}
