/* cce.c - the .cce text of a translation unit, and the pipeline that
   produces it (pto_emit_cce, cce.h).

   Contract: the text follows the emitter contract of runtime/cce_sim.h.
   * The prelude includes cce_sim.h under __CCE_KT_TEST__ and defines
     PTO_UB_LOAD/PTO_UB_STORE as plain dereferences for the device.
   * Per kernel: a comment with the UB plan (every buffer, its bytes and
     live range; peak and tile sum, read by bench/cce-counts.sh), the
     `__global__ __aicore__' entry (extern "C" under __cplusplus), a
     host-simulation entry `void NAME__sim(void *const *args)' under
     __CCE_KT_TEST__ (ARGS[i] points at the value of argument i; the
     runtime calls it once per block between pto_sim_begin_block and
     pto_sim_end_block), and under !__CCE_KT_TEST__ an extern "C"
     launcher `NAME_launch(uint32_t blocks, void *stream, args...)' that
     runs `NAME<<<blocks, nullptr, stream>>>(args...)'.
   * One intrinsic per line; every UB address is one cast of an integer
     byte offset; each lowered tile op is preceded by a comment with the
     IR op and its source line; output depends only on the input.  */

#include "backend/cce/cce.h"
#include "backend/cce/mir.h"
#include "backend/cce/isel-linear.h"
#include "backend/cce/report.h"
#include "backend/cce/split.h"
#include "ir/walk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Names and expressions                                               */
/* ------------------------------------------------------------------ */

static const char *const reserved[] = {
  "auto", "case", "char", "default", "do", "double", "enum", "extern",
  "float", "goto", "inline", "int", "long", "register", "restrict",
  "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
  "union", "unsigned", "void", "volatile", "half", "block_idx",
  "block_num", "nullptr", "class", "new", "delete", "this", "template",
  "namespace", "operator", "private", "public", "protected", "virtual",
  "bool", "true", "false", "uintptr_t", "int8_t", "int16_t", "int32_t",
  "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "main",
  /* enumerators of the vendor's API (runtime/cce-api.h) we pass */
  "inc", "dec", "VALUE_INDEX", "INDEX_VALUE", "ONLY_VALUE", "ONLY_INDEX",
  "NoQuant", "F322F16", "PAD_NONE", "CRMODE_NONE",
  NULL
};

static bool
is_reserved(const char *s)
{
  size_t n = strlen(s);
  if (n >= 2 && s[n - 1] == '_' && s[n - 2] == '_')
    return true;   /* the emitter's temporaries end in "__" */
  if (!strncmp(s, "pto_", 4) || !strncmp(s, "PTO_", 4) || !strncmp(s, "__", 2))
    return true;
  for (int i = 0; reserved[i]; i++)
    if (!strcmp(s, reserved[i]))
      return true;
  /* CCE intrinsics: v* and copy_*, set_/wait_ names.  */
  return s[0] == 'v' || !strncmp(s, "copy_", 5) || !strncmp(s, "set_", 4)
         || !strncmp(s, "wait_", 5) || !strncmp(s, "pipe_", 5)
         || !strncmp(s, "get_", 4) || !strcmp(s, "mad");
}

void
pto_cce_name(pto_buf *b, const pto_var *v)
{
  pto_buf_puts(b, v->name);
  if (is_reserved(v->name))
    pto_buf_puts(b, "_v");
}

static void
print_ctype(pto_buf *b, const pto_type *t)
{
  if (t->kind == PTO_TY_PTR) {
    pto_buf_puts(b, "__gm__ ");
    if (t->is_const)
      pto_buf_puts(b, "const ");
    print_ctype(b, t->pointee);
    pto_buf_puts(b, " *");
    return;
  }
  if (t->kind == PTO_TY_SCALAR) {
    pto_buf_puts(b, pto_mir_ctype(t->dtype));
    return;
  }
  pto_buf_puts(b, "void");
}

static void
print_float(pto_buf *b, double v, pto_dtype dt)
{
  const char *suffix = dt == PTO_DT_F64 ? "" : "f";
  if (dt == PTO_DT_F16)
    pto_buf_puts(b, "((half)");
  if (isnan(v))
    pto_buf_printf(b, "__builtin_nan%s(\"\")", suffix);
  else if (isinf(v))
    pto_buf_printf(b, "%s__builtin_inf%s()", v < 0 ? "-" : "", suffix);
  else {
    char tmp[64];
    snprintf(tmp, sizeof tmp, dt == PTO_DT_F64 ? "%.17g" : "%.9g", v);
    pto_buf_puts(b, tmp);
    if (!strpbrk(tmp, ".eEn"))
      pto_buf_puts(b, ".0");
    pto_buf_puts(b, suffix);
  }
  if (dt == PTO_DT_F16)
    pto_buf_puts(b, ")");
}

static void
print_int(pto_buf *b, int64_t v, pto_dtype dt)
{
  switch (dt) {
  case PTO_DT_BOOL:
    pto_buf_puts(b, v ? "1" : "0");
    return;
  case PTO_DT_U64:
    pto_buf_printf(b, "%lluull", (unsigned long long)v);
    return;
  case PTO_DT_U32:
    pto_buf_printf(b, "%lluu", (unsigned long long)(uint32_t)v);
    return;
  case PTO_DT_I64:
  case PTO_DT_INDEX:
    if (v == INT64_MIN)
      pto_buf_puts(b, "(-9223372036854775807ll - 1)");
    else
      pto_buf_printf(b, "%lldll", (long long)v);
    return;
  default:
    if (v == INT32_MIN)
      pto_buf_puts(b, "(-2147483647 - 1)");
    else if (v < 0)
      pto_buf_printf(b, "(%lld)", (long long)v);
    else
      pto_buf_printf(b, "%lld", (long long)v);
    return;
  }
}

/* The UB address of tile element E = t[i][j] (one cast of a byte
   offset).  */
static void
print_elem_ptr(pto_buf *b, const pto_mir_kernel *k, const pto_expr *e)
{
  const pto_type *t = e->a->type;
  const pto_mir_buffer *buf =
      k && e->a->kind == PTO_E_VAR ? pto_mir_buffer_of(k, e->a->u.var, NULL)
                                   : NULL;
  pto_assert(buf && e->nargs == 2);
  pto_buf_printf(b, "(__ubuf__ %s *)((uintptr_t)(%lld + ((int64_t)(",
                 pto_mir_ctype(t->dtype), (long long)buf->offset);
  pto_cce_expr(b, k, e->args[0]);
  pto_buf_printf(b, ") * %d + (int64_t)(", t->cols);
  pto_cce_expr(b, k, e->args[1]);
  pto_buf_printf(b, ")) * %d))", pto_dtype_bytes(t->dtype));
}

void
pto_cce_expr(pto_buf *b, const pto_mir_kernel *k, const pto_expr *e)
{
  switch (e->kind) {
  case PTO_E_INT:
    print_int(b, e->u.ival, e->type->kind == PTO_TY_SCALAR ? e->type->dtype
                                                            : PTO_DT_I32);
    return;
  case PTO_E_FLOAT:
    print_float(b, e->u.fval, e->type->dtype);
    return;
  case PTO_E_VAR:
    pto_cce_name(b, e->u.var);
    return;
  case PTO_E_BIN: {
    pto_binop op = e->u.binop;
    if (op == PTO_BIN_MIN || op == PTO_BIN_MAX) {
      pto_buf_puts(b, "((");
      pto_cce_expr(b, k, e->a);
      pto_buf_puts(b, op == PTO_BIN_MIN ? ") < (" : ") > (");
      pto_cce_expr(b, k, e->b);
      pto_buf_puts(b, ") ? (");
      pto_cce_expr(b, k, e->a);
      pto_buf_puts(b, ") : (");
      pto_cce_expr(b, k, e->b);
      pto_buf_puts(b, "))");
      return;
    }
    if (op == PTO_BIN_FLOORDIV || op == PTO_BIN_FLOORMOD) {
      pto_buf_puts(b, "((");
      print_ctype(b, e->type);
      pto_buf_printf(b, ")pto_cce_%s((int64_t)(",
                     op == PTO_BIN_FLOORDIV ? "floordiv" : "floormod");
      pto_cce_expr(b, k, e->a);
      pto_buf_puts(b, "), (int64_t)(");
      pto_cce_expr(b, k, e->b);
      pto_buf_puts(b, ")))");
      return;
    }
    pto_buf_puts(b, "(");
    pto_cce_expr(b, k, e->a);
    pto_buf_printf(b, " %s ", pto_binop_name(op));
    pto_cce_expr(b, k, e->b);
    pto_buf_puts(b, ")");
    return;
  }
  case PTO_E_UN:
    switch (e->u.unop) {
    case PTO_UN_CAST:
      pto_buf_puts(b, "((");
      print_ctype(b, e->type);
      pto_buf_puts(b, ")(");
      pto_cce_expr(b, k, e->a);
      pto_buf_puts(b, "))");
      return;
    case PTO_UN_SQRT:
      /* The scalar unit's sqrt, as the vendor's AscendC::Std::sqrt
         calls it (doc/cce.md, "Scalar math").  */
      pto_buf_puts(b, "((float)sqrt(");
      pto_cce_expr(b, k, e->a);
      pto_buf_puts(b, "))");
      return;
    case PTO_UN_FLOOR:
    case PTO_UN_CEIL:
      pto_buf_printf(b, "pto_cce_%sf(",
                     e->u.unop == PTO_UN_FLOOR ? "floor" : "ceil");
      pto_cce_expr(b, k, e->a);
      pto_buf_puts(b, ")");
      return;
    case PTO_UN_ABS:
      if (pto_dtype_is_float(e->type->dtype)) {
        /* 0 - x, not -x, for a zero: fabs(-0.0) is +0.0.  */
        pto_buf_puts(b, "((");
        pto_cce_expr(b, k, e->a);
        pto_buf_puts(b, ") <= 0 ? 0 - (");
        pto_cce_expr(b, k, e->a);
        pto_buf_puts(b, ") : (");
        pto_cce_expr(b, k, e->a);
        pto_buf_puts(b, "))");
        return;
      }
      pto_buf_puts(b, "((");
      pto_cce_expr(b, k, e->a);
      pto_buf_puts(b, ") < 0 ? -(");
      pto_cce_expr(b, k, e->a);
      pto_buf_puts(b, ") : (");
      pto_cce_expr(b, k, e->a);
      pto_buf_puts(b, "))");
      return;
    default:
      pto_buf_printf(b, "(%s", pto_unop_name(e->u.unop));
      pto_cce_expr(b, k, e->a);
      pto_buf_puts(b, ")");
      return;
    }
  case PTO_E_SELECT:
    pto_buf_puts(b, "(");
    pto_cce_expr(b, k, e->a);
    pto_buf_puts(b, " ? ");
    pto_cce_expr(b, k, e->b);
    pto_buf_puts(b, " : ");
    pto_cce_expr(b, k, e->c);
    pto_buf_puts(b, ")");
    return;
  case PTO_E_CALL:
    if (e->is_op && e->op == PTO_OP_BLOCK_IDX)
      pto_buf_puts(b, "((int32_t)get_block_idx())");
    else if (e->is_op && e->op == PTO_OP_BLOCK_NUM)
      pto_buf_puts(b, "((int32_t)get_block_num())");
    else
      pto_buf_puts(b, "1");   /* unroll_factor(); others rejected by isel */
    return;
  case PTO_E_INDEX:
    if (e->a->type->kind == PTO_TY_TILE && k && k->print_elem) {
      k->print_elem(b, k, e, NULL);
      return;
    }
    if (e->a->type->kind == PTO_TY_TILE) {
      pto_buf_puts(b, "PTO_UB_LOAD(");
      print_elem_ptr(b, k, e);
      pto_buf_puts(b, ")");
      return;
    }
    pto_buf_puts(b, "(");
    pto_cce_expr(b, k, e->a);
    pto_buf_puts(b, ")[");
    pto_cce_expr(b, k, e->args[0]);
    pto_buf_puts(b, "]");
    return;
  default:
    pto_ice("expression kind %d reached the CCE printer", (int)e->kind);
  }
}

/* ------------------------------------------------------------------ */
/* Instructions                                                        */
/* ------------------------------------------------------------------ */

static void
indent(pto_buf *b, int depth)
{
  for (int i = 0; i < depth; i++)
    pto_buf_puts(b, "  ");
}

static void
ub(pto_buf *b, const char *ctype, int64_t off)
{
  pto_buf_printf(b, "(__ubuf__ %s *)((uintptr_t)%lld)", ctype, (long long)off);
}

/* UB operand OFF of node N (shifted by the buffer set under double
   buffering, see mir.h).  */
static void
ubn(pto_buf *b, const pto_mir_node *n, const char *ctype, int64_t off)
{
  if (!n->pp_var) {
    ub(b, ctype, off);
    return;
  }
  pto_buf_printf(b, "(__ubuf__ %s *)((uintptr_t)(%lld + %lld * %s))", ctype,
                 (long long)off, (long long)n->pp_delta, n->pp_var);
}

/* The GM operand of DMA N, cast to a non-const `__gm__ CTYPE *': the
   vendor's copies take non-const GM pointers (cce-api.h) while a kernel's
   read-only inputs stay `__gm__ const T *' in its signature.  */
static void
gm_operand(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n)
{
  pto_buf_printf(b, "(__gm__ %s *)(", n->ctype);
  pto_cce_expr(b, k, n->gm);
  if (n->gm_off)
    pto_buf_printf(b, " + %lld", (long long)n->gm_off);
  if (n->row_stride) {
    pto_buf_puts(b, " + (int64_t)r__ * (");
    pto_cce_expr(b, k, n->row_stride);
    pto_buf_puts(b, ")");
  }
  pto_buf_puts(b, ")");
}

static void
print_dma(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n, int depth)
{
  bool load = !strcmp(n->op, "copy_gm_to_ubuf");
  int64_t nburst = n->nburst;
  if (n->row_stride) {
    pto_buf_printf(b, "for (int32_t r__ = 0; r__ < %lld; ++r__)\n",
                   (long long)n->nburst);
    indent(b, depth + 1);
    nburst = 1;
  }
  pto_buf_printf(b, "%s(", n->op);
  if (!n->gm) {
    ubn(b, n, n->ctype, n->ub);
    pto_buf_puts(b, ", ");
    ubn(b, n, n->ctype, n->ub2);
  } else {
    pto_buf ubp = { 0 };
    if (n->row_stride)
      pto_buf_printf(&ubp, "(__ubuf__ %s *)((uintptr_t)(%lld + r__ * %lld%s%s))",
                     n->ctype, (long long)n->ub, (long long)n->ub_pitch,
                     n->pp_var ? " + " : "",
                     n->pp_var ? pto_arena_printf(k->prog->arena, "%lld * %s",
                                                  (long long)n->pp_delta,
                                                  n->pp_var) : "");
    else
      ubn(&ubp, n, n->ctype, n->ub);
    if (load) {
      pto_buf_printf(b, "%s, ", ubp.s);
      gm_operand(b, k, n);
    } else {
      gm_operand(b, k, n);
      pto_buf_printf(b, ", %s", ubp.s);
    }
    pto_buf_free(&ubp);
  }
  pto_buf_printf(b, ", 0, %lld, %lld, %lld, %lld);\n", (long long)nburst,
                 (long long)n->lenburst, (long long)n->srcgap,
                 (long long)n->dstgap);
}

/* The scalar operand of N, cast to TYPE (the element type of the
   operand it combines with).  */
static void
print_scalar_operand(pto_buf *b, const pto_mir_kernel *k,
                     const pto_mir_node *n, const char *type)
{
  pto_buf_printf(b, "(%s)(", type);
  if (n->scalar_via && !n->scalar_is_ub)
    pto_buf_printf(b, "(%s)", n->scalar_via);
  if (n->scalar_is_ub) {
    /* A UB address as the vendor passes it to vector_dup (Select's
       VselIntrinsicsImplPre): the byte offset.  */
    if (n->pp_var)
      pto_buf_printf(b, "%lld + %lld * %s", (long long)n->scalar_ub,
                     (long long)n->pp_delta, n->pp_var);
    else
      pto_buf_printf(b, "%lld", (long long)n->scalar_ub);
  } else if (n->scalar)
    pto_cce_expr(b, k, n->scalar);
  else
    pto_buf_puts(b, n->scalar_lit);
  pto_buf_puts(b, ")");
}

/* The counts of a vector instruction, each cast to the width the
   vendor declares for it (runtime/cce-api.h): several intrinsics have
   overloads that differ only in those widths, so an uncast literal is
   ambiguous in C++.  */
static void
print_counts(pto_buf *b, int n, const char *const *types,
             const int64_t *values)
{
  for (int i = 0; i < n; i++)
    pto_buf_printf(b, ", (%s)%lld", types[i], (long long)values[i]);
}

/* vadds/vmuls: dav-c220 calls the uint16_t repeat-stride form, dav-m200
   the uint8_t one; vmaxs/vmins/vlrelu have no 8-operand uint8_t form:
   the 10-operand one with (repeatStrideMode, strideSizeMode) = (false,
   false) on both; vshl / vshr (dav-c220) the uint16_t form, vshr with
   round false (runtime/cce-api.h).  */
static void
print_vs_counts(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n)
{
  bool minmax = !strcmp(n->op, "vmaxs") || !strcmp(n->op, "vmins")
                || !strcmp(n->op, "vlrelu");
  bool shr = !strcmp(n->op, "vshr");   /* (..., bool round), false */
  const char *rt = !minmax && k->arch->isa == PTO_ISA_V220 ? "uint16_t"
                                                             : "uint8_t";
  const char *const types[] = { "uint8_t", "uint16_t", "uint16_t", rt, rt };
  const int64_t v[] = { n->repeat, n->dbs, n->sbs[0], n->drs, n->srs[0] };
  print_counts(b, 5, types, v);
  pto_buf_puts(b, minmax ? ", false, false);\n"
                  : shr  ? ", false);\n"
                         : ");\n");
}

/* A reduction's trailing operand: dav-c220's vcadd takes a bool (0) and
   its vcmax an Order_t; dav-m200's vcadd has none (isel.c never emits
   vcmax there: its only forms write [value, index] pairs).  */
static void
print_reduce_tail(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n)
{
  if (k->arch->isa != PTO_ISA_V220 || !strncmp(n->op, "vcg", 3))
    pto_buf_puts(b, ");\n");   /* vcgadd / vcgmax: 6 operands everywhere */
  else
    pto_buf_printf(b, ", %s);\n", n->order ? n->order : "false");
}

static void
print_vec(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n)
{
  static const char *const bin_t[] = { "uint8_t", "uint8_t", "uint8_t",
                                       "uint8_t", "uint8_t", "uint8_t",
                                       "uint8_t" };
  static const char *const un_t[] = { "uint8_t", "uint16_t", "uint16_t",
                                      "uint8_t", "uint8_t" };
  static const char *const un16_t[] = { "uint8_t", "uint16_t", "uint16_t",
                                        "uint16_t", "uint16_t" };
  static const char *const red_t[] = { "uint8_t", "uint16_t", "uint16_t",
                                       "uint16_t" };
  static const char *const brcb_t[] = { "uint16_t", "uint16_t", "uint8_t" };
  pto_buf_printf(b, "%s(", n->op);
  ubn(b, n, n->ctype, n->dst);
  switch (n->form) {
  case PTO_VF_BINARY: {
    pto_buf_puts(b, ", ");
    ubn(b, n, n->stype, n->src[0]);
    pto_buf_puts(b, ", ");
    ubn(b, n, n->stype, n->src[1]);
    const int64_t v[] = { n->repeat, n->dbs, n->sbs[0], n->sbs[1],
                          n->drs, n->srs[0], n->srs[1] };
    print_counts(b, 7, bin_t, v);
    if (n->order)
      pto_buf_puts(b, n->order);
    pto_buf_puts(b, ");\n");
    return;
  }
  case PTO_VF_CMPMASK:
    pto_buf_puts(b, ");\n");
    return;
  case PTO_VF_TRANSPOSE:
    pto_buf_puts(b, ", ");
    ubn(b, n, n->stype, n->src[0]);
    pto_buf_puts(b, ");\n");
    return;
  case PTO_VF_UNARY: {
    pto_buf_puts(b, ", ");
    ubn(b, n, n->stype, n->src[0]);
    const int64_t v[] = { n->repeat, n->dbs, n->sbs[0], n->drs, n->srs[0] };
    /* The int16 conversions' 7-operand form has uint16_t repeat strides
       only (runtime/cce-api.h).  */
    bool wide = !strcmp(n->op, "vconv_f162s16r")
                || !strcmp(n->op, "vconv_s162f16");
    print_counts(b, 5, wide ? un16_t : un_t, v);
    pto_buf_puts(b, ");\n");
    return;
  }
  case PTO_VF_SCALAR:
    pto_buf_puts(b, ", ");
    ubn(b, n, n->stype, n->src[0]);
    pto_buf_puts(b, ", ");
    print_scalar_operand(b, k, n,
                         n->scalar_type ? n->scalar_type : n->stype);
    print_vs_counts(b, k, n);
    return;
  case PTO_VF_DUP: {
    /* vector_dup(dst, scalar, repeat, dstBlk, srcBlk 1, dstRep, srcRep 0)
       as the vendor's Duplicate calls it.  */
    pto_buf_puts(b, ", ");
    print_scalar_operand(b, k, n, n->ctype);
    const int64_t v[] = { n->repeat, n->dbs, 1, n->drs, 0 };
    print_counts(b, 5, un_t, v);
    pto_buf_puts(b, ");\n");
    return;
  }
  case PTO_VF_REDUCE: {
    pto_buf_puts(b, ", ");
    ubn(b, n, n->stype, n->src[0]);
    const int64_t v[] = { n->repeat, n->drs, n->sbs[0], n->srs[0] };
    print_counts(b, 4, red_t, v);
    print_reduce_tail(b, k, n);
    return;
  }
  case PTO_VF_BRCB: {
    pto_buf_puts(b, ", ");
    ubn(b, n, n->stype, n->src[0]);
    const int64_t v[] = { n->dbs, n->drs, n->repeat };
    print_counts(b, 3, brcb_t, v);
    pto_buf_puts(b, ");\n");
    return;
  }
  }
}

static void
print_text(pto_buf *b, const char *text, int depth)
{
  for (const char *s = text; *s;) {
    const char *e = strchr(s, '\n');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    indent(b, depth);
    pto_buf_printf(b, "%.*s\n", (int)len, s);
    s += len + (e != NULL);
  }
}

static void print_block(pto_buf *b, const pto_mir_kernel *k, const pto_mir_block *blk, int depth);

static void
print_for(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n, int depth)
{
  const pto_stmt *s = n->stmt;
  pto_buf ty = { 0 }, name = { 0 };
  print_ctype(&ty, s->var->type);
  pto_cce_name(&name, s->var);
  bool simple_stop = s->stop->kind == PTO_E_INT || s->stop->kind == PTO_E_VAR;
  bool simple_step = s->step->kind == PTO_E_INT || s->step->kind == PTO_E_VAR;
  /* Bounds and step are evaluated once, before the loop (IR semantics).  */
  if (!simple_stop || !simple_step) {
    pto_buf_puts(b, "{\n");
    depth++;
    if (!simple_stop) {
      indent(b, depth);
      pto_buf_printf(b, "const %s %s_stop__ = ", ty.s, name.s);
      pto_cce_expr(b, k, s->stop);
      pto_buf_puts(b, ";\n");
    }
    if (!simple_step) {
      indent(b, depth);
      pto_buf_printf(b, "const %s %s_step__ = ", ty.s, name.s);
      pto_cce_expr(b, k, s->step);
      pto_buf_puts(b, ";\n");
    }
    indent(b, depth);
  }
  pto_buf_printf(b, "for (%s %s = ", ty.s, name.s);
  pto_cce_expr(b, k, s->start);
  pto_buf_printf(b, "; %s %s ", name.s, s->down ? ">" : "<");
  if (simple_stop)
    pto_cce_expr(b, k, s->stop);
  else
    pto_buf_printf(b, "%s_stop__", name.s);
  pto_buf_printf(b, "; %s += ", name.s);
  if (simple_step)
    pto_cce_expr(b, k, s->step);
  else
    pto_buf_printf(b, "%s_step__", name.s);
  pto_buf_puts(b, ") {\n");
  print_block(b, k, &n->body, depth + 1);
  indent(b, depth);
  pto_buf_puts(b, "}\n");
  if (!simple_stop || !simple_step) {
    indent(b, depth - 1);
    pto_buf_puts(b, "}\n");
  }
  pto_buf_free(&ty);
  pto_buf_free(&name);
}

static void
print_stmt(pto_buf *b, const pto_mir_kernel *k, const pto_stmt *s)
{
  switch (s->kind) {
  case PTO_S_DECL:
    print_ctype(b, s->var->type);
    pto_buf_puts(b, " ");
    pto_cce_name(b, s->var);
    if (s->value) {
      pto_buf_puts(b, " = ");
      pto_cce_expr(b, k, s->value);
    }
    pto_buf_puts(b, ";\n");
    return;
  case PTO_S_ASSIGN:
    if (s->lhs->kind == PTO_E_INDEX && s->lhs->a->type->kind == PTO_TY_TILE
        && k->print_elem) {
      k->print_elem(b, k, s->lhs, s->value);
      pto_buf_puts(b, ";\n");
      return;
    }
    if (s->lhs->kind == PTO_E_INDEX && s->lhs->a->type->kind == PTO_TY_TILE) {
      pto_buf_puts(b, "PTO_UB_STORE(");
      print_elem_ptr(b, k, s->lhs);
      pto_buf_puts(b, ", ");
      pto_cce_expr(b, k, s->value);
      pto_buf_puts(b, ");\n");
      return;
    }
    pto_cce_expr(b, k, s->lhs);
    pto_buf_puts(b, " = ");
    pto_cce_expr(b, k, s->value);
    pto_buf_puts(b, ";\n");
    return;
  case PTO_S_EVAL:
    pto_buf_puts(b, "(void)");
    pto_cce_expr(b, k, s->value);
    pto_buf_puts(b, ";\n");
    return;
  case PTO_S_RETURN:
    pto_buf_puts(b, "return;\n");
    return;
  case PTO_S_BREAK:
    pto_buf_puts(b, "break;\n");
    return;
  case PTO_S_CONTINUE:
    pto_buf_puts(b, "continue;\n");
    return;
  default:
    pto_ice("statement kind %d as a MIR statement", (int)s->kind);
  }
}

static void
print_node(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n, int depth)
{
  if (n->note) {
    indent(b, depth);
    pto_buf_printf(b, "/* %d: %s */\n", n->loc.line, n->note);
  }
  if (n->kind == PTO_MIR_SCALAR) {
    print_text(b, n->text, depth);
    return;
  }
  indent(b, depth);
  switch (n->kind) {
  case PTO_MIR_STMT:
    print_stmt(b, k, n->stmt);
    return;
  case PTO_MIR_FOR:
    print_for(b, k, n, depth);
    return;
  case PTO_MIR_WHILE:
  case PTO_MIR_IF:
    pto_buf_puts(b, n->kind == PTO_MIR_IF ? "if (" : "while (");
    pto_cce_expr(b, k, n->stmt->cond);
    pto_buf_puts(b, ") {\n");
    print_block(b, k, &n->body, depth + 1);
    indent(b, depth);
    if (n->els.n) {
      pto_buf_puts(b, "} else {\n");
      print_block(b, k, &n->els, depth + 1);
      indent(b, depth);
    }
    pto_buf_puts(b, "}\n");
    return;
  case PTO_MIR_DMA:
    print_dma(b, k, n, depth);
    return;
  case PTO_MIR_VEC:
    print_vec(b, k, n);
    return;
  case PTO_MIR_MASK:
    if (n->mask_mode == 1)
      pto_buf_puts(b, "set_mask_norm();\n");
    else if (n->mask_mode == 2)
      pto_buf_puts(b, "set_mask_count();\n");
    else
      pto_buf_printf(b, "set_vector_mask(0x%llxull, 0x%llxull);\n",
                     (unsigned long long)n->hi, (unsigned long long)n->lo);
    return;
  case PTO_MIR_SYNC:
    if (n->sync == PTO_SYNC_BARRIER)
      pto_buf_printf(b, "pipe_barrier(%s);\n", pto_pipe_name(n->from));
    else if (n->pp_var)
      pto_buf_printf(b, "%s(%s, %s, (event_t)(%d + %s));\n",
                     n->sync == PTO_SYNC_SET ? "set_flag" : "wait_flag",
                     pto_pipe_name(n->from), pto_pipe_name(n->to), n->event,
                     n->pp_var);
    else
      pto_buf_printf(b, "%s(%s, %s, EVENT_ID%d);\n",
                     n->sync == PTO_SYNC_SET ? "set_flag" : "wait_flag",
                     pto_pipe_name(n->from), pto_pipe_name(n->to), n->event);
    return;
  case PTO_MIR_COMMENT:
    pto_buf_printf(b, "/* %s */\n", n->text);
    return;
  case PTO_MIR_TILE:
    pto_assert(k->print_tile);
    k->print_tile(b, k, n, depth);
    return;
  case PTO_MIR_XSYNC:
    /* config = GetffstMsg(2, id) = 0x1 + (2 << 4) + (id << 8)
       (asc-devkit HEAD:impl/basic_api/dav_c220/
       kernel_operator_sync_impl.h).  */
    if (n->sync == PTO_SYNC_SET)
      pto_buf_printf(b, "ffts_cross_core_sync(%s, 0x%xull);\n", n->op,
                     0x21u + ((unsigned)n->event << 8));
    else
      pto_buf_printf(b, "wait_flag_dev(%d);\n", n->event);
    return;
  default:
    return;
  }
}

static void
print_block(pto_buf *b, const pto_mir_kernel *k, const pto_mir_block *blk, int depth)
{
  for (int i = 0; i < blk->n; i++)
    print_node(b, k, blk->items[i], depth);
}

/* ------------------------------------------------------------------ */
/* Kernels and the translation unit                                    */
/* ------------------------------------------------------------------ */

static void
print_params(pto_buf *b, const pto_func *f, bool types, bool restrict_)
{
  for (int i = 0; i < f->nparams; i++) {
    const pto_var *v = f->params[i];
    if (i)
      pto_buf_puts(b, ", ");
    if (types) {
      print_ctype(b, v->type);
      pto_buf_puts(b, v->type->kind == PTO_TY_PTR && !restrict_ ? "" : " ");
      if (v->type->kind == PTO_TY_PTR && restrict_)
        pto_buf_puts(b, "__restrict__ ");
    }
    pto_cce_name(b, v);
  }
}

static void
print_plan(pto_buf *b, const pto_mir_kernel *k)
{
  pto_buf_printf(b,
                 "/* kernel %s: UB plan for %s (%lld bytes usable): "
                 "peak %lld bytes, tiles %lld bytes\n",
                 k->func->name, k->arch->name, (long long)k->arch->ub,
                 (long long)k->peak, (long long)k->tile_bytes);
  for (int i = 0; i < k->nbufs; i++) {
    const pto_mir_buffer *buf = &k->bufs[i];
    pto_buf_printf(b, "     %-16s [%6lld, %6lld)  %6lld bytes\n", buf->name,
                   (long long)buf->offset,
                   (long long)(buf->offset + buf->size), (long long)buf->size);
  }
  pto_buf_printf(b,
                 "   counts: vector %lld (min %lld), repeats %lld (min %lld), "
                 "DMA %lld (min %lld), bursts %lld (min %lld), scalar elements "
                 "%lld\n */\n",
                 (long long)k->count.vec, (long long)k->count.vec_min,
                 (long long)k->count.reps, (long long)k->count.reps_min,
                 (long long)k->count.dma, (long long)k->count.dma_min,
                 (long long)k->count.bursts, (long long)k->count.bursts_min,
                 (long long)k->count.scalar_elems);
}

void
pto_cce_kernel(pto_buf *b, const pto_mir_kernel *k)
{
  const pto_func *f = k->func;
  print_plan(b, k);
  pto_buf_printf(b, "PTO_CCE_EXTERN_C __global__ __aicore__ void %s(",
                 f->name);
  print_params(b, f, true, true);
  pto_buf_puts(b, ")\n{\n");
  pto_buf_puts(b, "  set_mask_norm();\n"
                  "  set_vector_mask(0xffffffffffffffffull, "
                  "0xffffffffffffffffull);\n");
  print_block(b, k, &k->body, 1);
  pto_buf_puts(b, "}\n\n");
  /* Host simulation entry.  */
  pto_buf_printf(b, "#ifdef __CCE_KT_TEST__\n"
                    "PTO_CCE_EXTERN_C void %s__sim(void *const *args);\n"
                    "PTO_CCE_EXTERN_C void %s__sim(void *const *args)\n{\n",
                 f->name, f->name);
  if (!f->nparams)
    pto_buf_puts(b, "  (void)args;\n");
  pto_buf_printf(b, "  %s(", f->name);
  for (int i = 0; i < f->nparams; i++) {
    pto_buf ty = { 0 };
    print_ctype(&ty, f->params[i]->type);
    pto_buf_printf(b, "%s*(%s *)args[%d]", i ? ", " : "", ty.s, i);
    pto_buf_free(&ty);
  }
  pto_buf_puts(b, ");\n}\n#elif !defined(PTO_CCE_NO_LAUNCHER)\n");
  pto_buf_printf(b, "extern \"C\" void %s_launch(uint32_t blocks, void *stream",
                 f->name);
  for (int i = 0; i < f->nparams; i++) {
    pto_buf_puts(b, ", ");
    print_ctype(b, f->params[i]->type);
    pto_buf_puts(b, " ");
    pto_cce_name(b, f->params[i]);
  }
  pto_buf_printf(b, ")\n{\n  %s<<<blocks, nullptr, stream>>>(", f->name);
  print_params(b, f, false, false);
  pto_buf_puts(b, ");\n}\n#endif\n\n");
}

static const char prelude[] =
  "#ifdef __CCE_KT_TEST__\n"
  "#include \"cce_sim.h\"\n"
  "#else\n"
  "#define PTO_UB_LOAD(p) (*(p))\n"
  "#define PTO_UB_STORE(p, v) (*(p) = (v))\n"
  "#define PTO_ROW_STRIDE(op, rs, rows, cols) ((void)0)\n"
  "#endif\n"
  "#include <stdint.h>\n"
  "\n"
  "#ifdef __cplusplus\n"
  "#define PTO_CCE_EXTERN_C extern \"C\"\n"
  "#else\n"
  "#define PTO_CCE_EXTERN_C\n"
  "#endif\n"
  "\n"
  "/* Python-style integer division and modulo of the IR.  */\n"
  "__aicore__ static inline int64_t pto_cce_floordiv(int64_t a, int64_t b)\n"
  "{\n"
  "  int64_t q = a / b;\n"
  "  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;\n"
  "}\n"
  "__aicore__ static inline int64_t pto_cce_floormod(int64_t a, int64_t b)\n"
  "{\n"
  "  int64_t r = a % b;\n"
  "  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;\n"
  "}\n"
  "\n";

/* floorf and ceilf for the scalar unit, which has no instruction for
   them (the vendor's scalar math is sqrt and abs, doc/cce.md): through
   C's conversion to int32, exact where it is defined, |x| < 2^23 (every
   float beyond is integral already, as are inf and NaN: x itself); a
   zero result takes x's sign as the C library's does (x * 0).  Written
   into the file only when a kernel uses them, each function marked with
   the back end's qualifier (the two %s).  */
static const char floor_ceil_fmt[] =
  "/* floorf and ceilf of the scalar unit (C's results, signed zeros "
  "included).  */\n"
  "%s static inline float pto_cce_floorf(float x)\n"
  "{\n"
  "  int small = x > -8388608.0f && x < 8388608.0f;\n"
  "  float t = (float)(int32_t)(small ? x : 0.0f);\n"
  "  t = t > x ? t - 1.0f : t;\n"
  "  return !small ? x : t == 0.0f ? x * 0.0f : t;\n"
  "}\n"
  "%s static inline float pto_cce_ceilf(float x)\n"
  "{\n"
  "  int small = x > -8388608.0f && x < 8388608.0f;\n"
  "  float t = (float)(int32_t)(small ? x : 0.0f);\n"
  "  t = t < x ? t + 1.0f : t;\n"
  "  return !small ? x : t == 0.0f ? x * 0.0f : t;\n"
  "}\n"
  "\n";

/* What the scalar math of a kernel needs: bit 0 floor or ceil (the
   helpers above); diagnoses (a sorry at the call) what the back end
   cannot do: the double forms; exp and log when the back end has no
   lowering for them (VEC_EXP false), or one that is evaluated only
   under a condition (an arm of ?:, the right operand of && or ||),
   since the CCE back end computes exp and log on the vector unit ahead
   of the statement that uses them (isel.c, lower_scalar_math).  */
typedef struct math_use {
  pto_diag *d;
  unsigned need;
  bool vec_exp;
} math_use;

static void
math_expr(math_use *m, const pto_expr *e, bool guarded)
{
  if (!e)
    return;
  if (e->kind == PTO_E_UN && pto_unop_is_math(e->u.unop)) {
    const char *fn = pto_unop_name(e->u.unop);
    bool el = e->u.unop == PTO_UN_EXP || e->u.unop == PTO_UN_LOG;
    if (e->type->dtype != PTO_DT_F32)
      pto_sorry(m->d, e->loc, "'%s' of a double: the CCE back end lowers "
                "the float forms only; call '%sf'", fn, fn);
    else if (el && !m->vec_exp)
      pto_sorry(m->d, e->loc, "'%sf' of a scalar: the AI core's scalar "
                "unit has no %s (the vendor has it only as the vector "
                "instruction %s); put the value in a tile and use "
                "'pto_%s'", fn, fn,
                e->u.unop == PTO_UN_EXP ? "vexp" : "vln", fn);
    else if (el && guarded)
      pto_sorry(m->d, e->loc, "'%sf' of a scalar under a condition: the "
                "CCE back end computes it on the vector unit before the "
                "statement; compute it in a statement of its own", fn);
    else if (e->u.unop == PTO_UN_FLOOR || e->u.unop == PTO_UN_CEIL)
      m->need |= 1;
  }
  bool lazy = e->kind == PTO_E_BIN && (e->u.binop == PTO_BIN_LAND
                                       || e->u.binop == PTO_BIN_LOR);
  math_expr(m, e->a, guarded);
  math_expr(m, e->b, guarded || lazy || e->kind == PTO_E_SELECT);
  math_expr(m, e->c, guarded || e->kind == PTO_E_SELECT);
  for (int i = 0; i < e->nargs; i++)
    math_expr(m, e->args[i], guarded);
}

static void
math_slot(pto_expr **slot, void *ctx)
{
  math_expr((math_use *)ctx, *slot, false);
}

static void
math_stmt(pto_stmt *s, void *ctx)
{
  pto_stmt_exprs(s, math_slot, ctx);
}

int
pto_cce_scalar_math(const pto_program *p, pto_diag *d, const char *qual,
                    bool vec_exp, pto_buf *out)
{
  math_use m = { d, 0, vec_exp };
  int before = d->errors;
  for (int i = 0; i < p->nfuncs; i++)
    if (!p->funcs[i]->dead && p->funcs[i]->kind == PTO_FN_KERNEL)
      pto_walk_stmts(p->funcs[i], math_stmt, &m);
  if (m.need & 1)
    pto_buf_printf(out, floor_ceil_fmt, qual, qual);
  return d->errors - before;
}

/* ------------------------------------------------------------------ */
/* dav-c220 mix kernels                                                */
/* ------------------------------------------------------------------ */

/* The function of a mix kernel: F's parameters, then the workspace
   pointer of each channel.  */
static pto_func *
mix_func(const pto_program *p, const pto_func *f, const pto_split *sp)
{
  pto_func *m = pto_arena_alloc(p->arena, sizeof *m);
  *m = *f;
  m->nparams = f->nparams + sp->nchan;
  m->params = pto_arena_alloc(p->arena,
                              ((size_t)m->nparams + 1) * sizeof *m->params);
  for (int i = 0; i < f->nparams; i++)
    m->params[i] = f->params[i];
  for (int i = 0; i < sp->nchan; i++)
    m->params[f->nparams + i] = sp->chan_ws[i];
  return m;
}

/* One part of a mix kernel's entry: the host function NAME__SUFFIX
   under __CCE_KT_TEST__, the device kernel under MACRO.  */
static void
print_mix_head(pto_buf *b, const pto_func *f, const pto_func *m,
               const char *suffix, const char *macro)
{
  pto_buf_printf(b, "#if defined(__CCE_KT_TEST__)\nstatic void %s__%s(",
                 f->name, suffix);
  print_params(b, m, true, true);
  pto_buf_printf(b, ")\n#elif defined(%s)\n"
                    "PTO_CCE_EXTERN_C __global__ __mix__(1, 2) void %s(",
                 macro, f->name);
  print_params(b, m, true, true);
  pto_buf_printf(b, ")\n#endif\n#if defined(__CCE_KT_TEST__) || defined(%s)\n"
                    "{\n", macro);
  /* Each core reads some of the parameters only.  */
  for (int i = 0; i < m->nparams; i++) {
    pto_buf_puts(b, i ? " (void)" : "  (void)");
    pto_cce_name(b, m->params[i]);
    pto_buf_puts(b, i + 1 < m->nparams ? ";" : ";\n");
  }
}

/* The host entry NAME__sim_SUFFIX(args, ws) of one core.  */
static void
print_mix_sim(pto_buf *b, const pto_func *f, const pto_split *sp,
              const char *suffix)
{
  pto_buf_printf(b, "PTO_CCE_EXTERN_C void %s__sim_%s(void *const *args, "
                    "void *ws);\n"
                    "PTO_CCE_EXTERN_C void %s__sim_%s(void *const *args, "
                    "void *ws)\n{\n",
                 f->name, suffix, f->name, suffix);
  if (!f->nparams)
    pto_buf_puts(b, "  (void)args;\n");
  if (!sp->nchan)
    pto_buf_puts(b, "  (void)ws;\n");
  pto_buf_printf(b, "  %s__%s(", f->name, suffix);
  for (int i = 0; i < f->nparams; i++) {
    pto_buf ty = { 0 };
    print_ctype(&ty, f->params[i]->type);
    pto_buf_printf(b, "%s*(%s *)args[%d]", i ? ", " : "", ty.s, i);
    pto_buf_free(&ty);
  }
  for (int i = 0; i < sp->nchan; i++) {
    pto_buf_puts(b, i || f->nparams ? ", (" : "(");
    print_ctype(b, sp->chan_ws[i]->type);
    pto_buf_printf(b, ")((uint8_t *)ws + %lld)", (long long)sp->chan_off[i]);
  }
  pto_buf_puts(b, ");\n}\n");
}

static void
print_mix(pto_buf *b, const pto_mir_kernel *part, const pto_func *f,
          const pto_split *sp)
{
  const pto_func *m = part[0].func;
  pto_buf_printf(b, "/* kernel %s: a mix kernel of %s (backend/cce/split.c): "
                    "the cube core\n   (AIC) runs its matmuls, vector core "
                    "AIV0 its vector work, AIV1 the flags\n   only; "
                    "workspace %lld bytes per block (PTO_CCE_MIX_%s), "
                    "one slot per hand-off:\n",
                 f->name, part[0].arch->name, (long long)sp->ws_bytes,
                 f->name);
  for (int i = 0; i < sp->nchan; i++)
    pto_buf_printf(b, "     flag %2d  %-16s %s at byte %lld\n", i,
                   sp->chan_tile[i]->name,
                   sp->chan_to_aiv[i] ? "AIC -> AIV" : "AIV -> AIC",
                   (long long)sp->chan_off[i]);
  pto_buf_puts(b, " */\n");
  print_plan(b, &part[1]);
  pto_buf_printf(b, "#if defined(__CCE_KT_TEST__)\n#define PTO_CCE_MIX_%s "
                    "%lld\n#endif\n",
                 f->name, (long long)sp->ws_bytes);
  print_mix_head(b, f, m, "aic", "__DAV_CUBE__");
  print_block(b, &part[0], &part[0].body, 1);
  pto_buf_puts(b, "}\n#endif\n");
  print_mix_head(b, f, m, "aiv", "__DAV_VEC__");
  pto_buf_puts(b, "  set_mask_norm();\n"
                  "  set_vector_mask(0xffffffffffffffffull, "
                  "0xffffffffffffffffull);\n"
                  "  if (get_subblockid() == 0) {\n");
  print_block(b, &part[1], &part[1].body, 2);
  pto_buf_puts(b, "  } else {\n");
  print_block(b, &part[2], &part[2].body, 2);
  pto_buf_puts(b, "  }\n}\n#endif\n\n#ifdef __CCE_KT_TEST__\n");
  pto_buf_printf(b, "PTO_CCE_EXTERN_C const long long %s__sim_ws;\n"
                    "PTO_CCE_EXTERN_C const long long %s__sim_ws = %lld;\n",
                 f->name, f->name, (long long)sp->ws_bytes);
  print_mix_sim(b, f, sp, "aic");
  print_mix_sim(b, f, sp, "aiv");
  pto_buf_printf(b, "#elif !defined(PTO_CCE_NO_LAUNCHER)\n"
                    "/* WORKSPACE: BLOCKS * %lld bytes of GM.  */\n"
                    "extern \"C\" void %s_launch(uint32_t blocks, "
                    "void *stream",
                 (long long)sp->ws_bytes, f->name);
  for (int i = 0; i < f->nparams; i++) {
    pto_buf_puts(b, ", ");
    print_ctype(b, f->params[i]->type);
    pto_buf_puts(b, " ");
    pto_cce_name(b, f->params[i]);
  }
  pto_buf_printf(b, ", __gm__ uint8_t *workspace)\n{\n%s"
                    "  %s<<<blocks, nullptr, stream>>>(",
                 sp->nchan ? "" : "  (void)workspace;\n", f->name);
  print_params(b, f, false, false);
  for (int i = 0; i < sp->nchan; i++) {
    pto_buf_puts(b, i || f->nparams ? ", (" : "(");
    print_ctype(b, sp->chan_ws[i]->type);
    pto_buf_printf(b, ")(workspace + %lld)", (long long)sp->chan_off[i]);
  }
  pto_buf_puts(b, ");\n}\n#endif\n\n");
}

/* Split kernel K (its source MIR built) between the cores, lower the
   three parts and append the mix kernel; 0 on success.  */
static int
emit_mix_kernel(pto_mir_kernel *k, pto_diag *d, long *drop, pto_buf *out,
                pto_buf *report, const pto_options *o)
{
  pto_split sp;
  int errs = pto_split_kernel(k, d, &sp);
  if (errs) {
    pto_split_free(&sp);
    return errs;
  }
  const pto_func *m = mix_func(k->prog, k->func, &sp);
  pto_mir_block *src[3] = { &sp.aic, &sp.aiv, &sp.idle };
  pto_mir_kernel part[3];
  memset(part, 0, sizeof part);
  for (int i = 0; i < 3; i++) {
    part[i].prog = k->prog;
    part[i].func = m;
    part[i].arch = k->arch;
    part[i].src = *src[i];
    memset(src[i], 0, sizeof *src[i]);
    part[i].double_buffer = k->double_buffer;
    part[i].cube_dbuf = k->cube_dbuf;
    part[i].cube_zero_mad = k->cube_zero_mad;
  }
  for (int i = 0; i < 3 && !errs; i++) {
    errs += pto_memplan(&part[i], d);
    if (!errs)
      errs += pto_isel(&part[i], d);
  }
  if (!errs) {
    for (int i = 0; i < 3; i++) {
      part[i].drop_sync = *drop;
      pto_sync_insert(&part[i], d);
      if (*drop > 0)
        *drop = *drop > part[i].nsync ? *drop - part[i].nsync : -1;
    }
    print_mix(out, part, k->func, &sp);
    /* The report: each core's part as a kernel of its own.  */
    static const char *const core[3] = { "aic", "aiv0", "aiv1" };
    for (int i = 0; report && i < 3; i++) {
      pto_func rf = *part[i].func;
      rf.name = pto_arena_printf(k->prog->arena, "%s/%s", k->func->name,
                                 core[i]);
      pto_mir_kernel r = part[i];
      r.func = &rf;
      pto_report_kernel(report, &r, pto_report_is_json(o->report),
                        !report->len);
    }
  }
  for (int i = 0; i < 3; i++)
    pto_mir_kernel_free(&part[i]);
  return errs;
}

/* Lower one kernel and append its text, and its report to REPORT
   (option report; NULL: none); 0 on success.  */
static int
emit_kernel(const pto_program *p, const pto_func *f, const pto_arch *arch,
            const pto_options *o, pto_diag *d, long *drop, pto_buf *out,
            pto_buf *report)
{
  pto_mir_kernel k = { 0 };
  k.prog = p;
  k.func = f;
  k.arch = arch;
  /* The source MIR, from the kernel's linear form
     (backend/cce/isel-linear.c).  */
  if (pto_isel_linear_src(&k, d)) {
    pto_mir_kernel_free(&k);
    return 1;
  }
  k.double_buffer = o ? o->double_buffer : true;
  k.cube_dbuf = true;
  k.cube_zero_mad = true;
  k.drop_sync = *drop;
  if (pto_split_wanted(&k)) {
    int errs = emit_mix_kernel(&k, d, drop, out, report ? report : NULL,
                               o);
    pto_mir_kernel_free(&k);
    return errs;
  }
  int errs = pto_memplan(&k, d);
  if (!errs)
    errs = pto_isel(&k, d);
  if (!errs) {
    pto_sync_insert(&k, d);
    pto_cce_kernel(out, &k);
    if (report)
      pto_report_kernel(report, &k, pto_report_is_json(o->report),
                        !report->len);
    if (*drop > 0)
      *drop = *drop > k.nsync ? *drop - k.nsync : -1;
  }
  pto_mir_kernel_free(&k);
  return errs;
}

/* FILE without its directories (the output must not depend on where the
   source was).  */
static const char *
base_name(const char *file)
{
  if (!file || !*file)
    return "<unknown>";
  const char *slash = strrchr(file, '/');
  return slash ? slash + 1 : file;
}

int
pto_emit_cce(const pto_program *p, const pto_options *o, pto_diag *d,
             pto_buf *out)
{
  const pto_arch *arch = pto_arch_lookup(o ? o->arch : NULL);
  if (!arch) {
    pto_error(d, pto_noloc, "unknown arch '%s' (known: %s)", o->arch,
              pto_arch_names());
    return 1;
  }
  const char *env = getenv("PTO_EMIT_DROP_SYNC");
  long drop = env ? strtol(env, NULL, 10) : 0;
  const char *file = NULL;
  for (int i = 0; i < p->nfuncs && !file; i++)
    if (!p->funcs[i]->dead)
      file = p->funcs[i]->loc.file;
  pto_buf_printf(out, "/* Generated by pto-gcc from %s for %s: do not edit.\n"
                      "   Device: ccec/bisheng.  Host simulation: gcc -std=gnu11 "
                      "-D__CCE_KT_TEST__\n"
                      "   -fno-delete-null-pointer-checks -I<runtime> -x c "
                      "FILE.cce -lpto-rt -lm  */\n\n",
                 base_name(file), arch->name);
  pto_buf_puts(out, prelude);
  int errs = pto_cce_scalar_math(p, d, "__aicore__", true, out);
  pto_buf report = { 0 };
  bool want_report = o && o->report;
  for (int i = 0; i < p->nfuncs; i++) {
    const pto_func *f = p->funcs[i];
    if (f->dead || f->kind != PTO_FN_KERNEL)
      continue;
    errs += emit_kernel(p, f, arch, o, d, &drop, out,
                        want_report ? &report : NULL);
  }
  if (want_report && !errs && !d->errors)
    errs += pto_report_write(o->report, &report, d);
  pto_buf_free(&report);
  return errs || d->errors ? 1 : 0;
}

void
pto_cce_block(pto_buf *b, const pto_mir_kernel *k, const pto_mir_block *blk,
              int depth)
{
  print_block(b, k, blk, depth);
}

void
pto_cce_ctype(pto_buf *b, const pto_type *t)
{
  print_ctype(b, t);
}

void
pto_cce_params(pto_buf *b, const pto_func *f, bool types)
{
  print_params(b, f, types, false);
}

void
pto_cce_indent(pto_buf *b, int depth)
{
  indent(b, depth);
}
