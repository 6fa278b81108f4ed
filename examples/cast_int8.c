/* cast_int8.c - int8_t / uint8_t tiles: loads, stores and pto_cast to
   and from fp16 (vconv_f162s8, vconv_f162u8, vconv_s82f16, vconv_u82f16
   on both dav-c220 and dav-m200).

   Kernel narrow converts 4x64 fp16 tiles to int8_t and to uint8_t;
   kernel widen converts int8_t and uint8_t tiles back to fp16.  The
   checks compare with a table worked out by hand: fp16 -> 8 bits rounds
   to nearest, ties to even, and saturates (-300 -> -128, 300 -> 127 or
   255, -0.5 -> 0 and -3 -> 0 for uint8_t), NaN gives 0; 8 bits -> fp16
   is exact (every value of -128..255 is an fp16).  The saturation is
   what pto-gcc assumes of the device (include/pto.h).
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/cast_int8.c -lm  */

#include <pto.h>
#include <stdint.h>
#include <stdio.h>

enum { R = 4, C = 64, N = R * C };

typedef PTO_TILE(pto_f16, R, C) f16_t;
typedef PTO_TILE(int8_t, R, C) s8_t;
typedef PTO_TILE(uint8_t, R, C) u8_t;

PTO_KERNEL void narrow(const pto_f16 *h, int8_t *s, uint8_t *u, int ntiles)
{
  f16_t a;
  s8_t b;
  u8_t c;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(a, h + i * N, C);
    pto_cast(b, a);
    pto_cast(c, a);
    pto_store(s + i * N, C, b);
    pto_store(u + i * N, C, c);
  }
}

PTO_KERNEL void widen(const int8_t *s, const uint8_t *u, pto_f16 *hs,
                      pto_f16 *hu, int ntiles)
{
  s8_t b;
  u8_t c;
  f16_t a;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(b, s + i * N, C);
    pto_cast(a, b);
    pto_store(hs + i * N, C, a);
    pto_load(c, u + i * N, C);
    pto_cast(a, c);
    pto_store(hu + i * N, C, a);
  }
}

/* fp16 input -> int8_t, uint8_t, each worked out by hand.  */
static const struct { float x; int s; int u; } table[] = {
  { 0.0f, 0, 0 },      { 0.5f, 0, 0 },       /* tie: even 0 */
  { 1.5f, 2, 2 },      { 2.5f, 2, 2 },       /* ties: even 2 */
  { 3.5f, 4, 4 },      { -0.5f, 0, 0 },      /* -0.5: 0 (-0) */
  { -1.5f, -2, 0 },    { -2.5f, -2, 0 },     /* uint8_t: negative -> 0 */
  { 0.75f, 1, 1 },     { 126.5f, 126, 126 }, /* 126.5 tie: even 126 */
  { 127.0f, 127, 127 }, { 127.5f, 127, 128 }, /* saturates; 128 even */
  { 128.0f, 127, 128 }, { 254.5f, 127, 254 }, /* 254.5 tie: even */
  { 255.0f, 127, 255 }, { 256.0f, 127, 255 },
  { 300.0f, 127, 255 }, { 65504.0f, 127, 255 },
  { -128.0f, -128, 0 }, { -128.5f, -128, 0 },
  { -129.0f, -128, 0 }, { -300.0f, -128, 0 },
  { -3.0f, -3, 0 },    { 0.000061035156f, 0, 0 }, /* 2^-14 */
};
enum { NTABLE = sizeof table / sizeof table[0] };

static pto_f16 h[2 * N], hs[2 * N], hu[2 * N];
static int8_t s[2 * N], si[2 * N];
static uint8_t u[2 * N], ui[2 * N];

static int check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  return ok;
}

int main(void)
{
  /* Tile 0: the table, repeated; slot 0 is NaN, 1 +inf, 2 -inf.  Tile 1:
     a sweep of -300..300 in steps of 0.25 (ties and saturation).  */
  for (int i = 0; i < N; i++)
    h[i] = (pto_f16)table[i % NTABLE].x;
  h[0] = (pto_f16)__builtin_nanf("");
  h[1] = (pto_f16)__builtin_inff();
  h[2] = (pto_f16)-__builtin_inff();
  for (int i = 0; i < N; i++)
    h[N + i] = (pto_f16)((float)(i * 47 % 2401 - 1200) * 0.25f);
  for (int i = 0; i < 2 * N; i++) {
    si[i] = (int8_t)(i * 37);
    ui[i] = (uint8_t)(i * 91);
  }

  pto_launch(narrow, 2, h, s, u, 2);
  pto_launch(widen, 2, si, ui, hs, hu, 2);

  int bad_table = 0, bad_sweep = 0, bad_widen = 0;
  for (int i = 3; i < N; i++)
    bad_table += s[i] != table[i % NTABLE].s || u[i] != table[i % NTABLE].u;
  bad_table += s[0] != 0 || u[0] != 0 || s[1] != 127 || u[1] != 255
               || s[2] != -128 || u[2] != 0;
  for (int i = N; i < 2 * N; i++) {
    /* x = k / 4: round k / 4 to nearest even by integer arithmetic.  */
    int k = i - N, q = (k * 47 % 2401 - 1200);
    int fl = q >= 0 ? q / 4 : -((-q + 3) / 4), rem = q - 4 * fl;
    int r = rem > 2 || (rem == 2 && (fl & 1)) ? fl + 1 : fl;
    int ws = r < -128 ? -128 : r > 127 ? 127 : r;
    int wu = r < 0 ? 0 : r > 255 ? 255 : r;
    bad_sweep += s[i] != ws || u[i] != wu;
  }
  for (int i = 0; i < 2 * N; i++)
    bad_widen += (float)hs[i] != (float)si[i] || (float)hu[i] != (float)ui[i];

  int ok = check(bad_table == 0, "fp16 -> int8/uint8 matches the table");
  ok &= check(bad_sweep == 0, "fp16 -> int8/uint8 rounds to nearest even and saturates");
  ok &= check(bad_widen == 0, "int8/uint8 -> fp16 is exact");
  return ok ? 0 : 1;
}
