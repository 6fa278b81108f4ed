/* lin-tile-elem.c - the execution harness of exec-tile-elem.c, whose kernels
   lin-tile-elem.pto holds too; lowered with --cce-linear=1 (lin-tile-elem.opts).  */
#include "exec-tile-elem.c"
