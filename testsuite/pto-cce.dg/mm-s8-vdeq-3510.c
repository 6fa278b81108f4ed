/* mm-s8-vdeq-3510.c - mm-s8-vdeq.c on 3510.  */
#define VDEQ_ARCH "3510"
#include "mm-s8-vdeq.c"
