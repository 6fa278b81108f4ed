/* exec-rowbcast-m200.c - exec-rowbcast.c on dav-m200 (no vbrcb: the
   per-row lowering of the row broadcasts).  */
#include "exec-rowbcast.c"
