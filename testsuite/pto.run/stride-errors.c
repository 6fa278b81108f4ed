/* stride-errors.c - a bad row stride or valid shape stops the program
   with reference mode's message, also where sim=jit copies the rows
   inline (backend/jit/jit-tile.c).

   argv[1] selects the case (the values come from argv, so that no
   compiler can see them):
     load         pto_load of a 4 x 5 tile with row stride 4;
     store        pto_store of it with row stride 3;
     negative     pto_load with row stride -5;
     one-row      pto_load of a 1 x 5 tile with row stride 2: no error
                  (one row cannot overlap), prints PASS;
     valid-rows   pto_load_valid with 5 valid rows of 4;
     valid-cols   pto_store_valid with 6 valid columns of 5;
     valid-stride pto_store_valid of 2 x 5 valid with row stride 4.
   run.exp runs each case in reference mode and in the plugin build and
   compares the exit status and the "pto: ..." line on stderr.  */
#include <pto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef PTO_TILE(float, 4, 5) t_t;
typedef PTO_TILE(float, 1, 5) r_t;

PTO_KERNEL void copy(const float *x, float *y, long long rs_in,
                     long long rs_out)
{
  t_t t;
  pto_load(t, x, rs_in);
  pto_store(y, rs_out, t);
}

PTO_KERNEL void copy_row(const float *x, float *y, long long rs)
{
  r_t t;
  pto_load(t, x, rs);
  pto_store(y, rs, t);
}

PTO_KERNEL void copy_valid(const float *x, float *y, long long rs, int vr,
                           int vc)
{
  t_t t;
  pto_load_valid(t, x, 5, vr, 5, 0.0f);
  pto_store_valid(y, rs, t, 2, vc);
}

static float x[64], y[64];

int main(int argc, char **argv)
{
  const char *what = argc > 1 ? argv[1] : "one-row";
  long long v = argc > 2 ? atoll(argv[2]) : 0;
  for (int i = 0; i < 64; i++)
    x[i] = (float)i;
  if (!strcmp(what, "load"))
    copy(x, y, 4 + v, 5);
  else if (!strcmp(what, "store"))
    copy(x, y, 5, 3 + v);
  else if (!strcmp(what, "negative"))
    copy(x, y, -5 + v, 5);
  else if (!strcmp(what, "valid-rows"))
    copy_valid(x, y, 5, 5 + (int)v, 5);
  else if (!strcmp(what, "valid-cols"))
    copy_valid(x, y, 8, 4, 6 + (int)v);
  else if (!strcmp(what, "valid-stride"))
    copy_valid(x, y, 4 + v, 4, 5);
  else {
    copy_row(x, y, 2 + v);
    printf("%s: a one-row tile takes any row stride\n",
           y[4] == 4.0f ? "PASS" : "FAIL");
    return 0;
  }
  printf("FAIL: %s: no error\n", what);
  return 0;
}
