/* pto-plugin.cc - the GCC plugin entry point of pto-gcc.

   Purpose: loaded into cc1 with -fplugin=pto.so.  Checks that it runs
   inside the GCC release it was built for, parses the plugin arguments
   into the C core's pto_options, and hands over to the front end
   (frontend/frontend.h), which registers the DSL's attributes and
   captures its functions at PLUGIN_PRE_GENERICIZE.  Besides frontend/,
   this is the only file that includes GCC headers (C++); everything else
   is the C11 core behind ir/ir.h and passes/passes.h.  A translation unit
   without DSL code compiles to the same object as without the plugin.

   Options (-fplugin-arg-pto-NAME[=VALUE]; `gcc -fplugin=pto.so
   -fplugin-arg-pto-help -c x.c' prints this list with defaults):
     pipeline options   every row of PTO_OPTIONS in passes/passes.h
                        (force-let-inline, simplify-let-inline,
                        unroll-limit=N, arch=NAME, verify), parsed by the
                        core's pto_options_set exactly as pto-opt does
     dump=LIST          dump the IR after the passes in LIST (comma
                        separated pass names and `capture', or `all')
     trace              print the passes that ran, with their time
     sim=jit|cce        how kernels are simulated on the host: by the
                        libgccjit build of the pipeline's output (jit,
                        the default) or from the unit's CCE compiled as C
                        against cce_sim.h (cce; plugin/cce-sim.cc)
     emit=cce|pto-isa   device code: the CCE (AUXBASE.cce, the default),
                        or also the kernels as PTO-ISA C++
                        (AUXBASE.pto.cpp, backend/ptoisa/ptoisa.h)
     help               print the options on stderr
   An unknown option or a bad value is a GCC error (no source location
   exists yet when the plugin is initialised), so the compile fails.

   How to debug:
     gcc -fplugin=$PWD/plugin/.libs/pto.so -fplugin-arg-pto-help -c x.c
     gcc -fplugin=... -c x.c -wrapper gdb,--args   (gdb on cc1; then
         `break plugin_init' after the shared library is loaded)
     GC stress: add --param ggc-min-expand=0 --param ggc-min-heapsize=0.
   Never write to stdout here: under -pipe it is the assembler's input.  */

#include "frontend/gcc-compat.h"
#include "diagnostic-core.h"

#include <stdio.h>
#include <string.h>

#include "passes/passes.h"
#include "frontend/frontend.h"
#include "plugin/backends.h"
#include "plugin/diag-bridge.h"

#ifndef PTO_VERSION
#define PTO_VERSION "unknown"
#endif

/* The plugin is built with -fvisibility=hidden; these two symbols are the
   whole interface GCC looks up.  */
#define PTO_EXPORT __attribute__ ((visibility ("default")))

PTO_EXPORT int plugin_is_GPL_compatible;

/* ------------------------------------------------------------------ */
/* Plugin information                                                 */
/* ------------------------------------------------------------------ */

/* Options of the plugin itself (the pipeline options come from
   PTO_OPTIONS).  NAME is what follows -fplugin-arg-pto-.  */
struct plugin_option
{
  const char *name;
  const char *help;
};

static const plugin_option plugin_options[] = {
  { "dump=LIST", "dump the IR after the passes in LIST (comma separated "
		 "pass names and capture, or all)" },
  { "trace", "print the passes that ran, with their time, on stderr" },
  { "sim=jit|cce", "simulate kernels on the host with libgccjit (jit, "
		   "the default) or from the emitted CCE text (cce)" },
  { "emit=cce|pto-isa", "device code: the CCE (AUXBASE.cce, the default), "
			"or also the kernels as PTO-ISA C++ (AUXBASE.pto.cpp)" },
  { "help", "print this list on stderr" },
};

/* Everything the plugin keeps for the whole compilation.  One instance
   per cc1 process; the C core itself keeps no global state.  */
struct plugin_state
{
  pto_options opts;		/* pipeline options */
  const char *dump_after;	/* NULL, "all" or a list of pass names */
  bool trace;
  bool sim_cce;			/* -fplugin-arg-pto-sim=cce */
  bool print_help;
};

static plugin_state state;

/* PLUGIN_INFO: shown by `gcc -fplugin=pto.so --help -v'.  The help text
   is built in plugin_init (it lists the pipeline options).  */
static plugin_info pto_plugin_info = { PTO_VERSION, NULL };

/* ------------------------------------------------------------------ */
/* Options                                                            */
/* ------------------------------------------------------------------ */

/* Return the help text listing every option, "-fplugin-arg-pto-" form,
   one per line.  Built once; lives as long as cc1.  */
static const char *
build_help_text (void)
{
  pto_buf b = { NULL, 0, 0 };
  pto_options_help (&b, "-fplugin-arg-pto-");
  for (const plugin_option &o : plugin_options)
    pto_buf_printf (&b, "  -fplugin-arg-pto-%s  %s\n", o.name, o.help);
  return b.s;
}

/* Append the names of every valid option, comma separated, to B (for the
   note after an unknown option).  */
static void
list_option_names (pto_buf *b)
{
#define X(field, name, kind, def, help) pto_buf_printf (b, "%s, ", name);
  PTO_OPTIONS (X)
#undef X
  for (size_t i = 0; i < sizeof plugin_options / sizeof plugin_options[0];
       i++)
    {
      const char *name = plugin_options[i].name;
      size_t len = strcspn (name, "=");
      pto_buf_printf (b, "%.*s%s", (int) len, name,
		      i + 1 < sizeof plugin_options / sizeof plugin_options[0]
		      ? ", " : "");
    }
}

/* Parse a boolean flag VALUE of option KEY (NULL means true).  Return
   false after reporting a GCC error for anything but NULL, 0 or 1.  */
static bool
parse_flag (const char *base, const char *key, const char *value, bool *out)
{
  if (value == NULL || !strcmp (value, "1"))
    *out = true;
  else if (!strcmp (value, "0"))
    *out = false;
  else
    {
      error ("pto: bad value %qs for %<-fplugin-arg-%s-%s%>: expected "
	     "%<0%> or %<1%>", value, base, key);
      return false;
    }
  return true;
}

/* Handle one of the plugin's own options.  Return 1 if KEY is not one of
   them, 0 when it was handled, -1 after reporting an error.  */
static int
set_plugin_option (const char *base, const char *key, const char *value,
		   pto_diag *diag)
{
  if (!strcmp (key, "dump"))
    {
      if (value == NULL || value[0] == '\0')
	{
	  error ("pto: %<-fplugin-arg-%s-dump%> needs a value: a comma "
		 "separated list of passes, or %<all%>", base);
	  return -1;
	}
      /* Pass names, "capture" (the front end's dump) or "all".  */
      if (!pto_frontend_check_dump (value, diag))
	return -1;
      state.dump_after = value;
      return 0;
    }
  if (!strcmp (key, "trace"))
    return parse_flag (base, key, value, &state.trace) ? 0 : -1;
  if (!strcmp (key, "sim"))
    {
      if (value && !strcmp (value, "jit"))
	state.sim_cce = false;
      else if (value && !strcmp (value, "cce"))
	state.sim_cce = true;
      else
	{
	  error ("pto: bad value %qs for %<-fplugin-arg-%s-sim%>: expected "
		 "%<jit%> or %<cce%>", value ? value : "", base);
	  return -1;
	}
      return 0;
    }
  if (!strcmp (key, "emit"))
    {
      if (value && (!strcmp (value, "cce") || !strcmp (value, "pto-isa")))
	pto_backends_emit_ptoisa (!strcmp (value, "pto-isa"));
      else
	{
	  error ("pto: bad value %qs for %<-fplugin-arg-%s-emit%>: expected "
		 "%<cce%> or %<pto-isa%>", value ? value : "", base);
	  return -1;
	}
      return 0;
    }
  if (!strcmp (key, "help"))
    return parse_flag (base, key, value, &state.print_help) ? 0 : -1;
  return 1;
}

/* Parse every -fplugin-arg-BASE-KEY[=VALUE] of INFO into STATE: pipeline
   options through the core, then the plugin's own.  Each unknown option
   or bad value is a GCC error; return the number of errors.  */
static int
parse_arguments (const plugin_name_args *info)
{
  pto_diag diag;
  int errors = 0;

  pto_gcc_diag_init (&diag, "pto: ");
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = info->argv[i].value;
      int r = pto_options_set (&state.opts, key, value, &diag, pto_noloc);

      if (r == 1)
	r = set_plugin_option (info->base_name, key, value, &diag);
      if (r == 1)
	{
	  pto_buf names = { NULL, 0, 0 };
	  list_option_names (&names);
	  error ("pto: unknown option %<-fplugin-arg-%s-%s%>",
		 info->base_name, key);
	  inform (UNKNOWN_LOCATION, "pto: valid options are: %s "
		  "(%<-fplugin-arg-%s-help%> describes them)", names.s,
		  info->base_name);
	  pto_buf_free (&names);
	}
      if (r != 0)
	errors++;
    }
  return errors;
}

/* ------------------------------------------------------------------ */
/* Callbacks                                                          */
/* ------------------------------------------------------------------ */

/* Register the plugin's callbacks under NAME.  */
static void
register_callbacks (const char *name)
{
  register_callback (name, PLUGIN_INFO, NULL, &pto_plugin_info);
  /* The front end registers the pto_* attributes and captures each
     PTO_KERNEL, PTO_HOST and PTO_INLINE function into the IR at
     PLUGIN_PRE_GENERICIZE (frontend/frontend.h).  It reads the options
     through these pointers when its callbacks run, after parsing.  */
  pto_frontend_init (name, &state.opts, &state.dump_after, &state.trace,
		     &state.sim_cce);
  /* The pto_launch rewrite of ordinary C code (frontend/launch.cc).  The
     back ends run from the unit's own callbacks (plugin/backends.h).  */
  pto_launch_rewrite_init (name);
}

/* ------------------------------------------------------------------ */
/* Entry point                                                        */
/* ------------------------------------------------------------------ */

/* Called by GCC once, after loading pto.so.  Return 0 on success; a
   non-zero return makes GCC stop with "failed to initialize plugin".  */
PTO_EXPORT int
plugin_init (plugin_name_args *info, plugin_gcc_version *version)
{
  /* Loaded into another GCC release (gcc-11 given the GCC 12 plugin):
     say so in one line and do nothing else.  The error alone fails the
     compilation; returning non-zero would add GCC's second, vaguer
     "failed to initialize plugin" line.  Nothing here depends on the
     layouts of GCC's own structures beyond plugin_gcc_version, which is
     the same in every release.  */
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("pto: this %qs was built for GCC %s (%s) but is loaded into "
	     "GCC %s (%s); rebuild pto-gcc with this compiler",
	     info->full_name, gcc_version.basever, gcc_version.datestamp,
	     version->basever, version->datestamp);
      return 0;
    }

  /* -fplugin given at an -flto link also loads us into lto1, which has
     no C front end.  Nothing to do there (notes/gcc-plugin.md section 7);
     the options were checked when the objects were compiled.  */
  if (!strcmp (progname, "lto1"))
    return 0;

  pto_options_init (&state.opts);
  pto_plugin_info.help = build_help_text ();
  register_callbacks (info->base_name);

  parse_arguments (info);
  if (state.print_help)
    fprintf (stderr, "pto-gcc %s plugin options:\n%s", PTO_VERSION,
	     pto_plugin_info.help);
  /* Errors are already reported; returning non-zero would only add a
     second, vaguer "failed to initialize plugin" message.  */
  return 0;
}
