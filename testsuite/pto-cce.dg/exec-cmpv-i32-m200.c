/* exec-cmpv-i32-m200.c - exec-cmpv-i32.c on dav-m200.  */
#include "exec-cmpv-i32.c"
