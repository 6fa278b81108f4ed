/* ir-test.c - unit tests of the IR verifier (ir/verify.c), of the
   printer's parenthesisation and number formats (ir/print.c) and of
   location annotations (ir/parse.c).

   The parser type-checks everything it builds, so broken IR cannot come
   from text: each case here parses a valid program, breaks one invariant
   through the builder API the way a faulty pass would, and checks that
   pto_verify reports it with a "verify: " message and counts it.  The
   printer checks build random well-typed expression trees, print them,
   parse the text and compare the trees node by node (equal text after a
   second print would not catch a missing parenthesis: the text is the
   same, the tree is not), and print random doubles and extreme integers
   and parse them back bit for bit.

   Each check prints "PASS: name" or "FAIL: name"; the exit status is the
   number of failures.  */

#include "ir/ir.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void
check(bool ok, const char *name)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
  failures += !ok;
}

/* A sink that keeps every message as "LINE: kind: msg\n".  */
typedef struct record {
  pto_buf text;
} record;

static void
record_emit(void *ctx, pto_diag_kind kind, pto_loc loc, const char *msg)
{
  static const char *const kinds[] = {"error", "warning", "note"};
  pto_buf_printf(&((record *)ctx)->text, "%d: %s: %s\n", loc.line,
                 kinds[kind], msg);
}

static const char base_text[] =
    "func g(v: i32) -> i32 {\n"                           /* 1 */
    "  return v;\n"                                       /* 2 */
    "}\n"                                                 /* 3 */
    "\n"                                                  /* 4 */
    "kernel f(a: i32, b: i32, n: i32) -> i32 {\n"         /* 5 */
    "  var c: i32 = a + b;\n"                             /* 6 */
    "  var t: tile<f32,16,64>;\n"                         /* 7 */
    "  if (a < b) {\n"                                    /* 8 */
    "    var inner: i32 = 1;\n"                           /* 9 */
    "  }\n"                                               /* 10 */
    "  for (i: i32 = 0; i < n; i += 1) [unroll=[2]] {\n"  /* 11 */
    "    c = @g(i);\n"                                    /* 12 */
    "  }\n"                                               /* 13 */
    "  return c;\n"                                       /* 14 */
    "}\n";

static pto_program *
parse_base(void)
{
  pto_diag d;
  pto_diag_init(&d);
  pto_program *p = pto_parse("t.pto", base_text, strlen(base_text), &d);
  if (!p) {
    printf("FAIL: the base program does not parse\n");
    exit(1);
  }
  return p;
}

/* Statement I of function F's body.  */
static pto_stmt *
stmt(pto_program *p, int f, int i)
{
  return p->funcs[f]->body.items[i];
}

static pto_loc
here(pto_program *p, int line)
{
  return pto_mkloc(p, "t.pto", line, 1);
}

/* Verify P; check the count N and that every message starts "verify: "
   and that one contains WANT.  */
static void
expect_verify(pto_program *p, int n, const char *want, const char *name)
{
  record r = {{0}};
  pto_diag d;
  pto_diag_init(&d);
  d.emit = record_emit;
  d.ctx = &r;
  int got = pto_verify(p, &d);
  const char *text = r.text.s ? r.text.s : "";
  bool prefixed = true;
  for (const char *l = text; *l; l = strchr(l, '\n') + 1)
    prefixed = prefixed && strstr(l, ": verify: ") < strchr(l, '\n')
               && strstr(l, ": verify: ") != NULL;
  bool ok = got == n && d.errors == n && prefixed
            && (!want || strstr(text, want));
  if (!ok)
    printf("  got %d (errors %d), want %d containing '%s':\n%s", got,
           d.errors, n, want ? want : "", text);
  check(ok, name);
  pto_buf_free(&r.text);
  pto_program_free(p);
}

static void
test_valid(void)
{
  expect_verify(parse_base(), 0, NULL, "verify: a parsed program verifies");
}

static void
test_operand_types(void)
{
  pto_program *p = parse_base();
  pto_expr *sum = stmt(p, 1, 0)->value;
  sum->b = pto_e_int(p, pto_type_scalar(p, PTO_DT_I64), 1, here(p, 6));
  expect_verify(p, 1, "6: error: verify: operands of '+' have different "
                "types 'i32' and 'i64'", "verify: binary operand types");
}

static void
test_result_type(void)
{
  pto_program *p = parse_base();
  stmt(p, 1, 0)->value->type = pto_type_scalar(p, PTO_DT_I64);
  expect_verify(p, 1, "has type 'i64', expected 'i32'",
                "verify: a node's type disagrees with its operands");
}

static void
test_foreign_var(void)
{
  pto_program *p = parse_base();
  pto_var *v = p->funcs[0]->params[0];   /* g's parameter */
  stmt(p, 1, 0)->value->a = pto_e_var(p, v, here(p, 6));
  expect_verify(p, 1, "use of variable 'v' that is not defined in function "
                "'f'", "verify: a variable of another function");
}

static void
test_out_of_scope(void)
{
  pto_program *p = parse_base();
  pto_var *inner = stmt(p, 1, 2)->body.items[0]->var;
  stmt(p, 1, 4)->value = pto_e_var(p, inner, here(p, 14));
  expect_verify(p, 1, "14: error: verify: use of variable 'inner' outside "
                "its scope", "verify: a use after its block ended");
}

static void
test_defined_twice(void)
{
  pto_program *p = parse_base();
  pto_func *f = p->funcs[1];
  pto_block_push(p, &f->body, stmt(p, 1, 1));   /* var t again */
  expect_verify(p, 1, "variable 't' is defined twice",
                "verify: a DECL executed twice");
}

static void
test_same_name(void)
{
  pto_program *p = parse_base();
  pto_func *f = p->funcs[1];
  pto_var *c2 = pto_var_new(p, f, "c", pto_type_scalar(p, PTO_DT_I32),
                            here(p, 15));
  pto_block_push(p, &f->body, pto_s_decl(p, c2, NULL, here(p, 15)));
  expect_verify(p, 1, "variable 'c' is defined twice",
                "verify: two variables with one name");
}

static void
test_dead_callee(void)
{
  pto_program *p = parse_base();
  p->funcs[0]->dead = true;
  expect_verify(p, 1, "12: error: verify: call to undefined function 'g'",
                "verify: a call to a removed function");
}

static void
test_call_arity(void)
{
  pto_program *p = parse_base();
  pto_stmt *loop = stmt(p, 1, 3);
  loop->body.items[0]->value->nargs = 0;
  expect_verify(p, 1, "function 'g' takes 1 argument, found 0",
                "verify: a call with too few arguments");
}

static void
test_op_shape(void)
{
  pto_program *p = parse_base();
  pto_func *f = p->funcs[1];
  pto_loc l = here(p, 15);
  pto_var *u = pto_var_new(p, f, "u",
                           pto_type_tile(p, PTO_DT_F32, 8, 8, PTO_MEM_ANY), l);
  pto_var *t = stmt(p, 1, 1)->var;
  pto_block_push(p, &f->body, pto_s_decl(p, u, NULL, l));
  pto_expr *args[3] = {pto_e_var(p, t, l), pto_e_var(p, t, l),
                       pto_e_var(p, u, l)};
  pto_block_push(p, &f->body, pto_s_eval(p, pto_e_op(p, PTO_OP_ADD, 3, args,
                                                    l), l));
  expect_verify(p, 1, "verify: pto.add: argument 3 has shape 8x8, expected "
                "16x64 like argument 1", "verify: intrinsic typing rule");
}

static void
test_assign_index(void)
{
  pto_program *p = parse_base();
  pto_stmt *loop = stmt(p, 1, 3);
  pto_loc l = here(p, 12);
  pto_block_push(p, &loop->body,
                 pto_s_assign(p, pto_e_var(p, loop->var, l),
                              pto_e_int(p, loop->var->type, 0, l), l));
  expect_verify(p, 1, "assignment to loop index 'i'",
                "verify: assignment to a loop index");
}

static void
test_break_outside(void)
{
  pto_program *p = parse_base();
  pto_block *then = &stmt(p, 1, 2)->body;
  pto_block_push(p, then, pto_s_break(p, here(p, 9)));
  expect_verify(p, 1, "9: error: verify: 'break' outside a loop",
                "verify: break outside a loop");
}

static void
test_loop_bound(void)
{
  pto_program *p = parse_base();
  stmt(p, 1, 3)->stop = pto_e_int(p, pto_type_scalar(p, PTO_DT_I64), 4,
                                  here(p, 11));
  expect_verify(p, 1, "loop bound has type 'i64', expected 'i32'",
                "verify: loop bound of another type than the index");
}

static void
test_attr_kind(void)
{
  pto_program *p = parse_base();
  pto_attr_set_int(p, &stmt(p, 1, 3)->attrs, "unroll", 4);
  expect_verify(p, 1, "attribute 'unroll' must be a list of integers, found "
                "an integer", "verify: attribute value kind");
}

static void
test_not_lvalue(void)
{
  pto_program *p = parse_base();
  pto_stmt *assign = stmt(p, 1, 3)->body.items[0];
  assign->lhs = stmt(p, 1, 0)->value;   /* a + b */
  expect_verify(p, 1, "expression is not assignable",
                "verify: assignment to a non-lvalue");
}

static void
test_return_type(void)
{
  pto_program *p = parse_base();
  stmt(p, 1, 4)->value = pto_e_int(p, pto_type_scalar(p, PTO_DT_I64), 0,
                                   here(p, 14));
  expect_verify(p, 1, "return value has type 'i64', expected 'i32'",
                "verify: return value type");
}

static void
test_duplicate_function(void)
{
  pto_program *p = parse_base();
  pto_func_new(p, PTO_FN_PLAIN, "g", NULL, here(p, 20));
  expect_verify(p, 1, "function 'g' is defined twice",
                "verify: two live functions with one name");
}

static void
test_literal_range(void)
{
  pto_program *p = parse_base();
  pto_func *f = p->funcs[1];
  pto_loc l = here(p, 15);
  const pto_type *u8 = pto_type_scalar(p, PTO_DT_U8);
  pto_var *x = pto_var_new(p, f, "x", u8, l);
  pto_block_push(p, &f->body, pto_s_decl(p, x, pto_e_int(p, u8, 300, l), l));
  expect_verify(p, 1, "integer constant 300 out of range for type 'u8'",
                "verify: literal out of the range of its type");
}

static void
test_missing_cond(void)
{
  pto_program *p = parse_base();
  stmt(p, 1, 2)->cond = NULL;
  expect_verify(p, 1, "condition is missing",
                "verify: an if without a condition is reported, not a crash");
}

static void
test_several(void)
{
  pto_program *p = parse_base();
  pto_block_push(p, &stmt(p, 1, 2)->body, pto_s_break(p, here(p, 9)));
  stmt(p, 1, 4)->value = pto_e_int(p, pto_type_scalar(p, PTO_DT_I64), 0,
                                   here(p, 14));
  expect_verify(p, 2, NULL, "verify: returns the number of violations");
}

/* ------------------------------------------------------------------ */
/* Locations                                                          */
/* ------------------------------------------------------------------ */

static bool
at(const pto_loc l, const char *file, int line, int col)
{
  return l.file && strcmp(l.file, file) == 0 && l.line == line
         && l.col == col;
}

/* An annotation locates the statement, its expressions and the variable
   it defines; without one, nodes sit at their place in the text.  */
static void
test_annotations(void)
{
  static const char text[] =
      "func f(n: i32) @\"k.c\":3:1 {\n"
      "  var x: i32 = n + 1; @\"k.c\":5:3\n"
      "  for (i: i32 = 0; i < n; i += 1) @\"k.c\":6:3 {\n"
      "  }\n"
      "  x = n;\n"
      "}\n";
  pto_diag d;
  pto_diag_init(&d);
  pto_program *p = pto_parse("a.pto", text, strlen(text), &d);
  bool ok = p != NULL;
  if (ok) {
    pto_func *f = p->funcs[0];
    pto_stmt *decl = f->body.items[0], *loop = f->body.items[1];
    pto_stmt *assign = f->body.items[2];
    ok = at(f->loc, "k.c", 3, 1) && at(f->params[0]->loc, "k.c", 3, 1)
         && at(decl->loc, "k.c", 5, 3) && at(decl->var->loc, "k.c", 5, 3)
         && at(decl->value->loc, "k.c", 5, 3)
         && at(decl->value->a->loc, "k.c", 5, 3)
         && at(loop->loc, "k.c", 6, 3) && at(loop->stop->loc, "k.c", 6, 3)
         && at(loop->var->loc, "k.c", 6, 3)
         && at(assign->loc, "a.pto", 5, 3)
         && at(assign->value->loc, "a.pto", 5, 7);
  }
  check(ok, "parse: annotations locate statements, their expressions and "
        "definitions");
  pto_program_free(p);
}

/* ------------------------------------------------------------------ */
/* Parenthesisation                                                   */
/* ------------------------------------------------------------------ */

static uint64_t next_random(uint64_t *s);

/* Variables of the function the random trees live in.  */
typedef struct env {
  pto_program *p;
  uint64_t seed;
  pto_var *ints[3], *bools[2], *flt;
} env;

static const char tree_params[] =
    "a: i32, b: i32, c: i32, p: bool, q: bool, x: f32";

static unsigned
pick(env *v, unsigned n)
{
  return (unsigned)(next_random(&v->seed) % n);
}

static pto_expr *random_expr(env *v, char ty, int depth);

/* A random leaf of type TY: 'i' i32, 'b' bool, 'f' f32.  */
static pto_expr *
random_leaf(env *v, char ty)
{
  pto_program *p = v->p;
  static const int64_t ints[] = {0, 1, 3, -3, 2147483647, -2147483647 - 1};
  static const double flts[] = {0.5, -0.5, 3.0, -0.0, 1e-30};
  if (ty == 'b')
    return pick(v, 2) ? pto_e_bool(p, pick(v, 2), pto_noloc)
                      : pto_e_var(p, v->bools[pick(v, 2)], pto_noloc);
  if (ty == 'f')
    return pick(v, 2) ? pto_e_float(p, pto_type_scalar(p, PTO_DT_F32),
                                    flts[pick(v, 5)], pto_noloc)
                      : pto_e_var(p, v->flt, pto_noloc);
  return pick(v, 2) ? pto_e_int(p, pto_type_scalar(p, PTO_DT_I32),
                                ints[pick(v, 6)], pto_noloc)
                    : pto_e_var(p, v->ints[pick(v, 3)], pto_noloc);
}

/* A random binary operation producing TY.  */
static pto_expr *
random_binary(env *v, char ty, int depth)
{
  pto_binop op;
  char operand = ty;
  if (ty == 'b') {
    do
      op = (pto_binop)pick(v, PTO_BIN_COUNT);
    while (pto_binop_class(op) != 'C' && pto_binop_class(op) != 'L');
    operand = pto_binop_class(op) == 'L' ? 'b' : "if"[pick(v, 2)];
  } else if (ty == 'f')
    op = (pto_binop[]){PTO_BIN_ADD, PTO_BIN_SUB, PTO_BIN_MUL, PTO_BIN_DIV,
                       PTO_BIN_MIN, PTO_BIN_MAX}[pick(v, 6)];
  else {
    do
      op = (pto_binop)pick(v, PTO_BIN_COUNT);
    while (pto_binop_class(op) == 'C' || pto_binop_class(op) == 'L');
  }
  pto_expr *a = random_expr(v, operand, depth - 1);
  pto_expr *b = random_expr(v, operand, depth - 1);
  return pto_e_bin(v->p, op, a, b, pto_noloc);
}

/* A random unary operation, cast or select producing TY.  */
static pto_expr *
random_unary(env *v, char ty, int depth)
{
  pto_program *p = v->p;
  unsigned k = pick(v, 3);
  if (k == 0)
    return pto_e_select(p, random_expr(v, 'b', depth - 1),
                        random_expr(v, ty, depth - 1),
                        random_expr(v, ty, depth - 1), pto_noloc);
  if (k == 1 && ty != 'b') {
    char from = ty == 'i' ? 'f' : 'i';
    pto_dtype to = ty == 'i' ? PTO_DT_I32 : PTO_DT_F32;
    return pto_e_un(p, PTO_UN_CAST, random_expr(v, from, depth - 1),
                    pto_type_scalar(p, to), pto_noloc);
  }
  pto_unop op = ty == 'b' ? PTO_UN_NOT
                : ty == 'f' ? (pick(v, 2) ? PTO_UN_NEG : PTO_UN_ABS)
                : (pto_unop[]){PTO_UN_NEG, PTO_UN_BNOT, PTO_UN_ABS}[pick(v, 3)];
  return pto_e_un(p, op, random_expr(v, ty, depth - 1), NULL, pto_noloc);
}

static pto_expr *
random_expr(env *v, char ty, int depth)
{
  unsigned k = depth <= 0 ? 0 : pick(v, 5);
  if (k == 0)
    return random_leaf(v, ty);
  if (k <= 2)
    return random_binary(v, ty, depth);
  return random_unary(v, ty, depth);
}

/* True if A and B are the same tree (types compared by their text).  */
static bool
same_tree(const pto_expr *a, const pto_expr *b)
{
  if (!a || !b)
    return a == b;
  pto_buf ta = {0}, tb = {0};
  pto_type_print(&ta, a->type);
  pto_type_print(&tb, b->type);
  bool ok = a->kind == b->kind && strcmp(ta.s, tb.s) == 0
            && a->nargs == b->nargs;
  pto_buf_free(&ta);
  pto_buf_free(&tb);
  if (ok && a->kind == PTO_E_INT)
    ok = a->u.ival == b->u.ival;
  else if (ok && a->kind == PTO_E_FLOAT)
    ok = memcmp(&a->u.fval, &b->u.fval, sizeof a->u.fval) == 0;
  else if (ok && a->kind == PTO_E_VAR)
    ok = strcmp(a->u.var->name, b->u.var->name) == 0;
  else if (ok && a->kind == PTO_E_BIN)
    ok = a->u.binop == b->u.binop;
  else if (ok && a->kind == PTO_E_UN)
    ok = a->u.unop == b->u.unop;
  for (int i = 0; ok && i < a->nargs; i++)
    ok = same_tree(a->args[i], b->args[i]);
  return ok && same_tree(a->a, b->a) && same_tree(a->b, b->b)
         && same_tree(a->c, b->c);
}

/* Print E (of type TY), parse it back in a declaration, compare.  */
static bool
tree_round_trips(const pto_expr *e, char ty)
{
  pto_buf b = {0};
  pto_buf_printf(&b, "func f(%s) {\n  var r: %s = ", tree_params,
                 ty == 'i' ? "i32" : ty == 'b' ? "bool" : "f32");
  pto_print_expr(&b, e);
  pto_buf_puts(&b, ";\n}\n");
  pto_diag d;
  pto_diag_init(&d);
  pto_program *q = pto_parse("tree.pto", b.s, b.len, &d);
  bool ok = q && same_tree(e, q->funcs[0]->body.items[0]->value);
  if (!ok)
    printf("  tree printed as: %s", b.s);
  pto_buf_free(&b);
  pto_program_free(q);
  return ok;
}

static void
test_random_trees(void)
{
  env v = {.p = pto_program_new(), .seed = 0x2545f4914f6cdd1du};
  pto_func *f = pto_func_new(v.p, PTO_FN_PLAIN, "f", NULL, pto_noloc);
  const pto_type *i32 = pto_type_scalar(v.p, PTO_DT_I32);
  const pto_type *boolean = pto_type_scalar(v.p, PTO_DT_BOOL);
  for (int i = 0; i < 3; i++)
    v.ints[i] = pto_param_new(v.p, f, (const char *[]){"a", "b", "c"}[i],
                              i32, PTO_DIR_IN, pto_noloc);
  v.bools[0] = pto_param_new(v.p, f, "p", boolean, PTO_DIR_IN, pto_noloc);
  v.bools[1] = pto_param_new(v.p, f, "q", boolean, PTO_DIR_IN, pto_noloc);
  v.flt = pto_param_new(v.p, f, "x", pto_type_scalar(v.p, PTO_DT_F32),
                        PTO_DIR_IN, pto_noloc);
  bool ok = true;
  for (int i = 0; i < 5000 && ok; i++) {
    char ty = "ibf"[pick(&v, 3)];
    ok = tree_round_trips(random_expr(&v, ty, 1 + (int)pick(&v, 6)), ty);
  }
  check(ok, "print: 5000 random expression trees parse back to the same "
        "tree");
  pto_program_free(v.p);
}

/* ------------------------------------------------------------------ */
/* Number formats                                                     */
/* ------------------------------------------------------------------ */

/* Print V as an f64 literal, parse it back; true if the bits agree.  */
static bool
double_round_trips(double v)
{
  pto_program *p = pto_program_new();
  pto_expr *e = pto_e_float(p, pto_type_scalar(p, PTO_DT_F64), v, pto_noloc);
  pto_buf b = {0};
  pto_buf_puts(&b, "func f() {\n  var x: f64 = ");
  pto_print_expr(&b, e);
  pto_buf_puts(&b, ";\n}\n");
  pto_program_free(p);
  pto_diag d;
  pto_diag_init(&d);
  pto_program *q = pto_parse("n.pto", b.s, b.len, &d);
  bool ok = q != NULL;
  if (ok) {
    pto_expr *r = q->funcs[0]->body.items[0]->value;
    double back = r->kind == PTO_E_FLOAT ? r->u.fval : -1.0;
    ok = isnan(v) ? isnan(back) : memcmp(&back, &v, sizeof v) == 0;
  }
  if (!ok)
    printf("  %a printed as: %s", v, b.s);
  pto_buf_free(&b);
  pto_program_free(q);
  return ok;
}

static uint64_t
next_random(uint64_t *s)
{
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

static void
test_doubles(void)
{
  const double special[] = {0.0, -0.0, 0.1, 1e-30, 3.0, 1000.0, 1e16, 1e15,
                            5e-324, 1.7976931348623157e308, -2.5, INFINITY,
                            -INFINITY, NAN, 123456789.0, 0.30000000000000004};
  bool ok = true;
  for (size_t i = 0; i < sizeof special / sizeof *special; i++)
    ok = double_round_trips(special[i]) && ok;
  uint64_t seed = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < 20000 && ok; i++) {
    uint64_t bits = next_random(&seed);
    double v;
    memcpy(&v, &bits, sizeof v);
    ok = double_round_trips(v);
  }
  check(ok, "print: doubles read back bit for bit (special values and 20000 "
        "random bit patterns)");
}

/* The printed text of a literal of type DT and value V.  */
static void
int_text(pto_buf *b, pto_dtype dt, int64_t v)
{
  pto_program *p = pto_program_new();
  pto_print_expr(b, pto_e_int(p, pto_type_scalar(p, dt), v, pto_noloc));
  pto_program_free(p);
}

static void
test_int_extremes(void)
{
  pto_buf b = {0};
  int_text(&b, PTO_DT_I64, INT64_MIN);
  pto_buf_putc(&b, ' ');
  int_text(&b, PTO_DT_U64, -1);
  pto_buf_putc(&b, ' ');
  int_text(&b, PTO_DT_I32, -5);
  pto_buf_putc(&b, ' ');
  int_text(&b, PTO_DT_BOOL, 1);
  pto_buf_putc(&b, ' ');
  int_text(&b, PTO_DT_INDEX, 7);
  check(strcmp(b.s, "-9223372036854775808:i64 18446744073709551615:u64 -5 "
               "true 7:index") == 0,
        "print: integer literals at the limits of their types");
  pto_buf_free(&b);
}

int
main(void)
{
  test_valid();
  test_operand_types();
  test_result_type();
  test_foreign_var();
  test_out_of_scope();
  test_defined_twice();
  test_same_name();
  test_dead_callee();
  test_call_arity();
  test_op_shape();
  test_assign_index();
  test_break_outside();
  test_loop_bound();
  test_attr_kind();
  test_not_lvalue();
  test_return_type();
  test_duplicate_function();
  test_literal_range();
  test_missing_cond();
  test_several();
  test_annotations();
  test_random_trees();
  test_doubles();
  test_int_extremes();
  return failures;
}
