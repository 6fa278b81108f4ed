/* check.c - the checks of CCE text (contract: backend/cce/check.h).

   Requires: the AST of backend/cce/check-parse.c and the intrinsic table of
   backend/cce/check-table.c.  Produces: findings, nothing else.

   Each function is run by an abstract interpreter over its structured
   control flow.  A state holds, per local variable, a value abstracted as
   a range [lo, hi] plus a congruence (v = r mod g) and, for pointers, the
   address space, element type and constness; the set of pending flags
   (src pipe, dst pipe, event id); and the vector mask when known.
   Variables that only ever receive constants and `^= constant' (the
   emitter's double-buffer selectors) keep exact values and states with
   different values stay apart; all other variables are joined.  If
   branches both run (a constant condition only its side; comparisons
   narrow the ranges of their variables); loops iterate to a fixpoint
   (widened after three rounds), so a loop may run zero times unless its
   condition is known true on entry.  Intrinsic calls are checked in
   every state that reaches them.  */

#include "backend/cce/check-internal.h"
#include "backend/cce/cube.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Abstract values                                                     */
/* ------------------------------------------------------------------ */

enum { AV_INT, AV_PTR, AV_ANY };
#define BIG ((int64_t)1 << 50)

typedef struct aval {
  int kind;          /* AV_ */
  int space, dt, cnst;  /* AV_PTR */
  int lo_inf, hi_inf;
  int64_t lo, hi;    /* the value (AV_INT) or the byte address (AV_PTR) */
  int64_t g, r;      /* value = r (mod g); g == 0: value == r */
} aval;

static int64_t
gcd64(int64_t a, int64_t b)
{
  if (a < 0)
    a = -a;
  if (b < 0)
    b = -b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static int64_t
mod_pos(int64_t a, int64_t m)
{
  int64_t r = a % m;
  return r < 0 ? r + m : r;
}

static aval
av_any_int(void)
{
  aval v = { AV_INT, 0, 0, 0, 1, 1, 0, 0, 1, 0 };
  return v;
}

static aval
av_const(int64_t c)
{
  aval v = { AV_INT, 0, 0, 0, 0, 0, c, c, 0, c };
  return v;
}

static int
av_exact(const aval *v)
{
  return v->kind == AV_INT && !v->lo_inf && !v->hi_inf && v->lo == v->hi;
}

/* Canonical form: saturate huge bounds, exact when lo == hi.  */
static aval
av_norm(aval v)
{
  if (!v.lo_inf && (v.lo < -BIG || v.lo > BIG))
    v.lo_inf = 1;
  if (!v.hi_inf && (v.hi < -BIG || v.hi > BIG))
    v.hi_inf = 1;
  if (v.lo_inf)
    v.lo = 0;
  if (v.hi_inf)
    v.hi = 0;
  if (!v.lo_inf && !v.hi_inf && v.lo == v.hi) {
    v.g = 0;
    v.r = v.lo;
  }
  if (v.g < 0)
    v.g = -v.g;
  if (v.g > BIG)
    v.g = 1;
  if (v.g)
    v.r = mod_pos(v.r, v.g);
  return v;
}

static aval
av_ptr(int space, int dt, int cnst, aval addr)
{
  aval v = addr.kind == AV_INT ? addr : av_any_int();
  v.kind = AV_PTR;
  v.space = space;
  v.dt = dt;
  v.cnst = cnst;
  return v;
}

static aval
av_add(aval a, aval b, int sign)
{
  aval v = av_any_int();
  if (sign < 0) {
    int t = b.lo_inf;
    int64_t tl = b.lo;
    b.lo_inf = b.hi_inf;
    b.lo = -b.hi;
    b.hi_inf = t;
    b.hi = -tl;
    b.r = -b.r;
  }
  v.lo_inf = a.lo_inf || b.lo_inf;
  v.hi_inf = a.hi_inf || b.hi_inf;
  v.lo = v.lo_inf ? 0 : a.lo + b.lo;
  v.hi = v.hi_inf ? 0 : a.hi + b.hi;
  v.g = gcd64(a.g, b.g);
  v.r = a.r + b.r;
  return av_norm(v);
}

static int
mul_ok(int64_t a, int64_t b)
{
  return (a > -((int64_t)1 << 25) && a < ((int64_t)1 << 25))
         || (b > -((int64_t)1 << 25) && b < ((int64_t)1 << 25));
}

static aval
av_mul(aval a, aval b)
{
  if (av_exact(&b)) {
    aval t = a;
    a = b;
    b = t;
  }
  aval v = av_any_int();
  if (av_exact(&a)) {
    int64_t c = a.lo;
    if (!mul_ok(c, b.lo) || !mul_ok(c, b.hi))
      return v;
    if (c >= 0) {
      v.lo_inf = b.lo_inf;
      v.hi_inf = b.hi_inf;
      v.lo = b.lo * c;
      v.hi = b.hi * c;
    } else {
      v.lo_inf = b.hi_inf;
      v.hi_inf = b.lo_inf;
      v.lo = b.hi * c;
      v.hi = b.lo * c;
    }
    if (c == 0)
      return av_const(0);
    v.g = b.g * c;
    v.r = b.r * c;
    return av_norm(v);
  }
  if (!a.lo_inf && !a.hi_inf && !b.lo_inf && !b.hi_inf
      && mul_ok(a.lo, b.lo) && mul_ok(a.hi, b.hi) && mul_ok(a.lo, b.hi)
      && mul_ok(a.hi, b.lo)) {
    int64_t c[4] = { a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi };
    v.lo_inf = v.hi_inf = 0;
    v.lo = v.hi = c[0];
    for (int i = 1; i < 4; i++) {
      v.lo = c[i] < v.lo ? c[i] : v.lo;
      v.hi = c[i] > v.hi ? c[i] : v.hi;
    }
  }
  if (a.g && b.g && mul_ok(a.g, b.g) && mul_ok(a.g, b.r) && mul_ok(b.g, a.r)) {
    v.g = gcd64(gcd64(a.g * b.g, a.g * b.r), b.g * a.r);
    v.r = v.g ? mod_pos(a.r, v.g) * mod_pos(b.r, v.g) : 0;
    if (!v.g)
      v.g = 1;
  }
  return av_norm(v);
}

/* The least upper bound of A and B.  */
static aval
av_join(aval a, aval b)
{
  if (a.kind != b.kind) {
    aval v = av_any_int();
    v.kind = AV_ANY;
    return v;
  }
  aval v = a;
  if (a.kind == AV_PTR) {
    if (a.space != b.space)
      v.space = SP_NONE;
    if (a.dt != b.dt)
      v.dt = DT_NONE;
    v.cnst = a.cnst || b.cnst;
  }
  v.lo_inf = a.lo_inf || b.lo_inf;
  v.hi_inf = a.hi_inf || b.hi_inf;
  v.lo = a.lo < b.lo ? a.lo : b.lo;
  v.hi = a.hi > b.hi ? a.hi : b.hi;
  v.g = gcd64(gcd64(a.g, b.g), a.r - b.r);
  if (!v.g && a.r != b.r)
    v.g = 1;
  v.r = a.r;
  if (!v.g && (v.lo_inf || v.hi_inf || v.lo != v.hi))
    v.g = gcd64(a.r - b.r, 0) ? gcd64(a.r - b.r, 0) : 1;
  return av_norm(v);
}

/* NEW widened against OLD: a bound that moved goes to infinity.  */
static aval
av_widen(aval old, aval nw)
{
  aval v = av_join(old, nw);
  if (!old.lo_inf && (v.lo_inf || v.lo < old.lo))
    v.lo_inf = 1;
  if (!old.hi_inf && (v.hi_inf || v.hi > old.hi))
    v.hi_inf = 1;
  if (v.g == 0 && (v.lo_inf || v.hi_inf))
    v.g = 1;
  return av_norm(v);
}

static int
av_equal(const aval *a, const aval *b)
{
  return a->kind == b->kind && a->space == b->space && a->dt == b->dt
         && a->cnst == b->cnst && a->lo_inf == b->lo_inf
         && a->hi_inf == b->hi_inf && a->lo == b->lo && a->hi == b->hi
         && a->g == b->g && a->r == b->r;
}

/* ------------------------------------------------------------------ */
/* States                                                              */
/* ------------------------------------------------------------------ */

enum { NPIPES = 8, NEVENTS = 16, PIPE_BASE = 1000, MAX_STATES = 64,
       MAX_ROUNDS = 40 };
static const char *const pipe_names[NPIPES] = {
  "PIPE_S", "PIPE_V", "PIPE_M", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3",
  "PIPE_ALL", "PIPE_FIX"
};

typedef struct state {
  aval *env;
  uint64_t pend[NPIPES * NPIPES * NEVENTS / 64];
  uint64_t havoc;           /* bit src*8+dst: that pair is not followed */
  int mask_mode;            /* -1 unknown, 0 normal, 1 counter */
  int mask_known;
  uint64_t mask_hi, mask_lo;
} state;

typedef struct sset {
  state **v;
  int n, cap;
} sset;

typedef struct loopctx {
  sset brk, cont;
} loopctx;

typedef struct checker {
  const pto_arch *arch;     /* first: the parser reads it */
  const char *file;
  int flags;
  pto_cce_check_report_fn report;
  void *ctx;
  int findings;
  char **seen;              /* "line:col:check" already reported */
  int nseen, capseen;
  ccx_arena *arena;
  const ccx_unit *unit;
  /* Per function.  */
  const ccx_func *fn;
  ccx_arena *fa;            /* the function's states */
  unsigned char *enumerable;  /* [nslots] */
  int sync_on;              /* check flags in this function */
  loopctx *loops[256];
  int nloops;
  sset ret;
  int const_depth;          /* file-scope constants being evaluated */
} checker;

static void
vreport(checker *c, int dedup_msg, int line, int col, const char *check,
        const char *fmt, va_list ap)
{
  char msg[512], key[600];
  vsnprintf(msg, sizeof msg, fmt, ap);
  if (dedup_msg)
    snprintf(key, sizeof key, "%d:%d:%s:%s", line, col, check, msg);
  else
    snprintf(key, sizeof key, "%d:%d:%s", line, col, check);
  for (int i = 0; i < c->nseen; i++)
    if (!strcmp(c->seen[i], key))
      return;
  if (c->nseen == c->capseen) {
    c->capseen = c->capseen ? 2 * c->capseen : 32;
    c->seen = realloc(c->seen, (size_t)c->capseen * sizeof *c->seen);
    if (!c->seen)
      abort();
  }
  c->seen[c->nseen] = malloc(strlen(key) + 1);
  if (!c->seen[c->nseen])
    abort();
  strcpy(c->seen[c->nseen++], key);
  c->findings++;
  if (c->report)
    c->report(c->ctx, c->file, line, col, c->fn ? c->fn->name : NULL, check,
              msg);
  else if (!strcmp(check, "parse"))
    fprintf(stderr, "%s:%d:%d: %s [%s]\n", c->file, line, col, msg, check);
  else
    fprintf(stderr, "%s:%d:%d: error: %s [%s]\n", c->file, line, col, msg,
            check);
}

void
ccx_report(void *chk, int line, int col, const char *check, const char *fmt,
           ...)
{
  va_list ap;
  va_start(ap, fmt);
  vreport(chk, 0, line, col, check, fmt, ap);
  va_end(ap);
}

static void
report_msg(checker *c, int line, int col, const char *check, const char *fmt,
           ...)
#ifdef __GNUC__
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Like ccx_report, but one finding per distinct message at a place.  */
static void
report_msg(checker *c, int line, int col, const char *check, const char *fmt,
           ...)
{
  va_list ap;
  va_start(ap, fmt);
  vreport(c, 1, line, col, check, fmt, ap);
  va_end(ap);
}

static state *
st_new(checker *c)
{
  state *s = ccx_alloc(c->fa, sizeof *s);
  s->env = ccx_alloc(c->fa, (size_t)(c->fn->nslots ? c->fn->nslots : 1) * sizeof *s->env);
  for (int i = 0; i < c->fn->nslots; i++)
    s->env[i] = av_any_int();
  s->mask_mode = -1;
  return s;
}

static state *
st_copy(checker *c, const state *o)
{
  state *s = ccx_alloc(c->fa, sizeof *s);
  *s = *o;
  s->env = ccx_alloc(c->fa, (size_t)(c->fn->nslots ? c->fn->nslots : 1) * sizeof *s->env);
  memcpy(s->env, o->env, (size_t)c->fn->nslots * sizeof *s->env);
  return s;
}

/* Whether A and B may be merged: same flags, mask and exact variables.  */
static int
st_same_key(checker *c, const state *a, const state *b)
{
  if (memcmp(a->pend, b->pend, sizeof a->pend) || a->havoc != b->havoc
      || a->mask_mode != b->mask_mode || a->mask_known != b->mask_known
      || (a->mask_known && (a->mask_hi != b->mask_hi || a->mask_lo != b->mask_lo)))
    return 0;
  for (int i = 0; i < c->fn->nslots; i++)
    if (c->enumerable[i] && !av_equal(&a->env[i], &b->env[i]))
      return 0;
  return 1;
}

static int
st_equal(checker *c, const state *a, const state *b)
{
  if (!st_same_key(c, a, b))
    return 0;
  for (int i = 0; i < c->fn->nslots; i++)
    if (!av_equal(&a->env[i], &b->env[i]))
      return 0;
  return 1;
}

static void
sset_push(sset *s, state *st)
{
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 8;
    s->v = realloc(s->v, (size_t)s->cap * sizeof *s->v);
    if (!s->v)
      abort();
  }
  s->v[s->n++] = st;
}

static void
sset_free(sset *s)
{
  free(s->v);
  s->v = NULL;
  s->n = s->cap = 0;
}

/* Collapse S into one state that follows no flag (too many states).  */
static void
sset_collapse(checker *c, sset *s)
{
  state *m = s->v[0];
  for (int k = 1; k < s->n; k++)
    for (int i = 0; i < c->fn->nslots; i++)
      m->env[i] = av_join(m->env[i], s->v[k]->env[i]);
  memset(m->pend, 0, sizeof m->pend);
  m->havoc = ~(uint64_t)0;
  m->mask_known = 0;
  m->mask_mode = -1;
  for (int i = 0; i < c->fn->nslots; i++)
    c->enumerable[i] = 0;
  s->n = 1;
}

/* Add ST to S, joining it into a state of the same key.  */
static void
sset_add(checker *c, sset *s, state *st)
{
  for (int k = 0; k < s->n; k++)
    if (st_same_key(c, s->v[k], st)) {
      state *m = s->v[k];
      for (int i = 0; i < c->fn->nslots; i++)
        if (!c->enumerable[i])
          m->env[i] = av_join(m->env[i], st->env[i]);
      return;
    }
  sset_push(s, st);
  if (s->n > MAX_STATES)
    sset_collapse(c, s);
}

static void
sset_move(checker *c, sset *to, sset *from)
{
  for (int k = 0; k < from->n; k++)
    sset_add(c, to, from->v[k]);
  from->n = 0;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                         */
/* ------------------------------------------------------------------ */

static aval eval(checker *c, state *s, const ccx_expr *e);
static void check_call(checker *c, state *s, const ccx_expr *e,
                       const ccx_intrin *in, aval *args);

static int
pipe_index(const char *name)
{
  for (int i = 0; i < NPIPES; i++)
    if (!strcmp(name, pipe_names[i]))
      return i;
  return -1;
}

static aval
eval_name(const char *name)
{
  int p = pipe_index(name);
  if (p >= 0)
    return av_const(PIPE_BASE + p);
  if (!strncmp(name, "EVENT_ID", 8) && name[8] >= '0' && name[8] <= '9')
    return av_const(strtol(name + 8, NULL, 10));
  return av_any_int();
}

/* The value of E converted to type TY.  */
static aval
eval_cast(aval v, const ccx_type *ty)
{
  if (ty->ptr) {
    if (v.kind == AV_PTR) {
      int space = ty->space ? ty->space : v.space;
      return av_ptr(space, ty->dt, ty->cnst, v);
    }
    if (v.kind == AV_INT)
      return av_ptr(ty->space, ty->dt, ty->cnst, v);
    return av_ptr(ty->space, ty->dt, ty->cnst, av_any_int());
  }
  if (v.kind == AV_PTR) {
    /* (uintptr_t)p: the address of a local-buffer pointer.  */
    aval a = v;
    a.kind = AV_INT;
    a.space = a.dt = a.cnst = 0;
    return av_norm(a);
  }
  if (v.kind != AV_INT)
    return av_any_int();
  int size = ccx_dt_size(ty->dt);
  if (size && size < 8 && !v.lo_inf && !v.hi_inf) {
    int64_t lim = (int64_t)1 << (size * 8 - 1);
    int uns = ty->dt == DT_U8 || ty->dt == DT_U16 || ty->dt == DT_U32;
    if (uns ? (v.lo < 0 || v.hi >= 2 * lim) : (v.lo < -lim || v.hi >= lim))
      return av_any_int();
  }
  if (ty->dt == DT_F16 || ty->dt == DT_F32 || ty->dt == DT_BF16)
    return av_any_int();
  return v;
}

static aval
eval_binary(int op, aval a, aval b)
{
  if (a.kind == AV_PTR && b.kind == AV_INT && (op == '+' || op == '-')) {
    int es = ccx_dt_size(a.dt);
    if (!es)
      return av_ptr(a.space, a.dt, a.cnst, av_any_int());
    aval off = av_mul(b, av_const(es));
    aval addr = a;
    addr.kind = AV_INT;
    return av_ptr(a.space, a.dt, a.cnst, av_add(addr, off, op == '+' ? 1 : -1));
  }
  if (b.kind == AV_PTR && a.kind == AV_INT && op == '+')
    return eval_binary(op, b, a);
  if (a.kind != AV_INT || b.kind != AV_INT)
    return av_any_int();
  int ex = av_exact(&a) && av_exact(&b);
  int64_t x = a.lo, y = b.lo;
  switch (op) {
  case '+': return av_add(a, b, 1);
  case '-': return av_add(a, b, -1);
  case '*': return av_mul(a, b);
  case '/':
    if (ex && y)
      return av_const(x / y);
    if (av_exact(&b) && y > 0 && !a.lo_inf && !a.hi_inf && a.lo >= 0) {
      aval v = av_any_int();
      v.lo_inf = v.hi_inf = 0;
      v.lo = a.lo / y;
      v.hi = a.hi / y;
      return av_norm(v);
    }
    return av_any_int();
  case '%':
    if (ex && y)
      return av_const(x % y);
    if (av_exact(&b) && y > 0 && !a.lo_inf && a.lo >= 0) {
      aval v = av_any_int();
      v.lo_inf = v.hi_inf = 0;
      v.lo = 0;
      v.hi = y - 1;
      if (a.g && y % a.g == 0) {
        v.g = a.g;
        v.r = a.r;
      }
      return av_norm(v);
    }
    return av_any_int();
  case OP_SHL:
    if (av_exact(&b) && y >= 0 && y < 40)
      return av_mul(a, av_const((int64_t)1 << y));
    return av_any_int();
  case OP_SHR:
    if (ex && y >= 0 && y < 63)
      return av_const(x >> y);
    return av_any_int();
  case '&':
    if (ex)
      return av_const(x & y);
    if (av_exact(&b) && y >= 0) {
      aval v = av_any_int();
      v.lo_inf = v.hi_inf = 0;
      v.lo = 0;
      v.hi = y;
      return av_norm(v);
    }
    return av_any_int();
  case '|': return ex ? av_const(x | y) : av_any_int();
  case '^': return ex ? av_const(x ^ y) : av_any_int();
  default: break;
  }
  /* Comparisons and logic: 0 or 1.  */
  if (ex) {
    switch (op) {
    case OP_EQ: return av_const(x == y);
    case OP_NE: return av_const(x != y);
    case '<': return av_const(x < y);
    case '>': return av_const(x > y);
    case OP_LE: return av_const(x <= y);
    case OP_GE: return av_const(x >= y);
    case OP_ANDAND: return av_const(x && y);
    case OP_OROR: return av_const(x || y);
    default: break;
    }
  }
  /* Ranges that decide a comparison.  */
  if (op == '<' && !a.hi_inf && !b.lo_inf && a.hi < b.lo)
    return av_const(1);
  if (op == '<' && !a.lo_inf && !b.hi_inf && a.lo >= b.hi)
    return av_const(0);
  if (op == OP_GE && !a.lo_inf && !b.hi_inf && a.lo >= b.hi)
    return av_const(1);
  if (op == OP_GE && !a.hi_inf && !b.lo_inf && a.hi < b.lo)
    return av_const(0);
  aval v = av_any_int();
  v.lo_inf = v.hi_inf = 0;
  v.lo = 0;
  v.hi = 1;
  return av_norm(v);
}

/* Store V into the variable E (when E is one).  */
static void
assign_to(checker *c, state *s, const ccx_expr *e, aval v)
{
  (void)c;
  if (e->k == E_VAR && e->slot >= 0)
    s->env[e->slot] = v;
}

static aval
eval_call(checker *c, state *s, const ccx_expr *e)
{
  const ccx_intrin *in = ccx_intrin_lookup(e->name);
  aval args[32];
  int n = e->nargs < 32 ? e->nargs : 32;
  for (int i = 0; i < e->nargs; i++) {
    aval v = eval(c, s, e->args[i]);
    if (i < n)
      args[i] = v;
  }
  if (in) {
    check_call(c, s, e, in, args);
    return av_any_int();
  }
  if (!e->name)
    return av_any_int();
  if (!strcmp(e->name, "get_block_idx") || !strcmp(e->name, "get_block_num")
      || !strcmp(e->name, "get_subblockid")) {
    aval v = av_any_int();
    v.lo_inf = 0;
    v.lo = 0;
    return av_norm(v);
  }
  int known = ccx_known_builtin(e->name);
  for (int i = 0; !known && i < c->unit->nnames; i++)
    known = !strcmp(c->unit->names[i], e->name);
  if (!known && (c->flags & PTO_CCE_CHECK_STRICT))
    ccx_report(c, e->line, e->col, "unknown",
               "call to '%s', which is neither a CCE intrinsic of %s nor "
               "declared in this file", e->name, c->arch->name);
  /* A function of this file that synchronises: its flags are not
     followed.  */
  for (int i = 0; i < c->unit->nfuncs; i++)
    if (!strcmp(c->unit->funcs[i]->name, e->name)
        && (c->unit->funcs[i]->syncs || c->unit->funcs[i]->bad))
      s->havoc = ~(uint64_t)0;
  return av_any_int();
}

static aval
eval(checker *c, state *s, const ccx_expr *e)
{
  aval v, w;
  switch (e->k) {
  case E_NUM:
    return av_const(e->ival);
  case E_VAR:
    return e->slot >= 0 ? s->env[e->slot] : av_any_int();
  case E_NAME:
    for (int i = 0; i < c->unit->nconsts; i++)
      if (!strcmp(c->unit->consts[i]->name, e->name) && c->const_depth < 8) {
        c->const_depth++;
        v = eval_cast(eval(c, s, c->unit->consts[i]->init),
                      &c->unit->consts[i]->ty);
        c->const_depth--;
        return v;
      }
    return eval_name(e->name);
  case E_CALL:
    return eval_call(c, s, e);
  case E_CAST:
    return eval_cast(eval(c, s, e->a), &e->ty);
  case E_UNARY:
    v = eval(c, s, e->a);
    switch (e->op) {
    case '-': return v.kind == AV_INT ? av_add(av_const(0), v, -1) : av_any_int();
    case '+': return v;
    case '!':
      if (av_exact(&v))
        return av_const(!v.lo);
      return eval_binary(OP_EQ, v, av_const(0));
    case '~': return av_exact(&v) ? av_const(~v.lo) : av_any_int();
    case OP_INC: case OP_DEC:
      w = eval_binary(e->op == OP_INC ? '+' : '-', v, av_const(1));
      assign_to(c, s, e->a, w);
      return w;
    default:
      return av_any_int();
    }
  case E_POST:
    v = eval(c, s, e->a);
    assign_to(c, s, e->a, eval_binary(e->op == OP_INC ? '+' : '-', v, av_const(1)));
    return v;
  case E_BIN:
    v = eval(c, s, e->a);
    w = eval(c, s, e->b);
    return eval_binary(e->op, v, w);
  case E_COND:
    v = eval(c, s, e->a);
    if (av_exact(&v))
      return eval(c, s, v.lo ? e->b : e->c);
    w = eval(c, s, e->b);
    return av_join(w, eval(c, s, e->c));
  case E_ASSIGN: {
    w = eval(c, s, e->b);
    if (e->op != '=') {
      static const struct { int op, bin; } ops[] = {
        { OP_ADDEQ, '+' }, { OP_SUBEQ, '-' }, { OP_MULEQ, '*' },
        { OP_DIVEQ, '/' }, { OP_MODEQ, '%' }, { OP_ANDEQ, '&' },
        { OP_OREQ, '|' }, { OP_XOREQ, '^' }, { OP_SHLEQ, OP_SHL },
        { OP_SHREQ, OP_SHR }
      };
      int bin = '+';
      for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].op == e->op)
          bin = ops[i].bin;
      w = eval_binary(bin, eval(c, s, e->a), w);
    } else if (e->a->k == E_VAR && e->a->slot >= 0) {
      ccx_type *ty = &c->fn->slot_type[e->a->slot];
      w = eval_cast(w, ty);
    } else
      eval(c, s, e->a);
    assign_to(c, s, e->a, w);
    return w;
  }
  case E_INDEX:
    eval(c, s, e->a);
    eval(c, s, e->b);
    return av_any_int();
  case E_MEMBER:
    eval(c, s, e->a);
    return av_any_int();
  case E_COMMA:
    eval(c, s, e->a);
    return eval(c, s, e->b);
  default:
    return av_any_int();
  }
}

/* ------------------------------------------------------------------ */
/* Intrinsic checks                                                    */
/* ------------------------------------------------------------------ */

static const char *
space_name(int sp)
{
  static const char *const n[SP_COUNT] = {
    "generic", "__gm__", "__ubuf__", "__cbuf__", "__ca__", "__cb__", "__cc__",
    "__fbuf__"
  };
  return sp >= 0 && sp < SP_COUNT ? n[sp] : "?";
}

static const char *
space_unit(int sp)
{
  static const char *const n[SP_COUNT] = {
    "", "GM", "UB", "L1", "L0A", "L0B", "L0C", "FB"
  };
  return sp >= 0 && sp < SP_COUNT ? n[sp] : "?";
}

static int
space_of_letter(char l)
{
  switch (l) {
  case 'G': return SP_GM;
  case 'U': return SP_UB;
  case '1': return SP_L1;
  case 'A': return SP_L0A;
  case 'B': return SP_L0B;
  case 'C': return SP_L0C;
  case 'F': return SP_FB;
  default: return SP_NONE;
  }
}

static int64_t
space_size(const pto_arch *a, int sp)
{
  switch (sp) {
  case SP_UB: return a->ub;
  case SP_L1: return a->l1;
  case SP_L0A: return a->l0a;
  case SP_L0B: return a->l0b;
  case SP_L0C: return a->l0c;
  /* The fixpipe buffer: 8 B per deq word (runtime/cce-api.h
     copy_cbuf_to_fbuf).  */
  case SP_FB: return pto_cube_fb_words(a) * 8;
  default: return 0;
  }
}

/* The exact value of argument I, or -1 (with *OK cleared).  */
static int64_t
arg_val(const aval *args, int i, int *ok)
{
  if (!av_exact(&args[i]) || args[i].lo < 0) {
    *ok = 0;
    return -1;
  }
  return args[i].lo;
}

static void
dtype_list(unsigned mask, char *buf, size_t n)
{
  buf[0] = 0;
  for (int d = 0; d < DT_COUNT; d++)
    if (mask & DTM(d)) {
      size_t l = strlen(buf);
      snprintf(buf + l, n - l, "%s%s", l ? ", " : "", ccx_dt_name(d));
    }
}

/* Bytes from an operand's address to the end of what a vector
   instruction touches in it: REP repeats of LANES lanes, element size ES,
   block and repeat strides BS and RS (32 B units), under the mask of S
   (unknown: one lane per repeat, the least it touches).  0: nothing.  */
static int64_t
vec_extent(const state *s, int64_t rep, int lanes, int es, int64_t bs,
           int64_t rs)
{
  int64_t hi_lane = lanes - 1, last_lanes = lanes;
  int64_t reps = rep;
  if (s->mask_mode == 0 && s->mask_known) {
    hi_lane = -1;
    for (int i = 127; i >= 0; i--)
      if ((i < 64 ? s->mask_lo >> i : s->mask_hi >> (i - 64)) & 1) {
        hi_lane = i;
        break;
      }
    if (hi_lane >= lanes)
      hi_lane = lanes - 1;
    if (hi_lane < 0)
      return 0;
    last_lanes = hi_lane + 1;
  } else if (s->mask_mode == 1 && s->mask_known) {
    int64_t cnt = (int64_t)s->mask_lo;
    if (cnt <= 0)
      return 0;
    reps = (cnt + lanes - 1) / lanes;
    last_lanes = cnt - (reps - 1) * lanes;
  } else {
    /* Unknown mask: at least lane 0 of each repeat.  */
    hi_lane = 0;
    last_lanes = 1;
  }
  if (reps <= 0)
    return 0;
  int64_t epb = 32 / es;
  /* Last repeat with LAST_LANES lanes; a full one before it.  */
  int64_t l = last_lanes - 1;
  if (s->mask_mode != 1 || !s->mask_known)
    l = hi_lane;
  int64_t ext = (reps - 1) * rs * 32 + (l / epb) * bs * 32 + (l % epb) * es + es;
  if (s->mask_mode == 1 && s->mask_known && reps >= 2) {
    int64_t f = lanes - 1;
    int64_t e2 = (reps - 2) * rs * 32 + (f / epb) * bs * 32 + (f % epb) * es + es;
    if (e2 > ext)
      ext = e2;
  }
  return ext;
}

/* Check the operand I of call E (value V, space SP) for alignment and,
   when EXT > 0, for the range [addr, addr + EXT).  */
static void
check_operand(checker *c, const ccx_expr *e, int i, const aval *v, int64_t ext,
              int ext_known, int align)
{
  if (v->kind != AV_PTR || v->space == SP_GM || v->space == SP_NONE)
    return;
  const ccx_expr *a = e->args[i];
  int64_t h = v->g ? gcd64(v->g, align) : align;
  int64_t r = mod_pos(v->r, h);
  if (r != 0) {
    if (av_exact(v) || (!v->lo_inf && !v->hi_inf && v->lo == v->hi))
      ccx_report(c, a->line, a->col, "align",
                 "argument %d of '%s' is at %s byte %lld, which is not "
                 "%d-byte aligned", i + 1, e->name, space_unit(v->space),
                 (long long)v->lo, align);
    else
      ccx_report(c, a->line, a->col, "align",
                 "argument %d of '%s' is at a %s byte address that is %lld "
                 "modulo %lld, never %d-byte aligned", i + 1, e->name,
                 space_unit(v->space), (long long)r, (long long)h, align);
  }
  int64_t size = space_size(c->arch, v->space);
  if (!size)
    return;
  if (!v->hi_inf && v->hi < 0) {
    ccx_report(c, a->line, a->col, "bounds",
               "argument %d of '%s' is at the negative %s address %lld",
               i + 1, e->name, space_unit(v->space), (long long)v->hi);
    return;
  }
  if (!ext_known || ext <= 0 || v->hi_inf || v->lo_inf)
    return;
  if (v->hi + ext > size)
    ccx_report(c, a->line, a->col, "bounds",
               "argument %d of '%s' spans %s bytes [%lld, %lld), past the "
               "%lld bytes of %s on %s", i + 1, e->name, space_unit(v->space),
               (long long)v->hi, (long long)(v->hi + ext), (long long)size,
               space_unit(v->space), c->arch->name);
}

/* The element size of pointer argument V (0: unknown).  */
static int
elem_size(const aval *v)
{
  return v->kind == AV_PTR ? ccx_dt_size(v->dt) : 0;
}

/* Bytes a reduction E writes per repeat: one element (vcadd, vcmax /
   vcmin with ONLY_VALUE), a 4-byte index (ONLY_INDEX), a [value, index]
   pair (their other orders; always on dav-m200), 8 elements (vcg*).  An
   order that is not a known constant counts as one element (the
   least).  */
static int
reduction_result(const ccx_expr *e, const ccx_intrin *in, int es)
{
  if (in->form == F_VGRED)
    return 8 * es;
  if (strcmp(e->name, "vcmax") && strcmp(e->name, "vcmin"))
    return es;
  if (e->nargs == 9)
    return 2 * es;
  if (e->nargs == 7 && e->args[6]->k == E_NAME) {
    const char *o = e->args[6]->name;
    if (!strcmp(o, "ONLY_INDEX"))
      return 4;
    if (!strcmp(o, "VALUE_INDEX") || !strcmp(o, "INDEX_VALUE"))
      return 2 * es;
  }
  return es;
}

/* Footprints of the operands of a modelled form; EXT[i] bytes from
   argument i (0: none).  Returns 0 when an argument they need is not a
   known constant.  */
static int
footprints(const state *s, const ccx_expr *e, const ccx_intrin *in,
           const aval *args, int64_t *ext)
{
  int ok = 1;
  int n = e->nargs;
  for (int i = 0; i < n; i++)
    ext[i] = 0;
  int es0 = elem_size(&args[0]), es1 = n > 1 ? elem_size(&args[1]) : 0;
  switch (in->form) {
  case F_VCMPV: {
    /* The sources as vadd's; the bit mask: repeat * lanes / 8 bytes,
       the one layout the vendor's sources settle (strides 1 and 8).  */
    int64_t rep = arg_val(args, 3, &ok);
    int64_t dbs = arg_val(args, 4, &ok), drs = arg_val(args, 7, &ok);
    int es = elem_size(&args[1]);
    if (!ok || !es)
      return 0;
    for (int k = 1; k < 3; k++)
      ext[k] = vec_extent(s, rep, 256 / es, es, arg_val(args, 4 + k, &ok),
                          arg_val(args, 7 + k, &ok));
    if (dbs == 1 && drs == 8)
      ext[0] = rep * (256 / es) / 8;
    return ok;
  }
  case F_VCMPVS: {
    /* The source as vadds'; the bit mask as vcmpv's.  */
    int64_t rep = arg_val(args, 3, &ok);
    int64_t dbs = arg_val(args, 4, &ok), drs = arg_val(args, 6, &ok);
    int es = elem_size(&args[1]);
    if (!ok || !es)
      return 0;
    ext[1] = vec_extent(s, rep, 256 / es, es, arg_val(args, 5, &ok),
                        arg_val(args, 7, &ok));
    if (dbs == 1 && drs == 8)
      ext[0] = rep * (256 / es) / 8;
    return ok;
  }
  case F_VSEL:
  case F_VBIN: {
    int64_t rep = arg_val(args, 3, &ok);
    int64_t bs[3], rs[3];
    for (int k = 0; k < 3; k++) {
      bs[k] = arg_val(args, 4 + k, &ok);
      rs[k] = arg_val(args, 7 + k, &ok);
    }
    if (!ok)
      return 0;
    for (int k = 0; k < 3; k++) {
      int es = elem_size(&args[k]);
      if (es)
        ext[k] = vec_extent(s, rep, 256 / es, es, bs[k], rs[k]);
    }
    return 1;
  }
  case F_VUN:
  case F_VCONV: {
    int64_t rep = arg_val(args, 2, &ok);
    int64_t dbs = arg_val(args, 3, &ok), sbs = arg_val(args, 4, &ok);
    int64_t drs = arg_val(args, 5, &ok), srs = arg_val(args, 6, &ok);
    if (!ok || !es0 || !es1)
      return 0;
    int lanes = 256 / (es0 > es1 ? es0 : es1);
    ext[0] = vec_extent(s, rep, lanes, es0, dbs, drs);
    ext[1] = vec_extent(s, rep, lanes, es1, sbs, srs);
    return 1;
  }
  case F_VSCAL: {
    int64_t rep = arg_val(args, 3, &ok);
    int64_t dbs = arg_val(args, 4, &ok), sbs = arg_val(args, 5, &ok);
    int64_t drs = arg_val(args, 6, &ok), srs = arg_val(args, 7, &ok);
    if (!ok || !es0 || !es1)
      return 0;
    ext[0] = vec_extent(s, rep, 256 / es0, es0, dbs, drs);
    ext[1] = vec_extent(s, rep, 256 / es1, es1, sbs, srs);
    return 1;
  }
  case F_VDUP: {
    int64_t rep = arg_val(args, 2, &ok);
    int64_t dbs = arg_val(args, 3, &ok), drs = arg_val(args, 5, &ok);
    if (!ok || !es0)
      return 0;
    ext[0] = vec_extent(s, rep, 256 / es0, es0, dbs, drs);
    return 1;
  }
  case F_VRED:
  case F_VGRED: {
    int64_t rep = arg_val(args, 2, &ok);
    int64_t drs = arg_val(args, 3, &ok), sbs = arg_val(args, 4, &ok);
    int64_t srs = arg_val(args, 5, &ok);
    if (!ok || !es1)
      return 0;
    int per = reduction_result(e, in, es1);
    ext[0] = rep ? (rep - 1) * drs * per + per : 0;
    ext[1] = vec_extent(s, rep, 256 / es1, es1, sbs, srs);
    return 1;
  }
  case F_VBRCB: {
    int64_t dbs = arg_val(args, 2, &ok), drs = arg_val(args, 3, &ok);
    int64_t rep = arg_val(args, 4, &ok);
    if (!ok || !es1)
      return 0;
    ext[0] = rep ? (rep - 1) * drs * 32 + 7 * dbs * 32 + 32 : 0;
    ext[1] = rep * 8 * es1;
    return 1;
  }
  case F_VTRANS:
    ext[0] = ext[1] = 512;
    return 1;
  case F_DMA: {
    int64_t nb = arg_val(args, 3, &ok), lb = arg_val(args, 4, &ok);
    int64_t sg = arg_val(args, 5, &ok), dg = arg_val(args, 6, &ok);
    if (!ok || nb <= 0)
      return 0;
    ext[0] = (nb * lb + (nb - 1) * dg) * 32;
    ext[1] = (nb * lb + (nb - 1) * sg) * 32;
    return 1;
  }
  case F_DMA_ALIGN: {
    int64_t nb = arg_val(args, 3, &ok), lb = arg_val(args, 4, &ok);
    int64_t lp = arg_val(args, 5, &ok), rp = arg_val(args, 6, &ok);
    int64_t sg = arg_val(args, 7, &ok), dg = arg_val(args, 8, &ok);
    if (!ok || nb <= 0)
      return 0;
    int es = strstr(in->name, "_b16") ? 2 : strstr(in->name, "_b8") ? 1 : 4;
    int load = in->spaces[0] == 'U';
    int64_t bytes = load ? lb + (lp + rp) * es : lb;
    int64_t blocks = (bytes + 31) / 32;
    int64_t gap = load ? dg : sg;
    ext[load ? 0 : 1] = ((nb - 1) * (blocks + gap) + blocks) * 32;
    return 1;
  }
  case F_L0LOAD: {
    int64_t base = arg_val(args, 2, &ok), rep = arg_val(args, 3, &ok);
    int64_t stride = arg_val(args, 4, &ok);
    if (!ok || rep <= 0)
      return 0;
    int64_t gap = e->nargs >= 9 ? arg_val(args, 5, &ok) : 0;
    if (!ok)
      return 0;
    ext[0] = (rep + (rep - 1) * gap) * 512;
    ext[1] = (base + (rep - 1) * stride + 1) * 512;
    return 1;
  }
  case F_MAD: {
    /* The bias-table form has the bias address before m, k, n.  */
    int at = e->nargs == 11 ? 4 : 3;
    int64_t m = arg_val(args, at, &ok), k = arg_val(args, at + 1, &ok);
    int64_t nn = arg_val(args, at + 2, &ok);
    if (!ok)
      return 0;
    int64_t m16 = (m + 15) / 16 * 16, k16 = (k + 15) / 16 * 16;
    int64_t n16 = (nn + 15) / 16 * 16;
    int esc = elem_size(&args[0]) ? elem_size(&args[0]) : 4;
    int esa = elem_size(&args[1]) ? elem_size(&args[1]) : 2;
    int esb = elem_size(&args[2]) ? elem_size(&args[2]) : 2;
    ext[0] = m16 * n16 * esc;
    ext[1] = m16 * k16 * esa;
    ext[2] = k16 * n16 * esb;
    return 1;
  }
  case F_CC2UB: {
    int64_t nb = arg_val(args, 3, &ok), lb = arg_val(args, 4, &ok);
    int64_t sg = arg_val(args, 5, &ok), dg = arg_val(args, 6, &ok);
    if (!ok || nb <= 0)
      return 0;
    int64_t dfr = es0 == 2 ? 512 : 1024;
    ext[0] = ((nb - 1) * (lb + dg) + lb) * dfr;
    ext[1] = ((nb - 1) * (lb + sg) + lb) * 1024;
    return 1;
  }
  default:
    return 0;
  }
}

/* Pointer operands: space, constness, element types.  Returns 0 when the
   call is too wrong to model further.  */
static int
check_pointers(checker *c, const ccx_expr *e, const ccx_intrin *in,
               const aval *args)
{
  int ok = 1, typed = -1;
  int ns = (int)strlen(in->spaces);
  for (int i = 0; i < ns && i < e->nargs; i++) {
    int want = space_of_letter(in->spaces[i]);
    const aval *v = &args[i];
    const ccx_expr *a = e->args[i];
    if (!want || v->kind != AV_PTR)
      continue;
    if (v->space != SP_NONE && v->space != want) {
      ccx_report(c, a->line, a->col, "space",
                 "argument %d of '%s' is a %s pointer; the intrinsic takes "
                 "a %s one", i + 1, e->name, space_name(v->space),
                 space_name(want));
      ok = 0;
    }
    if (v->cnst)
      ccx_report(c, a->line, a->col, "const",
                 "argument %d of '%s' points to const %s; the vendor "
                 "declares a non-const %s pointer", i + 1, e->name,
                 ccx_dt_name(v->dt), space_name(want));
    int dt = v->dt;
    if (dt == DT_NONE || dt == DT_VOID || dt == DT_OTHER)
      continue;
    if ((in->form == F_VCMPV || in->form == F_VCMPVS) && i == 0) {
      if (dt != DT_U8)
        ccx_report(c, a->line, a->col, "dtype",
                   "argument 1 of '%s' points to %s; the intrinsic takes "
                   "uint8_t", e->name, ccx_dt_name(dt));
      continue;
    }
    if (in->form == F_VCONV) {
      int need = i == 0 ? in->dst_dt : in->src_dt;
      if (dt != need)
        ccx_report(c, a->line, a->col, "dtype",
                   "argument %d of '%s' points to %s; the intrinsic takes %s",
                   i + 1, e->name, ccx_dt_name(dt), ccx_dt_name(need));
      continue;
    }
    unsigned dts = ccx_intrin_dts(in, c->arch);
    if (!dts || want == SP_GM)
      continue;
    if (!(dts & DTM(dt))) {
      char list[128];
      dtype_list(dts, list, sizeof list);
      ccx_report(c, a->line, a->col, "dtype",
                 "'%s' has no %s form (the vendor declares it for %s)",
                 e->name, ccx_dt_name(dt), list);
      return 0;
    } else if (typed >= 0 && typed != dt) {
      ccx_report(c, a->line, a->col, "dtype",
                 "argument %d of '%s' points to %s, argument 1 to %s: the "
                 "operands must have one element type", i + 1, e->name,
                 ccx_dt_name(dt), ccx_dt_name(typed));
      ok = 0;
    }
    if (typed < 0)
      typed = dt;
  }
  return ok;
}

static void
flag_text(char *buf, size_t n, int src, int dst, int64_t id)
{
  snprintf(buf, n, "(%s, %s, EVENT_ID%lld)", pipe_names[src], pipe_names[dst],
           (long long)id);
}

static void
check_flag(checker *c, state *s, const ccx_expr *e, const aval *args, int set)
{
  const ccx_expr *ide = e->args[2];
  if (av_exact(&args[2])
      && (args[2].lo < 0 || args[2].lo >= c->arch->events))
    ccx_report(c, ide->line, ide->col, "event",
               "event id %lld of '%s' is out of range on %s (EVENT_ID0 .. "
               "EVENT_ID%d)", (long long)args[2].lo, e->name, c->arch->name,
               c->arch->events - 1);
  if (!c->sync_on)
    return;
  int src = av_exact(&args[0]) ? (int)(args[0].lo - PIPE_BASE) : -1;
  int dst = av_exact(&args[1]) ? (int)(args[1].lo - PIPE_BASE) : -1;
  if (src < 0 || src >= NPIPES || dst < 0 || dst >= NPIPES) {
    s->havoc = ~(uint64_t)0;
    return;
  }
  int pair = src * NPIPES + dst;
  if (!av_exact(&args[2]) || args[2].lo < 0 || args[2].lo >= NEVENTS) {
    s->havoc |= (uint64_t)1 << pair;
    return;
  }
  if (s->havoc >> pair & 1)
    return;
  int64_t id = args[2].lo;
  int bit = pair * NEVENTS + (int)id;
  uint64_t m = (uint64_t)1 << (bit % 64);
  char f[96];
  flag_text(f, sizeof f, src, dst, id);
  if (set) {
    if (s->pend[bit / 64] & m)
      ccx_report(c, e->line, e->col, "sync-set",
                 "set_flag%s while that flag is still pending on some path "
                 "(set twice without a wait_flag between)", f);
    s->pend[bit / 64] |= m;
  } else {
    if (!(s->pend[bit / 64] & m))
      ccx_report(c, e->line, e->col, "sync-wait",
                 "wait_flag%s is not preceded by set_flag%s on some path",
                 f, f);
    s->pend[bit / 64] &= ~m;
  }
}

static void
check_call(checker *c, state *s, const ccx_expr *e, const ccx_intrin *in,
           aval *args)
{
  unsigned forms = ccx_intrin_nargs(in, c->arch);
  if (!forms) {
    ccx_report(c, e->line, e->col, "arch", "'%s' does not exist on %s",
               e->name, c->arch->name);
    return;
  }
  if (e->nargs >= 32 || !(forms >> e->nargs & 1)) {
    char list[64];
    int l = 0;
    list[0] = 0;
    for (int n = 0; n < 32; n++)
      if (forms >> n & 1)
        l += snprintf(list + l, sizeof list - (size_t)l, "%s%d", l ? " or " : "", n);
    ccx_report(c, e->line, e->col, "arity",
               "'%s' called with %d arguments; on %s it takes %s", e->name,
               e->nargs, c->arch->name, list);
    return;
  }
  switch (in->form) {
  case F_SET_FLAG:
  case F_WAIT_FLAG:
    check_flag(c, s, e, args, in->form == F_SET_FLAG);
    return;
  case F_MASK:
    s->mask_known = av_exact(&args[0]) && av_exact(&args[1]);
    s->mask_hi = (uint64_t)args[0].lo;
    s->mask_lo = (uint64_t)args[1].lo;
    if (!s->mask_known)
      s->mask_hi = s->mask_lo = 0;
    return;
  case F_MASK_NORM:
  case F_MASK_COUNT:
    s->mask_mode = in->form == F_MASK_COUNT;
    return;
  case F_BARRIER:
  case F_SCALAR:
    return;
  default:
    break;
  }
  if (!check_pointers(c, e, in, args))
    return;
  int64_t ext[32];
  int known = footprints(s, e, in, args, ext);
  int ns = (int)strlen(in->spaces);
  for (int i = 0; i < ns && i < e->nargs; i++) {
    if (!space_of_letter(in->spaces[i]))
      continue;
    /* The destination of a reduction needs only the alignment of its
       result (runtime/cce-api.h); what pto-gcc emits keeps it 32 B
       aligned (strict mode).  */
    int align = 32;
    if (i == 0 && in->form == F_VRED && !(c->flags & PTO_CCE_CHECK_STRICT))
      align = reduction_result(e, in, elem_size(&args[1]) ? elem_size(&args[1]) : 2);
    check_operand(c, e, i, &args[i], ext[i], known, align);
  }
}

/* ------------------------------------------------------------------ */
/* Statements                                                          */
/* ------------------------------------------------------------------ */

static void exec(checker *c, const ccx_stmt *st, sset *in);

static void
exec_expr(checker *c, const ccx_expr *e, sset *in)
{
  if (!e)
    return;
  for (int k = 0; k < in->n; k++)
    eval(c, in->v[k], e);
}

/* OP mirrored (a OP b == b MIRROR(OP) a) and negated.  */
static int
mirror_op(int op)
{
  return op == '<' ? '>' : op == '>' ? '<' : op == OP_LE ? OP_GE
         : op == OP_GE ? OP_LE : op;
}

static int
negate_op(int op)
{
  return op == '<' ? OP_GE : op == '>' ? OP_LE : op == OP_LE ? '>'
         : op == OP_GE ? '<' : op == OP_EQ ? OP_NE : op == OP_NE ? OP_EQ : 0;
}

/* Narrow variable *A by `A OP B'.  Returns 0 when that is impossible.  */
static int
refine_var(aval *a, int op, aval b)
{
  if (a->kind != AV_INT || b.kind != AV_INT)
    return 1;
  switch (op) {
  case '<':
  case OP_LE:
    if (!b.hi_inf) {
      int64_t lim = op == '<' ? b.hi - 1 : b.hi;
      if (a->hi_inf || a->hi > lim) {
        a->hi_inf = 0;
        a->hi = lim;
      }
    }
    break;
  case '>':
  case OP_GE:
    if (!b.lo_inf) {
      int64_t lim = op == '>' ? b.lo + 1 : b.lo;
      if (a->lo_inf || a->lo < lim) {
        a->lo_inf = 0;
        a->lo = lim;
      }
    }
    break;
  case OP_EQ:
    if (av_exact(&b)) {
      if ((!a->lo_inf && b.lo < a->lo) || (!a->hi_inf && b.lo > a->hi))
        return 0;
      *a = av_const(b.lo);
    }
    break;
  default:
    break;
  }
  if (!a->lo_inf && !a->hi_inf && a->lo > a->hi)
    return 0;
  *a = av_norm(*a);
  return 1;
}

static const ccx_expr *
strip_casts(const ccx_expr *e)
{
  while (e->k == E_CAST && !e->ty.ptr)
    e = e->a;
  return e;
}

/* Narrow S by COND being TRUTH: a comparison narrows the variable on
   either side (both, when both are variables).  Returns 0 when COND
   cannot have that truth in S.  */
static int
refine(checker *c, state *s, const ccx_expr *e, int truth)
{
  e = strip_casts(e);
  if (e->k == E_UNARY && e->op == '!')
    return refine(c, s, e->a, !truth);
  if (e->k == E_BIN && ((e->op == OP_ANDAND && truth) || (e->op == OP_OROR && !truth)))
    return refine(c, s, e->a, truth) && refine(c, s, e->b, truth);
  aval v = eval(c, s, e);
  if (av_exact(&v))
    return (v.lo != 0) == truth;
  if (e->k == E_VAR && e->slot >= 0 && !truth)
    return refine_var(&s->env[e->slot], OP_EQ, av_const(0));
  if (e->k != E_BIN)
    return 1;
  int op = truth ? e->op : negate_op(e->op);
  if (!op)
    return 1;
  const ccx_expr *x = strip_casts(e->a), *y = strip_casts(e->b);
  aval xv = eval(c, s, x), yv = eval(c, s, y);
  if (x->k == E_VAR && x->slot >= 0 && !refine_var(&s->env[x->slot], op, yv))
    return 0;
  if (y->k == E_VAR && y->slot >= 0
      && !refine_var(&s->env[y->slot], mirror_op(op), xv))
    return 0;
  return 1;
}

/* Split IN by COND into T (true) and F (false); IN is consumed.  */
static void
split(checker *c, const ccx_expr *cond, sset *in, sset *t, sset *f)
{
  for (int k = 0; k < in->n; k++) {
    state *s = in->v[k];
    if (!cond) {
      sset_add(c, t, s);
      continue;
    }
    state *sf = st_copy(c, s);
    if (refine(c, s, cond, 1))
      sset_add(c, t, s);
    if (refine(c, sf, cond, 0))
      sset_add(c, f, sf);
  }
  in->n = 0;
}

static int
sset_equal(checker *c, const sset *a, const sset *b)
{
  if (a->n != b->n)
    return 0;
  for (int i = 0; i < a->n; i++) {
    int found = 0;
    for (int j = 0; j < b->n && !found; j++)
      found = st_equal(c, a->v[i], b->v[j]);
    if (!found)
      return 0;
  }
  return 1;
}

static sset
sset_clone(checker *c, const sset *s)
{
  sset o = { 0 };
  for (int i = 0; i < s->n; i++)
    sset_push(&o, st_copy(c, s->v[i]));
  return o;
}

/* A loop: FOR (init already run) / WHILE (body after the test) / DO
   (body first).  IN becomes the states after the loop.  */
static void
exec_loop(checker *c, const ccx_stmt *st, sset *in)
{
  sset head = sset_clone(c, in), exits = { 0 };
  int is_do = st->k == S_DO;
  loopctx lc;
  memset(&lc, 0, sizeof lc);
  if (c->nloops == 256) {
    ccx_report(c, st->line, st->col, "parse",
               "sorry, unimplemented: loops nested too deeply");
    sset_free(&head);
    return;
  }
  c->loops[c->nloops++] = &lc;
  for (int round = 0;; round++) {
    sset body = { 0 };
    sset work = sset_clone(c, &head);
    if (is_do)
      sset_move(c, &body, &work);
    else
      split(c, st->e, &work, &body, &exits);
    exec(c, st->body, &body);
    sset_move(c, &body, &lc.cont);
    sset_move(c, &exits, &lc.brk);
    if (st->k == S_FOR)
      exec_expr(c, st->step, &body);
    sset next = sset_clone(c, &head);
    if (is_do) {
      sset t = { 0 };
      split(c, st->e, &body, &t, &exits);
      for (int k = 0; k < t.n; k++)
        sset_add(c, &next, t.v[k]);
      sset_free(&t);
    } else
      for (int k = 0; k < body.n; k++)
        sset_add(c, &next, body.v[k]);
    sset_free(&body);
    sset_free(&work);
    if (sset_equal(c, &next, &head) || round >= MAX_ROUNDS) {
      if (round >= MAX_ROUNDS)
        c->sync_on = 0;
      sset_free(&next);
      break;
    }
    if (round >= 2)
      for (int i = 0; i < next.n; i++)
        for (int j = 0; j < head.n; j++)
          if (st_same_key(c, next.v[i], head.v[j]))
            for (int v = 0; v < c->fn->nslots; v++)
              next.v[i]->env[v] = av_widen(head.v[j]->env[v], next.v[i]->env[v]);
    sset_free(&head);
    head = next;
  }
  c->nloops--;
  sset_free(&lc.brk);
  sset_free(&lc.cont);
  sset_free(&head);
  in->n = 0;
  sset_move(c, in, &exits);
  sset_free(&exits);
}

static void
exec_decl(checker *c, const ccx_stmt *st, sset *in)
{
  for (int i = 0; i < st->ndecls; i++) {
    const ccx_decl *d = &st->decls[i];
    for (int k = 0; k < in->n; k++) {
      state *s = in->v[k];
      aval v;
      if (d->init)
        v = eval_cast(eval(c, s, d->init), &d->ty);
      else if (d->ty.ptr)
        v = av_ptr(d->ty.space, d->ty.dt, d->ty.cnst, av_any_int());
      else
        v = av_any_int();
      s->env[d->slot] = v;
    }
  }
}

static void
exec(checker *c, const ccx_stmt *st, sset *in)
{
  if (!st || !in->n)
    return;
  switch (st->k) {
  case S_EXPR:
    exec_expr(c, st->e, in);
    return;
  case S_DECL:
    exec_decl(c, st, in);
    return;
  case S_BLOCK:
    for (int i = 0; i < st->nkids; i++)
      exec(c, st->kids[i], in);
    return;
  case S_IF: {
    sset t = { 0 }, f = { 0 };
    split(c, st->e, in, &t, &f);
    exec(c, st->body, &t);
    exec(c, st->els, &f);
    sset_move(c, in, &t);
    sset_move(c, in, &f);
    sset_free(&t);
    sset_free(&f);
    return;
  }
  case S_FOR:
    if (st->init)
      exec(c, st->init, in);
    exec_loop(c, st, in);
    return;
  case S_WHILE:
  case S_DO:
    exec_loop(c, st, in);
    return;
  case S_BREAK:
  case S_CONTINUE:
    if (c->nloops)
      sset_move(c, st->k == S_BREAK ? &c->loops[c->nloops - 1]->brk
                                    : &c->loops[c->nloops - 1]->cont, in);
    in->n = 0;
    return;
  case S_RETURN:
    exec_expr(c, st->e, in);
    sset_move(c, &c->ret, in);
    return;
  case S_EMPTY:
    return;
  }
}

/* ------------------------------------------------------------------ */
/* Exact variables                                                     */
/* ------------------------------------------------------------------ */

typedef struct enum_info {
  int ok;            /* still a candidate */
  int64_t vals[16];
  int nvals;
  int64_t xors[4];
  int nxors;
} enum_info;

/* The value of E if it is a constant expression of literals.  */
static int
const_value(const ccx_expr *e, int64_t *v)
{
  int64_t a, b;
  switch (e->k) {
  case E_NUM:
    *v = e->ival;
    return 1;
  case E_CAST:
    return !e->ty.ptr && const_value(e->a, v);
  case E_UNARY:
    if (e->op == '-' && const_value(e->a, &a)) {
      *v = -a;
      return 1;
    }
    return 0;
  case E_BIN:
    if (!const_value(e->a, &a) || !const_value(e->b, &b))
      return 0;
    switch (e->op) {
    case '+': *v = a + b; return 1;
    case '-': *v = a - b; return 1;
    case '*': *v = a * b; return 1;
    default: return 0;
    }
  default:
    return 0;
  }
}

static void
enum_add(enum_info *in, int64_t v)
{
  for (int i = 0; i < in->nvals; i++)
    if (in->vals[i] == v)
      return;
  if (in->nvals == 16) {
    in->ok = 0;
    return;
  }
  in->vals[in->nvals++] = v;
}

static void
scan_expr(enum_info *info, const ccx_expr *e)
{
  if (!e)
    return;
  if ((e->k == E_ASSIGN || e->k == E_POST
       || (e->k == E_UNARY && (e->op == OP_INC || e->op == OP_DEC)))
      && e->a->k == E_VAR && e->a->slot >= 0) {
    enum_info *in = &info[e->a->slot];
    int64_t v;
    if (e->k == E_ASSIGN && e->op == '=' && const_value(e->b, &v))
      enum_add(in, v);
    else if (e->k == E_ASSIGN && e->op == OP_XOREQ && const_value(e->b, &v)
             && in->nxors < 4)
      in->xors[in->nxors++] = v;
    else
      in->ok = 0;
  }
  if (e->k == E_UNARY && e->op == '&' && e->a->k == E_VAR && e->a->slot >= 0)
    info[e->a->slot].ok = 0;
  scan_expr(info, e->a);
  scan_expr(info, e->b);
  scan_expr(info, e->c);
  for (int i = 0; i < e->nargs; i++)
    scan_expr(info, e->args[i]);
}

static void
scan_stmt(enum_info *info, const ccx_stmt *st)
{
  if (!st)
    return;
  for (int i = 0; i < st->ndecls; i++) {
    int64_t v;
    enum_info *in = &info[st->decls[i].slot];
    if (st->decls[i].init && const_value(st->decls[i].init, &v))
      enum_add(in, v);
    else
      in->ok = 0;
    scan_expr(info, st->decls[i].init);
  }
  scan_expr(info, st->e);
  scan_expr(info, st->step);
  scan_stmt(info, st->init);
  scan_stmt(info, st->body);
  scan_stmt(info, st->els);
  for (int i = 0; i < st->nkids; i++)
    scan_stmt(info, st->kids[i]);
}

/* Mark the variables of FN that take finitely many constant values.  */
static void
find_enumerable(checker *c, const ccx_func *fn)
{
  enum_info *info = calloc((size_t)(fn->nslots ? fn->nslots : 1), sizeof *info);
  if (!info)
    abort();
  for (int i = 0; i < fn->nslots; i++)
    info[i].ok = !fn->slot_type[i].ptr && fn->slot_type[i].dt != DT_OTHER;
  for (int i = 0; i < fn->nparams; i++)
    info[fn->params[i].slot].ok = 0;
  scan_stmt(info, fn->body);
  for (int i = 0; i < fn->nslots; i++) {
    enum_info *in = &info[i];
    /* Close the values under the xors.  */
    for (int k = 0; in->ok && k < in->nvals; k++)
      for (int x = 0; x < in->nxors; x++)
        enum_add(in, in->vals[k] ^ in->xors[x]);
    c->enumerable[i] = in->ok && in->nvals > 0;
  }
  free(info);
}

/* ------------------------------------------------------------------ */
/* Functions                                                           */
/* ------------------------------------------------------------------ */

/* Report the flags still pending in the states of OUT at the end of a
   kernel.  */
static void
check_exit(checker *c, const ccx_func *fn, const sset *out)
{
  for (int k = 0; k < out->n; k++) {
    const state *s = out->v[k];
    for (int bit = 0; bit < NPIPES * NPIPES * NEVENTS; bit++) {
      int pair = bit / NEVENTS;
      if (!(s->pend[bit / 64] >> (bit % 64) & 1) || (s->havoc >> pair & 1))
        continue;
      char f[96];
      flag_text(f, sizeof f, pair / NPIPES, pair % NPIPES, bit % NEVENTS);
      report_msg(c, fn->end_line, fn->end_col, "sync-exit",
                 "kernel '%s' can end with set_flag%s still pending (no "
                 "wait_flag consumes it on some path)", fn->name, f);
    }
  }
}

static void
check_function(checker *c, const ccx_func *fn)
{
  c->fn = fn;
  c->fa = ccx_arena_new();
  c->enumerable = calloc((size_t)(fn->nslots ? fn->nslots : 1), 1);
  if (!c->enumerable)
    abort();
  find_enumerable(c, fn);
  c->sync_on = fn->global;
  c->nloops = 0;
  state *s = st_new(c);
  for (int i = 0; i < fn->nparams; i++) {
    const ccx_decl *p = &fn->params[i];
    if (p->ty.ptr)
      s->env[p->slot] = av_ptr(p->ty.space, p->ty.dt, p->ty.cnst, av_any_int());
  }
  sset in = { 0 };
  sset_push(&in, s);
  exec(c, fn->body, &in);
  sset_move(c, &c->ret, &in);
  if (c->sync_on)
    check_exit(c, fn, &c->ret);
  sset_free(&in);
  sset_free(&c->ret);
  free(c->enumerable);
  c->enumerable = NULL;
  ccx_arena_free(c->fa);
  c->fa = NULL;
}

int
pto_cce_check(const char *file, const char *text, size_t len,
              const pto_arch *arch, int flags,
              pto_cce_check_report_fn report, void *ctx)
{
  checker c;
  memset(&c, 0, sizeof c);
  c.arch = arch ? arch : pto_arch_lookup(NULL);
  c.file = file;
  c.flags = flags;
  c.report = report;
  c.ctx = ctx;
  c.arena = ccx_arena_new();
  ccx_unit unit;
  memset(&unit, 0, sizeof unit);
  ccx_parse(&c, c.arch, c.arena, text, len, &unit);
  c.unit = &unit;
  for (int i = 0; i < unit.nfuncs; i++)
    if (!unit.funcs[i]->bad && unit.funcs[i]->body)
      check_function(&c, unit.funcs[i]);
  for (int i = 0; i < c.nseen; i++)
    free(c.seen[i]);
  free(c.seen);
  ccx_arena_free(c.arena);
  return c.findings;
}
