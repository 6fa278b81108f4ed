#define MM_M200 1
#include "mm-k32.c"
