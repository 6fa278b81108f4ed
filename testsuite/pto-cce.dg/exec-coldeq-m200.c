/* exec-coldeq-m200.c - exec-coldeq.c on dav-m200.  */
#define DEQ_ARCH "dav-m200"
#include "exec-coldeq.c"
