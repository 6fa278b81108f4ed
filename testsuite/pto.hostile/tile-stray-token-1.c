/* A stray token before PTO_TILE's element type is the syntax error of
   reference mode in both simulation modes too (GNU C accepts an empty
   declaration in a struct, so plugin mode's struct alone took it). */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE( ; int32_t, 8, 8) i32_t; /* { dg-error "expected specifier-qualifier-list before ';' token" } */
/* { dg-error "" "" { target *-*-* } 6 } */
/* { dg-warning "" "" { target *-*-* } 6 } */
