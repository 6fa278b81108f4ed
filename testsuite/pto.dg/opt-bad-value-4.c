/* emit takes cce or pto-isa.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-emit=ptx" } */
/* { dg-error "pto: bad value 'ptx' for '-fplugin-arg-pto-emit': expected 'cce' or 'pto-isa'" "" { target *-*-* } 0 } */
int x;
