/* A compile with errors leaves no capture dump behind (nothing partial). */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void fine(int *y) { y[0] = 1; }
PTO_KERNEL void bad(int *y, int n)
{
  switch (n) { default: y[0] = 2; } /* { dg-error "switch statements are not supported" } */
}
/* { dg-final { if {[file exists [file join [pto-dg-outdir] err-nodump-1.c.pto.000.capture]]} { fail "err-nodump-1.c: a capture dump was written" } else { pass "err-nodump-1.c: no capture dump" } } } */
