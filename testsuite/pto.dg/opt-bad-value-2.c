/* Flags take no value, 0 or 1; trace=2 is an error.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-trace=2" } */
/* { dg-error "pto: bad value '2' for '-fplugin-arg-pto-trace'" "" { target *-*-* } 0 } */
int x;
