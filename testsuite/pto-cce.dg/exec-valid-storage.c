/* exec-valid-storage.c - partial tiles of the storage dtypes (int8_t,
   uint8_t, int16_t, bf16): pto_load_valid / pto_store_valid against
   reference mode over valid sizes that are zero, full and ragged, GM
   row strides and row addresses that are not 32 B aligned.  Outputs are
   pre-filled with a canary and compared byte for byte, so a pad byte
   in the wrong place or a byte stored past the valid region fails; the
   pads are also checked against their bit patterns written out by hand
   (0x80, 0xc8, 0x8000, 0xff80 for -inf, 0x3eab for 1/3 rounded to
   nearest even).  exec-valid-bf16.c includes this file with VALID_BF16
   defined: the bf16 kernel of exec-valid-bf16.pto, the rest otherwise
   (PTO-ISA's CPU simulation has a real bfloat16_t only with C++23).  */
#include "harness.h"

#include <math.h>

typedef PTO_TILE(int8_t, 4, 32) s8_t;
typedef PTO_TILE(uint8_t, 3, 20) u8_t;
typedef PTO_TILE(int16_t, 4, 16) s16_t;
typedef PTO_TILE(pto_bf16, 4, 16) bf_t;
typedef PTO_TILE(pto_bf16, 3, 10) bfo_t;

#ifndef VALID_BF16
static PTO_KERNEL void ref_vs8(const int8_t *x, int8_t *full, int8_t *o,
                               int rs, int os, int vr, int vc)
{
  s8_t t;
  pto_load_valid(t, x, rs, vr, vc, -128);
  pto_store(full, 32, t);
  pto_store_valid(o, os, t, vr, vc);
}

static PTO_KERNEL void ref_vu8(const uint8_t *x, uint8_t *full, uint8_t *o,
                               int rs, int os, int vr, int vc)
{
  u8_t t;
  pto_load_valid(t, x, rs, vr, vc, 200);
  pto_store(full, 20, t);
  pto_store_valid(o, os, t, vr, vc);
}

static PTO_KERNEL void ref_vs16(const int16_t *x, int16_t *full, int16_t *o,
                                int rs, int os, int vr, int vc)
{
  s16_t t;
  pto_load_valid(t, x, rs, vr, vc, -32768);
  pto_store(full, 16, t);
  pto_store_valid(o, os, t, vr, vc);
}

void vs8__sim(void *const *args);
void vu8__sim(void *const *args);
void vs16__sim(void *const *args);
#else
static PTO_KERNEL void ref_vbf(const pto_bf16 *x, pto_bf16 *full, pto_bf16 *o,
                               int rs, int os, int vr, int vc)
{
  bf_t t;
  bfo_t u;
  pto_load_valid(t, x, rs, vr, vc, -INFINITY);
  pto_store(full, 16, t);
  pto_store_valid(o, os, t, vr, vc);
  pto_load_valid(u, x, rs, vr, vc, 0.33333334f);
  pto_store(full + 64, 10, u);
}
void vbf__sim(void *const *args);
#endif

enum { NX = 512, NO = 512 };

/* One kernel's GM: its input, the whole padded tile(s) and the partial
   store, each from the simulator (got) and reference mode (want).  */
#define GM(name, T, nfull)                                              \
  static T name##_x[NX], name##_full[nfull], name##_o[NO];              \
  static T name##_wfull[nfull], name##_wo[NO];                          \
  static void name##_reset(void)                                        \
  {                                                                     \
    memset(name##_full, 0x5a, sizeof name##_full);                      \
    memset(name##_o, 0x5a, sizeof name##_o);                            \
  }                                                                     \
  static void name##_check(const char *ord)                             \
  {                                                                     \
    (void)ord;                                                          \
    CHECK(memcmp(name##_full, name##_wfull, sizeof name##_full) == 0);  \
    CHECK(memcmp(name##_o, name##_wo, sizeof name##_o) == 0);           \
  }
#ifdef VALID_BF16
GM(bf, pto_bf16, 94)
#else
GM(s8, int8_t, 128)
GM(u8, uint8_t, 60)
GM(s16, int16_t, 64)
#endif

/* Run kernel NAME on X + XOFF (row stride RS) to O + OOFF (stride OS)
   with VR x VC valid, in reference mode first (the wanted bytes), then
   on the simulator in three block orders.  */
#define CASE(name, T, xoff, rs, ooff, os, vr, vc)                       \
  do {                                                                  \
    name##_reset();                                                     \
    ref_v##name(name##_x + (xoff), name##_full, name##_o + (ooff), (rs), \
                (os), (vr), (vc));                                      \
    memcpy(name##_wfull, name##_full, sizeof name##_wfull);             \
    memcpy(name##_wo, name##_o, sizeof name##_wo);                      \
    const T *px_ = name##_x + (xoff);                                   \
    T *pf_ = name##_full, *po_ = name##_o + (ooff);                     \
    int rs_ = (rs), os_ = (os), vr_ = (vr), vc_ = (vc);                 \
    void *args_[] = { &px_, &pf_, &po_, &rs_, &os_, &vr_, &vc_ };       \
    cce_run(v##name##__sim, args_, 1, name##_reset, name##_check);      \
  } while (0)

/* The pad of element I of an R x C tile read with VR x VC valid is
   PADBITS (the LEN-byte pattern at WANT + I * LEN).  */
static void check_pad(const void *want, int len, int rows, int cols, int vr,
                      int vc, unsigned padbits)
{
  const unsigned char *w = want;
  for (int i = 0; i < rows * cols; i++) {
    if (i / cols < vr && i % cols < vc)
      continue;
    unsigned v = len == 1 ? w[i] : (unsigned)(w[2 * i] | w[2 * i + 1] << 8);
    CHECK(v == padbits);
  }
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
#ifdef VALID_BF16
  for (int i = 0; i < NX; i++)
    bf_x[i].bits = (uint16_t)(0x3f00 + i * 71);
  /* bf16 4x16 (32 B rows) and 3x10 (20 B rows) from one source.  */
  CASE(bf, pto_bf16, 0, 16, 0, 16, 3, 10);
  check_pad(bf_wfull, 2, 4, 16, 3, 10, 0xff80);
  check_pad(bf_wfull + 64, 2, 3, 10, 3, 10, 0x3eab);
  CASE(bf, pto_bf16, 3, 19, 1, 17, 2, 7);
  check_pad(bf_wfull + 64, 2, 3, 10, 2, 7, 0x3eab);
  CASE(bf, pto_bf16, 0, 16, 0, 16, 0, 0);
  check_pad(bf_wfull, 2, 4, 16, 0, 0, 0xff80);
  CASE(bf, pto_bf16, 1, 9, 5, 9, 3, 9);
  return harness_end("exec-valid-bf16");
#else
  for (int i = 0; i < NX; i++) {
    s8_x[i] = (int8_t)(i * 37 + 11);
    u8_x[i] = (uint8_t)(i * 53 + 7);
    s16_x[i] = (int16_t)(i * 4099 - 30000);
  }
  /* int8_t 4x32 (32 B rows: copy_*_align_b8).  */
  CASE(s8, int8_t, 0, 32, 0, 32, 4, 32);
  CASE(s8, int8_t, 1, 33, 3, 35, 4, 7);
  CASE(s8, int8_t, 5, 31, 1, 29, 3, 29);
  check_pad(s8_wfull, 1, 4, 32, 3, 29, 0x80);
  CASE(s8, int8_t, 0, 32, 0, 32, 0, 9);
  check_pad(s8_wfull, 1, 4, 32, 0, 9, 0x80);
  CASE(s8, int8_t, 2, 40, 7, 1, 1, 1);
  /* uint8_t 3x20 (20 B rows: the scalar unit).  */
  CASE(u8, uint8_t, 0, 20, 0, 20, 3, 20);
  CASE(u8, uint8_t, 3, 23, 1, 21, 2, 13);
  check_pad(u8_wfull, 1, 3, 20, 2, 13, 0xc8);
  CASE(u8, uint8_t, 0, 20, 0, 20, 3, 0);
  /* int16_t 4x16 (32 B rows: copy_*_align_b16).  */
  CASE(s16, int16_t, 0, 16, 0, 16, 4, 16);
  CASE(s16, int16_t, 1, 17, 3, 19, 4, 5);
  check_pad(s16_wfull, 2, 4, 16, 4, 5, 0x8000);
  CASE(s16, int16_t, 0, 15, 2, 15, 2, 15);
  return harness_end("exec-valid-storage");
#endif
}
