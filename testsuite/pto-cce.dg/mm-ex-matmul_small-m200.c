#define MM_ARCH "dav-m200"
#include "mm-ex-matmul_small.c"
