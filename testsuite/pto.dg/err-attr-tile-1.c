/* pto_tile on a struct that is not T v[R][C] is rejected; on a non-struct it is ignored with a warning. */
/* { dg-do compile } */
#include <pto.h>
struct __attribute__((pto_tile)) bad { float a; int b; }; /* { dg-error "'pto_tile' needs a struct whose only member is a two-dimensional array" } */
int __attribute__((pto_tile)) i; /* { dg-warning "'pto_tile' attribute only applies to struct types" } */
