/* InlineFunctions (after PyPTO's), return values, as C:
   - a struct return (the seed's multi-return) used field by field, and
     one used whole; one helper returns a compound literal (a tuple
     value), the other a struct variable filled field by field;
   - a discarded return whose evaluation is the store (writeout returns
     the number of elements stored; the call statement must still store);
   - a void helper called as a statement, with a write through its
     pointer parameter.
   Expected values are computed by hand.  */
/* { dg-do run } */
#include <stdint.h>
#include <stdio.h>
#include <pto.h>

typedef PTO_TILE(int32_t, 2, 4) t2x4;

typedef struct pair
{
  int a;
  int b;
} pair_t;

PTO_INLINE static pair_t
mkpair (int x)
{
  return (pair_t) { x + 1, x * 2 };
}

PTO_INLINE static pair_t
mkpair_fields (int x)
{
  pair_t r;
  r.a = x - 1;
  r.b = x * 3;
  return r;
}

PTO_INLINE static int
writeout (t2x4 t, int32_t *out)
{
  pto_store (out, 4, t);
  return 8;
}

PTO_INLINE static void
put (int *p, int v)
{
  *p = v;
}

PTO_KERNEL void
kern (const int32_t *a, int32_t *out)
{
  t2x4 t;
  pto_load (t, a, 4);
  pto_muls (t, t, 2);
  writeout (t, out);             /* return value discarded */
}

PTO_HOST void
scalars (int k, int *r)
{
  pair_t p = mkpair (k);
  r[0] = p.a + p.b;              /* (k + 1) + 2k */
  pair_t q = mkpair (p.b);
  pair_t whole = q;              /* used whole */
  r[1] = whole.a * 100 + whole.b;
  put (&r[2], 77);
  pair_t f = mkpair_fields (k);
  r[3] = f.a * 100 + f.b;        /* 4 * 100 + 15 */
}

int
main (void)
{
  int32_t a[8] = { 1, -2, 3, -4, 5, -6, 7, -8 };
  int32_t out[8];
  pto_launch (kern, 1, a, out);
  for (int i = 0; i < 8; i++)
    printf ("%d ", out[i]);
  int r[4];
  scalars (5, r);
  printf ("| %d %d %d %d\n", r[0], r[1], r[2], r[3]);
  return 0;
}
/* 2a; 6 + 10 = 16; mkpair(10) = {11, 20} -> 1120; 77; 415.  */
/* { dg-output "^2 -4 6 -8 10 -12 14 -16 \\| 16 1120 77 415\r?\n$" } */
