/* exec-cmpvs-i32-m200.c - exec-cmpvs-i32.c on dav-m200.  */
#include "exec-cmpvs-i32.c"
