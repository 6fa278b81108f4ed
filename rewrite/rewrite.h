/* rewrite.h - private interface of the symbolic rewriter: value ranges (ranges.c), the rewrite engine (rewrite.c), the
   rule table (rules.c) and the late decompositions (decompose.c).

   Ranges are computed in 128-bit arithmetic so that every value of every
   integer dtype (u64 included) and every intermediate of an interval
   operation is exact; an interval that leaves its dtype's range means the
   operation may wrap, and the range of the node becomes its dtype's full
   range.  Unsigned values are held as their mathematical (non-negative)
   value, so u64 0xffff... is 2^64-1, not -1.  */

#ifndef PTO_REWRITE_H
#define PTO_REWRITE_H

#include "ir/options.h"
#include "rewrite/symbolic.h"
#include "ir/fold-expr.h"

__extension__ typedef __int128 pto_i128;

/* An inclusive interval of mathematical integers.  */
typedef struct pto_iv {
  pto_i128 lo, hi;
} pto_iv;

/* A * B saturated to +-2^126 (beyond every dtype, so a saturated value
   never "fits"): operands may be as large as 2^64.  */
static inline pto_i128
pto_i128_mul(pto_i128 a, pto_i128 b)
{
  pto_i128 r;
  bool ovf;
  if (a == (int64_t)a && b == (int64_t)b) {
    r = (pto_i128)(int64_t)a * (int64_t)b;  /* |r| <= 2^126: no overflow */
    ovf = false;
  } else {
    ovf = __builtin_mul_overflow(a, b, &r);
  }
  if (!ovf && r < ((pto_i128)1 << 126) && r > -((pto_i128)1 << 126))
    return r;
  return ((a < 0) != (b < 0)) ? -((pto_i128)1 << 126) : ((pto_i128)1 << 126);
}

/* A / B and A % B (C's truncating division) of 128-bit integers, in
   64-bit arithmetic when both fit there (the common case, and far
   cheaper than the 128-bit library calls).  B != 0.  */
static inline pto_i128
pto_i128_div(pto_i128 a, pto_i128 b)
{
  if (a == (int64_t)a && b == (int64_t)b && b != -1)
    return (int64_t)a / (int64_t)b;
  return a / b;
}

static inline pto_i128
pto_i128_mod(pto_i128 a, pto_i128 b)
{
  if (a == (int64_t)a && b == (int64_t)b && b != -1)
    return (int64_t)a % (int64_t)b;
  return a % b;
}

/* ---- ranges.c ---- */

/* The dtype table of ir.h again, so that the type tests of the rules
   inline (ranges.c checks it against ir.c's functions).  */
static const struct pto_rw_dtinfo {
  unsigned char bits;
  char cls;
  bool intlike;   /* an integer or bool: the types ranges cover */
} pto_rw_dt[PTO_DT_COUNT] = {
#define X(e, n, b, c) {b, #c[0], #c[0] != 'F'},
    PTO_DTYPES(X)
#undef X
};

static inline int
pto_rw_dt_bits(pto_dtype dt)
{
  return pto_rw_dt[dt].bits;
}

static inline bool
pto_rw_dt_is_int(pto_dtype dt)
{
  return pto_rw_dt[dt].cls == 'S' || pto_rw_dt[dt].cls == 'U';
}

static inline bool
pto_rw_dt_is_signed(pto_dtype dt)
{
  return pto_rw_dt[dt].cls == 'S';
}

/* The full range of each scalar dtype (bool: [0, 1]; signed: the two's
   complement range; the others: [0, 2^bits - 1]).  */
#define PTO_RW_IV_S(b) {-((pto_i128)1 << ((b) - 1)), ((pto_i128)1 << ((b) - 1)) - 1}
#define PTO_RW_IV_U(b) {0, ((pto_i128)1 << (b)) - 1}
#define PTO_RW_IV_F(b) PTO_RW_IV_U(b)
#define PTO_RW_IV_B(b) {0, 1}
static const pto_iv pto_rw_dt_iv[PTO_DT_COUNT] = {
#define X(e, n, b, c) PTO_RW_IV_##c(b),
    PTO_DTYPES(X)
#undef X
};
#undef PTO_RW_IV_S
#undef PTO_RW_IV_U
#undef PTO_RW_IV_F
#undef PTO_RW_IV_B

/* The full range of scalar dtype DT (bool: [0, 1]).  */
static inline pto_iv
pto_iv_of_dtype(pto_dtype dt)
{
  return pto_rw_dt_iv[dt];
}

/* True if E has a scalar integer or bool type, the types ranges cover.  */
static inline bool
pto_rw_is_intlike(const pto_expr *e)
{
  return e->type->kind == PTO_TY_SCALAR && pto_rw_dt[e->type->dtype].intlike;
}

/* The mathematical value of integer constant E (unsigned read as such).  */
static inline pto_i128
pto_rw_const_value(const pto_expr *e)
{
  pto_dtype dt = e->type->dtype;
  if (dt == PTO_DT_BOOL)
    return e->u.ival != 0;
  if (!pto_rw_dt_is_signed(dt) && pto_rw_dt_bits(dt) == 64)
    return (pto_i128)(uint64_t)e->u.ival;
  return e->u.ival;
}

/* Store mathematical value V as the ival of dtype DT (wraps).  */
static inline int64_t
pto_rw_wrap(pto_dtype dt, pto_i128 v)
{
  if (dt == PTO_DT_BOOL)
    return (int64_t)(v & 1);
  int bits = pto_rw_dt_bits(dt);
  uint64_t u = (uint64_t)v;
  if (bits < 64) {
    uint64_t mask = (UINT64_C(1) << bits) - 1;
    u &= mask;
    if (pto_rw_dt_is_signed(dt) && (u >> (bits - 1)))
      u |= ~mask;
  }
  return (int64_t)u;
}
/* The range of E (int/bool typed) under ENV.  MEMO may be NULL; otherwise
   it caches node ranges for the lifetime of one simplification.  */
typedef struct pto_range_memo pto_range_memo;
pto_iv pto_rw_range(const pto_expr *e, const pto_range_env *env,
                    pto_range_memo *memo);
/* The interval that binary/unary arithmetic at the root of E computes
   before wrapping (ADD, SUB, MUL, NEG, SHL by a constant); false when the
   root is something else.  */
bool pto_rw_exact_iv(const pto_expr *e, const pto_range_env *env,
                     pto_range_memo *memo, pto_iv *out);
/* True if the root operation of E never wraps under ENV (vacuously true
   for roots that cannot wrap).  */
bool pto_rw_nowrap(const pto_expr *e, const pto_range_env *env,
                   pto_range_memo *memo);
static inline bool
pto_iv_fits(pto_iv v, pto_dtype dt)
{
  pto_iv t = pto_iv_of_dtype(dt);
  return v.lo >= t.lo && v.hi <= t.hi;
}
pto_range_memo *pto_range_memo_new(void);
void pto_range_memo_free(pto_range_memo *m);
/* A memo that keeps ranges in the nodes themselves: every node given to
   pto_rw_range with it must be an interned node of rewrite.c
   (pto_rw_node); a node's range is valid while its iv_gen equals *GEN.  */
pto_range_memo *pto_range_memo_in_nodes(const unsigned *gen);

/* The simplifier's working memory kept by an environment, so that calls
   under it allocate no tables (rewrite.c owns its contents, the
   environment its lifetime: pto_range_env_free frees it).  */
typedef struct pto_rw_cache pto_rw_cache;
pto_rw_cache **pto_range_env_cache(const pto_range_env *env);
void pto_rw_cache_free(pto_rw_cache *hc);

/* ---- rewrite.c ---- */

/* An interned (hash-consed) node of the simplifier: structurally equal
   nodes are one node, so equality is pointer equality, and the facts
   that depend on the tree alone (size, purity) are computed once, when
   the node is made; those that depend on the environment (range,
   simplified form) once per call.  Interned nodes live in the
   simplifier's working memory (pto_rw_cache) for one call, never in the
   program: pto_simplify_expr returns a copy in the program's arena
   (sharing the unchanged input subtrees).  The
   rules only ever see interned nodes and build them only through
   pto_rw_int, pto_rw_bin, pto_rw_un, pto_rw_sel and pto_rw_bool.  */
typedef struct pto_rw_node {
  pto_expr e;                  /* first: a pto_expr * is a pto_rw_node * */
  int size;                    /* pto_rw_size */
  bool pure;                   /* pto_rw_pure */
  bool unique;                 /* has an effect: never merged with another */
  unsigned iv_gen;             /* iv is valid while iv_gen == the memo's */
  unsigned res_gen;            /* res is valid while res_gen == the memo's */
  unsigned orig_call, loc_call, claim_call;  /* per call, see rewrite.c */
  pto_expr *orig;              /* an input node equal to this one */
  struct pto_rw_node *res;     /* the simplified form */
  unsigned sum_call;           /* rules.c: a normal sum in this call */
  pto_iv iv;                   /* the range under the memo's env */
} pto_rw_node;

static inline pto_rw_node *
pto_rw_node_of(const pto_expr *e)
{
  return (pto_rw_node *)e;
}

/* For interned nodes (the rules): size, purity and pure equality.  */
static inline int
pto_rw_hsize(const pto_expr *e)
{
  return e ? pto_rw_node_of(e)->size : 0;
}

static inline bool
pto_rw_hpure(const pto_expr *e)
{
  return !e || pto_rw_node_of(e)->pure;
}

static inline bool
pto_rw_same(const pto_expr *a, const pto_expr *b)
{
  return a == b && pto_rw_hpure(a);
}

/* The state of one simplification.  */
typedef struct pto_rw {
  pto_program *p;
  const pto_range_env *env;
  pto_range_memo *memo;
  pto_rw_cache *hc;     /* interned nodes (rules), or NULL (decompose.c) */
  void *scratch;        /* rules.c's memo (pto_rules_scratch_size bytes) */
  unsigned stamp;       /* numbers the calls: what SCRATCH holds is valid
                           only for the same stamp */
  unsigned gen;         /* with HC: a node's iv is valid at this iv_gen */
  long budget;          /* rule applications left (termination guard) */
  long applied;         /* rule applications so far */
  unsigned long *hits;  /* per-rule application counters, or NULL */
} pto_rw;

/* The range of E under the environment (pto_rw_range), from the node
   when it is known there.  */
pto_iv pto_rw_iv_slow(pto_rw *c, const pto_expr *e);
static inline pto_iv
pto_rw_iv(pto_rw *c, const pto_expr *e)
{
  if (c->hc && pto_rw_node_of(e)->iv_gen == c->gen)
    return pto_rw_node_of(e)->iv;  /* set for int and bool nodes only */
  return pto_rw_iv_slow(c, e);
}

/* A rule: a C matcher for the root of E that returns the replacement
   (new nodes only; E is never modified) or NULL when it does not apply.
   KEY is the root (pto_rw_key); VALID says why it preserves values:
     'W' valid under two's-complement wrap-around for every input;
     'R' guarded by value ranges proving no wrap / the needed signs;
     'C' canonicalising (same node count, a fixed normal form).
   The engine only accepts a replacement with no more nodes than E.  */
typedef pto_expr *(*pto_rule_fn)(pto_rw *c, pto_expr *e);
typedef struct pto_rule {
  int key;
  const char *name;
  char valid;
  pto_rule_fn fn;
  unsigned char need;   /* PTO_RWN_*: roots the rule can rewrite at all */
} pto_rule;

/* What a rule needs of the root to return anything (the engine does not
   call it on other roots; the rule tests it again itself).  */
enum {
  /* The operands are constants: both of a binary node, the operand of a
     unary one, the condition of a select.  */
  PTO_RWN_CONST_OPS = 1,
  /* A binary node whose right operand is a constant (isc).  */
  PTO_RWN_CONST_B = 2,
  /* A binary node whose right operand is not a constant.  */
  PTO_RWN_NONCONST_B = 4
};

/* Root keys: a binop, PTO_BIN_COUNT + unop, or one of the extras.  */
enum {
  PTO_RWK_UN = PTO_BIN_COUNT,
  PTO_RWK_SELECT = PTO_BIN_COUNT + PTO_UN_COUNT,
  PTO_RWK_ANY,          /* tried on every integer/bool root */
  PTO_RWK_COUNT
};
int pto_rw_key(const pto_expr *e);

extern const pto_rule pto_rules[];
extern const int pto_nrules;
extern const size_t pto_rules_scratch_size;

/* Helpers the rules share (rewrite.c).  */
bool pto_rw_equal(const pto_expr *a, const pto_expr *b);
int pto_rw_compare(const pto_expr *a, const pto_expr *b);
bool pto_rw_pure(const pto_expr *e);   /* no call with an effect */
int pto_rw_size(const pto_expr *e);
/* True if evaluating E can neither trap (division by a range holding 0,
   MIN / -1, shift amounts out of range) nor call anything: only such
   operands of && and || may be reordered (the right one is evaluated
   only when the left one does not decide).  */
bool pto_rw_safe(pto_rw *c, const pto_expr *e);
pto_expr *pto_rw_int(pto_rw *c, const pto_type *t, pto_i128 v);
/* The same at LOC (a folded constant keeps the place it replaces).  */
pto_expr *pto_rw_int_at(pto_rw *c, const pto_type *t, pto_i128 v,
                        pto_loc loc);
pto_expr *pto_rw_bin(pto_rw *c, pto_binop op, pto_expr *a, pto_expr *b);
pto_expr *pto_rw_un(pto_rw *c, pto_unop op, pto_expr *a, const pto_type *t);
pto_expr *pto_rw_sel(pto_rw *c, pto_expr *k, pto_expr *a, pto_expr *b);
pto_expr *pto_rw_bool(pto_rw *c, bool v);
/* What building interned E (a unary or binary node) again from its
   operands with the constructors above would do to it, when E is the
   node they would return: its location (set_loc).  */
void pto_rw_rebuilt(pto_rw *c, pto_expr *e);

/* Simplify with statistics: the number of rule applications is added to
   *APPLIED when non-NULL, and HITS (pto_nrules counters) when non-NULL.  */
pto_expr *pto_simplify_expr_stats(pto_program *p, pto_expr *e,
                                  const pto_range_env *env, long *applied,
                                  unsigned long *hits);

/* ---- decompose.c ---- */

enum {
  PTO_DEC_POW2 = 1,       /* x%2^k, x*2^k, x/2^k -> and, shl, shr */
  PTO_DEC_FASTDIV = 2,    /* x/d -> (x*m)>>s for non-negative x */
  PTO_DEC_NEG = 4,        /* x*-1 -> -x */
  PTO_DEC_DEMORGAN = 8,   /* !(a||b) <-> !a&&!b, as the flag below says */
  PTO_DEC_DEMORGAN_OUT = 16, /* push NOT inwards (else pull it out) */
  PTO_DEC_CMPNEG = 32,    /* !(a<b) -> b<=a for integers */
  PTO_DEC_FDIV = 64,      /* x/c -> x*(1/c) for floats, c a power of two */
  PTO_DEC_ALL = 1 | 2 | 4 | 8 | 32 | 64
};

/* Magic numbers for x/d, 0 <= x <= VMAX, d >= 2 (Hacker's Delight
   magicgu): x/d == (x*M)>>S.  Return false if none exists with
   M*VMAX below 2^63 (the caller keeps the division).  */
bool pto_magicgu(uint64_t vmax, uint64_t d, uint64_t *m, int *s);

pto_expr *pto_decompose_expr(pto_program *p, pto_expr *e,
                             const pto_range_env *env, unsigned flags);

/* ---- tools/simplify-exprs.c (also used by the unit tests) ---- */

/* A scope of declared variables with ranges, in a program of its own.  */
typedef struct pto_sx_scope pto_sx_scope;
pto_sx_scope *pto_sx_new(void);
void pto_sx_free(pto_sx_scope *sc);
pto_program *pto_sx_program(pto_sx_scope *sc);
const pto_range_env *pto_sx_env(pto_sx_scope *sc);
pto_var *pto_sx_lookup(pto_sx_scope *sc, const char *name);
/* Parse one line at LOC: a declaration "var x: i32 in [0, 7]" (returns
   0), a blank or comment line (0), an integer/bool expression (1, *OUT
   set), or bad input (reported through DIAG, -1).  */
int pto_sx_line(pto_sx_scope *sc, const char *line, pto_loc loc,
                pto_diag *diag, pto_expr **out);
/* The --simplify-exprs mode of pto-opt; returns the exit status.  */
int pto_opt_simplify_exprs(const char *path, pto_diag *diag);

#endif /* PTO_REWRITE_H */
