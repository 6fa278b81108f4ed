/* op-check.c - the typing rules of the intrinsic ops: the RULE (shape)
   and DTYPES (element type) columns of runtime/pto-ops.def.

   One checker for both of its clients: the GCC front end
   (frontend/capture.cc, on the operands it translated) and the IR
   verifier (ir/verify.c's pto_check_op_call, which checks the operand
   kinds, lvalues and arity itself and then calls this).  It sees only
   the operands' types and reports the first violation as a fault: the
   operand to blame and a message "argument N ...", which each client
   prefixes with the op's name in its own spelling (pto_rsqrt in C,
   pto.rsqrt in the IR) and reports at that operand's location.  */

#include "ir/ir.h"

#include <stdarg.h>
#include <string.h>

typedef struct ctx {
  pto_op op;
  const char *sig;
  const pto_type *const *t;
  int n;
  pto_op_fault *f;
} ctx;

/* Record "argument I+1 MSG" (or MSG for the call when I < 0); false.  */
static PTO_PRINTF(3, 4) bool
fail(ctx *c, int i, const char *fmt, ...)
{
  char msg[sizeof c->f->msg - 32];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  c->f->arg = i;
  if (i >= 0)
    snprintf(c->f->msg, sizeof c->f->msg, "argument %d %s", i + 1, msg);
  else
    snprintf(c->f->msg, sizeof c->f->msg, "%s", msg);
  return false;
}

/* The text of T (truncated to 128 bytes).  */
typedef struct tytext {
  char s[128];
} tytext;

static tytext
tyname(const pto_type *t)
{
  tytext r;
  pto_buf b = {0};
  pto_type_print(&b, t);
  snprintf(r.s, sizeof r.s, "%s", b.s ? b.s : "");
  pto_buf_free(&b);
  return r;
}

static bool
is_tile_letter(char l)
{
  return l == 'T' || l == 't' || l == 'U';
}

static int
first_tile(const ctx *c)
{
  for (int i = 0; i < c->n && c->sig[i] && c->sig[i] != '*'; i++)
    if (is_tile_letter(c->sig[i]))
      return i;
  return -1;
}

static bool
same_shape(const pto_type *a, const pto_type *b)
{
  return a->rows == b->rows && a->cols == b->cols;
}

static bool
shape_fail(ctx *c, int i, const char *what, int r, int cols)
{
  return fail(c, i, "has shape %dx%d, expected %dx%d %s", c->t[i]->rows,
              c->t[i]->cols, r, cols, what);
}

static bool
dtype_fail(ctx *c, int i, pto_dtype want)
{
  return fail(c, i, "has element type '%s', expected '%s'",
              pto_dtype_name(c->t[i]->dtype), pto_dtype_name(want));
}

/* ELEM and CAST: tiles share the first tile's shape (and, for ELEM, its
   dtype, which is also the type of every 's' operand).  */
static bool
check_elementwise(ctx *c, bool same_dtype)
{
  int t0i = first_tile(c);
  if (t0i < 0)
    return true;
  const pto_type *t0 = c->t[t0i];
  char like[48];
  snprintf(like, sizeof like, "like argument %d", t0i + 1);
  for (int i = t0i + 1; i < c->n && c->sig[i]; i++) {
    const pto_type *t = c->t[i];
    if (c->sig[i] == 's' && same_dtype
        && !(t->kind == PTO_TY_SCALAR && t->dtype == t0->dtype))
      return fail(c, i, "has type '%s', expected '%s', the element type "
                  "of the tiles", tyname(t).s, pto_dtype_name(t0->dtype));
    if (!is_tile_letter(c->sig[i]))
      continue;
    if (!same_shape(t, t0))
      return shape_fail(c, i, like, t0->rows, t0->cols);
    if (same_dtype && t->dtype != t0->dtype)
      return dtype_fail(c, i, t0->dtype);
  }
  return true;
}

/* CAST: a bf16 side needs an f32 or bf16 other side (the vector unit
   converts bf16 to and from float only: vconv_bf162f32,
   vconv_f322bf16r).  */
static bool
check_cast(ctx *c)
{
  if (c->n < 2 || c->t[0]->kind != PTO_TY_TILE || c->t[1]->kind != PTO_TY_TILE)
    return true;
  pto_dtype d = c->t[0]->dtype, a = c->t[1]->dtype;
  bool d8 = d == PTO_DT_I8 || d == PTO_DT_U8 || d == PTO_DT_I16,
       a8 = a == PTO_DT_I8 || a == PTO_DT_U8 || a == PTO_DT_I16;
  /* i8 / u8 / i16 to and from f16 only (vconv_f162s8 / f162u8 / s82f16
     / u82f16, vconv_f162s16r / s162f16, asc-devkit dav_c220 and dav_m200
     vec_vconv_impl.h).  */
  if ((d8 || a8) && d != a && d != PTO_DT_F16 && a != PTO_DT_F16)
    return fail(c, d8 ? 1 : 0, "has element type '%s': %s tiles convert to "
                "and from f16 tiles only (cast through an f16 tile)",
                pto_dtype_name(d8 ? a : d), pto_dtype_name(d8 ? d : a));
  if (d8 || a8)
    return true;
  if ((d == PTO_DT_BF16) == (a == PTO_DT_BF16)
      || d == PTO_DT_F32 || a == PTO_DT_F32)
    return true;
  return fail(c, d == PTO_DT_BF16 ? 1 : 0, "has element type '%s': bf16 "
              "tiles convert to and from f32 tiles only (cast through an "
              "f32 tile)", pto_dtype_name(d == PTO_DT_BF16 ? a : d));
}

/* ROWRED: dst R x 1, src R x C, same dtype.  */
static bool
check_rowred(ctx *c)
{
  const pto_type *dst = c->t[0], *src = c->t[1];
  if (dst->rows != src->rows || dst->cols != 1)
    return shape_fail(c, 0, "(one column per row of argument 2)", src->rows,
                      1);
  if (dst->dtype != src->dtype)
    return dtype_fail(c, 0, src->dtype);
  return true;
}

/* ROWBCAST: the last operand is the per-row column r (R x 1), every
   other tile has the first tile's shape (R x C), all share its dtype.  */
static bool
check_rowbcast(ctx *c)
{
  int last = c->n - 1;
  const pto_type *t0 = c->t[0], *r = c->t[last];
  for (int i = 1; i < last; i++) {
    if (!same_shape(c->t[i], t0))
      return shape_fail(c, i, "like argument 1", t0->rows, t0->cols);
    if (c->t[i]->dtype != t0->dtype)
      return dtype_fail(c, i, t0->dtype);
  }
  if (r->rows != t0->rows || r->cols != 1)
    return shape_fail(c, last, "(one value per row of argument 1)", t0->rows,
                      1);
  if (r->dtype != t0->dtype)
    return dtype_fail(c, last, t0->dtype);
  return true;
}

/* COLRED: dst 1 x C, src R x C, same dtype.  */
static bool
check_colred(ctx *c)
{
  const pto_type *dst = c->t[0], *src = c->t[1];
  if (dst->rows != 1 || dst->cols != src->cols)
    return shape_fail(c, 0, "(one row, a value per column of argument 2)",
                      1, src->cols);
  if (dst->dtype != src->dtype)
    return dtype_fail(c, 0, src->dtype);
  return true;
}

/* COLBCAST: the last operand is the per-column row r (1 x C), every
   other tile has the first tile's shape (R x C), all share its dtype.  */
static bool
check_colbcast(ctx *c)
{
  int last = c->n - 1;
  const pto_type *t0 = c->t[0], *r = c->t[last];
  for (int i = 1; i < last; i++) {
    if (!same_shape(c->t[i], t0))
      return shape_fail(c, i, "like argument 1", t0->rows, t0->cols);
    if (c->t[i]->dtype != t0->dtype)
      return dtype_fail(c, i, t0->dtype);
  }
  if (r->rows != 1 || r->cols != t0->cols)
    return shape_fail(c, last, "(one value per column of argument 1)", 1,
                      t0->cols);
  if (r->dtype != t0->dtype)
    return dtype_fail(c, last, t0->dtype);
  return true;
}

/* CMP: the mask m (operand 1) is int32, the tiles after it have its
   shape and the dtype of operand 2, which is also the type of a scalar
   operand (cmps).  */
static bool
check_cmp(ctx *c)
{
  const pto_type *m = c->t[0], *a = c->t[1];
  if (m->dtype != PTO_DT_I32)
    return fail(c, 0, "has element type '%s', expected 'i32' (the mask)",
                pto_dtype_name(m->dtype));
  if (!same_shape(a, m))
    return shape_fail(c, 1, "like argument 1", m->rows, m->cols);
  const pto_type *b = c->t[2];
  if (c->sig[2] == 's') {
    if (!(b->kind == PTO_TY_SCALAR && b->dtype == a->dtype))
      return fail(c, 2, "has type '%s', expected '%s', the element type "
                  "of argument 2", tyname(b).s, pto_dtype_name(a->dtype));
    return true;
  }
  if (!same_shape(b, m))
    return shape_fail(c, 2, "like argument 1", m->rows, m->cols);
  if (b->dtype != a->dtype)
    return dtype_fail(c, 2, a->dtype);
  return true;
}

/* SELECT: d, m, a, b of one shape, m int32, d, a and b of one dtype.  */
static bool
check_select(ctx *c)
{
  const pto_type *d = c->t[0];
  for (int i = 1; i < 4; i++)
    if (!same_shape(c->t[i], d))
      return shape_fail(c, i, "like argument 1", d->rows, d->cols);
  if (c->t[1]->dtype != PTO_DT_I32)
    return fail(c, 1, "has element type '%s', expected 'i32' (the mask)",
                pto_dtype_name(c->t[1]->dtype));
  for (int i = 2; i < 4; i++)
    if (c->t[i]->dtype != d->dtype)
      return dtype_fail(c, i, d->dtype);
  return true;
}

/* TRANS: d C x R from a R x C, one dtype.  */
static bool
check_trans(ctx *c)
{
  const pto_type *d = c->t[0], *a = c->t[1];
  if (d->rows != a->cols || d->cols != a->rows)
    return shape_fail(c, 0, "(the transpose of argument 2)", a->cols,
                      a->rows);
  if (d->dtype != a->dtype)
    return dtype_fail(c, 0, a->dtype);
  return true;
}

/* CASTRND: d i32, a f32 or f16 of d's shape.  */
static bool
check_castrnd(ctx *c)
{
  const pto_type *d = c->t[0], *a = c->t[1];
  if (!same_shape(a, d))
    return shape_fail(c, 1, "like argument 1", d->rows, d->cols);
  if (d->dtype != PTO_DT_I32)
    return fail(c, 0, "has element type '%s', expected 'i32' (a rounded "
                "conversion to int32)", pto_dtype_name(d->dtype));
  if (!pto_dtype_is_float(a->dtype))
    return fail(c, 1, "has element type '%s', expected a float or f16 "
                "tile", pto_dtype_name(a->dtype));
  return true;
}

/* QUANT: quantize d (i8 or u8) from a (f32 or f16), dequantize d (f32
   or f16) from a (i8 or u8), one shape; scale and offset (operands 3
   and 4) have the float side's dtype.  The conversions the expansion
   uses exist for exactly these pairs (op-check's CAST rules: 8-bit
   tiles convert to and from f16).  */
static bool
check_quant(ctx *c)
{
  const pto_type *d = c->t[0], *a = c->t[1];
  bool quantize = c->op == PTO_OP_QUANTIZE;
  int fi = quantize ? 1 : 0, ii = quantize ? 0 : 1;
  const pto_type *ft = c->t[fi], *it = c->t[ii];
  if (!same_shape(a, d))
    return shape_fail(c, 1, "like argument 1", d->rows, d->cols);
  if (it->dtype != PTO_DT_I8 && it->dtype != PTO_DT_U8)
    return fail(c, ii, "has element type '%s', expected an i8 or u8 tile "
                "(the quantized side)", pto_dtype_name(it->dtype));
  if (ft->dtype != PTO_DT_F32 && ft->dtype != PTO_DT_F16)
    return fail(c, fi, "has element type '%s', expected an f32 or f16 tile"
                " (%s)", pto_dtype_name(ft->dtype),
                ft->dtype == PTO_DT_BF16
                    ? "bf16: cast to an f32 tile first"
                    : "the real-valued side");
  for (int i = 2; i < 4 && i < c->n; i++)
    if (!(c->t[i]->kind == PTO_TY_SCALAR && c->t[i]->dtype == ft->dtype))
      return fail(c, i, "has type '%s', expected '%s', the element type "
                  "of argument %d", tyname(c->t[i]).s,
                  pto_dtype_name(ft->dtype), fi + 1);
  return true;
}

/* DEQ: dequant d (f16) from a (i32, the int8 matmul's accumulator),
   one shape; the scale (operand 3) is an f32 scalar.  */
static bool
check_deq(ctx *c)
{
  const pto_type *d = c->t[0], *a = c->t[1];
  if (c->op == PTO_OP_DEQ_SCALE) {
    if (d->dtype != PTO_DT_F32)
      return fail(c, 0, "has element type '%s', expected an f32 tile (the "
                  "scales)", pto_dtype_name(d->dtype));
    if (a->dtype != PTO_DT_F32 && a->dtype != PTO_DT_U64)
      return fail(c, 1, "has element type '%s', expected an f32 tile (the "
                  "scales) or a u64 tile (deq words)",
                  pto_dtype_name(a->dtype));
    if (!same_shape(a, d))
      return shape_fail(c, 1, "like argument 1", d->rows, d->cols);
    return true;
  }
  if (d->dtype != PTO_DT_F16)
    return fail(c, 0, "has element type '%s', expected an f16 tile (the "
                "fixpipe dequantizes int32 to fp16)",
                pto_dtype_name(d->dtype));
  if (a->dtype != PTO_DT_I32)
    return fail(c, 1, "has element type '%s', expected an i32 tile (the "
                "accumulator of an int8 pto.matmul)",
                pto_dtype_name(a->dtype));
  if (!same_shape(a, d))
    return shape_fail(c, 1, "like argument 1", d->rows, d->cols);
  if (c->op == PTO_OP_COL_DEQUANT) {
    const pto_type *r = c->t[2];
    if (r->dtype != PTO_DT_F32 && r->dtype != PTO_DT_U64)
      return fail(c, 2, "has element type '%s', expected an f32 tile (a "
                  "scale per column) or a u64 tile (a deq word per "
                  "column)", pto_dtype_name(r->dtype));
    if (r->rows != 1 || r->cols != d->cols)
      return shape_fail(c, 2, "(one scale per column of argument 1)", 1,
                        d->cols);
    return true;
  }
  if (c->n > 2
      && !(c->t[2]->kind == PTO_TY_SCALAR && c->t[2]->dtype == PTO_DT_F32))
    return fail(c, 2, "has type '%s', expected 'f32' (the scale)",
                tyname(c->t[2]).s);
  return true;
}

/* MATMUL: c[M,N] += a[M,K] * b[K,N], c f32 with a and b f32, f16 or
   bf16, c i32 with a and b i8 (DTYPES ANY: the operand rule is here),
   a and b of one dtype.  */
static bool
check_matmul(ctx *c)
{
  const pto_type *tc = c->t[0], *ta = c->t[1], *tb = c->t[2];
  if (tb->rows != ta->cols)
    return shape_fail(c, 2, "(K rows, K = columns of argument 2)", ta->cols,
                      tb->cols);
  if (tc->rows != ta->rows || tc->cols != tb->cols)
    return shape_fail(c, 0, "(rows of argument 2 x columns of argument 3)",
                      ta->rows, tb->cols);
  if (ta->dtype != PTO_DT_F32 && ta->dtype != PTO_DT_F16
      && ta->dtype != PTO_DT_BF16 && ta->dtype != PTO_DT_I8)
    return fail(c, 1, "has element type '%s', expected an f32, f16, bf16 "
                "or i8 tile (the cube multiplies float, fp16, bf16 and "
                "int8 operands)", pto_dtype_name(ta->dtype));
  if (ta->dtype != tb->dtype)
    return dtype_fail(c, 2, ta->dtype);
  pto_dtype acc = ta->dtype == PTO_DT_I8 ? PTO_DT_I32 : PTO_DT_F32;
  if (tc->dtype != acc)
    return fail(c, 0, "has element type '%s', expected '%s' (the "
                "accumulator%s)", pto_dtype_name(tc->dtype),
                pto_dtype_name(acc),
                acc == PTO_DT_I32 ? " of i8 operands" : "");
  return true;
}

/* LOAD/STORE: the pointer operand PI points to the tile TI's dtype.  */
static bool
check_transfer(ctx *c, int ti, int pi)
{
  const pto_type *t = c->t[ti], *p = c->t[pi];
  if (p->pointee && p->pointee->kind == PTO_TY_SCALAR
      && p->pointee->dtype == t->dtype)
    return true;
  return fail(c, pi, "has type '%s', expected a pointer to %s",
              tyname(p).s, pto_dtype_name(t->dtype));
}

static bool
check_shape_rule(ctx *c, pto_oprule rule)
{
  switch (rule) {
  case PTO_RULE_ELEM: return check_elementwise(c, true);
  case PTO_RULE_CAST: return check_elementwise(c, false) && check_cast(c);
  case PTO_RULE_ROWRED: return check_rowred(c);
  case PTO_RULE_MATMUL: return check_matmul(c);
  case PTO_RULE_ROWBCAST: return check_rowbcast(c);
  case PTO_RULE_COLRED: return check_colred(c);
  case PTO_RULE_COLBCAST: return check_colbcast(c);
  case PTO_RULE_CMP: return check_cmp(c);
  case PTO_RULE_SELECT: return check_select(c);
  case PTO_RULE_TRANS: return check_trans(c);
  case PTO_RULE_CASTRND: return check_castrnd(c);
  case PTO_RULE_QUANT: return check_quant(c);
  case PTO_RULE_DEQ: return check_deq(c);
  case PTO_RULE_LOAD: return check_transfer(c, 0, 1);
  case PTO_RULE_STORE: return check_transfer(c, 2, 0);
  case PTO_RULE_NONE: return true;
  }
  return true;
}

/* No tile operand is bf16, i8 or u8 (for the ops outside DTYPES ANY).  */
static bool
check_no_bf16(ctx *c)
{
  for (int i = 0; i < c->n && c->sig[i] && c->sig[i] != '*'; i++)
    if (is_tile_letter(c->sig[i]) && c->t[i]->kind == PTO_TY_TILE
        && c->t[i]->dtype == PTO_DT_BF16)
      return fail(c, i, "has element type 'bf16': bf16 tiles support only "
                  "load, store, cast and pto.matmul operands (the vector "
                  "unit has no bf16 arithmetic); compute in f32: cast to an "
                  "f32 tile first");
    else if (is_tile_letter(c->sig[i]) && c->t[i]->kind == PTO_TY_TILE
             && c->t[i]->dtype == PTO_DT_I16)
      return fail(c, i, "has element type 'i16': i16 tiles support only "
                  "load, store and cast; compute in f16: cast to an f16 "
                  "tile first");
    else if (is_tile_letter(c->sig[i]) && c->t[i]->kind == PTO_TY_TILE
             && (c->t[i]->dtype == PTO_DT_I8 || c->t[i]->dtype == PTO_DT_U8))
      return fail(c, i, "has element type '%s': 8-bit tiles support only "
                  "load, store, cast, quantize and dequantize; compute in "
                  "f16: cast (or dequantize) to an f16 tile first",
                  pto_dtype_name(c->t[i]->dtype));
  return true;
}

/* DTYPES: every tile operand has an element type the op accepts.  */
static bool
check_dtype_rule(ctx *c, pto_dtrule rule)
{
  for (int i = 0; i < c->n && c->sig[i] && c->sig[i] != '*'; i++) {
    if (!is_tile_letter(c->sig[i]))
      continue;
    pto_dtype dt = c->t[i]->dtype;
    bool ok;
    if (rule == PTO_DTR_INT)
      ok = dt == PTO_DT_I32;
    else
      ok = dt == PTO_DT_F32 || dt == PTO_DT_F16
           || (rule != PTO_DTR_FLOAT && dt == PTO_DT_I32)
           || ((rule == PTO_DTR_ANY || rule == PTO_DTR_WORDS)
               && (dt == PTO_DT_BF16 || dt == PTO_DT_I8 || dt == PTO_DT_U8
                   || dt == PTO_DT_I16))
           || (rule == PTO_DTR_WORDS && dt == PTO_DT_U64);
    if (ok)
      continue;
    if (rule == PTO_DTR_FLOAT)
      return fail(c, i, "has element type '%s', expected a float or f16 "
                  "tile", pto_dtype_name(dt));
    if (rule == PTO_DTR_INT)
      return fail(c, i, "has element type '%s', expected an i32 tile",
                  pto_dtype_name(dt));
    if (dt == PTO_DT_U64)
      return fail(c, i, "has element type 'u64': u64 tiles (the fixpipe's "
                  "deq words) support only load, store and the scales of "
                  "col_dequant and deq_scale");
    return fail(c, i, "has element type '%s', expected an f32, f16 or i32 "
                "tile", pto_dtype_name(dt));
  }
  return true;
}

bool
pto_op_check_types(pto_op op, const pto_type *const *types, int n,
                   pto_op_fault *f)
{
  const pto_opinfo *info = pto_op_info(op);
  ctx c = {op, info->sig, types, n, f};
  f->arg = -1;
  f->msg[0] = 0;
  int fixed = (int)strcspn(info->sig, "*");
  if (n < fixed)
    return fail(&c, -1, "expected %d arguments, found %d", fixed, n);
  /* bf16 first: its message says what to do instead (the scalar or
     shape rules would only see a dtype mismatch).  */
  if (info->dtypes != PTO_DTR_ANY && info->dtypes != PTO_DTR_WORDS
      && !check_no_bf16(&c))
    return false;
  return check_shape_rule(&c, info->rule)
         && check_dtype_rule(&c, info->dtypes);
}
