/* sim= takes jit or cce; anything else is an error.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-sim=gpu" } */
/* { dg-error "pto: bad value 'gpu' for '-fplugin-arg-pto-sim': expected 'jit' or 'cce'" "" { target *-*-* } 0 } */
int x;
