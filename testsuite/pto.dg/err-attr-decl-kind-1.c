/* Role attributes on a variable are ignored with a warning. */
/* { dg-do compile } */
#include <pto.h>
int x __attribute__((pto_kernel)); /* { dg-warning "'pto_kernel' attribute only applies to function declarations" } */
int z __attribute__((pto_inline)); /* { dg-warning "'pto_inline' attribute only applies to function declarations" } */
