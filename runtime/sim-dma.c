/* sim-dma.c - data movement and cube instructions of the CCE simulator.
   Contract: cce_sim.h.

   DMA (copy_*): nBurst bursts of lenBurst x 32 B; burst b reads at
   src + b * (lenBurst + srcGap) * 32 and writes at dst + b * (lenBurst +
   dstGap) * 32 (gaps are end-to-start, in 32 B units, on both sides).
   Whole 32 B units are always moved, so a UB->GM store of a row that is
   not a multiple of 32 B writes past it (the device's tail clobber).
   Pipes: GM->UB/L1 MTE2, UB->GM and UB->L1 MTE3, L1->UB MTE1, UB->UB V.

   Byte-granular DMA (copy_gm_to_ubuf_align_b8/b16/b32,
   copy_ubuf_to_gm_align_b8/b16/b32; see cce_sim.h "Partial tiles"):
   lenBurst in bytes; the GM side of burst b is lenBurst + gap bytes
   after burst b-1, the UB side starts a whole 32 B block, its bursts
   ceil((pads + lenBurst) / 32) blocks long plus the gap in blocks.
   A load writes the left pad elements, the data and the right pad
   elements (set_mov_pad_val's low bytes) and 0xff bytes over the rest
   of the burst's last block; a store writes exactly lenBurst bytes.
   dav-c220 and 3510 only: on dav-c100 / dav-m200 they are an error.

   Cube (fp16 in, fp32 accumulate), 16x16 fractals:
     L0A  A[((mo*K1+ko)*16+mi)*16+ki]   L0B  B[((ko*N1+no)*16+ni)*16+ki]
     L0C  C[((no*M1+mo)*16+mi)*16+ni]   (M1 = ceil(m/16), ...)
   load_cbuf_to_ca/cb (MTE1) copy `repeat` 512 B fractals, fractal i from
   L1 fractal baseIdx + i*srcStride, optionally transposing each (fp16).
   mad (M) computes all M1*16 x N1*16 outputs, summing k < K in
   ascending order in fp32 (each fp16 x fp16 product is exact in fp32).
   float x float (dav-c220): 16 x 8 fractals in L0A and L0B (C0 = 8,
   A[((mo*K1+ko)*16+mi)*8+ki], B[((ko*N1+no)*16+ni)*8+ki], K1 = K/8),
   each product rounded to fp32 before the ascending-k sum.
   load_cbuf_to_cb_transpose (MTE1, dav-c220): int8_t and float squares
   of 1024 B (see cce_sim.h).
   copy_matrix_cc_to_ubuf (V, dav-m200): bursts in units of one L0C
   fractal (1024 B of fp32; 512 B in UB when converting to fp16 with
   CRMODE_F32toF16_NONE), gaps in the same units of each side.
   copy_matrix_cc_to_gm (FIX, dav-c220 fixpipe): with nz2nd, writes the
   MSize x NSize matrix row-major at dst with dstStride elements per row,
   reading L0C column-fractals srcStride rows apart (srcStride a multiple
   of 16, usually M1*16); quantPre F322F16 converts to fp16, reluPre != 0
   applies ReLU.  Without nz2nd the fractal layout is copied as is.

   Partial cube operands (dav-c220 / 3510 only; cce_sim.h "Partial
   tiles"): copy_gm_to_cbuf_multi_nd2nz_b16 (MTE2) copies nValue GM rows
   of dValue fp16 elements into L1 32 B blocks (C0 stride and N stride
   in blocks), zero-filling each row's last block past dValue and
   reading exactly dValue elements per row; create_cbuf_matrix (MTE2)
   fills repeats of 32 B blocks of L1 with a value.  */

#include "sim-internal.h"
#include "include/pto-f16.h"
#include "include/pto-bf16.h"

#include <string.h>

static int dma_pipe(int dsp, int ssp)
{
  if (ssp == PTO_SIM_GM)
    return P_MTE2;
  if (dsp == PTO_SIM_GM || (dsp == PTO_SIM_L1 && ssp == PTO_SIM_UB))
    return P_MTE3;
  if (ssp == PTO_SIM_L1)
    return P_MTE1;
  return P_V;
}

static int check_dma_args(sim_state *s, const char *f, int l, const char *name,
                          int64_t sid, int64_t nb, int64_t lb, int64_t sg,
                          int64_t dg)
{
  return pto_sim_check_range(s, f, l, name, "sid", sid, 0, 15) ||
         pto_sim_check_range(s, f, l, name, "nBurst", nb, 1, 4095) ||
         pto_sim_check_range(s, f, l, name, "lenBurst", lb, 1, 65535) ||
         pto_sim_check_range(s, f, l, name, "srcGap", sg, 0, 65535) ||
         pto_sim_check_range(s, f, l, name, "dstGap", dg, 0, 65535);
}

void pto_sim_copy(const char *f, int l, const char *name, int dsp, int ssp,
                  uintptr_t dst, uintptr_t src, int64_t sid, int64_t nb,
                  int64_t lb, int64_t sg, int64_t dg)
{
  sim_state *s = pto_sim_state();
  if (check_dma_args(s, f, l, name, sid, nb, lb, sg, dg))
    return;
  uint64_t len = (uint64_t)lb * SIM_BLOCK;
  uint64_t dext = ((uint64_t)(nb - 1) * (uint64_t)(lb + dg)) * SIM_BLOCK + len;
  uint64_t sext = ((uint64_t)(nb - 1) * (uint64_t)(lb + sg)) * SIM_BLOCK + len;
  uintptr_t doff, soff;
  if (pto_sim_resolve(s, f, l, name, "dst", dsp, dst, dext, SIM_BLOCK, &doff) ||
      pto_sim_resolve(s, f, l, name, "src", ssp, src, sext, SIM_BLOCK, &soff))
    return;
  pto_sim_begin(s, f, l, name, dma_pipe(dsp, ssp));
  pto_sim_log_range(s, ssp, soff, soff + sext, SIM_R);
  pto_sim_log_range(s, dsp, doff, doff + dext, SIM_W);
  for (int64_t b = 0; b < nb; b++) {
    uintptr_t so = soff + (uintptr_t)(b * (lb + sg)) * SIM_BLOCK;
    pto_sim_touch(s, ssp, so, so + len, SIM_R);
  }
  for (int64_t b = 0; b < nb; b++) {
    uintptr_t d = doff + (uintptr_t)(b * (lb + dg)) * SIM_BLOCK;
    pto_sim_touch(s, dsp, d, d + len, SIM_W);
  }
  for (int64_t b = 0; b < nb; b++) {
    uintptr_t so = soff + (uintptr_t)(b * (lb + sg)) * SIM_BLOCK;
    uintptr_t d = doff + (uintptr_t)(b * (lb + dg)) * SIM_BLOCK;
    uint8_t *dp = dsp == PTO_SIM_GM ? (uint8_t *)d : sim_mem(s, dsp, d);
    const uint8_t *sp =
        ssp == PTO_SIM_GM ? (const uint8_t *)so : sim_mem(s, ssp, so);
    memmove(dp, sp, len);
  }
  uint64_t bytes = len * (uint64_t)nb;
  s->stats.dma_instrs++;
  s->stats.dma_bytes += bytes;
  if (dsp == PTO_SIM_GM || ssp == PTO_SIM_GM)
    pto_sim_end(s, 64 + (bytes + 31) / 32 + 4 * (uint64_t)nb);
  else
    pto_sim_end(s, 16 + (bytes + 63) / 64);
}

/* ------------------------------------------------------------------ */
/* Byte-granular DMA (partial tiles)                                   */
/* ------------------------------------------------------------------ */

static int dt_size(pto_sim_dt dt)
{
  switch (dt) {
  case PTO_SIM_DT_F16: case PTO_SIM_DT_S16: case PTO_SIM_DT_U16:
  case PTO_SIM_DT_BF16:
    return 2;
  case PTO_SIM_DT_S8: case PTO_SIM_DT_U8:
    return 1;
  case PTO_SIM_DT_F32: case PTO_SIM_DT_S32:
    return 4;
  default:
    return 0;
  }
}

void pto_sim_set_mov_pad(const char *f, int l, uint64_t v)
{
  (void)f;
  (void)l;
  pto_sim_state()->mov_pad = v;
}

void pto_sim_set_quant_pre(const char *f, int l, uint64_t v)
{
  (void)f;
  (void)l;
  pto_sim_state()->quant_pre = v;
}

void pto_sim_set_fpc(const char *f, int l, uint64_t v)
{
  sim_state *s = pto_sim_state();
  if (!s->arch->fb) {
    pto_sim_error_at(s, f, l, "set_fpc: %s has no simulated fixpipe buffer",
                     s->arch->name);
    return;
  }
  if (v & ~(uint64_t)0xFF00) {
    pto_sim_error_at(s, f, l, "set_fpc: only FPC[15:8] (the deq words' "
                     "address) is simulated, not 0x%llx", (unsigned long long)v);
    return;
  }
  s->fpc = v;
}

int64_t pto_sim_valid(const char *f, int l, const char *what, int64_t v,
                      int64_t dim)
{
  if (v >= 0 && v <= dim)
    return v;
  pto_sim_error_at(pto_sim_state(), f, l, "%s %lld outside [0, %lld]", what,
                   (long long)v, (long long)dim);
  return v < 0 ? 0 : dim;
}

/* Check the operands of an align copy; 0 if they are well formed.  */
static int check_align_args(sim_state *s, const char *f, int l,
                            const char *name, int to_gm, int esz,
                            pto_sim_dt ddt, pto_sim_dt sdt, int64_t sid,
                            int64_t nb, int64_t lb, int64_t lp, int64_t rp,
                            int64_t sg, int64_t dg)
{
  if (dt_size(ddt) != esz || dt_size(sdt) != esz) {
    pto_sim_error_at(s, f, l, "%s: operands must point to %d-byte elements",
                     name, esz);
    return -1;
  }
  int64_t maxpad = to_gm ? 0 : 32 / esz;
  if (pto_sim_check_range(s, f, l, name, "sid", sid, 0, 15) ||
      pto_sim_check_range(s, f, l, name, "nBurst", nb, 1, 4095) ||
      pto_sim_check_range(s, f, l, name, "lenBurst (bytes)", lb, 1, 2097151) ||
      pto_sim_check_range(s, f, l, name, "leftPaddingNum", lp, 0, maxpad) ||
      pto_sim_check_range(s, f, l, name, "rightPaddingNum", rp, 0, maxpad) ||
      pto_sim_check_range(s, f, l, name, to_gm ? "srcGap (blocks)" : "srcGap (bytes)",
                          sg, 0, to_gm ? 65535 : UINT32_MAX) ||
      pto_sim_check_range(s, f, l, name, to_gm ? "dstGap (bytes)" : "dstGap (blocks)",
                          dg, 0, to_gm ? UINT32_MAX : 65535))
    return -1;
  if (lb % esz) {
    pto_sim_error_at(s, f, l, "%s: lenBurst %lld is not a multiple of the "
                     "%d-byte element", name, (long long)lb, esz);
    return -1;
  }
  return 0;
}

void pto_sim_copy_align(const char *f, int l, const char *name, int to_gm,
                        int esz, pto_sim_dt ddt, pto_sim_dt sdt, uintptr_t dst,
                        uintptr_t src, int64_t sid, int64_t nb, int64_t lb,
                        int64_t lp, int64_t rp, int64_t sg, int64_t dg)
{
  sim_state *s = pto_sim_state();
  if (!strcmp(s->arch->name, "dav-c100") || !strcmp(s->arch->name, "dav-m200")) {
    pto_sim_error_at(s, f, l, "%s: not available on %s (whole-block DMA only)",
                     name, s->arch->name);
    return;
  }
  if (check_align_args(s, f, l, name, to_gm, esz, ddt, sdt, sid, nb, lb, lp,
                       rp, sg, dg))
    return;
  /* UB side: bursts of whole blocks, gaps in blocks; GM side: bytes.  */
  uint64_t ublk = ((uint64_t)((lp + rp) * esz + lb) + SIM_BLOCK - 1) / SIM_BLOCK;
  uint64_t ubstep = (ublk + (uint64_t)(to_gm ? sg : dg)) * SIM_BLOCK;
  uint64_t gmstep = (uint64_t)lb + (uint64_t)(to_gm ? dg : sg);
  uint64_t ubext = (uint64_t)(nb - 1) * ubstep + ublk * SIM_BLOCK;
  uintptr_t gm = to_gm ? dst : src, ubp = to_gm ? src : dst, uo, go;
  if (gm % (uintptr_t)esz) {
    pto_sim_error_at(s, f, l, "%s: GM address %p is not %d-byte aligned",
                     name, (void *)gm, esz);
    return;
  }
  if (pto_sim_resolve(s, f, l, name, to_gm ? "src" : "dst", PTO_SIM_UB, ubp,
                      ubext, SIM_BLOCK, &uo) ||
      pto_sim_resolve(s, f, l, name, to_gm ? "dst" : "src", PTO_SIM_GM, gm, 0,
                      1, &go))
    return;
  pto_sim_begin(s, f, l, name, to_gm ? P_MTE3 : P_MTE2);
  pto_sim_log_range(s, PTO_SIM_UB, uo, uo + ubext, to_gm ? SIM_R : SIM_W);
  pto_sim_log_range(s, PTO_SIM_GM, go,
                    go + (uintptr_t)((uint64_t)(nb - 1) * gmstep + (uint64_t)lb),
                    to_gm ? SIM_W : SIM_R);
  for (int64_t b = 0; b < nb; b++) {
    uintptr_t u = uo + (uintptr_t)((uint64_t)b * ubstep);
    uintptr_t g = go + (uintptr_t)((uint64_t)b * gmstep);
    if (to_gm) {
      pto_sim_touch(s, PTO_SIM_UB, u, u + (uintptr_t)lb, SIM_R);
      pto_sim_touch(s, PTO_SIM_GM, g, g + (uintptr_t)lb, SIM_W);
    } else {
      pto_sim_touch(s, PTO_SIM_GM, g, g + (uintptr_t)lb, SIM_R);
      pto_sim_touch(s, PTO_SIM_UB, u, u + (uintptr_t)(ublk * SIM_BLOCK), SIM_W);
    }
  }
  uint8_t pad[4];
  for (int i = 0; i < esz; i++)
    pad[i] = (uint8_t)(s->mov_pad >> (8 * i));
  for (int64_t b = 0; b < nb; b++) {
    uintptr_t u = uo + (uintptr_t)((uint64_t)b * ubstep);
    uintptr_t g = go + (uintptr_t)((uint64_t)b * gmstep);
    if (to_gm) {
      memmove((uint8_t *)g, sim_mem(s, PTO_SIM_UB, u), (size_t)lb);
      continue;
    }
    /* Left pad, data, right pad; the rest of the last block is left
       unspecified by the device: 0xff bytes (NaN) here.  */
    uint8_t *d = sim_mem(s, PTO_SIM_UB, u);
    size_t at = 0;
    for (int64_t i = 0; i < lp; i++, at += (size_t)esz)
      memcpy(d + at, pad, (size_t)esz);
    memmove(d + at, (const uint8_t *)g, (size_t)lb);
    at += (size_t)lb;
    for (int64_t i = 0; i < rp; i++, at += (size_t)esz)
      memcpy(d + at, pad, (size_t)esz);
    memset(d + at, 0xff, (size_t)(ublk * SIM_BLOCK) - at);
  }
  uint64_t bytes = (uint64_t)lb * (uint64_t)nb;
  s->stats.dma_instrs++;
  s->stats.dma_bytes += bytes;
  pto_sim_end(s, 64 + (bytes + 31) / 32 + 4 * (uint64_t)nb);
}

/* ------------------------------------------------------------------ */
/* Cube                                                                */
/* ------------------------------------------------------------------ */

#define FRACTAL16 512u  /* 16 x 16 fp16 */
#define FRACTAL32 1024u /* 16 x 16 fp32 */

void pto_sim_load_cbuf_to_l0(const char *f, int l, const char *name, int dsp,
                             uintptr_t dst, uintptr_t src, int64_t base_idx,
                             int64_t repeat, int64_t src_stride, int64_t sid,
                             int64_t transpose)
{
  sim_state *s = pto_sim_state();
  if (pto_sim_check_range(s, f, l, name, "repeat", repeat, 1, 255) ||
      pto_sim_check_range(s, f, l, name, "baseIdx", base_idx, 0, 65535) ||
      pto_sim_check_range(s, f, l, name, "srcStride", src_stride, 0, 65535) ||
      pto_sim_check_range(s, f, l, name, "sid", sid, 0, 15))
    return;
  uintptr_t doff, soff;
  uint64_t dext = (uint64_t)repeat * FRACTAL16;
  uint64_t sext =
      ((uint64_t)base_idx + (uint64_t)(repeat - 1) * (uint64_t)src_stride + 1) *
      FRACTAL16;
  if (pto_sim_resolve(s, f, l, name, "dst", dsp, dst, dext, SIM_BLOCK, &doff) ||
      pto_sim_resolve(s, f, l, name, "src", PTO_SIM_L1, src, sext, SIM_BLOCK,
                      &soff))
    return;
  pto_sim_begin(s, f, l, name, P_MTE1);
  pto_sim_log_range(s, PTO_SIM_L1, soff + (uintptr_t)base_idx * FRACTAL16,
                    soff + sext, SIM_R);
  pto_sim_log_range(s, dsp, doff, doff + dext, SIM_W);
  for (int64_t i = 0; i < repeat; i++) {
    uintptr_t so = soff + (uintptr_t)(base_idx + i * src_stride) * FRACTAL16;
    pto_sim_touch(s, PTO_SIM_L1, so, so + FRACTAL16, SIM_R);
  }
  pto_sim_touch(s, dsp, doff, doff + dext, SIM_W);
  for (int64_t i = 0; i < repeat; i++) {
    uintptr_t so = soff + (uintptr_t)(base_idx + i * src_stride) * FRACTAL16;
    uint8_t *dp = sim_mem(s, dsp, doff + (uintptr_t)i * FRACTAL16);
    const uint8_t *sp = sim_mem(s, PTO_SIM_L1, so);
    if (!transpose) {
      memmove(dp, sp, FRACTAL16);
      continue;
    }
    uint8_t tmp[FRACTAL16];
    for (int r = 0; r < 16; r++)
      for (int c = 0; c < 16; c++)
        memcpy(tmp + (r * 16 + c) * 2, sp + (c * 16 + r) * 2, 2);
    memcpy(dp, tmp, FRACTAL16);
  }
  s->stats.dma_instrs++;
  s->stats.dma_bytes += dext;
  pto_sim_end(s, 16 + dext / 64);
}

/* Whether the arch of S has the dav-c220 cube DMA forms (not c100/m200);
   reports NAME otherwise.  */
static int c220_form(sim_state *s, const char *f, int l, const char *name)
{
  if (strcmp(s->arch->name, "dav-c100") && strcmp(s->arch->name, "dav-m200"))
    return 1;
  pto_sim_error_at(s, f, l, "%s: not available on %s", name, s->arch->name);
  return 0;
}

/* The value of the 16-bit operand element at P: fp16, or bf16 when BF.  */
static float ld16(const uint8_t *p, bool bf)
{
  uint16_t h;
  memcpy(&h, p, 2);
  return bf ? pto_bf16_bits_to_float(h) : pto_sim_h2f(h);
}

void pto_sim_load_cb_transpose(const char *f, int l, pto_sim_dt ddt,
                               pto_sim_dt sdt, uintptr_t dst, uintptr_t src,
                               int64_t index, int64_t repeat,
                               int64_t src_stride, int64_t dst_gap,
                               int64_t decrement, int64_t frac_gap)
{
  sim_state *s = pto_sim_state();
  const char *name = "load_cbuf_to_cb_transpose";
  if (!c220_form(s, f, l, name))
    return;
  bool b32 = ddt == PTO_SIM_DT_F32 && sdt == PTO_SIM_DT_F32;
  if (!b32 && (ddt != PTO_SIM_DT_S8 || sdt != PTO_SIM_DT_S8)) {
    pto_sim_error_at(s, f, l, "%s: only the int8_t and float forms are "
                     "simulated", name);
    return;
  }
  if (pto_sim_check_range(s, f, l, name, "repeat", repeat, 1, 255) ||
      pto_sim_check_range(s, f, l, name, "indexID", index, 0, 65535) ||
      pto_sim_check_range(s, f, l, name, "srcStride", src_stride, 0, 65535) ||
      pto_sim_check_range(s, f, l, name, "dstStride", dst_gap, 0, 65535) ||
      pto_sim_check_range(s, f, l, name, "addrmode", decrement, 0, 0) ||
      pto_sim_check_range(s, f, l, name, "dstFracStride", frac_gap, 0, 65535))
    return;
  const uint64_t sq = 2 * FRACTAL16;       /* one 32 x 32 byte square */
  uint64_t step = (uint64_t)(1 + dst_gap) * FRACTAL16;
  uint64_t second = (uint64_t)(1 + frac_gap) * FRACTAL16;
  uint64_t dext = (uint64_t)(repeat - 1) * step + second + FRACTAL16;
  uint64_t sext =
      ((uint64_t)index + (uint64_t)(repeat - 1) * (uint64_t)src_stride + 1) * sq;
  uintptr_t doff, soff;
  if (pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_L0B, dst, dext, SIM_BLOCK,
                      &doff) ||
      pto_sim_resolve(s, f, l, name, "src", PTO_SIM_L1, src, sext, SIM_BLOCK,
                      &soff))
    return;
  pto_sim_begin(s, f, l, name, P_MTE1);
  for (int64_t i = 0; i < repeat; i++) {
    uintptr_t so = soff + (uintptr_t)((uint64_t)(index + i * src_stride) * sq);
    uintptr_t d0 = doff + (uintptr_t)((uint64_t)i * step);
    pto_sim_log_range(s, PTO_SIM_L1, so, so + sq, SIM_R);
    pto_sim_touch(s, PTO_SIM_L1, so, so + sq, SIM_R);
    for (int h = 0; h < 2; h++) {
      uintptr_t d = d0 + (uintptr_t)(h ? second : 0);
      pto_sim_log_range(s, PTO_SIM_L0B, d, d + FRACTAL16, SIM_W);
      pto_sim_touch(s, PTO_SIM_L0B, d, d + FRACTAL16, SIM_W);
    }
  }
  for (int64_t i = 0; i < repeat; i++) {
    uint8_t t[2 * FRACTAL16];
    const uint8_t *sp = sim_mem(
        s, PTO_SIM_L1, soff + (uintptr_t)((uint64_t)(index + i * src_stride) * sq));
    if (b32) {
      /* The square is two 16 x 8 fractals side by side, S[r][c] (c < 8
         in the first, c >= 8 in the second, 16 rows of 32 B each);
         the first result fractal holds T[c][r] for r < 8, the second
         for r >= 8, each as 16 rows of 8 (the vendor's pseudo-code,
         load_data_with_transpose_b32).  */
      for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++)
          memcpy(t + ((r / 8) * 128 + c * 8 + r % 8) * 4,
                 sp + ((c / 8) * 128 + r * 8 + c % 8) * 4, 4);
    } else
      for (int r = 0; r < 32; r++)
        for (int c = 0; c < 32; c++)
          t[c * 32 + r] = sp[r * 32 + c];
    uintptr_t d0 = doff + (uintptr_t)((uint64_t)i * step);
    memcpy(sim_mem(s, PTO_SIM_L0B, d0), t, FRACTAL16);
    memcpy(sim_mem(s, PTO_SIM_L0B, d0 + (uintptr_t)second), t + FRACTAL16,
           FRACTAL16);
  }
  s->stats.dma_instrs++;
  s->stats.dma_bytes += (uint64_t)repeat * sq;
  pto_sim_end(s, 16 + (uint64_t)repeat * sq / 64);
}

/* mad, both forms: BT is the bias table byte offset read as the
   initial C when SRC (cmatrixSource) is set and INIT is not.  */
static void
mad_common(const char *f, int l, pto_sim_dt cdt, pto_sim_dt adt,
           pto_sim_dt bdt, uintptr_t c, uintptr_t a, uintptr_t b,
           uint64_t bt, int64_t m, int64_t k, int64_t n, int64_t src,
           int64_t init)
{
  sim_state *s = pto_sim_state();
  const char *name = "mad";
  bool bf = adt == PTO_SIM_DT_BF16, s8 = adt == PTO_SIM_DT_S8;
  bool f32 = adt == PTO_SIM_DT_F32;
  if (bdt != adt || (s8 ? cdt != PTO_SIM_DT_S32
                        : cdt != PTO_SIM_DT_F32
                              || (adt != PTO_SIM_DT_F16 && !bf && !f32))) {
    pto_sim_error_at(s, f, l, "mad: only float += half * half, float += "
                     "bfloat16_t * bfloat16_t, float += float * float and "
                     "int32_t += int8_t * int8_t are simulated");
    return;
  }
  if (bf && !c220_form(s, f, l, "mad (bfloat16_t)"))
    return;
  if (f32 && !c220_form(s, f, l, "mad (float)"))
    return;
  if (s8 && !c220_form(s, f, l, "mad (int8_t)"))
    return;
  if (s8 && src && !init) {
    pto_sim_error_at(s, f, l, "mad: the bias-table form of int32_t += "
                     "int8_t * int8_t is not simulated");
    return;
  }
  if (pto_sim_check_range(s, f, l, name, "m", m, 1, 4095) ||
      pto_sim_check_range(s, f, l, name, "k", k, 1, 4095) ||
      pto_sim_check_range(s, f, l, name, "n", n, 1, 4095))
    return;
  /* C0, the K elements of a 32 B fractal row: 16 (2-byte), 32 (int8),
     8 (float: 16 x 8 fractals in L0A and L0B).  */
  int64_t c0 = s8 ? 32 : f32 ? 8 : 16;
  int64_t M1 = (m + 15) / 16, K1 = (k + c0 - 1) / c0, N1 = (n + 15) / 16;
  uintptr_t co, ao, bo, to = 0;
  uint64_t cext = (uint64_t)(M1 * N1) * FRACTAL32;
  uint64_t aext = (uint64_t)(M1 * K1) * FRACTAL16;
  uint64_t bext = (uint64_t)(K1 * N1) * FRACTAL16;
  uint64_t text = (uint64_t)(N1 * 16) * 4;
  bool bias = src && !init;
  if (pto_sim_resolve(s, f, l, name, "c", PTO_SIM_L0C, c, cext, SIM_BLOCK,
                      &co) ||
      pto_sim_resolve(s, f, l, name, "a", PTO_SIM_L0A, a, aext, SIM_BLOCK,
                      &ao) ||
      pto_sim_resolve(s, f, l, name, "b", PTO_SIM_L0B, b, bext, SIM_BLOCK,
                      &bo) ||
      (bias && pto_sim_resolve(s, f, l, name, "bias", PTO_SIM_BT,
                               (uintptr_t)bt, text, 64, &to)))
    return;
  pto_sim_begin(s, f, l, name, P_M);
  pto_sim_log_range(s, PTO_SIM_L0A, ao, ao + aext, SIM_R);
  pto_sim_log_range(s, PTO_SIM_L0B, bo, bo + bext, SIM_R);
  pto_sim_log_range(s, PTO_SIM_L0C, co, co + cext,
                    SIM_W | (init || bias ? 0 : SIM_R));
  if (bias)
    pto_sim_log_range(s, PTO_SIM_BT, to, to + text, SIM_R);
  pto_sim_touch(s, PTO_SIM_L0A, ao, ao + aext, SIM_R);
  pto_sim_touch(s, PTO_SIM_L0B, bo, bo + bext, SIM_R);
  if (bias)
    pto_sim_touch(s, PTO_SIM_BT, to, to + text, SIM_R);
  else if (!init)
    pto_sim_touch(s, PTO_SIM_L0C, co, co + cext, SIM_R);
  pto_sim_touch(s, PTO_SIM_L0C, co, co + cext, SIM_W);
  const uint8_t *A = sim_mem(s, PTO_SIM_L0A, ao);
  const uint8_t *B = sim_mem(s, PTO_SIM_L0B, bo);
  const uint8_t *T = bias ? sim_mem(s, PTO_SIM_BT, to) : NULL;
  uint8_t *C = sim_mem(s, PTO_SIM_L0C, co);
  for (int64_t mm = 0; mm < M1 * 16; mm++)
    for (int64_t nn = 0; nn < N1 * 16; nn++) {
      int64_t mo = mm / 16, mi = mm % 16, no = nn / 16, ni = nn % 16;
      size_t ci = (size_t)(((no * M1 + mo) * 16 + mi) * 16 + ni) * 4;
      if (s8) {
        /* Exact products, the sum wrapping modulo 2^32.  */
        uint32_t acc = 0;
        if (!init)
          memcpy(&acc, C + ci, 4);
        for (int64_t kk = 0; kk < k; kk++) {
          int64_t ko = kk / 32, ki = kk % 32;
          int8_t x = (int8_t)A[((mo * K1 + ko) * 16 + mi) * 32 + ki];
          int8_t y = (int8_t)B[((ko * N1 + no) * 16 + ni) * 32 + ki];
          acc += (uint32_t)((int32_t)x * (int32_t)y);
        }
        memcpy(C + ci, &acc, 4);
        continue;
      }
      float acc = 0.0f;
      if (bias)
        memcpy(&acc, T + nn * 4, 4);
      else if (!init)
        memcpy(&acc, C + ci, 4);
      if (f32) {
        /* Each product rounded to float, summed in ascending k.  */
        for (int64_t kk = 0; kk < k; kk++) {
          int64_t ko = kk / 8, ki = kk % 8;
          float x, y;
          memcpy(&x, A + (((mo * K1 + ko) * 16 + mi) * 8 + ki) * 4, 4);
          memcpy(&y, B + (((ko * N1 + no) * 16 + ni) * 8 + ki) * 4, 4);
          float p = x * y;
          acc += p;
        }
        memcpy(C + ci, &acc, 4);
        continue;
      }
      for (int64_t kk = 0; kk < k; kk++) {
        int64_t ko = kk / 16, ki = kk % 16;
        float x = ld16(A + (((mo * K1 + ko) * 16 + mi) * 16 + ki) * 2, bf);
        float y = ld16(B + (((ko * N1 + no) * 16 + ni) * 16 + ki) * 2, bf);
        acc += x * y;
      }
      memcpy(C + ci, &acc, 4);
    }
  s->stats.cube_instrs++;
  pto_sim_end(s, 16 + (uint64_t)(M1 * K1 * N1));
}

void pto_sim_mad(const char *f, int l, pto_sim_dt cdt, pto_sim_dt adt,
                 pto_sim_dt bdt, uintptr_t c, uintptr_t a, uintptr_t b,
                 int64_t m, int64_t k, int64_t n, int64_t init)
{
  mad_common(f, l, cdt, adt, bdt, c, a, b, 0, m, k, n, 0, init);
}

void pto_sim_mad_bt(const char *f, int l, pto_sim_dt cdt, pto_sim_dt adt,
                    pto_sim_dt bdt, uintptr_t c, uintptr_t a, uintptr_t b,
                    uint64_t bias, int64_t m, int64_t k, int64_t n,
                    int64_t src, int64_t init)
{
  mad_common(f, l, cdt, adt, bdt, c, a, b, bias, m, k, n, src, init);
}

void pto_sim_copy_cbuf_to_bt(const char *f, int l, pto_sim_dt sdt,
                             uint64_t dst, uintptr_t src, int64_t conv,
                             int64_t nb, int64_t lb, int64_t sg, int64_t dg)
{
  sim_state *s = pto_sim_state();
  const char *name = "copy_cbuf_to_bt";
  if (sdt != PTO_SIM_DT_F32) {
    pto_sim_error_at(s, f, l, "%s: only a float source is simulated", name);
    return;
  }
  if (pto_sim_check_range(s, f, l, name, "convControl", conv, 0, 0) ||
      pto_sim_check_range(s, f, l, name, "nBurst", nb, 1, 1) ||
      pto_sim_check_range(s, f, l, name, "lenBurst", lb, 1, 65535) ||
      pto_sim_check_range(s, f, l, name, "sourceGap", sg, 0, 0) ||
      pto_sim_check_range(s, f, l, name, "dstGap", dg, 0, 0))
    return;
  /* lenBurst units: 64 B on dav-c220, 32 B (an even count for 4-byte
     elements) on 3510; cce_sim.h.  */
  int c220 = !strcmp(s->arch->name, "dav-c220");
  if (!c220 && lb % 2) {
    pto_sim_error_at(s, f, l, "%s: lenBurst %lld must be even for float "
                     "on %s", name, (long long)lb, s->arch->name);
    return;
  }
  uint64_t ext = (uint64_t)lb * (c220 ? 64 : 32);
  uintptr_t so, to;
  if (pto_sim_resolve(s, f, l, name, "src", PTO_SIM_L1, src, ext, SIM_BLOCK,
                      &so) ||
      pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_BT, (uintptr_t)dst, ext,
                      64, &to))
    return;
  pto_sim_begin(s, f, l, name, P_MTE1);
  pto_sim_log_range(s, PTO_SIM_L1, so, so + ext, SIM_R);
  pto_sim_log_range(s, PTO_SIM_BT, to, to + ext, SIM_W);
  pto_sim_touch(s, PTO_SIM_L1, so, so + ext, SIM_R);
  pto_sim_touch(s, PTO_SIM_BT, to, to + ext, SIM_W);
  memmove(sim_mem(s, PTO_SIM_BT, to), sim_mem(s, PTO_SIM_L1, so), ext);
  s->stats.dma_instrs++;
  s->stats.dma_bytes += ext;
  pto_sim_end(s, 16 + ext / 64);
}

void pto_sim_copy_cbuf_to_fbuf(const char *f, int l, uintptr_t dst,
                               uintptr_t src, int64_t nb, int64_t lb,
                               int64_t sg, int64_t dg)
{
  sim_state *s = pto_sim_state();
  const char *name = "copy_cbuf_to_fbuf";
  if (!s->arch->fb) {
    pto_sim_error_at(s, f, l, "%s: %s has no simulated fixpipe buffer", name,
                     s->arch->name);
    return;
  }
  /* burstLen units: 128 B on dav-c220, 64 B on 3510 (CopyDeqTensorToFbuf
     of each); cce_sim.h.  */
  uint64_t unit = strcmp(s->arch->name, "3510") ? 128 : 64;
  if (pto_sim_check_range(s, f, l, name, "burstNum", nb, 1, 1) ||
      pto_sim_check_range(s, f, l, name, "burstLen", lb, 1,
                          (int64_t)(s->arch->fb / unit)) ||
      pto_sim_check_range(s, f, l, name, "srcGapSize", sg, 0, 0) ||
      pto_sim_check_range(s, f, l, name, "dstGapSize", dg, 0, 0))
    return;
  uint64_t ext = (uint64_t)lb * unit;
  uintptr_t so, to;
  if (pto_sim_resolve(s, f, l, name, "src", PTO_SIM_L1, src, ext, SIM_BLOCK,
                      &so) ||
      pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_FB, dst, ext, 128, &to))
    return;
  pto_sim_begin(s, f, l, name, P_FIX);
  pto_sim_log_range(s, PTO_SIM_L1, so, so + ext, SIM_R);
  pto_sim_log_range(s, PTO_SIM_FB, to, to + ext, SIM_W);
  pto_sim_touch(s, PTO_SIM_L1, so, so + ext, SIM_R);
  pto_sim_touch(s, PTO_SIM_FB, to, to + ext, SIM_W);
  memmove(sim_mem(s, PTO_SIM_FB, to), sim_mem(s, PTO_SIM_L1, so), ext);
  s->stats.dma_instrs++;
  s->stats.dma_bytes += ext;
  pto_sim_end(s, 16 + ext / 64);
}

void pto_sim_copy_cc(const char *f, int l, const char *name, int to_gm,
                     pto_sim_dt ddt, uintptr_t dst, uintptr_t src, int64_t sid,
                     int64_t nb, int64_t lb, int64_t sg, int64_t dg,
                     int64_t mode)
{
  sim_state *s = pto_sim_state();
  (void)to_gm;
  if (check_dma_args(s, f, l, name, sid, nb, lb, sg, dg) ||
      pto_sim_check_range(s, f, l, name, "ConvRelu", mode, 0, 1))
    return;
  pto_sim_dt want = mode ? PTO_SIM_DT_F16 : PTO_SIM_DT_F32;
  if (ddt != want) {
    pto_sim_error_at(s, f, l, "%s: ConvRelu mode %d needs a %s destination",
                     name, (int)mode, mode ? "half" : "float");
    return;
  }
  uint64_t dfr = mode ? FRACTAL16 : FRACTAL32;
  uint64_t sext =
      ((uint64_t)(nb - 1) * (uint64_t)(lb + sg) + (uint64_t)lb) * FRACTAL32;
  uint64_t dext =
      ((uint64_t)(nb - 1) * (uint64_t)(lb + dg) + (uint64_t)lb) * dfr;
  uintptr_t doff, soff;
  if (pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_UB, dst, dext, SIM_BLOCK,
                      &doff) ||
      pto_sim_resolve(s, f, l, name, "src", PTO_SIM_L0C, src, sext, SIM_BLOCK,
                      &soff))
    return;
  pto_sim_begin(s, f, l, name, P_V);
  pto_sim_log_range(s, PTO_SIM_L0C, soff, soff + sext, SIM_R);
  pto_sim_log_range(s, PTO_SIM_UB, doff, doff + dext, SIM_W);
  for (int64_t b = 0; b < nb; b++) {
    uintptr_t so = soff + (uintptr_t)(b * (lb + sg)) * FRACTAL32;
    uintptr_t d = doff + (uintptr_t)(b * (lb + dg)) * dfr;
    pto_sim_touch(s, PTO_SIM_L0C, so, so + (uintptr_t)lb * FRACTAL32, SIM_R);
    pto_sim_touch(s, PTO_SIM_UB, d, d + (uintptr_t)lb * dfr, SIM_W);
  }
  for (int64_t b = 0; b < nb; b++) {
    const uint8_t *sp =
        sim_mem(s, PTO_SIM_L0C, soff + (uintptr_t)(b * (lb + sg)) * FRACTAL32);
    uint8_t *dp =
        sim_mem(s, PTO_SIM_UB, doff + (uintptr_t)(b * (lb + dg)) * dfr);
    for (int64_t i = 0; i < lb * 256; i++) {
      float x;
      memcpy(&x, sp + i * 4, 4);
      if (mode) {
        uint16_t h = pto_sim_f2h(x);
        memcpy(dp + i * 2, &h, 2);
      } else
        memcpy(dp + i * 4, &x, 4);
    }
  }
  s->stats.dma_instrs++;
  s->stats.dma_bytes += (uint64_t)nb * (uint64_t)lb * dfr;
  pto_sim_end(s, 16 + (uint64_t)nb * (uint64_t)lb * FRACTAL32 / 64);
}

/* The operands copy_matrix_cc_to_gm and copy_matrix_cc_to_cbuf share,
   checked for instruction NAME: sid, NSize, MSize, quantPre (and the
   destination dtype DDT it needs), channelSplit and srcStride (at least
   MSize rounded up to 16, a multiple of 16).  True (reported) when one
   is bad.  */
static bool
fixpipe_operands_bad(sim_state *s, const char *f, int l, const char *name,
                     pto_sim_dt ddt, int64_t sid, int64_t nsize,
                     int64_t msize, int64_t src_stride, int64_t quant,
                     int64_t channel_split)
{
  if (pto_sim_check_range(s, f, l, name, "sid", sid, 0, 15) ||
      pto_sim_check_range(s, f, l, name, "NSize", nsize, 1, 4095) ||
      pto_sim_check_range(s, f, l, name, "MSize", msize, 1, 65535) ||
      pto_sim_check_range(s, f, l, name, "channelSplit", channel_split, 0, 0))
    return true;
  bool to_gm = !strcmp(name, "copy_matrix_cc_to_gm");
  if (quant != SIM_NOQUANT && quant != SIM_F322F16 && quant != SIM_F322BF16
      && !((quant == SIM_DEQF16 || quant == SIM_VDEQF16) && to_gm)) {
    pto_sim_error_at(s, f, l, "%s: quantPre %d is not simulated (NoQuant, "
                     "F322F16, F322BF16%s are)", name, (int)quant,
                     to_gm ? ", DEQF16 and VDEQF16" : "");
    return true;
  }
  pto_sim_dt want = quant == SIM_F322F16 || quant == SIM_DEQF16
                    || quant == SIM_VDEQF16
                        ? PTO_SIM_DT_F16
                    : quant == SIM_F322BF16 ? PTO_SIM_DT_BF16
                                            : PTO_SIM_DT_F32;
  /* NoQuant keeps the 4-byte values: an int32_t accumulator stays int32_t.  */
  if (quant == SIM_NOQUANT && ddt == PTO_SIM_DT_S32)
    want = ddt;
  if (ddt != want) {
    pto_sim_error_at(s, f, l, "%s: quantPre %d needs a %s destination", name,
                     (int)quant, want == PTO_SIM_DT_F16    ? "half"
                                 : want == PTO_SIM_DT_BF16 ? "bfloat16_t"
                                                           : "float");
    return true;
  }
  int64_t M1 = (msize + 15) / 16;
  return pto_sim_check_range(s, f, l, name, "srcStride", src_stride, M1 * 16,
                             65535) ||
         (src_stride % 16 &&
          pto_sim_check_range(s, f, l, name, "srcStride (multiple of 16)", -1,
                              0, 0));
}

/* DEQF16: the int32 accumulator value held in the bits of X times the
   float in the low 32 bits of QUANT_PRE (set_quant_pre), rounded to
   float, clamped to +-65504 (a NaN passes), as PTO-ISA's CPU model does
   (include/pto/cpu/common.hpp, quantize_element with DEQF16: the scalar
   mode's scale is the whole float, extract_m1_from_quant<false>); the
   caller rounds it to fp16.  */
static float
fixpipe_deq(float x, uint64_t quant_pre, int vector)
{
  int32_t a;
  float sc, r;
  uint32_t bits = (uint32_t)quant_pre;
  /* VDEQF16's per-channel word: bits [31:13] (sign, exponent, 10
     mantissa bits), a cleared +-0 read as +0 (extract_m1_from_quant<true>;
     pto.h pto__deq_word_scale).  */
  if (vector) {
    bits &= 0xFFFFE000u;
    if (!(bits & 0x7FFFFFFFu))
      bits = 0;
  }
  memcpy(&a, &x, 4);
  memcpy(&sc, &bits, 4);
  r = (float)a * sc;
  return r > 65504.0f ? 65504.0f : r < -65504.0f ? -65504.0f : r;
}

/* Store accumulator value X at DP as the fixpipe does: ReLU first when
   RELU, then fp16 (quantPre F322F16), bf16 (F322BF16, nearest even, as
   vconv_f322bf16r) or float; DEQF16 and VDEQF16 convert the int32 value
   first (fixpipe_deq) by Q, QUANT_PRE or the channel's deq word.  */
static void
fixpipe_put(uint8_t *dp, float x, int64_t relu, int64_t quant, uint64_t q)
{
  if (quant == SIM_DEQF16 || quant == SIM_VDEQF16)
    x = fixpipe_deq(x, q, quant == SIM_VDEQF16);
  if (relu && !(x > 0.0f))
    x = 0.0f;
  if (quant == SIM_F322F16 || quant == SIM_F322BF16 || quant == SIM_DEQF16
      || quant == SIM_VDEQF16) {
    uint16_t h = quant != SIM_F322BF16 ? pto_sim_f2h(x)
                                      : pto_bf16_bits_from_float(x);
    memcpy(dp, &h, 2);
  } else
    memcpy(dp, &x, 4);
}

void pto_sim_fixpipe(const char *f, int l, pto_sim_dt ddt, uintptr_t dst,
                     uintptr_t src, int64_t sid, int64_t nsize, int64_t msize,
                     int64_t dst_stride, int64_t src_stride, int64_t unit_flag,
                     int64_t quant, int64_t relu, int64_t channel_split,
                     int64_t nz2nd)
{
  sim_state *s = pto_sim_state();
  const char *name = "copy_matrix_cc_to_gm";
  (void)unit_flag;
  if (fixpipe_operands_bad(s, f, l, name, ddt, sid, nsize, msize, src_stride,
                           quant, channel_split))
    return;
  if ((ddt == PTO_SIM_DT_S32 || quant == SIM_DEQF16 || quant == SIM_VDEQF16)
      && relu) {
    pto_sim_error_at(s, f, l, "%s: reluPre on an int32_t accumulator is not "
                     "simulated", name);
    return;
  }
  int64_t M1 = (msize + 15) / 16, N1 = (nsize + 15) / 16;
  if (nz2nd && pto_sim_check_range(s, f, l, name, "dstStride", dst_stride,
                                   nsize, INT64_MAX / 2))
    return;
  int es = quant ? 2 : 4;   /* NoQuant is 0, F322F16 and F322BF16 2 bytes */
  uint64_t sext = (uint64_t)((N1 - 1) * src_stride + M1 * 16) * 64;
  uintptr_t soff;
  if (pto_sim_resolve(s, f, l, name, "src", PTO_SIM_L0C, src, sext, SIM_BLOCK,
                      &soff) ||
      pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_GM, dst, 0, 1, &dst))
    return;
  /* VDEQF16: a deq word per channel at FPC[15:8] * 128 in the fixpipe
     buffer.  */
  uintptr_t wo = (uintptr_t)((s->fpc >> 8) & 0xFF) * 128;
  uint64_t wext = (uint64_t)nsize * 8;
  if (quant == SIM_VDEQF16 && (!s->arch->fb || wo + wext > s->arch->fb)) {
    pto_sim_error_at(s, f, l, "%s: the %lld deq words at fixpipe buffer "
                     "byte %llu end past its %zu bytes", name,
                     (long long)nsize, (unsigned long long)wo, s->arch->fb);
    return;
  }
  pto_sim_begin(s, f, l, name, P_FIX);
  pto_sim_log_range(s, PTO_SIM_L0C, soff, soff + sext, SIM_R);
  pto_sim_touch(s, PTO_SIM_L0C, soff, soff + sext, SIM_R);
  if (quant == SIM_VDEQF16) {
    pto_sim_log_range(s, PTO_SIM_FB, wo, wo + wext, SIM_R);
    pto_sim_touch(s, PTO_SIM_FB, wo, wo + wext, SIM_R);
  }
  const uint8_t *C = sim_mem(s, PTO_SIM_L0C, soff);
  const uint8_t *W = quant == SIM_VDEQF16 ? sim_mem(s, PTO_SIM_FB, wo) : NULL;
  uint64_t bytes = 0;
  for (int64_t mm = 0; mm < (nz2nd ? msize : M1 * 16); mm++) {
    for (int64_t nn = 0; nn < (nz2nd ? nsize : N1 * 16); nn++) {
      int64_t no = nn / 16, ni = nn % 16;
      float x;
      memcpy(&x, C + ((no * src_stride + mm) * 16 + ni) * 4, 4);
      int64_t di = nz2nd ? mm * dst_stride + nn : (no * M1 * 16 + mm) * 16 + ni;
      uint64_t q = s->quant_pre;
      if (W && nn < nsize)
        memcpy(&q, W + nn * 8, 8);
      fixpipe_put((uint8_t *)dst + di * es, x, relu, quant, q);
      bytes += (uint64_t)es;
    }
    if (nz2nd) {
      uintptr_t row = dst + (uintptr_t)(mm * dst_stride * es);
      pto_sim_log_range(s, PTO_SIM_GM, row, row + (uintptr_t)(nsize * es),
                        SIM_W);
      pto_sim_touch(s, PTO_SIM_GM, row, row + (uintptr_t)(nsize * es), SIM_W);
    }
  }
  if (!nz2nd)
    pto_sim_touch(s, PTO_SIM_GM, dst, dst + bytes, SIM_W);
  s->stats.dma_instrs++;
  s->stats.dma_bytes += bytes;
  pto_sim_end(s, 64 + bytes / 32);
}

/* ------------------------------------------------------------------ */
/* Partial cube operands (dav-c220): ND -> NZ DMA and L1 fill          */
/* ------------------------------------------------------------------ */

void pto_sim_nd2nz(const char *f, int l, int es, pto_sim_dt ddt,
                   pto_sim_dt sdt,
                   uintptr_t dst, uintptr_t src, int64_t sid, int64_t ndnum,
                   int64_t nvalue, int64_t dvalue, int64_t src_nd_stride,
                   int64_t src_d, int64_t dst_c0_stride, int64_t dst_n_stride,
                   int64_t dst_nz_stride)
{
  sim_state *s = pto_sim_state();
  const char *name = es == 1   ? "copy_gm_to_cbuf_multi_nd2nz_b8"
                     : es == 2 ? "copy_gm_to_cbuf_multi_nd2nz_b16"
                               : "copy_gm_to_cbuf_multi_nd2nz_b32s";
  int c0 = (int)SIM_BLOCK / es;     /* elements per 32 B block */
  if (!c220_form(s, f, l, name))
    return;
  if (dt_size(ddt) != es || dt_size(sdt) != es) {
    pto_sim_error_at(s, f, l, "%s: operands must point to %d-byte elements",
                     name, es);
    return;
  }
  if (pto_sim_check_range(s, f, l, name, "sid", sid, 0, 15) ||
      pto_sim_check_range(s, f, l, name, "ndNum", ndnum, 0, 4095) ||
      pto_sim_check_range(s, f, l, name, "nValue", nvalue, 0, 16384) ||
      pto_sim_check_range(s, f, l, name, "dValue", dvalue, 0, 65535) ||
      pto_sim_check_range(s, f, l, name, "srcNdMatrixStride", src_nd_stride,
                          0, 65535) ||
      pto_sim_check_range(s, f, l, name, "srcDValue", src_d, 1, 65535) ||
      pto_sim_check_range(s, f, l, name, "dstNzC0Stride", dst_c0_stride, 1,
                          16384) ||
      pto_sim_check_range(s, f, l, name, "dstNzNStride", dst_n_stride, 1,
                          16384) ||
      pto_sim_check_range(s, f, l, name, "dstNzMatrixStride", dst_nz_stride,
                          1, 65535))
    return;
  if (!ndnum || !nvalue || !dvalue)
    return; /* a NOP on the device (with a warning) */
  if (ndnum > 1 && dst_nz_stride % c0) {
    pto_sim_error_at(s, f, l, "%s: dstNzMatrixStride %lld elements is not a "
                     "whole number of 32 B blocks", name,
                     (long long)dst_nz_stride);
    return;
  }
  /* Row j of matrix i: dvalue elements at src + (i * srcNdMatrixStride
     + j * srcDValue) * es; its kb 32 B blocks go to dst + i *
     dstNzMatrixStride * es + (j * dstNzNStride + k * dstNzC0Stride) * 32,
     the last one zero-filled past the data.  */
  int64_t kb = (dvalue + c0 - 1) / c0;
  uint64_t dext = (uint64_t)(ndnum - 1) * (uint64_t)dst_nz_stride * (uint64_t)es +
                  ((uint64_t)(nvalue - 1) * (uint64_t)dst_n_stride +
                   (uint64_t)(kb - 1) * (uint64_t)dst_c0_stride + 1) * SIM_BLOCK;
  uintptr_t doff, go;
  if (pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_L1, dst, dext, SIM_BLOCK,
                      &doff) ||
      pto_sim_resolve(s, f, l, name, "src", PTO_SIM_GM, src, 0, es, &go))
    return;
  pto_sim_begin(s, f, l, name, P_MTE2);
  pto_sim_log_range(s, PTO_SIM_L1, doff, doff + dext, SIM_W);
  for (int64_t i = 0; i < ndnum; i++)
    for (int64_t j = 0; j < nvalue; j++) {
      uintptr_t g = go + (uintptr_t)((i * src_nd_stride + j * src_d) * es);
      pto_sim_log_range(s, PTO_SIM_GM, g, g + (uintptr_t)(dvalue * es), SIM_R);
      pto_sim_touch(s, PTO_SIM_GM, g, g + (uintptr_t)(dvalue * es), SIM_R);
      for (int64_t k = 0; k < kb; k++) {
        uintptr_t d = doff + (uintptr_t)(i * dst_nz_stride * es) +
                      (uintptr_t)((j * dst_n_stride + k * dst_c0_stride) *
                                  SIM_BLOCK);
        pto_sim_touch(s, PTO_SIM_L1, d, d + SIM_BLOCK, SIM_W);
      }
    }
  for (int64_t i = 0; i < ndnum; i++)
    for (int64_t j = 0; j < nvalue; j++) {
      const uint8_t *g =
          (const uint8_t *)(go + (uintptr_t)((i * src_nd_stride + j * src_d) * es));
      for (int64_t k = 0; k < kb; k++) {
        uint8_t *d = sim_mem(s, PTO_SIM_L1,
                             doff + (uintptr_t)(i * dst_nz_stride * es) +
                                 (uintptr_t)((j * dst_n_stride +
                                              k * dst_c0_stride) * SIM_BLOCK));
        size_t n = (size_t)((dvalue - k * c0 < c0 ? dvalue - k * c0 : c0) * es);
        memmove(d, g + k * SIM_BLOCK, n);
        memset(d + n, 0, SIM_BLOCK - n);
      }
    }
  uint64_t bytes = (uint64_t)(ndnum * nvalue * dvalue * es);
  s->stats.dma_instrs++;
  s->stats.dma_bytes += bytes;
  pto_sim_end(s, 64 + (bytes + 31) / 32 + 4 * (uint64_t)(ndnum * nvalue));
}

void pto_sim_create_cbuf(const char *f, int l, pto_sim_dt ddt, uintptr_t dst,
                         int64_t config, double value, int value_is_bits)
{
  sim_state *s = pto_sim_state();
  const char *name = "create_cbuf_matrix";
  /* Both dav-c220 and dav-m200 have it (runtime/cce-api.h).  */
  int esz = dt_size(ddt);
  if (!esz) {
    pto_sim_error_at(s, f, l, "%s: dst must point to half, float or int32_t",
                     name);
    return;
  }
  if (config < 0 || (config >> 47)) {
    pto_sim_error_at(s, f, l, "%s: config 0x%llx has bits outside [46:0]",
                     name, (unsigned long long)config);
    return;
  }
  int64_t repeat = config & 0x7fff, blocks = (config >> 16) & 0x7fff;
  int64_t gap = (config >> 32) & 0x7fff;
  if (!repeat || !blocks)
    return; /* a NOP on the device (with a warning) */
  uint64_t step = (uint64_t)(blocks + gap) * SIM_BLOCK;
  uint64_t dext = (uint64_t)(repeat - 1) * step + (uint64_t)blocks * SIM_BLOCK;
  uintptr_t doff;
  if (pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_L1, dst, dext, SIM_BLOCK,
                      &doff))
    return;
  uint8_t pat[4];
  if (value_is_bits && esz == 4) {
    uint32_t x = (uint32_t)value; /* exact: a uint32_t fits a double */
    memcpy(pat, &x, 4);
  } else if (ddt == PTO_SIM_DT_F16) {
    uint16_t h = pto_f16_bits_from_double(value); /* rounded once */
    memcpy(pat, &h, 2);
  } else if (ddt == PTO_SIM_DT_F32) {
    float x = (float)value;
    memcpy(pat, &x, 4);
  } else if (esz == 4) {
    int32_t x = (int32_t)value;
    memcpy(pat, &x, 4);
  } else {
    int16_t x = (int16_t)value;
    memcpy(pat, &x, 2);
  }
  pto_sim_begin(s, f, l, name, P_MTE2);
  pto_sim_log_range(s, PTO_SIM_L1, doff, doff + dext, SIM_W);
  for (int64_t r = 0; r < repeat; r++) {
    uintptr_t d = doff + (uintptr_t)((uint64_t)r * step);
    pto_sim_touch(s, PTO_SIM_L1, d, d + (uintptr_t)(blocks * SIM_BLOCK), SIM_W);
    uint8_t *p = sim_mem(s, PTO_SIM_L1, d);
    for (int64_t i = 0; i < blocks * SIM_BLOCK; i += esz)
      memcpy(p + i, pat, (size_t)esz);
  }
  s->stats.dma_instrs++;
  pto_sim_end(s, 16 + (uint64_t)(repeat * blocks) / 2);
}

/* ------------------------------------------------------------------ */
/* Into L0C: an accumulator initialised from L1 (dav-c220) or UB       */
/* (dav-m200)                                                          */
/* ------------------------------------------------------------------ */

/* copy_matrix_cbuf_to_cc (dav-c220 / 3510, MTE1; SSP L1, 32 B units)
   and copy_matrix_ubuf_to_cc (dav-c100 / dav-m200, V; SSP UB, units of
   one 1024 B L0C fractal, the mirror of copy_matrix_cc_to_ubuf): nb
   bursts of lb units, gaps end to start in the same units; only f32 ->
   f32 (CRMODE_NONE) is simulated.  */
void pto_sim_copy_to_cc(const char *f, int l, const char *name, int ssp,
                        pto_sim_dt ddt, pto_sim_dt sdt, uintptr_t dst,
                        uintptr_t src, int64_t sid, int64_t nb, int64_t lb,
                        int64_t sg, int64_t dg, int64_t mode)
{
  sim_state *s = pto_sim_state();
  if (check_dma_args(s, f, l, name, sid, nb, lb, sg, dg) ||
      pto_sim_check_range(s, f, l, name, "ConvRelu", mode, 0, 0))
    return;
  if (ddt != PTO_SIM_DT_F32 || sdt != PTO_SIM_DT_F32) {
    pto_sim_error_at(s, f, l, "%s: only float -> float is simulated", name);
    return;
  }
  uint64_t unit = ssp == PTO_SIM_L1 ? SIM_BLOCK : FRACTAL32;
  uint64_t sext = ((uint64_t)(nb - 1) * (uint64_t)(lb + sg) + (uint64_t)lb) * unit;
  uint64_t dext = ((uint64_t)(nb - 1) * (uint64_t)(lb + dg) + (uint64_t)lb) * unit;
  uintptr_t doff, soff;
  if (pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_L0C, dst, dext, SIM_BLOCK,
                      &doff) ||
      pto_sim_resolve(s, f, l, name, "src", ssp, src, sext, SIM_BLOCK, &soff))
    return;
  pto_sim_begin(s, f, l, name, ssp == PTO_SIM_L1 ? P_MTE1 : P_V);
  pto_sim_log_range(s, ssp, soff, soff + sext, SIM_R);
  pto_sim_log_range(s, PTO_SIM_L0C, doff, doff + dext, SIM_W);
  for (int64_t b = 0; b < nb; b++) {
    uintptr_t so = soff + (uintptr_t)((uint64_t)(b * (lb + sg)) * unit);
    uintptr_t d = doff + (uintptr_t)((uint64_t)(b * (lb + dg)) * unit);
    pto_sim_touch(s, ssp, so, so + (uintptr_t)((uint64_t)lb * unit), SIM_R);
    pto_sim_touch(s, PTO_SIM_L0C, d, d + (uintptr_t)((uint64_t)lb * unit),
                  SIM_W);
  }
  for (int64_t b = 0; b < nb; b++)
    memmove(sim_mem(s, PTO_SIM_L0C,
                    doff + (uintptr_t)((uint64_t)(b * (lb + dg)) * unit)),
            sim_mem(s, ssp, soff + (uintptr_t)((uint64_t)(b * (lb + sg)) * unit)),
            (size_t)((uint64_t)lb * unit));
  s->stats.dma_instrs++;
  s->stats.dma_bytes += (uint64_t)nb * (uint64_t)lb * unit;
  pto_sim_end(s, 16 + (uint64_t)nb * (uint64_t)lb * unit / 64);
}

/* copy_matrix_cc_to_cbuf (dav-c220 fixpipe into L1, FIX): the NZ form
   only (NZ2ND_EN 0, as the vendor's FixpipeL0C2L1Impl requires): the
   MSize x NSize result keeps its fractal layout, column block no at dst
   + no * dstStride * 32 B, row mm of it at + mm * 16 elements; L0C read
   as by copy_matrix_cc_to_gm (srcStride rows per column block);
   quantPre F322F16 converts to fp16, reluPre applies ReLU.  */
void pto_sim_fixpipe_l1(const char *f, int l, pto_sim_dt ddt, uintptr_t dst,
                        uintptr_t src, int64_t sid, int64_t nsize,
                        int64_t msize, int64_t dst_stride, int64_t src_stride,
                        int64_t unit_flag, int64_t quant, int64_t relu,
                        int64_t channel_split, int64_t nz2nd)
{
  sim_state *s = pto_sim_state();
  const char *name = "copy_matrix_cc_to_cbuf";
  (void)unit_flag;
  if (fixpipe_operands_bad(s, f, l, name, ddt, sid, nsize, msize, src_stride,
                           quant, channel_split))
    return;
  int64_t M1 = (msize + 15) / 16, N1 = (nsize + 15) / 16;
  int es = quant ? 2 : 4;
  if (pto_sim_check_range(s, f, l, name, "NZ2ND_EN", nz2nd, 0, 0) ||
      pto_sim_check_range(s, f, l, name, "dstStride", dst_stride,
                          (msize * 16 * es + 31) / 32, 65535))
    return;
  uint64_t sext = (uint64_t)((N1 - 1) * src_stride + M1 * 16) * 64;
  uint64_t dext = (uint64_t)(N1 - 1) * (uint64_t)dst_stride * SIM_BLOCK +
                  (uint64_t)(msize * 16 * es);
  uintptr_t soff, doff;
  if (pto_sim_resolve(s, f, l, name, "src", PTO_SIM_L0C, src, sext, SIM_BLOCK,
                      &soff) ||
      pto_sim_resolve(s, f, l, name, "dst", PTO_SIM_L1, dst, dext, SIM_BLOCK,
                      &doff))
    return;
  pto_sim_begin(s, f, l, name, P_FIX);
  pto_sim_log_range(s, PTO_SIM_L0C, soff, soff + sext, SIM_R);
  pto_sim_touch(s, PTO_SIM_L0C, soff, soff + sext, SIM_R);
  for (int64_t no = 0; no < N1; no++) {
    uintptr_t d = doff + (uintptr_t)((uint64_t)no * (uint64_t)dst_stride * SIM_BLOCK);
    pto_sim_log_range(s, PTO_SIM_L1, d, d + (uintptr_t)(msize * 16 * es), SIM_W);
    pto_sim_touch(s, PTO_SIM_L1, d, d + (uintptr_t)(msize * 16 * es), SIM_W);
  }
  const uint8_t *C = sim_mem(s, PTO_SIM_L0C, soff);
  for (int64_t no = 0; no < N1; no++)
    for (int64_t mm = 0; mm < msize; mm++)
      for (int64_t ni = 0; ni < 16; ni++) {
        float x;
        memcpy(&x, C + ((no * src_stride + mm) * 16 + ni) * 4, 4);
        uint8_t *dp = sim_mem(s, PTO_SIM_L1,
                              doff + (uintptr_t)((uint64_t)no * (uint64_t)dst_stride * SIM_BLOCK
                                                 + (uint64_t)((mm * 16 + ni) * es)));
        fixpipe_put(dp, x, relu, quant, s->quant_pre);
      }
  s->stats.dma_instrs++;
  s->stats.dma_bytes += (uint64_t)(N1 * msize * 16 * es);
  pto_sim_end(s, 64 + (uint64_t)(N1 * msize * 16 * es) / 32);
}
