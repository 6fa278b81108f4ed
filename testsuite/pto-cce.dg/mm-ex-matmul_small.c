/* mm-ex-matmul_small.c - examples/matmul_small.c (captured by the
   plugin into mm-ex-matmul_small.pto): the emitted CCE of its two
   kernels (an accumulator loaded from GM before each product; a K loop
   from pto.fill) vs reference mode, at 1, 3 and 4 blocks; with MM_ARCH
   "dav-m200" the same for mm-ex-matmul_small-m200.pto.  */
#define main matmul_small_example_main
#define batched_mm ref_batched_mm
#define mm_k64 ref_mm_k64
#include "../../examples/matmul_small.c"
#undef batched_mm
#undef mm_k64
#undef main
#include "harness.h"

#ifndef MM_ARCH
#define MM_ARCH "dav-c220"
#endif

void batched_mm__sim(void *const *args);
void mm_k64__sim(void *const *args);

static float t_want[BATCH * 256], t_wantk[M * NT];
/* -1 everywhere: an element the kernel does not write shows.  */
static void t_reset(void)
{
  for (int i = 0; i < BATCH * 256; i++)
    c[i] = -1.0f;
  for (int i = 0; i < M * NT; i++)
    ck[i] = -1.0f;
}
static void t_check(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("c", c, t_want, BATCH * 256);
}
static void t_checkk(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("ck", ck, t_wantk, M * NT);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  for (int i = 0; i < BATCH * 256; i++) {
    a[i] = (pto_f16)(float)(i % 7 - 3);
    b[i] = (pto_f16)(float)((i / 3) % 5 - 2);
  }
  for (int i = 0; i < 256; i++)
    bias[i] = (float)(i % 11) * 0.5f;
  for (int i = 0; i < M * K; i++)
    ak[i] = (pto_f16)(float)((i * 13) % 9 - 4);
  for (int i = 0; i < K * NT; i++)
    bk[i] = (pto_f16)(float)((i * 5) % 7 - 3);
  t_reset();
  pto_launch(ref_batched_mm, 4, a, b, bias, c, BATCH);
  memcpy(t_want, c, sizeof t_want);
  pto_launch(ref_mm_k64, 1, ak, bk, ck);
  memcpy(t_wantk, ck, sizeof t_wantk);
  /* The bias counts: the first product's first element is not 0 + a*b.  */
  CHECK(t_want[0] != -1.0f);
  const pto_f16 *pa = a, *pb = b, *pak = ak, *pbk = bk;
  const float *pbias = bias;
  float *pc = c, *pck = ck;
  int batch = BATCH;
  void *args[] = { &pa, &pb, &pbias, &pc, &batch };
  void *argsk[] = { &pak, &pbk, &pck };
  for (int nb = 1; nb <= 4; nb += nb == 1 ? 2 : 1)
    cce_run(batched_mm__sim, args, nb, t_reset, t_check);
  cce_run(mm_k64__sim, argsk, 1, t_reset, t_checkk);
  (void)check;
  return harness_end("mm-ex-matmul_small " MM_ARCH);
}
