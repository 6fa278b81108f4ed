/* exec-shift-m200.c - exec-shift.c on dav-m200.  */
#include "exec-shift.c"
