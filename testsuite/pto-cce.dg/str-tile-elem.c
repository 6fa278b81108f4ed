/* str-tile-elem.c - the execution harness of exec-tile-elem.c, whose kernels
   str-tile-elem.pto holds too; lowered with --cce-linear=0 (str-tile-elem.opts).  */
#include "exec-tile-elem.c"
