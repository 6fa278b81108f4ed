/* pto.h itself is warning-free under -std=c11 -pedantic -Wall -Wextra
   with its system-header pragma off, for every intrinsic and every
   dtype (including all nine casts).  ref-pedantic-c2x.c reuses this file
   under -std=gnu2x.  The kernel is also valid DSL for the plugin.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-std=c11 -pedantic -Wall -Wextra -DPTO_H_NO_SYSTEM_HEADER" } */
#include <pto.h>

typedef PTO_TILE(float, 4, 8) f_t;
typedef PTO_TILE(float, 4, 1) fc_t;
typedef PTO_TILE(pto_f16, 4, 8) h_t;
typedef PTO_TILE(pto_f16, 4, 1) hc_t;
typedef PTO_TILE(int32_t, 4, 8) i_t;
typedef PTO_TILE(int32_t, 4, 1) ic_t;
typedef PTO_TILE(float, 8, 4) fk_t;
typedef PTO_TILE(pto_f16, 8, 4) hk_t;
typedef PTO_TILE(float, 4, 4) fo_t;

#define ALL_OPS(T, C, p)                                              \
  {                                                                   \
    T a, b, d;                                                        \
    C col;                                                            \
    pto_load (a, p, 8);                                               \
    pto_load (b, p + 32, 8);                                          \
    pto_add (d, a, b); pto_sub (d, a, b); pto_mul (d, a, b);          \
    pto_max (d, a, b); pto_min (d, a, b);                             \
    pto_adds (d, a, 1); pto_muls (d, a, 2); pto_maxs (d, a, 0);       \
    pto_mins (d, a, 3); pto_abs (d, a); pto_relu (d, a); pto_neg (d, a); \
    pto_fill (d, 1); pto_div (d, a, d);                               \
    pto_row_sum (col, d); pto_row_max (col, d);                       \
    pto_store (p + 64, 8, d);                                         \
    pto_store (p + 96, 1, col);                                       \
  }

#define FLOAT_OPS(d, a)                                               \
  {                                                                   \
    pto_exp (d, a); pto_log (d, a); pto_sqrt (d, a);                  \
    pto_rsqrt (d, a); pto_recip (d, a);                               \
  }

PTO_KERNEL void
every_op (float *fp, pto_f16 *hp, int32_t *ip)
{
  ALL_OPS (f_t, fc_t, fp)
  ALL_OPS (h_t, hc_t, hp)
  ALL_OPS (i_t, ic_t, ip)
  f_t f;
  h_t h;
  i_t i;
  pto_load (f, fp, 8);
  pto_load (h, hp, 8);
  pto_load (i, ip, 8);
  FLOAT_OPS (f, f)
  FLOAT_OPS (h, h)
  pto_cast (f, f); pto_cast (f, h); pto_cast (f, i);
  pto_cast (h, f); pto_cast (h, h); pto_cast (h, i);
  pto_cast (i, f); pto_cast (i, h); pto_cast (i, i);
  fk_t fk;
  hk_t hk;
  fo_t acc;
  pto_load (fk, fp, 4);
  pto_load (hk, hp, 4);
  pto_fill (acc, 0.0f);
  pto_matmul (acc, f, fk);
  pto_matmul (acc, h, hk);
  for (int k = pto_block_idx (); k < 4; k += pto_block_num ())
    {
      pto_unroll (4, 2, 1);
      pto_store (fp + k * 16, 4, acc);
      (void) pto_unroll_factor ();
    }
}

PTO_HOST void
host (float *fp, pto_f16 *hp, int32_t *ip)
{
  pto_launch (every_op, 2, fp, hp, ip);
}
