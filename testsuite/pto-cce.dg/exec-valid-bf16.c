/* exec-valid-bf16.c - exec-valid-storage.c's bf16 cases, the kernel of
   exec-valid-bf16.pto.  */
#define VALID_BF16 1
#include "exec-valid-storage.c"
