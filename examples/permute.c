/* permute.c - data movement with GM pointer arithmetic and row strides.

   block_swap     a 64x64 matrix as a 4x4 grid of 16x16 blocks: block
                  (i, j) moves to block (j, i) (a block-level transpose;
                  the blocks themselves are copied as they are)
   gather_rows    out row i = in row perm[i], the permutation read from GM
   deinterleave   the even rows of a 32x64 matrix into one 16x64 matrix
                  and the odd rows into another (GM row stride 2*64)
   interleave     the inverse, storing with row stride 2*64
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/permute.c -lm  */

#include <pto.h>
#include <stdio.h>

enum { N = 64, B = 16, NB = N / B };

typedef PTO_TILE(float, B, B) block_t;
typedef PTO_TILE(int32_t, 1, N) irow_t;
typedef PTO_TILE(float, B, N) half_t;

PTO_KERNEL void block_swap(const float *in, float *out)
{
  block_t t;
  for (int w = pto_block_idx(); w < NB * NB; w += pto_block_num()) {
    int bi = w / NB, bj = w % NB;
    pto_load(t, in + bi * B * N + bj * B, N);
    pto_store(out + bj * B * N + bi * B, N, t);
  }
}

PTO_KERNEL void gather_rows(const int32_t *in, const int32_t *perm,
                            int32_t *out, int rows)
{
  irow_t t;
  for (int i = pto_block_idx(); i < rows; i += pto_block_num()) {
    pto_load(t, in + perm[i] * N, N);
    pto_store(out + i * N, N, t);
  }
}

/* Single block: the whole 32x64 matrix is two 16x64 tiles.  */
PTO_KERNEL void deinterleave(const float *in, float *even, float *odd)
{
  half_t t;
  pto_load(t, in, 2 * N);
  pto_store(even, N, t);
  pto_load(t, in + N, 2 * N);
  pto_store(odd, N, t);
}

PTO_KERNEL void interleave(const float *even, const float *odd, float *out)
{
  half_t t;
  pto_load(t, even, N);
  pto_store(out, 2 * N, t);
  pto_load(t, odd, N);
  pto_store(out + N, 2 * N, t);
}

static float a[N * N], swapped[N * N];
static int32_t ia[N * N], perm[N], gathered[N * N];
static float pair[2 * B * N], even[B * N], odd[B * N], rejoined[2 * B * N];

static int check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  return ok;
}

int main(void)
{
  int ok = 1, bad = 0;
  for (int i = 0; i < N * N; i++) {
    a[i] = (float)i;
    ia[i] = i * 3 - 5000;
  }

  pto_launch(block_swap, 6, a, swapped);
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++) {
      int bi = r / B, bj = c / B, ri = r % B, ci = c % B;
      /* element (ri, ci) of block (bi, bj) lands in block (bj, bi) */
      bad += swapped[(bj * B + ri) * N + bi * B + ci] != a[r * N + c];
    }
  ok &= check(bad == 0, "16x16 blocks of a 64x64 matrix swapped across the diagonal");

  for (int i = 0; i < N; i++)
    perm[i] = (i * 37 + 11) % N;            /* 37 is coprime with 64 */
  pto_launch(gather_rows, 5, ia, perm, gathered, N);
  bad = 0;
  for (int i = 0; i < N; i++)
    for (int c = 0; c < N; c++)
      bad += gathered[i * N + c] != ia[perm[i] * N + c];
  ok &= check(bad == 0, "rows gathered through a GM index table");

  for (int i = 0; i < 2 * B * N; i++)
    pair[i] = (float)(i * 5 % 1009);
  pto_launch(deinterleave, 1, pair, even, odd);
  bad = 0;
  for (int r = 0; r < B; r++)
    for (int c = 0; c < N; c++)
      bad += even[r * N + c] != pair[2 * r * N + c]
             || odd[r * N + c] != pair[(2 * r + 1) * N + c];
  ok &= check(bad == 0, "even and odd rows split with row stride 128");

  pto_launch(interleave, 1, even, odd, rejoined);
  bad = 0;
  for (int i = 0; i < 2 * B * N; i++)
    bad += rejoined[i] != pair[i];
  ok &= check(bad == 0, "interleave restores the original matrix");
  return ok ? 0 : 1;
}
