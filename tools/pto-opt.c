/* pto-opt - run pto-gcc passes over textual IR, without GCC.

   Usage: pto-opt [OPTION...] FILE|-
     --passes=A,B        run these passes, in this order
     --pipeline=default  run the default pipeline
     --dump-after=P|all  print the IR to stderr after pass P (a comma list)
     --trace             print the passes that ran, with times, to stderr
     --print-locs        print locations in the output
     --emit-cce=FILE     after the passes, write the kernels as CCE to FILE
     --emit-pto-isa=FILE after the passes, write the kernels as PTO-ISA C++
                         to FILE (backend/ptoisa/ptoisa.h)
     --simplify-exprs    FILE is an expression corpus (rewrite/rewrite.h)
     --linearize[=M,..]  print the linear form of each function instead
                         (ir/linear/linear.h); M: predicated, keys, built,
                         graph
     --NAME[=V]          a pipeline option (see --help)
   Reads FILE (or standard input for "-"), prints the resulting IR on
   standard output.  Errors go to standard error as
   "file:line:col: error: message"; any error, a usage error included,
   gives exit status 1.  */

#ifdef HAVE_CONFIG_H
#include "pto-config.h"
#endif

#include "backend/cce/cce.h"
#include "backend/ptoisa/ptoisa.h"
#include "ir/linear/linear.h"
#include "passes/passes.h"
#include "rewrite/rewrite.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "dev"
#endif

typedef struct cmdline {
  const char *file;
  const char *passes;     /* NULL: none; "default": the pipeline */
  const char *dump_after;
  const char *emit_cce;   /* --emit-cce=FILE */
  const char *emit_ptoisa;  /* --emit-pto-isa=FILE */
  bool trace;
  bool simplify_exprs;    /* --simplify-exprs: the expression corpus mode */
  const char *linearize;  /* --linearize[=MODES]: "" or a comma list */
  unsigned print_flags;
  pto_options opts;
} cmdline;

static void
usage(FILE *out)
{
  pto_buf b = {0};
  pto_options_help(&b, "--");
  pto_buf names = {0};
  pto_pass_names(&names);
  fprintf(out,
          "Usage: pto-opt [OPTION...] FILE|-\n"
          "Run pto-gcc passes over textual IR and print the result.\n\n"
          "  --passes=A,B        run these passes in order (%s)\n"
          "  --pipeline=default  run the default pipeline\n"
          "  --dump-after=P|all  print the IR to stderr after pass P\n"
          "  --trace             print the passes that ran, with times\n"
          "  --print-locs        print locations in the output\n"
          "  --simplify-exprs    FILE is an expression corpus: print each\n"
          "                      expression simplified, and the time taken\n"
          "  --emit-cce=FILE     write the kernels as CCE to FILE\n"
          "  --emit-pto-isa=FILE write the kernels as PTO-ISA C++ to FILE\n"
          "  --linearize[=M,..]  print the linear form of every function\n"
          "                      instead of the IR; M: predicated (target\n"
          "                      has predicated stores), keys (run count\n"
          "                      and priority columns), built (the graph\n"
          "                      as built), graph (the graph with its\n"
          "                      control-flow edges, before stage 21)\n"
          "  --help, --version\n\n"
          "Pipeline options:\n%s",
          names.s, b.s);
  pto_buf_free(&b);
  pto_buf_free(&names);
}

/* Read all of F into a heap buffer; return NULL on a read error.  */
static char *
read_all(FILE *f, size_t *len)
{
  size_t cap = 1 << 16, n = 0;
  char *s = pto_xmalloc(cap);
  for (;;) {
    n += fread(s + n, 1, cap - n, f);
    if (n < cap)
      break;
    cap *= 2;
    s = pto_xrealloc(s, cap);
  }
  if (ferror(f)) {
    free(s);
    return NULL;
  }
  *len = n;
  return s;
}

/* Handle one "--KEY[=VALUE]" argument; return false on a usage error.  */
static bool
parse_flag(cmdline *c, const char *arg, pto_diag *diag)
{
  const char *eq = strchr(arg, '=');
  size_t klen = eq ? (size_t)(eq - arg) : strlen(arg);
  const char *val = eq ? eq + 1 : NULL;
  char key[64];
  if (klen >= sizeof key)
    klen = sizeof key - 1;
  memcpy(key, arg, klen);
  key[klen] = 0;
  if (!strcmp(key, "passes") && val) {
    c->passes = val;
    return pto_pm_check_names(val, diag);
  }
  if (!strcmp(key, "pipeline") && val) {
    if (strcmp(val, "default")) {
      pto_error(diag, pto_noloc, "unknown pipeline '%s' (only 'default')",
                val);
      return false;
    }
    c->passes = "default";
    return true;
  }
  if (!strcmp(key, "dump-after") && val) {
    c->dump_after = val;
    return pto_pm_check_names(val, diag);
  }
  if (!strcmp(key, "emit-cce") && val && *val) {
    c->emit_cce = val;
    return true;
  }
  if (!strcmp(key, "emit-pto-isa") && val && *val) {
    c->emit_ptoisa = val;
    return true;
  }
  if (!strcmp(key, "linearize")) {
    c->linearize = val ? val : "";
    const char *m = c->linearize;
    for (const char *w = m; *w;) {
      const char *e = strchr(w, ',');
      size_t n = e ? (size_t)(e - w) : strlen(w);
      if (!((n == 10 && !strncmp(w, "predicated", n))
            || (n == 4 && !strncmp(w, "keys", n))
            || (n == 5 && !strncmp(w, "built", n))
            || (n == 5 && !strncmp(w, "graph", n)))) {
        pto_error(diag, pto_noloc, "unknown --linearize mode '%.*s' "
                  "(predicated, keys, built, graph)", (int)n, w);
        return false;
      }
      w = e ? e + 1 : w + n;
    }
    return true;
  }
  if (!strcmp(key, "trace") && !val)
    return c->trace = true;
  if (!strcmp(key, "simplify-exprs") && !val)
    return c->simplify_exprs = true;
  if (!strcmp(key, "print-locs") && !val) {
    c->print_flags |= PTO_PRINT_LOCS;
    return true;
  }
  int rc = pto_options_set(&c->opts, key, val, diag, pto_noloc);
  if (rc == 1)
    pto_error(diag, pto_noloc, "unknown option '--%s' (try --help)", arg);
  return rc == 0;
}

/* Parse argv into C; return 0, or the exit status to use now.  */
static int
parse_args(cmdline *c, int argc, char **argv, pto_diag *diag)
{
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help")) {
      usage(stdout);
      exit(0);
    } else if (!strcmp(a, "--version")) {
      printf("pto-opt (pto-gcc) %s\n", PACKAGE_VERSION);
      exit(0);
    } else if (a[0] == '-' && a[1] == '-') {
      if (!parse_flag(c, a + 2, diag))
        return 1;
    } else if (c->file) {
      pto_error(diag, pto_noloc, "more than one input file ('%s', '%s')",
                c->file, a);
      return 1;
    } else {
      c->file = a;
    }
  }
  if (!c->file) {
    pto_error(diag, pto_noloc, "no input file (use '-' for stdin)");
    return 1;
  }
  return 0;
}

/* Build the NULL-terminated pass list for SPEC ("default" or A,B,...).  */
static const pto_pass **
pass_list(const char *spec)
{
  if (!strcmp(spec, "default"))
    return (const pto_pass **)pto_default_pipeline;
  size_t n = 1;
  for (const char *s = spec; *s; s++)
    n += *s == ',';
  const pto_pass **v = pto_xcalloc(n + 1, sizeof *v);
  size_t i = 0;
  for (const char *s = spec;; i++) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    v[i] = pto_pass_lookup(s, len);
    if (!e)
      break;
    s = e + 1;
  }
  return v;
}

/* Write the output of back end BE for P (the "cce" or "pto-isa" back
   end, through the interface of ir/backend.h; no host object) to PATH
   through a temporary file renamed into place, so PATH is never left
   half written; 0 on success.  */
static int
write_backend(const pto_backend *be, const char *path, const pto_program *p,
              const pto_options *opts, pto_diag *diag)
{
  pto_buf text = {0};
  pto_backend_unit unit = {opts, NULL};
  if (be->emit(p, &unit, diag, &text)) {
    pto_buf_free(&text);
    return 1;
  }
  size_t n = strlen(path) + 8;
  char *tmp = pto_xmalloc(n);
  snprintf(tmp, n, "%s.tmp", path);
  remove(tmp);
  FILE *f = fopen(tmp, "wbx");
  bool ok = f && fwrite(text.s, 1, text.len, f) == text.len;
  ok = f && fclose(f) == 0 && ok;
  if (ok && rename(tmp, path) != 0)
    ok = false;
  if (!ok) {
    pto_error(diag, pto_noloc, "cannot write '%s': %s", path, strerror(errno));
    remove(tmp);
  }
  free(tmp);
  pto_buf_free(&text);
  return ok ? 0 : 1;
}

/* Print the linear form of every live non-inline function of P
   (--linearize=MODES); return the exit status.  */
static int
print_linear(const pto_program *p, const char *modes, pto_diag *diag)
{
  pto_lin_opts o;
  pto_lin_opts_init(&o);
  o.predicated_stores = pto_list_has(modes, "predicated");
  o.all_shapes = true;
  bool graph = pto_list_has(modes, "graph");
  bool built = pto_list_has(modes, "built");
  unsigned flags = pto_list_has(modes, "keys") ? PTO_LIN_PRINT_KEYS : 0;
  pto_buf b = {0};
  int status = 0;
  for (int i = 0; i < p->nfuncs; i++) {
    const pto_func *f = p->funcs[i];
    if (f->dead || f->kind == PTO_FN_INLINE)
      continue;
    pto_lin_fn *fn = pto_lin_build(f, &o, diag);
    if (!fn) {
      status = 1;
      continue;
    }
    if (built)
      pto_lin_print_graph(&b, fn);
    pto_lin_split_ends(fn);
    pto_lin_control_flow(fn);
    if (graph)
      pto_lin_print_graph(&b, fn);
    pto_lin_linearize(fn);
    pto_lin_cleanup(fn, &o);
    pto_buf why = {0};
    if (!pto_lin_check(fn, &why))
      pto_ice("linearize: bad linear list for '%s': %s", f->name, why.s);
    if (!graph && !built)
      pto_lin_print(&b, fn, flags);
    pto_lin_fn_free(fn);
  }
  if (status == 0 && b.len)
    fwrite(b.s, 1, b.len, stdout);
  pto_buf_free(&b);
  return status;
}

/* Parse, transform and print; return the exit status.  */
static int
run(cmdline *c, pto_diag *diag)
{
  bool is_stdin = !strcmp(c->file, "-");
  FILE *in = is_stdin ? stdin : fopen(c->file, "rb");
  if (!in) {
    pto_error(diag, pto_noloc, "cannot open '%s': %s", c->file,
              strerror(errno));
    return 1;
  }
  size_t len = 0;
  char *text = read_all(in, &len);
  if (!is_stdin)
    fclose(in);
  if (!text) {
    pto_error(diag, pto_noloc, "cannot read '%s'", c->file);
    return 1;
  }
  pto_program *p = pto_parse(is_stdin ? "<stdin>" : c->file, text, len,
                             diag);
  free(text);
  if (!p)
    return 1;
  int status = 0;
  if (c->passes) {
    pto_pm pm;
    pto_pm_init(&pm, &c->opts, diag);
    pm.dump_after = c->dump_after;
    const pto_pass **list = pass_list(c->passes);
    status = pto_pm_run(&pm, p, list) ? 1 : 0;
    if (c->trace)
      pto_pm_print_trace(&pm, stderr);
    if (list != (const pto_pass **)pto_default_pipeline)
      free(list);
    pto_pm_fini(&pm);
  }
  if (status == 0 && c->emit_cce)
    status = write_backend(&pto_cce_backend, c->emit_cce, p, &c->opts, diag);
  if (status == 0 && c->emit_ptoisa)
    status = write_backend(&pto_ptoisa_backend, c->emit_ptoisa, p, &c->opts,
                           diag);
  if (status == 0 && c->linearize)
    status = print_linear(p, c->linearize, diag);
  else if (status == 0)
    pto_fprint_program(stdout, p, c->print_flags);
  pto_program_free(p);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    pto_error(diag, pto_noloc, "error writing the output");
    return 1;
  }
  return status;
}

int
main(int argc, char **argv)
{
  cmdline c = {0};
  pto_diag diag;
  pto_diag_init(&diag);
  pto_options_init(&c.opts);
  int status = parse_args(&c, argc, argv, &diag);
  if (status)
    return status;
  if (c.simplify_exprs)
    return pto_opt_simplify_exprs(c.file, &diag);
  status = run(&c, &diag);
  return status ? status : diag.errors ? 1 : 0;
}
