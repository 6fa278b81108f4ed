/* exec-bitop-m200.c - exec-bitop.c on dav-m200.  */
#include "exec-bitop.c"
