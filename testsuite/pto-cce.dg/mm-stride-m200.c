#define MM_M200 1
#include "mm-stride.c"
