/* exec-valid.c - partial tiles: pto_load_valid / pto_store_valid against
   reference mode over valid sizes that are zero, full, and not a
   multiple of a 32 B block (f32 columns not a multiple of 8, f16 not of
   16), valid rows below the tile's, GM row strides and row addresses
   that are not 32 B aligned.  Every output array is pre-filled with a
   canary and compared whole, so a byte written past the valid region
   (the tail clobber of a 32 B-unit store) fails the test; the padded
   tile itself is stored whole to check the pad.  A run-time valid size
   outside the tile must be a simulator fault.  */
#include "harness.h"

#include <math.h>

typedef PTO_TILE(float, 8, 16) f_t;
typedef PTO_TILE(float, 8, 1) fm_t;
typedef PTO_TILE(pto_f16, 4, 32) h_t;
typedef PTO_TILE(int32_t, 4, 8) i_t;
typedef PTO_TILE(float, 3, 5) o_t;

static PTO_KERNEL void ref_vf32(const float *x, float *full, float *o,
                                float *mx, int rs, int os, int vr, int vc)
{
  f_t t;
  fm_t m;
  pto_load_valid(t, x, rs, vr, vc, -INFINITY);
  pto_store(full, 16, t);
  pto_row_max(m, t);
  pto_store_valid(mx, 1, m, vr, 1);
  pto_adds(t, t, 1.0f);
  pto_store_valid(o, os, t, vr, vc);
}

static PTO_KERNEL void ref_vf16(const pto_f16 *x, pto_f16 *full, pto_f16 *o,
                                int rs, int os, int vr, int vc)
{
  h_t t;
  pto_load_valid(t, x, rs, vr, vc, (pto_f16)0.0f);
  pto_store(full, 32, t);
  pto_muls(t, t, (pto_f16)2.0f);
  pto_store_valid(o, os, t, vr, vc);
}

static PTO_KERNEL void ref_vi32(const int32_t *x, int32_t *full, int32_t *o,
                                int rs, int os, int vr, int vc)
{
  i_t t;
  pto_load_valid(t, x, rs, vr, vc, -7);
  pto_store(full, 8, t);
  pto_adds(t, t, 100);
  pto_store_valid(o, os, t, vr, vc);
}

static PTO_KERNEL void ref_vodd(const float *x, float *full, float *o, int rs,
                                int os, int vr, int vc)
{
  o_t t;
  pto_load_valid(t, x, rs, vr, vc, 0.5f);
  pto_store(full, 5, t);
  pto_muls(t, t, 3.0f);
  pto_store_valid(o, os, t, vr, vc);
}

void vf32__sim(void *const *args);
void vf16__sim(void *const *args);
void vi32__sim(void *const *args);
void vodd__sim(void *const *args);

enum { NX = 1024, NO = 1024, CANARY = 0x5a5a5a5a };

static float fx[NX], ffull[128], fo[NO], fmx[16];
static float wfull[128], wo[NO], wmx[16];
static pto_f16 hx[NX], hfull[128], ho[NO], whfull[128], who[NO];
static int32_t ix[NX], ifull[32], io[NO], wifull[32], wio[NO];

/* Fill N bytes at P with the canary pattern (a NaN for f32 / f16).  */
static void canary(void *p, size_t n) { memset(p, 0x5a, n); }

static void reset_f(void)
{
  canary(ffull, sizeof ffull);
  canary(fo, sizeof fo);
  canary(fmx, sizeof fmx);
}
static void reset_h(void)
{
  canary(hfull, sizeof hfull);
  canary(ho, sizeof ho);
}
static void reset_i(void)
{
  canary(ifull, sizeof ifull);
  canary(io, sizeof io);
}

/* Byte-exact comparison (canaries are NaN patterns: compare bits).  */
#define CHECK_BYTES(what, got, want)                                       \
  do {                                                                     \
    h_checks++;                                                            \
    if (memcmp(got, want, sizeof got)) {                                   \
      h_fail++;                                                            \
      for (size_t i_ = 0; i_ < sizeof got; i_++)                           \
        if (((unsigned char *)got)[i_] != ((unsigned char *)want)[i_]) {   \
          fprintf(stderr, "FAIL: %s (%s): byte %zu differs\n", what, cur,  \
                  i_);                                                     \
          break;                                                           \
        }                                                                  \
    }                                                                      \
  } while (0)

static const char *cur = "";
static void check_f(const char *ord)
{
  (void)ord;
  CHECK_BYTES("f32 full", ffull, wfull);
  CHECK_BYTES("f32 out", fo, wo);
  CHECK_BYTES("f32 row max", fmx, wmx);
}
static void check_h(const char *ord)
{
  (void)ord;
  CHECK_BYTES("f16 full", hfull, whfull);
  CHECK_BYTES("f16 out", ho, who);
}
static void check_i(const char *ord)
{
  (void)ord;
  CHECK_BYTES("i32 full", ifull, wifull);
  CHECK_BYTES("i32 out", io, wio);
}

/* One f32 case: X + XOFF read with stride RS, O + OOFF written with
   stride OS, VR x VC valid.  */
static void case_f32(const char *name, int xoff, int rs, int ooff, int os,
                     int vr, int vc)
{
  cur = name;
  reset_f();
  ref_vf32(fx + xoff, ffull, fo + ooff, fmx, rs, os, vr, vc);
  memcpy(wfull, ffull, sizeof wfull);
  memcpy(wo, fo, sizeof wo);
  memcpy(wmx, fmx, sizeof wmx);
  const float *px = fx + xoff;
  float *pf = ffull, *po = fo + ooff, *pm = fmx;
  void *args[] = { &px, &pf, &po, &pm, &rs, &os, &vr, &vc };
  cce_run(vf32__sim, args, 1, reset_f, check_f);
}

static void case_f16(const char *name, int xoff, int rs, int ooff, int os,
                     int vr, int vc)
{
  cur = name;
  reset_h();
  ref_vf16(hx + xoff, hfull, ho + ooff, rs, os, vr, vc);
  memcpy(whfull, hfull, sizeof whfull);
  memcpy(who, ho, sizeof who);
  const pto_f16 *px = hx + xoff;
  pto_f16 *pf = hfull, *po = ho + ooff;
  void *args[] = { &px, &pf, &po, &rs, &os, &vr, &vc };
  cce_run(vf16__sim, args, 1, reset_h, check_h);
}

static void case_i32(const char *name, int xoff, int rs, int ooff, int os,
                     int vr, int vc)
{
  cur = name;
  reset_i();
  ref_vi32(ix + xoff, ifull, io + ooff, rs, os, vr, vc);
  memcpy(wifull, ifull, sizeof wifull);
  memcpy(wio, io, sizeof wio);
  const int32_t *px = ix + xoff;
  int32_t *pf = ifull, *po = io + ooff;
  void *args[] = { &px, &pf, &po, &rs, &os, &vr, &vc };
  cce_run(vi32__sim, args, 1, reset_i, check_i);
}

static void case_odd(const char *name, int xoff, int rs, int ooff, int os,
                     int vr, int vc)
{
  cur = name;
  reset_f();
  ref_vodd(fx + xoff, ffull, fo + ooff, rs, os, vr, vc);
  memcpy(wfull, ffull, sizeof wfull);
  memcpy(wo, fo, sizeof wo);
  memcpy(wmx, fmx, sizeof wmx);
  const float *px = fx + xoff;
  float *pf = ffull, *po = fo + ooff;
  void *args[] = { &px, &pf, &po, &rs, &os, &vr, &vc };
  cce_run(vodd__sim, args, 1, reset_f, check_f);
}

#ifndef VALID_ARCH
#define VALID_ARCH "dav-c220"
#endif

int main(void)
{
  CHECK(pto_sim_set_arch(VALID_ARCH) == 0);
  for (int i = 0; i < NX; i++) {
    fx[i] = (float)(i % 101) * 0.25f - 7.0f;
    hx[i] = (pto_f16)((float)(i % 37) * 0.5f - 3.0f);
    ix[i] = i * 7 - 500;
  }
  /* f32 8x16: the canary right after each valid row and row vr.  */
  case_f32("f32 full tile", 0, 16, 0, 16, 8, 16);
  case_f32("f32 5 cols", 0, 16, 0, 16, 8, 5);
  case_f32("f32 13 cols, 3 rows", 1, 19, 3, 21, 3, 13);
  case_f32("f32 9 cols, odd strides", 5, 23, 7, 9, 7, 9);
  case_f32("f32 one element", 3, 1, 1, 1, 1, 1);
  case_f32("f32 zero rows", 0, 16, 0, 16, 0, 7);
  case_f32("f32 zero cols", 0, 16, 0, 16, 6, 0);
  case_f32("f32 8 cols (one block)", 2, 17, 5, 11, 4, 8);
  case_f32("f32 rows dense (rs == vc)", 0, 6, 2, 6, 8, 6);
  /* f16 4x32: columns not a multiple of 16.  */
  case_f16("f16 full tile", 0, 32, 0, 32, 4, 32);
  case_f16("f16 7 cols", 1, 33, 3, 35, 4, 7);
  case_f16("f16 17 cols, 2 rows", 3, 17, 1, 19, 2, 17);
  case_f16("f16 31 cols", 0, 31, 5, 31, 3, 31);
  case_f16("f16 zero rows", 0, 32, 0, 32, 0, 32);
  /* i32 4x8 (32 B rows).  */
  case_i32("i32 full tile", 0, 8, 0, 8, 4, 8);
  case_i32("i32 3 cols", 1, 9, 2, 5, 4, 3);
  case_i32("i32 7 cols, 1 row", 0, 7, 1, 7, 1, 7);
  /* f32 3x5 (20 B rows: scalar fallback).  */
  case_odd("odd full tile", 0, 5, 0, 5, 3, 5);
  case_odd("odd 2x3", 1, 7, 3, 3, 2, 3);
  case_odd("odd zero", 0, 5, 0, 5, 0, 0);

  /* A run-time valid size outside the tile: a simulator fault (pto.h
     stops the program there; the device clamps, and so does the PTO-ISA
     rendering: pto-isa.dg/harness.h).  */
#ifndef PTO_HARNESS_NO_FAULTS
  {
    const float *px = fx;
    float *pf = ffull, *po = fo, *pm = fmx;
    int rs = 16, os = 16, vr = 9, vc = 4;
    void *args[] = { &px, &pf, &po, &pm, &rs, &os, &vr, &vc };
    int errs = cce_run_order(vf32__sim, args, 1, PTO_SIM_ASCENDING);
    CHECK(errs > 0);
    CHECK(strstr(pto_sim_report_text(),
                 "pto_load_valid: valid rows 9 outside [0, 8]") != NULL);
    vr = 2;
    vc = -1;
    errs = cce_run_order(vf32__sim, args, 1, PTO_SIM_ASCENDING);
    CHECK(errs > 0);
    CHECK(strstr(pto_sim_report_text(),
                 "pto_store_valid: valid columns -1 outside [0, 16]") != NULL);
    /* Several valid rows overlapping in GM (stride 3 < 5 columns).  */
    vc = 5;
    rs = 3;
    errs = cce_run_order(vf32__sim, args, 1, PTO_SIM_ASCENDING);
    CHECK(errs > 0);
    CHECK(strstr(pto_sim_report_text(), "pto_load_valid: valid columns "
                 "over the row stride 5 outside [0, 3]") != NULL);
  }
#endif
  return harness_end("exec-valid");
}
