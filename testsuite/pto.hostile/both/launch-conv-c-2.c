/* pto_launch passes each argument as reference mode does, as a
   non-constant of the argument's own type (reference mode's PTO__ARG_TYPE
   copy), not as the int the variadic promotion makes of it: a _Bool
   given for a pointer is an error even when it is a constant or a
   converted pointer, a (char) 0 is not a null pointer constant there
   (GCC's warning; so is a plain 0, which reference mode's copy turns
   into an int variable), and the same values given for int and _Bool
   parameters are plain conversions.  Found by the plugin fuzzer (seed
   104550: `(_Bool) rowmax' compiled under the plugin).  both/ runs this
   file with and without the plugin.  */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void kp(const float *x, float *y)
{ y[0] = x[0]; }
PTO_KERNEL void kb(float *y, _Bool b, int n)
{ y[0] = (float)(b + n); }
/* { dg-message "expected .const float \\*. but argument is of type ._Bool." "" { target *-*-* } 13 } */
/* { dg-message "expected .const float \\*. but argument is of type .char." "" { target *-*-* } 13 } */
/* { dg-message "expected .const float \\*. but argument is of type .int." "" { target *-*-* } 13 } */
int main(void)
{
  float x[4] = {1}, y[4];
  _Bool b = 0;
  pto_launch(kp, 1, (_Bool) x, y); /* { dg-error "incompatible type for argument 1 of 'kp'" } */
  pto_launch(kp, 1, (_Bool) 1, y); /* { dg-error "incompatible type for argument 1 of 'kp'" } */
  pto_launch(kp, 1, b, y);         /* { dg-error "incompatible type for argument 1 of 'kp'" } */
  pto_launch(kp, 1, (char) 0, y);  /* { dg-warning "passing argument 1 of 'kp' makes pointer from integer without a cast" } */
  pto_launch(kp, 1, x != 0, y);    /* { dg-warning "passing argument 1 of 'kp' makes pointer from integer without a cast" } */
  pto_launch(kp, 1, 0, y);         /* { dg-warning "passing argument 1 of 'kp' makes pointer from integer without a cast" } */
  pto_launch(kb, 1, y, (_Bool) x, (char) 2);
  pto_launch(kb, 1, y, 2.5, b);
  return 0;
}
