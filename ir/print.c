/* print.c - the textual form of the IR (doc/ir.md), printer half.

   The printer is the inverse of the parser (parse.c): printing, parsing
   and printing again gives the same text byte for byte.  It is
   deterministic and emits the fewest parentheses that parse back to the
   same tree, by C precedence:

     3  select "c ? a : b" (right associative)
     4..13  binary operators, PTO_BINOPS' precedence column (left assoc.)
     14 prefix unary operators and casts
     15 postfix "a.N", "a[i]", "t[i][j]"
     16 primaries: literals, variables, calls, "abs(x)", "min(a, b)" ...

   Layout: two spaces per nesting level; a block prints "{", one
   statement per line, "}" on its own line (an empty block is "{" newline
   "}"); functions are separated by one empty line.  */

#include "ir/ir.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
  PREC_SELECT = 3,
  PREC_UNARY = 14,
  PREC_POSTFIX = 15,
  PREC_PRIMARY = 16
};

static void print_expr(pto_buf *b, const pto_expr *e, int minprec);
static void print_block(pto_buf *b, const pto_block *blk, int indent,
                        unsigned flags);

/* ------------------------------------------------------------------ */
/* Literals                                                           */
/* ------------------------------------------------------------------ */

/* Append the "%.Ng" text of V with the fewest digits N that reads back
   as V, with a '.' or an 'e' so that it lexes as a float ("3.0",
   "1e-30", "-0.0", "inf").  Magnitudes from 1 to below 1e16 print
   positionally ("1000.0", not "1e+03").  */
static void
print_double(pto_buf *b, double v)
{
  if (isnan(v)) {
    pto_buf_puts(b, "nan");
    return;
  }
  if (isinf(v)) {
    pto_buf_puts(b, v < 0 ? "-inf" : "inf");
    return;
  }
  char text[64];
  for (int prec = 1; prec <= 17; prec++) {
    snprintf(text, sizeof text, "%.*g", prec, v);
    if (strtod(text, NULL) == v)
      break;
  }
  const char *e = strchr(text, 'e');
  int exp10 = e ? atoi(e + 1) : -1;
  if (exp10 >= 0 && exp10 < 16)
    snprintf(text, sizeof text, "%.*g", exp10 + 1, v);
  pto_buf_puts(b, text);
  if (!strpbrk(text, ".e"))
    pto_buf_puts(b, ".0");
}

/* Append the integer or bool constant E: "true", "-3", "7:i64",
   "18446744073709551615:u64".  */
static void
print_int_literal(pto_buf *b, const pto_expr *e)
{
  pto_dtype dt = e->type->dtype;
  if (dt == PTO_DT_BOOL) {
    pto_buf_puts(b, e->u.ival ? "true" : "false");
    return;
  }
  if (dt == PTO_DT_U64)
    pto_buf_printf(b, "%llu", (unsigned long long)(uint64_t)e->u.ival);
  else
    pto_buf_printf(b, "%lld", (long long)e->u.ival);
  if (dt != PTO_DT_I32)
    pto_buf_printf(b, ":%s", pto_dtype_name(dt));
}

static void
print_float_literal(pto_buf *b, const pto_expr *e)
{
  print_double(b, e->u.fval);
  if (e->type->dtype != PTO_DT_F32)
    pto_buf_printf(b, ":%s", pto_dtype_name(e->type->dtype));
}

/* True if E prints starting with '-' or a digit, so a prefix '-' before
   it would read as part of a literal (or a different token).  */
static bool
is_literal(const pto_expr *e)
{
  return (e->kind == PTO_E_INT && e->type->dtype != PTO_DT_BOOL)
         || e->kind == PTO_E_FLOAT;
}

/* The length of the valid UTF-8 sequence starting at the non-ASCII byte
   S (as the parser accepts it), 0 if malformed.  */
static int
utf8_length(const unsigned char *s)
{
  int n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3
          : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
  for (int i = 1; i < n; i++)
    if (s[i] < 0x80 || s[i] > 0xbf)
      return 0;
  if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f)
      || (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
    return 0;
  return n;
}

/* Append S as a string literal: '"' and '\\' escaped, newline as "\n",
   other control bytes and bytes that are not valid UTF-8 as "\xHH".  */
static void
print_string(pto_buf *b, const char *s)
{
  pto_buf_putc(b, '"');
  for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c; c++) {
    int n = *c >= 0x80 ? utf8_length(c) : 1;
    if (n > 1) {
      for (int i = 0; i < n; i++)
        pto_buf_putc(b, (char)c[i]);
      c += n - 1;
    } else if (*c == '"' || *c == '\\') {
      pto_buf_putc(b, '\\');
      pto_buf_putc(b, (char)*c);
    } else if (*c == '\n')
      pto_buf_puts(b, "\\n");
    else if (*c < 0x20 || *c >= 0x7f)
      pto_buf_printf(b, "\\x%02x", *c);
    else
      pto_buf_putc(b, (char)*c);
  }
  pto_buf_putc(b, '"');
}

/* ------------------------------------------------------------------ */
/* Expressions                                                        */
/* ------------------------------------------------------------------ */

/* The precedence level at which E prints (see the file comment).  */
static int
expr_prec(const pto_expr *e)
{
  switch (e->kind) {
  case PTO_E_BIN:
    return pto_binop_prec(e->u.binop) ? pto_binop_prec(e->u.binop)
                                      : PREC_PRIMARY;
  case PTO_E_UN:
    return pto_unop_form(e->u.unop) == 'F' ? PREC_PRIMARY : PREC_UNARY;
  case PTO_E_SELECT:
    return PREC_SELECT;
  case PTO_E_GETITEM:
  case PTO_E_INDEX:
    return PREC_POSTFIX;
  default:
    return PREC_PRIMARY;
  }
}

/* Append "(a, b, ...)" for the N expressions ARGS.  */
static void
print_args(pto_buf *b, int n, pto_expr *const *args)
{
  pto_buf_putc(b, '(');
  for (int i = 0; i < n; i++) {
    if (i)
      pto_buf_puts(b, ", ");
    print_expr(b, args[i], PREC_SELECT);
  }
  pto_buf_putc(b, ')');
}

static void
print_binary(pto_buf *b, const pto_expr *e)
{
  int prec = pto_binop_prec(e->u.binop);
  if (prec == 0) {
    pto_expr *args[2] = {e->a, e->b};
    pto_buf_puts(b, pto_binop_name(e->u.binop));
    print_args(b, 2, args);
    return;
  }
  print_expr(b, e->a, prec);
  pto_buf_printf(b, " %s ", pto_binop_name(e->u.binop));
  print_expr(b, e->b, prec + 1);
}

/* Prefix operators, casts, abs() and the other function forms.  A literal operand of '-' is
   parenthesised ("-(3)": "-3" is a literal); a '-' before another '-'
   gets a space ("- -x").  */
static void
print_unary(pto_buf *b, const pto_expr *e)
{
  if (pto_unop_form(e->u.unop) == 'F') {
    pto_buf_puts(b, pto_unop_name(e->u.unop));
    print_args(b, 1, &e->a);
    return;
  }
  switch (e->u.unop) {
  case PTO_UN_CAST:
    pto_buf_putc(b, '(');
    pto_type_print(b, e->type);
    pto_buf_putc(b, ')');
    break;
  default:
    pto_buf_puts(b, pto_unop_name(e->u.unop));
    break;
  }
  if (e->u.unop == PTO_UN_NEG && is_literal(e->a)) {
    pto_buf_putc(b, '(');
    print_expr(b, e->a, PREC_SELECT);
    pto_buf_putc(b, ')');
    return;
  }
  if (e->u.unop == PTO_UN_NEG && e->a->kind == PTO_E_UN
      && e->a->u.unop == PTO_UN_NEG)
    pto_buf_putc(b, ' ');
  print_expr(b, e->a, PREC_UNARY);
}

static void
print_select(pto_buf *b, const pto_expr *e)
{
  print_expr(b, e->a, PREC_SELECT + 1);
  pto_buf_puts(b, " ? ");
  print_expr(b, e->b, PREC_SELECT);
  pto_buf_puts(b, " : ");
  print_expr(b, e->c, PREC_SELECT);
}

static void
print_call(pto_buf *b, const pto_expr *e)
{
  if (e->is_op)
    pto_buf_printf(b, "pto.%s", pto_op_info(e->op)->name);
  else
    pto_buf_printf(b, "@%s", e->fname);
  print_args(b, e->nargs, e->args);
}

static void
print_index(pto_buf *b, const pto_expr *e)
{
  print_expr(b, e->a, PREC_POSTFIX);
  for (int i = 0; i < e->nargs; i++) {
    pto_buf_putc(b, '[');
    print_expr(b, e->args[i], PREC_SELECT);
    pto_buf_putc(b, ']');
  }
}

/* Append E without surrounding parentheses.  */
static void
print_expr_bare(pto_buf *b, const pto_expr *e)
{
  switch (e->kind) {
  case PTO_E_INT: print_int_literal(b, e); return;
  case PTO_E_FLOAT: print_float_literal(b, e); return;
  case PTO_E_VAR: pto_buf_puts(b, e->u.var->name); return;
  case PTO_E_BIN: print_binary(b, e); return;
  case PTO_E_UN: print_unary(b, e); return;
  case PTO_E_SELECT: print_select(b, e); return;
  case PTO_E_CALL: print_call(b, e); return;
  case PTO_E_FUNCREF: pto_buf_printf(b, "@%s", e->fname); return;
  case PTO_E_TUPLE:
    pto_buf_puts(b, "tuple");
    print_args(b, e->nargs, e->args);
    return;
  case PTO_E_GETITEM:
    print_expr(b, e->a, PREC_POSTFIX);
    pto_buf_printf(b, ".%d", e->u.index);
    return;
  case PTO_E_INDEX: print_index(b, e); return;
  }
  pto_ice("bad expression kind %d", (int)e->kind);
}

/* Append E, parenthesised if it binds less tightly than MINPREC.  */
static void
print_expr(pto_buf *b, const pto_expr *e, int minprec)
{
  bool paren = expr_prec(e) < minprec;
  if (paren)
    pto_buf_putc(b, '(');
  print_expr_bare(b, e);
  if (paren)
    pto_buf_putc(b, ')');
}

void
pto_print_expr(pto_buf *b, const pto_expr *e)
{
  print_expr(b, e, PREC_SELECT);
}

/* ------------------------------------------------------------------ */
/* Statements                                                         */
/* ------------------------------------------------------------------ */

static void
print_indent(pto_buf *b, int indent)
{
  for (int i = 0; i < indent; i++)
    pto_buf_puts(b, "  ");
}

/* Append " @"file":L:C" when FLAGS ask for locations and L is known.  */
static void
print_loc(pto_buf *b, pto_loc l, unsigned flags)
{
  if (!(flags & PTO_PRINT_LOCS) || (!l.file && l.line == 0))
    return;
  pto_buf_puts(b, " @");
  print_string(b, l.file);
  pto_buf_printf(b, ":%d:%d", l.line, l.col);
}

/* Append " [k=v, ...]" for a non-empty A.  */
static void
print_attrs(pto_buf *b, const pto_attrs *a)
{
  if (a->n == 0)
    return;
  pto_buf_puts(b, " [");
  for (int i = 0; i < a->n; i++) {
    const pto_attr *at = &a->v[i];
    pto_buf_printf(b, "%s%s=", i ? ", " : "", at->key);
    if (at->kind == PTO_A_INT)
      pto_buf_printf(b, "%lld", (long long)at->ival);
    else if (at->kind == PTO_A_STR)
      print_string(b, at->sval);
    else {
      pto_buf_putc(b, '[');
      for (int j = 0; j < at->nints; j++)
        pto_buf_printf(b, "%s%lld", j ? "," : "", (long long)at->ints[j]);
      pto_buf_putc(b, ']');
    }
  }
  pto_buf_putc(b, ']');
}

/* Append " {", the statements of BLK one level deeper, and INDENT "}".  */
static void
print_body(pto_buf *b, const pto_block *blk, int indent, unsigned flags)
{
  pto_buf_puts(b, " {\n");
  print_block(b, blk, indent + 1, flags);
  print_indent(b, indent);
  pto_buf_putc(b, '}');
}

/* Append "if (c) {...}" and its else part, without indentation or the
   final newline; an else block holding exactly one IF prints as
   "else if".  */
static void
print_if(pto_buf *b, const pto_stmt *s, int indent, unsigned flags)
{
  pto_buf_puts(b, "if (");
  pto_print_expr(b, s->cond);
  pto_buf_putc(b, ')');
  print_loc(b, s->loc, flags);
  print_body(b, &s->body, indent, flags);
  if (s->els.n == 0)
    return;
  pto_buf_puts(b, " else");
  if (s->els.n == 1 && s->els.items[0]->kind == PTO_S_IF) {
    pto_buf_putc(b, ' ');
    print_if(b, s->els.items[0], indent, flags);
  } else
    print_body(b, &s->els, indent, flags);
}

static void
print_for(pto_buf *b, const pto_stmt *s, int indent, unsigned flags)
{
  const char *n = s->var->name;
  pto_buf_printf(b, "for (%s: ", n);
  pto_type_print(b, s->var->type);
  pto_buf_puts(b, " = ");
  pto_print_expr(b, s->start);
  pto_buf_printf(b, "; %s %s ", n, s->down ? ">" : "<");
  pto_print_expr(b, s->stop);
  pto_buf_printf(b, "; %s += ", n);
  pto_print_expr(b, s->step);
  pto_buf_putc(b, ')');
  print_attrs(b, &s->attrs);
  print_loc(b, s->loc, flags);
  print_body(b, &s->body, indent, flags);
}

/* Append the text of a simple statement S up to and including ';'.  */
static void
print_simple(pto_buf *b, const pto_stmt *s)
{
  switch (s->kind) {
  case PTO_S_DECL:
    pto_buf_printf(b, "var %s: ", s->var->name);
    pto_type_print(b, s->var->type);
    if (s->value) {
      pto_buf_puts(b, " = ");
      pto_print_expr(b, s->value);
    }
    break;
  case PTO_S_ASSIGN:
    pto_print_expr(b, s->lhs);
    pto_buf_puts(b, " = ");
    pto_print_expr(b, s->value);
    break;
  case PTO_S_EVAL:
    pto_print_expr(b, s->value);
    break;
  case PTO_S_RETURN:
    pto_buf_puts(b, "return");
    if (s->value) {
      pto_buf_putc(b, ' ');
      pto_print_expr(b, s->value);
    }
    break;
  case PTO_S_BREAK: pto_buf_puts(b, "break"); break;
  case PTO_S_CONTINUE: pto_buf_puts(b, "continue"); break;
  default: pto_ice("not a simple statement: %d", (int)s->kind);
  }
  pto_buf_putc(b, ';');
}

/* INDENT counts nesting levels (two spaces each).  */
void
pto_print_stmt(pto_buf *b, const pto_stmt *s, int indent, unsigned flags)
{
  print_indent(b, indent);
  switch (s->kind) {
  case PTO_S_IF:
    print_if(b, s, indent, flags);
    break;
  case PTO_S_FOR:
    print_for(b, s, indent, flags);
    break;
  case PTO_S_WHILE:
    pto_buf_puts(b, "while (");
    pto_print_expr(b, s->cond);
    pto_buf_putc(b, ')');
    print_loc(b, s->loc, flags);
    print_body(b, &s->body, indent, flags);
    break;
  default:
    print_simple(b, s);
    print_loc(b, s->loc, flags);
    break;
  }
  pto_buf_putc(b, '\n');
}

static void
print_block(pto_buf *b, const pto_block *blk, int indent, unsigned flags)
{
  for (int i = 0; i < blk->n; i++)
    pto_print_stmt(b, blk->items[i], indent, flags);
}

/* ------------------------------------------------------------------ */
/* Functions and programs                                             */
/* ------------------------------------------------------------------ */

/* The direction a parameter of type T has when none is written.  */
static pto_dir
default_dir(const pto_type *t)
{
  return t->kind == PTO_TY_PTR && !t->is_const ? PTO_DIR_INOUT : PTO_DIR_IN;
}

static void
print_param(pto_buf *b, const pto_var *v)
{
  static const char *const dirs[] = {"in", "out", "inout"};
  pto_buf_printf(b, "%s: ", v->name);
  pto_type_print(b, v->type);
  if (v->dir != default_dir(v->type))
    pto_buf_printf(b, " %s", dirs[v->dir]);
}

void
pto_print_func(pto_buf *b, const pto_func *f, unsigned flags)
{
  pto_buf_printf(b, "%s %s(", pto_func_kind_name(f->kind), f->name);
  for (int i = 0; i < f->nparams; i++) {
    if (i)
      pto_buf_puts(b, ", ");
    print_param(b, f->params[i]);
  }
  pto_buf_putc(b, ')');
  if (f->ret && f->ret->kind != PTO_TY_VOID) {
    pto_buf_puts(b, " -> ");
    pto_type_print(b, f->ret);
  }
  print_attrs(b, &f->attrs);
  print_loc(b, f->loc, flags);
  print_body(b, &f->body, 0, flags);
  pto_buf_putc(b, '\n');
}

void
pto_print_program(pto_buf *b, const pto_program *p, unsigned flags)
{
  bool first = true;
  for (int i = 0; i < p->nfuncs; i++) {
    if (p->funcs[i]->dead)
      continue;
    if (!first)
      pto_buf_putc(b, '\n');
    first = false;
    pto_print_func(b, p->funcs[i], flags);
  }
}

void
pto_fprint_program(FILE *out, const pto_program *p, unsigned flags)
{
  pto_buf b = {0};
  pto_print_program(&b, p, flags);
  if (b.len)
    fwrite(b.s, 1, b.len, out);
  pto_buf_free(&b);
}
