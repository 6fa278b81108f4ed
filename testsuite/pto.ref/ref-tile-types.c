/* Reference mode: PTO_PLUGIN_MODE is 0, a tile is struct { T v[R][C]; }
   with nothing else in it, role macros leave plain C functions, and
   tiles travel through pointers and by value with their shape.  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(float, 16, 64) t16x64;
typedef PTO_TILE(pto_f16, 16, 16) h16;
typedef PTO_TILE(int32_t, 3, 5) i35;

#if PTO_PLUGIN_MODE != 0
#error "reference mode expected"
#endif

_Static_assert (sizeof (t16x64) == 16 * 64 * sizeof (float), "no padding");
_Static_assert (sizeof (h16) == 16 * 16 * 2, "fp16 is 2 bytes");
_Static_assert (sizeof (i35) == 15 * 4, "int32 tile");

PTO_INLINE static int
rows_of (const i35 *t)
{
  return (int) (sizeof t->v / sizeof t->v[0]);
}

PTO_HOST int
cols_of (i35 t)
{
  return (int) (sizeof t.v[0] / sizeof t.v[0][0]);
}

int
main (void)
{
  i35 t;
  pto_fill (t, 3);
  printf ("%d %d %d\n", rows_of (&t), cols_of (t), t.v[2][4]);
  return rows_of (&t) == 3 && cols_of (t) == 5 && t.v[2][4] == 3 ? 0 : 1;
}
/* { dg-output "^3 5 3\r?\n$" } */
