/* lin-fallback.c - the execution harness of exec-nest.c, whose kernels
   lin-fallback.pto holds too; lowered with --cce-linear=1 (lin-fallback.opts).  */
#include "exec-nest.c"
