/* pto_launch arguments in a PTO_HOST function are converted to the
   kernel's parameter types exactly as in the ordinary call k(args...):
   an argument C cannot convert is GCC's located "incompatible type"
   error, a conversion C warns about is GCC's warning, never an ICE; a
   pointer conversion is then also the DSL's own error (host code has no
   pointer casts).  Issue 20 item 1; both/launch-conv-c-1.c is the same
   program with run() an ordinary C function, which must give exactly
   what reference mode gives. */
/* { dg-do compile } */
/* { dg-options "-Wno-pedantic" } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
struct s { int a; };
PTO_KERNEL void kp(float *y)
{ y[0] = 1; }
PTO_KERNEL void ki(float *y,
                   int n)
{ y[0] = (float)n; }
/* { dg-message "expected .float \\*. but argument is of type .double." "" { target *-*-* } 14 } */
/* { dg-message "expected .float \\*. but argument is of type .float." "" { target *-*-* } 14 } */
/* { dg-message "expected .float \\*. but argument is of type .struct s." "" { target *-*-* } 14 } */
/* { dg-message "expected .float \\*. but argument is of type .int \\*." "" { target *-*-* } 14 } */
/* { dg-message "expected .int. but argument is of type .struct s." "" { target *-*-* } 17 } */
/* { dg-message "expected .int. but argument is of type .tile_t." "" { target *-*-* } 17 } */
/* { dg-message "expected .int. but argument is of type .char \\*." "" { target *-*-* } 17 } */
PTO_HOST void run(float *y, double d, float f, struct s st,
                  char *cp, int *ip, tile_t *tp)
{
  pto_launch(kp, 1, d);      /* { dg-error "incompatible type for argument 1 of 'kp'" } */
  pto_launch(kp, 1, f);      /* { dg-error "incompatible type for argument 1 of 'kp'" } */
  pto_launch(kp, 1, st);     /* { dg-error "incompatible type for argument 1 of 'kp'" } */
  pto_launch(ki, 1, y, st);  /* { dg-error "incompatible type for argument 2 of 'ki'" } */
  pto_launch(ki, 1, y, *tp); /* { dg-error "incompatible type for argument 2 of 'ki'" } */
  pto_launch(ki, 1, y, cp);  /* { dg-warning "passing argument 2 of 'ki' makes integer from pointer without a cast" } */
  pto_launch(kp, 1, ip);     /* { dg-warning "passing argument 1 of 'kp' from incompatible pointer type" } */
}
/* { dg-error "pointer conversions are not supported in PTO code" "" { target *-*-* } 34 } */
/* { dg-error "pointer conversions are not supported in PTO code \\(from 'int \\*' to 'float \\*'\\)" "" { target *-*-* } 35 } */
