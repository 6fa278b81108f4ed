/* check-parse.c - CCE text to the checker's AST (backend/cce/check-internal.h).

   Requires: the text of a .cce file.  Produces: its functions (those with
   a body) as statements and expressions, every local variable numbered
   by a slot, plus the names of every function and macro declared.
   A small preprocessor runs first: #if / #ifdef / #ifndef / #elif /
   #else / #endif are followed with __cplusplus and __NPU_ARCH__ defined
   and __CCE_KT_TEST__ not (the device compiler's view); object-like
   macros whose body is a few tokens are expanded; #include is skipped.
   What the parser cannot follow (switch, goto, templates ...) is reported
   once with check `parse' and the function is marked bad.  */

#include "backend/cce/check-internal.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Arena                                                               */
/* ------------------------------------------------------------------ */

struct ccx_arena {
  struct ccx_arena *next;
  size_t used, size;
  max_align_t data[];
};

ccx_arena *
ccx_arena_new(void)
{
  size_t size = 1 << 16;
  ccx_arena *a = malloc(sizeof *a + size);
  if (!a)
    abort();
  a->next = NULL;
  a->used = 0;
  a->size = size;
  return a;
}

void
ccx_arena_free(ccx_arena *a)
{
  while (a) {
    ccx_arena *n = a->next;
    free(a);
    a = n;
  }
}

/* N zeroed bytes that live as long as A.  */
void *
ccx_alloc(ccx_arena *a, size_t n)
{
  n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
  if (a->used + n > a->size) {
    size_t size = n > (1u << 16) ? n : (1u << 16);
    ccx_arena *b = malloc(sizeof *b + size);
    if (!b)
      abort();
    /* Keep A first: swap the contents' ownership by linking B after A.  */
    b->next = a->next;
    b->used = n;
    b->size = size;
    a->next = b;
    memset(b->data, 0, n);
    return b->data;
  }
  void *p = (char *)a->data + a->used;
  a->used += n;
  memset(p, 0, n);
  return p;
}

static char *
arena_strndup(ccx_arena *a, const char *s, size_t n)
{
  char *p = ccx_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

/* A growable array of pointers in the heap (freed by the parser).  */
typedef struct vec {
  void **v;
  int n, cap;
} vec;

static void
vec_push(vec *v, void *p)
{
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 16;
    v->v = realloc(v->v, (size_t)v->cap * sizeof *v->v);
    if (!v->v)
      abort();
  }
  v->v[v->n++] = p;
}

/* The contents of V copied into A (V is emptied).  */
static void **
vec_finish(ccx_arena *a, vec *v, int *n)
{
  void **out = ccx_alloc(a, (size_t)(v->n ? v->n : 1) * sizeof *out);
  if (v->n)
    memcpy(out, v->v, (size_t)v->n * sizeof *out);
  *n = v->n;
  free(v->v);
  v->v = NULL;
  v->n = v->cap = 0;
  return out;
}

/* ------------------------------------------------------------------ */
/* Tokens and the preprocessor                                         */
/* ------------------------------------------------------------------ */

typedef enum { T_EOF, T_ID, T_NUM, T_FLT, T_STR, T_PUNCT } tkind;

typedef struct token {
  tkind k;
  int op;             /* T_PUNCT */
  const char *s;      /* T_ID: the name */
  int64_t ival;
  int line, col;
} token;

typedef struct macro {
  const char *name;
  token *body;        /* object-like; NULL for function-like */
  int nbody;
} macro;

typedef struct parser {
  void *chk;
  ccx_arena *a;
  const char *p, *end;
  int line, col;
  token *toks;
  int ntoks, captoks, pos;
  macro *macros;
  int nmacros, capmacros;
  vec typedefs;       /* extra type names (char *) */
  vec names;          /* declared functions and macros */
  /* Per function.  */
  vec scope;          /* of scope_ent * */
  vec slot_types, slot_names;
  jmp_buf fail;
  int syncs;          /* the current function calls set/wait_flag */
} parser;

typedef struct scope_ent {
  const char *name;   /* NULL: a scope mark */
  int slot;
} scope_ent;

static const char *const puncts[] = {
  "<<<", ">>>", "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=",
  ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
  "^=", "::"
};
static const int punct_ops[] = {
  OP_LAUNCH_OPEN, OP_LAUNCH_CLOSE, OP_SHLEQ, OP_SHREQ, OP_ELLIPSIS,
  OP_ARROW, OP_INC, OP_DEC, OP_SHL, OP_SHR, OP_LE, OP_GE, OP_EQ, OP_NE,
  OP_ANDAND, OP_OROR, OP_ADDEQ, OP_SUBEQ, OP_MULEQ, OP_DIVEQ, OP_MODEQ,
  OP_ANDEQ, OP_OREQ, OP_XOREQ, OP_SCOPE
};

static void
push_tok(parser *ps, token t)
{
  if (ps->ntoks == ps->captoks) {
    ps->captoks = ps->captoks ? 2 * ps->captoks : 1024;
    ps->toks = realloc(ps->toks, (size_t)ps->captoks * sizeof *ps->toks);
    if (!ps->toks)
      abort();
  }
  ps->toks[ps->ntoks++] = t;
}

static macro *
find_macro(parser *ps, const char *name, size_t n)
{
  for (int i = 0; i < ps->nmacros; i++)
    if (strlen(ps->macros[i].name) == n && !strncmp(ps->macros[i].name, name, n))
      return &ps->macros[i];
  return NULL;
}

/* Lex one token from [*P, END) (no preprocessing), advancing *P, *LINE
   and *COL; T_EOF at the end.  Newlines are skipped unless STOP_NL.  */
static token
lex1(parser *ps, const char **pp, const char *end, int *line, int *col,
     int stop_nl)
{
  const char *p = *pp;
  token t = { 0 };
  for (;;) {
    if (p >= end)
      break;
    if (*p == '\n') {
      if (stop_nl)
        break;
      p++;
      (*line)++;
      *col = 1;
      continue;
    }
    if (*p == '\\' && p + 1 < end && p[1] == '\n') {
      p += 2;
      (*line)++;
      *col = 1;
      continue;
    }
    if (isspace((unsigned char)*p)) {
      p++;
      (*col)++;
      continue;
    }
    if (p + 1 < end && p[0] == '/' && p[1] == '/') {
      while (p < end && *p != '\n')
        p++;
      continue;
    }
    if (p + 1 < end && p[0] == '/' && p[1] == '*') {
      p += 2;
      *col += 2;
      while (p + 1 < end && !(p[0] == '*' && p[1] == '/')) {
        if (*p == '\n') {
          (*line)++;
          *col = 1;
        } else
          (*col)++;
        p++;
      }
      p = p + 2 <= end ? p + 2 : end;
      *col += 2;
      continue;
    }
    break;
  }
  t.line = *line;
  t.col = *col;
  if (p >= end || (stop_nl && *p == '\n')) {
    t.k = T_EOF;
    *pp = p;
    return t;
  }
  const char *s = p;
  if (isalpha((unsigned char)*p) || *p == '_') {
    while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
      p++;
    t.k = T_ID;
    t.s = arena_strndup(ps->a, s, (size_t)(p - s));
  } else if (isdigit((unsigned char)*p)
             || (*p == '.' && p + 1 < end && isdigit((unsigned char)p[1]))) {
    int flt = 0;
    if (p + 1 < end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
      p += 2;
      while (p < end && isxdigit((unsigned char)*p))
        p++;
    } else {
      while (p < end && (isdigit((unsigned char)*p) || *p == '.' || *p == 'e'
                         || *p == 'E'
                         || ((*p == '+' || *p == '-')
                             && (p[-1] == 'e' || p[-1] == 'E')))) {
        if (*p == '.' || *p == 'e' || *p == 'E')
          flt = 1;
        p++;
      }
    }
    char buf[64];
    size_t n = (size_t)(p - s) < sizeof buf - 1 ? (size_t)(p - s) : sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    while (p < end && (isalpha((unsigned char)*p)))
      {
        if (*p == 'f' || *p == 'F')
          flt = flt || !(buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X'));
        p++;
      }
    t.k = flt ? T_FLT : T_NUM;
    t.ival = flt ? 0 : (int64_t)strtoull(buf, NULL, 0);
  } else if (*p == '"' || *p == '\'') {
    char q = *p++;
    while (p < end && *p != q && *p != '\n') {
      if (*p == '\\' && p + 1 < end)
        p++;
      p++;
    }
    if (p < end && *p == q)
      p++;
    t.k = q == '"' ? T_STR : T_NUM;
    t.ival = q == '"' ? 0 : (unsigned char)s[1];
  } else {
    t.k = T_PUNCT;
    t.op = (unsigned char)*p;
    size_t len = 1;
    for (size_t i = 0; i < sizeof puncts / sizeof puncts[0]; i++) {
      size_t n = strlen(puncts[i]);
      if ((size_t)(end - p) >= n && !strncmp(p, puncts[i], n)) {
        t.op = punct_ops[i];
        len = n;
        break;
      }
    }
    p += len;
  }
  *col += (int)(p - s);
  *pp = p;
  return t;
}

/* #if expressions: || && == != < > <= >= ! ( ) numbers, defined X,
   macros with a numeric body; anything else is 0.  */
typedef struct pp_expr {
  parser *ps;
  token *t;
  int n, i;
} pp_expr;

static int64_t pp_or(pp_expr *e);

static int
pp_is(pp_expr *e, int op)
{
  if (e->i < e->n && e->t[e->i].k == T_PUNCT && e->t[e->i].op == op) {
    e->i++;
    return 1;
  }
  return 0;
}

static int64_t
pp_primary(pp_expr *e)
{
  if (e->i >= e->n)
    return 0;
  if (pp_is(e, '!'))
    return !pp_primary(e);
  if (pp_is(e, '(')) {
    int64_t v = pp_or(e);
    pp_is(e, ')');
    return v;
  }
  token *t = &e->t[e->i++];
  if (t->k == T_NUM)
    return t->ival;
  if (t->k == T_ID && !strcmp(t->s, "defined")) {
    int paren = pp_is(e, '(');
    int v = 0;
    if (e->i < e->n && e->t[e->i].k == T_ID) {
      v = find_macro(e->ps, e->t[e->i].s, strlen(e->t[e->i].s)) != NULL;
      e->i++;
    }
    if (paren)
      pp_is(e, ')');
    return v;
  }
  if (t->k == T_ID) {
    macro *m = find_macro(e->ps, t->s, strlen(t->s));
    if (m && m->nbody == 1 && m->body[0].k == T_NUM)
      return m->body[0].ival;
  }
  return 0;
}

static int64_t
pp_cmp(pp_expr *e)
{
  int64_t v = pp_primary(e);
  for (;;) {
    if (pp_is(e, OP_EQ))
      v = v == pp_primary(e);
    else if (pp_is(e, OP_NE))
      v = v != pp_primary(e);
    else if (pp_is(e, OP_LE))
      v = v <= pp_primary(e);
    else if (pp_is(e, OP_GE))
      v = v >= pp_primary(e);
    else if (pp_is(e, '<'))
      v = v < pp_primary(e);
    else if (pp_is(e, '>'))
      v = v > pp_primary(e);
    else
      return v;
  }
}

static int64_t
pp_and(pp_expr *e)
{
  int64_t v = pp_cmp(e);
  while (pp_is(e, OP_ANDAND)) {
    int64_t w = pp_cmp(e);
    v = v && w;
  }
  return v;
}

static int64_t
pp_or(pp_expr *e)
{
  int64_t v = pp_and(e);
  while (pp_is(e, OP_OROR)) {
    int64_t w = pp_and(e);
    v = v || w;
  }
  return v;
}

/* The tokens of the rest of the directive line at *PP.  */
static token *
line_tokens(parser *ps, const char **pp, int *line, int *col, int *n)
{
  vec v = { 0 };
  for (;;) {
    token t = lex1(ps, pp, ps->end, line, col, 1);
    if (t.k == T_EOF)
      break;
    token *c = ccx_alloc(ps->a, sizeof *c);
    *c = t;
    vec_push(&v, c);
  }
  token *out = ccx_alloc(ps->a, (size_t)(v.n ? v.n : 1) * sizeof *out);
  for (int i = 0; i < v.n; i++)
    out[i] = *(token *)v.v[i];
  *n = v.n;
  free(v.v);
  return out;
}

static void
define_macro(parser *ps, const char *name, token *body, int nbody)
{
  if (ps->nmacros == ps->capmacros) {
    ps->capmacros = ps->capmacros ? 2 * ps->capmacros : 32;
    ps->macros = realloc(ps->macros, (size_t)ps->capmacros * sizeof *ps->macros);
    if (!ps->macros)
      abort();
  }
  ps->macros[ps->nmacros].name = name;
  ps->macros[ps->nmacros].body = body;
  ps->macros[ps->nmacros].nbody = nbody;
  ps->nmacros++;
}

enum { PP_MAX_DEPTH = 64 };

/* Tokenize the whole text, following the conditionals.  */
static void
tokenize(parser *ps, const pto_arch *arch)
{
  int active[PP_MAX_DEPTH], taken[PP_MAX_DEPTH], depth = 0;
  int on = 1, bol = 1;
  static token one = { T_NUM, 0, NULL, 1, 0, 0 };
  token *npu = ccx_alloc(ps->a, sizeof *npu);
  *npu = one;
  npu->ival = arch && !strcmp(arch->name, "dav-c220") ? 2201
              : arch && !strcmp(arch->name, "dav-m200") ? 2002
              : arch && !strcmp(arch->name, "dav-c100") ? 1001 : 3510;
  define_macro(ps, "__cplusplus", &one, 1);
  define_macro(ps, "__NPU_ARCH__", npu, 1);
  const char *p = ps->p;
  int line = 1, col = 1;
  while (p < ps->end) {
    /* A directive: '#' first on its line.  */
    const char *q = p;
    while (bol && q < ps->end && (*q == ' ' || *q == '\t'))
      q++;
    if (bol && q < ps->end && *q == '#') {
      col += (int)(q - p) + 1;
      p = q + 1;
      int dl = line, dc = col, n;
      token *t = line_tokens(ps, &p, &line, &col, &n);
      const char *d = n && t[0].k == T_ID ? t[0].s : "";
      pp_expr e = { ps, t + 1, n - 1, 0 };
      if (!strcmp(d, "ifdef") || !strcmp(d, "ifndef") || !strcmp(d, "if")) {
        int v;
        if (!strcmp(d, "if"))
          v = pp_or(&e) != 0;
        else {
          v = n > 1 && t[1].k == T_ID
              && find_macro(ps, t[1].s, strlen(t[1].s)) != NULL;
          if (d[2] == 'n')
            v = !v;
        }
        if (depth == PP_MAX_DEPTH) {
          ccx_report(ps->chk, dl, dc, "parse", "conditionals nested too deeply");
          break;
        }
        active[depth] = on;
        taken[depth] = v;
        depth++;
        on = on && v;
      } else if (!strcmp(d, "elif") || !strcmp(d, "else")) {
        if (!depth)
          ccx_report(ps->chk, dl, dc, "parse", "#%s without #if", d);
        else {
          int v = d[1] == 'l' && d[2] == 'i' ? pp_or(&e) != 0 : 1;
          on = active[depth - 1] && !taken[depth - 1] && v;
          taken[depth - 1] = taken[depth - 1] || v;
        }
      } else if (!strcmp(d, "endif")) {
        if (!depth)
          ccx_report(ps->chk, dl, dc, "parse", "#endif without #if");
        else
          on = active[--depth];
      } else if (on && !strcmp(d, "define") && n > 1 && t[1].k == T_ID) {
        /* Function-like iff '(' follows the name without a space.  */
        int fn = n > 2 && t[2].k == T_PUNCT && t[2].op == '('
                 && t[2].line == t[1].line
                 && t[2].col == t[1].col + (int)strlen(t[1].s);
        define_macro(ps, t[1].s, fn ? NULL : t + 2, fn ? 0 : n - 2);
        vec_push(&ps->names, (void *)t[1].s);
      } else if (on && !strcmp(d, "undef") && n > 1 && t[1].k == T_ID) {
        macro *m = find_macro(ps, t[1].s, strlen(t[1].s));
        if (m)
          m->name = "";
      }
      bol = 1;
      continue;
    }
    token t = lex1(ps, &p, ps->end, &line, &col, 1);
    if (t.k == T_EOF) {
      if (p < ps->end && *p == '\n') {
        p++;
        line++;
        col = 1;
        bol = 1;
      }
      continue;
    }
    bol = 0;
    if (!on)
      continue;
    macro *m = t.k == T_ID ? find_macro(ps, t.s, strlen(t.s)) : NULL;
    /* __aicore__, __global__ and the like stay specifiers.  */
    size_t tl = t.k == T_ID ? strlen(t.s) : 0;
    if (m && tl > 4 && !strncmp(t.s, "__", 2) && !strcmp(t.s + tl - 2, "__"))
      m = NULL;
    if (m && m->body && m->nbody <= 32) {
      for (int i = 0; i < m->nbody; i++) {
        token b = m->body[i];
        b.line = t.line;
        b.col = t.col;
        push_tok(ps, b);
      }
      continue;
    }
    push_tok(ps, t);
  }
  if (depth)
    ccx_report(ps->chk, line, col, "parse", "unterminated #if");
  token eof = { T_EOF, 0, NULL, 0, line, col };
  push_tok(ps, eof);
}

/* ------------------------------------------------------------------ */
/* Parser helpers                                                      */
/* ------------------------------------------------------------------ */

static token *
cur(parser *ps)
{
  return &ps->toks[ps->pos];
}

static token *
peek(parser *ps, int k)
{
  int i = ps->pos + k;
  return &ps->toks[i < ps->ntoks ? i : ps->ntoks - 1];
}

static int
is_op(token *t, int op)
{
  return t->k == T_PUNCT && t->op == op;
}

static int
is_id(token *t, const char *s)
{
  return t->k == T_ID && !strcmp(t->s, s);
}

static int
accept(parser *ps, int op)
{
  if (is_op(cur(ps), op)) {
    ps->pos++;
    return 1;
  }
  return 0;
}

/* Report a parse error at T and abandon the current function.  */
static _Noreturn void
fail_at(parser *ps, token *t, const char *what)
{
  ccx_report(ps->chk, t->line, t->col, "parse",
             "sorry, unimplemented: pto-cce-check cannot follow %s", what);
  longjmp(ps->fail, 1);
}

static void
expect(parser *ps, int op, const char *what)
{
  if (!accept(ps, op))
    fail_at(ps, cur(ps), what);
}

/* Skip a balanced group starting at the current ( [ or {.  */
static void
skip_group(parser *ps)
{
  int depth = 0;
  do {
    token *t = cur(ps);
    if (t->k == T_EOF)
      return;
    if (t->k == T_PUNCT && (t->op == '(' || t->op == '[' || t->op == '{'))
      depth++;
    else if (t->k == T_PUNCT && (t->op == ')' || t->op == ']' || t->op == '}'))
      depth--;
    ps->pos++;
  } while (depth > 0);
}

/* ------------------------------------------------------------------ */
/* Types                                                               */
/* ------------------------------------------------------------------ */

static const struct { const char *name; int dt; } type_names[] = {
  { "half", DT_F16 }, { "float16_t", DT_F16 }, { "__fp16", DT_F16 },
  { "_Float16", DT_F16 }, { "float", DT_F32 }, { "bfloat16_t", DT_BF16 },
  { "int8_t", DT_S8 }, { "uint8_t", DT_U8 }, { "int16_t", DT_S16 },
  { "uint16_t", DT_U16 }, { "int32_t", DT_S32 }, { "uint32_t", DT_U32 },
  { "int64_t", DT_S64 }, { "uint64_t", DT_U64 }, { "uintptr_t", DT_U64 },
  { "intptr_t", DT_S64 }, { "size_t", DT_U64 }, { "void", DT_VOID },
  { "bool", DT_U8 }, { "_Bool", DT_U8 }, { "double", DT_OTHER },
  { "event_t", DT_S32 }, { "pipe_t", DT_S32 }, { "pad_t", DT_S32 },
  { "Order_t", DT_S32 }, { "ConvRelu_t", DT_S32 }, { "QuantMode_t", DT_S32 },
  { "bm_t", DT_S32 }, { "addr_cal_mode_t", DT_S32 }
};
static const struct { const char *name; int space; } space_names[] = {
  { "__gm__", SP_GM }, { "__ubuf__", SP_UB }, { "__cbuf__", SP_L1 },
  { "__ca__", SP_L0A }, { "__cb__", SP_L0B }, { "__cc__", SP_L0C },
  { "__fbuf__", SP_FB }
};
static const char *const ignored_specs[] = {
  "const", "volatile", "__restrict__", "__restrict", "restrict", "static",
  "inline", "__inline__", "extern", "register", "__aicore__", "__global__",
  "unsigned", "signed", "int", "char", "short", "long", "constexpr", "auto"
};

static int
typedef_name(parser *ps, const char *s)
{
  for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
    if (!strcmp(s, type_names[i].name))
      return type_names[i].dt;
  for (int i = 0; i < ps->typedefs.n; i++)
    if (!strcmp(s, ps->typedefs.v[i]))
      return DT_OTHER;
  return DT_NONE;
}

/* Whether T starts a type (a specifier, qualifier or type name).  */
static int
type_start(parser *ps, token *t)
{
  if (t->k != T_ID)
    return 0;
  if (typedef_name(ps, t->s))
    return 1;
  for (size_t i = 0; i < sizeof space_names / sizeof space_names[0]; i++)
    if (!strcmp(t->s, space_names[i].name))
      return 1;
  for (size_t i = 0; i < sizeof ignored_specs / sizeof ignored_specs[0]; i++)
    if (!strcmp(t->s, ignored_specs[i]))
      return 1;
  return !strcmp(t->s, "struct") || !strcmp(t->s, "union")
         || !strcmp(t->s, "enum");
}

/* Parse specifiers (no declarator) into *TY.  Returns 1 iff the type is
   an aggregate (struct / union / enum), whose body is skipped.  */
static int
parse_specs(parser *ps, ccx_type *ty)
{
  int ints = 0, uns = 0, agg = 0, lng = 0, shrt = 0, chr = 0;
  memset(ty, 0, sizeof *ty);
  for (;;) {
    token *t = cur(ps);
    if (t->k != T_ID || !type_start(ps, t))
      break;
    ps->pos++;
    int dt = typedef_name(ps, t->s);
    if (!strcmp(t->s, "struct") || !strcmp(t->s, "union")
        || !strcmp(t->s, "enum")) {
      agg = 1;
      ty->dt = DT_OTHER;
      if (cur(ps)->k == T_ID)
        ps->pos++;
      if (is_op(cur(ps), '{'))
        skip_group(ps);
      continue;
    }
    if (dt) {
      ty->dt = dt;
      continue;
    }
    for (size_t i = 0; i < sizeof space_names / sizeof space_names[0]; i++)
      if (!strcmp(t->s, space_names[i].name))
        ty->space = space_names[i].space;
    if (!strcmp(t->s, "const") || !strcmp(t->s, "constexpr"))
      ty->cnst = 1;
    else if (!strcmp(t->s, "unsigned"))
      uns = 1;
    else if (!strcmp(t->s, "int") || !strcmp(t->s, "signed"))
      ints = 1;
    else if (!strcmp(t->s, "long"))
      lng = 1;
    else if (!strcmp(t->s, "short"))
      shrt = 1;
    else if (!strcmp(t->s, "char"))
      chr = 1;
  }
  if (!ty->dt && (ints || uns || lng || shrt || chr))
    ty->dt = chr    ? (uns ? DT_U8 : DT_S8)
             : shrt ? (uns ? DT_U16 : DT_S16)
             : lng  ? (uns ? DT_U64 : DT_S64)
                    : (uns ? DT_U32 : DT_S32);
  return agg;
}

/* Pointer declarator part: '*'s with their qualifiers.  */
static void
parse_stars(parser *ps, ccx_type *ty)
{
  for (;;) {
    if (accept(ps, '*') || accept(ps, '&')) {
      ty->ptr++;
      continue;
    }
    token *t = cur(ps);
    if (t->k == T_ID && (!strcmp(t->s, "const") || !strcmp(t->s, "__restrict__")
                         || !strcmp(t->s, "__restrict") || !strcmp(t->s, "restrict")
                         || !strcmp(t->s, "volatile"))) {
      ps->pos++;   /* a qualifier of the pointer itself */
      continue;
    }
    break;
  }
}

/* ------------------------------------------------------------------ */
/* Scopes                                                              */
/* ------------------------------------------------------------------ */

static void
scope_open(parser *ps)
{
  scope_ent *e = ccx_alloc(ps->a, sizeof *e);
  vec_push(&ps->scope, e);
}

static void
scope_close(parser *ps)
{
  while (ps->scope.n) {
    scope_ent *e = ps->scope.v[--ps->scope.n];
    if (!e->name)
      break;
  }
}

static int
new_slot(parser *ps, const char *name, ccx_type ty)
{
  scope_ent *e = ccx_alloc(ps->a, sizeof *e);
  ccx_type *t = ccx_alloc(ps->a, sizeof *t);
  *t = ty;
  e->name = name;
  e->slot = ps->slot_types.n;
  vec_push(&ps->slot_types, t);
  vec_push(&ps->slot_names, (void *)name);
  vec_push(&ps->scope, e);
  return e->slot;
}

static int
lookup_slot(parser *ps, const char *name)
{
  for (int i = ps->scope.n - 1; i >= 0; i--) {
    scope_ent *e = ps->scope.v[i];
    if (e->name && !strcmp(e->name, name))
      return e->slot;
  }
  return -1;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                         */
/* ------------------------------------------------------------------ */

static ccx_expr *parse_assign(parser *ps);
static ccx_expr *parse_unary(parser *ps);

static ccx_expr *
new_expr(parser *ps, ccx_ekind k, token *t)
{
  ccx_expr *e = ccx_alloc(ps->a, sizeof *e);
  e->k = k;
  e->line = t->line;
  e->col = t->col;
  return e;
}

static ccx_expr *
parse_expr(parser *ps)
{
  token *t = cur(ps);
  ccx_expr *e = parse_assign(ps);
  while (accept(ps, ',')) {
    ccx_expr *c = new_expr(ps, E_COMMA, t);
    c->a = e;
    c->b = parse_assign(ps);
    e = c;
  }
  return e;
}

/* Call arguments after '(' up to ')'.  */
static void
parse_args(parser *ps, ccx_expr *call)
{
  vec v = { 0 };
  if (!accept(ps, ')')) {
    do
      vec_push(&v, parse_assign(ps));
    while (accept(ps, ','));
    expect(ps, ')', "this argument list");
  }
  call->args = (ccx_expr **)vec_finish(ps->a, &v, &call->nargs);
}

static ccx_expr *
parse_primary(parser *ps)
{
  token *t = cur(ps);
  ccx_expr *e;
  switch (t->k) {
  case T_NUM:
    ps->pos++;
    e = new_expr(ps, E_NUM, t);
    e->ival = t->ival;
    return e;
  case T_FLT:
    ps->pos++;
    return new_expr(ps, E_FLT, t);
  case T_STR:
    while (cur(ps)->k == T_STR)
      ps->pos++;
    return new_expr(ps, E_STR, t);
  case T_ID:
    ps->pos++;
    if (is_id(t, "nullptr") || is_id(t, "false") || is_id(t, "true")) {
      e = new_expr(ps, E_NUM, t);
      e->ival = is_id(t, "true");
      return e;
    }
    if (is_id(t, "sizeof")) {
      e = new_expr(ps, E_SIZEOF, t);
      if (is_op(cur(ps), '('))
        skip_group(ps);
      else
        parse_unary(ps);
      return e;
    }
    while (is_op(cur(ps), OP_SCOPE) && peek(ps, 1)->k == T_ID)
      ps->pos += 2, t = peek(ps, -1);
    {
      int slot = lookup_slot(ps, t->s);
      e = new_expr(ps, slot >= 0 ? E_VAR : E_NAME, t);
      e->name = t->s;
      e->slot = slot;
    }
    return e;
  case T_PUNCT:
    if (accept(ps, '(')) {
      e = parse_expr(ps);
      expect(ps, ')', "this parenthesis");
      return e;
    }
    break;
  default:
    break;
  }
  fail_at(ps, t, "this expression");
}

static ccx_expr *
parse_postfix(parser *ps)
{
  ccx_expr *e = parse_primary(ps);
  for (;;) {
    token *t = cur(ps);
    if (accept(ps, OP_LAUNCH_OPEN)) {
      /* kernel<<<blocks, l2ctrl, stream>>>(args): a host launch.  */
      while (!is_op(cur(ps), OP_LAUNCH_CLOSE) && cur(ps)->k != T_EOF)
        ps->pos++;
      expect(ps, OP_LAUNCH_CLOSE, "this kernel launch");
      t = cur(ps);
      expect(ps, '(', "this kernel launch");
      ccx_expr *c = new_expr(ps, E_CALL, t);
      c->name = "<<<launch>>>";
      parse_args(ps, c);
      e = c;
    } else if (accept(ps, '(')) {
      ccx_expr *c = new_expr(ps, E_CALL, t);
      c->line = e->line;
      c->col = e->col;
      c->name = e->k == E_NAME || e->k == E_VAR ? e->name : NULL;
      c->a = e;
      if (c->name && (!strcmp(c->name, "set_flag") || !strcmp(c->name, "wait_flag")))
        ps->syncs = 1;
      parse_args(ps, c);
      e = c;
    } else if (accept(ps, '[')) {
      ccx_expr *c = new_expr(ps, E_INDEX, t);
      c->a = e;
      c->b = parse_expr(ps);
      expect(ps, ']', "this subscript");
      e = c;
    } else if (accept(ps, '.') || accept(ps, OP_ARROW)) {
      ccx_expr *c = new_expr(ps, E_MEMBER, t);
      c->a = e;
      if (cur(ps)->k != T_ID)
        fail_at(ps, cur(ps), "this member access");
      ps->pos++;
      e = c;
    } else if (is_op(t, OP_INC) || is_op(t, OP_DEC)) {
      ps->pos++;
      ccx_expr *c = new_expr(ps, E_POST, t);
      c->op = t->op;
      c->a = e;
      e = c;
    } else
      return e;
  }
}

static ccx_expr *
parse_unary(parser *ps)
{
  token *t = cur(ps);
  if (t->k == T_PUNCT
      && (t->op == '!' || t->op == '~' || t->op == '-' || t->op == '+'
          || t->op == '*' || t->op == '&' || t->op == OP_INC || t->op == OP_DEC)) {
    ps->pos++;
    ccx_expr *e = new_expr(ps, E_UNARY, t);
    e->op = t->op;
    e->a = parse_unary(ps);
    return e;
  }
  if (is_op(t, '(') && type_start(ps, peek(ps, 1))) {
    ps->pos++;
    ccx_expr *e = new_expr(ps, E_CAST, t);
    parse_specs(ps, &e->ty);
    parse_stars(ps, &e->ty);
    if (e->ty.ptr && e->ty.cnst == 0) {
      /* const after the base type but before '*' was read by
         parse_specs: nothing more to do.  */
    }
    expect(ps, ')', "this cast");
    e->a = parse_unary(ps);
    return e;
  }
  return parse_postfix(ps);
}

static int
binary_prec(token *t)
{
  if (t->k != T_PUNCT)
    return -1;
  switch (t->op) {
  case OP_OROR: return 1;
  case OP_ANDAND: return 2;
  case '|': return 3;
  case '^': return 4;
  case '&': return 5;
  case OP_EQ: case OP_NE: return 6;
  case '<': case '>': case OP_LE: case OP_GE: return 7;
  case OP_SHL: case OP_SHR: return 8;
  case '+': case '-': return 9;
  case '*': case '/': case '%': return 10;
  default: return -1;
  }
}

static ccx_expr *
parse_binary(parser *ps, int min_prec)
{
  ccx_expr *e = parse_unary(ps);
  for (;;) {
    token *t = cur(ps);
    int p = binary_prec(t);
    if (p < min_prec)
      return e;
    ps->pos++;
    ccx_expr *b = new_expr(ps, E_BIN, t);
    b->op = t->op;
    b->a = e;
    b->b = parse_binary(ps, p + 1);
    e = b;
  }
}

static int
assign_op(token *t)
{
  if (t->k != T_PUNCT)
    return 0;
  switch (t->op) {
  case '=': case OP_ADDEQ: case OP_SUBEQ: case OP_MULEQ: case OP_DIVEQ:
  case OP_MODEQ: case OP_ANDEQ: case OP_OREQ: case OP_XOREQ: case OP_SHLEQ:
  case OP_SHREQ:
    return t->op;
  default:
    return 0;
  }
}

static ccx_expr *
parse_assign(parser *ps)
{
  ccx_expr *e = parse_binary(ps, 1);
  token *t = cur(ps);
  if (accept(ps, '?')) {
    ccx_expr *c = new_expr(ps, E_COND, t);
    c->a = e;
    c->b = parse_expr(ps);
    expect(ps, ':', "this conditional expression");
    c->c = parse_assign(ps);
    return c;
  }
  int op = assign_op(t);
  if (op) {
    ps->pos++;
    ccx_expr *a = new_expr(ps, E_ASSIGN, t);
    a->op = op;
    a->a = e;
    a->b = parse_assign(ps);
    return a;
  }
  return e;
}

/* ------------------------------------------------------------------ */
/* Statements                                                          */
/* ------------------------------------------------------------------ */

static ccx_stmt *parse_stmt(parser *ps);

static ccx_stmt *
new_stmt(parser *ps, ccx_skind k, token *t)
{
  ccx_stmt *s = ccx_alloc(ps->a, sizeof *s);
  s->k = k;
  s->line = t->line;
  s->col = t->col;
  return s;
}

/* A declaration statement (the specifiers are next), up to ';'.  */
static ccx_stmt *
parse_decl(parser *ps)
{
  token *t = cur(ps);
  ccx_stmt *s = new_stmt(ps, S_DECL, t);
  ccx_type base;
  int agg = parse_specs(ps, &base);
  vec v = { 0 };
  if (!is_op(cur(ps), ';')) {
    do {
      ccx_type ty = base;
      parse_stars(ps, &ty);
      token *n = cur(ps);
      if (n->k != T_ID)
        fail_at(ps, n, "this declaration");
      ps->pos++;
      while (is_op(cur(ps), '[')) {
        skip_group(ps);
        ty.dt = DT_OTHER;
      }
      if (agg)
        ty.dt = DT_OTHER;
      ccx_decl *d = ccx_alloc(ps->a, sizeof *d);
      d->name = n->s;
      d->line = n->line;
      d->col = n->col;
      d->ty = ty;
      if (accept(ps, '=')) {
        if (is_op(cur(ps), '{'))
          skip_group(ps);
        else
          d->init = parse_assign(ps);
      }
      /* The name is in scope after its declarator (C rules).  */
      d->slot = new_slot(ps, d->name, ty);
      vec_push(&v, d);
    } while (accept(ps, ','));
  }
  expect(ps, ';', "this declaration");
  ccx_decl **ds = (ccx_decl **)vec_finish(ps->a, &v, &s->ndecls);
  s->decls = ccx_alloc(ps->a, (size_t)(s->ndecls ? s->ndecls : 1) * sizeof *s->decls);
  for (int i = 0; i < s->ndecls; i++)
    s->decls[i] = *ds[i];
  return s;
}

static ccx_stmt *
parse_block(parser *ps)
{
  token *t = cur(ps);
  expect(ps, '{', "this block");
  ccx_stmt *s = new_stmt(ps, S_BLOCK, t);
  vec v = { 0 };
  scope_open(ps);
  while (!is_op(cur(ps), '}')) {
    if (cur(ps)->k == T_EOF)
      fail_at(ps, cur(ps), "an unterminated block");
    vec_push(&v, parse_stmt(ps));
  }
  ps->pos++;
  scope_close(ps);
  s->kids = (ccx_stmt **)vec_finish(ps->a, &v, &s->nkids);
  return s;
}

static ccx_expr *
parse_cond(parser *ps)
{
  expect(ps, '(', "this condition");
  ccx_expr *e = parse_expr(ps);
  expect(ps, ')', "this condition");
  return e;
}

static ccx_stmt *
parse_stmt(parser *ps)
{
  token *t = cur(ps);
  ccx_stmt *s;
  if (is_op(t, '{'))
    return parse_block(ps);
  if (accept(ps, ';'))
    return new_stmt(ps, S_EMPTY, t);
  if (is_id(t, "if")) {
    ps->pos++;
    s = new_stmt(ps, S_IF, t);
    s->e = parse_cond(ps);
    s->body = parse_stmt(ps);
    if (is_id(cur(ps), "else")) {
      ps->pos++;
      s->els = parse_stmt(ps);
    }
    return s;
  }
  if (is_id(t, "while")) {
    ps->pos++;
    s = new_stmt(ps, S_WHILE, t);
    s->e = parse_cond(ps);
    s->body = parse_stmt(ps);
    return s;
  }
  if (is_id(t, "do")) {
    ps->pos++;
    s = new_stmt(ps, S_DO, t);
    s->body = parse_stmt(ps);
    if (!is_id(cur(ps), "while"))
      fail_at(ps, cur(ps), "this do statement");
    ps->pos++;
    s->e = parse_cond(ps);
    expect(ps, ';', "this do statement");
    return s;
  }
  if (is_id(t, "for")) {
    ps->pos++;
    s = new_stmt(ps, S_FOR, t);
    scope_open(ps);
    expect(ps, '(', "this for statement");
    if (type_start(ps, cur(ps)))
      s->init = parse_decl(ps);
    else if (!accept(ps, ';')) {
      s->init = new_stmt(ps, S_EXPR, cur(ps));
      s->init->e = parse_expr(ps);
      expect(ps, ';', "this for statement");
    }
    if (!is_op(cur(ps), ';'))
      s->e = parse_expr(ps);
    expect(ps, ';', "this for statement");
    if (!is_op(cur(ps), ')'))
      s->step = parse_expr(ps);
    expect(ps, ')', "this for statement");
    s->body = parse_stmt(ps);
    scope_close(ps);
    return s;
  }
  if (is_id(t, "break") || is_id(t, "continue")) {
    ps->pos++;
    s = new_stmt(ps, is_id(t, "break") ? S_BREAK : S_CONTINUE, t);
    expect(ps, ';', "this statement");
    return s;
  }
  if (is_id(t, "return")) {
    ps->pos++;
    s = new_stmt(ps, S_RETURN, t);
    if (!is_op(cur(ps), ';'))
      s->e = parse_expr(ps);
    expect(ps, ';', "this return statement");
    return s;
  }
  if (is_id(t, "switch") || is_id(t, "goto") || is_id(t, "case")
      || is_id(t, "default") || is_id(t, "asm") || is_id(t, "__asm__"))
    fail_at(ps, t, "this statement");
  if (type_start(ps, t) && !is_op(peek(ps, 1), '('))
    return parse_decl(ps);
  s = new_stmt(ps, S_EXPR, t);
  s->e = parse_expr(ps);
  expect(ps, ';', "this statement");
  return s;
}

/* ------------------------------------------------------------------ */
/* Top level                                                           */
/* ------------------------------------------------------------------ */

/* Parse a parameter list after '(' up to ')' as the function's first
   slots.  */
static void
parse_params(parser *ps, ccx_func *f)
{
  vec v = { 0 };
  if (is_id(cur(ps), "void") && is_op(peek(ps, 1), ')'))
    ps->pos++;
  while (!accept(ps, ')')) {
    if (cur(ps)->k == T_EOF)
      fail_at(ps, cur(ps), "this parameter list");
    ccx_decl *d = ccx_alloc(ps->a, sizeof *d);
    parse_specs(ps, &d->ty);
    parse_stars(ps, &d->ty);
    token *n = cur(ps);
    if (n->k == T_ID) {
      ps->pos++;
      d->name = n->s;
      d->line = n->line;
      d->col = n->col;
    } else {
      d->name = "";
      d->line = n->line;
      d->col = n->col;
    }
    while (is_op(cur(ps), '[')) {
      skip_group(ps);
      d->ty.ptr++;
    }
    d->slot = new_slot(ps, d->name, d->ty);
    vec_push(&v, d);
    if (!accept(ps, ',') && !is_op(cur(ps), ')'))
      fail_at(ps, cur(ps), "this parameter list");
  }
  ccx_decl **ds = (ccx_decl **)vec_finish(ps->a, &v, &f->nparams);
  f->params = ccx_alloc(ps->a, (size_t)(f->nparams ? f->nparams : 1) * sizeof *f->params);
  for (int i = 0; i < f->nparams; i++)
    f->params[i] = *ds[i];
}

/* The function whose name is at NAME_POS, '(' right after it; the
   specifiers started at START.  */
static ccx_func *
parse_function(parser *ps, int start, int name_pos)
{
  ccx_func *f = ccx_alloc(ps->a, sizeof *f);
  token *n = &ps->toks[name_pos];
  f->name = n->s;
  f->line = n->line;
  f->col = n->col;
  for (int i = start; i < name_pos; i++)
    if (is_id(&ps->toks[i], "__global__"))
      f->global = 1;
  ps->pos = name_pos + 2;
  ps->syncs = 0;
  ps->scope.n = 0;
  ps->slot_types.n = ps->slot_names.n = 0;
  scope_open(ps);
  if (setjmp(ps->fail)) {
    f->bad = 1;
    return f;
  }
  parse_params(ps, f);
  while (cur(ps)->k == T_ID && !is_op(cur(ps), '{'))
    ps->pos++;   /* trailing qualifiers or attributes */
  if (!is_op(cur(ps), '{'))
    return NULL;
  f->body = parse_block(ps);
  token *close = peek(ps, -1);
  f->end_line = close->line;
  f->end_col = close->col;
  f->syncs = ps->syncs;
  f->nslots = ps->slot_types.n;
  f->slot_type = ccx_alloc(ps->a, (size_t)(f->nslots ? f->nslots : 1) * sizeof *f->slot_type);
  f->slot_name = ccx_alloc(ps->a, (size_t)(f->nslots ? f->nslots : 1) * sizeof *f->slot_name);
  for (int i = 0; i < f->nslots; i++) {
    f->slot_type[i] = *(ccx_type *)ps->slot_types.v[i];
    f->slot_name[i] = ps->slot_names.v[i];
  }
  return f;
}

/* Skip to the end of the current top-level declaration (';' at depth 0,
   or a balanced brace group).  */
static void
skip_declaration(parser *ps)
{
  while (cur(ps)->k != T_EOF) {
    token *t = cur(ps);
    if (is_op(t, ';')) {
      ps->pos++;
      return;
    }
    if (is_op(t, '(') || is_op(t, '[') || is_op(t, '{')) {
      int brace = is_op(t, '{');
      skip_group(ps);
      if (brace && !is_op(cur(ps), ';') && cur(ps)->k != T_ID)
        return;
      continue;
    }
    ps->pos++;
  }
}

/* A file-scope declaration: when it is `const T NAME = EXPR;' (T not a
   pointer), keep it in CONSTS; skip it in any case.  */
static void
parse_global(parser *ps, vec *consts)
{
  int start = ps->pos;
  ps->scope.n = 0;
  if (setjmp(ps->fail)) {
    ps->pos = start;
    skip_declaration(ps);
    return;
  }
  ccx_type ty;
  if (!parse_specs(ps, &ty) && ty.cnst && cur(ps)->k == T_ID
      && is_op(peek(ps, 1), '=')) {
    token *n = cur(ps);
    ps->pos += 2;
    ccx_expr *e = parse_assign(ps);
    if (accept(ps, ';')) {
      ccx_decl *d = ccx_alloc(ps->a, sizeof *d);
      d->name = n->s;
      d->line = n->line;
      d->col = n->col;
      d->ty = ty;
      d->init = e;
      vec_push(consts, d);
      return;
    }
  }
  ps->pos = start;
  skip_declaration(ps);
}

void
ccx_parse(void *chk, const pto_arch *arch, ccx_arena *arena,
          const char *text, size_t len, ccx_unit *unit)
{
  parser ps;
  memset(&ps, 0, sizeof ps);
  ps.chk = chk;
  ps.a = arena;
  ps.p = text;
  ps.end = text + len;
  tokenize(&ps, arch);
  vec funcs = { 0 }, consts = { 0 };
  int extern_depth = 0;
  while (cur(&ps)->k != T_EOF) {
    token *t = cur(&ps);
    if (is_id(t, "extern") && peek(&ps, 1)->k == T_STR) {
      ps.pos += 2;
      if (accept(&ps, '{'))
        extern_depth++;
      continue;
    }
    if (is_op(t, '}') && extern_depth) {
      ps.pos++;
      extern_depth--;
      continue;
    }
    if (accept(&ps, ';'))
      continue;
    if (is_id(t, "typedef")) {
      const char *last = NULL;
      while (cur(&ps)->k != T_EOF && !is_op(cur(&ps), ';')) {
        if (is_op(cur(&ps), '{')) {
          skip_group(&ps);
          continue;
        }
        if (cur(&ps)->k == T_ID)
          last = cur(&ps)->s;
        ps.pos++;
      }
      accept(&ps, ';');
      if (last)
        vec_push(&ps.typedefs, (void *)last);
      continue;
    }
    /* Find the declarator: IDENT '(' before any ';' '{' '=' at depth 0.  */
    int start = ps.pos, i = ps.pos, name_pos = -1;
    for (; ps.toks[i].k != T_EOF; i++) {
      token *u = &ps.toks[i];
      if (is_op(u, ';') || is_op(u, '{') || is_op(u, '='))
        break;
      if (is_op(u, '(')) {
        if (i > start && ps.toks[i - 1].k == T_ID)
          name_pos = i - 1;
        break;
      }
    }
    if (name_pos < 0) {
      parse_global(&ps, &consts);
      continue;
    }
    vec_push(&ps.names, (void *)ps.toks[name_pos].s);
    ccx_func *f = parse_function(&ps, start, name_pos);
    if (f && f->bad) {
      vec_push(&funcs, f);
      /* Resynchronise after the function: the next '}' at column 1.  */
      while (cur(&ps)->k != T_EOF && !(is_op(cur(&ps), '}') && cur(&ps)->col == 1))
        ps.pos++;
      accept(&ps, '}');
      continue;
    }
    if (f) {
      vec_push(&funcs, f);
      continue;
    }
    /* A declaration only.  */
    ps.pos = name_pos + 1;
    skip_declaration(&ps);
  }
  unit->funcs = (ccx_func **)vec_finish(arena, &funcs, &unit->nfuncs);
  unit->consts = (ccx_decl **)vec_finish(arena, &consts, &unit->nconsts);
  unit->names = (const char **)vec_finish(arena, &ps.names, &unit->nnames);
  free(ps.toks);
  free(ps.macros);
  free(ps.typedefs.v);
  free(ps.scope.v);
  free(ps.slot_types.v);
  free(ps.slot_names.v);
}
