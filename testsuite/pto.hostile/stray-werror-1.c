/* An error reported after the kernels' CCE and the capture dump were
   generated (a -Werror=array-bounds warning of a late pass, in ordinary
   C code after the kernel) leaves no .cce and no dump: the plugin's side
   files are renamed into place only when the whole unit succeeded.
   (Issue 20 item 5; part 3 of hostile.exp compiles this with -c -o in an
   empty directory and requires it to stay empty.) */
/* { dg-do assemble } */
/* { dg-options "-O2 -Wall -Werror=array-bounds -fplugin-arg-pto-dump=capture" } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(const float *x, float *y)
{
  tile_t a;
  pto_load(a, x, 8);
  pto_add(a, a, a);
  pto_store(y, 8, a);
}
int f(void)
{
  int a[2] /* { dg-message "while referencing" } */
    = {0, 1};
  return a[5]; /* { dg-error "array subscript 5 is above array bounds" } */
}
