/* mutate.c - token-level mutator of C programs for the plugin fuzzer.

   Contract: `mutate SEED FILE' reads the C source FILE, applies 1 or 2
   mutations chosen by the pseudo-random generator seeded with SEED, and
   writes the mutant to stdout and one line per mutation to stderr
   ("mutate: OP at LINE: ...").  The same SEED and FILE always give the
   same mutant (a private xorshift generator; no time, no rand()).
   Mutations work on C tokens so that most mutants still parse: delete,
   duplicate or swap tokens, replace a number by an edge value, change a
   type keyword, swap one pto_ intrinsic for another, change a tile
   shape, drop a `&', insert a cast, insert a keyword.  Preprocessor
   lines are kept whole and never mutated; every token keeps the text
   before it (blanks and comments), so untouched lines keep their line
   numbers.  Positions are drawn mostly (3 in 4) from the DSL parts of
   the file: the functions marked PTO_KERNEL, PTO_INLINE or PTO_HOST and
   the PTO_TILE typedefs.  Exit status 0, or 2 on a usage or read error.
   Used by fuzz-plugin.sh (testsuite/fuzz-plugin/README.md).  */

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum tok_kind { TK_IDENT, TK_NUMBER, TK_STRING, TK_PUNCT, TK_PREPROC };

struct token {
  enum tok_kind kind;
  const char *lead;       /* blanks and comments before the token */
  size_t lead_len;
  char *text;             /* the token (owned; mutations replace it) */
  int line;
  int in_dsl;             /* inside a PTO_KERNEL/INLINE/HOST function or PTO_TILE */
};

struct token_list {
  struct token *v;
  size_t n, cap;
};

static uint64_t rng_state;

/* The next pseudo-random number (xorshift64*).  */
static uint64_t rng_next(void)
{
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 2685821657736338717ull;
}

/* A pseudo-random number in [0, N); N > 0.  */
static size_t rng_below(size_t n)
{
  return (size_t)(rng_next() % n);
}

static char *dup_range(const char *s, size_t n)
{
  char *p = malloc(n + 1);
  if (!p) {
    perror("mutate");
    exit(2);
  }
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

static void push_token(struct token_list *l, struct token t)
{
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 256;
    l->v = realloc(l->v, l->cap * sizeof *l->v);
    if (!l->v) {
      perror("mutate");
      exit(2);
    }
  }
  l->v[l->n++] = t;
}

/* Length of the blanks and comments at S (counting newlines into *LINE).  */
static size_t skip_blank(const char *s, int *line)
{
  size_t i = 0;
  for (;;) {
    if (s[i] == '\n') {
      (*line)++;
      i++;
    } else if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v') {
      i++;
    } else if (s[i] == '/' && s[i + 1] == '*') {
      i += 2;
      while (s[i] && !(s[i] == '*' && s[i + 1] == '/'))
        *line += s[i++] == '\n';
      i += s[i] ? 2 : 0;
    } else if (s[i] == '/' && s[i + 1] == '/') {
      while (s[i] && s[i] != '\n')
        i++;
    } else {
      return i;
    }
  }
}

/* Length of the token at S (S[0] is not blank and not NUL), its kind in
   *KIND; a preprocessor line (with its backslash continuations) is one
   token when BOL says S starts a line.  */
static size_t token_length(const char *s, int bol, enum tok_kind *kind, int *line)
{
  static const char *const puncts[] = {
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
    "&&", "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", NULL
  };
  size_t i = 0;
  if (bol && s[0] == '#') {
    *kind = TK_PREPROC;
    while (s[i] && s[i] != '\n') {
      if (s[i] == '\\' && s[i + 1] == '\n') {
        (*line)++;
        i++;
      }
      i++;
    }
    return i;
  }
  if (isalpha((unsigned char)s[0]) || s[0] == '_') {
    *kind = TK_IDENT;
    while (isalnum((unsigned char)s[i]) || s[i] == '_')
      i++;
    return i;
  }
  if (isdigit((unsigned char)s[0]) || (s[0] == '.' && isdigit((unsigned char)s[1]))) {
    *kind = TK_NUMBER;
    while (isalnum((unsigned char)s[i]) || s[i] == '.' || s[i] == '_' ||
           ((s[i] == '+' || s[i] == '-') && strchr("eEpP", s[i - 1])))
      i++;
    return i;
  }
  if (s[0] == '"' || s[0] == '\'') {
    *kind = TK_STRING;
    for (i = 1; s[i] && s[i] != s[0] && s[i] != '\n'; i++)
      if (s[i] == '\\' && s[i + 1])
        i++;
    return s[i] == s[0] ? i + 1 : i;
  }
  *kind = TK_PUNCT;
  for (int k = 0; puncts[k]; k++)
    if (!strncmp(s, puncts[k], strlen(puncts[k])))
      return strlen(puncts[k]);
  return 1;
}

/* Split SRC into tokens.  The text after the last token is returned in
   *TAIL.  */
static struct token_list tokenize(const char *src, const char **tail)
{
  struct token_list l = { 0 };
  int line = 1;
  const char *p = src;
  for (;;) {
    int line0 = line;
    size_t nb = skip_blank(p, &line);
    if (!p[nb]) {
      *tail = p;
      return l;
    }
    /* '#' starts a preprocessor line only after a newline (or at the start).  */
    int at_bol = p == src || line != line0;
    struct token t = { 0 };
    t.lead = p;
    t.lead_len = nb;
    t.line = line;
    size_t n = token_length(p + nb, at_bol, &t.kind, &line);
    t.text = dup_range(p + nb, n);
    push_token(&l, t);
    p += nb + n;
  }
}

/* Mark the tokens of the DSL parts of the file: from a PTO_KERNEL,
   PTO_INLINE or PTO_HOST token to the brace that closes the function
   body after it, and a PTO_TILE( ... ) with its arguments.  */
static void mark_dsl(struct token_list *l)
{
  for (size_t i = 0; i < l->n; i++) {
    const char *t = l->v[i].text;
    if (!strcmp(t, "PTO_KERNEL") || !strcmp(t, "PTO_INLINE") || !strcmp(t, "PTO_HOST")) {
      int depth = 0, opened = 0;
      size_t j;
      for (j = i; j < l->n; j++) {
        l->v[j].in_dsl = 1;
        if (!strcmp(l->v[j].text, "{")) {
          depth++;
          opened = 1;
        } else if (!strcmp(l->v[j].text, "}") && --depth == 0 && opened) {
          break;
        } else if (!strcmp(l->v[j].text, ";") && !opened) {
          break;        /* a prototype */
        }
      }
      i = j;
    } else if (!strcmp(t, "PTO_TILE")) {
      for (size_t j = i; j < l->n && strcmp(l->v[j].text, ";"); j++)
        l->v[j].in_dsl = 1;
    }
  }
}

/* A token position: 3 in 4 from the DSL tokens (when there are any),
   never a preprocessor line.  Returns l->n when there is none.  */
static size_t pick_position(const struct token_list *l)
{
  size_t ndsl = 0, nall = 0;
  for (size_t i = 0; i < l->n; i++)
    if (l->v[i].kind != TK_PREPROC) {
      nall++;
      ndsl += l->v[i].in_dsl;
    }
  if (nall == 0)
    return l->n;
  int want_dsl = ndsl > 0 && rng_below(4) != 0;
  size_t k = rng_below(want_dsl ? ndsl : nall);
  for (size_t i = 0; i < l->n; i++) {
    if (l->v[i].kind == TK_PREPROC || (want_dsl && !l->v[i].in_dsl))
      continue;
    if (k-- == 0)
      return i;
  }
  return l->n;
}

/* The position of a token satisfying PRED, near a random start (the
   first one after it, wrapping); l->n when there is none.  */
static size_t pick_matching(const struct token_list *l, int (*pred)(const struct token_list *, size_t))
{
  size_t start = pick_position(l);
  if (start == l->n)
    return l->n;
  for (size_t k = 0; k < l->n; k++) {
    size_t i = (start + k) % l->n;
    if (l->v[i].kind != TK_PREPROC && pred(l, i))
      return i;
  }
  return l->n;
}

static const char *const edge_numbers[] = {
  "0", "1", "-1", "2", "3", "7", "8", "15", "17", "255", "256", "4096",
  "65535", "65536", "2147483647", "-2147483648", "4294967296",
  "0x7fffffffffffffff", "1e30", "0.5", "-0.0", "1e-40", "1000000000", "(1/0)"
};
static const char *const type_words[] = {
  "int", "float", "double", "char", "short", "long", "unsigned", "_Bool",
  "void", "long long", "_Float16", "unsigned char", "const int", "volatile float",
  "_Complex float", "_Atomic int", "struct pto_x", "int *", "float *"
};
/* The intrinsics of pto.h with their number of arguments: a swap keeps
   the number, so that the mutant gets past the preprocessor.  */
static const struct intrinsic { const char *name; int nargs; } intrinsics[] = {
  { "pto_load", 3 }, { "pto_store", 3 }, { "pto_add", 3 }, { "pto_sub", 3 },
  { "pto_mul", 3 }, { "pto_div", 3 }, { "pto_max", 3 }, { "pto_min", 3 },
  { "pto_adds", 3 }, { "pto_muls", 3 }, { "pto_maxs", 3 }, { "pto_mins", 3 },
  { "pto_matmul", 3 }, { "pto_row_expand_add", 3 }, { "pto_row_expand_sub", 3 },
  { "pto_row_expand_mul", 3 }, { "pto_row_expand_div", 3 },
  { "pto_abs", 2 }, { "pto_exp", 2 }, { "pto_log", 2 }, { "pto_neg", 2 },
  { "pto_recip", 2 }, { "pto_relu", 2 }, { "pto_rsqrt", 2 }, { "pto_sqrt", 2 },
  { "pto_cast", 2 }, { "pto_fill", 2 }, { "pto_row_max", 2 }, { "pto_row_sum", 2 },
  { "pto_row_expand", 2 }, { "pto_load_valid", 6 }, { "pto_store_valid", 5 },
  { "pto_block_idx", 0 }, { "pto_block_num", 0 }, { "pto_unroll_factor", 0 }
};

static const char *const casts[] = {
  "(int)", "(float)", "(double)", "(char)", "(void *)", "(float *)",
  "(int *)", "(long)", "(unsigned)", "(_Bool)", "(const float *)"
};
static const char *const inserts[] = {
  "while (0)", "return;", "break;", "continue;", "_Atomic", "static",
  "volatile", "*", "&", "[0]", "-", "!", "~", "register", "goto l;",
  "if (1)", "for (;;)", "{", "}", ";", "(", ")", ",", "pto_unroll(4, 2, 1);",
  "PTO_KERNEL", "PTO_INLINE", "PTO_HOST", "restrict", "sizeof", "0,"
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

static const char *type_keywords[] = {
  "int", "float", "double", "char", "short", "long", "unsigned", "signed",
  "_Bool", "void", "_Float16", NULL
};

static int is_number(const struct token_list *l, size_t i)
{
  return l->v[i].kind == TK_NUMBER;
}

static int is_type(const struct token_list *l, size_t i)
{
  for (int k = 0; type_keywords[k]; k++)
    if (!strcmp(l->v[i].text, type_keywords[k]))
      return 1;
  size_t n = strlen(l->v[i].text);
  return l->v[i].kind == TK_IDENT && n > 2 && !strcmp(l->v[i].text + n - 2, "_t");
}

static int is_intrinsic(const struct token_list *l, size_t i)
{
  if (l->v[i].kind != TK_IDENT)
    return 0;
  for (size_t k = 0; k < COUNT(intrinsics); k++)
    if (!strcmp(l->v[i].text, intrinsics[k].name))
      return 1;
  return 0;
}

static int is_ampersand(const struct token_list *l, size_t i)
{
  return !strcmp(l->v[i].text, "&");
}

/* A number that is a PTO_TILE shape argument: PTO_TILE ( T , R , C ).  */
static int is_shape(const struct token_list *l, size_t i)
{
  if (l->v[i].kind != TK_NUMBER && l->v[i].kind != TK_IDENT)
    return 0;
  for (size_t back = 1; back <= 8 && back <= i; back++)
    if (!strcmp(l->v[i - back].text, "PTO_TILE"))
      return back >= 4;
  return 0;
}

static int is_keyword(const char *t)
{
  static const char *const words[] = {
    "if", "else", "for", "while", "do", "return", "break", "continue",
    "goto", "switch", "case", "default", "sizeof", "typedef", "struct",
    "union", "enum", "static", "const", "volatile", "extern", "inline",
    "register", "restrict", "_Atomic", "_Static_assert", NULL
  };
  for (int k = 0; words[k]; k++)
    if (!strcmp(t, words[k]))
      return 1;
  for (int k = 0; type_keywords[k]; k++)
    if (!strcmp(t, type_keywords[k]))
      return 1;
  return !strncmp(t, "PTO_", 4);
}

/* An identifier in an expression (after an operator, a '(' or a ','),
   not a keyword or type name: a place for a cast or another operand.  */
static int is_operand(const struct token_list *l, size_t i)
{
  static const char *const before[] = {
    "(", ",", "=", "+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!=",
    "return", "[", "?", ":", "+=", "-=", "*=", "/=", "&&", "||", "!", "&", NULL
  };
  if (l->v[i].kind != TK_IDENT || i == 0 || is_keyword(l->v[i].text) || is_type(l, i))
    return 0;
  /* Not a declarator: `float *x', `(int x' or `, int x'.  */
  if (i >= 2 && !strcmp(l->v[i - 1].text, "*") && is_type(l, i - 2))
    return 0;
  for (int k = 0; before[k]; k++)
    if (!strcmp(l->v[i - 1].text, before[k]))
      return 1;
  return 0;
}

/* The number of arguments of the call whose callee is token I (-1 when
   no '(' follows).  */
static int call_nargs(const struct token_list *l, size_t i)
{
  if (i + 1 >= l->n || strcmp(l->v[i + 1].text, "("))
    return -1;
  int depth = 0, commas = 0, any = 0;
  for (size_t j = i + 1; j < l->n; j++) {
    const char *t = l->v[j].text;
    if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{"))
      depth++;
    else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}")) {
      if (--depth == 0)
        return any ? commas + 1 : 0;
    } else if (depth == 1 && !strcmp(t, ","))
      commas++;
    else
      any = 1;
  }
  return -1;
}

static void replace_text(struct token *t, const char *text)
{
  free(t->text);
  t->text = dup_range(text, strlen(text));
}

/* Insert a copy of token I with text TEXT before position I.  */
static void insert_before(struct token_list *l, size_t i, const char *text)
{
  struct token t = l->v[i];
  t.text = dup_range(text, strlen(text));
  t.kind = TK_PUNCT;
  if (t.lead_len == 0)
    t.lead = " ", t.lead_len = 1;
  push_token(l, t);
  memmove(&l->v[i + 1], &l->v[i], (l->n - 1 - i) * sizeof *l->v);
  l->v[i] = t;
  /* The original keeps no leading text (it stays with the new token,
     and a single blank separates them), so line numbers do not move.  */
  l->v[i + 1].lead = " ";
  l->v[i + 1].lead_len = 1;
}

static void delete_at(struct token_list *l, size_t i)
{
  /* Keep the deleted token's leading text (newlines) on the next one.  */
  free(l->v[i].text);
  if (i + 1 < l->n && l->v[i].lead_len > 0)
    l->v[i + 1].lead = l->v[i].lead, l->v[i + 1].lead_len = l->v[i].lead_len;
  memmove(&l->v[i], &l->v[i + 1], (l->n - i - 1) * sizeof *l->v);
  l->n--;
}

/* Apply one pseudo-random mutation to L; describe it on stderr.
   Returns 0 when the chosen kind found no place (the caller retries).  */
static int mutate_once(struct token_list *l)
{
  size_t i;
  char old[64];
  /* The kinds that mostly break the syntax (delete, duplicate, swap,
     insert) get one slot each; the others two.  */
  static const signed char kind_of_slot[16] = { 0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10 };
  switch (kind_of_slot[rng_below(16)]) {
  case 0:                       /* delete a token */
    if ((i = pick_position(l)) == l->n)
      return 0;
    fprintf(stderr, "mutate: delete at %d: %.40s\n", l->v[i].line, l->v[i].text);
    delete_at(l, i);
    return 1;
  case 1:                       /* duplicate a token */
    if ((i = pick_position(l)) == l->n)
      return 0;
    fprintf(stderr, "mutate: duplicate at %d: %.40s\n", l->v[i].line, l->v[i].text);
    insert_before(l, i, l->v[i].text);
    return 1;
  case 2:                       /* swap two adjacent tokens */
    if ((i = pick_position(l)) + 1 >= l->n || l->v[i + 1].kind == TK_PREPROC)
      return 0;
    fprintf(stderr, "mutate: swap at %d: %.40s %.40s\n", l->v[i].line, l->v[i].text,
            l->v[i + 1].text);
    {
      char *t = l->v[i].text;
      enum tok_kind k = l->v[i].kind;
      l->v[i].text = l->v[i + 1].text, l->v[i].kind = l->v[i + 1].kind;
      l->v[i + 1].text = t, l->v[i + 1].kind = k;
    }
    return 1;
  case 3:                       /* a number becomes an edge value */
    if ((i = pick_matching(l, is_number)) == l->n)
      return 0;
    snprintf(old, sizeof old, "%s", l->v[i].text);
    replace_text(&l->v[i], edge_numbers[rng_below(COUNT(edge_numbers))]);
    fprintf(stderr, "mutate: number at %d: %s -> %s\n", l->v[i].line, old, l->v[i].text);
    return 1;
  case 4:                       /* change a type */
    if ((i = pick_matching(l, is_type)) == l->n)
      return 0;
    snprintf(old, sizeof old, "%s", l->v[i].text);
    replace_text(&l->v[i], type_words[rng_below(COUNT(type_words))]);
    fprintf(stderr, "mutate: type at %d: %s -> %s\n", l->v[i].line, old, l->v[i].text);
    return 1;
  case 5:                       /* swap an intrinsic for one of its arity */
    {
      if ((i = pick_matching(l, is_intrinsic)) == l->n)
        return 0;
      int nargs = call_nargs(l, i);
      size_t same = 0, k;
      for (k = 0; k < COUNT(intrinsics); k++)
        same += intrinsics[k].nargs == nargs;
      if (same == 0)
        return 0;
      size_t pick = rng_below(same);
      for (k = 0; intrinsics[k].nargs != nargs || pick-- > 0; k++)
        continue;
      snprintf(old, sizeof old, "%s", l->v[i].text);
      replace_text(&l->v[i], intrinsics[k].name);
    }
    fprintf(stderr, "mutate: intrinsic at %d: %s -> %s\n", l->v[i].line, old, l->v[i].text);
    return 1;
  case 6:                       /* change a tile shape */
    if ((i = pick_matching(l, is_shape)) == l->n)
      return 0;
    snprintf(old, sizeof old, "%s", l->v[i].text);
    replace_text(&l->v[i], edge_numbers[rng_below(12)]);
    fprintf(stderr, "mutate: shape at %d: %s -> %s\n", l->v[i].line, old, l->v[i].text);
    return 1;
  case 7:                       /* drop a & */
    if ((i = pick_matching(l, is_ampersand)) == l->n)
      return 0;
    fprintf(stderr, "mutate: drop & at %d\n", l->v[i].line);
    delete_at(l, i);
    return 1;
  case 8:                       /* insert a cast before an operand */
    if ((i = pick_matching(l, is_operand)) == l->n)
      return 0;
    insert_before(l, i, casts[rng_below(COUNT(casts))]);
    fprintf(stderr, "mutate: cast at %d: %s %s\n", l->v[i].line, l->v[i].text, l->v[i + 1].text);
    return 1;
  case 9:                       /* insert a keyword or punctuator */
    if ((i = pick_position(l)) == l->n)
      return 0;
    insert_before(l, i, inserts[rng_below(COUNT(inserts))]);
    fprintf(stderr, "mutate: insert at %d: %s\n", l->v[i].line, l->v[i].text);
    return 1;
  case 10:                      /* an operand becomes another of the file, */
    if (rng_below(2)) {         /* or a number */
      if ((i = pick_matching(l, is_operand)) == l->n)
        return 0;
      snprintf(old, sizeof old, "%s", l->v[i].text);
      replace_text(&l->v[i], edge_numbers[rng_below(COUNT(edge_numbers))]);
      fprintf(stderr, "mutate: operand at %d: %s -> %s\n", l->v[i].line, old, l->v[i].text);
      return 1;
    }
    {
      size_t j = pick_matching(l, is_operand);
      if ((i = pick_matching(l, is_operand)) == l->n || j == l->n)
        return 0;
      snprintf(old, sizeof old, "%s", l->v[i].text);
      replace_text(&l->v[i], l->v[j].text);
      fprintf(stderr, "mutate: ident at %d: %s -> %s\n", l->v[i].line, old, l->v[i].text);
      return 1;
    }
  default:
    return 0;
  }
}

static char *read_file(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(2);
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (cap - n - 1 == 0)
      buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  if (!buf) {
    perror("mutate");
    exit(2);
  }
  buf[n] = 0;
  return buf;
}

int main(int argc, char **argv)
{
  if (argc != 3) {
    fprintf(stderr, "usage: mutate SEED FILE > MUTANT\n");
    return 2;
  }
  rng_state = strtoull(argv[1], NULL, 0) * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
  for (int k = 0; k < 4; k++)
    rng_next();
  char *src = read_file(argv[2]);
  const char *tail;
  struct token_list l = tokenize(src, &tail);
  mark_dsl(&l);
  int want = 1 + (int)rng_below(2), done = 0;
  for (int tries = 0; done < want && tries < 50; tries++)
    done += mutate_once(&l);
  for (size_t i = 0; i < l.n; i++) {
    fwrite(l.v[i].lead, 1, l.v[i].lead_len, stdout);
    fputs(l.v[i].text, stdout);
  }
  fputs(tail, stdout);
  return 0;
}
