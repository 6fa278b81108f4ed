/* bf16 tiles are storage: load, store and cast to and from f32 compile;
   arithmetic on them, a fill, a partial load and casts to or from
   another dtype than f32 are located errors naming the op and the dtype
   (the vector unit of dav-c220 has no bf16 arithmetic: compute in f32).  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
typedef PTO_TILE(pto_bf16, 8, 16) b8;
typedef PTO_TILE(float, 8, 16) f8;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(pto_f16, 8, 16) h8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const pto_bf16 *x, pto_bf16 *y, float *z)
{
  b8 a, b;
  f8 f;
  i8 n;
  h8 h;
  c8 c;
  pto_load(a, x, 16);
  pto_cast(f, a);
  pto_cast(b, f);
  pto_cast(b, a);
  pto_store(y, 16, b);
  pto_add(b, a, a); /* { dg-error "'pto_add': argument 1 has element type 'bf16': bf16 tiles support only load, store, cast and pto.matmul operands \\(the vector unit has no bf16 arithmetic\\); compute in f32: cast to an f32 tile first" } */
  pto_exp(b, a); /* { dg-error "'pto_exp': argument 1 has element type 'bf16'" } */
  pto_muls(b, a, 2.0f); /* { dg-error "'pto_muls': argument 1 has element type 'bf16'" } */
  pto_row_sum(c, a); /* { dg-error "'pto_row_sum': argument 2 has element type 'bf16'" } */
  pto_cast(n, a); /* { dg-error "'pto_cast': argument 1 has element type 'i32': bf16 tiles convert to and from f32 tiles only \\(cast through an f32 tile\\)" } */
  pto_cast(b, h); /* { dg-error "'pto_cast': argument 2 has element type 'f16': bf16 tiles convert to and from f32 tiles only" } */
  pto_load(f, x, 16); /* { dg-error "'pto_load': argument 2 has type 'ptr<const bf16>', expected a pointer to f32" } */
  pto_store(z, 16, a); /* { dg-error "'pto_store': argument 1 has type 'ptr<f32>', expected a pointer to bf16" } */
  pto_store(y, 16, f); /* { dg-error "'pto_store': argument 1 has type 'ptr<bf16>', expected a pointer to f32" } */
}
