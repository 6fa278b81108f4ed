/* options.h - the options shared by the plugin and pto-opt.

   One table, PTO_OPTIONS, gives every option its field, name, kind,
   default and help text; ir/options.c parses and validates the values,
   so the plugin (-fplugin-arg-pto-NAME[=V]) and pto-opt (--NAME[=V])
   report the same errors.  The options live with the IR because every
   stage reads them: the passes, both back ends and the driver.  */

#ifndef PTO_OPTIONS_H
#define PTO_OPTIONS_H

#include "ir/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Options shared by the plugin (-fplugin-arg-pto-NAME[=V]) and pto-opt
   (--NAME[=V]).  Columns: field, name, kind (B bool 0|1, I integer,
   S string, R optional string: a bare NAME means "-", an empty default
   leaves it NULL), default, help.  */
#define PTO_OPTIONS(X)                                                      \
  X(force_let_inline, "force-let-inline", B, "0",                           \
    "run the eager LetInline pass first (TileLang tl.force_let_inline)")     \
  X(simplify_let_inline, "simplify-let-inline", B, "1",                     \
    "let Simplify inline binds (TileLang enable_simplify_let_inline)")       \
  X(unroll_limit, "unroll-limit", I, "4096",                                \
    "largest number of copies of a loop body that unrolling may create")    \
  X(arch, "arch", S, "dav-c220", "target AI core architecture")            \
  X(verify, "verify", B, "1",                                               \
    "verify the IR and the claimed properties after every pass")           \
  X(double_buffer, "double-buffer", B, "1",                                 \
    "CCE: ping-pong buffers and overlapped pipes in streaming loops, two "  \
    "L1 regions for matmul operands loaded in loops")                      \
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

#ifdef __cplusplus
}
#endif

#endif /* PTO_OPTIONS_H */
