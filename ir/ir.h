/* ir.h - the pto-gcc intermediate representation.

   This one header declares the IR and every cross-file prototype of the
   C11 core, grouped by the file that defines it.  The GCC front end
   (frontend/) builds programs through the builder API below; the passes
   (passes/) rewrite them; the printer and parser give every program a
   textual form that round-trips exactly, so each pass is testable with
   pto-opt and no GCC at all.

   Ownership: a pto_program owns an arena.  Every node, type, variable,
   string and vector reachable from the program lives in that arena and is
   freed with pto_program_free.  Passes allocate replacement nodes in the
   same arena; nodes are never freed one by one.

   The core never includes GCC headers and never holds a GCC tree.  A
   location carries an opaque HOST cookie (GCC's location_t) so that the
   plugin can report diagnostics with carets; the core only copies it.  */

#ifndef PTO_IR_H
#define PTO_IR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The deepest nesting the textual IR's parser accepts: blocks,
   parentheses, unary operators, operator chains and types each count a
   level (ir/parse.c).  The plugin's front end bounds what it captures
   (frontend/capture.cc, at most half of this in statements and
   expressions, each of which prints as at most two levels) so that
   every capture dump it writes can be read back by pto-opt.  */
#define PTO_MAX_NESTING 4096

#if defined(__GNUC__)
#define PTO_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define PTO_NORETURN __attribute__((noreturn))
#else
#define PTO_PRINTF(f, a)
#define PTO_NORETURN
#endif

/* ------------------------------------------------------------------ */
/* Locations and diagnostics (ir/diag.c)                              */
/* ------------------------------------------------------------------ */

/* A source position.  FILE is interned in the program's arena (or a
   static string); LINE and COL are 1-based, 0 when unknown.  HOST is the
   GCC location_t the node came from, 0 when none; only the plugin reads
   it.  */
typedef struct pto_loc {
  const char *file;
  int line;
  int col;
  uint32_t host;
} pto_loc;

extern const pto_loc pto_noloc;

/* SORRY is GCC's "sorry, unimplemented": a valid program that a part of
   pto-gcc does not handle yet (the CCE back end's limits, for example).
   It counts as an error; the plugin may downgrade it where the program
   can still be built another way (the .cce is skipped, the CPU
   simulation still runs).  */
typedef enum pto_diag_kind {
  PTO_DIAG_ERROR,
  PTO_DIAG_WARNING,
  PTO_DIAG_NOTE,
  PTO_DIAG_SORRY
} pto_diag_kind;

/* The diagnostics sink.  Every user-facing message of the core goes
   through one of these: pto-opt prints "file:line:col: error: msg" on
   stderr, the plugin forwards to GCC's error_at/warning_at/inform.
   EMIT may be NULL, then messages go to stderr in the pto-opt format.  */
typedef struct pto_diag {
  void (*emit)(void *ctx, pto_diag_kind kind, pto_loc loc, const char *msg);
  void *ctx;
  int errors;           /* sorries included */
  int sorries;
  int warnings;
} pto_diag;

void pto_diag_init(pto_diag *d);
void pto_error(pto_diag *d, pto_loc loc, const char *fmt, ...) PTO_PRINTF(3, 4);
void pto_warning(pto_diag *d, pto_loc loc, const char *fmt, ...) PTO_PRINTF(3, 4);
void pto_note(pto_diag *d, pto_loc loc, const char *fmt, ...) PTO_PRINTF(3, 4);
void pto_sorry(pto_diag *d, pto_loc loc, const char *fmt, ...) PTO_PRINTF(3, 4);
void pto_vdiag(pto_diag *d, pto_diag_kind kind, pto_loc loc, const char *fmt,
               va_list ap);
/* Print "file:line:col: KIND: MSG\n" to OUT, the format of pto-opt.  */
void pto_diag_print(FILE *out, pto_diag_kind kind, pto_loc loc, const char *msg);

/* Broken internal invariants: print "pto: internal error at FILE:LINE:
   msg" and abort.  Never used for bad user input.  */
PTO_NORETURN void pto_ice_at(const char *file, int line, const char *fmt, ...)
    PTO_PRINTF(3, 4);
#define pto_ice(...) pto_ice_at(__FILE__, __LINE__, __VA_ARGS__)
#define pto_assert(c) \
  ((c) ? (void)0 : pto_ice_at(__FILE__, __LINE__, "assertion '%s' failed", #c))

/* ------------------------------------------------------------------ */
/* Memory (ir/arena.c)                                                */
/* ------------------------------------------------------------------ */

typedef struct pto_arena pto_arena;

pto_arena *pto_arena_new(void);
void pto_arena_free(pto_arena *a);
/* Zeroed, 16-byte aligned memory that lives until the arena is freed.  */
void *pto_arena_alloc(pto_arena *a, size_t size);
char *pto_arena_strdup(pto_arena *a, const char *s);
char *pto_arena_strndup(pto_arena *a, const char *s, size_t n);
char *pto_arena_printf(pto_arena *a, const char *fmt, ...) PTO_PRINTF(2, 3);
/* Bytes handed out so far (for benchmarks).  */
size_t pto_arena_used(const pto_arena *a);

/* Abort-on-failure malloc family for the few heap objects outside arenas
   (the arena's own chunks, growable text buffers).  */
void *pto_xmalloc(size_t n);
void *pto_xcalloc(size_t n, size_t size);
void *pto_xrealloc(void *p, size_t n);
char *pto_xstrdup(const char *s);

/* A growable text buffer on the heap.  */
typedef struct pto_buf {
  char *s;
  size_t len, cap;
} pto_buf;

void pto_buf_puts(pto_buf *b, const char *s);
void pto_buf_putc(pto_buf *b, char c);
void pto_buf_printf(pto_buf *b, const char *fmt, ...) PTO_PRINTF(2, 3);
void pto_buf_free(pto_buf *b);

/* ------------------------------------------------------------------ */
/* Scalar data types                                                  */
/* ------------------------------------------------------------------ */

/* Columns: enum suffix, textual name, width in bits, class.
   Classes: B bool, S signed integer, U unsigned integer, F floating.
   INDEX is the signed 64-bit type of loop counters and index math.  */
#define PTO_DTYPES(X)            \
  X(BOOL, "bool", 1, B)          \
  X(I8, "i8", 8, S)              \
  X(I16, "i16", 16, S)           \
  X(I32, "i32", 32, S)           \
  X(I64, "i64", 64, S)           \
  X(U8, "u8", 8, U)              \
  X(U16, "u16", 16, U)           \
  X(U32, "u32", 32, U)           \
  X(U64, "u64", 64, U)           \
  X(F16, "f16", 16, F)           \
  X(BF16, "bf16", 16, F)         \
  X(F32, "f32", 32, F)           \
  X(F64, "f64", 64, F)           \
  X(INDEX, "index", 64, S)

typedef enum pto_dtype {
#define X(e, n, b, c) PTO_DT_##e,
  PTO_DTYPES(X)
#undef X
  PTO_DT_COUNT
} pto_dtype;

const char *pto_dtype_name(pto_dtype dt);
int pto_dtype_bits(pto_dtype dt);
/* Size in bytes of one element in memory (bool: 1).  */
int pto_dtype_bytes(pto_dtype dt);
bool pto_dtype_is_int(pto_dtype dt);      /* signed or unsigned, not bool */
bool pto_dtype_is_signed(pto_dtype dt);   /* signed integer */
bool pto_dtype_is_float(pto_dtype dt);
/* The scalar dtype that carries values of tile dtype DT: f32 for bf16,
   i32 for i8, u8 and i16 (the IR has no scalars of the storage dtypes:
   pto.load_valid's pad into such a tile has this type), DT otherwise.  */
pto_dtype pto_dtype_scalar_of(pto_dtype dt);
/* Look up a dtype by its textual name; return false if NAME is none.  */
bool pto_dtype_lookup(const char *name, size_t len, pto_dtype *out);

/* ------------------------------------------------------------------ */
/* Types (interned: equal types are the same pointer)                 */
/* ------------------------------------------------------------------ */

/* Memory spaces of tiles and pointers.  ANY means "not inferred yet".  */
#define PTO_MEMSPACES(X) \
  X(ANY, "any")          \
  X(GM, "gm")            \
  X(UB, "ub")            \
  X(L1, "l1")            \
  X(L0A, "l0a")          \
  X(L0B, "l0b")          \
  X(L0C, "l0c")

typedef enum pto_memspace {
#define X(e, n) PTO_MEM_##e,
  PTO_MEMSPACES(X)
#undef X
  PTO_MEM_COUNT
} pto_memspace;

const char *pto_memspace_name(pto_memspace m);
bool pto_memspace_lookup(const char *name, size_t len, pto_memspace *out);

typedef enum pto_type_kind {
  PTO_TY_VOID,   /* "void" */
  PTO_TY_SCALAR, /* "i32", "f16", ... */
  PTO_TY_PTR,    /* "ptr<f32>", "ptr<const f32>", "ptr<tile<f32,16,64>>" */
  PTO_TY_TILE,   /* "tile<f32,16,64>", "tile<f16,16,16,l0a>" */
  PTO_TY_TUPLE,  /* "tuple<i32,f32>": a struct returned by value */
  PTO_TY_FUNC    /* the type of "@name" in launch(); prints as "fn" */
} pto_type_kind;

typedef struct pto_type pto_type;
struct pto_type {
  pto_type_kind kind;
  pto_dtype dtype;          /* SCALAR: the type; TILE: the element type */
  bool is_const;            /* PTR: the pointee is read-only */
  const pto_type *pointee;  /* PTR */
  int rows, cols;           /* TILE: static shape */
  pto_memspace space;       /* TILE: where it lives once inferred */
  int nelems;               /* TUPLE */
  const pto_type *const *elems;
};

/* ------------------------------------------------------------------ */
/* Operators                                                          */
/* ------------------------------------------------------------------ */

/* Binary operators.  Columns: enum suffix, spelling, precedence (C's,
   higher binds tighter; 0 = printed as a call "name(a, b)"), class.
   Classes: A arithmetic (int or float), I integer only, C comparison
   (bool result), L logical (bool operands and result).
   DIV and MOD have C semantics (truncate toward zero); FLOORDIV and
   FLOORMOD round toward negative infinity (Python's // and %).  Shifts
   need a non-negative amount below the width.  */
#define PTO_BINOPS(X)                  \
  X(ADD, "+", 12, A)                   \
  X(SUB, "-", 12, A)                   \
  X(MUL, "*", 13, A)                   \
  X(DIV, "/", 13, A)                   \
  X(MOD, "%", 13, I)                   \
  X(FLOORDIV, "floordiv", 0, I)        \
  X(FLOORMOD, "floormod", 0, I)        \
  X(MIN, "min", 0, A)                  \
  X(MAX, "max", 0, A)                  \
  X(SHL, "<<", 11, I)                  \
  X(SHR, ">>", 11, I)                  \
  X(LT, "<", 10, C)                    \
  X(LE, "<=", 10, C)                   \
  X(GT, ">", 10, C)                    \
  X(GE, ">=", 10, C)                   \
  X(EQ, "==", 9, C)                    \
  X(NE, "!=", 9, C)                    \
  X(BAND, "&", 8, I)                   \
  X(BXOR, "^", 7, I)                   \
  X(BOR, "|", 6, I)                    \
  X(LAND, "&&", 5, L)                  \
  X(LOR, "||", 4, L)

typedef enum pto_binop {
#define X(e, s, p, c) PTO_BIN_##e,
  PTO_BINOPS(X)
#undef X
  PTO_BIN_COUNT
} pto_binop;

/* Unary operators.  Columns: enum suffix, spelling, form.
   Forms: P prefix operator ("-x"), F function ("abs(x)").
   CAST is printed "(T)x"; ADDR "&x" takes the address of a variable (or
   of a tile lvalue); DEREF "*p" reads through a pointer.  SQRT, EXP,
   LOG, FLOOR and CEIL are the C library's functions of a floating
   scalar (f32: sqrtf ..., f64: sqrt ...), with its results: the
   scalar math of kernels (pto_unop_is_math).  */
#define PTO_UNOPS(X)   \
  X(NEG, "-", P)       \
  X(NOT, "!", P)       \
  X(BNOT, "~", P)      \
  X(ABS, "abs", F)     \
  X(CAST, "cast", P)   \
  X(ADDR, "&", P)      \
  X(DEREF, "*", P)     \
  X(SQRT, "sqrt", F)   \
  X(EXP, "exp", F)     \
  X(LOG, "log", F)     \
  X(FLOOR, "floor", F) \
  X(CEIL, "ceil", F)

typedef enum pto_unop {
#define X(e, s, f) PTO_UN_##e,
  PTO_UNOPS(X)
#undef X
  PTO_UN_COUNT
} pto_unop;

const char *pto_binop_name(pto_binop op);
int pto_binop_prec(pto_binop op);
char pto_binop_class(pto_binop op);   /* 'A', 'I', 'C' or 'L' */
const char *pto_unop_name(pto_unop op);
char pto_unop_form(pto_unop op);      /* 'P' or 'F' */
/* True iff OP is one of the float-only library functions SQRT ... CEIL.  */
bool pto_unop_is_math(pto_unop op);

/* Intrinsic ops: the registry behind "pto.NAME(...)" calls, expanded
   from the one op table runtime/pto-ops.def (its legend gives the
   meaning of every column).  The shape rules (enum pto_oprule):
     NONE     no tile operands
     ELEM     all tiles: same dtype and shape
     CAST     same shape, any dtypes
     ROWRED   dst R x 1, src R x C, same dtype
     ROWBCAST the last operand r is R x 1, every other tile R x C like
              the first, all of one dtype; d[i][j] = a[i][j] OP r[i][0]
              (pto-isa TROWEXPAND*)
     COLRED   dst 1 x C, src R x C, same dtype
     COLBCAST the last operand r is 1 x C, every other tile R x C like
              the first, all of one dtype; d[i][j] = a[i][j] OP r[0][j]
              (pto-isa TCOLEXPAND*)
     CMP      m, a and (cmp) b one shape, m int32 (the mask, 1 or 0),
              a and b (or the scalar of cmps) of one dtype
     SELECT   d, m, a, b one shape, m int32, d, a, b of one dtype;
              d[i][j] = m[i][j] != 0 ? a[i][j] : b[i][j]
     TRANS    d C x R, a R x C, one dtype; d[j][i] = a[i][j]
              (pto-isa TTRANS)
     CASTRND  d i32, a f32 or f16 of d's shape, then the rounding mode
              (a constant PTO_ROUND_*: checked by the front end and the
              CCE back end)
     QUANT    d and a one shape, then two scalars (scale, offset) of
              the float side's dtype; quantize: d i8 or u8, a f32 or
              f16; dequantize: d f32 or f16, a i8 or u8
     DEQ      dequant: d f16, a i32 of d's shape, then the scale, an
              f32 scalar (the int8 matmul's fixpipe epilogue);
              col_dequant: d f16 R x C, a i32 R x C, r f32 1 x C (a
              scale per column); deq_scale: d and r f32 of one shape
     MATMUL   c[M,N] += a[M,K] * b[K,N], c f32 (a and b f32, f16 or
              bf16) or i32 (a and b i8), a and b of one dtype
     LOAD     dst tile, pointer to its dtype (load_valid: operands 3 and
              4 are the valid rows/cols, values in [0, R] / [0, C],
              checked when constant by the front end and the back end,
              else at run time, like row strides; operand 5, the pad, a
              number the back ends convert to the tile's dtype: an f32
              for bf16 tiles, an i32 for i8 / u8 / i16 ones, as
              pto_dtype_scalar_of says)
     STORE    pointer to the tile's dtype (store_valid: operands 3 and 4
              as load_valid's)
   The dtype rules (enum pto_dtrule) say which element types the tiles
   may have.  ir/op-check.c checks both, for the front end and the
   verifier alike.  Adding an intrinsic is one row of pto-ops.def plus
   its pto.h prototype and reference code.  */
typedef enum pto_op {
#define PTO_OP(e, n, sig, res, rule, dt, eff, pipe, bd, fam, code, cce, cyc) \
  PTO_OP_##e,
#include "runtime/pto-ops.def"
  PTO_OP_COUNT
} pto_op;

typedef enum pto_oprule {
  PTO_RULE_NONE, PTO_RULE_ELEM, PTO_RULE_CAST, PTO_RULE_ROWRED,
  PTO_RULE_MATMUL, PTO_RULE_LOAD, PTO_RULE_STORE, PTO_RULE_ROWBCAST,
  PTO_RULE_COLRED, PTO_RULE_COLBCAST, PTO_RULE_CMP, PTO_RULE_SELECT,
  PTO_RULE_TRANS, PTO_RULE_CASTRND, PTO_RULE_QUANT, PTO_RULE_DEQ
} pto_oprule;

typedef enum pto_dtrule {
  PTO_DTR_ALL,      /* f32, f16 and i32 tiles */
  PTO_DTR_FLOAT,    /* f32 and f16 tiles only */
  PTO_DTR_ANY,      /* those of ALL and the storage types bf16, i8, u8,
                       i16 */
  PTO_DTR_WORDS,    /* those of ANY and u64, the fixpipe's deq words
                       (pto.h pto_deq_word): the moves and the deq
                       scales */
  PTO_DTR_INT       /* i32 tiles only (bitwise operations, shifts) */
} pto_dtrule;

typedef enum pto_effect {
  PTO_EFF_PURE = 'P', PTO_EFF_READ = 'R', PTO_EFF_WRITE = 'W',
  PTO_EFF_SYNC = 'S', PTO_EFF_LAUNCH = 'L'
} pto_effect;

typedef struct pto_opinfo {
  const char *name;     /* "load" */
  const char *sig;      /* "Tpi" */
  char result;          /* 'v' or 'i' */
  pto_oprule rule;
  pto_effect effect;
  const char *pipe;     /* "MTE2", "V", "-", ... */
  unsigned bufdef;      /* operand mask, see pto-ops.def */
  pto_dtrule dtypes;    /* the element types its tiles may have */
  const char *cce;      /* its CCE vector instruction, or "" */
  int cycles;           /* cost per 256 B repeat of cce, or 0 */
} pto_opinfo;

const pto_opinfo *pto_op_info(pto_op op);
bool pto_op_lookup(const char *name, size_t len, pto_op *out);

/* op-check.c: the typing rules (shape RULE, element DTYPES) of a call to
   OP whose operand I has type TYPES[I] (N operands, of the kinds its sig
   names: the callers check those).  On a violation fills F -- the
   operand to blame (or -1: the call) and "argument N has ..." -- and
   returns false; the caller reports it at that operand.  */
typedef struct pto_op_fault {
  int arg;
  char msg[400];
} pto_op_fault;

bool pto_op_check_types(pto_op op, const pto_type *const *types, int n,
                        pto_op_fault *f);

/* ------------------------------------------------------------------ */
/* Variables, expressions, statements, functions                      */
/* ------------------------------------------------------------------ */

typedef struct pto_var pto_var;
typedef struct pto_expr pto_expr;
typedef struct pto_stmt pto_stmt;
typedef struct pto_func pto_func;
typedef struct pto_program pto_program;

/* Parameter directions.  Scalars and pointers to const
   are IN; a pointer to non-const is INOUT unless the front end proves it
   is only written (OUT).  */
typedef enum pto_dir { PTO_DIR_IN, PTO_DIR_OUT, PTO_DIR_INOUT } pto_dir;

/* A variable: a parameter, a local declared by a DECL statement, or a
   loop index.  Identity is the pointer; names are unique within a
   function (the front end renames shadowed C names).  */
struct pto_var {
  const char *name;
  const pto_type *type;
  pto_loc loc;
  bool is_param;
  pto_dir dir;          /* parameters only */
  unsigned id;          /* unique within the program, for hash maps */
  void *aux;            /* scratch pointer for passes; reset after use */
};

typedef enum pto_expr_kind {
  PTO_E_INT,      /* integer or bool constant: ival */
  PTO_E_FLOAT,    /* floating constant: fval */
  PTO_E_VAR,      /* var */
  PTO_E_BIN,      /* binop, a, b */
  PTO_E_UN,       /* unop, a (CAST: the target is the node's type) */
  PTO_E_SELECT,   /* "c ? a : b": a = cond, b = then, c = else */
  PTO_E_CALL,     /* intrinsic (is_op, op) or function (fname), args */
  PTO_E_FUNCREF,  /* "@name" as a value (launch's first operand) */
  PTO_E_TUPLE,    /* "tuple(a, b, ...)": args */
  PTO_E_GETITEM,  /* "a.N": index */
  PTO_E_INDEX     /* "a[i]" (GM element) or "a[i][j]" (tile element): a, args */
} pto_expr_kind;

struct pto_expr {
  pto_expr_kind kind;
  const pto_type *type;
  pto_loc loc;
  union {
    int64_t ival;
    double fval;
    pto_var *var;
    pto_binop binop;
    pto_unop unop;
    int index;          /* GETITEM */
  } u;
  pto_expr *a, *b, *c;  /* operands, see the kinds */
  bool is_op;           /* CALL: an intrinsic */
  pto_op op;            /* CALL with is_op */
  const char *fname;    /* CALL to a function, FUNCREF */
  int nargs;            /* CALL, TUPLE, INDEX */
  pto_expr **args;
};

/* A list of statements in execution order.  */
typedef struct pto_block {
  pto_stmt **items;
  int n, cap;
} pto_block;

/* Attributes of loops and functions: KEY=VALUE with an integer, a string
   or a list of integers.  Known loop keys: name (str), unroll (ints, the
   seed-003 unroll_list), unroll_times (int), kind (str).  */
typedef enum pto_attr_kind { PTO_A_INT, PTO_A_STR, PTO_A_INTS } pto_attr_kind;

typedef struct pto_attr {
  const char *key;
  pto_attr_kind kind;
  int64_t ival;
  const char *sval;
  int nints;
  int64_t *ints;
} pto_attr;

typedef struct pto_attrs {
  int n;
  pto_attr *v;
} pto_attrs;

typedef enum pto_stmt_kind {
  PTO_S_DECL,     /* "var x: T;" or "var x: T = init;" (init may be NULL) */
  PTO_S_ASSIGN,   /* "lhs = rhs;" lhs is an lvalue expression */
  PTO_S_EVAL,     /* "expr;" */
  PTO_S_IF,       /* "if (cond) {then} else {els}" */
  PTO_S_FOR,      /* see below */
  PTO_S_WHILE,    /* "while (cond) {body}" */
  PTO_S_RETURN,   /* "return;" or "return value;" */
  PTO_S_BREAK,
  PTO_S_CONTINUE
} pto_stmt_kind;

/* A counted loop, Python range semantics made explicit:
     for (i: T = start; i < stop; i += step) [attrs] { body }   (up)
     for (i: T = start; i > stop; i += step) [attrs] { body }   (down)
   DOWN is set for the second form; STEP must then be negative at run
   time and positive otherwise.  The index is not assigned in the body.  */
struct pto_stmt {
  pto_stmt_kind kind;
  pto_loc loc;
  pto_var *var;         /* DECL, FOR */
  pto_expr *lhs;        /* ASSIGN */
  pto_expr *value;      /* DECL init, ASSIGN rhs, EVAL, RETURN (may be NULL) */
  pto_expr *cond;       /* IF, WHILE */
  pto_expr *start, *stop, *step;  /* FOR */
  bool down;            /* FOR */
  pto_attrs attrs;      /* FOR */
  pto_block body;       /* FOR, WHILE, IF then-branch */
  pto_block els;        /* IF else-branch (may be empty) */
};

typedef enum pto_func_kind {
  PTO_FN_KERNEL,  /* "kernel": PTO_KERNEL, runs on an AI core */
  PTO_FN_HOST,    /* "host": PTO_HOST, orchestration */
  PTO_FN_INLINE,  /* "inline": PTO_INLINE, expanded at call sites */
  PTO_FN_PLAIN    /* "func": anything else the program needs */
} pto_func_kind;

const char *pto_func_kind_name(pto_func_kind k);

struct pto_func {
  pto_func_kind kind;
  const char *name;
  const pto_type *ret;  /* VOID for none */
  pto_loc loc;
  int nparams;
  pto_var **params;
  pto_block body;
  pto_attrs attrs;
  unsigned nvars;       /* variables created so far (ids are program-wide) */
  bool dead;            /* removed by a pass; skipped by every walker */
  pto_func *homonym;    /* the next function of the same name (ir/ir.c) */
};

struct pto_program {
  pto_arena *arena;
  int nfuncs, capfuncs;
  pto_func **funcs;     /* in definition order; dead ones are skipped */
  unsigned next_var_id;
  unsigned properties;  /* PTO_PROP_* bits established so far */
  void *types;          /* the type intern table (ir/ir.c) */
};

/* ------------------------------------------------------------------ */
/* Builder (ir/ir.c)                                                  */
/* ------------------------------------------------------------------ */

pto_program *pto_program_new(void);
void pto_program_free(pto_program *p);
/* Intern a string (e.g. a file name) in the program's arena.  */
const char *pto_intern(pto_program *p, const char *s);
pto_loc pto_mkloc(pto_program *p, const char *file, int line, int col);

const pto_type *pto_type_void(pto_program *p);
const pto_type *pto_type_scalar(pto_program *p, pto_dtype dt);
const pto_type *pto_type_ptr(pto_program *p, const pto_type *pointee,
                             bool is_const);
const pto_type *pto_type_tile(pto_program *p, pto_dtype dt, int rows,
                              int cols, pto_memspace space);
const pto_type *pto_type_tuple(pto_program *p, int n,
                               const pto_type *const *elems);
const pto_type *pto_type_func(pto_program *p);
/* Append the textual form of T ("ptr<const f32>") to B.  */
void pto_type_print(pto_buf *b, const pto_type *t);

pto_func *pto_func_new(pto_program *p, pto_func_kind kind, const char *name,
                       const pto_type *ret, pto_loc loc);
pto_func *pto_func_lookup(const pto_program *p, const char *name);
pto_var *pto_param_new(pto_program *p, pto_func *f, const char *name,
                       const pto_type *t, pto_dir dir, pto_loc loc);
/* A fresh local (not yet declared: put it in a DECL or FOR).  */
pto_var *pto_var_new(pto_program *p, pto_func *f, const char *name,
                     const pto_type *t, pto_loc loc);

pto_expr *pto_e_int(pto_program *p, const pto_type *t, int64_t v, pto_loc l);
pto_expr *pto_e_bool(pto_program *p, bool v, pto_loc l);
pto_expr *pto_e_float(pto_program *p, const pto_type *t, double v, pto_loc l);
pto_expr *pto_e_var(pto_program *p, pto_var *v, pto_loc l);
/* Whether E is the constant 0 (an integer or float literal, possibly
   under one cast): what pto.fill(c, 0) of an accumulator takes.  */
bool pto_e_is_zero(const pto_expr *e);
/* Binary operation; the result type follows the operator class (bool for
   comparisons and logical ops, else A's type; ptr + int is a ptr).  */
pto_expr *pto_e_bin(pto_program *p, pto_binop op, pto_expr *a, pto_expr *b,
                    pto_loc l);
/* Unary operation; for CAST pass the target type in T, else NULL.  */
pto_expr *pto_e_un(pto_program *p, pto_unop op, pto_expr *a,
                   const pto_type *t, pto_loc l);
pto_expr *pto_e_select(pto_program *p, pto_expr *c, pto_expr *a, pto_expr *b,
                       pto_loc l);
pto_expr *pto_e_op(pto_program *p, pto_op op, int nargs, pto_expr **args,
                   pto_loc l);
/* A call to function NAME returning RET.  */
pto_expr *pto_e_call(pto_program *p, const char *name, const pto_type *ret,
                     int nargs, pto_expr **args, pto_loc l);
pto_expr *pto_e_funcref(pto_program *p, const char *name, pto_loc l);
pto_expr *pto_e_tuple(pto_program *p, int n, pto_expr **elems, pto_loc l);
pto_expr *pto_e_getitem(pto_program *p, pto_expr *a, int index, pto_loc l);
pto_expr *pto_e_index(pto_program *p, pto_expr *base, int nidx,
                      pto_expr **idx, pto_loc l);
/* A deep copy of E whose variables are mapped through V->aux when that is
   non-NULL (the aux pointer then holds the replacement pto_expr *).  */
pto_expr *pto_e_clone(pto_program *p, const pto_expr *e);

/* Append to DST a deep copy of SRC for function F.  Each variable that
   SRC defines (DECL, FOR) gets a fresh variable named RENAME(CTX, old)
   (the old name when RENAME is NULL) and its uses are remapped; other
   variables map through their aux pointers as in pto_e_clone.  Every aux
   pointer is as before on return.  */
void pto_block_clone(pto_program *p, pto_func *f, pto_block *dst,
                     const pto_block *src,
                     const char *(*rename)(void *ctx, const pto_var *v),
                     void *ctx);

pto_stmt *pto_s_decl(pto_program *p, pto_var *v, pto_expr *init, pto_loc l);
pto_stmt *pto_s_assign(pto_program *p, pto_expr *lhs, pto_expr *rhs, pto_loc l);
pto_stmt *pto_s_eval(pto_program *p, pto_expr *e, pto_loc l);
pto_stmt *pto_s_if(pto_program *p, pto_expr *cond, pto_loc l);
pto_stmt *pto_s_for(pto_program *p, pto_var *v, pto_expr *start,
                    pto_expr *stop, pto_expr *step, bool down, pto_loc l);
pto_stmt *pto_s_while(pto_program *p, pto_expr *cond, pto_loc l);
pto_stmt *pto_s_return(pto_program *p, pto_expr *value, pto_loc l);
pto_stmt *pto_s_break(pto_program *p, pto_loc l);
pto_stmt *pto_s_continue(pto_program *p, pto_loc l);

void pto_block_push(pto_program *p, pto_block *b, pto_stmt *s);
/* Append every statement of SRC to DST.  */
void pto_block_append(pto_program *p, pto_block *dst, const pto_block *src);

void pto_attr_set_int(pto_program *p, pto_attrs *a, const char *key, int64_t v);
void pto_attr_set_str(pto_program *p, pto_attrs *a, const char *key,
                      const char *v);
void pto_attr_set_ints(pto_program *p, pto_attrs *a, const char *key, int n,
                       const int64_t *v);
const pto_attr *pto_attr_get(const pto_attrs *a, const char *key);
void pto_attr_remove(pto_attrs *a, const char *key);

/* ------------------------------------------------------------------ */
/* Text (ir/print.c, ir/parse.c)                                      */
/* ------------------------------------------------------------------ */

/* Printer flags.  With PTO_PRINT_LOCS every function and statement is
   followed by its location ("@"file":line:col"), as in capture dumps.  */
enum { PTO_PRINT_LOCS = 1 };

void pto_print_program(pto_buf *b, const pto_program *p, unsigned flags);
void pto_print_func(pto_buf *b, const pto_func *f, unsigned flags);
void pto_print_stmt(pto_buf *b, const pto_stmt *s, int indent, unsigned flags);
void pto_print_expr(pto_buf *b, const pto_expr *e);
/* Print to a stdio stream (tools and dumps).  */
void pto_fprint_program(FILE *out, const pto_program *p, unsigned flags);

/* Parse the textual IR in TEXT (LEN bytes, need not be NUL-terminated)
   named FILENAME.  On success return a new program.  On error report each
   problem through DIAG at its file:line:col and return NULL.  The parser
   also type-checks and resolves names, so a returned program verifies.  */
pto_program *pto_parse(const char *filename, const char *text, size_t len,
                       pto_diag *diag);

/* ------------------------------------------------------------------ */
/* Verifier (ir/verify.c)                                             */
/* ------------------------------------------------------------------ */

/* Check the structural invariants every pass must keep: types agree, each
   variable is declared once and used in its scope, lvalues are
   assignable, intrinsic calls satisfy their typing rules, called
   functions exist with matching signatures, loop attributes are well
   formed.  Report each violation through DIAG; return the number of
   violations.  */
int pto_verify(const pto_program *p, pto_diag *diag);
/* Type-check one intrinsic call (shared by the parser, the verifier and
   the GCC front end).  Return true if it is well typed; otherwise report
   through DIAG.  */
bool pto_check_op_call(const pto_expr *call, pto_diag *diag);
/* Type-check node E against its operands, not recursively.  P, when
   non-NULL, resolves calls and the kernel of pto.launch.  */
bool pto_check_expr(const pto_program *p, const pto_expr *e, pto_diag *diag);
/* Report unless E is assignable (not through a pointer to const).  */
bool pto_check_lvalue(const pto_expr *e, pto_diag *diag);
/* Report at L if the known attribute A has the wrong value kind.  */
bool pto_check_attr(const pto_attr *a, pto_loc l, pto_diag *diag);

#ifdef __cplusplus
}
#endif

#endif /* PTO_IR_H */
