/* exec-rowred-i32-m200.c - exec-rowred-i32.c on dav-m200.  */
#include "exec-rowred-i32.c"
