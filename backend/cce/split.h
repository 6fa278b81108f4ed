/* split.h - dav-c220 mix kernels: a kernel's cube work on the AIC and
   its vector work on the AIVs (split.c has the method).

   cce.c asks pto_split_wanted after building a kernel's source MIR; for
   a kernel that has pto.matmul and vector work on dav-c220 it calls
   pto_split_kernel and lowers the three source MIRs it returns as three
   single-core kernels (memplan, isel, sync), then prints them as one
   `__global__ __mix__(1, 2)' kernel whose parameters are the kernel's
   and one GM pointer per channel (CHAN_WS, at byte CHAN_OFF of a
   block's WS_BYTES of workspace).  */

#ifndef PTO_EMIT_SPLIT_H
#define PTO_EMIT_SPLIT_H

#include "backend/cce/mir.h"

/* dav-c220 has 16 cross-core flags per core.  */
#define PTO_SPLIT_MAXCHAN 16
/* A placeholder of the slot expressions until the workspace's size is
   known (split.c only).  */
#define PTO_SPLIT_STRIDE_MARK 0x7ffffff1

typedef struct pto_split {
  pto_mir_block aic, aiv, idle;   /* AIC, AIV0, AIV1 (flags only) */
  int64_t ws_bytes;               /* workspace bytes per block */
  int nchan;
  const pto_var *chan_tile[PTO_SPLIT_MAXCHAN];
  pto_var *chan_ws[PTO_SPLIT_MAXCHAN];
  int64_t chan_off[PTO_SPLIT_MAXCHAN];
  bool chan_to_aiv[PTO_SPLIT_MAXCHAN];
} pto_split;

/* Whether K (its source MIR built) is a mix kernel: dav-c220, a
   pto.matmul and some tile work that is not the cube path's.  */
bool pto_split_wanted(const pto_mir_kernel *k);
/* Partition K->src into OUT (the nodes are K's or new ones in the
   program's arena; OUT's vectors are the caller's: pto_split_free).
   Returns the number of errors reported through D (located sorries for
   what the split cannot do).  */
int pto_split_kernel(pto_mir_kernel *k, pto_diag *d, pto_split *out);
void pto_split_free(pto_split *s);

#endif /* PTO_EMIT_SPLIT_H */
