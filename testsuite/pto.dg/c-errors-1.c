/* With the plugin loaded, GCC's own diagnostics still come out at the
   right line (and the harness checks kinds: error vs warning).  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

int
f (void)
{
  int unused; /* { dg-warning "unused variable 'unused'" } */
  undeclared_name = 1; /* { dg-error "'undeclared_name' undeclared" } */
  return 0;
}
/* { dg-message "reported only once" "" { target *-*-* } 10 } */
