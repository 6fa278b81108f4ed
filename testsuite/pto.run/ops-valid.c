/* ops-valid.c - pto_load_valid and pto_store_valid of the storage
   dtypes int8_t, uint8_t and int16_t: tiles whose rows are whole 32 B
   blocks (the byte-granular DMA on dav-c220) and tiles whose rows are
   not (element by element), valid shapes from 0 x 0 to the full tile
   and ragged ones, constant pads at the ends of each range and a pad
   that is a kernel argument.  Each partial load is stored whole (the
   pad must show) and stored back partially over a sentinel (no byte
   outside the valid region may change).  The output (every byte) must
   be the same in reference mode, with sim=jit and with sim=cce on both
   archs (run.exp), and the independent checks below must hold.  */
#include <pto.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(int8_t, 4, 32) s8_t;     /* 32 B rows */
typedef PTO_TILE(uint8_t, 3, 20) u8_t;    /* 20 B rows */
typedef PTO_TILE(int16_t, 4, 16) s16_t;   /* 32 B rows */
typedef PTO_TILE(int16_t, 2, 5) s16o_t;   /* 10 B rows */

#define RS 40   /* the GM row stride of every source and partial store */

PTO_KERNEL void partial(const int8_t *x8, const uint8_t *xu, const int16_t *x16,
                        int8_t *f8, uint8_t *fu, int16_t *f16, int16_t *f16o,
                        int8_t *p8, uint8_t *pu, int16_t *p16, int16_t *p16o,
                        int vr, int vc, int pad)
{
  s8_t a;
  u8_t b;
  s16_t c;
  s16o_t d;
  pto_load_valid(a, x8, RS, vr, vc, -128);
  pto_store(f8, 32, a);
  pto_store_valid(p8, RS, a, vr, vc);
  pto_load_valid(a, x8, RS, vr, vc, 127);
  pto_store(f8 + 4 * 32, 32, a);
  pto_load_valid(a, x8, RS, vr, vc, pad);
  pto_store(f8 + 8 * 32, 32, a);
  pto_load_valid(b, xu, RS, vr < 3 ? vr : 3, vc < 20 ? vc : 20, 255);
  pto_store(fu, 20, b);
  pto_store_valid(pu, RS, b, vr < 3 ? vr : 3, vc < 20 ? vc : 20);
  pto_load_valid(b, xu, RS, vr < 3 ? vr : 3, vc < 20 ? vc : 20, 0xab);
  pto_store(fu + 3 * 20, 20, b);
  pto_load_valid(c, x16, RS, vr, vc < 16 ? vc : 16, -32768);
  pto_store(f16, 16, c);
  pto_store_valid(p16, RS, c, vr, vc < 16 ? vc : 16);
  pto_load_valid(c, x16, RS, vr, vc < 16 ? vc : 16, pad * 100);
  pto_store(f16 + 4 * 16, 16, c);
  pto_load_valid(d, x16, RS, vr < 2 ? vr : 2, vc < 5 ? vc : 5, 12345);
  pto_store(f16o, 5, d);
  pto_store_valid(p16o, RS, d, vr < 2 ? vr : 2, vc < 5 ? vc : 5);
}

static int8_t x8[4 * RS], f8[12 * 32], p8[4 * RS];
static uint8_t xu[4 * RS], fu[6 * 20], pu[4 * RS];
static int16_t x16[4 * RS], f16[8 * 16], f16o[2 * 5], p16[4 * RS], p16o[4 * RS];

static unsigned long hash(const void *p, size_t n, unsigned long h)
{
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++)
    h = h * 33 + b[i];
  return h;
}

static int bad;

static void expect(int ok, const char *what, int vr, int vc, int i)
{
  if (!ok && bad++ < 10)
    printf("FAIL: %s at %d (vr %d, vc %d)\n", what, i, vr, vc);
}

/* The independent checks of one run: element (r, k) of an R x C tile
   read with valid shape vr x vc is the source or the pad, and a partial
   store changed exactly the valid region of its sentinel-filled GM.  */
static void check(int vr, int vc, int pad)
{
  for (int r = 0; r < 4; r++)
    for (int k = 0; k < 32; k++) {
      int in = r < vr && k < vc;
      int i = r * 32 + k;
      expect(f8[i] == (in ? x8[r * RS + k] : -128), "s8 pad -128", vr, vc, i);
      expect(f8[128 + i] == (in ? x8[r * RS + k] : 127), "s8 pad 127", vr, vc, i);
      expect(f8[256 + i] == (in ? x8[r * RS + k] : (int8_t)pad), "s8 pad arg",
             vr, vc, i);
    }
  int ur = vr < 3 ? vr : 3, uc = vc < 20 ? vc : 20;
  for (int r = 0; r < 3; r++)
    for (int k = 0; k < 20; k++) {
      int in = r < ur && k < uc;
      expect(fu[r * 20 + k] == (in ? xu[r * RS + k] : 255), "u8 pad 255", vr,
             vc, r * 20 + k);
      expect(fu[60 + r * 20 + k] == (in ? xu[r * RS + k] : 0xab), "u8 pad 0xab",
             vr, vc, r * 20 + k);
    }
  int hc = vc < 16 ? vc : 16;
  for (int r = 0; r < 4; r++)
    for (int k = 0; k < 16; k++) {
      int in = r < vr && k < hc;
      expect(f16[r * 16 + k] == (in ? x16[r * RS + k] : -32768), "s16 pad",
             vr, vc, r * 16 + k);
      expect(f16[64 + r * 16 + k] == (in ? x16[r * RS + k] : (int16_t)(pad * 100)),
             "s16 pad arg", vr, vc, r * 16 + k);
    }
  int orr = vr < 2 ? vr : 2, oc = vc < 5 ? vc : 5;
  for (int r = 0; r < 2; r++)
    for (int k = 0; k < 5; k++)
      expect(f16o[r * 5 + k] == (r < orr && k < oc ? x16[r * RS + k] : 12345),
             "s16 odd pad", vr, vc, r * 5 + k);
  for (int i = 0; i < 4 * RS; i++) {
    int r = i / RS, k = i % RS;
    expect(p8[i] == (r < vr && k < vc ? x8[i] : 0x5a), "s8 partial store", vr,
           vc, i);
    expect(pu[i] == (r < ur && k < uc ? xu[i] : 0xa5), "u8 partial store", vr,
           vc, i);
    expect(p16[i] == (r < vr && k < hc ? x16[i] : 0x1234), "s16 partial store",
           vr, vc, i);
    expect(p16o[i] == (r < orr && k < oc ? x16[i] : 0x1234),
           "s16 odd partial store", vr, vc, i);
  }
}

int main(void)
{
  for (int i = 0; i < 4 * RS; i++) {
    x8[i] = (int8_t)(i * 37 - 100);
    xu[i] = (uint8_t)(i * 53 + 7);
    x16[i] = (int16_t)(i * 4099 - 30000);
  }
  static const int shapes[][3] = {
    { 4, 32, 5 }, { 0, 0, -1 }, { 0, 7, 1 }, { 3, 0, 2 }, { 1, 1, -77 },
    { 2, 17, 100 }, { 4, 31, -128 }, { 3, 32, 127 }, { 4, 5, 300 },
  };
  unsigned long h = 5381;
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    int vr = shapes[s][0], vc = shapes[s][1], pad = shapes[s][2];
    memset(p8, 0x5a, sizeof p8);
    memset(pu, 0xa5, sizeof pu);
    for (int i = 0; i < 4 * RS; i++)
      p16[i] = p16o[i] = 0x1234;
    pto_launch(partial, 1, x8, xu, x16, f8, fu, f16, f16o, p8, pu, p16, p16o,
               vr, vc, pad);
    check(vr, vc, pad);
    h = hash(f8, sizeof f8, h);
    h = hash(fu, sizeof fu, h);
    h = hash(f16, sizeof f16, h);
    h = hash(f16o, sizeof f16o, h);
    h = hash(p8, sizeof p8, h);
    h = hash(pu, sizeof pu, h);
    h = hash(p16, sizeof p16, h);
    h = hash(p16o, sizeof p16o, h);
    printf("shape %d x %d pad %d: %016lx\n", vr, vc, pad, h);
  }
  if (bad)
    return 1;
  printf("PASS ops-valid\n");
  return 0;
}
