/* exec-valid-rtpad.c - execution test of exec-valid-rtpad.pto: partial
   loads whose pad is a kernel argument (f32, i32, int8_t, int16_t),
   against reference mode over valid sizes that are zero, full and
   ragged; the whole padded tile is stored over a canary and compared
   byte for byte, and every pad element is checked against the argument
   converted by hand (the 8- and 16-bit ones as C converts an int: 300
   is 44 in an int8_t).  */
#include "harness.h"

typedef PTO_TILE(float, 4, 16) f_t;
typedef PTO_TILE(int32_t, 4, 8) i_t;
typedef PTO_TILE(int8_t, 4, 32) s8_t;
typedef PTO_TILE(int16_t, 3, 10) s16_t;

static PTO_KERNEL void ref_vrf(const float *x, float *full, int rs, int vr,
                               int vc, float p)
{
  f_t t;
  pto_load_valid(t, x, rs, vr, vc, p);
  pto_store(full, 16, t);
}

static PTO_KERNEL void ref_vri(const int32_t *x, int32_t *full, int rs, int vr,
                               int vc, int p)
{
  i_t t;
  pto_load_valid(t, x, rs, vr, vc, p);
  pto_store(full, 8, t);
}

static PTO_KERNEL void ref_vrs8(const int8_t *x, int8_t *full, int rs, int vr,
                               int vc, int p)
{
  s8_t t;
  pto_load_valid(t, x, rs, vr, vc, p);
  pto_store(full, 32, t);
}

static PTO_KERNEL void ref_vrs16(const int16_t *x, int16_t *full, int rs,
                                int vr, int vc, int p)
{
  s16_t t;
  pto_load_valid(t, x, rs, vr, vc, p * 3);
  pto_store(full, 10, t);
}

void vrf__sim(void *const *args);
void vri__sim(void *const *args);
void vrs8__sim(void *const *args);
void vrs16__sim(void *const *args);

enum { NX = 256 };

/* One kernel's GM: input, the padded tile from the simulator and from
   reference mode.  */
#define GM(name, T, n)                                                  \
  static T name##_x[NX], name##_full[n], name##_want[n];                \
  static void name##_reset(void)                                        \
  {                                                                     \
    memset(name##_full, 0x5a, sizeof name##_full);                      \
  }                                                                     \
  static void name##_check(const char *ord)                             \
  {                                                                     \
    (void)ord;                                                          \
    CHECK(memcmp(name##_full, name##_want, sizeof name##_full) == 0);   \
  }
GM(f, float, 64)
GM(i, int32_t, 32)
GM(s8, int8_t, 128)
GM(s16, int16_t, 30)

/* Kernel vrNAME with row stride RS, VR x VC valid, pad argument P of
   type PT; the reference first, then the simulator in three orders.  */
#define CASE(name, T, PT, RS, VR, VC, P)                                \
  do {                                                                  \
    name##_reset();                                                     \
    ref_vr##name(name##_x, name##_full, (RS), (VR), (VC), (P));         \
    memcpy(name##_want, name##_full, sizeof name##_want);               \
    const T *px_ = name##_x;                                            \
    T *pf_ = name##_full;                                               \
    int rs_ = (RS), vr_ = (VR), vc_ = (VC);                             \
    PT p_ = (P);                                                        \
    void *args_[] = { &px_, &pf_, &rs_, &vr_, &vc_, &p_ };              \
    cce_run(vr##name##__sim, args_, 1, name##_reset, name##_check);     \
  } while (0)

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  for (int i = 0; i < NX; i++) {
    f_x[i] = (float)(i % 29) * 0.5f - 3.0f;
    i_x[i] = i * 7919 - 1000000;
    s8_x[i] = (int8_t)(i * 37 + 5);
    s16_x[i] = (int16_t)(i * 4099 - 20000);
  }
  CASE(f, float, float, 16, 4, 16, -1.25f);
  CASE(f, float, float, 17, 3, 5, 2.5f);
  for (int k = 0; k < 64; k++)
    if (k / 16 >= 3 || k % 16 >= 5)
      CHECK(f_want[k] == 2.5f);
  CASE(f, float, float, 16, 0, 0, -0.0f);
  CASE(i, int32_t, int, 9, 2, 7, -123456);
  for (int k = 0; k < 32; k++)
    if (k / 8 >= 2 || k % 8 >= 7)
      CHECK(i_want[k] == -123456);
  CASE(i, int32_t, int, 8, 4, 8, 7);
  CASE(s8, int8_t, int, 33, 3, 29, 300);
  for (int k = 0; k < 128; k++)
    if (k / 32 >= 3 || k % 32 >= 29)
      CHECK(s8_want[k] == 44);
  CASE(s8, int8_t, int, 32, 4, 32, -1);
  CASE(s8, int8_t, int, 40, 1, 1, -128);
  CASE(s16, int16_t, int, 11, 2, 9, 11000);
  for (int k = 0; k < 30; k++)
    if (k / 10 >= 2 || k % 10 >= 9)
      CHECK(s16_want[k] == (int16_t)33000);
  CASE(s16, int16_t, int, 10, 3, 10, -5);
  return harness_end("exec-valid-rtpad");
}
