/* lin-saxpy.c - the execution harness of ex-saxpy.c, whose kernels
   lin-saxpy.pto holds too; lowered with --cce-linear=1 (lin-saxpy.opts).  */
#include "ex-saxpy.c"
