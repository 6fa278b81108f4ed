/* exec-rowred-m200.c - exec-rowred.c on dav-m200.  */
#include "exec-rowred.c"
