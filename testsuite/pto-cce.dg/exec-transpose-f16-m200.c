/* exec-transpose-f16-m200.c - exec-transpose-f16.c on dav-m200.  */
#include "exec-transpose-f16.c"
