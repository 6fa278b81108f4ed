/* exec-cmpvs-m200.c - exec-cmpvs.c on dav-m200.  */
#include "exec-cmpvs.c"
