/* parse.c - the textual form of the IR (doc/ir.md), parser half.

   pto_parse turns text into a program through the builder API (ir.c),
   resolving names and type-checking every node as it is built (the rules
   live in verify.c, shared with the verifier), so a returned program
   verifies.  The first error is reported through the diagnostics sink as
   "file:line:col: error: ..." at the offending token and the parse stops
   (a longjmp back to pto_parse; everything allocated so far is in the
   program's arena or reachable from the parser and is freed there).

   Robustness: the text need not be NUL-terminated and is never read out
   of bounds; NUL bytes and malformed UTF-8 are errors; recursion is
   bounded by MAX_DEPTH (PTO_MAX_NESTING, ir/ir.h) levels of nesting
   (parentheses, unary operators, operator chains, blocks, types), so
   deep input gives an error, not a stack overflow, and every capture
   dump of the plugin, which bounds its own nesting to match, is read
   back.

   The program is read in two phases: first every function header (bodies
   are skipped by matching braces), then every body, so calls may refer
   to functions defined further down.  */

#include "ir/ir.h"

#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>


/* OUTLINE keeps a function that is not itself recursive out of the
   recursive descent's frames (its locals, message buffers included, would
   otherwise sit in every level when inlined): PTO_MAX_NESTING levels of
   parentheses must fit a default 8 MB stack, also under ASan.  */
#if defined(__GNUC__)
#define OUTLINE __attribute__((noinline))
#else
#define OUTLINE
#endif

enum {
  MAX_DEPTH = PTO_MAX_NESTING, /* nesting levels, see the file comment */
  MAX_NUMBER = 400,    /* bytes in one numeric literal */
  MAX_IDENT = 1024     /* bytes in one identifier */
};

/* ------------------------------------------------------------------ */
/* Tokens and parser state                                            */
/* ------------------------------------------------------------------ */

typedef enum tok_kind {
  T_EOF,
  T_IDENT,
  T_INT,     /* decimal digits: ival, too_big */
  T_FLOAT,   /* fval */
  T_STRING,  /* sval, decoded */
  T_OP,      /* "pto.NAME" */
  T_PUNCT    /* punct */
} tok_kind;

typedef struct token {
  tok_kind kind;
  size_t pos, len;        /* the token's bytes in the text */
  int line, col;
  const char *punct;      /* T_PUNCT: its spelling (static) */
  uint64_t ival;
  bool too_big;           /* T_INT beyond 2^64 - 1 */
  double fval;
  const char *sval;       /* T_STRING, in the program's arena */
} token;

/* The lexer's cursor.  It is a plain value: copying it saves the
   position, assigning it back restores it.  */
typedef struct lexer {
  size_t pos;
  int line, col;
  bool after_dot;         /* the last token lexed was '.' */
  token tok;              /* the current token */
  token ahead;            /* the next one, when has_ahead */
  bool has_ahead;
} lexer;

/* A name defined in the function being parsed.  */
typedef struct binding {
  const char *name;       /* interned */
  pto_var *var;
  bool visible;
  bool is_index;
} binding;

typedef struct parser {
  const char *text;
  size_t len;
  const char *file;       /* interned */
  lexer lx;
  pto_program *prog;
  pto_diag *diag;
  jmp_buf fail;
  int depth;
  /* The function being parsed: its names and the scope stack.  */
  pto_func *fn;
  binding *tab;
  size_t cap, n;
  const char **scope;
  size_t nscope, capscope;
  int loops;
  /* Phase 1 result: the lexer positioned at each function's body.  */
  lexer *bodies;
  int nbodies;
} parser;

/* Report an error at L and abandon the parse.  */
static PTO_NORETURN PTO_PRINTF(3, 4) void
fail_at(parser *p, pto_loc l, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  pto_vdiag(p->diag, PTO_DIAG_ERROR, l, fmt, ap);
  va_end(ap);
  longjmp(p->fail, 1);
}

static pto_loc
loc_at(parser *p, int line, int col)
{
  pto_loc l = {p->file, line, col, 0};
  return l;
}

static pto_loc
tok_loc(parser *p, const token *t)
{
  return loc_at(p, t->line, t->col);
}

/* ------------------------------------------------------------------ */
/* Lexer                                                              */
/* ------------------------------------------------------------------ */

/* The byte at offset OFF from the cursor, or -1 past the end.  */
static int
byte_at(const parser *p, size_t off)
{
  size_t i = p->lx.pos + off;
  return i < p->len ? (unsigned char)p->text[i] : -1;
}

static void
advance(parser *p, size_t n)
{
  for (size_t i = 0; i < n && p->lx.pos < p->len; i++) {
    if (p->text[p->lx.pos++] == '\n') {
      p->lx.line++;
      p->lx.col = 1;
    } else
      p->lx.col++;
  }
}

static bool
is_ident_start(int c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool
is_digit(int c)
{
  return c >= '0' && c <= '9';
}

static bool
is_ident_char(int c)
{
  return is_ident_start(c) || is_digit(c);
}

/* The length of the valid UTF-8 sequence at the cursor (1 for ASCII), 0
   if it is malformed (overlong, surrogate, beyond U+10FFFF, cut off).  */
static int
utf8_length(const parser *p)
{
  int c = byte_at(p, 0);
  if (c < 0x80)
    return 1;
  int n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
  if (n == 0 || c > 0xf4)
    return 0;
  for (int i = 1; i < n; i++) {
    int d = byte_at(p, (size_t)i);
    if (d < 0x80 || d > 0xbf)
      return 0;
  }
  int c1 = byte_at(p, 1);
  if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 > 0x9f)
      || (c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 > 0x8f))
    return 0;
  return n;
}

/* Reject a NUL byte or malformed UTF-8 at the cursor.  */
static void
check_text_byte(parser *p)
{
  int c = byte_at(p, 0);
  if (c == 0)
    fail_at(p, loc_at(p, p->lx.line, p->lx.col), "NUL byte in input");
  if (utf8_length(p) == 0)
    fail_at(p, loc_at(p, p->lx.line, p->lx.col),
            "invalid UTF-8 byte 0x%02x in input", (unsigned)c);
}

static void
skip_comment(parser *p)
{
  while (byte_at(p, 0) >= 0 && byte_at(p, 0) != '\n') {
    check_text_byte(p);
    advance(p, (size_t)utf8_length(p));
  }
}

static void
skip_space(parser *p)
{
  for (;;) {
    int c = byte_at(p, 0);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
      advance(p, 1);
    else if (c == '#')
      skip_comment(p);
    else
      return;
  }
}

static const char *const puncts[] = {
    "->", "+=", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "(", ")", "{", "}", "[", "]", ",", ";", ":", ".", "?", "@", "=",
    "+", "-", "*", "/", "%", "<", ">", "&", "^", "|", "!", "~"};

/* Lex a punctuator (longest match) into T, or fail.  */
static void
lex_punct(parser *p, token *t)
{
  for (size_t i = 0; i < sizeof puncts / sizeof *puncts; i++) {
    size_t n = strlen(puncts[i]);
    bool match = true;
    for (size_t j = 0; j < n && match; j++)
      match = byte_at(p, j) == (unsigned char)puncts[i][j];
    if (match) {
      t->kind = T_PUNCT;
      t->punct = puncts[i];
      advance(p, n);
      return;
    }
  }
  check_text_byte(p);
  int c = byte_at(p, 0);
  if (c >= 0x80)
    fail_at(p, tok_loc(p, t), "unexpected non-ASCII character in input");
  fail_at(p, tok_loc(p, t), "unexpected character '%c' (0x%02x)",
          c > 0x20 && c < 0x7f ? c : '?', (unsigned)c);
}

static void
lex_ident(parser *p, token *t)
{
  size_t n = 0;
  while (is_ident_char(byte_at(p, n)))
    n++;
  t->kind = T_IDENT;
  if (n == 3 && memcmp(p->text + p->lx.pos, "pto", 3) == 0
      && byte_at(p, 3) == '.' && is_ident_start(byte_at(p, 4))) {
    n = 4;
    while (is_ident_char(byte_at(p, n)))
      n++;
    t->kind = T_OP;
  }
  if (n > MAX_IDENT)
    fail_at(p, tok_loc(p, t), "identifier longer than %d bytes", MAX_IDENT);
  advance(p, n);
}

/* Decimal digits at the cursor into T->ival (saturating in too_big).  */
static size_t
lex_digits(parser *p, token *t, size_t n)
{
  while (is_digit(byte_at(p, n))) {
    unsigned d = (unsigned)(byte_at(p, n) - '0');
    if (t->ival > (UINT64_MAX - d) / 10)
      t->too_big = true;
    else
      t->ival = t->ival * 10 + d;
    n++;
  }
  return n;
}

/* A number: digits, then (unless right after '.') an optional fraction
   ".DIGITS" and exponent "e[+-]DIGITS", which make it a float.  */
static void
lex_number(parser *p, token *t)
{
  size_t n = lex_digits(p, t, 0);
  bool is_float = false;
  if (!p->lx.after_dot && byte_at(p, n) == '.' && is_digit(byte_at(p, n + 1))) {
    is_float = true;
    for (n++; is_digit(byte_at(p, n)); n++)
      ;
  }
  if (!p->lx.after_dot && (byte_at(p, n) == 'e' || byte_at(p, n) == 'E')) {
    size_t m = n + 1 + (byte_at(p, n + 1) == '+' || byte_at(p, n + 1) == '-');
    if (is_digit(byte_at(p, m))) {
      is_float = true;
      for (n = m; is_digit(byte_at(p, n)); n++)
        ;
    }
  }
  if (is_ident_char(byte_at(p, n)))
    fail_at(p, loc_at(p, p->lx.line, p->lx.col + (int)n),
            "invalid character '%c' after a number", byte_at(p, n));
  if (n > MAX_NUMBER)
    fail_at(p, tok_loc(p, t), "numeric literal longer than %d bytes",
            MAX_NUMBER);
  t->kind = is_float ? T_FLOAT : T_INT;
  if (is_float) {
    char buf[MAX_NUMBER + 1];
    memcpy(buf, p->text + p->lx.pos, n);
    buf[n] = 0;
    t->fval = strtod(buf, NULL);
    if (isinf(t->fval))
      fail_at(p, tok_loc(p, t), "float literal %s is too large", buf);
  }
  advance(p, n);
}

/* The value of hex digit C, or -1.  */
static int
hex_value(int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Append the escape sequence at the cursor (after '\\') to B.  */
static void
lex_escape(parser *p, pto_buf *b)
{
  int c = byte_at(p, 1);
  int hi = c == 'x' ? hex_value(byte_at(p, 2)) : -1;
  int lo = hi >= 0 ? hex_value(byte_at(p, 3)) : -1;
  if (c == '"' || c == '\\' || c == 'n') {
    pto_buf_putc(b, c == 'n' ? '\n' : (char)c);
    advance(p, 2);
  } else if (lo >= 0 && hi * 16 + lo != 0) {
    pto_buf_putc(b, (char)(hi * 16 + lo));
    advance(p, 4);
  } else {
    pto_buf_free(b);
    fail_at(p, loc_at(p, p->lx.line, p->lx.col),
            "invalid escape sequence in string (use \\\", \\\\, \\n or "
            "\\xHH)");
  }
}

static void
lex_string(parser *p, token *t)
{
  pto_buf b = {0};
  advance(p, 1);
  for (;;) {
    int c = byte_at(p, 0);
    if (c < 0 || c == '\n') {
      pto_buf_free(&b);
      fail_at(p, tok_loc(p, t), "unterminated string");
    }
    if (c == '"')
      break;
    if (c == '\\') {
      lex_escape(p, &b);
      continue;
    }
    if (c < 0x20 || c == 0x7f) {
      pto_buf_free(&b);
      fail_at(p, loc_at(p, p->lx.line, p->lx.col),
              "control character 0x%02x in string (use \\xHH)", (unsigned)c);
    }
    int n = utf8_length(p);
    if (n == 0) {
      pto_buf_free(&b);
      check_text_byte(p);
    }
    for (int i = 0; i < n; i++)
      pto_buf_putc(&b, (char)byte_at(p, (size_t)i));
    advance(p, (size_t)n);
  }
  advance(p, 1);
  t->kind = T_STRING;
  t->sval = pto_arena_strndup(p->prog->arena, b.s ? b.s : "", b.len);
  pto_buf_free(&b);
}

/* Lex the token at the cursor into T.  */
static void
lex(parser *p, token *t)
{
  skip_space(p);
  memset(t, 0, sizeof *t);
  t->pos = p->lx.pos;
  t->line = p->lx.line;
  t->col = p->lx.col;
  int c = byte_at(p, 0);
  if (c < 0)
    t->kind = T_EOF;
  else if (is_ident_start(c))
    lex_ident(p, t);
  else if (is_digit(c))
    lex_number(p, t);
  else if (c == '"')
    lex_string(p, t);
  else
    lex_punct(p, t);
  t->len = p->lx.pos - t->pos;
  p->lx.after_dot = t->kind == T_PUNCT && strcmp(t->punct, ".") == 0;
}

/* Move to the next token.  */
static void
next(parser *p)
{
  if (p->lx.has_ahead) {
    p->lx.tok = p->lx.ahead;
    p->lx.has_ahead = false;
  } else
    lex(p, &p->lx.tok);
}

/* The token after the current one.  */
static const token *
peek(parser *p)
{
  if (!p->lx.has_ahead) {
    lex(p, &p->lx.ahead);
    p->lx.has_ahead = true;
  }
  return &p->lx.ahead;
}

/* ------------------------------------------------------------------ */
/* Token tests                                                        */
/* ------------------------------------------------------------------ */

static bool
is_punct(const token *t, const char *s)
{
  return t->kind == T_PUNCT && strcmp(t->punct, s) == 0;
}

static bool
is_word(const parser *p, const token *t, const char *w)
{
  return t->kind == T_IDENT && strlen(w) == t->len
         && memcmp(p->text + t->pos, w, t->len) == 0;
}

static const char *const keywords[] = {
    "void", "ptr", "tile", "tuple", "fn", "const", "var", "if", "else",
    "for", "while", "return", "break", "continue", "true", "false",
    "kernel", "host", "inline", "func", "min", "max", "abs", "floordiv",
    "floormod", "inf", "nan"};

static bool
is_keyword(const parser *p, const token *t)
{
  pto_dtype dt;
  if (t->kind != T_IDENT)
    return false;
  if (pto_dtype_lookup(p->text + t->pos, t->len, &dt))
    return true;
  for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
    if (is_word(p, t, keywords[i]))
      return true;
  return false;
}

/* "'text'" of T for messages ("end of input" at the end).  */
typedef struct tokdesc {
  char s[64];
} tokdesc;

static tokdesc
describe(const parser *p, const token *t)
{
  tokdesc d;
  if (t->kind == T_EOF)
    snprintf(d.s, sizeof d.s, "end of input");
  else if (t->kind == T_STRING)
    snprintf(d.s, sizeof d.s, "a string");
  else if (t->len > 40)
    snprintf(d.s, sizeof d.s, "'%.40s...'", p->text + t->pos);
  else
    snprintf(d.s, sizeof d.s, "'%.*s'", (int)t->len, p->text + t->pos);
  return d;
}

static bool
accept(parser *p, const char *s)
{
  if (!is_punct(&p->lx.tok, s))
    return false;
  next(p);
  return true;
}

/* Consume punctuator S or fail with "expected 'S' WHAT, found ...".  */
static void
expect(parser *p, const char *s, const char *what)
{
  if (!accept(p, s))
    fail_at(p, tok_loc(p, &p->lx.tok), "expected '%s'%s%s, found %s", s,
            *what ? " " : "", what, describe(p, &p->lx.tok).s);
}

/* The current token's text, interned.  */
static const char *
tok_name(parser *p)
{
  char buf[MAX_IDENT + 1];
  const token *t = &p->lx.tok;
  memcpy(buf, p->text + t->pos, t->len);
  buf[t->len] = 0;
  return pto_intern(p->prog, buf);
}

/* Consume a name that is not a keyword (WHAT says what it names).  */
static const char *
expect_name(parser *p, const char *what)
{
  const token *t = &p->lx.tok;
  if (t->kind != T_IDENT || is_keyword(p, t))
    fail_at(p, tok_loc(p, t), "expected %s, found %s%s", what,
            is_keyword(p, t) ? "keyword " : "", describe(p, t).s);
  const char *n = tok_name(p);
  next(p);
  return n;
}

/* The text of type T for messages.  */
typedef struct tytext {
  char s[128];
} tytext;

static tytext
tyname(const pto_type *t)
{
  tytext r;
  pto_buf b = {0};
  pto_type_print(&b, t);
  snprintf(r.s, sizeof r.s, "%s", b.s);
  pto_buf_free(&b);
  return r;
}

/* Enter one nesting level at token T (see MAX_DEPTH).  */
static void
enter(parser *p, const token *t)
{
  if (++p->depth > MAX_DEPTH)
    fail_at(p, tok_loc(p, t), "nesting too deep (more than %d levels)",
            MAX_DEPTH);
}

static void
leave(parser *p)
{
  p->depth--;
}

/* ------------------------------------------------------------------ */
/* Names and scopes                                                   */
/* ------------------------------------------------------------------ */

/* The slot for interned NAME in the function's table.  */
static binding *
binding_slot(parser *p, const char *name)
{
  if (2 * (p->n + 1) > p->cap) {
    binding *old = p->tab;
    size_t oldcap = p->cap;
    p->cap = p->cap ? 2 * p->cap : 64;
    p->tab = pto_xcalloc(p->cap, sizeof *p->tab);
    p->n = 0;
    for (size_t i = 0; i < oldcap; i++)
      if (old[i].name) {
        *binding_slot(p, old[i].name) = old[i];
      }
    free(old);
  }
  size_t i = (((uintptr_t)name >> 4) * 2654435761u) & (p->cap - 1);
  while (p->tab[i].name && p->tab[i].name != name)
    i = (i + 1) & (p->cap - 1);
  if (!p->tab[i].name) {
    p->tab[i].name = name;
    p->n++;
  }
  return &p->tab[i];
}

/* Define V in the current scope; names are unique per function.  */
static void
bind(parser *p, pto_var *v, bool is_index)
{
  binding *b = binding_slot(p, v->name);
  if (b->var) {
    pto_error(p->diag, v->loc, "redefinition of '%s'", v->name);
    pto_note(p->diag, b->var->loc, "previous definition of '%s' is here",
             v->name);
    longjmp(p->fail, 1);
  }
  b->var = v;
  b->visible = true;
  b->is_index = is_index;
  if (p->nscope == p->capscope) {
    p->capscope = p->capscope ? 2 * p->capscope : 32;
    p->scope = pto_xrealloc(p->scope, sizeof *p->scope * p->capscope);
  }
  p->scope[p->nscope++] = v->name;
}

/* Hide the names defined since the scope stack held MARK entries.  */
static void
unbind_to(parser *p, size_t mark)
{
  while (p->nscope > mark)
    binding_slot(p, p->scope[--p->nscope])->visible = false;
}

/* Start a function: no names bound.  */
static void
reset_names(parser *p, pto_func *f)
{
  p->fn = f;
  if (p->tab)
    memset(p->tab, 0, sizeof *p->tab * p->cap);
  p->n = p->nscope = 0;
  p->loops = 0;
}

/* The binding of the variable named by the current token, which must be
   in scope.  */
static binding *
lookup_var(parser *p)
{
  token t = p->lx.tok;
  const char *name = tok_name(p);
  binding *b = binding_slot(p, name);
  if (!b->var)
    fail_at(p, tok_loc(p, &t), "use of undeclared variable '%s'", name);
  if (!b->visible) {
    pto_error(p->diag, tok_loc(p, &t), "use of variable '%s' outside its "
              "scope", name);
    pto_note(p->diag, b->var->loc, "'%s' is defined here", name);
    longjmp(p->fail, 1);
  }
  next(p);
  return b;
}

/* ------------------------------------------------------------------ */
/* Types                                                              */
/* ------------------------------------------------------------------ */

static const pto_type *parse_type(parser *p);

/* Consume the '>' closing a type, splitting a '>>' token in two.  */
static void
expect_close_angle(parser *p, const char *what)
{
  token *t = &p->lx.tok;
  if (is_punct(t, ">>")) {
    t->punct = ">";
    t->pos++;
    t->len = 1;
    t->col++;
    return;
  }
  expect(p, ">", what);
}

/* A positive int literal (a tile dimension).  */
static int
parse_dim(parser *p, const char *what)
{
  const token *t = &p->lx.tok;
  if (t->kind != T_INT || t->too_big || t->ival == 0 || t->ival > 1u << 20)
    fail_at(p, tok_loc(p, t), "expected the %s of the tile (1 to %u), "
            "found %s", what, 1u << 20, describe(p, t).s);
  int v = (int)t->ival;
  next(p);
  return v;
}

/* The element dtype of a tile: a scalar type other than bool/index.  */
static pto_dtype
parse_elem_dtype(parser *p)
{
  const token *t = &p->lx.tok;
  pto_dtype dt;
  if (t->kind != T_IDENT || !pto_dtype_lookup(p->text + t->pos, t->len, &dt)
      || dt == PTO_DT_BOOL || dt == PTO_DT_INDEX)
    fail_at(p, tok_loc(p, t), "expected the element type of the tile, "
            "found %s", describe(p, t).s);
  next(p);
  return dt;
}

/* "tile<DT,R,C[,SPACE]>" after "tile".  */
static const pto_type *
parse_tile_type(parser *p)
{
  expect(p, "<", "after 'tile'");
  pto_dtype dt = parse_elem_dtype(p);
  expect(p, ",", "after the element type");
  int rows = parse_dim(p, "rows");
  expect(p, ",", "after the rows");
  int cols = parse_dim(p, "columns");
  pto_memspace m = PTO_MEM_ANY;
  if (accept(p, ",")) {
    const token *t = &p->lx.tok;
    if (t->kind != T_IDENT
        || !pto_memspace_lookup(p->text + t->pos, t->len, &m))
      fail_at(p, tok_loc(p, t), "expected a memory space (gm, ub, l1, l0a, "
              "l0b, l0c), found %s", describe(p, t).s);
    next(p);
  }
  expect_close_angle(p, "to close the tile type");
  return pto_type_tile(p->prog, dt, rows, cols, m);
}

/* A type that values can have (not void or fn), for WHAT.  */
static const pto_type *
parse_value_type(parser *p, const char *what)
{
  token t = p->lx.tok;
  const pto_type *ty = parse_type(p);
  if (ty->kind == PTO_TY_VOID || ty->kind == PTO_TY_FUNC)
    fail_at(p, tok_loc(p, &t), "%s cannot have type '%.*s'", what,
            (int)t.len, p->text + t.pos);
  return ty;
}

/* "ptr<[const] T>" and "tuple<T,...>" after their keyword.  */
static const pto_type *
parse_ptr_or_tuple(parser *p, bool is_ptr)
{
  expect(p, "<", is_ptr ? "after 'ptr'" : "after 'tuple'");
  if (is_ptr) {
    bool c = is_word(p, &p->lx.tok, "const");
    if (c)
      next(p);
    const pto_type *t = parse_value_type(p, "a pointee");
    expect_close_angle(p, "to close the pointer type");
    return pto_type_ptr(p->prog, t, c);
  }
  const pto_type *elems[64];
  int n = 0;
  do {
    if (n == 64)
      fail_at(p, tok_loc(p, &p->lx.tok), "tuple with more than 64 elements");
    elems[n++] = parse_value_type(p, "a tuple element");
  } while (accept(p, ","));
  expect_close_angle(p, "to close the tuple type");
  return pto_type_tuple(p->prog, n, elems);
}

/* Any type of doc/ir.md's "Types".  */
static const pto_type *
parse_type(parser *p)
{
  token t = p->lx.tok;
  enter(p, &t);
  pto_dtype dt;
  const pto_type *ty = NULL;
  if (t.kind == T_IDENT && pto_dtype_lookup(p->text + t.pos, t.len, &dt)) {
    next(p);
    ty = pto_type_scalar(p->prog, dt);
  } else if (is_word(p, &t, "void") || is_word(p, &t, "fn")) {
    next(p);
    ty = t.len == 4 ? pto_type_void(p->prog) : pto_type_func(p->prog);
  } else if (is_word(p, &t, "ptr") || is_word(p, &t, "tuple")) {
    next(p);
    ty = parse_ptr_or_tuple(p, t.len == 3);
  } else if (is_word(p, &t, "tile")) {
    next(p);
    ty = parse_tile_type(p);
  } else if (t.kind == T_IDENT && !is_keyword(p, &t))
    fail_at(p, tok_loc(p, &t), "unknown type %s", describe(p, &t).s);
  else
    fail_at(p, tok_loc(p, &t), "expected a type, found %s", describe(p, &t).s);
  leave(p);
  return ty;
}

/* True if the current token starts a type (for casts).  */
static bool
starts_type(parser *p, const token *t)
{
  pto_dtype dt;
  return t->kind == T_IDENT
         && (pto_dtype_lookup(p->text + t->pos, t->len, &dt)
             || is_word(p, t, "ptr") || is_word(p, t, "tile")
             || is_word(p, t, "tuple") || is_word(p, t, "void")
             || is_word(p, t, "fn"));
}

/* ------------------------------------------------------------------ */
/* Expressions                                                        */
/* ------------------------------------------------------------------ */

static pto_expr *parse_expr(parser *p);
static pto_expr *parse_unary(parser *p);

/* Type-check the node E just built (verify.c), abandoning on error.  */
OUTLINE static pto_expr *
checked(parser *p, pto_expr *e)
{
  if (!pto_check_expr(p->prog, e, p->diag))
    longjmp(p->fail, 1);
  return e;
}

/* "(e, e, ...)": the arguments, in the arena; *N gets their count.  */
static pto_expr **
parse_args(parser *p, int *n, const char *what)
{
  int cap = 4;
  pto_expr **v = pto_arena_alloc(p->prog->arena, sizeof *v * (size_t)cap);
  *n = 0;
  expect(p, "(", what);
  if (accept(p, ")"))
    return v;
  do {
    if (*n == cap) {
      pto_expr **nv = pto_arena_alloc(p->prog->arena,
                                      sizeof *v * (size_t)cap * 2);
      memcpy(nv, v, sizeof *v * (size_t)cap);
      v = nv;
      cap *= 2;
    }
    v[(*n)++] = parse_expr(p);
  } while (accept(p, ","));
  expect(p, ")", "after the arguments");
  return v;
}

/* An optional ":DTYPE" literal suffix; DEF when absent.  */
static pto_dtype
parse_suffix(parser *p, pto_dtype def)
{
  pto_dtype dt;
  const token *t = peek(p);
  if (!is_punct(&p->lx.tok, ":") || t->kind != T_IDENT
      || !pto_dtype_lookup(p->text + t->pos, t->len, &dt))
    return def;
  next(p);
  next(p);
  return dt;
}

/* The integer literal T (negated if NEG) checked against its type.  */
static pto_expr *
make_int(parser *p, const token *t, bool neg, pto_dtype dt, pto_loc l)
{
  if (dt == PTO_DT_BOOL || pto_dtype_is_float(dt))
    fail_at(p, l, "integer literal cannot have type '%s'", pto_dtype_name(dt));
  int bits = pto_dtype_bits(dt);
  uint64_t max = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
  if (pto_dtype_is_signed(dt))
    max = (UINT64_C(1) << (bits - 1)) - !neg;
  else if (neg && t->ival != 0)
    max = 0;
  if (t->too_big || t->ival > max)
    fail_at(p, l, "integer literal %s%.*s out of range for type '%s'",
            neg ? "-" : "", (int)t->len, p->text + t->pos,
            pto_dtype_name(dt));
  uint64_t u = neg ? 0 - t->ival : t->ival;
  int64_t v;
  memcpy(&v, &u, sizeof v);
  return pto_e_int(p->prog, pto_type_scalar(p->prog, dt), v, l);
}

/* A numeric literal at the current token (an int, a float, inf or nan),
   negative if NEG (the '-' at L was already consumed).  */
OUTLINE static pto_expr *
parse_number(parser *p, bool neg, pto_loc l)
{
  token t = p->lx.tok;
  next(p);
  bool is_float = t.kind != T_INT;
  pto_dtype dt = parse_suffix(p, is_float ? PTO_DT_F32 : PTO_DT_I32);
  if (!is_float)
    return make_int(p, &t, neg, dt, l);
  if (!pto_dtype_is_float(dt))
    fail_at(p, l, "float literal cannot have type '%s'", pto_dtype_name(dt));
  double v = t.kind == T_FLOAT ? t.fval
             : is_word(p, &t, "inf") ? INFINITY : NAN;
  return pto_e_float(p->prog, pto_type_scalar(p->prog, dt), neg ? -v : v, l);
}

static bool
is_number_token(const parser *p, const token *t)
{
  return t->kind == T_INT || t->kind == T_FLOAT || is_word(p, t, "inf")
         || is_word(p, t, "nan");
}

/* "pto.NAME(args)".  */
OUTLINE static pto_expr *
parse_intrinsic(parser *p)
{
  token t = p->lx.tok;
  pto_op op;
  if (!pto_op_lookup(p->text + t.pos + 4, t.len - 4, &op))
    fail_at(p, tok_loc(p, &t), "unknown intrinsic '%.*s'", (int)t.len,
            p->text + t.pos);
  next(p);
  int n;
  pto_expr **args = parse_args(p, &n, "after the intrinsic's name");
  return checked(p, pto_e_op(p->prog, op, n, args, tok_loc(p, &t)));
}

/* "@name(args)" or "@name".  */
OUTLINE static pto_expr *
parse_at(parser *p)
{
  pto_loc l = tok_loc(p, &p->lx.tok);
  next(p);
  if (p->lx.tok.kind != T_IDENT)
    fail_at(p, tok_loc(p, &p->lx.tok), "expected a function name after '@', "
            "found %s", describe(p, &p->lx.tok).s);
  const char *name = tok_name(p);
  next(p);
  pto_func *f = pto_func_lookup(p->prog, name);
  if (!f)
    fail_at(p, l, "%s undefined function '%s'",
            is_punct(&p->lx.tok, "(") ? "call to" : "reference to", name);
  if (!is_punct(&p->lx.tok, "("))
    return checked(p, pto_e_funcref(p->prog, name, l));
  int n;
  pto_expr **args = parse_args(p, &n, "");
  return checked(p, pto_e_call(p->prog, name, f->ret, n, args, l));
}

/* The call forms "abs(a)", "min(a, b)", ... and "tuple(a, ...)" after
   their keyword at T.  */
OUTLINE static pto_expr *
parse_call_form(parser *p, const token *t)
{
  pto_loc l = tok_loc(p, t);
  int n;
  char what[48];
  snprintf(what, sizeof what, "after '%.*s'", (int)t->len, p->text + t->pos);
  pto_expr **args = parse_args(p, &n, what);
  if (is_word(p, t, "tuple")) {
    if (n == 0)
      fail_at(p, l, "'tuple' needs at least one element");
    return checked(p, pto_e_tuple(p->prog, n, args, l));
  }
  pto_unop un = PTO_UN_COUNT;
  for (int i = 0; i < PTO_UN_COUNT; i++)
    if (pto_unop_form((pto_unop)i) == 'F'
        && is_word(p, t, pto_unop_name((pto_unop)i)))
      un = (pto_unop)i;
  int want = un != PTO_UN_COUNT ? 1 : 2;
  if (n != want)
    fail_at(p, l, "'%.*s' takes %d argument%s, found %d", (int)t->len,
            p->text + t->pos, want, want == 1 ? "" : "s", n);
  if (want == 1)
    return checked(p, pto_e_un(p->prog, un, args[0], NULL, l));
  pto_binop op = is_word(p, t, "min") ? PTO_BIN_MIN
                 : is_word(p, t, "max") ? PTO_BIN_MAX
                 : is_word(p, t, "floordiv") ? PTO_BIN_FLOORDIV
                                             : PTO_BIN_FLOORMOD;
  return checked(p, pto_e_bin(p->prog, op, args[0], args[1], l));
}

static bool
is_call_form(const parser *p, const token *t)
{
  static const char *const words[] = {"abs", "min", "max", "floordiv",
                                      "floormod", "tuple"};
  for (size_t i = 0; i < sizeof words / sizeof *words; i++)
    if (is_word(p, t, words[i]))
      return true;
  /* The library functions (sqrt, exp, ...) only when a '(' follows:
     elsewhere the word is a variable's name.  */
  const char *after = p->text + t->pos + t->len;
  while (*after == ' ' || *after == '\t')
    after++;
  for (int i = 0; i < PTO_UN_COUNT; i++)
    if (pto_unop_is_math((pto_unop)i) && *after == '('
        && is_word(p, t, pto_unop_name((pto_unop)i)))
      return true;
  return false;
}

/* Identifiers in operand position: bool and float words, call forms,
   variables.  */
OUTLINE static pto_expr *
parse_word(parser *p)
{
  token t = p->lx.tok;
  pto_loc l = tok_loc(p, &t);
  if (is_word(p, &t, "true") || is_word(p, &t, "false")) {
    next(p);
    return pto_e_bool(p->prog, t.len == 4, l);
  }
  if (is_word(p, &t, "inf") || is_word(p, &t, "nan"))
    return parse_number(p, false, l);
  if (is_call_form(p, &t)) {
    next(p);
    return parse_call_form(p, &t);
  }
  if (is_keyword(p, &t))
    fail_at(p, l, "expected an expression, found keyword %s",
            describe(p, &t).s);
  binding *b = lookup_var(p);
  return pto_e_var(p->prog, b->var, l);
}

/* Fail at T, which cannot start an expression.  */
OUTLINE PTO_NORETURN static void
fail_expected_expr(parser *p, const token *t)
{
  fail_at(p, tok_loc(p, t), "expected an expression, found %s",
          describe(p, t).s);
}

static pto_expr *
parse_primary(parser *p)
{
  token t = p->lx.tok;
  switch (t.kind) {
  case T_INT:
  case T_FLOAT: return parse_number(p, false, tok_loc(p, &t));
  case T_IDENT: return parse_word(p);
  case T_OP: return parse_intrinsic(p);
  default: break;
  }
  if (is_punct(&t, "@"))
    return parse_at(p);
  if (accept(p, "(")) {
    pto_expr *e = parse_expr(p);
    expect(p, ")", "to close the parenthesis");
    return e;
  }
  fail_expected_expr(p, &t);
}

/* "[i]" for a pointer BASE, "[i][j]" for a tile.  */
OUTLINE static pto_expr *
parse_index(parser *p, pto_expr *base)
{
  pto_loc l = tok_loc(p, &p->lx.tok);
  pto_expr *idx[2];
  int n = base->type->kind == PTO_TY_TILE ? 2 : 1;
  next(p);
  for (int i = 0; i < n; i++) {
    if (i)
      expect(p, "[", "for the column of the tile element");
    idx[i] = parse_expr(p);
    expect(p, "]", "after the index");
  }
  return checked(p, pto_e_index(p->prog, base, n, idx, l));
}

/* "e.N".  */
OUTLINE static pto_expr *
parse_getitem(parser *p, pto_expr *base)
{
  pto_loc l = tok_loc(p, &p->lx.tok);
  next(p);
  const token *t = &p->lx.tok;
  if (t->kind != T_INT)
    fail_at(p, tok_loc(p, t), "expected a tuple element number after '.', "
            "found %s", describe(p, t).s);
  const pto_type *bt = base->type;
  if (bt->kind != PTO_TY_TUPLE)
    fail_at(p, l, "'.%.*s' applied to a value of type '%s', expected a "
            "tuple", (int)t->len, p->text + t->pos, tyname(bt).s);
  if (t->too_big || t->ival >= (uint64_t)bt->nelems)
    fail_at(p, tok_loc(p, t), "tuple element %.*s out of range (the tuple "
            "has %d)", (int)t->len, p->text + t->pos, bt->nelems);
  int i = (int)t->ival;
  next(p);
  return checked(p, pto_e_getitem(p->prog, base, i, l));
}

static pto_expr *
parse_postfix(parser *p, pto_expr *e)
{
  for (;;) {
    if (is_punct(&p->lx.tok, "["))
      e = parse_index(p, e);
    else if (is_punct(&p->lx.tok, "."))
      e = parse_getitem(p, e);
    else
      return e;
  }
}

/* "(T)e" after '(' when a type follows; "(tuple(a, b))" is not a cast
   but a parenthesised expression.  */
OUTLINE static pto_expr *
parse_cast(parser *p, pto_loc l)
{
  if (is_word(p, &p->lx.tok, "tuple") && is_punct(peek(p), "(")) {
    pto_expr *e = parse_expr(p);
    expect(p, ")", "to close the parenthesis");
    return parse_postfix(p, e);
  }
  const pto_type *t = parse_type(p);
  expect(p, ")", "after the type of the cast");
  pto_expr *a = parse_unary(p);
  return checked(p, pto_e_un(p->prog, PTO_UN_CAST, a, t, l));
}

/* The prefix operator spelt by T, if any.  */
static bool
prefix_op(const token *t, pto_unop *op)
{
  static const struct { const char *s; pto_unop op; } ops[] = {
      {"-", PTO_UN_NEG}, {"!", PTO_UN_NOT}, {"~", PTO_UN_BNOT},
      {"&", PTO_UN_ADDR}, {"*", PTO_UN_DEREF}};
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
    if (is_punct(t, ops[i].s)) {
      *op = ops[i].op;
      return true;
    }
  return false;
}

static pto_expr *
parse_unary(parser *p)
{
  token t = p->lx.tok;
  pto_loc l = tok_loc(p, &t);
  pto_unop op;
  pto_expr *e;
  enter(p, &t);
  if (is_punct(&t, "-") && is_number_token(p, peek(p))
      && peek(p)->pos == t.pos + 1) {
    next(p);
    e = parse_postfix(p, parse_number(p, true, l));
  } else if (prefix_op(&t, &op)) {
    next(p);
    pto_expr *a = parse_unary(p);
    e = checked(p, pto_e_un(p->prog, op, a, NULL, l));
  } else if (is_punct(&t, "(") && starts_type(p, peek(p))) {
    next(p);
    e = parse_cast(p, l);
  } else
    e = parse_postfix(p, parse_primary(p));
  leave(p);
  return e;
}

/* The binary operator (with a precedence) spelt by T, if any.  */
static bool
infix_op(const token *t, pto_binop *op)
{
  if (t->kind != T_PUNCT)
    return false;
  for (int i = 0; i < PTO_BIN_COUNT; i++)
    if (pto_binop_prec((pto_binop)i) > 0
        && strcmp(pto_binop_name((pto_binop)i), t->punct) == 0) {
      *op = (pto_binop)i;
      return true;
    }
  return false;
}

/* Precedence climbing over PTO_BINOPS: operators binding at least as
   tightly as MINPREC, left associative.  Each operator of a chain counts
   as a nesting level (the tree it builds is that deep).  */
static pto_expr *
parse_binary(parser *p, int minprec)
{
  int depth = p->depth;
  pto_expr *e = parse_unary(p);
  pto_binop op;
  while (infix_op(&p->lx.tok, &op) && pto_binop_prec(op) >= minprec) {
    token t = p->lx.tok;
    enter(p, &t);
    next(p);
    pto_expr *b = parse_binary(p, pto_binop_prec(op) + 1);
    e = checked(p, pto_e_bin(p->prog, op, e, b, tok_loc(p, &t)));
  }
  p->depth = depth;
  return e;
}

/* A full expression: "c ? a : b" (right associative) or an operand.  */
static pto_expr *
parse_expr(parser *p)
{
  pto_expr *c = parse_binary(p, 4);
  if (is_punct(&p->lx.tok, "?")) {
    token q = p->lx.tok;
    enter(p, &q);
    next(p);
    pto_expr *a = parse_expr(p);
    expect(p, ":", "in the conditional expression");
    pto_expr *b = parse_expr(p);
    c = checked(p, pto_e_select(p->prog, c, a, b, tok_loc(p, &q)));
    leave(p);
  }
  return c;
}

/* ------------------------------------------------------------------ */
/* Attributes and locations                                           */
/* ------------------------------------------------------------------ */

/* An attribute integer: "-"? DIGITS within int64.  */
static int64_t
parse_attr_int(parser *p)
{
  bool neg = accept(p, "-");
  const token *t = &p->lx.tok;
  if (t->kind != T_INT)
    fail_at(p, tok_loc(p, t), "expected an integer, found %s",
            describe(p, t).s);
  if (t->too_big || t->ival > (UINT64_C(1) << 63) - !neg)
    fail_at(p, tok_loc(p, t), "attribute value out of range of i64");
  uint64_t u = neg ? 0 - t->ival : t->ival;
  int64_t v;
  memcpy(&v, &u, sizeof v);
  next(p);
  return v;
}

/* "[i, j, ...]" into A under KEY.  */
static void
parse_attr_ints(parser *p, pto_attrs *a, const char *key)
{
  int64_t v[256];
  int n = 0;
  next(p);
  if (!accept(p, "]")) {
    do {
      if (n == 256)
        fail_at(p, tok_loc(p, &p->lx.tok), "more than 256 values in "
                "attribute '%s'", key);
      v[n++] = parse_attr_int(p);
    } while (accept(p, ","));
    expect(p, "]", "to close the list of integers");
  }
  pto_attr_set_ints(p->prog, a, key, n, v);
}

/* One "key=value" into A.  */
static void
parse_attr(parser *p, pto_attrs *a)
{
  const token *k = &p->lx.tok;
  if (k->kind != T_IDENT)
    fail_at(p, tok_loc(p, k), "expected an attribute name, found %s",
            describe(p, k).s);
  const char *key = tok_name(p);
  if (pto_attr_get(a, key))
    fail_at(p, tok_loc(p, k), "duplicate attribute '%s'", key);
  next(p);
  expect(p, "=", "after the attribute name");
  token vt = p->lx.tok;
  if (vt.kind == T_STRING) {
    pto_attr_set_str(p->prog, a, key, vt.sval);
    next(p);
  } else if (is_punct(&vt, "["))
    parse_attr_ints(p, a, key);
  else if (vt.kind == T_INT || is_punct(&vt, "-"))
    pto_attr_set_int(p->prog, a, key, parse_attr_int(p));
  else
    fail_at(p, tok_loc(p, &vt), "expected an attribute value (an integer, "
            "a string or a list of integers), found %s", describe(p, &vt).s);
  if (!pto_check_attr(pto_attr_get(a, key), tok_loc(p, &vt), p->diag))
    longjmp(p->fail, 1);
}

/* An optional "[key=value, ...]" into A.  */
static void
parse_attrs(parser *p, pto_attrs *a)
{
  if (!accept(p, "["))
    return;
  if (accept(p, "]"))
    return;
  do
    parse_attr(p, a);
  while (accept(p, ","));
  expect(p, "]", "to close the attributes");
}

/* A non-negative int (a line or column of a location).  */
static int
parse_loc_number(parser *p, const char *what)
{
  const token *t = &p->lx.tok;
  if (t->kind != T_INT || t->too_big || t->ival > INT32_MAX)
    fail_at(p, tok_loc(p, t), "expected the %s number of the location, "
            "found %s", what, describe(p, t).s);
  int v = (int)t->ival;
  next(p);
  return v;
}

/* An optional location annotation '@"file":LINE:COL' into *OUT.  */
static bool
parse_annotation(parser *p, pto_loc *out)
{
  if (!is_punct(&p->lx.tok, "@") || peek(p)->kind != T_STRING)
    return false;
  next(p);
  const char *file = p->lx.tok.sval;
  next(p);
  expect(p, ":", "after the file name of the location");
  int line = parse_loc_number(p, "line");
  expect(p, ":", "after the line number of the location");
  int col = parse_loc_number(p, "column");
  *out = pto_mkloc(p->prog, *file ? file : NULL, line, col);
  return true;
}

/* Give E and all its operands location L.  */
static void
relabel(pto_expr *e, pto_loc l)
{
  if (!e)
    return;
  e->loc = l;
  relabel(e->a, l);
  relabel(e->b, l);
  relabel(e->c, l);
  for (int i = 0; i < e->nargs; i++)
    relabel(e->args[i], l);
}

/* Apply an annotation that follows S's header or ';' to S, its
   expressions and the variable it defines.  */
static void
annotate(parser *p, pto_stmt *s)
{
  pto_loc l;
  if (!parse_annotation(p, &l))
    return;
  s->loc = l;
  relabel(s->lhs, l);
  relabel(s->value, l);
  relabel(s->cond, l);
  relabel(s->start, l);
  relabel(s->stop, l);
  relabel(s->step, l);
  if (s->var && (s->kind == PTO_S_DECL || s->kind == PTO_S_FOR))
    s->var->loc = l;
}

/* ------------------------------------------------------------------ */
/* Statements                                                         */
/* ------------------------------------------------------------------ */

static pto_stmt *parse_stmt(parser *p);

/* Fail unless E (which started at token AT) has type WANT.  */
static void
expect_type(parser *p, const pto_expr *e, const pto_type *want,
            const token *at, const char *what)
{
  if (e->type != want)
    fail_at(p, tok_loc(p, at), "%s has type '%s', expected '%s'", what,
            tyname(e->type).s, tyname(want).s);
}

/* An expression of type WANT.  */
OUTLINE static pto_expr *
parse_typed(parser *p, const pto_type *want, const char *what)
{
  token t = p->lx.tok;
  pto_expr *e = parse_expr(p);
  expect_type(p, e, want, &t, what);
  return e;
}

/* "{ stmt... }" into B; names defined inside are local to it.  */
static void
parse_block(parser *p, pto_block *b, const char *what)
{
  token open = p->lx.tok;
  expect(p, "{", what);
  enter(p, &open);
  size_t mark = p->nscope;
  while (!is_punct(&p->lx.tok, "}")) {
    if (p->lx.tok.kind == T_EOF)
      fail_at(p, tok_loc(p, &p->lx.tok), "unexpected end of input in block "
              "started at %d:%d", open.line, open.col);
    pto_block_push(p->prog, b, parse_stmt(p));
  }
  next(p);
  unbind_to(p, mark);
  leave(p);
}

/* The end of a simple statement: ';' and an optional location.  */
static pto_stmt *
finish_simple(parser *p, pto_stmt *s)
{
  expect(p, ";", "after statement");
  annotate(p, s);
  return s;
}

/* "var NAME: T [= init];" after "var".  */
OUTLINE static pto_stmt *
parse_decl(parser *p, pto_loc l)
{
  token nt = p->lx.tok;
  const char *name = expect_name(p, "a variable name");
  expect(p, ":", "after the variable name");
  const pto_type *t = parse_value_type(p, "a variable");
  pto_expr *init = NULL;
  if (accept(p, "="))
    init = parse_typed(p, t, "initialiser");
  pto_var *v = pto_var_new(p->prog, p->fn, name, t, tok_loc(p, &nt));
  pto_stmt *s = finish_simple(p, pto_s_decl(p->prog, v, init, l));
  bind(p, v, false);
  return s;
}

/* "lhs = rhs;" or "expr;".  */
OUTLINE static pto_stmt *
parse_assign_or_eval(parser *p, pto_loc l)
{
  pto_expr *e = parse_expr(p);
  token eq = p->lx.tok;
  if (!accept(p, "="))
    return finish_simple(p, pto_s_eval(p->prog, e, l));
  if (!pto_check_lvalue(e, p->diag))
    longjmp(p->fail, 1);
  if (e->kind == PTO_E_VAR && binding_slot(p, e->u.var->name)->is_index)
    fail_at(p, e->loc, "cannot assign to loop index '%s'", e->u.var->name);
  pto_expr *rhs = parse_expr(p);
  if (rhs->type != e->type)
    fail_at(p, tok_loc(p, &eq), "assigning a value of type '%s' to '%s' of "
            "type '%s'", tyname(rhs->type).s, e->kind == PTO_E_VAR
            ? e->u.var->name : "an lvalue", tyname(e->type).s);
  return finish_simple(p, pto_s_assign(p->prog, e, rhs, l));
}

/* "(cond)" of an if or a while.  */
OUTLINE static pto_expr *
parse_cond(parser *p, const char *what)
{
  expect(p, "(", what);
  pto_expr *c = parse_typed(p, pto_type_scalar(p->prog, PTO_DT_BOOL),
                            "condition");
  expect(p, ")", "after the condition");
  return c;
}

/* "if (c) {...} [else {...} | else if ...]" after "if".  */
static pto_stmt *
parse_if(parser *p, const token *kw)
{
  enter(p, kw);
  pto_stmt *s = pto_s_if(p->prog, parse_cond(p, "after 'if'"),
                         tok_loc(p, kw));
  annotate(p, s);
  parse_block(p, &s->body, "to open the body of the if");
  if (is_word(p, &p->lx.tok, "else")) {
    next(p);
    if (is_word(p, &p->lx.tok, "if")) {
      token t = p->lx.tok;
      next(p);
      pto_block_push(p->prog, &s->els, parse_if(p, &t));
    } else
      parse_block(p, &s->els, "to open the else block");
  }
  leave(p);
  return s;
}

/* A loop body, with break and continue allowed inside.  */
static void
parse_loop_body(parser *p, pto_block *b)
{
  p->loops++;
  parse_block(p, b, "to open the body of the loop");
  p->loops--;
}

static pto_stmt *
parse_while(parser *p, pto_loc l)
{
  pto_stmt *s = pto_s_while(p->prog, parse_cond(p, "after 'while'"), l);
  annotate(p, s);
  parse_loop_body(p, &s->body);
  return s;
}

/* The loop index NAME, repeated in the header of its for loop.  */
static void
expect_index(parser *p, const char *name)
{
  const token *t = &p->lx.tok;
  if (t->kind != T_IDENT || tok_name(p) != name)
    fail_at(p, tok_loc(p, t), "expected the loop index '%s', found %s", name,
            describe(p, t).s);
  next(p);
}

/* The index of a for loop: "NAME: T" with an integer T.  */
static pto_var *
parse_loop_index(parser *p)
{
  token nt = p->lx.tok;
  const char *name = expect_name(p, "a loop index name");
  expect(p, ":", "after the loop index");
  token tt = p->lx.tok;
  const pto_type *t = parse_type(p);
  if (t->kind != PTO_TY_SCALAR || !pto_dtype_is_int(t->dtype))
    fail_at(p, tok_loc(p, &tt), "loop index must have an integer type, "
            "found '%s'", tyname(t).s);
  return pto_var_new(p->prog, p->fn, name, t, tok_loc(p, &nt));
}

/* "for (i: T = start; i < stop; i += step) [attrs] {...}" after "for"
   (">" instead of "<" counts down).  */
static pto_stmt *
parse_for(parser *p, pto_loc l)
{
  expect(p, "(", "after 'for'");
  pto_var *v = parse_loop_index(p);
  expect(p, "=", "after the type of the loop index");
  pto_expr *start = parse_typed(p, v->type, "loop start");
  expect(p, ";", "after the loop start");
  expect_index(p, v->name);
  bool down = is_punct(&p->lx.tok, ">");
  if (!accept(p, "<") && !accept(p, ">"))
    fail_at(p, tok_loc(p, &p->lx.tok), "expected '<' or '>' after the loop "
            "index, found %s", describe(p, &p->lx.tok).s);
  pto_expr *stop = parse_typed(p, v->type, "loop bound");
  expect(p, ";", "after the loop bound");
  expect_index(p, v->name);
  expect(p, "+=", "after the loop index");
  pto_expr *step = parse_typed(p, v->type, "loop step");
  expect(p, ")", "after the loop step");
  pto_stmt *s = pto_s_for(p->prog, v, start, stop, step, down, l);
  parse_attrs(p, &s->attrs);
  annotate(p, s);
  size_t mark = p->nscope;
  bind(p, v, true);
  parse_loop_body(p, &s->body);
  unbind_to(p, mark);
  return s;
}

/* "return [value];" after "return" (the keyword at KW).  */
OUTLINE static pto_stmt *
parse_return(parser *p, const token *kw)
{
  const pto_type *ret = p->fn->ret;
  pto_expr *v = NULL;
  if (is_punct(&p->lx.tok, ";")) {
    if (ret->kind != PTO_TY_VOID)
      fail_at(p, tok_loc(p, kw), "return without a value in function '%s' "
              "returning '%s'", p->fn->name, tyname(ret).s);
  } else {
    if (ret->kind == PTO_TY_VOID)
      fail_at(p, tok_loc(p, &p->lx.tok), "return with a value in void "
              "function '%s'", p->fn->name);
    v = parse_typed(p, ret, "return value");
  }
  return finish_simple(p, pto_s_return(p->prog, v, tok_loc(p, kw)));
}

/* "break;" or "continue;" after the keyword KW.  */
OUTLINE static pto_stmt *
parse_jump(parser *p, const token *kw, bool is_break)
{
  if (p->loops == 0)
    fail_at(p, tok_loc(p, kw), "'%s' outside a loop",
            is_break ? "break" : "continue");
  pto_loc l = tok_loc(p, kw);
  return finish_simple(p, is_break ? pto_s_break(p->prog, l)
                                   : pto_s_continue(p->prog, l));
}

static pto_stmt *
parse_stmt(parser *p)
{
  token t = p->lx.tok;
  pto_loc l = tok_loc(p, &t);
  static const char *const words[] = {"var", "if", "for", "while", "return",
                                      "break", "continue", "else"};
  int w = -1;
  for (int i = 0; i < 8 && w < 0; i++)
    if (is_word(p, &t, words[i]))
      w = i;
  if (w >= 0)
    next(p);
  switch (w) {
  case 0: return parse_decl(p, l);
  case 1: return parse_if(p, &t);
  case 2: return parse_for(p, l);
  case 3: return parse_while(p, l);
  case 4: return parse_return(p, &t);
  case 5:
  case 6: return parse_jump(p, &t, w == 5);
  case 7: fail_at(p, l, "'else' without a previous 'if'");
  default: return parse_assign_or_eval(p, l);
  }
}

/* ------------------------------------------------------------------ */
/* Functions and the program                                          */
/* ------------------------------------------------------------------ */

/* "NAME: T [in|out|inout]" of F.  */
static void
parse_param(parser *p, pto_func *f)
{
  static const char *const dirs[] = {"in", "out", "inout"};
  token nt = p->lx.tok;
  const char *name = expect_name(p, "a parameter name");
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i]->name == name) {
      pto_error(p->diag, tok_loc(p, &nt), "redefinition of '%s'", name);
      pto_note(p->diag, f->params[i]->loc, "previous definition of '%s' is "
               "here", name);
      longjmp(p->fail, 1);
    }
  expect(p, ":", "after the parameter name");
  const pto_type *t = parse_value_type(p, "a parameter");
  pto_dir dir = t->kind == PTO_TY_PTR && !t->is_const ? PTO_DIR_INOUT
                                                      : PTO_DIR_IN;
  for (int i = 0; i < 3; i++)
    if (is_word(p, &p->lx.tok, dirs[i])) {
      dir = (pto_dir)i;
      next(p);
      break;
    }
  pto_param_new(p->prog, f, name, t, dir, tok_loc(p, &nt));
}

/* "kernel NAME": a new function of that kind and name.  */
static pto_func *
parse_func_start(parser *p)
{
  static const char *const kinds[] = {"kernel", "host", "inline", "func"};
  token kt = p->lx.tok;
  int k = 0;
  while (k < 4 && !is_word(p, &kt, kinds[k]))
    k++;
  if (k == 4)
    fail_at(p, tok_loc(p, &kt), "expected a function (kernel, host, inline "
            "or func), found %s", describe(p, &kt).s);
  next(p);
  if (p->lx.tok.kind != T_IDENT)
    fail_at(p, tok_loc(p, &p->lx.tok), "expected a function name, found %s",
            describe(p, &p->lx.tok).s);
  token nt = p->lx.tok;
  const char *name = tok_name(p);
  pto_func *old = pto_func_lookup(p->prog, name);
  if (old) {
    pto_error(p->diag, tok_loc(p, &nt), "redefinition of function '%s'", name);
    pto_note(p->diag, old->loc, "previous definition of '%s' is here", name);
    longjmp(p->fail, 1);
  }
  next(p);
  return pto_func_new(p->prog, (pto_func_kind)k, name, NULL, tok_loc(p, &kt));
}

/* Skip the balanced "{...}" at the current token.  At the end of the
   input it stops: phase 2 then reports the error at the innermost
   unclosed construct.  */
static void
skip_braces(parser *p)
{
  long depth = 0;
  do {
    if (p->lx.tok.kind == T_EOF)
      return;
    depth += is_punct(&p->lx.tok, "{") - is_punct(&p->lx.tok, "}");
    next(p);
  } while (depth > 0);
}

/* Phase 1: a function's header; its body is remembered and skipped.  */
static void
parse_header(parser *p)
{
  pto_func *f = parse_func_start(p);
  expect(p, "(", "after the function name");
  if (!accept(p, ")")) {
    do
      parse_param(p, f);
    while (accept(p, ","));
    expect(p, ")", "after the parameters");
  }
  if (accept(p, "->")) {
    token t = p->lx.tok;
    f->ret = parse_type(p);
    if (f->ret->kind == PTO_TY_FUNC)
      fail_at(p, tok_loc(p, &t), "a function cannot return 'fn'");
  }
  parse_attrs(p, &f->attrs);
  pto_loc l;
  if (parse_annotation(p, &l)) {
    f->loc = l;
    for (int i = 0; i < f->nparams; i++)
      f->params[i]->loc = l;
  }
  if (!is_punct(&p->lx.tok, "{"))
    fail_at(p, tok_loc(p, &p->lx.tok), "expected '{' to open the body of "
            "'%s', found %s", f->name, describe(p, &p->lx.tok).s);
  if ((p->nbodies & (p->nbodies - 1)) == 0)   /* 0, 1, 2, 4, ...: grow */
    p->bodies = pto_xrealloc(p->bodies, sizeof *p->bodies
                                            * (size_t)(2 * p->nbodies + 1));
  p->bodies[p->nbodies++] = p->lx;
  skip_braces(p);
}

/* Phase 2: the body of F, with the lexer put back at its '{'.  */
static void
parse_body(parser *p, pto_func *f, const lexer *at)
{
  p->lx = *at;
  reset_names(p, f);
  for (int i = 0; i < f->nparams; i++)
    bind(p, f->params[i], false);
  parse_block(p, &f->body, "to open the function body");
}

static void
parse_program(parser *p)
{
  next(p);
  while (p->lx.tok.kind != T_EOF)
    parse_header(p);
  for (int i = 0; i < p->nbodies; i++)
    parse_body(p, p->prog->funcs[i], &p->bodies[i]);
}

pto_program *
pto_parse(const char *filename, const char *text, size_t len, pto_diag *diag)
{
  pto_diag fallback;
  if (!diag) {
    pto_diag_init(&fallback);
    diag = &fallback;
  }
  parser *p = pto_xcalloc(1, sizeof *p);
  p->text = text;
  p->len = text ? len : 0;
  p->diag = diag;
  p->prog = pto_program_new();
  p->file = pto_intern(p->prog, filename ? filename : "<input>");
  p->lx.line = p->lx.col = 1;
  pto_program *result = NULL;
  if (setjmp(p->fail) == 0) {
    parse_program(p);
    result = p->prog;
  } else
    pto_program_free(p->prog);
  free(p->tab);
  free(p->scope);
  free(p->bodies);
  free(p);
  return result;
}
