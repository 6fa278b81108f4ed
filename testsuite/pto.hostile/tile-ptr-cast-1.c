/* A tile operand reached through a cast of the tile pointer to a
   non-tile pointer (`*(int *) t') is not a tile: reference mode says
   "operand * (int *) t is not a PTO_TILE"; the plugin used to strip the
   cast and take the tile (found by the one-hour fuzz run:
   seeds 20664 and 21367, from pto.dg/capture-o0-1.c; seed 25239 with
   `*(void *) t', reference mode: "invalid use of void expression"). */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) t_t;
PTO_INLINE static void twice(t_t *t)
{
  pto_add(*(int *) t, *t, *t); /* { dg-error "a tile operand cannot go through a pointer cast from 't_t \\*' to 'int \\*': the operand is not a tile" } */
  pto_add(*t, *(float *) t, *t); /* { dg-error "from 't_t \\*' to 'float \\*'" } */
  pto_add(*t, *t, *(void *) t); /* { dg-error "from 't_t \\*' to 'void \\*'" } */
/* { dg-warning "dereferencing 'void \\*' pointer" "" { target *-*-* } 14 } */
}
PTO_KERNEL void k(float *y)
{
  t_t t;
  pto_load(t, y, 8);
  pto_muls(*(char *) &t, t, 2.0f); /* { dg-error "from 't_t \\*' to 'char \\*'" } */
  twice(&t);
  pto_store(y, 8, t);
}
