/* exec-colop-m200.c - exec-colop.c on dav-m200.  */
#include "exec-colop.c"
