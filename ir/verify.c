/* verify.c - typing rules of the IR and the structural verifier.

   One set of typing rules serves three clients:
     pto_check_expr      one expression node against its operands (the
                         parser calls it on every node it builds; the
                         verifier on every node it visits);
     pto_check_op_call   one intrinsic call against its row of
                         runtime/pto-ops.def (operand kinds here, the
                         typing rules in op-check.c, which the GCC
                         front end calls too);
     pto_check_lvalue    whether an expression may be assigned.
   Each reports through a pto_diag at the node's location and returns
   false on a violation.

   pto_verify walks a whole program and re-checks every invariant a pass
   must keep (ir.h, "Verifier"): node types, scoping and uniqueness of
   variables, lvalues, loop headers, break/continue placement, calls and
   attributes.  Its messages start with "verify: " so that a broken IR
   invariant is told apart from a user error.  */

#include "ir/ir.h"
#include "ir/strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>


/* ------------------------------------------------------------------ */
/* Small helpers                                                      */
/* ------------------------------------------------------------------ */

/* The text of T in OUT (truncated to OUT's 128 bytes).  */
typedef struct tytext {
  char s[128];
} tytext;

static tytext
tyname(const pto_type *t)
{
  tytext r;
  if (!t) {
    snprintf(r.s, sizeof r.s, "<null>");
    return r;
  }
  pto_buf b = {0};
  pto_type_print(&b, t);
  snprintf(r.s, sizeof r.s, "%s", b.s ? b.s : "");
  pto_buf_free(&b);
  return r;
}

static bool
is_scalar(const pto_type *t)
{
  return t && t->kind == PTO_TY_SCALAR;
}

static bool
is_int(const pto_type *t)
{
  return is_scalar(t) && pto_dtype_is_int(t->dtype);
}

static bool
is_bool(const pto_type *t)
{
  return is_scalar(t) && t->dtype == PTO_DT_BOOL;
}

static bool
is_number(const pto_type *t)
{
  return is_scalar(t) && t->dtype != PTO_DT_BOOL;
}

static bool
is_ptr(const pto_type *t)
{
  return t && t->kind == PTO_TY_PTR;
}

static bool
is_tile(const pto_type *t)
{
  return t && t->kind == PTO_TY_TILE;
}

/* True if T is the scalar type DT (compared structurally: the checks
   have no program at hand to find the interned copy).  */
static bool
is_dtype(const pto_type *t, pto_dtype dt)
{
  return is_scalar(t) && t->dtype == dt;
}

/* ------------------------------------------------------------------ */
/* Literals, variables, operators                                     */
/* ------------------------------------------------------------------ */

/* True if V is a value of integer or bool type DT.  U64 takes any bit
   pattern (the printer shows it unsigned).  */
static bool
int_fits(int64_t v, pto_dtype dt)
{
  if (dt == PTO_DT_BOOL)
    return v == 0 || v == 1;
  int bits = pto_dtype_bits(dt);
  if (bits == 64)
    return dt == PTO_DT_U64 || pto_dtype_is_signed(dt) || v >= 0;
  if (pto_dtype_is_signed(dt))
    return v >= -(INT64_C(1) << (bits - 1)) && v < (INT64_C(1) << (bits - 1));
  return v >= 0 && v < (INT64_C(1) << bits);
}

static bool
check_literal(const pto_expr *e, pto_diag *d)
{
  if (e->kind == PTO_E_FLOAT) {
    if (is_scalar(e->type) && pto_dtype_is_float(e->type->dtype))
      return true;
    pto_error(d, e->loc, "float constant has type '%s'", tyname(e->type).s);
    return false;
  }
  if (!is_scalar(e->type) || pto_dtype_is_float(e->type->dtype)) {
    pto_error(d, e->loc, "integer constant has type '%s'", tyname(e->type).s);
    return false;
  }
  if (!int_fits(e->u.ival, e->type->dtype)) {
    pto_error(d, e->loc, "integer constant %lld out of range for type '%s'",
              (long long)e->u.ival, tyname(e->type).s);
    return false;
  }
  return true;
}

/* Compare the type E has with the type WANT its operands give it.  */
static bool
check_result(const pto_expr *e, const pto_type *want, const char *what,
             pto_diag *d)
{
  if (e->type == want)
    return true;
  pto_error(d, e->loc, "%s has type '%s', expected '%s'", what,
            tyname(e->type).s, tyname(want).s);
  return false;
}

/* Pointer arithmetic: "p + n", "p - n" (a pointer) and "p - q" (i64).  */
static bool
check_ptr_arith(const pto_expr *e, pto_diag *d)
{
  const pto_type *a = e->a->type, *b = e->b->type;
  const char *op = pto_binop_name(e->u.binop);
  if (is_ptr(a) && is_int(b))
    return check_result(e, a, "pointer arithmetic", d);
  if (e->u.binop == PTO_BIN_SUB && a == b) {
    if (is_dtype(e->type, PTO_DT_I64))
      return true;
    pto_error(d, e->loc, "pointer difference has type '%s', expected 'i64'",
              tyname(e->type).s);
    return false;
  }
  pto_error(d, e->loc, "invalid operands of '%s': '%s' and '%s'", op,
            tyname(a).s, tyname(b).s);
  return false;
}

/* The operand rule of binary class CLS for operand type T.  */
static bool
class_accepts(char cls, const pto_type *t)
{
  switch (cls) {
  case 'A': return is_number(t);
  case 'I': return is_int(t);
  case 'L': return is_bool(t);
  default: return is_scalar(t) || is_ptr(t);   /* 'C' */
  }
}

static bool
check_binary(const pto_expr *e, pto_diag *d)
{
  const pto_type *a = e->a->type, *b = e->b->type;
  const char *op = pto_binop_name(e->u.binop);
  char cls = pto_binop_class(e->u.binop);
  static const char *const need[] = {['A'] = "numbers", ['I'] = "integers",
                                     ['L'] = "bool", ['C'] = "scalars"};
  if (cls == 'A' && (is_ptr(a) || is_ptr(b))
      && (e->u.binop == PTO_BIN_ADD || e->u.binop == PTO_BIN_SUB))
    return check_ptr_arith(e, d);
  if (a != b) {
    pto_error(d, e->loc, "operands of '%s' have different types '%s' and '%s'",
              op, tyname(a).s, tyname(b).s);
    return false;
  }
  if (!class_accepts(cls, a)) {
    pto_error(d, e->loc, "operands of '%s' must be %s, found '%s'", op,
              need[(int)cls], tyname(a).s);
    return false;
  }
  if (cls == 'C' || cls == 'L') {
    if (is_bool(e->type))
      return true;
    pto_error(d, e->loc, "result of '%s' has type '%s', expected 'bool'", op,
              tyname(e->type).s);
    return false;
  }
  return check_result(e, a, "result of the operation", d);
}

/* True if E designates storage: a variable, "*p", "p[i]", "t[i][j]" of
   an lvalue tile, "r.N" of an lvalue tuple.  */
static bool
is_lvalue(const pto_expr *e)
{
  switch (e->kind) {
  case PTO_E_VAR:
    return true;
  case PTO_E_UN:
    return e->u.unop == PTO_UN_DEREF;
  case PTO_E_INDEX:
    return is_ptr(e->a->type) || is_lvalue(e->a);
  case PTO_E_GETITEM:
    return is_lvalue(e->a);
  default:
    return false;
  }
}

/* The pointer E is stored through ("*p", "p[i]"), or NULL.  */
static const pto_type *
store_pointer(const pto_expr *e)
{
  if ((e->kind == PTO_E_UN && e->u.unop == PTO_UN_DEREF)
      || (e->kind == PTO_E_INDEX && is_ptr(e->a->type)))
    return e->a->type;
  if (e->kind == PTO_E_INDEX || e->kind == PTO_E_GETITEM)
    return store_pointer(e->a);
  return NULL;
}

bool
pto_check_lvalue(const pto_expr *e, pto_diag *d)
{
  if (!is_lvalue(e)) {
    pto_error(d, e->loc, "expression is not assignable");
    return false;
  }
  const pto_type *p = store_pointer(e);
  if (p && p->is_const) {
    pto_error(d, e->loc, "assignment through a pointer to const ('%s')",
              tyname(p).s);
    return false;
  }
  return true;
}

static bool
check_cast(const pto_expr *e, pto_diag *d)
{
  const pto_type *from = e->a->type, *to = e->type;
  if ((is_scalar(from) && is_scalar(to)) || (is_ptr(from) && is_ptr(to)))
    return true;
  pto_error(d, e->loc, "invalid cast from '%s' to '%s'", tyname(from).s,
            tyname(to).s);
  return false;
}

/* The unary rules; E's result must be what pto_e_un would compute.  */
static bool
check_unary(const pto_expr *e, pto_diag *d)
{
  const pto_type *a = e->a->type;
  const char *op = pto_unop_name(e->u.unop);
  switch (e->u.unop) {
  case PTO_UN_CAST:
    return check_cast(e, d);
  case PTO_UN_NOT:
    if (!is_bool(a))
      break;
    return check_result(e, a, "result of '!'", d);
  case PTO_UN_BNOT:
    if (!is_int(a))
      break;
    return check_result(e, a, "result of '~'", d);
  case PTO_UN_NEG:
  case PTO_UN_ABS:
    if (!is_number(a))
      break;
    return check_result(e, a, "result of the operation", d);
  case PTO_UN_ADDR:
    if (!is_lvalue(e->a)) {
      pto_error(d, e->loc, "cannot take the address of a non-lvalue");
      return false;
    }
    if (is_ptr(e->type) && e->type->pointee == a && !e->type->is_const)
      return true;
    pto_error(d, e->loc, "'&' has type '%s', expected a pointer to '%s'",
              tyname(e->type).s, tyname(a).s);
    return false;
  case PTO_UN_DEREF:
    if (!is_ptr(a))
      break;
    return check_result(e, a->pointee, "dereference", d);
  case PTO_UN_SQRT:
  case PTO_UN_EXP:
  case PTO_UN_LOG:
  case PTO_UN_FLOOR:
  case PTO_UN_CEIL:
    /* The C library's float and double forms only.  */
    if (!is_scalar(a)
        || (a->dtype != PTO_DT_F32 && a->dtype != PTO_DT_F64))
      break;
    return check_result(e, a, "result of the operation", d);
  default:
    break;
  }
  pto_error(d, e->loc, "invalid operand of '%s': '%s'", op, tyname(a).s);
  return false;
}

static bool
check_select(const pto_expr *e, pto_diag *d)
{
  if (!is_bool(e->a->type)) {
    pto_error(d, e->loc, "condition of '?:' has type '%s', expected 'bool'",
              tyname(e->a->type).s);
    return false;
  }
  if (e->b->type != e->c->type) {
    pto_error(d, e->loc, "arms of '?:' have different types '%s' and '%s'",
              tyname(e->b->type).s, tyname(e->c->type).s);
    return false;
  }
  return check_result(e, e->b->type, "'?:'", d);
}

/* ------------------------------------------------------------------ */
/* Index, tuples, calls                                               */
/* ------------------------------------------------------------------ */

static bool
check_index(const pto_expr *e, pto_diag *d)
{
  const pto_type *bt = e->a->type;
  int want = is_ptr(bt) ? 1 : is_tile(bt) ? 2 : 0;
  if (want == 0) {
    pto_error(d, e->loc, "subscripted value has type '%s', expected a "
              "pointer or a tile", tyname(bt).s);
    return false;
  }
  if (e->nargs != want) {
    pto_error(d, e->loc, "'%s' takes %d index%s, found %d", tyname(bt).s, want,
              want == 1 ? "" : "es", e->nargs);
    return false;
  }
  for (int i = 0; i < e->nargs; i++)
    if (!is_int(e->args[i]->type)) {
      pto_error(d, e->args[i]->loc, "index has type '%s', expected an integer",
                tyname(e->args[i]->type).s);
      return false;
    }
  if (is_ptr(bt))
    return check_result(e, bt->pointee, "element", d);
  if (is_dtype(e->type, bt->dtype))
    return true;
  pto_error(d, e->loc, "tile element has type '%s', expected '%s'",
            tyname(e->type).s, pto_dtype_name(bt->dtype));
  return false;
}

static bool
check_tuple(const pto_expr *e, pto_diag *d)
{
  const pto_type *t = e->type;
  bool ok = t && t->kind == PTO_TY_TUPLE && t->nelems == e->nargs;
  for (int i = 0; ok && i < e->nargs; i++)
    ok = t->elems[i] == e->args[i]->type;
  if (!ok)
    pto_error(d, e->loc, "tuple has type '%s', which does not match its "
              "elements", tyname(t).s);
  return ok;
}

static bool
check_getitem(const pto_expr *e, pto_diag *d)
{
  const pto_type *t = e->a->type;
  if (!t || t->kind != PTO_TY_TUPLE) {
    pto_error(d, e->loc, "'.%d' applied to type '%s', expected a tuple",
              e->u.index, tyname(t).s);
    return false;
  }
  if (e->u.index < 0 || e->u.index >= t->nelems) {
    pto_error(d, e->loc, "tuple index %d out of range for '%s'", e->u.index,
              tyname(t).s);
    return false;
  }
  return check_result(e, t->elems[e->u.index], "tuple element", d);
}

/* A call to a function of P: it exists, arity, argument and result
   types match its signature exactly.  */
static bool
check_func_call(const pto_program *p, const pto_expr *e, pto_diag *d)
{
  const pto_func *f = pto_func_lookup(p, e->fname);
  if (!f) {
    pto_error(d, e->loc, "call to undefined function '%s'", e->fname);
    return false;
  }
  if (e->nargs != f->nparams) {
    pto_error(d, e->loc, "function '%s' takes %d argument%s, found %d",
              e->fname, f->nparams, f->nparams == 1 ? "" : "s", e->nargs);
    return false;
  }
  for (int i = 0; i < e->nargs; i++)
    if (e->args[i]->type != f->params[i]->type) {
      pto_error(d, e->args[i]->loc, "argument %d of '%s' has type '%s', "
                "expected '%s'", i + 1, e->fname, tyname(e->args[i]->type).s,
                tyname(f->params[i]->type).s);
      return false;
    }
  return check_result(e, f->ret, "call", d);
}

/* pto.launch(@k, blocks, args...): K is a kernel of P and ARGS match its
   parameters as in a call.  */
static bool
check_launch(const pto_program *p, const pto_expr *e, pto_diag *d)
{
  const pto_func *k = pto_func_lookup(p, e->args[0]->fname);
  if (!k || k->kind != PTO_FN_KERNEL) {
    pto_error(d, e->args[0]->loc, "pto.launch: argument 1 names %s '%s', "
              "expected a kernel", k ? "the non-kernel function" : "no function",
              e->args[0]->fname);
    return false;
  }
  if (e->nargs - 2 != k->nparams) {
    pto_error(d, e->loc, "pto.launch: kernel '%s' takes %d argument%s, "
              "found %d", k->name, k->nparams, k->nparams == 1 ? "" : "s",
              e->nargs - 2);
    return false;
  }
  for (int i = 2; i < e->nargs; i++)
    if (e->args[i]->type != k->params[i - 2]->type) {
      pto_error(d, e->args[i]->loc, "pto.launch: argument %d has type '%s', "
                "expected '%s' for parameter '%s' of '%s'", i + 1,
                tyname(e->args[i]->type).s, tyname(k->params[i - 2]->type).s,
                k->params[i - 2]->name, k->name);
      return false;
    }
  return true;
}

static bool
check_call(const pto_program *p, const pto_expr *e, pto_diag *d)
{
  if (e->is_op) {
    if (!pto_check_op_call(e, d))
      return false;
    if (p && e->op == PTO_OP_LAUNCH)
      return check_launch(p, e, d);
    return true;
  }
  return !p || check_func_call(p, e, d);
}

/* The number of operands (a, b, c) an expression of kind K has.  */
static int
operand_count(pto_expr_kind k)
{
  switch (k) {
  case PTO_E_SELECT: return 3;
  case PTO_E_BIN: return 2;
  case PTO_E_UN:
  case PTO_E_GETITEM:
  case PTO_E_INDEX: return 1;
  default: return 0;
  }
}

/* E has a type and every operand, argument, variable and name its kind
   needs (IR built by hand may lack one); report it otherwise.  */
static bool
operands_present(const pto_expr *e, pto_diag *d)
{
  int need = operand_count(e->kind);
  const pto_expr *ops[3] = {e->a, e->b, e->c};
  bool ok = e->type && e->nargs >= 0 && (e->nargs == 0 || e->args);
  for (int i = 0; i < need; i++)
    ok = ok && ops[i] && ops[i]->type;
  for (int i = 0; ok && i < e->nargs; i++)
    ok = e->args[i] && e->args[i]->type;
  if (e->kind == PTO_E_VAR)
    ok = ok && e->u.var && e->u.var->type && e->u.var->name;
  if (e->kind == PTO_E_FUNCREF || (e->kind == PTO_E_CALL && !e->is_op))
    ok = ok && e->fname;
  if (e->kind == PTO_E_CALL && e->is_op)
    ok = ok && (unsigned)e->op < PTO_OP_COUNT;
  if (!ok)
    pto_error(d, e->loc, "malformed expression node (kind %d)", (int)e->kind);
  return ok;
}

/* Check node E against its operands (not recursively); P, when non-NULL,
   resolves calls to functions.  */
bool
pto_check_expr(const pto_program *p, const pto_expr *e, pto_diag *d)
{
  if (!operands_present(e, d))
    return false;
  switch (e->kind) {
  case PTO_E_INT:
  case PTO_E_FLOAT: return check_literal(e, d);
  case PTO_E_VAR: return check_result(e, e->u.var->type, "variable", d);
  case PTO_E_BIN: return check_binary(e, d);
  case PTO_E_UN: return check_unary(e, d);
  case PTO_E_SELECT: return check_select(e, d);
  case PTO_E_CALL: return check_call(p, e, d);
  case PTO_E_FUNCREF:
    if (p && !pto_func_lookup(p, e->fname)) {
      pto_error(d, e->loc, "reference to undefined function '%s'", e->fname);
      return false;
    }
    if (e->type->kind == PTO_TY_FUNC)
      return true;
    pto_error(d, e->loc, "function reference has type '%s', expected 'fn'",
              tyname(e->type).s);
    return false;
  case PTO_E_TUPLE: return check_tuple(e, d);
  case PTO_E_GETITEM: return check_getitem(e, d);
  case PTO_E_INDEX: return check_index(e, d);
  }
  pto_error(d, e->loc, "unknown expression kind %d", (int)e->kind);
  return false;
}

/* ------------------------------------------------------------------ */
/* Intrinsic calls                                                    */
/* ------------------------------------------------------------------ */

typedef struct opcheck {
  const pto_expr *call;
  const char *name;   /* "add" */
  pto_diag *d;
  int first_tile;     /* index of the first tile operand, or -1 */
} opcheck;

/* Report "pto.NAME: argument I+1 MSG" at argument I (or "pto.NAME:
   MSG" at the call when I < 0); return false.  */
static PTO_PRINTF(3, 4) bool
op_fail(opcheck *c, int i, const char *fmt, ...)
{
  pto_loc l = i >= 0 ? c->call->args[i]->loc : c->call->loc;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (i >= 0)
    pto_error(c->d, l, "pto.%s: argument %d %s", c->name, i + 1, msg);
  else
    pto_error(c->d, l, "pto.%s: %s", c->name, msg);
  return false;
}

/* Operand I against signature letter L.  */
static bool
check_operand(opcheck *c, int i, char l)
{
  const pto_expr *a = c->call->args[i];
  const pto_type *t = a->type;
  tytext tn = tyname(t);
  switch (l) {
  case 'T': case 't': case 'U':
    if (!is_tile(t))
      return op_fail(c, i, "has type '%s', expected a tile", tn.s);
    if (l != 't' && !is_lvalue(a))
      return op_fail(c, i, "is written, so it must be a tile variable or "
                     "an element of memory");
    if (c->first_tile < 0)
      c->first_tile = i;
    return true;
  case 'P': case 'p':
    if (!is_ptr(t) || !is_scalar(t->pointee))
      return op_fail(c, i, "has type '%s', expected a pointer to scalars",
                     tn.s);
    if (l == 'P' && t->is_const)
      return op_fail(c, i, "is written through, but has type '%s'", tn.s);
    return true;
  case 'i':
    if (!is_int(t))
      return op_fail(c, i, "has type '%s', expected an integer", tn.s);
    return true;
  case 's':
    if (!is_number(t))
      return op_fail(c, i, "has type '%s', expected a scalar", tn.s);
    return true;
  case 'f':
    if (a->kind != PTO_E_FUNCREF)
      return op_fail(c, i, "must be a function reference '@name'");
    return true;
  }
  return true;   /* '*' */
}

/* Arity against SIG (a trailing '*' allows any number more).  */
static bool
check_arity(opcheck *c, const char *sig)
{
  int fixed = (int)strlen(sig);
  bool variadic = fixed > 0 && sig[fixed - 1] == '*';
  if (variadic)
    fixed--;
  int n = c->call->nargs;
  if (n == fixed || (variadic && n > fixed))
    return true;
  return op_fail(c, -1, "expected %s%d argument%s, found %d",
                 variadic ? "at least " : "", fixed, fixed == 1 ? "" : "s", n);
}

bool
pto_check_op_call(const pto_expr *call, pto_diag *diag)
{
  const pto_opinfo *info = pto_op_info(call->op);
  opcheck c = {call, info->name, diag, -1};
  if (!check_arity(&c, info->sig))
    return false;
  for (int i = 0; info->sig[i] && info->sig[i] != '*'; i++)
    if (!check_operand(&c, i, info->sig[i]))
      return false;
  bool is_int_result = info->result == 'i';
  if (is_int_result ? !is_dtype(call->type, PTO_DT_I32)
                    : call->type->kind != PTO_TY_VOID)
    return op_fail(&c, -1, "call has type '%s', expected '%s'",
                   tyname(call->type).s, is_int_result ? "i32" : "void");
  const pto_type *types[16];
  int n = call->nargs < 16 ? call->nargs : 16;
  for (int i = 0; i < n; i++)
    types[i] = call->args[i]->type;
  pto_op_fault f;
  if (pto_op_check_types(call->op, types, n, &f))
    return true;
  pto_loc l = f.arg >= 0 ? call->args[f.arg]->loc : call->loc;
  pto_error(diag, l, "pto.%s: %s", info->name, f.msg);
  return false;
}

/* ------------------------------------------------------------------ */
/* The program walk                                                   */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* Attributes                                                         */
/* ------------------------------------------------------------------ */

static const struct {
  const char *key;
  pto_attr_kind kind;
} known_attrs[] = {
    {"name", PTO_A_STR},
    {"unroll", PTO_A_INTS},
    {"unroll_times", PTO_A_INT},
    {"kind", PTO_A_STR},
};

static const char *const attr_kind_names[] = {"an integer", "a string",
                                              "a list of integers"};

/* A known loop attribute has the value kind of its key; reported at L.  */
bool
pto_check_attr(const pto_attr *a, pto_loc l, pto_diag *d)
{
  for (size_t i = 0; i < sizeof known_attrs / sizeof *known_attrs; i++)
    if (strcmp(a->key, known_attrs[i].key) == 0 && a->kind != known_attrs[i].kind) {
      pto_error(d, l, "attribute '%s' must be %s, found %s", a->key,
                attr_kind_names[known_attrs[i].kind], attr_kind_names[a->kind]);
      return false;
    }
  return true;
}

/* ------------------------------------------------------------------ */
/* The program walk                                                   */
/* ------------------------------------------------------------------ */

/* A variable name of the function being walked.  */
typedef struct vslot {
  const char *name;
  const pto_var *var;
  bool visible;
  bool is_index;
} vslot;

typedef struct verifier {
  const pto_program *prog;
  const pto_func *fn;
  pto_diag *out;      /* the caller's sink */
  pto_diag sink;      /* prefixes "verify: " and forwards to OUT */
  pto_strmap names;   /* variable name -> index + 1 in VARS */
  vslot *vars;        /* the names of the function being walked */
  size_t nvars, capvars;
  const pto_var **scope;   /* definitions in the enclosing blocks */
  size_t nscope, capscope;
  int loops;          /* enclosing loops */
  int depth;
} verifier;

enum { MAX_DEPTH = 10000 };

static void
forward_prefixed(void *ctx, pto_diag_kind kind, pto_loc loc, const char *msg)
{
  verifier *v = ctx;
  pto_buf b = {0};
  pto_buf_printf(&b, "verify: %s", msg);
  if (kind == PTO_DIAG_ERROR)
    pto_error(v->out, loc, "%s", b.s);
  else if (kind == PTO_DIAG_WARNING)
    pto_warning(v->out, loc, "%s", b.s);
  else
    pto_note(v->out, loc, "%s", b.s);
  pto_buf_free(&b);
}

/* The slot of NAME, inserted empty if absent.  */
static vslot *
slot_of(verifier *v, const char *name)
{
  bool added;
  void **idx = pto_strmap_slot_of(&v->names, name, &added);
  if (added) {
    if (v->nvars == v->capvars) {
      v->capvars = v->capvars ? v->capvars * 2 : 64;
      v->vars = pto_xrealloc(v->vars, v->capvars * sizeof *v->vars);
    }
    v->vars[v->nvars] = (vslot){.name = name};
    *idx = (void *)(uintptr_t)++v->nvars;
  }
  return &v->vars[(uintptr_t)*idx - 1];
}

/* Record the definition of VAR (visible until its block ends).  */
static void
define(verifier *v, const pto_var *var, bool is_index, pto_loc l)
{
  if (!var || !var->name || !var->type) {
    pto_error(&v->sink, l, "definition of a malformed variable");
    return;
  }
  vslot *s = slot_of(v, var->name);
  if (s->var) {
    pto_error(&v->sink, l, "variable '%s' is defined twice in function '%s'",
              var->name, v->fn->name);
    return;
  }
  s->var = var;
  s->visible = true;
  s->is_index = is_index;
  if (v->nscope == v->capscope) {
    v->capscope = v->capscope ? 2 * v->capscope : 32;
    v->scope = pto_xrealloc(v->scope, sizeof *v->scope * v->capscope);
  }
  v->scope[v->nscope++] = var;
}

/* Hide the definitions made since the scope stack had MARK entries.  */
static void
leave_scope(verifier *v, size_t mark)
{
  while (v->nscope > mark)
    slot_of(v, v->scope[--v->nscope]->name)->visible = false;
}

static void
check_use(verifier *v, const pto_expr *e)
{
  const pto_var *var = e->u.var;
  if (!var || !var->name) {
    pto_error(&v->sink, e->loc, "variable use without a variable");
    return;
  }
  vslot *s = slot_of(v, var->name);
  if (s->var != var)
    pto_error(&v->sink, e->loc, "use of variable '%s' that is not defined "
              "in function '%s'", var->name, v->fn->name);
  else if (!s->visible)
    pto_error(&v->sink, e->loc, "use of variable '%s' outside its scope",
              var->name);
}

/* Check E and its operands; return false if anything was reported.  */
static bool
verify_expr(verifier *v, const pto_expr *e)
{
  if (!e)
    return true;
  if (++v->depth > MAX_DEPTH) {
    pto_error(&v->sink, e->loc, "expression nested too deeply");
    v->depth--;
    return false;
  }
  int before = v->sink.errors;
  verify_expr(v, e->a);
  verify_expr(v, e->b);
  verify_expr(v, e->c);
  for (int i = 0; i < e->nargs && e->args; i++)
    verify_expr(v, e->args[i]);
  if (e->kind == PTO_E_VAR && e->u.var)
    check_use(v, e);
  if (v->sink.errors == before)
    pto_check_expr(v->prog, e, &v->sink);
  v->depth--;
  return v->sink.errors == before;
}

/* Check that E is present and of type WANT (WHAT names it).  */
static void
verify_typed(verifier *v, const pto_expr *e, const pto_type *want,
             const char *what, pto_loc l)
{
  if (!e) {
    pto_error(&v->sink, l, "%s is missing", what);
    return;
  }
  if (verify_expr(v, e) && e->type != want)
    pto_error(&v->sink, e->loc, "%s has type '%s', expected '%s'", what,
              tyname(e->type).s, tyname(want).s);
}

static void verify_block(verifier *v, const pto_block *b);

static void
verify_assign(verifier *v, const pto_stmt *s)
{
  if (!s->lhs) {
    pto_error(&v->sink, s->loc, "assignment without a left side");
    return;
  }
  if (!verify_expr(v, s->lhs) || !pto_check_lvalue(s->lhs, &v->sink))
    return;
  if (s->lhs->kind == PTO_E_VAR && slot_of(v, s->lhs->u.var->name)->is_index)
    pto_error(&v->sink, s->lhs->loc, "assignment to loop index '%s'",
              s->lhs->u.var->name);
  verify_typed(v, s->value, s->lhs->type, "right side of the assignment",
               s->loc);
}

static void
verify_for(verifier *v, const pto_stmt *s)
{
  if (!s->var || !is_int(s->var->type)) {
    pto_error(&v->sink, s->loc, "loop index must be an integer variable");
    return;
  }
  const pto_type *t = s->var->type;
  verify_typed(v, s->start, t, "loop start", s->loc);
  verify_typed(v, s->stop, t, "loop bound", s->loc);
  verify_typed(v, s->step, t, "loop step", s->loc);
  for (int i = 0; i < s->attrs.n; i++)
    pto_check_attr(&s->attrs.v[i], s->loc, &v->sink);
  size_t mark = v->nscope;
  define(v, s->var, true, s->loc);
  v->loops++;
  verify_block(v, &s->body);
  v->loops--;
  leave_scope(v, mark);
}

static void
verify_return(verifier *v, const pto_stmt *s)
{
  const pto_type *ret = v->fn->ret;
  bool is_void = !ret || ret->kind == PTO_TY_VOID;
  if (is_void && s->value)
    pto_error(&v->sink, s->loc, "return with a value in void function '%s'",
              v->fn->name);
  else if (!is_void)
    verify_typed(v, s->value, ret, "return value", s->loc);
}

static void
verify_stmt(verifier *v, const pto_stmt *s)
{
  switch (s->kind) {
  case PTO_S_DECL:
    if (s->value && s->var)
      verify_typed(v, s->value, s->var->type, "initialiser", s->loc);
    define(v, s->var, false, s->loc);
    return;
  case PTO_S_ASSIGN: verify_assign(v, s); return;
  case PTO_S_EVAL:
    if (!s->value)
      pto_error(&v->sink, s->loc, "expression statement without a value");
    verify_expr(v, s->value);
    return;
  case PTO_S_FOR: verify_for(v, s); return;
  case PTO_S_RETURN: verify_return(v, s); return;
  case PTO_S_BREAK:
  case PTO_S_CONTINUE:
    if (v->loops == 0)
      pto_error(&v->sink, s->loc, "'%s' outside a loop",
                s->kind == PTO_S_BREAK ? "break" : "continue");
    return;
  case PTO_S_IF:
  case PTO_S_WHILE:
    if (verify_expr(v, s->cond) && s->cond && !is_bool(s->cond->type))
      pto_error(&v->sink, s->cond->loc, "condition has type '%s', expected "
                "'bool'", tyname(s->cond->type).s);
    else if (!s->cond)
      pto_error(&v->sink, s->loc, "condition is missing");
    v->loops += s->kind == PTO_S_WHILE;
    verify_block(v, &s->body);
    v->loops -= s->kind == PTO_S_WHILE;
    verify_block(v, &s->els);
    return;
  }
  pto_error(&v->sink, s->loc, "unknown statement kind %d", (int)s->kind);
}

static void
verify_block(verifier *v, const pto_block *b)
{
  if (++v->depth > MAX_DEPTH) {
    pto_error(&v->sink, pto_noloc, "blocks nested too deeply");
    v->depth--;
    return;
  }
  size_t mark = v->nscope;
  for (int i = 0; i < b->n; i++)
    if (b->items[i])
      verify_stmt(v, b->items[i]);
    else
      pto_error(&v->sink, pto_noloc, "null statement in a block");
  leave_scope(v, mark);
  v->depth--;
}

static void
verify_func(verifier *v, const pto_func *f)
{
  v->fn = f;
  pto_strmap_clear(&v->names);
  v->nvars = v->nscope = 0;
  v->loops = v->depth = 0;
  for (int i = 0; i < f->nparams; i++) {
    if (f->params[i] && !f->params[i]->is_param)
      pto_error(&v->sink, f->params[i]->loc, "parameter '%s' of '%s' is not "
                "marked as a parameter", f->params[i]->name, f->name);
    define(v, f->params[i], false, f->loc);
  }
  for (int i = 0; i < f->attrs.n; i++)
    pto_check_attr(&f->attrs.v[i], f->loc, &v->sink);
  verify_block(v, &f->body);
}

/* Live functions have distinct names.  */
static void
verify_func_names(verifier *v)
{
  const pto_program *p = v->prog;
  for (int i = 0; i < p->nfuncs; i++) {
    const pto_func *f = p->funcs[i];
    if (!f->dead && pto_func_lookup(p, f->name) != f)
      pto_error(&v->sink, f->loc, "function '%s' is defined twice", f->name);
  }
}

int
pto_verify(const pto_program *p, pto_diag *diag)
{
  verifier v = {.prog = p, .out = diag};
  v.sink.emit = forward_prefixed;
  v.sink.ctx = &v;
  verify_func_names(&v);
  for (int i = 0; i < p->nfuncs; i++)
    if (!p->funcs[i]->dead)
      verify_func(&v, p->funcs[i]);
  pto_strmap_free(&v.names);
  free(v.vars);
  free(v.scope);
  return v.sink.errors;
}
