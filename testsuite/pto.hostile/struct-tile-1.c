/* A struct holding a tile (or a tile pointer) is one located error at
   the declaration in both simulation modes, not an unlocated libgccjit
   failure ("gcc_jit_lvalue_access_field: e0 is not a field of struct
   pto_tuple1") nor a silent fallback; its uses say nothing more
  .  Structs of scalars still work.  (Line 27 keeps its
   message off column 15: DejaGnu would take "27:15:" for line 15's.) */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
struct wrap { tile_t t; };
struct pair { tile_t a; float s; };
struct ref { tile_t *p; };
struct sc { float a; int b; };
PTO_INLINE static struct pair make(const float *x, float s) /* { dg-error "struct 'struct pair' holds a tile \\(member 'a'\\)" } */
{
  struct pair p; /* { dg-error "struct 'struct pair' holds a tile" } */
  pto_load(p.a, x, 8);
  p.s = s;
  return p;
}
PTO_INLINE static struct sc two(float a, int b) { struct sc r; r.a = a; r.b = b; return r; }
PTO_KERNEL void k(const float *x, float *y)
{
  struct wrap w; /* { dg-error "struct 'struct wrap' holds a tile \\(member 't'\\): structs in PTO code may hold scalars and GM pointers only" } */
  pto_load(w.t, x, 8);
  pto_add(w.t, w.t, w.t);
  pto_store(y, 8, w.t);
  struct pair   p = make(x, 2.0f); /* { dg-error "struct .struct pair. holds a tile" } */
  pto_muls(p.a, p.a, p.s);
  tile_t t;
  struct ref r = { &t }; /* { dg-error "struct 'struct ref' holds a tile \\(member 'p'\\)" } */
  struct sc v = two(1.0f, 2);
  pto_fill(t, v.a + (float)v.b);
  pto_store(y, 8, t);
}
