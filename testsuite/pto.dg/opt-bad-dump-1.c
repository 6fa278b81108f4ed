/* dump= takes pass names (or all): an unknown pass is an error, and so
   is an empty list.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=no_such_pass -fplugin-arg-pto-dump" } */
/* { dg-error "pto: .*no_such_pass" "" { target *-*-* } 0 } */
/* { dg-error "pto: '-fplugin-arg-pto-dump' needs a value" "" { target *-*-* } 0 } */
int x;
