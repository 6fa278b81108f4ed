/* mm-ex-attention-m200.c - mm-ex-attention.c on dav-m200.  */
#define MM_M200 1
#include "mm-ex-attention.c"
