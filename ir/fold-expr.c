/* fold-expr.c - constant folding of one integer or boolean expression
   (contract: ir/fold-expr.h).

   E is folded bottom-up, in place: an operation whose operands are all
   constants becomes its value, computed in the width of its dtype (two's
   complement wrap-around, which is what the generated code computes).
   Operations whose value is undefined stay: division by zero, INT_MIN /
   -1, shifts by a negative or too-large amount.  Floating-point
   expressions are left alone.  A select with a constant condition picks
   its arm.  */

#include "ir/fold-expr.h"

#include <stdint.h>

/* Truncate V to the width of integer dtype DT and extend it back.  */
static int64_t
wrap(pto_dtype dt, int64_t v)
{
  int bits = pto_dtype_bits(dt);
  if (bits >= 64)
    return v;
  uint64_t mask = (UINT64_C(1) << bits) - 1;
  uint64_t u = (uint64_t)v & mask;
  if (pto_dtype_is_signed(dt) && (u >> (bits - 1)))
    u |= ~mask;
  return (int64_t)u;
}

/* The most negative value of signed dtype DT.  */
static int64_t
signed_min(pto_dtype dt)
{
  return (int64_t)(~UINT64_C(0) << (pto_dtype_bits(dt) - 1));
}

bool
pto_expr_is_intconst(const pto_expr *e)
{
  return e->kind == PTO_E_INT && e->type->kind == PTO_TY_SCALAR;
}

/* Compute A OP B for integers of dtype DT into *R; return false when the
   result is undefined and the operation must stay.  */
static bool
fold_int_binop(pto_binop op, pto_dtype dt, int64_t a, int64_t b, int64_t *r)
{
  bool sg = pto_dtype_is_signed(dt) || dt == PTO_DT_BOOL;
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  int bits = pto_dtype_bits(dt);
  bool trap = (b == 0) || (sg && b == -1 && a == signed_min(dt));
  switch (op) {
  case PTO_BIN_ADD: *r = (int64_t)(ua + ub); return true;
  case PTO_BIN_SUB: *r = (int64_t)(ua - ub); return true;
  case PTO_BIN_MUL: *r = (int64_t)(ua * ub); return true;
  case PTO_BIN_DIV:
    if (trap) return false;
    *r = sg ? a / b : (int64_t)(ua / ub);
    return true;
  case PTO_BIN_MOD:
    if (trap) return false;
    *r = sg ? a % b : (int64_t)(ua % ub);
    return true;
  case PTO_BIN_FLOORDIV:
  case PTO_BIN_FLOORMOD: {
    if (trap) return false;
    if (!sg) {
      *r = op == PTO_BIN_FLOORDIV ? (int64_t)(ua / ub) : (int64_t)(ua % ub);
      return true;
    }
    int64_t q = a / b, m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) {
      q -= 1;
      m += b;
    }
    *r = op == PTO_BIN_FLOORDIV ? q : m;
    return true;
  }
  case PTO_BIN_MIN: *r = (sg ? a < b : ua < ub) ? a : b; return true;
  case PTO_BIN_MAX: *r = (sg ? a > b : ua > ub) ? a : b; return true;
  case PTO_BIN_SHL:
  case PTO_BIN_SHR:
    if (b < 0 || b >= bits) return false;
    if (op == PTO_BIN_SHL) *r = (int64_t)(ua << b);
    else if (sg) *r = a >> b;  /* arithmetic on every GCC target */
    else *r = (int64_t)(ua >> b);
    return true;
  case PTO_BIN_LT: *r = sg ? a < b : ua < ub; return true;
  case PTO_BIN_LE: *r = sg ? a <= b : ua <= ub; return true;
  case PTO_BIN_GT: *r = sg ? a > b : ua > ub; return true;
  case PTO_BIN_GE: *r = sg ? a >= b : ua >= ub; return true;
  case PTO_BIN_EQ: *r = a == b; return true;
  case PTO_BIN_NE: *r = a != b; return true;
  case PTO_BIN_BAND: *r = a & b; return true;
  case PTO_BIN_BXOR: *r = a ^ b; return true;
  case PTO_BIN_BOR: *r = a | b; return true;
  case PTO_BIN_LAND: *r = a && b; return true;
  case PTO_BIN_LOR: *r = a || b; return true;
  case PTO_BIN_COUNT: break;
  }
  return false;
}

/* Compute OP A for an integer of dtype DT; false if it must stay.  */
static bool
fold_int_unop(pto_unop op, pto_dtype dt, int64_t a, int64_t *r)
{
  bool neg = pto_dtype_is_signed(dt) && a < 0;
  switch (op) {
  case PTO_UN_NEG: *r = (int64_t)(0 - (uint64_t)a); return true;
  case PTO_UN_NOT: *r = !a; return true;
  case PTO_UN_BNOT: *r = ~a; return true;
  case PTO_UN_ABS: *r = neg ? (int64_t)(0 - (uint64_t)a) : a; return true;
  default: return false;
  }
}

/* Return the folded value of E if E is an integer operation on constants
   whose result is defined, storing it in *R.  */
bool
pto_fold_value(const pto_expr *e, int64_t *r)
{
  if (e->type->kind != PTO_TY_SCALAR || pto_dtype_is_float(e->type->dtype))
    return false;
  pto_dtype dt = e->type->dtype;
  if (e->kind == PTO_E_BIN && pto_expr_is_intconst(e->a)
      && pto_expr_is_intconst(e->b)
      && !pto_dtype_is_float(e->a->type->dtype)) {
    if (!fold_int_binop(e->u.binop, e->a->type->dtype, e->a->u.ival,
                        e->b->u.ival, r))
      return false;
  } else if (e->kind == PTO_E_UN && pto_expr_is_intconst(e->a)) {
    if (e->u.unop == PTO_UN_CAST) {
      if (pto_dtype_is_float(e->a->type->dtype))
        return false;
      *r = dt == PTO_DT_BOOL ? e->a->u.ival != 0 : e->a->u.ival;
    } else if (!fold_int_unop(e->u.unop, e->a->type->dtype, e->a->u.ival,
                              r)) {
      return false;
    }
  } else if (e->kind == PTO_E_SELECT && pto_expr_is_intconst(e->a)
             && pto_expr_is_intconst(e->b) && pto_expr_is_intconst(e->c)) {
    *r = e->a->u.ival ? e->b->u.ival : e->c->u.ival;
  } else {
    return false;
  }
  *r = dt == PTO_DT_BOOL ? (*r & 1) : wrap(dt, *r);
  return true;
}

/* Fold E bottom-up in place; return the (possibly new) expression.  */
pto_expr *
pto_fold_expr(pto_program *p, pto_expr *e)
{
  if (!e)
    return e;
  e->a = pto_fold_expr(p, e->a);
  e->b = pto_fold_expr(p, e->b);
  e->c = pto_fold_expr(p, e->c);
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = pto_fold_expr(p, e->args[i]);
  int64_t v;
  if (pto_fold_value(e, &v))
    return pto_e_int(p, e->type, v, e->loc);
  /* A select with a constant condition picks its arm, whatever the arms
     are.  */
  if (e->kind == PTO_E_SELECT && pto_expr_is_intconst(e->a))
    return e->a->u.ival ? e->b : e->c;
  return e;
}
