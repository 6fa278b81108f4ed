/* str-unroll-rt.c - the execution harness of dbuf-unroll-rt.c, whose kernels
   str-unroll-rt.pto holds too; lowered with --cce-linear=0 (str-unroll-rt.opts).  */
#include "dbuf-unroll-rt.c"
