/* table-calls.c - one call per row, arch and element type of the CCE
   checker's intrinsic table (backend/cce/check-table.c), for
   testsuite/cce-check/table.sh to compile against runtime/cce-api.h:
   the table must say exactly what the header declares.

   Usage: table-calls ARCH OUT.cce OUT.expect.  OUT.cce has one call per
   line (each in a function of its own); OUT.expect one line per call:
   "LINE ok|fail WHAT", ok when the table accepts that call on ARCH.  */

#include "backend/cce/check-internal.h"

#include <stdio.h>
#include <string.h>

typedef struct gen {
  FILE *cce, *exp;
  const pto_arch *arch;
  int line;
} gen;

static const int universe[] = { DT_F16, DT_F32, DT_S8, DT_S16, DT_U16, DT_S32,
                                DT_U32 };

/* The argument of scalar position I of IN called with N arguments.  */
static const char *
scalar_arg(const ccx_intrin *in, int i, int n, const char *tname, char *buf,
           size_t len)
{
  const char *nm = in->name;
  if (in->form == F_SET_FLAG || in->form == F_WAIT_FLAG)
    return i == 0 ? "PIPE_V" : i == 1 ? "PIPE_MTE3" : "EVENT_ID0";
  if (in->form == F_BARRIER)
    return "PIPE_V";
  if (!strcmp(nm, "ffts_cross_core_sync") && i == 0)
    return "PIPE_FIX";
  if ((!strcmp(nm, "vcmax") || !strcmp(nm, "vcmin")) && n == 7 && i == 6)
    return "ONLY_VALUE";
  if (!strcmp(nm, "copy_gm_to_cbuf") && i == 7)
    return "PAD_NONE";
  if (in->form == F_L0LOAD && i == 8)
    return "inc";
  if ((in->form == F_CC2UB || !strcmp(nm, "copy_matrix_ubuf_to_cc"))
      && i == 7)
    return "CRMODE_NONE";
  if ((!strcmp(nm, "copy_matrix_cc_to_gm")
       || !strcmp(nm, "copy_matrix_cc_to_cbuf")) && i == 8)
    return "NoQuant";
  if ((in->form == F_VDUP && i == 1)
      || ((in->form == F_VSCAL || in->form == F_VCMPVS) && i == 2)) {
    snprintf(buf, len, "(%s)0", tname);
    return buf;
  }
  if (!strcmp(nm, "create_cbuf_matrix") && i == 2)
    return "(half)0";
  return "(uint8_t)0";
}

/* The pointer type for argument I (space letter L) of IN.  */
static const char *
pointer_type(const ccx_intrin *in, int i, char l, const char *tname,
             char *buf, size_t len)
{
  const char *sp = l == 'G' ? "__gm__" : l == 'U' ? "__ubuf__"
                   : l == '1' ? "__cbuf__" : l == 'A' ? "__ca__"
                   : l == 'B' ? "__cb__" : l == 'F' ? "__fbuf__" : "__cc__";
  const char *t = tname;
  if (in->form == F_VCONV)
    t = ccx_dt_name(i == 0 ? in->dst_dt : in->src_dt);
  else if ((in->form == F_VCMPV || in->form == F_VCMPVS) && i == 0)
    t = "uint8_t";
  else if (!strcmp(in->name, "copy_cbuf_to_fbuf"))
    t = "void";
  else if (!in->dts)
    t = l == 'C' || (in->form == F_CC2UB && l == 'U')
        || !strcmp(in->name, "copy_matrix_cbuf_to_cc")
        || !strcmp(in->name, "copy_matrix_ubuf_to_cc") ? "float" : "half";
  snprintf(buf, len, "(%s %s *)0", sp, t);
  return buf;
}

static void
emit_call(gen *g, const ccx_intrin *in, int n, int dt, int expect_ok)
{
  const char *tname = dt ? ccx_dt_name(dt) : "half";
  char bufs[16][64];
  g->line++;
  fprintf(g->cce, "void t%d() { %s(", g->line, in->name);
  for (int i = 0; i < n; i++) {
    char l = i < (int)strlen(in->spaces) ? in->spaces[i] : '.';
    const char *a = l == '.' ? scalar_arg(in, i, n, tname, bufs[i % 16], 64)
                             : pointer_type(in, i, l, tname, bufs[i % 16], 64);
    fprintf(g->cce, "%s%s", i ? ", " : "", a);
  }
  fprintf(g->cce, "); }\n");
  fprintf(g->exp, "%d %s %s/%d/%s\n", g->line, expect_ok ? "ok" : "fail",
          in->name, n, dt ? tname : "-");
}

static void
row(void *ctx, const ccx_intrin *in)
{
  gen *g = ctx;
  unsigned mine = ccx_intrin_nargs(in, g->arch);
  pto_arch other = *g->arch;
  other.name = ccx_arch_bit(g->arch) == ARCH_M200 ? "dav-c220" : "dav-m200";
  unsigned theirs = ccx_intrin_nargs(in, &other);
  int typed = in->dts && in->form != F_VCONV;
  for (int n = 0; n < 32; n++) {
    if (!((mine | theirs) >> n & 1))
      continue;
    int here = mine >> n & 1;
    if (!typed) {
      emit_call(g, in, n, 0, here);
      continue;
    }
    for (size_t d = 0; d < sizeof universe / sizeof universe[0]; d++)
      emit_call(g, in, n, universe[d],
                here && (ccx_intrin_dts(in, g->arch) & DTM(universe[d])));
  }
}

int
main(int argc, char **argv)
{
  if (argc != 4) {
    fprintf(stderr, "usage: table-calls ARCH OUT.cce OUT.expect\n");
    return 2;
  }
  gen g = { fopen(argv[2], "w"), fopen(argv[3], "w"), pto_arch_lookup(argv[1]), 0 };
  if (!g.cce || !g.exp || !g.arch) {
    fprintf(stderr, "table-calls: cannot start\n");
    return 2;
  }
  ccx_intrin_each(row, &g);
  return fclose(g.cce) | fclose(g.exp) ? 2 : 0;
}
