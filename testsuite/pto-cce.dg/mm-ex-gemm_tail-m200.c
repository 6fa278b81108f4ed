#define MM_ARCH "dav-m200"
#include "mm-ex-gemm_tail.c"
