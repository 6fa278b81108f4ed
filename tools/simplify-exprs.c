/* simplify-exprs.c - `pto-opt --simplify-exprs FILE`: run the symbolic
   simplifier (rewrite/rewrite.c) over a corpus of expressions, one per
   line, so that it can be compared side by side with other systems.

   Input format (doc/passes.md, "Symbolic rewriting"):
     # comment
     var x: i32 in [0, 15]        declare x with a range (range optional)
     x * 4 + 3 - x * 4            one integer/bool expression per line
   Expressions use the doc/ir.md syntax: + - * / % << >> < <= > >= == !=
   & ^ | && || ?: ! ~ unary -, casts (i64)x, abs, min, max, floordiv,
   floormod, literals with suffixes (7:i64, true).  Unlike the IR parser,
   an unsuffixed literal takes the type of the other operand (x + 1 with
   x: i64 is x + 1:i64), so corpora stay short.  The IR parser (ir/parse.c)
   has no expression-only entry, so this file has its own compact parser.

   Output: the simplified form of each expression, one per line, on
   standard output; then on standard error
     # N expressions, T us per expression, nodes BEFORE -> AFTER
   T is the processor time spent in pto_simplify_expr only (parsing and
   printing excluded), so a loaded machine does not inflate it; it is
   read once per batch of up to 32 expressions (none of them after a
   declaration the others precede), not per expression: a reading costs
   about a microsecond.
   Errors are reported as FILE:LINE:COL: error: ... through the sink.  */

#define _POSIX_C_SOURCE 200809L

#include "rewrite/rewrite.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------ */
/* Lexer / parser                                                      */
/* ------------------------------------------------------------------ */

struct pto_sx_scope {
  pto_program *p;
  pto_func *f;
  pto_range_env *env;
  int n, cap;
  pto_var **vars;
};

typedef struct parser {
  pto_sx_scope *sc;
  const char *s, *start;
  pto_loc loc;
  pto_diag *diag;
  bool failed;
} parser;


pto_sx_scope *
pto_sx_new(void)
{
  pto_sx_scope *sc = pto_xcalloc(1, sizeof *sc);
  sc->p = pto_program_new();
  sc->f = pto_func_new(sc->p, PTO_FN_PLAIN, "exprs", pto_type_void(sc->p),
                       pto_noloc);
  sc->env = pto_range_env_new();
  return sc;
}

void
pto_sx_free(pto_sx_scope *sc)
{
  if (!sc)
    return;
  pto_range_env_free(sc->env);
  pto_program_free(sc->p);
  free(sc->vars);
  free(sc);
}

pto_program *
pto_sx_program(pto_sx_scope *sc)
{
  return sc->p;
}

const pto_range_env *
pto_sx_env(pto_sx_scope *sc)
{
  return sc->env;
}

pto_var *
pto_sx_lookup(pto_sx_scope *sc, const char *name)
{
  for (int i = 0; i < sc->n; i++)
    if (!strcmp(sc->vars[i]->name, name))
      return sc->vars[i];
  return NULL;
}

static void
perr(parser *ps, const char *msg)
{
  if (ps->failed)
    return;
  ps->failed = true;
  pto_loc l = ps->loc;
  l.col += (int)(ps->s - ps->start);
  pto_error(ps->diag, l, "%s", msg);
}

static void
skip_ws(parser *ps)
{
  while (*ps->s == ' ' || *ps->s == '\t' || *ps->s == '\r')
    ps->s++;
  if (*ps->s == '#')
    ps->s += strlen(ps->s);
}

static bool
accept(parser *ps, const char *tok)
{
  skip_ws(ps);
  size_t n = strlen(tok);
  if (strncmp(ps->s, tok, n) != 0)
    return false;
  /* Do not split "<<" into "<" "<", "&&" into "&" "&", ...  */
  if (n == 1 && strchr("<>&|=", tok[0]) && ps->s[1] == tok[0])
    return false;
  if (n == 1 && (tok[0] == '<' || tok[0] == '>' || tok[0] == '!')
      && ps->s[1] == '=')
    return false;
  if (isalpha((unsigned char)tok[0]) && (isalnum((unsigned char)ps->s[n])
                                         || ps->s[n] == '_'))
    return false;
  ps->s += n;
  return true;
}

static void
expect(parser *ps, const char *tok)
{
  if (!accept(ps, tok)) {
    char msg[64];
    snprintf(msg, sizeof msg, "expected '%s'", tok);
    perr(ps, msg);
  }
}

static size_t
ident_len(const char *s)
{
  size_t n = 0;
  if (!isalpha((unsigned char)s[0]) && s[0] != '_')
    return 0;
  while (isalnum((unsigned char)s[n]) || s[n] == '_')
    n++;
  return n;
}

/* A scalar type name at the cursor, consumed.  */
static bool
parse_dtype(parser *ps, pto_dtype *dt)
{
  skip_ws(ps);
  size_t n = ident_len(ps->s);
  if (!n || !pto_dtype_lookup(ps->s, n, dt))
    return false;
  ps->s += n;
  return true;
}

static pto_expr *parse_expr(parser *ps);

/* A literal written without a suffix is marked so that a binary
   operator can give it the other operand's type.  */
static bool
is_loose(const pto_expr *e)
{
  return e->kind == PTO_E_INT && e->loc.host == 1;
}

static pto_expr *
parse_number(parser *ps, bool neg)
{
  errno = 0;
  char *end;
  unsigned long long u = strtoull(ps->s, &end, 10);
  if (errno) {
    perr(ps, "integer literal out of range");
    return NULL;
  }
  ps->s = end;
  pto_dtype dt = PTO_DT_I64;  /* loose: typed by its context, else i32 */
  bool loose = true;
  if (*ps->s == ':') {
    ps->s++;
    if (!parse_dtype(ps, &dt) || !pto_dtype_is_int(dt)) {
      perr(ps, "expected an integer type after ':'");
      return NULL;
    }
    loose = false;
  }
  pto_i128 v = neg ? -(pto_i128)u : (pto_i128)u;
  pto_expr *e = pto_e_int(ps->sc->p, pto_type_scalar(ps->sc->p, dt),
                          pto_rw_wrap(dt, v), pto_noloc);
  e->loc.host = loose;  /* cleared by unmark() before returning */
  return e;
}

/* Give a loose literal the type T (wrapping its value; the node is
   fresh, so it is changed in place).  */
static pto_expr *
retype(parser *ps, pto_expr *e, const pto_type *t)
{
  (void)ps;
  if (!e || !is_loose(e) || e->type == t || t->kind != PTO_TY_SCALAR
      || !pto_dtype_is_int(t->dtype))
    return e;
  e->type = t;
  e->u.ival = pto_rw_wrap(t->dtype, e->u.ival);
  return e;
}

/* A loose literal no context typed becomes an i32.  */
static pto_expr *
settle(parser *ps, pto_expr *e)
{
  return retype(ps, e, pto_type_scalar(ps->sc->p, PTO_DT_I32));
}

static pto_expr *
mk_bin(parser *ps, pto_binop op, pto_expr *a, pto_expr *b)
{
  if (!a || !b)
    return NULL;
  if (is_loose(a) && is_loose(b)) {
    settle(ps, a);
    settle(ps, b);
  }
  a = retype(ps, a, b->type);
  b = retype(ps, b, a->type);
  if (a->type != b->type) {
    perr(ps, "operands of a binary operator have different types");
    return NULL;
  }
  char cls = pto_binop_class(op);
  bool isb = a->type->dtype == PTO_DT_BOOL;
  if (cls == 'L' && !isb) {
    perr(ps, "'&&' and '||' take bool operands");
    return NULL;
  }
  if ((cls == 'A' || (cls == 'I' && op != PTO_BIN_BAND && op != PTO_BIN_BOR
                      && op != PTO_BIN_BXOR)) && isb) {
    perr(ps, "arithmetic on bool");
    return NULL;
  }
  pto_expr *e = pto_e_bin(ps->sc->p, op, a, b, pto_noloc);
  return e;
}

static pto_expr *
parse_call2(parser *ps, pto_binop op)
{
  expect(ps, "(");
  pto_expr *a = parse_expr(ps);
  expect(ps, ",");
  pto_expr *b = parse_expr(ps);
  expect(ps, ")");
  return mk_bin(ps, op, a, b);
}

static pto_expr *parse_unary(parser *ps);

static pto_expr *
parse_primary(parser *ps)
{
  skip_ws(ps);
  if (ps->failed)
    return NULL;
  if (isdigit((unsigned char)*ps->s))
    return parse_number(ps, false);
  if (*ps->s == '-' && isdigit((unsigned char)ps->s[1])) {
    ps->s++;
    return parse_number(ps, true);
  }
  if (accept(ps, "(")) {
    const char *save = ps->s;
    pto_dtype dt;
    if (parse_dtype(ps, &dt) && accept(ps, ")")) {
      pto_expr *a = settle(ps, parse_unary(ps));
      if (!a)
        return NULL;
      if (a->type->kind != PTO_TY_SCALAR || pto_dtype_is_float(dt)
          || pto_dtype_is_float(a->type->dtype)) {
        perr(ps, "only integer and bool casts are supported here");
        return NULL;
      }
      return pto_e_un(ps->sc->p, PTO_UN_CAST, a,
                      pto_type_scalar(ps->sc->p, dt), pto_noloc);
    }
    ps->s = save;
    pto_expr *e = parse_expr(ps);
    expect(ps, ")");
    return e;
  }
  if (accept(ps, "true"))
    return pto_e_bool(ps->sc->p, true, pto_noloc);
  if (accept(ps, "false"))
    return pto_e_bool(ps->sc->p, false, pto_noloc);
  if (accept(ps, "min"))
    return parse_call2(ps, PTO_BIN_MIN);
  if (accept(ps, "max"))
    return parse_call2(ps, PTO_BIN_MAX);
  if (accept(ps, "floordiv"))
    return parse_call2(ps, PTO_BIN_FLOORDIV);
  if (accept(ps, "floormod"))
    return parse_call2(ps, PTO_BIN_FLOORMOD);
  if (accept(ps, "abs")) {
    expect(ps, "(");
    pto_expr *a = settle(ps, parse_expr(ps));
    expect(ps, ")");
    return a ? pto_e_un(ps->sc->p, PTO_UN_ABS, a, NULL, pto_noloc) : NULL;
  }
  size_t n = ident_len(ps->s);
  if (n) {
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)n, ps->s);
    pto_var *v = pto_sx_lookup(ps->sc, name);
    if (!v) {
      perr(ps, "undeclared variable");
      return NULL;
    }
    ps->s += n;
    return pto_e_var(ps->sc->p, v, pto_noloc);
  }
  perr(ps, "expected an expression");
  return NULL;
}

static pto_expr *
parse_unary(parser *ps)
{
  skip_ws(ps);
  pto_unop op;
  if (*ps->s == '-' && !isdigit((unsigned char)ps->s[1]))
    op = PTO_UN_NEG;
  else if (*ps->s == '!' && ps->s[1] != '=')
    op = PTO_UN_NOT;
  else if (*ps->s == '~')
    op = PTO_UN_BNOT;
  else
    return parse_primary(ps);
  ps->s++;
  pto_expr *a = settle(ps, parse_unary(ps));
  if (!a)
    return NULL;
  bool isb = a->type->dtype == PTO_DT_BOOL;
  if ((op == PTO_UN_NOT) != isb && op != PTO_UN_BNOT) {
    perr(ps, op == PTO_UN_NOT ? "'!' takes a bool" : "'-' of a bool");
    return NULL;
  }
  return pto_e_un(ps->sc->p, op, a, NULL, pto_noloc);
}

/* Binary operators by C precedence (PTO_BINOPS' column), longest
   spelling first within a level.  */
static const struct binspell {
  const char *s;
  pto_binop op;
  int prec;
} binspells[] = {
    {"||", PTO_BIN_LOR, 4},  {"&&", PTO_BIN_LAND, 5}, {"|", PTO_BIN_BOR, 6},
    {"^", PTO_BIN_BXOR, 7},  {"&", PTO_BIN_BAND, 8},  {"==", PTO_BIN_EQ, 9},
    {"!=", PTO_BIN_NE, 9},   {"<=", PTO_BIN_LE, 10},  {">=", PTO_BIN_GE, 10},
    {"<<", PTO_BIN_SHL, 11}, {">>", PTO_BIN_SHR, 11}, {"<", PTO_BIN_LT, 10},
    {">", PTO_BIN_GT, 10},   {"+", PTO_BIN_ADD, 12},  {"-", PTO_BIN_SUB, 12},
    {"*", PTO_BIN_MUL, 13},  {"/", PTO_BIN_DIV, 13},  {"%", PTO_BIN_MOD, 13},
};

static pto_expr *
parse_binary(parser *ps, int minprec)
{
  pto_expr *lhs = parse_unary(ps);
  for (;;) {
    skip_ws(ps);
    const struct binspell *hit = NULL;
    for (size_t i = 0; i < sizeof binspells / sizeof *binspells; i++) {
      size_t n = strlen(binspells[i].s);
      if (strncmp(ps->s, binspells[i].s, n) == 0) {
        /* "<" must not match "<<" or "<=", "&" not "&&", ...  */
        if (n == 1 && (ps->s[1] == '=' || ps->s[1] == ps->s[0]))
          continue;
        hit = &binspells[i];
        break;
      }
    }
    if (!hit || hit->prec < minprec || !lhs)
      return lhs;
    ps->s += strlen(hit->s);
    pto_expr *rhs = parse_binary(ps, hit->prec + 1);
    lhs = mk_bin(ps, hit->op, lhs, rhs);
  }
}

static pto_expr *
parse_expr(parser *ps)
{
  pto_expr *c = parse_binary(ps, 4);
  if (!c || !accept(ps, "?"))
    return c;
  pto_expr *a = parse_expr(ps);
  expect(ps, ":");
  pto_expr *b = parse_expr(ps);
  if (!a || !b)
    return NULL;
  if (is_loose(a) && is_loose(b)) {
    settle(ps, a);
    settle(ps, b);
  }
  if (c->type->dtype != PTO_DT_BOOL) {
    perr(ps, "the condition of '?:' must be bool");
    return NULL;
  }
  a = retype(ps, a, b->type);
  b = retype(ps, b, a->type);
  if (a->type != b->type) {
    perr(ps, "the arms of '?:' have different types");
    return NULL;
  }
  return pto_e_select(ps->sc->p, c, a, b, pto_noloc);
}

/* Clear the "loose literal" marks (host cookies) left in E.  */
static void
unmark(pto_expr *e)
{
  if (!e)
    return;
  e->loc.host = 0;
  unmark(e->a);
  unmark(e->b);
  unmark(e->c);
}

static bool
parse_int64(parser *ps, int64_t *v)
{
  skip_ws(ps);
  errno = 0;
  char *end;
  long long x = strtoll(ps->s, &end, 10);
  if (end == ps->s || errno) {
    perr(ps, "expected an integer bound");
    return false;
  }
  ps->s = end;
  *v = x;
  return true;
}

/* "var NAME: TYPE [in [LO, HI]]".  */
static int
parse_decl(parser *ps)
{
  skip_ws(ps);
  size_t n = ident_len(ps->s);
  if (!n) {
    perr(ps, "expected a variable name");
    return -1;
  }
  char name[128];
  snprintf(name, sizeof name, "%.*s", (int)n, ps->s);
  ps->s += n;
  pto_dtype dt;
  expect(ps, ":");
  if (ps->failed || !parse_dtype(ps, &dt)
      || !(pto_dtype_is_int(dt) || dt == PTO_DT_BOOL)) {
    perr(ps, "expected an integer or bool type");
    return -1;
  }
  if (pto_sx_lookup(ps->sc, name)) {
    perr(ps, "variable declared twice");
    return -1;
  }
  pto_sx_scope *sc = ps->sc;
  pto_var *v = pto_var_new(sc->p, sc->f, name, pto_type_scalar(sc->p, dt),
                           ps->loc);
  if (sc->n == sc->cap) {
    sc->cap = sc->cap ? 2 * sc->cap : 16;
    sc->vars = pto_xrealloc(sc->vars, sizeof *sc->vars * sc->cap);
  }
  sc->vars[sc->n++] = v;
  if (accept(ps, "in")) {
    int64_t lo, hi;
    expect(ps, "[");
    if (ps->failed || !parse_int64(ps, &lo))
      return -1;
    expect(ps, ",");
    if (ps->failed || !parse_int64(ps, &hi))
      return -1;
    expect(ps, "]");
    if (ps->failed)
      return -1;
    pto_iv t = pto_iv_of_dtype(dt);
    if (lo > hi || lo < t.lo || hi > t.hi) {
      perr(ps, "empty range or range outside the type");
      return -1;
    }
    pto_range_env_set(sc->env, v, lo, hi);
  }
  skip_ws(ps);
  if (*ps->s) {
    perr(ps, "unexpected text after the declaration");
    return -1;
  }
  return 0;
}

int
pto_sx_line(pto_sx_scope *sc, const char *line, pto_loc loc, pto_diag *diag,
            pto_expr **out)
{
  parser ps = {sc, line, line, loc, diag, false};
  *out = NULL;
  skip_ws(&ps);
  if (!*ps.s)
    return 0;
  if (accept(&ps, "var"))
    return parse_decl(&ps) ? -1 : 0;
  pto_expr *e = parse_expr(&ps);
  skip_ws(&ps);
  if (!ps.failed && *ps.s)
    perr(&ps, "unexpected text after the expression");
  if (ps.failed || !e)
    return -1;
  settle(&ps, e);
  unmark(e);
  if (!pto_rw_is_intlike(e)) {
    perr(&ps, "not an integer or bool expression");
    return -1;
  }
  *out = e;
  return 1;
}

/* ------------------------------------------------------------------ */
/* The --simplify-exprs mode                                           */
/* ------------------------------------------------------------------ */

static double
now_us(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* The expressions parsed since the last flush, simplified and printed
   together: one timer reading per batch, not per expression, as a
   reading of the process's processor time is a system call (about a
   microsecond, as long as a small expression's simplification).  A
   batch holds at most BATCH expressions, so that their input trees are
   still in the cache when they are simplified, as they would be right
   after parsing.  */
enum { BATCH = 32 };

typedef struct batch {
  pto_expr **in, **out;
  size_t n, cap;
  long count, before, after;
  double us;
} batch;

static void
batch_flush(batch *bt, pto_sx_scope *sc, pto_buf *out)
{
  if (!bt->n)
    return;
  double t0 = now_us();
  for (size_t i = 0; i < bt->n; i++)
    bt->out[i] = pto_simplify_expr(sc->p, bt->in[i], sc->env);
  bt->us += now_us() - t0;
  for (size_t i = 0; i < bt->n; i++) {
    bt->count++;
    bt->before += pto_rw_size(bt->in[i]);
    bt->after += pto_rw_size(bt->out[i]);
    out->len = 0;
    pto_print_expr(out, bt->out[i]);
    printf("%s\n", out->s);
  }
  bt->n = 0;
}

/* True if LINE declares a variable (pto_sx_line's "var" keyword): the
   batch before it is simplified under the ranges declared so far.  */
static bool
is_decl(const char *line)
{
  while (isspace((unsigned char)*line))
    line++;
  return !strncmp(line, "var", 3)
         && !(isalnum((unsigned char)line[3]) || line[3] == '_');
}

int
pto_opt_simplify_exprs(const char *path, pto_diag *diag)
{
  FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
  if (!f) {
    pto_error(diag, pto_noloc, "cannot open '%s': %s", path,
              strerror(errno));
    return 1;
  }
  pto_sx_scope *sc = pto_sx_new();
  const char *file = pto_intern(sc->p, path);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  int lineno = 0, bad = 0;
  batch bt = {0};
  pto_buf out = {0};
  while ((len = getline(&line, &cap, f)) >= 0) {
    lineno++;
    if (len > 0 && line[len - 1] == '\n')
      line[len - 1] = 0;
    if (is_decl(line))
      batch_flush(&bt, sc, &out);
    pto_expr *e;
    int r = pto_sx_line(sc, line, pto_mkloc(sc->p, file, lineno, 1), diag, &e);
    if (r < 0)
      bad++;
    if (r <= 0)
      continue;
    if (bt.n == BATCH)
      batch_flush(&bt, sc, &out);
    if (bt.n == bt.cap) {
      bt.cap = BATCH;
      bt.in = pto_xrealloc(bt.in, bt.cap * sizeof *bt.in);
      bt.out = pto_xrealloc(bt.out, bt.cap * sizeof *bt.out);
    }
    bt.in[bt.n++] = e;
  }
  batch_flush(&bt, sc, &out);
  free(line);
  free(bt.in);
  free(bt.out);
  pto_buf_free(&out);
  if (f != stdin)
    fclose(f);
  fprintf(stderr,
          "# %ld expressions, %.3f us per expression, nodes %ld -> %ld\n",
          bt.count, bt.count ? bt.us / bt.count : 0.0, bt.before, bt.after);
  pto_sx_free(sc);
  return bad ? 1 : 0;
}
