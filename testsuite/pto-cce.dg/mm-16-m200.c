#define MM_ARCH "dav-m200"
#include "mm-16.c"
