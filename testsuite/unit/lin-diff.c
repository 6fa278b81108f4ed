/* lin-diff.c - differential test of the linear form (after tinygrad's
   linearizer; ir/linear/linear.h).

   Usage: lin-diff  (environment: PTO_LIN_DIFF_CASES, default 3000;
   PTO_LIN_DIFF_SEED, default 1; PTO_LIN_DIFF_SHOW=1 prints each program)

   For each case it writes a random small structured scalar kernel
     kernel k(m: ptr<i32>, n: i32, s: i32) { ... }
   with a 4 x 4 tile t (filled first, copied to a tile t2 and both folded
   into m at the end), registers
   (variables assigned later), binds, nested and sibling
   loops (up and down, bounds from constants, parameters and outer
   indices, zero-trip loops included, empty bodies), ifs with and
   without else, stores that may become gated stores, divisions guarded
   by an if (hoisting one out would divide by zero), loads and stores on
   a 16-cell memory m and on t (indices masked), parses it, evaluates it
   with the small structured interpreter below, and compares the memory
   with that of pto_lin_interp on its linear form, built
     1. with gated stores and no predicated stores (stage 22 makes IFs),
     2. with gated stores kept (a target with predicated stores),
     3. without gated stores (every if is a block),
     4. after the default pipeline (inline, unroll, simplify),
     5. after that and the decompose pass (so decompositions under the
        loop index ranges the pass derives are checked too),
   each list first checked by pto_lin_check.  Parameters n and s take
   values in [-2, 6].  Exit status 0 when every case agrees.  */

#include "include/pto-f16.h"
#include "ir/linear/linear.h"
#include "passes/passes.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { NMEM = 16, MAXVARS = 64 };

/* ------------------------------------------------------------------ */
/* Random programs                                                     */
/* ------------------------------------------------------------------ */

typedef struct gen {
  uint64_t s;
  pto_buf b;
  const char *vars[MAXVARS];   /* readable i32 names in scope */
  bool reg[MAXVARS];
  int nvars;
  int counter;
  int nstmts;
  int inloop;                  /* loops around the statement */
  char pool[1024][12];         /* generated names */
} gen;

static char *
newname(gen *g, char c)
{
  char *s = g->pool[g->counter % 1024];
  snprintf(s, sizeof g->pool[0], "%c%d", c, g->counter);
  g->counter++;
  return s;
}

static uint64_t
rnd(gen *g)
{
  g->s ^= g->s << 13;
  g->s ^= g->s >> 7;
  g->s ^= g->s << 17;
  return g->s;
}

static int
pick(gen *g, int n)
{
  return (int)(rnd(g) % (uint64_t)n);
}

static void
indent(gen *g, int d)
{
  for (int i = 0; i < d; i++)
    pto_buf_puts(&g->b, "  ");
}

/* An i32 expression; LOADS: it may read m[].  */
static void element(gen *g, int depth, bool loads);

static void
expr(gen *g, int depth, bool loads)
{
  int k = depth <= 0 ? pick(g, 3) : pick(g, 12);
  switch (k) {
  case 0:
    pto_buf_printf(&g->b, "%d", pick(g, 26) - 5);
    return;
  case 1:
    pto_buf_puts(&g->b, g->vars[pick(g, g->nvars)]);
    return;
  case 2:
    if (loads) {
      element(g, depth - 1, true);
    } else {
      pto_buf_puts(&g->b, g->vars[pick(g, g->nvars)]);
    }
    return;
  case 3: case 4: case 5: case 6: {
    static const char *ops[] = {"+", "-", "*", "&", "|", "^"};
    pto_buf_putc(&g->b, '(');
    expr(g, depth - 1, loads);
    pto_buf_printf(&g->b, " %s ", ops[pick(g, 6)]);
    expr(g, depth - 1, loads);
    pto_buf_putc(&g->b, ')');
    return;
  }
  case 7: {
    static const int ds[] = {1, 2, 3, 5, 7, -3, 4};
    pto_buf_putc(&g->b, '(');
    expr(g, depth - 1, loads);
    pto_buf_printf(&g->b, " %s %d)", pick(g, 2) ? "/" : "%", ds[pick(g, 7)]);
    return;
  }
  case 8:
    pto_buf_printf(&g->b, "%s(", pick(g, 2) ? "min" : "max");
    expr(g, depth - 1, loads);
    pto_buf_puts(&g->b, ", ");
    expr(g, depth - 1, loads);
    pto_buf_putc(&g->b, ')');
    return;
  case 9:
    pto_buf_putc(&g->b, '(');
    expr(g, depth - 1, loads);
    pto_buf_printf(&g->b, " %s %d)", pick(g, 2) ? "<<" : ">>", pick(g, 5));
    return;
  case 10:
    pto_buf_puts(&g->b, "(");
    expr(g, depth - 1, loads);
    pto_buf_puts(&g->b, " < ");
    expr(g, depth - 1, loads);
    pto_buf_puts(&g->b, " ? ");
    expr(g, depth - 1, false);
    pto_buf_puts(&g->b, " : ");
    expr(g, depth - 1, false);
    pto_buf_puts(&g->b, ")");
    return;
  default:
    pto_buf_puts(&g->b, "-");
    pto_buf_putc(&g->b, '(');
    expr(g, depth - 1, loads);
    pto_buf_putc(&g->b, ')');
    return;
  }
}

/* An element of m (16 cells) or of the tile t (4 x 4); its indices may
   load when LOADS.  */
static void
element(gen *g, int depth, bool loads)
{
  if (pick(g, 3)) {
    pto_buf_puts(&g->b, "m[(");
    expr(g, depth, loads);
    pto_buf_puts(&g->b, ") & 15]");
    return;
  }
  pto_buf_puts(&g->b, "t[(");
  expr(g, depth, loads);
  pto_buf_puts(&g->b, ") & 3][(");
  expr(g, depth, loads);
  pto_buf_puts(&g->b, ") & 3]");
}

static void
cond(gen *g, int depth)
{
  static const char *cmp[] = {"<", "<=", ">", ">=", "==", "!="};
  int k = pick(g, 6);
  if (k == 0 && depth > 0) {
    pto_buf_puts(&g->b, "!(");
    cond(g, depth - 1);
    pto_buf_putc(&g->b, ')');
  } else if (k == 1 && depth > 0) {
    pto_buf_putc(&g->b, '(');
    cond(g, depth - 1);
    pto_buf_printf(&g->b, " %s ", pick(g, 2) ? "&&" : "||");
    /* The right operand is evaluated only when needed: no loads.  */
    expr(g, 1, false);
    pto_buf_printf(&g->b, " %s ", cmp[pick(g, 6)]);
    expr(g, 1, false);
    pto_buf_putc(&g->b, ')');
  } else {
    expr(g, 2, true);
    pto_buf_printf(&g->b, " %s ", cmp[k]);
    expr(g, 2, true);
  }
}

static void block(gen *g, int d, int nest);

static void
loop_bound(gen *g)
{
  if (pick(g, 3) == 0)
    pto_buf_puts(&g->b, g->vars[pick(g, g->nvars)]);
  else
    pto_buf_printf(&g->b, "%d", pick(g, 9) - 2);
}

static void stmt(gen *g, int d, int nest);

/* A while loop over a fresh counter register: the counter goes up
   first thing in the body, so that a continue cannot loop forever;
   "while (true)" leaves by a break.  */
static void
while_loop(gen *g, int d, int nest)
{
  char *w = newname(g, 'w');
  pto_buf_printf(&g->b, "var %s: i32 = 0;\n", w);
  indent(g, d);
  bool forever = pick(g, 3) == 0;
  if (forever) {
    pto_buf_puts(&g->b, "while (true) {\n");
  } else {
    pto_buf_printf(&g->b, "while (%s < ", w);
    loop_bound(g);
    pto_buf_puts(&g->b, ") {\n");
  }
  indent(g, d + 1);
  pto_buf_printf(&g->b, "%s = %s + 1;\n", w, w);
  if (forever) {
    indent(g, d + 1);
    pto_buf_printf(&g->b, "if (%s > %d) {\n", w, pick(g, 5));
    indent(g, d + 2);
    pto_buf_puts(&g->b, "break;\n");
    indent(g, d + 1);
    pto_buf_puts(&g->b, "}\n");
  }
  int saved = g->nvars;
  if (g->nvars < MAXVARS) {
    g->reg[g->nvars] = false;
    g->vars[g->nvars++] = w;
  }
  g->inloop++;
  int n = 1 + pick(g, 3);
  for (int i = 0; i < n; i++)
    stmt(g, d + 1, nest - 1);
  g->inloop--;
  g->nvars = saved;
  indent(g, d);
  pto_buf_puts(&g->b, "}\n");
}

/* break, continue or return, alone or after a store, under an if.  */
static void
jump_stmt(gen *g, int d)
{
  const char *what = g->inloop ? (pick(g, 5) == 0 ? "return"
                                  : pick(g, 2) ? "break" : "continue")
                               : "return";
  pto_buf_puts(&g->b, "if (");
  cond(g, 1);
  pto_buf_puts(&g->b, ") {\n");
  if (pick(g, 2)) {
    indent(g, d + 1);
    element(g, 1, false);
    pto_buf_puts(&g->b, " = ");
    expr(g, 1, false);
    pto_buf_puts(&g->b, ";\n");
  }
  indent(g, d + 1);
  pto_buf_printf(&g->b, "%s;\n", what);
  indent(g, d);
  pto_buf_puts(&g->b, "}\n");
}

static void
stmt(gen *g, int d, int nest)
{
  int k = pick(g, nest > 0 ? 13 : 6);
  g->nstmts++;
  indent(g, d);
  if (k == 10 && (g->inloop || pick(g, 4) == 0)) {
    jump_stmt(g, d);
    return;
  }
  if (k == 11) {
    while_loop(g, d, nest);
    return;
  }
  if (k >= 10)
    k = 9;
  switch (k) {
  case 0: case 1:
    element(g, 2, true);
    pto_buf_puts(&g->b, " = ");
    expr(g, 2, true);
    pto_buf_puts(&g->b, ";\n");
    break;
  case 2: {
    int regs[MAXVARS], n = 0;
    for (int i = 0; i < g->nvars; i++)
      if (g->reg[i])
        regs[n++] = i;
    pto_buf_printf(&g->b, "%s = ", g->vars[regs[pick(g, n)]]);
    expr(g, 2, true);
    pto_buf_puts(&g->b, ";\n");
    break;
  }
  case 3: {
    char *name = newname(g, 'b');
    pto_buf_printf(&g->b, "var %s: i32 = ", name);
    expr(g, 2, true);
    pto_buf_puts(&g->b, ";\n");
    if (g->nvars < MAXVARS) {
      g->reg[g->nvars] = false;
      g->vars[g->nvars++] = name;
    }
    break;
  }
  case 4: {
    /* A guarded division: hoisting it would divide by zero.  */
    int id = g->counter++ + 100000;
    pto_buf_printf(&g->b, "var d%d: i32 = ", id);
    expr(g, 1, true);
    pto_buf_printf(&g->b, ";\n");
    indent(g, d);
    pto_buf_printf(&g->b, "if (d%d > 0) {\n", id);
    indent(g, d + 1);
    element(g, 1, false);
    pto_buf_puts(&g->b, " = ");
    expr(g, 1, false);
    pto_buf_printf(&g->b, " %s d%d;\n", pick(g, 2) ? "/" : "%", id);
    indent(g, d);
    pto_buf_puts(&g->b, "}\n");
    break;
  }
  case 5:
    pto_buf_puts(&g->b, "if (");
    cond(g, 1);
    pto_buf_puts(&g->b, ") {\n");
    indent(g, d + 1);
    element(g, 1, false);
    pto_buf_puts(&g->b, " = ");
    expr(g, 1, false);
    pto_buf_puts(&g->b, ";\n");
    indent(g, d);
    pto_buf_puts(&g->b, "}\n");
    break;
  case 6: case 7:
    pto_buf_puts(&g->b, "if (");
    cond(g, 1);
    pto_buf_puts(&g->b, ") ");
    block(g, d, nest - 1);
    if (pick(g, 2)) {
      pto_buf_puts(&g->b, " else ");
      block(g, d, nest - 1);
    }
    pto_buf_putc(&g->b, '\n');
    break;
  default: {
    char *name = newname(g, 'j');
    bool down = pick(g, 4) == 0;
    int step = 1 + pick(g, 3);
    pto_buf_printf(&g->b, "for (%s: i32 = ", name);
    loop_bound(g);
    pto_buf_printf(&g->b, "; %s %s ", name, down ? ">" : "<");
    loop_bound(g);
    pto_buf_printf(&g->b, "; %s += %d) ", name, down ? -step : step);
    int saved = g->nvars;
    if (g->nvars < MAXVARS) {
      g->reg[g->nvars] = false;
      g->vars[g->nvars++] = name;
    }
    if (pick(g, 12) == 0) {
      pto_buf_puts(&g->b, "{\n");
      indent(g, d);
      pto_buf_putc(&g->b, '}');
    } else {
      g->inloop++;
      block(g, d, nest - 1);
      g->inloop--;
    }
    pto_buf_putc(&g->b, '\n');
    g->nvars = saved;
    break;
  }
  }
}

/* "{ stmts }" without the final newline; names declared inside go out
   of scope after it.  */
static void
block(gen *g, int d, int nest)
{
  int saved = g->nvars;
  pto_buf_puts(&g->b, "{\n");
  int n = 1 + pick(g, 3);
  for (int i = 0; i < n; i++)
    stmt(g, d + 1, nest);
  indent(g, d);
  pto_buf_putc(&g->b, '}');
  g->nvars = saved;
}

static void
program(gen *g)
{
  g->b.len = 0;
  g->nvars = 0;
  g->counter = 0;
  g->inloop = 0;
  pto_buf_puts(&g->b, "kernel k(m: ptr<i32>, n: i32, s: i32) {\n"
                      "  var t: tile<i32,4,4>;\n"
                      "  for (z: i32 = 0; z < 16; z += 1) {\n"
                      "    t[z / 4][z % 4] = z;\n"
                      "  }\n");
  g->vars[g->nvars] = "n";
  g->reg[g->nvars++] = false;
  g->vars[g->nvars] = "s";
  g->reg[g->nvars++] = true;
  int nregs = 1 + pick(g, 2);
  static const char *rn[] = {"r0", "r1"};
  for (int i = 0; i < nregs; i++) {
    pto_buf_printf(&g->b, "  var %s: i32 = %d;\n", rn[i], pick(g, 5));
    g->vars[g->nvars] = rn[i];
    g->reg[g->nvars++] = true;
  }
  int n = 2 + pick(g, 3);
  for (int i = 0; i < n; i++)
    stmt(g, 1, 3);
  pto_buf_puts(&g->b, "  m[0] = r0;\n  m[1] = s;\n"
                      "  var t2: tile<i32,4,4> = t;\n"
                      "  t[1][2] = 99;\n"
                      "  for (z2: i32 = 0; z2 < 16; z2 += 1) {\n"
                      "    m[z2] = m[z2] * 3 + t2[z2 / 4][z2 % 4]"
                      " + t[z2 / 4][1];\n"
                      "  }\n}\n");
}

/* ------------------------------------------------------------------ */
/* The structured interpreter (independent of ir/linear/interp.c)            */
/* ------------------------------------------------------------------ */

typedef struct sx {
  int64_t *vals;           /* by var id */
  int64_t *mem;
  int64_t (*tile)[16];     /* tiles by var id */
  long steps;
  bool trap;
  pto_stmt_kind jump;      /* BREAK, CONTINUE, RETURN in flight; else DECL */
} sx;

static int64_t
w32(int64_t v)
{
  return (int32_t)(uint32_t)(uint64_t)v;
}

static int64_t ev(sx *X, const pto_expr *e);

/* The cell of m[i] or t[i][j]; NULL (and a trap) when out of range.  */
static int64_t *
element_cell(sx *X, const pto_expr *e)
{
  int64_t i = ev(X, e->args[0]);
  if (e->nargs == 2) {
    int64_t j = ev(X, e->args[1]);
    if (i < 0 || i >= 4 || j < 0 || j >= 4) {
      X->trap = true;
      return NULL;
    }
    return &X->tile[e->a->u.var->id][i * 4 + j];
  }
  if (i < 0 || i >= NMEM) {
    X->trap = true;
    return NULL;
  }
  return &X->mem[i];
}

static int64_t
ev(sx *X, const pto_expr *e)
{
  if (X->trap)
    return 0;
  switch (e->kind) {
  case PTO_E_INT:
    return e->u.ival;
  case PTO_E_VAR:
    return X->vals[e->u.var->id];
  case PTO_E_INDEX: {
    int64_t *cell = element_cell(X, e);
    return cell ? *cell : 0;
  }
  case PTO_E_SELECT:
    return ev(X, e->a) ? ev(X, e->b) : ev(X, e->c);
  case PTO_E_UN: {
    int64_t a = ev(X, e->a);
    switch (e->u.unop) {
    case PTO_UN_NEG: return w32(-a);
    case PTO_UN_NOT: return !a;
    default: abort();
    }
  }
  case PTO_E_BIN: {
    if (e->u.binop == PTO_BIN_LAND)
      return ev(X, e->a) && ev(X, e->b);
    if (e->u.binop == PTO_BIN_LOR)
      return ev(X, e->a) || ev(X, e->b);
    int64_t a = ev(X, e->a), b = ev(X, e->b);
    switch (e->u.binop) {
    case PTO_BIN_ADD: return w32(a + b);
    case PTO_BIN_SUB: return w32(a - b);
    case PTO_BIN_MUL: return w32(a * b);
    case PTO_BIN_DIV: case PTO_BIN_MOD:
      if (b == 0 || (a == INT32_MIN && b == -1)) {
        X->trap = true;
        return 0;
      }
      return e->u.binop == PTO_BIN_DIV ? a / b : a % b;
    case PTO_BIN_BAND: return a & b;
    case PTO_BIN_BOR: return a | b;
    case PTO_BIN_BXOR: return a ^ b;
    case PTO_BIN_SHL: return w32((int64_t)((uint64_t)a << b));
    case PTO_BIN_SHR: return a >> b;
    case PTO_BIN_MIN: return a < b ? a : b;
    case PTO_BIN_MAX: return a > b ? a : b;
    case PTO_BIN_LT: return a < b;
    case PTO_BIN_LE: return a <= b;
    case PTO_BIN_GT: return a > b;
    case PTO_BIN_GE: return a >= b;
    case PTO_BIN_EQ: return a == b;
    case PTO_BIN_NE: return a != b;
    default: abort();
    }
  }
  default:
    abort();
  }
}

static void run_block(sx *X, const pto_block *b);

static void
run_stmt(sx *X, const pto_stmt *s)
{
  if (X->trap || ++X->steps > 1000000) {
    X->trap = true;
    return;
  }
  switch (s->kind) {
  case PTO_S_DECL:
    if (s->var->type->kind == PTO_TY_TILE) {
      if (s->value)
        memcpy(X->tile[s->var->id], X->tile[s->value->u.var->id],
               sizeof X->tile[0]);
      break;
    }
    X->vals[s->var->id] = s->value ? ev(X, s->value) : 0;
    break;
  case PTO_S_ASSIGN: {
    int64_t v = ev(X, s->value);
    if (s->lhs->kind == PTO_E_VAR) {
      X->vals[s->lhs->u.var->id] = v;
    } else {
      int64_t *cell = element_cell(X, s->lhs);
      if (cell && !X->trap)
        *cell = v;
    }
    break;
  }
  case PTO_S_IF:
    if (ev(X, s->cond))
      run_block(X, &s->body);
    else
      run_block(X, &s->els);
    break;
  case PTO_S_FOR: {
    /* C's for: the stop and the step are evaluated at each test and
       increment (the body may assign what they read).  */
    X->vals[s->var->id] = ev(X, s->start);
    for (;;) {
      int64_t i = X->vals[s->var->id], stop = ev(X, s->stop);
      if (X->trap || !(s->down ? i > stop : i < stop))
        break;
      run_block(X, &s->body);
      if (X->jump == PTO_S_BREAK || X->jump == PTO_S_RETURN)
        break;
      X->jump = PTO_S_DECL;
      X->vals[s->var->id] = w32(X->vals[s->var->id] + ev(X, s->step));
    }
    if (X->jump != PTO_S_RETURN)
      X->jump = PTO_S_DECL;
    break;
  }
  case PTO_S_WHILE:
    while (!X->trap && ev(X, s->cond)) {
      run_block(X, &s->body);
      if (X->jump == PTO_S_BREAK || X->jump == PTO_S_RETURN)
        break;
      X->jump = PTO_S_DECL;
    }
    if (X->jump != PTO_S_RETURN)
      X->jump = PTO_S_DECL;
    break;
  case PTO_S_BREAK: case PTO_S_CONTINUE: case PTO_S_RETURN:
    X->jump = s->kind;
    break;
  case PTO_S_EVAL:
    ev(X, s->value);
    break;
  default:
    abort();
  }
}

static void
run_block(sx *X, const pto_block *b)
{
  for (int i = 0; i < b->n && X->jump == PTO_S_DECL; i++)
    run_stmt(X, b->items[i]);
}

/* ------------------------------------------------------------------ */
/* Driver                                                              */
/* ------------------------------------------------------------------ */

static long
env_long(const char *name, long def)
{
  const char *v = getenv(name);
  return v && *v ? strtol(v, NULL, 10) : def;
}

static void
quiet(void *ctx, pto_diag_kind k, pto_loc l, const char *msg)
{
  (void)ctx;
  (void)k;
  (void)l;
  (void)msg;
}

/* Linearize P's kernel with O, run it, compare with WANT; 0 if equal.  */
static int
check_variant(const pto_program *p, const pto_lin_opts *o, const char *what,
              const int64_t *init, const int64_t *want, bool want_trap,
              int64_t n, int64_t s, long ncase, const char *text)
{
  pto_diag d;
  pto_diag_init(&d);
  d.emit = quiet;
  const pto_func *f = NULL;
  for (int i = 0; i < p->nfuncs; i++)
    if (!p->funcs[i]->dead && p->funcs[i]->kind == PTO_FN_KERNEL)
      f = p->funcs[i];
  pto_lin_fn *fn = f ? pto_lin_function(f, o, &d) : NULL;
  if (!fn) {
    printf("FAIL: case %ld (%s): not linearized\n%s", ncase, what, text);
    pto_diag_init(&d);
    if (f)
      pto_lin_fn_free(pto_lin_build(f, o, &d));
    return 1;
  }
  pto_buf why = {0};
  int bad = 0;
  if (!pto_lin_check(fn, &why)) {
    printf("FAIL: case %ld (%s): bad list: %s\n", ncase, what, why.s);
    bad = 1;
  }
  pto_lin_val mem[NMEM], args[3] = {{0, 0}, {n, 0}, {s, 0}};
  for (int i = 0; i < NMEM; i++)
    mem[i] = (pto_lin_val){init[i], 0};
  pto_buf err = {0};
  int rc = bad ? 0 : pto_lin_interp(fn, args, mem, NMEM, 10000000, &err);
  if (!bad && (rc != 0) != want_trap) {
    printf("FAIL: case %ld (%s): %s\n", ncase, what,
           rc ? err.s : "the structured program traps, the linear not");
    bad = 1;
  }
  for (int i = 0; !bad && !want_trap && i < NMEM; i++)
    if (mem[i].i != want[i]) {
      printf("FAIL: case %ld (%s): m[%d] = %" PRId64 ", want %" PRId64
             " (n=%" PRId64 " s=%" PRId64 ")\n",
             ncase, what, i, mem[i].i, want[i], n, s);
      bad = 1;
    }
  if (bad) {
    pto_buf lin = {0};
    pto_lin_print(&lin, fn, PTO_LIN_PRINT_KEYS);
    printf("%s%s", text, lin.s);
    pto_buf_free(&lin);
  }
  pto_buf_free(&why);
  pto_buf_free(&err);
  pto_lin_fn_free(fn);
  return bad;
}

/* fp16 rounding points (linear.h): the kernel below linearized with
   all_shapes and run by pto_lin_interp against C, for a few operands
   chosen so that rounding a * b before adding c changes the result.
   The C reference spells out GCC's _Float16 evaluation on x86-64
   (float arithmetic, a rounding where the value becomes a _Float16),
   with the rounding of include/pto-f16.h (checked against _Float16 bit
   for bit by f16-soft), so that it runs with compilers that lack
   _Float16 (GCC 11 on x86-64) too.
   Return the number of failures.  */
static double
r16(double x)
{
  return pto_f16_bits_to_float(pto_f16_bits_from_double(x));
}

static int
check_f16(void)
{
  static const char text[] =
      "kernel h(m: ptr<f16>, w: ptr<f32>, a: f16, b: f16, c: f16) {\n"
      "  var x: f16 = a * b + c;\n"
      "  m[0] = x;\n"
      "  m[1] = a * b;\n"
      "  w[0] = (f32)(a * b + c);\n"
      "  if (a * b < c) {\n"
      "    m[2] = -(a + b) / c;\n"
      "  }\n"
      "}\n";
  static const float ops[][3] = {
      {1.0009765625f, 1.0009765625f, -1.0f}, {3.1f, 0.7f, 2.3f},
      {1000.5f, 1.5f, 2048.0f}, {-0.333f, 0.1f, 0.05f}, {60000, 2, 1}};
  pto_diag d;
  pto_diag_init(&d);
  pto_program *p = pto_parse("lin-f16.pto", text, sizeof text - 1, &d);
  pto_lin_opts o;
  pto_lin_opts_init(&o);
  o.all_shapes = true;
  pto_lin_fn *fn = p ? pto_lin_function(p->funcs[0], &o, &d) : NULL;
  int fails = 0;
  for (size_t k = 0; fn && k < sizeof ops / sizeof *ops; k++) {
    double a = r16(ops[k][0]), b = r16(ops[k][1]), c = r16(ops[k][2]);
    float ab = (float)a * (float)b;
    double want[4] = {r16(ab + (float)c), r16(ab), 99,
                      (double)(ab + (float)c)};
    if (ab < (float)c)
      want[2] = r16(-(float)r16((float)a + (float)b) / (float)c);
    pto_lin_val mem[4] = {{0, 0}, {0, 0}, {0, 99}, {0, 0}};
    pto_lin_val args[5] = {{0, 0}, {3, 0}, {0, (double)a}, {0, (double)b},
                           {0, (double)c}};
    pto_buf err = {0};
    if (pto_lin_interp(fn, args, mem, 4, 1000, &err)) {
      printf("FAIL: f16 case %zu: %s\n", k, err.s);
      fails++;
    }
    for (int i = 0; i < 4; i++)
      if (mem[i].f != want[i]) {
        printf("FAIL: f16 case %zu: cell %d = %a, want %a\n", k, i,
               mem[i].f, want[i]);
        fails++;
      }
    pto_buf_free(&err);
  }
  if (!fn) {
    printf("FAIL: the f16 kernel is not linearized\n");
    fails++;
  }
  pto_lin_fn_free(fn);
  pto_program_free(p);
  return fails;
}

int
main(void)
{
  long cases = env_long("PTO_LIN_DIFF_CASES", 3000);
  long seed = env_long("PTO_LIN_DIFF_SEED", 1);
  bool show = env_long("PTO_LIN_DIFF_SHOW", 0) != 0;
  gen g = {0};
  g.s = 0x9e3779b97f4a7c15u ^ (uint64_t)seed * 0x2545f4914f6cdd1du;
  if (!g.s)
    g.s = 1;
  long fails = 0, traps = 0, uops = 0;
  for (long c = 0; c < cases && fails < 5; c++) {
    program(&g);
    if (show)
      printf("# case %ld\n%s", c, g.b.s);
    pto_diag d;
    pto_diag_init(&d);
    pto_program *p = pto_parse("lin-diff.pto", g.b.s, g.b.len, &d);
    if (!p) {
      printf("FAIL: case %ld does not parse\n%s", c, g.b.s);
      fails++;
      continue;
    }
    int64_t n = pick(&g, 9) - 2, s = pick(&g, 9) - 2;
    int64_t init[NMEM], want[NMEM];
    for (int i = 0; i < NMEM; i++)
      init[i] = want[i] = pick(&g, 41) - 20;
    sx X = {pto_xcalloc(p->next_var_id + 1, sizeof(int64_t)), want,
            pto_xcalloc(p->next_var_id + 1, sizeof(int64_t[16])), 0, false,
            PTO_S_DECL};
    const pto_func *f = p->funcs[0];
    X.vals[f->params[1]->id] = n;
    X.vals[f->params[2]->id] = s;
    run_block(&X, &f->body);
    traps += X.trap;
    free(X.vals);
    free(X.tile);
    pto_lin_opts o;
    pto_lin_opts_init(&o);
    o.all_shapes = true;
    int bad = check_variant(p, &o, "if/endif", init, want, X.trap, n, s, c,
                            g.b.s);
    o.predicated_stores = true;
    bad |= check_variant(p, &o, "predicated", init, want, X.trap, n, s, c,
                         g.b.s);
    o.gate_stores = false;
    bad |= check_variant(p, &o, "no gating", init, want, X.trap, n, s, c,
                         g.b.s);
    pto_lin_fn *fn = pto_lin_function(p->funcs[0], &o, &d);
    if (fn)
      uops += fn->nlist;
    pto_lin_fn_free(fn);
    pto_options opts;
    pto_options_init(&opts);
    pto_pm pm;
    pto_pm_init(&pm, &opts, &d);
    if (pto_pm_run(&pm, p, pto_default_pipeline) == 0) {
      pto_lin_opts_init(&o);
      o.all_shapes = true;
      bad |= check_variant(p, &o, "after the default pipeline", init, want,
                           X.trap, n, s, c, g.b.s);
      const pto_pass *dec[] = {&pto_pass_decompose, NULL};
      if (pto_pm_run(&pm, p, dec) == 0)
        bad |= check_variant(p, &o, "after decompose", init, want, X.trap,
                             n, s, c, g.b.s);
      else
        bad = 1;
    } else {
      printf("FAIL: case %ld: the default pipeline failed\n", c);
      bad = 1;
    }
    pto_pm_fini(&pm);
    fails += bad;
    pto_program_free(p);
  }
  pto_buf_free(&g.b);
  fails += check_f16();
  printf("%s: lin-diff: %ld cases (seed %ld, %ld trap), %ld uops in "
         "all, %ld failed\n",
         fails ? "FAIL" : "PASS", cases, seed, traps, uops, fails);
  return fails ? 1 : 0;
}
