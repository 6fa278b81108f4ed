/* -fplugin-arg-pto-sim=cce is refused with "sorry, unimplemented" instead of being silently ignored. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-sim=cce" } */
/* { dg-message "sorry, unimplemented: .-fplugin-arg-pto-sim=cce.: running kernels from the emitted CCE" "" { target *-*-* } 0 } */
int f(int x) { return x + 1; }
