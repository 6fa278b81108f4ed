/* Role attributes take no arguments; pto_intrinsic takes a string naming an op of the registry. */
/* { dg-do compile } */
#include <pto.h>
void h(void) __attribute__((pto_kernel(1))); /* { dg-error "wrong number of arguments specified for 'pto_kernel' attribute" } */
/* { dg-message "expected between 0 and 0, found 1" "" { target *-*-* } 4 } */
void f(void) __attribute__((pto_intrinsic("frobnicate"))); /* { dg-error "'pto_intrinsic' attribute: unknown op 'frobnicate'" } */
void g(void) __attribute__((pto_intrinsic(3))); /* { dg-error "'pto_intrinsic' attribute needs a string argument" } */
