/* Library-style C with no DSL code: structs, a switch, a function
   pointer, a static table and an unused inline function.  Must compile
   to the same object with and without the plugin.  */
#include <stdint.h>

struct point { int32_t x, y; };

static const int table[8] = { 3, 1, 4, 1, 5, 9, 2, 6 };

static inline int unused_helper (int v) { return v * 7; }

int
classify (struct point p)
{
  switch ((p.x > 0) * 2 + (p.y > 0))
    {
    case 3: return 1;
    case 2: return 4;
    case 1: return 2;
    default: return 3;
    }
}

int
apply (int (*fn) (int), int n)
{
  int acc = 0;
  for (int i = 0; i < n; i++)
    acc += fn (table[i & 7]);
  return acc;
}

uint64_t
mix (uint64_t h, const unsigned char *p, unsigned long n)
{
  while (n--)
    h = (h ^ *p++) * 0x100000001b3ULL;
  return h;
}
