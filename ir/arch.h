/* arch.h - the AI core architectures the CCE back end targets.

   One row per architecture: the usable byte sizes of the local buffers
   and the number of event ids per pipe pair.  The numbers are the same
   as the simulator's table (runtime/cce_sim.c), so a kernel that fits
   here fits the simulator's arenas.  Selected by the `arch' option
   (-fplugin-arg-pto-arch=, pto-opt --arch=); default dav-c220.  */

#ifndef PTO_EMIT_ARCH_H
#define PTO_EMIT_ARCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The intrinsic forms an arch takes (runtime/cce-api.h, doc/cce.md):
   V200 = dav-c100 / dav-m200 (coupled core: L0C -> UB, vcadd with 6
   operands, vcmax writing [value, index] pairs, mad with 7), V220 =
   dav-c220 / 3510 (split AIC/AIV: fixpipe L0C -> GM, vcadd / vcmax with
   a 7th operand (Order_t), mad with 10, vbrcb, byte-granular DMA).  */
typedef enum pto_isa { PTO_ISA_V200, PTO_ISA_V220 } pto_isa;

/* The most blocks a kernel launch may start, on every architecture:
   the launch's block_num is a uint32_t in [1, 65535] (asc-devkit,
   docs/zh/guide/编程指南/语言扩展层/SIMD与SIMT混合编程BuiltIn关键字.md,
   the block_num row: "取值范围[1, 65535]").  The value ranges of the
   rewriter take pto.block_num() in [1, PTO_ARCH_MAX_BLOCKS] and
   pto.block_idx() in [0, PTO_ARCH_MAX_BLOCKS - 1] (rewrite/ranges.c).  */
#define PTO_ARCH_MAX_BLOCKS 65535

typedef struct pto_arch {
  const char *name;     /* "dav-c220" */
  const char *alias;    /* "dav-2201" */
  int64_t ub, l1, l0a, l0b, l0c;  /* usable bytes */
  int events;           /* event ids per (src, dst) pipe pair */
  pto_isa isa;
  int64_t bt;           /* bias table (C2) bytes, 0 where there is none:
                           1 KB on dav-c220, 4 KB on 3510 (asc-devkit
                           include/utils/base/sys_constants.h, ASC_BT_SIZE) */
} pto_arch;

/* The row named NAME (or its alias); NULL if there is none.  */
const pto_arch *pto_arch_lookup(const char *name);
/* "dav-c100, dav-m200, dav-c220, 3510" for diagnostics.  */
const char *pto_arch_names(void);

#ifdef __cplusplus
}
#endif

#endif /* PTO_EMIT_ARCH_H */
