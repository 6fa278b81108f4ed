/* cce-host.c - the C translation unit of -fplugin-arg-pto-sim=cce
   (contract: object/cce-host.h).  */

#include "object/cce-host.h"

#include <string.h>

const char *const pto_cce_host_locals[] = {"__pto_cce_", NULL};

static bool
is_live_kernel(const pto_func *f)
{
  return !f->dead && f->kind == PTO_FN_KERNEL;
}

/* NAME as the body of a C string literal (file names may hold quotes or
   backslashes).  */
static void
put_c_string(pto_buf *b, const char *name)
{
  pto_buf_putc(b, '"');
  for (const char *c = name; *c; c++) {
    if (*c == '"' || *c == '\\')
      pto_buf_putc(b, '\\');
    pto_buf_putc(b, *c);
  }
  pto_buf_putc(b, '"');
}

static void
put_prologue(pto_buf *out, const pto_program *p)
{
  pto_buf_puts(out, "/* pto-gcc sim=cce: the unit's CCE compiled on the "
                    "host.  */\n"
                    "#ifndef __CCE_KT_TEST__\n"
                    "#define __CCE_KT_TEST__ 1\n"
                    "#endif\n"
                    "#include \"cce_sim.h\"\n"
                    "#include \"pto-rt.h\"\n");
  for (int i = 0; i < p->nfuncs; i++)
    if (is_live_kernel(p->funcs[i]))
      pto_buf_printf(out, "#define %s __pto_cce_k_%s\n"
                          "#define %s__sim __pto_cce_s_%s\n"
                          "#define %s__sim_aic __pto_cce_c_%s\n"
                          "#define %s__sim_aiv __pto_cce_v_%s\n"
                          "#define %s__sim_ws __pto_cce_w_%s\n",
                     p->funcs[i]->name, p->funcs[i]->name,
                     p->funcs[i]->name, p->funcs[i]->name,
                     p->funcs[i]->name, p->funcs[i]->name,
                     p->funcs[i]->name, p->funcs[i]->name,
                     p->funcs[i]->name, p->funcs[i]->name);
}

/* The trampoline and the kernel-table record of kernel F: a mix kernel
   (the CCE defines PTO_CCE_MIX_F, its workspace bytes per block) runs
   its blocks through __pto_rt_cce_mix_block.  */
static void
put_kernel_record(pto_buf *out, const pto_func *f, const char *arch)
{
  const char *k = f->name;
  pto_buf_printf(out, "#undef %s\n#undef %s__sim\n#undef %s__sim_aic\n"
                      "#undef %s__sim_aiv\n#undef %s__sim_ws\n", k, k, k, k,
                 k);
  pto_buf_printf(out,
                 "static void __pto_cce_b_%s(void *const *args, int "
                 "pto_idx, int pto_num)\n{\n"
                 "#ifdef PTO_CCE_MIX_%s\n"
                 "  __pto_rt_cce_mix_block(\"%s\", ",
                 k, k, k);
  put_c_string(out, arch);
  pto_buf_printf(out,
                 ", __pto_cce_c_%s, __pto_cce_v_%s, PTO_CCE_MIX_%s, args, "
                 "pto_idx, pto_num);\n"
                 "#else\n"
                 "  __pto_rt_cce_block(\"%s\", ", k, k, k, k);
  put_c_string(out, arch);
  pto_buf_printf(out,
                 ", __pto_cce_s_%s, args, pto_idx, pto_num);\n#endif\n}\n"
                 "static struct pto_rt_kernel __pto_cce_r_%s\n"
                 "  __attribute__((used, section(\"pto_kernels\"), "
                 "aligned(sizeof(void *)))) =\n"
                 "  { PTO_RT_KERNEL_MAGIC, \"%s\", __pto_cce_b_%s, %d };\n",
                 k, k, k, k, f->nparams);
}

static void
put_registration(pto_buf *out)
{
  pto_buf_puts(out,
               "extern const char __start_pto_kernels[] "
               "__attribute__((visibility(\"hidden\")));\n"
               "extern const char __stop_pto_kernels[] "
               "__attribute__((visibility(\"hidden\")));\n"
               "__attribute__((constructor)) static void "
               "__pto_cce_register(void)\n{\n"
               "  __pto_rt_register_table(__start_pto_kernels, "
               "__stop_pto_kernels);\n}\n");
}

void
pto_cce_host_source(const pto_program *p, const char *arch, const char *name,
                    const char *text, size_t len, pto_buf *out)
{
  put_prologue(out, p);
  pto_buf_puts(out, "#line 1 ");
  put_c_string(out, name);
  pto_buf_putc(out, '\n');
  for (size_t i = 0; i < len; i++)
    pto_buf_putc(out, text[i]);
  if (len && text[len - 1] != '\n')
    pto_buf_putc(out, '\n');
  pto_buf_puts(out, "#line 1 \"<pto-gcc sim=cce>\"\n");
  for (int i = 0; i < p->nfuncs; i++)
    if (is_live_kernel(p->funcs[i]))
      put_kernel_record(out, p->funcs[i], arch);
  put_registration(out);
}
