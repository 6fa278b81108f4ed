/* mm-valid-bf16.c - mm-valid-storage.c's bf16 cases, the kernel of
   mm-valid-bf16.pto.  */
#define MM_BF16 1
#include "mm-valid-storage.c"
