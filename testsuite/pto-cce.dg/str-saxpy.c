/* str-saxpy.c - the execution harness of ex-saxpy.c, whose kernels
   str-saxpy.pto holds too; lowered with --cce-linear=0 (str-saxpy.opts).  */
#include "ex-saxpy.c"
