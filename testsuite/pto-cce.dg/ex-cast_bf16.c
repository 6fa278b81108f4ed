/* ex-cast_bf16.c - examples/cast_bf16.c (captured by the plugin into
   ex-cast_bf16.pto: f32 -> bf16, bf16 -> f32 and the round trip in one
   kernel) emitted vs reference mode, bit for bit, on the example's
   inputs (its table of hand-checked bit patterns, a sweep of ties,
   subnormals and overflows, and 1024 bf16 bit patterns NaNs included)
   at 1 to 3 blocks.  */
#define main cast_bf16_example_main
#define to_bf16 ref_to_bf16
#define from_bf16 ref_from_bf16
#define round_trip ref_round_trip
#include "../../examples/cast_bf16.c"
#undef to_bf16
#undef from_bf16
#undef round_trip
#undef main
#include "harness.h"

void to_bf16__sim(void *const *args);
void from_bf16__sim(void *const *args);
void round_trip__sim(void *const *args);

static pto_bf16 want_bf[TOTAL];
static float want_back[TOTAL], want_trip[TOTAL];

static void reset(void)
{
  for (int i = 0; i < TOTAL; i++) {
    bf[i].bits = 0x7fc1;
    back[i] = trip[i] = -7.0f;
  }
}
/* Bits, not values: a NaN's payload and the sign of a zero count.  */
static void check_bf(const char *o)
{
  (void)o;
  CHECK(memcmp(bf, want_bf, sizeof bf) == 0);
}
static void check_back(const char *o)
{
  (void)o;
  CHECK(memcmp(back, want_back, sizeof back) == 0);
}
static void check_trip(const char *o)
{
  (void)o;
  CHECK(memcmp(trip, want_trip, sizeof trip) == 0);
}

int main(void)
{
  for (int i = 0; i < TILE; i++)
    in[i] = from_bits(table[i % NTABLE].f);
  for (int i = TILE; i < TOTAL; i++) {
    int k = i - TILE;
    uint32_t exp = (uint32_t)(k * 7 % 255);
    uint32_t frac = (uint32_t)k * 2654435761u >> 9;
    if (k % 5 == 0)
      frac = (frac & ~0xffffu) | 0x8000u;
    in[i] = from_bits((k % 2 ? 0x80000000u : 0) | exp << 23 | frac);
  }
  for (int i = 0; i < TOTAL; i++)
    bf_in[i].bits = (uint16_t)(i * 40503u);
  reset();
  pto_launch(ref_to_bf16, 3, in, bf, NTILES);
  pto_launch(ref_from_bf16, 3, bf_in, back, NTILES);
  pto_launch(ref_round_trip, 2, in, trip, NTILES);
  memcpy(want_bf, bf, sizeof bf);
  memcpy(want_back, back, sizeof back);
  memcpy(want_trip, trip, sizeof trip);
  /* The reference agrees with the example's own table.  */
  CHECK(want_bf[0].bits == table[0].h && want_bf[5].bits == table[5].h);
  const float *pin = in;
  const pto_bf16 *pbin = bf_in;
  pto_bf16 *pbf = bf;
  float *pback = back, *ptrip = trip;
  int n = NTILES;
  void *a1[] = { &pin, &pbf, &n };
  void *a2[] = { &pbin, &pback, &n };
  void *a3[] = { &pin, &ptrip, &n };
  for (int nb = 1; nb <= 3; nb++) {
    cce_run(to_bf16__sim, a1, nb, reset, check_bf);
    cce_run(from_bf16__sim, a2, nb, reset, check_back);
    cce_run(round_trip__sim, a3, nb, reset, check_trip);
  }
  return harness_end("ex-cast_bf16");
}
