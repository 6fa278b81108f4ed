/* exec-deq-m200.c - exec-deq.c on dav-m200.  */
#define DEQ_ARCH "dav-m200"
#include "exec-deq.c"
