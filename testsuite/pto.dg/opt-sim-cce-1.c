/* -fplugin-arg-pto-sim=cce is accepted; a file without DSL code compiles as usual. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-sim=cce" } */
int f(int x) { return x + 1; }
