/* pto_load_valid / pto_store_valid: partial tiles.  The load copies the
   valid region and sets every other element to the pad (converted to
   the element type, -INFINITY included); the store writes the valid
   region only, whatever the stride: GM bytes around it keep their
   values.  Zero valid rows or columns, the full tile, f32, fp16, int32,
   and a softmax row over a -INFINITY padded tile (pad lanes give 0).  */
/* { dg-do run } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
#include <math.h>
#include <string.h>

typedef PTO_TILE(float, 4, 8) t48;
typedef PTO_TILE(float, 4, 1) t41;
typedef PTO_TILE(int32_t, 2, 4) i24;
typedef PTO_TILE(pto_f16, 2, 16) h216;

static int fails;
#define EXPECT(c)                                                          \
  do {                                                                     \
    if (!(c)) {                                                            \
      fails++;                                                             \
      printf ("line %d: FAIL %s\n", __LINE__, #c);                         \
    }                                                                      \
  } while (0)

int
main (void)
{
  float src[64];
  for (int i = 0; i < 64; i++)
    src[i] = (float) i;

  /* 3 x 5 of a 4 x 8 tile, GM stride 7.  */
  t48 t;
  pto_load_valid (t, src, 7, 3, 5, -INFINITY);
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 8; c++)
      EXPECT (r < 3 && c < 5 ? t.v[r][c] == (float) (r * 7 + c)
                             : t.v[r][c] == -INFINITY);

  /* Row max and a softmax over the padded tile see only the valid
     elements: exp(-inf - max) = 0.  */
  t41 m, s;
  pto_row_max (m, t);
  EXPECT (m.v[0][0] == 4.0f && m.v[2][0] == 18.0f);
  t48 e;
  pto_load_valid (e, src, 7, 4, 5, -INFINITY);
  pto_row_max (m, e);
  pto_row_expand_sub (e, e, m);
  pto_exp (e, e);
  pto_row_sum (s, e);
  pto_row_expand_div (e, e, s);
  float sum = 0;
  for (int c = 0; c < 8; c++)
    sum += e.v[1][c];
  EXPECT (fabsf (sum - 1.0f) < 1e-6f && e.v[1][5] == 0.0f && e.v[1][7] == 0.0f);

  /* The store writes exactly 3 x 5 elements, rows 9 apart.  */
  float dst[40];
  for (int i = 0; i < 40; i++)
    dst[i] = -1.0f;
  pto_adds (t, t, 100.0f);
  pto_store_valid (dst, 9, t, 3, 5);
  for (int i = 0; i < 40; i++)
    {
      int r = i / 9, c = i % 9;
      EXPECT (r < 3 && c < 5 ? dst[i] == 100.0f + (float) (r * 7 + c)
                             : dst[i] == -1.0f);
    }

  /* Zero rows / zero columns: load fills the pad, store writes nothing.  */
  pto_load_valid (t, src, 8, 0, 8, 2.5f);
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 8; c++)
      EXPECT (t.v[r][c] == 2.5f);
  pto_load_valid (t, src, 8, 4, 0, 0.0f);
  EXPECT (t.v[3][7] == 0.0f && t.v[0][0] == 0.0f);
  for (int i = 0; i < 40; i++)
    dst[i] = -1.0f;
  pto_store_valid (dst, 8, t, 0, 8);
  pto_store_valid (dst, 8, t, 4, 0);
  for (int i = 0; i < 40; i++)
    EXPECT (dst[i] == -1.0f);

  /* Full tile: the same as pto_load / pto_store.  */
  t48 a, b;
  pto_load_valid (a, src, 8, 4, 8, -1.0f);
  pto_load (b, src, 8);
  EXPECT (memcmp (&a, &b, sizeof a) == 0);

  /* int32 with a negative pad; one valid row (any stride).  */
  int32_t isrc[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, idst[8];
  i24 it;
  pto_load_valid (it, isrc, 0, 1, 3, -9);
  EXPECT (it.v[0][0] == 1 && it.v[0][2] == 3 && it.v[0][3] == -9
          && it.v[1][0] == -9);
  for (int i = 0; i < 8; i++)
    idst[i] = 0;
  pto_store_valid (idst + 1, 2, it, 1, 3);
  EXPECT (idst[0] == 0 && idst[1] == 1 && idst[3] == 3 && idst[4] == 0);

#if PTO_HAVE_F16
  /* fp16: 2 x 9 of 2 x 16, the pad rounded to fp16.  */
  pto_f16 hsrc[40], hdst[40];
  for (int i = 0; i < 40; i++)
    hsrc[i] = (pto_f16) (float) i;
  h216 h;
  pto_load_valid (h, hsrc, 11, 2, 9, 0.1);
  EXPECT (h.v[1][8] == (pto_f16) 19.0f && h.v[1][9] == (pto_f16) 0.1
          && h.v[0][15] == (pto_f16) 0.1);
  for (int i = 0; i < 40; i++)
    hdst[i] = (pto_f16) -1.0f;
  pto_store_valid (hdst, 10, h, 2, 9);
  EXPECT (hdst[8] == (pto_f16) 8.0f && hdst[9] == (pto_f16) -1.0f
          && hdst[18] == (pto_f16) 19.0f && hdst[19] == (pto_f16) -1.0f);
#endif
  printf ("%d failures\n", fails);
  return fails != 0;
}
