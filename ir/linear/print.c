/* print.c - text of the linear form and its structural checker.

   pto_lin_print writes the linear list, one uop a line:
     %N = OP[.ALU] [TYPE] [OPERANDS] [EXTRA]      [# rc=R depth=D prio=P]
   N is the line's position (0-based), operands name earlier lines.
   EXTRA: a constant's value, a definition's name, "gate=%G" for a
   gated INDEX, "closes %R" for END and ENDIF, "down" for a down-counting
   RANGE.  pto_lin_print_graph writes the graph in node-id order with
   the ordering-only edges ("after %A, %B"), numbered by id.

   pto_lin_check verifies a linear list: operands defined earlier in a
   block still open, deps earlier, blocks properly nested.  */

#include "ir/linear/linear.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const binop_enum[] = {
#define X(e, s, p, c) #e,
    PTO_BINOPS(X)
#undef X
};
static const char *const unop_enum[] = {
#define X(e, s, f) #e,
    PTO_UNOPS(X)
#undef X
};

static void
print_const(pto_buf *b, const pto_lin_uop *u)
{
  if (u->name) {
    pto_buf_printf(b, " @%s", u->name);
    return;
  }
  pto_dtype dt = u->type->dtype;
  if (dt == PTO_DT_BOOL)
    pto_buf_puts(b, u->ival ? " true" : " false");
  else if (pto_dtype_is_float(dt))
    pto_buf_printf(b, " %.17g", u->fval);
  else if (dt == PTO_DT_U64)
    pto_buf_printf(b, " %" PRIu64, (uint64_t)u->ival);
  else
    pto_buf_printf(b, " %" PRId64, u->ival);
}

/* One uop; NAME maps ids to printed numbers.  */
static void
print_uop(pto_buf *b, const pto_lin_fn *fn, int id, const int *name,
          bool deps, bool keys)
{
  const pto_lin_uop *u = &fn->u[id];
  size_t start = b->len;
  pto_buf_printf(b, "  %%%d = %s", name[id], pto_lop_name(u->op));
  if (u->op == PTO_LOP_BINARY)
    pto_buf_printf(b, ".%s", binop_enum[u->alu]);
  else if (u->op == PTO_LOP_UNARY)
    pto_buf_printf(b, ".%s", unop_enum[u->alu]);
  if (u->op == PTO_LOP_CALL)
    pto_buf_printf(b, " %s%s", u->is_op ? "pto." : "@", u->name);
  if (u->type) {
    pto_buf_putc(b, ' ');
    pto_type_print(b, u->type);
  }
  int nv = u->gated ? u->nval - 1 : u->nval;
  for (int i = 0; i < nv; i++)
    pto_buf_printf(b, "%s%%%d", i ? ", " : " ", name[u->src[i]]);
  if (u->gated)
    pto_buf_printf(b, "%sgate=%%%d", nv ? ", " : " ", name[u->src[nv]]);
  switch (u->op) {
  case PTO_LOP_CONST:
    print_const(b, u);
    break;
  case PTO_LOP_DEFINE_GLOBAL: case PTO_LOP_DEFINE_VAR:
  case PTO_LOP_DEFINE_LOCAL: case PTO_LOP_DEFINE_REG:
    pto_buf_printf(b, " \"%s\"", u->name);
    break;
  case PTO_LOP_RANGE:
    pto_buf_printf(b, " \"%s\"%s", u->name, u->down ? " down" : "");
    break;
  case PTO_LOP_END: case PTO_LOP_ENDIF:
    pto_buf_puts(b, " closes");
    for (int i = 0; i < u->nranges; i++)
      pto_buf_printf(b, "%s%%%d", i ? ", " : " ", name[u->ranges[i]]);
    break;
  case PTO_LOP_BREAK: case PTO_LOP_CONTINUE:
    pto_buf_printf(b, " of %%%d", name[u->ranges[0]]);
    break;
  default:
    break;
  }
  if (deps && u->nsrc > u->nval) {
    pto_buf_puts(b, " after");
    for (int i = u->nval; i < u->nsrc; i++)
      pto_buf_printf(b, "%s%%%d", i > u->nval ? ", " : " ", name[u->src[i]]);
  }
  if (keys) {
    size_t w = b->len - start;
    for (; w < 44; w++)
      pto_buf_putc(b, ' ');
    pto_buf_printf(b, " # rc=%" PRId64 " depth=%d prio=%d", u->run_count,
                   u->depth, pto_lop_priority(u->op));
  }
  pto_buf_putc(b, '\n');
}

static void
header(pto_buf *b, const pto_lin_fn *fn, const char *what, int n)
{
  pto_buf_printf(b, "%s %s %s: %d uops\n", what,
                 pto_func_kind_name(fn->func->kind), fn->func->name, n);
}

void
pto_lin_print(pto_buf *b, const pto_lin_fn *fn, unsigned flags)
{
  int *name = pto_xmalloc((fn->n + 1) * sizeof *name);
  for (int i = 0; i < fn->n; i++)
    name[i] = -1;
  for (int k = 0; k < fn->nlist; k++)
    name[fn->list[k]] = k;
  header(b, fn, "linear", fn->nlist);
  for (int k = 0; k < fn->nlist; k++)
    print_uop(b, fn, fn->list[k], name, false,
              (flags & PTO_LIN_PRINT_KEYS) != 0);
  pto_buf_puts(b, "end\n");
  free(name);
}

void
pto_lin_print_graph(pto_buf *b, const pto_lin_fn *fn)
{
  int *name = pto_xmalloc((fn->n + 1) * sizeof *name);
  for (int i = 0; i < fn->n; i++)
    name[i] = i;
  header(b, fn, "graph", fn->n);
  for (int i = 0; i < fn->n; i++)
    print_uop(b, fn, i, name, true, false);
  pto_buf_puts(b, "end\n");
  free(name);
}

/* ------------------------------------------------------------------ */
/* Checker                                                             */
/* ------------------------------------------------------------------ */

bool
pto_lin_check(const pto_lin_fn *fn, pto_buf *why)
{
  int n = fn->n;
  int *at = pto_xmalloc(n * sizeof *at);       /* list position or -1 */
  int *home = pto_xmalloc(n * sizeof *home);   /* opener open at def */
  bool *open = pto_xcalloc(n, sizeof *open);
  int *stack = pto_xmalloc((fn->nlist + 1) * sizeof *stack), sp = 0;
  bool ok = true;
  for (int i = 0; i < n; i++)
    at[i] = -1;
  for (int k = 0; k < fn->nlist; k++) {
    int id = fn->list[k];
    if (id <= 0 || id >= n || at[id] >= 0) {
      pto_buf_printf(why, "line %d: bad or repeated uop %d", k, id);
      ok = false;
      break;
    }
    at[id] = k;
  }
  for (int k = 0; ok && k < fn->nlist; k++) {
    int id = fn->list[k];
    const pto_lin_uop *u = &fn->u[id];
    for (int i = 0; ok && i < u->nsrc; i++) {
      int s = u->src[i];
      if (at[s] < 0 && i >= u->nval)
        continue;   /* a dep on a node the list dropped */
      if (at[s] < 0 || at[s] >= k) {
        pto_buf_printf(why, "line %d: operand %d is not defined before", k,
                       i);
        ok = false;
      } else if (i < u->nval && home[s] >= 0 && !open[home[s]]) {
        pto_buf_printf(why, "line %d: operand %%%d was defined in a block "
                       "that is closed", k, at[s]);
        ok = false;
      }
    }
    if (!ok)
      break;
    home[id] = sp ? stack[sp - 1] : -1;
    if (u->op == PTO_LOP_RANGE || u->op == PTO_LOP_LOOP
        || u->op == PTO_LOP_IF) {
      stack[sp++] = id;
      open[id] = true;
      if (u->op == PTO_LOP_RANGE)
        home[id] = id;
    } else if (u->op == PTO_LOP_BREAK || u->op == PTO_LOP_CONTINUE) {
      pto_lop t = u->nranges == 1 ? fn->u[u->ranges[0]].op : PTO_LOP_SINK;
      if ((t != PTO_LOP_RANGE && t != PTO_LOP_LOOP) || !open[u->ranges[0]]) {
        pto_buf_printf(why, "line %d: %s of a loop that is not open", k,
                       pto_lop_name(u->op));
        ok = false;
      }
    } else if (u->op == PTO_LOP_END || u->op == PTO_LOP_ENDIF) {
      pto_lop want = u->nranges ? fn->u[u->ranges[0]].op : PTO_LOP_SINK;
      if (u->op == PTO_LOP_END ? want != PTO_LOP_RANGE && want != PTO_LOP_LOOP
                               : want != PTO_LOP_IF)
        want = PTO_LOP_SINK;
      if (u->nranges != 1 || !sp || stack[sp - 1] != u->ranges[0]
          || want == PTO_LOP_SINK) {
        pto_buf_printf(why, "line %d: %s does not close the innermost "
                       "open block", k, pto_lop_name(u->op));
        ok = false;
      } else {
        open[stack[--sp]] = false;
        home[id] = sp ? stack[sp - 1] : -1;
      }
    }
  }
  if (ok && sp) {
    pto_buf_printf(why, "a block opened at line %d is never closed",
                   at[stack[sp - 1]]);
    ok = false;
  }
  free(stack);
  free(open);
  free(home);
  free(at);
  return ok;
}
