/* attention.c - one attention head with an online softmax:
     O = softmax(Q K^T / sqrt(D)) V
   Q is Sq x D, K^T (the keys, stored transposed) D x Sk, V Sk x D, all
   fp16; O is Sq x D fp32.  Each block takes 16-row query bands round
   robin; for each band the keys go by in blocks of BK columns:
     S = Q * K^T[:, j..j+BK)            (pto_matmul into fp32)
     S *= 1/sqrt(D);  mj = row_max(S);  mn = max(m, mj)
     alpha = exp(m - mn);  P = exp(S - mn);  l = l * alpha + row_sum(P)
     O = O * alpha + fp16(P) * V[j..j+BK, :]     (pto_matmul accumulates)
     m = mn
   and at the end O /= l.  S and P never leave the core: on dav-m200 the
   softmax runs on S's UB copy, P is cast to fp16 in UB and staged into
   L1 for the second product, and O's rescale goes back to L0C before
   each pto_matmul (doc/cce.md).  On dav-c220 the cube unit and the
   vector unit are different cores: the CCE back end splits the kernel
   (backend/cce/split.c), the products on the cube core and the softmax
   on a vector core, and S, P and O cross between them through a GM
   workspace under the cross-core flags (doc/cce.md, "One kernel on the
   cube core and the vector cores").
   Shapes: any Sq and Sk >= 1.  The last query band is loaded with
   pto_load_valid (its missing rows 0) and stored with pto_store_valid;
   the last key block too (K^T's missing columns and V's missing rows
   0), and a row MASK of 0 and -inf (-inf for the columns past Sk) is
   added to its scores, so exp gives those columns 0.  Checked against
   a double-precision softmax for five shapes, two of them not
   multiples of the tiles (P is rounded to fp16 before the second
   product: tolerance below).
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/attention.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdio.h>

enum { D = 32, BQ = 16, BK = 32, MAXQ = 64, MAXK = 128 };

typedef PTO_TILE(pto_f16, BQ, D) q_t;      /* a query band */
typedef PTO_TILE(pto_f16, D, BK) kt_t;     /* a block of K^T */
typedef PTO_TILE(pto_f16, BK, D) v_t;      /* a block of V */
typedef PTO_TILE(float, BQ, BK) s_t;       /* scores */
typedef PTO_TILE(pto_f16, BQ, BK) p_t;     /* probabilities, fp16 */
typedef PTO_TILE(float, BQ, D) o_t;        /* output accumulator */
typedef PTO_TILE(float, BQ, 1) col_t;      /* one value per row */
typedef PTO_TILE(float, 1, BK) row_t;      /* one value per key column */

PTO_KERNEL void attention(const pto_f16 *q, const pto_f16 *kt,
                          const pto_f16 *v, float *o, int sq, int sk)
{
  q_t tq;
  kt_t tk;
  v_t tv;
  s_t s;
  p_t p;
  o_t to;
  col_t m, mj, mn, alpha, l, rs;
  row_t mask;
  const float scale = 0.17677669529663687f;   /* 1 / sqrt(32) */
  int nq = (sq + BQ - 1) / BQ;
  /* The last key block's columns past Sk get -inf (none when BK
     divides Sk: the mask is then not used).  */
  pto_fill(mask, 0.0f);
  for (int c = sk % BK; c < BK; c++)
    mask.v[0][c] = -INFINITY;
  for (int b = pto_block_idx(); b < nq; b += pto_block_num()) {
    int vq = sq - b * BQ < BQ ? sq - b * BQ : BQ;
    pto_load_valid(tq, q + b * BQ * D, D, vq, D, 0.0f);
    pto_fill(to, 0.0f);
    pto_fill(m, -INFINITY);
    pto_fill(l, 0.0f);
    for (int j = 0; j < sk; j += BK) {
      int vk = sk - j < BK ? sk - j : BK;
      pto_load_valid(tk, kt + j, sk, D, vk, 0.0f);
      pto_fill(s, 0.0f);
      pto_matmul(s, tq, tk);
      pto_muls(s, s, scale);
      if (vk < BK)
        pto_col_expand_add(s, s, mask);
      pto_row_max(mj, s);
      pto_max(mn, m, mj);
      pto_sub(alpha, m, mn);
      pto_exp(alpha, alpha);
      pto_row_expand_sub(s, s, mn);
      pto_exp(s, s);
      pto_row_sum(rs, s);
      pto_mul(l, l, alpha);
      pto_add(l, l, rs);
      pto_row_expand_mul(to, to, alpha);
      pto_cast(p, s);
      pto_load_valid(tv, v + j * D, D, vk, D, 0.0f);
      pto_matmul(to, p, tv);
      pto_max(m, m, mj);
    }
    pto_row_expand_div(to, to, l);
    pto_store_valid(o + b * BQ * D, D, to, vq, D);
  }
}

static pto_f16 q[MAXQ * D], kt[D * MAXK], v[MAXK * D];
static float o[MAXQ * D];

/* O against softmax(Q K^T / sqrt(D)) V in double from the same fp16
   inputs: within 2e-3 * (1 + |want|) (P is rounded to fp16, relative
   error 2^-11 per term, before the second product).  */
static int check(int sq, int sk, int blocks)
{
  int bad = 0;
  for (int i = 0; i < sq; i++) {
    double sc[MAXK], mx = -INFINITY, sum = 0;
    for (int j = 0; j < sk; j++) {
      double t = 0;
      for (int d = 0; d < D; d++)
        t += (double)q[i * D + d] * (double)kt[d * sk + j];
      sc[j] = t / sqrt((double)D);
      mx = sc[j] > mx ? sc[j] : mx;
    }
    for (int j = 0; j < sk; j++)
      sum += sc[j] = exp(sc[j] - mx);
    for (int d = 0; d < D; d++) {
      double want = 0;
      for (int j = 0; j < sk; j++)
        want += sc[j] * (double)v[j * D + d];
      want /= sum;
      bad += !(fabs(o[i * D + d] - want) <= 2e-3 * (1 + fabs(want)));
    }
  }
  printf("%s: attention %d queries x %d keys, D %d, %d blocks\n",
         bad ? "FAIL" : "PASS", sq, sk, D, blocks);
  return !bad;
}

int main(void)
{
  static const int shapes[][3] = { { 64, 128, 3 }, { 32, 64, 1 },
                                   { 16, 32, 2 }, { 40, 72, 2 },
                                   { 7, 5, 1 } };
  int ok = 1;
  for (int t = 0; t < 5; t++) {
    int sq = shapes[t][0], sk = shapes[t][1], nb = shapes[t][2];
    for (int i = 0; i < sq * D; i++)
      q[i] = (pto_f16)(float)((i * 7 + t) % 13 - 6) * (pto_f16)0.25f;
    for (int i = 0; i < D * sk; i++)
      kt[i] = (pto_f16)(float)((i * 5 + t) % 11 - 5) * (pto_f16)0.25f;
    for (int i = 0; i < sk * D; i++)
      v[i] = (pto_f16)(float)((i * 3 + t) % 9 - 4) * (pto_f16)0.5f;
    for (int i = 0; i < sq * D; i++)
      o[i] = -1.0f;
    pto_launch(attention, nb, q, kt, v, o, sq, sk);
    ok &= check(sq, sk, nb);
  }
  return ok ? 0 : 1;
}
