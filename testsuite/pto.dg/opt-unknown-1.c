/* An unknown -fplugin-arg-pto- option is an error naming it, followed by
   a note listing the valid options.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-no-such-option=3" } */
/* { dg-error "pto: unknown option '-fplugin-arg-pto-no-such-option'" "" { target *-*-* } 0 } */
/* { dg-message "note: pto: valid options are: force-let-inline, .*sim, emit, help" "" { target *-*-* } 0 } */
int x;
