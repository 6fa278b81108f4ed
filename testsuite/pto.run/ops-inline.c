/* ops-inline.c - every tile op that sim=jit emits as inline loops
   (backend/jit/jit-tile.c): the f32 and int32 element-wise binary ops,
   their tile-scalar forms, abs/relu/neg, sqrt/rsqrt/recip, fill,
   row_sum/row_max, row_expand and row_expand_<op>, pto_load/pto_store
   with row strides larger than the tile's width (f32, int32, fp16) and
   pto_load_valid/pto_store_valid of partial tiles, on odd shapes (5 x 3,
   3 x 37, 1 x 7, 7 x 1), in place and into another tile.  The output is
   every GM element's bits after the kernels ran (the gaps between the
   strided rows included: they must keep their sentinel), so it must be
   the same in reference mode, with sim=jit and with sim=cce (run.exp).
   int32 data reach INT32_MIN/INT32_MAX, so add, sub, mul, neg, abs and
   row_sum wrap.  */
#include <pto.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* GM row strides, wider than every tile (in elements).  */
enum { XS = 41, OS = 43, SLOT = 7 * OS };

/* One kernel per shape and dtype: X and Y are read with stride XS, each
   result goes to its own slot of O (SLOT elements, stride OS).  */
#define F32_KERNEL(name, R, C)                                              \
  typedef PTO_TILE(float, R, C) name##_t;                                  \
  typedef PTO_TILE(float, R, 1) name##_c;                                  \
  PTO_KERNEL void name(const float *x, const float *y, float *o, float s)  \
  {                                                                         \
    name##_t a, b, d;                                                       \
    name##_c c, m;                                                          \
    pto_load(a, x, XS);                                                     \
    pto_load(b, y, XS);                                                     \
    pto_add(d, a, b);                                                       \
    pto_store(o + 0 * SLOT, OS, d);                                         \
    pto_sub(d, a, b);                                                       \
    pto_store(o + 1 * SLOT, OS, d);                                         \
    pto_mul(d, a, b);                                                       \
    pto_store(o + 2 * SLOT, OS, d);                                         \
    pto_div(d, a, b);                                                       \
    pto_store(o + 3 * SLOT, OS, d);                                         \
    pto_max(d, a, b);                                                       \
    pto_store(o + 4 * SLOT, OS, d);                                         \
    pto_min(d, a, b);                                                       \
    pto_store(o + 5 * SLOT, OS, d);                                         \
    pto_adds(d, a, s);                                                      \
    pto_store(o + 6 * SLOT, OS, d);                                         \
    pto_muls(d, a, 0.375f);                                                 \
    pto_store(o + 7 * SLOT, OS, d);                                         \
    pto_maxs(d, a, s);                                                      \
    pto_store(o + 8 * SLOT, OS, d);                                         \
    pto_mins(d, a, -0.5f);                                                  \
    pto_store(o + 9 * SLOT, OS, d);                                         \
    pto_abs(d, a);                                                          \
    pto_store(o + 10 * SLOT, OS, d);                                        \
    pto_relu(d, a);                                                         \
    pto_store(o + 11 * SLOT, OS, d);                                        \
    pto_neg(d, a);                                                          \
    pto_store(o + 12 * SLOT, OS, d);                                        \
    pto_abs(d, a);                                                          \
    pto_sqrt(d, d);                                                         \
    pto_store(o + 13 * SLOT, OS, d);                                        \
    pto_abs(d, b);                                                          \
    pto_rsqrt(d, d);                                                        \
    pto_store(o + 14 * SLOT, OS, d);                                        \
    pto_recip(d, b);                                                        \
    pto_store(o + 15 * SLOT, OS, d);                                        \
    pto_fill(d, s);                                                         \
    pto_store(o + 16 * SLOT, OS, d);                                        \
    pto_row_sum(c, a);                                                      \
    pto_store(o + 17 * SLOT, OS, c);                                        \
    pto_row_max(m, a);                                                      \
    pto_store(o + 18 * SLOT, OS, m);                                        \
    pto_row_expand(d, c);                                                   \
    pto_store(o + 19 * SLOT, OS, d);                                        \
    pto_row_expand_add(d, a, c);                                            \
    pto_store(o + 20 * SLOT, OS, d);                                        \
    pto_row_expand_sub(d, a, m);                                            \
    pto_store(o + 21 * SLOT, OS, d);                                        \
    pto_row_expand_mul(d, a, c);                                            \
    pto_store(o + 22 * SLOT, OS, d);                                        \
    pto_abs(m, m);                                                          \
    pto_adds(m, m, 1.0f);                                                   \
    pto_row_expand_div(d, a, m);                                            \
    pto_store(o + 23 * SLOT, OS, d);                                        \
    /* In place: the destination is a source.  */                          \
    pto_add(a, a, b);                                                       \
    pto_mul(b, a, b);                                                       \
    pto_maxs(a, a, 0.25f);                                                  \
    pto_neg(b, b);                                                          \
    pto_row_expand_sub(a, a, m);                                            \
    pto_store(o + 24 * SLOT, OS, a);                                        \
    pto_store(o + 25 * SLOT, OS, b);                                        \
  }

#define I32_KERNEL(name, R, C)                                              \
  typedef PTO_TILE(int32_t, R, C) name##_t;                                \
  typedef PTO_TILE(int32_t, R, 1) name##_c;                                \
  PTO_KERNEL void name(const int32_t *x, const int32_t *y, int32_t *o,     \
                       int32_t s)                                           \
  {                                                                         \
    name##_t a, b, d;                                                       \
    name##_c c;                                                             \
    pto_load(a, x, XS);                                                     \
    pto_load(b, y, XS);                                                     \
    pto_add(d, a, b);                                                       \
    pto_store(o + 0 * SLOT, OS, d);                                         \
    pto_sub(d, a, b);                                                       \
    pto_store(o + 1 * SLOT, OS, d);                                         \
    pto_mul(d, a, b);                                                       \
    pto_store(o + 2 * SLOT, OS, d);                                         \
    pto_max(d, a, b);                                                       \
    pto_store(o + 3 * SLOT, OS, d);                                         \
    pto_min(d, a, b);                                                       \
    pto_store(o + 4 * SLOT, OS, d);                                         \
    pto_adds(d, a, s);                                                      \
    pto_store(o + 5 * SLOT, OS, d);                                         \
    pto_muls(d, a, -3);                                                     \
    pto_store(o + 6 * SLOT, OS, d);                                         \
    pto_maxs(d, a, s);                                                      \
    pto_store(o + 7 * SLOT, OS, d);                                         \
    pto_mins(d, a, 5);                                                      \
    pto_store(o + 8 * SLOT, OS, d);                                         \
    pto_abs(d, a);                                                          \
    pto_store(o + 9 * SLOT, OS, d);                                         \
    pto_relu(d, a);                                                         \
    pto_store(o + 10 * SLOT, OS, d);                                        \
    pto_neg(d, a);                                                          \
    pto_store(o + 11 * SLOT, OS, d);                                        \
    pto_fill(d, s);                                                         \
    pto_store(o + 12 * SLOT, OS, d);                                        \
    pto_row_sum(c, a);                                                      \
    pto_store(o + 13 * SLOT, OS, c);                                        \
    pto_row_expand(d, c);                                                   \
    pto_store(o + 14 * SLOT, OS, d);                                        \
    pto_row_max(c, b);                                                      \
    pto_store(o + 15 * SLOT, OS, c);                                        \
    pto_sub(a, a, b);                                                       \
    pto_abs(b, b);                                                          \
    pto_store(o + 16 * SLOT, OS, a);                                        \
    pto_store(o + 17 * SLOT, OS, b);                                        \
  }

F32_KERNEL(f32_5x3, 5, 3)
F32_KERNEL(f32_3x37, 3, 37)
F32_KERNEL(f32_1x7, 1, 7)
F32_KERNEL(f32_7x1, 7, 1)
I32_KERNEL(i32_5x3, 5, 3)
I32_KERNEL(i32_3x37, 3, 37)
I32_KERNEL(i32_7x1, 7, 1)

/* fp16 moves as bytes: a strided load and store, and a partial store.  */
typedef PTO_TILE(_Float16, 5, 3) h_t;
PTO_KERNEL void f16_copy(const _Float16 *x, _Float16 *o, int vr, int vc)
{
  h_t a;
  pto_load(a, x, XS);
  pto_store(o, OS, a);
  pto_store_valid(o + SLOT, OS, a, vr, vc);
}

/* Partial tiles: the valid VR x VC part loaded and padded, worked on,
   and stored back; the 6 x 37 tile and an 8 x 64 one (a whole row of
   the 8 x 64 tile is 256 bytes).  */
typedef PTO_TILE(float, 6, 37) p_t;
typedef PTO_TILE(float, 6, 1) pc_t;
typedef PTO_TILE(int32_t, 6, 37) pi_t;
typedef PTO_TILE(float, 8, 64) w_t;
PTO_KERNEL void partial(const float *x, const int32_t *xi, float *o,
                        int32_t *oi, int vr, int vc)
{
  p_t a;
  pc_t c;
  pi_t ai;
  w_t w;
  pto_load_valid(a, x, XS, vr, vc, -2.5f);
  pto_store(o, OS, a);
  pto_row_sum(c, a);
  pto_muls(a, a, 2.0f);
  pto_store_valid(o + SLOT, OS, a, vr, vc);
  pto_store(o + 2 * SLOT, OS, c);
  pto_load_valid(ai, xi, XS, vr, vc, 7);
  pto_store(oi, OS, ai);
  pto_adds(ai, ai, 1);
  pto_store_valid(oi + SLOT, OS, ai, vr, vc);
  pto_load_valid(w, x, 64, vr, vc, 0.0f);
  pto_store_valid(o + 3 * SLOT, 64, w, vr, vc);
}

enum { NIN = 8 * XS * 2, NOUT = 26 * SLOT };
static float fx[NIN], fy[NIN], fo[NOUT];
static int32_t ix[NIN], iy[NIN], io[NOUT];
static _Float16 hx[NIN], ho[NOUT];

/* FNV-1a over the bits of N elements of SIZE bytes at P.  */
static uint32_t hash(const void *p, size_t bytes)
{
  const unsigned char *b = p;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < bytes; i++)
    h = (h ^ b[i]) * 16777619u;
  return h;
}

/* Print the bits of O's slots, one hash per slot; the sentinel word
   fills O first.  */
static void dump(const char *what, const void *o, size_t esize, int nslots)
{
  printf("%s:", what);
  for (int k = 0; k < nslots; k++)
    printf(" %08x", (unsigned)hash((const char *)o + (size_t)k * SLOT * esize,
                                   SLOT * esize));
  printf("\n");
}

static void clear(void)
{
  for (int i = 0; i < NOUT; i++) {
    fo[i] = -777.0f;
    io[i] = 0x5a5a5a5a;
    ho[i] = (_Float16)-77.0f;
  }
}

int main(void)
{
  for (int i = 0; i < NIN; i++) {
    fx[i] = (float)((i * 37) % 101 - 50) * 0.375f;
    fy[i] = (float)((i * 53) % 89 - 44) * 0.625f + 0.125f;
    ix[i] = (int32_t)((uint32_t)i * 2654435761u);
    iy[i] = (i * 7919) % 20011 - 10005;
    hx[i] = (_Float16)((float)(i % 61 - 30) * 0.25f);
  }
  fx[3] = -0.0f;
  fx[XS + 1] = 1e30f; /* 1e30 * y overflows to inf */
  ix[0] = INT32_MIN;
  ix[1] = INT32_MAX;
  ix[XS] = INT32_MIN;
  iy[2] = -1;

  clear();
  f32_5x3(fx, fy, fo, 1.5f);
  dump("f32 5x3", fo, sizeof(float), 26);
  clear();
  f32_3x37(fx, fy, fo, -2.25f);
  dump("f32 3x37", fo, sizeof(float), 26);
  clear();
  f32_1x7(fx, fy, fo, 0.5f);
  dump("f32 1x7", fo, sizeof(float), 26);
  clear();
  f32_7x1(fx, fy, fo, 3.0f);
  dump("f32 7x1", fo, sizeof(float), 26);
  clear();
  i32_5x3(ix, iy, io, 12345);
  dump("i32 5x3", io, sizeof(int32_t), 18);
  clear();
  i32_3x37(ix, iy, io, -9);
  dump("i32 3x37", io, sizeof(int32_t), 18);
  clear();
  i32_7x1(ix, iy, io, INT32_MAX);
  dump("i32 7x1", io, sizeof(int32_t), 18);
  static const int shapes[][2] = {{6, 37}, {4, 20}, {1, 1}, {0, 5}, {3, 0}};
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int vr = shapes[k][0], vc = shapes[k][1];
    char what[64];
    clear();
    f16_copy(hx, ho, vr < 5 ? vr : 5, vc < 3 ? vc : 3);
    snprintf(what, sizeof what, "f16 copy %d x %d", vr, vc);
    dump(what, ho, sizeof(_Float16), 2);
    clear();
    partial(fx, ix, fo, io, vr, vc);
    snprintf(what, sizeof what, "partial f32 %d x %d", vr, vc);
    dump(what, fo, sizeof(float), 5);
    snprintf(what, sizeof what, "partial i32 %d x %d", vr, vc);
    dump(what, io, sizeof(int32_t), 2);
  }
  /* One plain-C check, so that the program can fail on its own: the
     first row sum of the 3 x 37 tile, left to right from 0.  */
  clear();
  f32_3x37(fx, fy, fo, 0.0f);
  float want = 0.0f;
  for (int j = 0; j < 37; j++)
    want += fx[j];
  printf("%s: row_sum adds left to right\n",
         memcmp(&fo[17 * SLOT], &want, sizeof want) ? "FAIL" : "PASS");
  return 0;
}
