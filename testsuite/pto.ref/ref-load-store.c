/* pto_load/pto_store copy a 2x4 tile between GM rows of different
   strides (in elements), reading and writing nothing between the rows.  */
/* { dg-do run } */
#include <pto.h>

typedef PTO_TILE(int32_t, 2, 4) t2x4;

int
main (void)
{
  /* Source rows start at 0 and 6 (row stride 6).  */
  int32_t src[12] = { 1, 2, 3, 4, 90, 91, 5, 6, 7, 8, 92, 93 };
  int32_t dst[9];
  for (int i = 0; i < 9; i++)
    dst[i] = -1;
  t2x4 t;
  pto_load (t, src, 6);
  if (t.v[0][0] != 1 || t.v[0][3] != 4 || t.v[1][0] != 5 || t.v[1][3] != 8)
    return 1;
  pto_store (dst, 5, t);               /* rows at 0 and 5 */
  static const int32_t want[9] = { 1, 2, 3, 4, -1, 5, 6, 7, 8 };
  for (int i = 0; i < 9; i++)
    {
      printf ("%d ", dst[i]);
      if (dst[i] != want[i])
        return 2;
    }
  printf ("\n");
  return 0;
}
/* { dg-output "^1 2 3 4 -1 5 6 7 8 \r?\n$" } */
