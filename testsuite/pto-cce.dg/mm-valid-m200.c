#define MM_ARCH "dav-m200"
#include "mm-valid.c"
