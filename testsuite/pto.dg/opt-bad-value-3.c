/* Pipeline options are checked by the C core (pto_options_set): a
   non-numeric unroll-limit is an error that names the option.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-unroll-limit=lots" } */
/* { dg-error "pto: .*unroll-limit" "" { target *-*-* } 0 } */
int x;
