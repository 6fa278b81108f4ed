/* interp.c - an interpreter of the linear list (linear.h), so tests
   can prove that the linear form computes what the structured IR does.

   Contract: pto_lin_interp runs FN->list once over a memory of cells.
   Cells [0, NMEM) are GM (the caller's MEM, copied in and back); each
   DEFINE_LOCAL gets rows*cols cells and each DEFINE_REG one cell after
   them, zeroed.  A pointer is a cell number; p + k is k cells further.
   Integers wrap at their dtype's width (two's complement), / and %
   truncate, floordiv/floormod floor; division by zero, MIN / -1, shifts
   outside [0, bits) and accesses outside the memory are errors, as are
   CALLs (tile operations are not interpreted; a COPY of a tile is) and
   running more than MAX_STEPS uops.  A STORE whose INDEX is gated by a
   false gate does nothing; a LOAD through one reads 0.  RETURN ends the
   run; BREAK leaves its loop (after its END), CONTINUE runs the END of
   its RANGE or goes back to the top of its LOOP; a gated one does
   nothing when its gate is false.  Floats are computed in double (f32
   results rounded to float, f16 ones to the nearest binary16).  */

#include "include/pto-f16.h"
#include "ir/linear/linear.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int64_t
pto_lin_wrap(pto_dtype dt, int64_t v)
{
  int bits = pto_dtype_bits(dt);
  if (dt == PTO_DT_BOOL)
    return v != 0;
  if (bits >= 64 || pto_dtype_is_float(dt))
    return v;
  uint64_t m = ((uint64_t)1 << bits) - 1, x = (uint64_t)v & m;
  if (pto_dtype_is_signed(dt) && (x >> (bits - 1)))
    x |= ~m;
  return (int64_t)x;
}

typedef struct ictx {
  const pto_lin_fn *fn;
  pto_lin_val *v;         /* by uop id */
  pto_lin_val *cells;
  int64_t ncells;
  pto_buf *err;
  int64_t *stop, *step;   /* RANGE state by uop id */
} ictx;

static bool
fail(ictx *c, int pc, const char *what)
{
  pto_buf_printf(c->err, "line %d (%s): %s", pc,
                 pto_lop_name(c->fn->u[c->fn->list[pc]].op), what);
  return false;
}

static bool
isfloat(const pto_type *t)
{
  return t && t->kind == PTO_TY_SCALAR && pto_dtype_is_float(t->dtype);
}

static bool
isunsigned(const pto_type *t)
{
  return t && t->kind == PTO_TY_SCALAR && pto_dtype_is_int(t->dtype)
         && !pto_dtype_is_signed(t->dtype);
}

/* X rounded to the nearest IEEE binary16 value (ties to even; overflow
   to infinity), as a double: the one conversion of include/pto-f16.h.  */
static double
round_f16(double x)
{
  return pto_f16_bits_to_float(pto_f16_bits_from_double(x));
}

static double
round_to(const pto_type *t, double x)
{
  if (t->dtype == PTO_DT_F16)
    return round_f16(x);
  return t->dtype == PTO_DT_F64 ? x : (double)(float)x;
}

static pto_dtype
dt_of(const pto_type *t)
{
  return t->kind == PTO_TY_SCALAR ? t->dtype : PTO_DT_I64;
}

/* Compare A and B of operand type T: -1, 0, 1.  */
static int
cmp_vals(const pto_type *t, pto_lin_val a, pto_lin_val b)
{
  if (isfloat(t))
    return a.f < b.f ? -1 : a.f > b.f ? 1 : 0;
  if (isunsigned(t))
    return (uint64_t)a.i < (uint64_t)b.i ? -1 : (uint64_t)a.i > (uint64_t)b.i;
  return a.i < b.i ? -1 : a.i > b.i;
}

static bool
float_binary(ictx *c, int pc, const pto_lin_uop *u, pto_lin_val a,
             pto_lin_val b, pto_lin_val *r)
{
  double x = a.f, y = b.f, z;
  switch ((pto_binop)u->alu) {
  case PTO_BIN_ADD: z = x + y; break;
  case PTO_BIN_SUB: z = x - y; break;
  case PTO_BIN_MUL: z = x * y; break;
  case PTO_BIN_DIV: z = x / y; break;
  case PTO_BIN_MIN: z = x < y ? x : y; break;
  case PTO_BIN_MAX: z = x > y ? x : y; break;
  default:
    return fail(c, pc, "float operation not interpreted");
  }
  r->f = round_to(u->type, z);
  return true;
}

static bool
int_binary(ictx *c, int pc, const pto_lin_uop *u, const pto_type *ot,
           pto_lin_val a, pto_lin_val b, pto_lin_val *r)
{
  int64_t x = a.i, y = b.i;
  uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
  bool uns = isunsigned(ot);
  pto_dtype dt = dt_of(u->type);
  int bits = ot->kind == PTO_TY_SCALAR ? pto_dtype_bits(ot->dtype) : 64;
  int64_t mn = bits >= 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
  switch ((pto_binop)u->alu) {
  case PTO_BIN_ADD: r->i = (int64_t)(ux + uy); break;
  case PTO_BIN_SUB: r->i = (int64_t)(ux - uy); break;
  case PTO_BIN_MUL: r->i = (int64_t)(ux * uy); break;
  case PTO_BIN_DIV: case PTO_BIN_MOD:
  case PTO_BIN_FLOORDIV: case PTO_BIN_FLOORMOD:
    if (y == 0)
      return fail(c, pc, "division by zero");
    if (uns) {
      bool q = u->alu == PTO_BIN_DIV || u->alu == PTO_BIN_FLOORDIV;
      r->i = (int64_t)(q ? ux / uy : ux % uy);
      break;
    }
    if (x == mn && y == -1)
      return fail(c, pc, "division overflow");
    {
      int64_t q = x / y, m = x % y;
      if ((u->alu == PTO_BIN_FLOORDIV || u->alu == PTO_BIN_FLOORMOD) && m
          && ((m < 0) != (y < 0))) {
        q -= 1;
        m += y;
      }
      r->i = u->alu == PTO_BIN_DIV || u->alu == PTO_BIN_FLOORDIV ? q : m;
    }
    break;
  case PTO_BIN_MIN: r->i = cmp_vals(ot, a, b) <= 0 ? x : y; break;
  case PTO_BIN_MAX: r->i = cmp_vals(ot, a, b) >= 0 ? x : y; break;
  case PTO_BIN_SHL: case PTO_BIN_SHR:
    if (y < 0 || y >= bits)
      return fail(c, pc, "shift out of range");
    if (u->alu == PTO_BIN_SHL)
      r->i = (int64_t)(ux << y);
    else if (uns)
      r->i = (int64_t)((bits >= 64 ? ux : ux & (((uint64_t)1 << bits) - 1))
                       >> y);
    else
      r->i = x >> y;
    break;
  case PTO_BIN_BAND: r->i = x & y; break;
  case PTO_BIN_BXOR: r->i = x ^ y; break;
  case PTO_BIN_BOR: r->i = x | y; break;
  case PTO_BIN_LAND: r->i = x && y; break;
  case PTO_BIN_LOR: r->i = x || y; break;
  default:
    return fail(c, pc, "operation not interpreted");
  }
  r->i = pto_lin_wrap(dt, r->i);
  return true;
}

static bool
binary(ictx *c, int pc, const pto_lin_uop *u)
{
  const pto_lin_uop *ua = &c->fn->u[u->src[0]];
  pto_lin_val a = c->v[u->src[0]], b = c->v[u->src[1]], r = {0, 0};
  char cls = pto_binop_class((pto_binop)u->alu);
  if (cls == 'C') {
    int k = cmp_vals(ua->type, a, b);
    switch ((pto_binop)u->alu) {
    case PTO_BIN_LT: r.i = k < 0; break;
    case PTO_BIN_LE: r.i = k <= 0; break;
    case PTO_BIN_GT: r.i = k > 0; break;
    case PTO_BIN_GE: r.i = k >= 0; break;
    case PTO_BIN_EQ: r.i = k == 0; break;
    default: r.i = k != 0; break;
    }
  } else if (isfloat(u->type)) {
    if (!float_binary(c, pc, u, a, b, &r))
      return false;
  } else if (!int_binary(c, pc, u, ua->type, a, b, &r)) {
    return false;
  }
  c->v[c->fn->list[pc]] = r;
  return true;
}

static bool
unary(ictx *c, int pc, const pto_lin_uop *u)
{
  const pto_lin_uop *ua = &c->fn->u[u->src[0]];
  pto_lin_val a = c->v[u->src[0]], r = {0, 0};
  bool f = isfloat(u->type);
  switch ((pto_unop)u->alu) {
  case PTO_UN_NEG:
    if (f)
      r.f = -a.f;
    else
      r.i = pto_lin_wrap(dt_of(u->type), (int64_t)(0 - (uint64_t)a.i));
    break;
  case PTO_UN_ABS:
    if (f)
      r.f = fabs(a.f);
    else
      r.i = pto_lin_wrap(dt_of(u->type),
                         a.i < 0 ? (int64_t)(0 - (uint64_t)a.i) : a.i);
    break;
  case PTO_UN_SQRT: r.f = round_to(u->type, sqrt(a.f)); break;
  case PTO_UN_EXP:
    r.f = dt_of(u->type) == PTO_DT_F32 ? (double)expf((float)a.f) : exp(a.f);
    break;
  case PTO_UN_LOG:
    r.f = dt_of(u->type) == PTO_DT_F32 ? (double)logf((float)a.f) : log(a.f);
    break;
  case PTO_UN_FLOOR: r.f = floor(a.f); break;
  case PTO_UN_CEIL: r.f = ceil(a.f); break;
  case PTO_UN_NOT: r.i = !a.i; break;
  case PTO_UN_BNOT: r.i = pto_lin_wrap(dt_of(u->type), ~a.i); break;
  case PTO_UN_CAST:
    if (f)
      r.f = round_to(u->type, isfloat(ua->type) ? a.f
                              : isunsigned(ua->type) ? (double)(uint64_t)a.i
                                                     : (double)a.i);
    else if (isfloat(ua->type)) {
      if (!(a.f > -9.3e18 && a.f < 9.3e18))
        return fail(c, pc, "float to integer conversion out of range");
      r.i = pto_lin_wrap(dt_of(u->type), (int64_t)a.f);
    } else
      r.i = pto_lin_wrap(dt_of(u->type), a.i);
    break;
  default:
    return fail(c, pc, "operation not interpreted");
  }
  c->v[c->fn->list[pc]] = r;
  return true;
}

/* The cell an INDEX addresses; -1 when its gate is false.  */
static int64_t
index_cell(ictx *c, const pto_lin_uop *u)
{
  int nv = u->gated ? u->nval - 1 : u->nval;
  if (u->gated && !c->v[u->src[nv]].i)
    return -1;
  const pto_lin_uop *base = &c->fn->u[u->src[0]];
  int64_t cell = c->v[u->src[0]].i;
  if (nv == 2)
    cell += c->v[u->src[1]].i;
  else if (nv == 3)
    cell += c->v[u->src[1]].i * base->type->cols + c->v[u->src[2]].i;
  return cell;
}

static bool
in_range(ictx *c, const pto_lin_uop *r, int id)
{
  int k = cmp_vals(r->type, c->v[id], (pto_lin_val){c->stop[id], 0});
  return r->down ? k > 0 : k < 0;
}

int
pto_lin_interp(const pto_lin_fn *fn, const pto_lin_val *args,
               pto_lin_val *mem, size_t nmem, long max_steps, pto_buf *err)
{
  ictx c = {fn, pto_xcalloc(fn->n + 1, sizeof(pto_lin_val)), NULL, 0, err,
            pto_xcalloc(fn->n + 1, sizeof(int64_t)),
            pto_xcalloc(fn->n + 1, sizeof(int64_t))};
  int *match = pto_xmalloc((fn->nlist + 1) * sizeof *match);
  int *pos = pto_xmalloc((fn->n + 1) * sizeof *pos);
  int *stack = pto_xmalloc((fn->nlist + 1) * sizeof *stack), sp = 0;
  int64_t extra = 0;
  for (int k = 0; k < fn->nlist; k++) {
    const pto_lin_uop *u = &fn->u[fn->list[k]];
    pos[fn->list[k]] = k;
    if (u->op == PTO_LOP_RANGE || u->op == PTO_LOP_LOOP || u->op == PTO_LOP_IF)
      stack[sp++] = k;
    else if ((u->op == PTO_LOP_END || u->op == PTO_LOP_ENDIF) && sp) {
      match[k] = stack[--sp];
      match[stack[sp]] = k;
    }
    if (u->op == PTO_LOP_DEFINE_LOCAL) {
      c.v[fn->list[k]].i = (int64_t)nmem + extra;
      extra += (int64_t)u->type->rows * u->type->cols;
    } else if (u->op == PTO_LOP_DEFINE_REG) {
      c.v[fn->list[k]].i = (int64_t)nmem + extra;
      extra++;
    }
  }
  c.ncells = (int64_t)nmem + extra;
  c.cells = pto_xcalloc(c.ncells + 1, sizeof *c.cells);
  if (nmem)
    memcpy(c.cells, mem, nmem * sizeof *mem);
  bool ok = sp == 0 || fail(&c, 0, "unbalanced blocks");
  long steps = 0;
  for (int pc = 0; ok && pc < fn->nlist; pc++) {
    if (++steps > max_steps) {
      ok = fail(&c, pc, "step limit reached");
      break;
    }
    int id = fn->list[pc];
    const pto_lin_uop *u = &fn->u[id];
    pto_lin_val *r = &c.v[id];
    switch (u->op) {
    case PTO_LOP_DEFINE_GLOBAL: case PTO_LOP_DEFINE_VAR:
      *r = args[u->ival];
      break;
    case PTO_LOP_DEFINE_LOCAL: case PTO_LOP_DEFINE_REG: case PTO_LOP_SINK:
      break;
    case PTO_LOP_CONST:
      r->i = u->ival;
      r->f = u->fval;
      break;
    case PTO_LOP_INDEX:
      r->i = index_cell(&c, u);
      break;
    case PTO_LOP_LOAD: case PTO_LOP_STORE: {
      const pto_lin_uop *ix = &fn->u[u->src[0]];
      int64_t cell = c.v[u->src[0]].i;
      if (cell == -1 && ix->gated) {
        if (u->op == PTO_LOP_LOAD)
          *r = (pto_lin_val){0, 0};
        break;
      }
      if (cell < 0 || cell >= c.ncells) {
        ok = fail(&c, pc, "access outside the memory");
        break;
      }
      if (u->op == PTO_LOP_LOAD)
        *r = c.cells[cell];
      else
        c.cells[cell] = c.v[u->src[1]];
      break;
    }
    case PTO_LOP_COPY: {
      int64_t d = c.v[u->src[0]].i, sr = c.v[u->src[1]].i;
      int64_t nc = (int64_t)fn->u[u->src[0]].type->rows
                   * fn->u[u->src[0]].type->cols;
      if (d < 0 || sr < 0 || d + nc > c.ncells || sr + nc > c.ncells)
        ok = fail(&c, pc, "access outside the memory");
      else
        memmove(&c.cells[d], &c.cells[sr], nc * sizeof *c.cells);
      break;
    }
    case PTO_LOP_BINARY:
      ok = binary(&c, pc, u);
      break;
    case PTO_LOP_UNARY:
      ok = unary(&c, pc, u);
      break;
    case PTO_LOP_SELECT:
      *r = c.v[u->src[0]].i ? c.v[u->src[1]] : c.v[u->src[2]];
      break;
    case PTO_LOP_RANGE:
      *r = c.v[u->src[0]];
      c.stop[id] = c.v[u->src[1]].i;
      c.step[id] = c.v[u->src[2]].i;
      if (!in_range(&c, u, id))
        pc = match[pc];
      break;
    case PTO_LOP_LOOP:
      break;
    case PTO_LOP_BREAK: case PTO_LOP_CONTINUE: {
      if (u->nval && !c.v[u->src[0]].i)
        break;
      int lp = pos[u->ranges[0]];
      if (u->op == PTO_LOP_BREAK)
        pc = match[lp];
      else
        pc = fn->u[u->ranges[0]].op == PTO_LOP_RANGE ? match[lp] - 1 : lp;
      break;
    }
    case PTO_LOP_END: {
      int rid = u->ranges[0];
      const pto_lin_uop *ru = &fn->u[rid];
      if (ru->op == PTO_LOP_LOOP) {
        pc = match[pc];
        break;
      }
      c.v[rid].i = pto_lin_wrap(dt_of(ru->type),
                                (int64_t)((uint64_t)c.v[rid].i
                                          + (uint64_t)c.step[rid]));
      if (in_range(&c, ru, rid))
        pc = match[pc];
      break;
    }
    case PTO_LOP_IF:
      if (!c.v[u->src[0]].i)
        pc = match[pc];
      break;
    case PTO_LOP_ENDIF:
      break;
    case PTO_LOP_RETURN:
      pc = fn->nlist;
      break;
    default:
      ok = fail(&c, pc, "cannot interpret a call");
      break;
    }
  }
  if (ok && nmem)
    memcpy(mem, c.cells, nmem * sizeof *mem);
  free(c.cells);
  free(c.v);
  free(c.stop);
  free(c.step);
  free(match);
  free(pos);
  free(stack);
  return ok ? 0 : 1;
}
