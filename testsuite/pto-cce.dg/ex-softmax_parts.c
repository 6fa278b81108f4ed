/* ex-softmax_parts.c - examples/softmax_parts.c: the four kernels
   (row max, row sum, exp of x - rowmax with a GM scalar read, divide by
   the row sum) emitted as CCE vs reference mode.  exp within 1e-6.  */
#define main softmax_example_main
#define row_max_kernel ref_row_max_kernel
#define row_sum_kernel ref_row_sum_kernel
#define exp_kernel ref_exp_kernel
#define normalise_kernel ref_normalise_kernel
#include "../../examples/softmax_parts.c"
#undef row_max_kernel
#undef row_sum_kernel
#undef exp_kernel
#undef normalise_kernel
#undef main
#include "harness.h"

void row_max_kernel__sim(void *const *args);
void row_sum_kernel__sim(void *const *args);
void exp_kernel__sim(void *const *args);
void normalise_kernel__sim(void *const *args);

static float t_x[ROWS * COLS], t_o[ROWS * COLS], t_w[ROWS * COLS];
static float t_rm[ROWS], t_rs[ROWS], t_wrm[ROWS], t_wrs[ROWS];
static void reset_r(void) { memset(t_rm, 0, sizeof t_rm); }
static void check_max(const char *o) { (void)o; CHECK_ARRAY_EQ("rowmax", t_rm, t_wrm, ROWS); }
static void check_sum(const char *o) { (void)o; CHECK_ARRAY_EQ("rowsum", t_rm, t_wrs, ROWS); }
static void reset_o(void) { memset(t_o, 0, sizeof t_o); }
static void check_exp(const char *o) { (void)o; CHECK_ARRAY_NEAR("e", t_o, t_w, ROWS * COLS, 1e-6); }
static void check_div(const char *o) { (void)o; CHECK_ARRAY_EQ("y", t_o, t_w, ROWS * COLS); }

int main(void)
{
  for (int i = 0; i < ROWS * COLS; i++)
    t_x[i] = (float)((i * 37) % 29 - 14) * 0.25f;
  int nb = ROWS / BAND, rows = ROWS;
  const float *px = t_x, *prm = t_wrm, *prs = t_wrs;
  float *po = t_o, *pr = t_rm;

  pto_launch(ref_row_max_kernel, 2, t_x, t_wrm, nb);
  void *a1[] = { &px, &pr, &nb };
  cce_run(row_max_kernel__sim, a1, 2, reset_r, check_max);

  pto_launch(ref_row_sum_kernel, 2, t_x, t_wrs, nb);
  cce_run(row_sum_kernel__sim, a1, 3, reset_r, check_sum);

  pto_launch(ref_exp_kernel, 4, t_x, t_wrm, t_w, rows);
  void *a3[] = { &px, &prm, &po, &rows };
  cce_run(exp_kernel__sim, a3, 4, reset_o, check_exp);

  for (int i = 0; i < ROWS; i++)
    t_wrs[i] = (float)(i % 7 + 1) * 0.5f;
  pto_launch(ref_normalise_kernel, 3, t_x, t_wrs, t_w, rows);
  void *a4[] = { &px, &prs, &po, &rows };
  cce_run(normalise_kernel__sim, a4, 3, reset_o, check_div);
  return harness_end("ex-softmax_parts");
}
