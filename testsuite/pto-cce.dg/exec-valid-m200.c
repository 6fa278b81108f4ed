/* exec-valid-m200.c - exec-valid.c on dav-m200 (scalar-unit transfers).  */
#define VALID_ARCH "dav-m200"
#include "exec-valid.c"
