/* passes.h - the pass interface, the pass manager and the pipeline.

   A pass is a row of data (pto_pass) plus one run function in a file of
   its own under passes/, which opens with its contract: what it requires,
   what it produces, what it invalidates.  The pipeline is a plain table in
   pipeline.c.  The pass manager runs a list of passes, verifies the
   properties each one claims (in checking mode), dumps the IR after named
   passes and records a trace of the passes that actually ran.  */

#ifndef PTO_PASSES_H
#define PTO_PASSES_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Options (ir/options.c)                                         */
/* ------------------------------------------------------------------ */

/* Options shared by the plugin (-fplugin-arg-pto-NAME[=V]) and pto-opt
   (--NAME[=V]).  Columns: field, name, kind (B bool 0|1, I integer,
   S string, R optional string: a bare NAME means "-", an empty default
   leaves it NULL), default, help.  */
#define PTO_OPTIONS(X)                                                      \
  X(force_let_inline, "force-let-inline", B, "0",                           \
    "run the eager LetInline pass first (seed 002 tl.force_let_inline)")    \
  X(simplify_let_inline, "simplify-let-inline", B, "1",                     \
    "let Simplify inline binds (seed 002 enable_simplify_let_inline)")      \
  X(unroll_limit, "unroll-limit", I, "4096",                                \
    "largest number of copies of a loop body that unrolling may create")    \
  X(arch, "arch", S, "dav-c220", "target AI core architecture")            \
  X(verify, "verify", B, "1",                                               \
    "verify the IR and the claimed properties after every pass")           \
  X(double_buffer, "double-buffer", B, "1",                                 \
    "CCE: ping-pong buffers and overlapped pipes in streaming loops")        \
  X(jit_linear, "jit-linear", B, "1",                                       \
    "libgccjit back end: compile functions from their linear form")        \
  X(cce_linear, "cce-linear", B, "1",                                       \
    "CCE back end: select instructions from the kernels' linear form")     \
  X(report, "report", R, "",                                                \
    "CCE: per-kernel plans, counts, cycles, bounds, double buffering to "   \
    "stderr or FILE (JSON if FILE.json)")

typedef struct pto_options {
#define X(field, name, kind, def, help) PTO_OPTTYPE_##kind field;
#define PTO_OPTTYPE_B bool
#define PTO_OPTTYPE_I long
#define PTO_OPTTYPE_S const char *
#define PTO_OPTTYPE_R const char *
  PTO_OPTIONS(X)
#undef X
} pto_options;

/* Fill OPTS with the defaults.  */
void pto_options_init(pto_options *opts);
/* Set option KEY to VALUE (NULL when written without "=V": true for a
   bool).  Return 1 if KEY is not a pipeline option (the caller may know
   it), 0 on success, -1 after reporting a bad value through DIAG at LOC.
   String values are kept by pointer: they must outlive OPTS.  */
int pto_options_set(pto_options *opts, const char *key, const char *value,
                    pto_diag *diag, pto_loc loc);
/* Append "  NAME[=V]  help (default D)\n" lines for --help texts.  */
void pto_options_help(pto_buf *b, const char *prefix);

/* ------------------------------------------------------------------ */
/* Properties                                                         */
/* ------------------------------------------------------------------ */

/* Columns: enum suffix, name, verifier (returns the number of violations
   it reported through the sink).  */
#define PTO_PROPERTIES(X)                                                  \
  X(INLINED, "InlineFunctionsEliminated", pto_verify_inlined)              \
  X(UNROLLED, "UnrollResolved", pto_verify_unrolled)                       \
  X(LETS_INLINED, "LetsInlined", pto_verify_lets_inlined)                  \
  X(FOLDED, "ConstantsFolded", pto_verify_folded)

enum {
#define X(e, n, fn) PTO_PROPBIT_##e,
  PTO_PROPERTIES(X)
#undef X
  PTO_PROPBIT_COUNT
};
enum {
#define X(e, n, fn) PTO_PROP_##e = 1u << PTO_PROPBIT_##e,
  PTO_PROPERTIES(X)
#undef X
};

#define X(e, n, fn) int fn(const pto_program *p, pto_diag *diag);
PTO_PROPERTIES(X)
#undef X

/* Return the name of property bit BIT ("InlineFunctionsEliminated").  */
const char *pto_property_name(int bit);

/* ------------------------------------------------------------------ */
/* Passes                                                             */
/* ------------------------------------------------------------------ */

typedef struct pto_pass_ctx {
  pto_program *prog;
  pto_diag *diag;
  const pto_options *opts;
} pto_pass_ctx;

typedef struct pto_pass {
  const char *name;    /* short name: --passes=, dump=: "inline" */
  const char *title;   /* for traces: "InlineFunctions" */
  unsigned requires, produces, invalidates;  /* PTO_PROP_* */
  /* NULL, or returns false when the pass must not run for OPTS (it then
     leaves no trace line).  */
  bool (*gate)(const pto_options *opts);
  /* Transform CTX->prog.  Return 0 on success; otherwise errors have been
     reported and the pipeline stops.  */
  int (*run)(pto_pass_ctx *ctx);
} pto_pass;

/* Every pass, one line each: the symbol is pto_pass_NAME, defined in
   passes/NAME.c (or the file its row names in pipeline.c).  */
#define PTO_PASS_LIST(X) \
  X(inline)              \
  X(scalarize)           \
  X(unroll)              \
  X(let_inline)          \
  X(simplify)            \
  X(fold)                \
  X(decompose)           /* passes/late-decompose.c */

#define X(n) extern const pto_pass pto_pass_##n;
PTO_PASS_LIST(X)
#undef X

/* Look a pass up by its short name; NULL if there is none.  */
const pto_pass *pto_pass_lookup(const char *name, size_t len);
/* The default pipeline, NULL-terminated.  */
extern const pto_pass *const pto_default_pipeline[];
/* Append every pass name, comma separated, to B (for diagnostics).  */
void pto_pass_names(pto_buf *b);

/* ------------------------------------------------------------------ */
/* Pass manager (passes/manager.c)                                    */
/* ------------------------------------------------------------------ */

typedef struct pto_trace_entry {
  const char *name;
  double ms;
} pto_trace_entry;

typedef struct pto_pm {
  const pto_options *opts;
  pto_diag *diag;
  /* Dump after passes: NULL none, "all", or a comma list of pass names.
     DUMP is called with the pass, its 1-based position in the run, and
     the program; NULL prints to stderr.  */
  const char *dump_after;
  void (*dump)(void *ctx, const pto_pass *pass, int pos,
               const pto_program *p);
  void *dump_ctx;
  /* The passes that ran, in order, with their wall time.  */
  int ntrace, captrace;
  pto_trace_entry *trace;
} pto_pm;

void pto_pm_init(pto_pm *pm, const pto_options *opts, pto_diag *diag);
void pto_pm_fini(pto_pm *pm);
/* Return true iff NAME is an element of the comma-separated LIST.  */
bool pto_list_has(const char *list, const char *name);
/* Check that every name in LIST (comma separated) names a pass; report
   the first unknown one through DIAG and return false.  */
bool pto_pm_check_names(const char *list, pto_diag *diag);
/* Run the NULL-terminated PASSES over P.  Return 0 on success, non-zero
   once a pass, a requirement check or a verifier reported an error.  */
int pto_pm_run(pto_pm *pm, pto_program *p, const pto_pass *const *passes);
/* Print the trace as "pto: pass NAME  T ms" lines to OUT.  */
void pto_pm_print_trace(const pto_pm *pm, FILE *out);

/* ------------------------------------------------------------------ */
/* Expression folding and symbolic rewriting                          */
/* ------------------------------------------------------------------ */

/* fold.c: fold integer/boolean operations on constants in E (bottom-up,
   in place); return the possibly new root.  Undefined operations
   (division by zero, shifts out of range) stay.  */
pto_expr *pto_fold_expr(pto_program *p, pto_expr *e);

/* rewrite.c (seed 004 symbolic rules; issue 7): value ranges and the
   table-driven rewrite engine.  A range environment maps variables to
   inclusive integer bounds (loop indices, facts from binds).  */
typedef struct pto_range {
  int64_t lo, hi;      /* inclusive; valid only when known */
  bool known;
} pto_range;

typedef struct pto_range_env pto_range_env;

pto_range_env *pto_range_env_new(void);
void pto_range_env_free(pto_range_env *env);
/* Record LO <= V <= HI (replacing what was known about V).  */
void pto_range_env_set(pto_range_env *env, const pto_var *v, int64_t lo,
                       int64_t hi);
void pto_range_env_forget(pto_range_env *env, const pto_var *v);
/* The range of integer expression E under ENV (ENV may be NULL).  */
pto_range pto_expr_range(const pto_expr *e, const pto_range_env *env);
/* Simplify E to a fixed point with the symbolic rules under ENV (may be
   NULL); return the new root (E's nodes may be reused).  Never changes
   the value E computes for any assignment of its variables that ENV
   allows, and never removes a side effect.  */
pto_expr *pto_simplify_expr(pto_program *p, pto_expr *e,
                            const pto_range_env *env);

/* simplify.c: LetInline (when INLINE_LET) then Simplify on F alone, the
   seed-002 _Simplify(inline_let=True) entry for internal use; returns 0.  */
int pto_simplify_func(pto_program *p, pto_func *f, const pto_options *opts,
                      pto_diag *diag, bool inline_let);

/* ------------------------------------------------------------------ */
/* Helpers shared by passes (passes/walk.c)                           */
/* ------------------------------------------------------------------ */

/* Call FN on every statement of F (pre-order, nested blocks included).  */
void pto_walk_stmts(pto_func *f, void (*fn)(pto_stmt *s, void *ctx),
                    void *ctx);
/* Call FN on every expression tree root of S (not into nested blocks).  */
void pto_stmt_exprs(pto_stmt *s, void (*fn)(pto_expr **slot, void *ctx),
                    void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* PTO_PASSES_H */
