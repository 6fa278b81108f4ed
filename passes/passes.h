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
#include "ir/options.h"
#include "ir/walk.h"
#include "ir/fold-expr.h"
#include "rewrite/symbolic.h"

#ifdef __cplusplus
extern "C" {
#endif

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
   the file of passes/ named after the pass (doc/architecture.md):
   inline-functions.c, expand-tile-ops.c, scalarize.c, unroll-loops.c,
   let-inline.c, simplify.c, fold.c, late-decompose.c.  */
#define PTO_PASS_LIST(X) \
  X(inline)              \
  X(expand)              \
  X(scalarize)           \
  X(unroll)              \
  X(let_inline)          \
  X(simplify)            \
  X(fold)                \
  X(decompose)

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
/* Simplify                                                           */
/* ------------------------------------------------------------------ */

/* simplify.c: LetInline (when INLINE_LET) then Simplify on F alone, the
   seed-002 _Simplify(inline_let=True) entry for internal use; returns 0.  */
int pto_simplify_func(pto_program *p, pto_func *f, const pto_options *opts,
                      pto_diag *diag, bool inline_let);

#ifdef __cplusplus
}
#endif

#endif /* PTO_PASSES_H */
