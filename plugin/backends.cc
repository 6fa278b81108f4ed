/* backends.cc - the driver's back-end table: after the pass pipeline,
   each enabled back end compiles the unit through the interface of
   ir/backend.h, and its output goes where it belongs.  Contract:
   plugin/backends.h.

   A row of the table says, for one back end: its name; its phase; how to
   get it (linked into pto.so, or loaded from its module on first use);
   whether the unit has work for it (a unit without any never loads the
   back end's module); the sink of its diagnostics; what the driver
   prepares before the call (the unit's symbol renames); and what happens
   to its output.  The driver describes the host object once per run
   (pointer width, -O level, -m options, sim=cce) and gives every back
   end the same pto_backend_unit.  A back end that fails (or leaves an
   error behind) stops the rest of its phase; its output is dropped.  */

#include "frontend/gcc-compat.h"
#include "tree.h"
#include "cgraph.h"
#include "diagnostic-core.h"
#include "toplev.h"
#include "opts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/cce/cce.h"
#include "backend/cce/check.h"
#include "backend/ptoisa/ptoisa.h"
#include "ir/arch.h"
#include "object/cce-section.h"
#include "plugin/backends.h"
#include "plugin/cce-sim.h"
#include "plugin/diag-bridge.h"
#include "plugin/jit-bridge.h"
#include "plugin/output.h"

static bool sim_cce;		/* -fplugin-arg-pto-sim=cce */
static bool emit_ptoisa;	/* -fplugin-arg-pto-emit=pto-isa */
static pto_unit_cce unit_cce;	/* text NULL until written */
static pto_unit_cce unit_ptoisa;	/* the PTO-ISA C++; text NULL until written */
static int cce_sorries;		/* the CCE back end's sorries so far */
static auto_vec<const char *> host_flags;	/* the -m options */

/* Does P have a live function of kind KIND?  */
static bool
has_func_kind (const pto_program *p, pto_func_kind kind)
{
  for (int i = 0; i < p->nfuncs; i++)
    if (!p->funcs[i]->dead && p->funcs[i]->kind == kind)
      return true;
  return false;
}

/* Fill T from cc1's options: pointer width, -O level, the -m options
   (pointing into GCC's option table), sim=cce.  No renames: the rows
   that need them add them (plugin/jit-bridge.h).  */
static void
describe_host (pto_host_target *t)
{
  memset (t, 0, sizeof *t);
  t->pointer_bits = TYPE_PRECISION (ptr_type_node);
  t->opt_level = optimize > 3 ? 3 : optimize;
  if (optimize_size || optimize_debug)
    t->opt_level = optimize ? 2 : 0;
  host_flags.truncate (0);
  for (unsigned i = 1; i < save_decoded_options_count; i++)
    {
      const char *text = save_decoded_options[i].orig_option_with_args_text;
      if (text && text[0] == '-' && text[1] == 'm')
	host_flags.safe_push (text);
    }
  t->nflags = host_flags.length ();
  t->flags = host_flags.address ();
  t->kernels_from_cce = sim_cce;
}

void
pto_object_asm (const char *text, size_t len)
{
  symtab->finalize_toplevel_asm (build_string (len, text));
}

/* Diagnostics of a back end, as GCC diagnostics.  */
static void
gcc_sink (pto_diag *d)
{
  pto_gcc_diag_init (d, NULL);
}

/* ------------------------------------------------------------------ */
/* cce: the kernels' CCE, to AUXBASE.cce                              */
/* ------------------------------------------------------------------ */

static const pto_backend *
cce_get (void)
{
  return &pto_cce_backend;
}

static bool
cce_enabled (const pto_program *p, const pto_backend_unit *)
{
  return has_func_kind (p, PTO_FN_KERNEL);
}

/* The sink of the CCE back end: its "sorry, unimplemented" (a kernel it
   cannot lower yet) becomes one warning, with a note for each further
   construct, since the program still builds and runs on the CPU
   simulation; everything else goes to GCC as usual.  Under sim=cce the
   kernels need their CCE, so a sorry is GCC's "sorry, unimplemented"
   (an error).  CTX counts the sorries so far.  */
static void
emit_cce_diag (void *ctx, pto_diag_kind kind, pto_loc loc, const char *msg)
{
  int *sorries = (int *) ctx;
  if (kind == PTO_DIAG_SORRY && sim_cce)
    {
      location_t where = loc.host ? (location_t) loc.host : UNKNOWN_LOCATION;
      sorry_at (where, "%s (needed by %<-fplugin-arg-pto-sim=cce%>, which "
		"runs kernels from their CCE)", msg);
      return;
    }
  if (kind != PTO_DIAG_SORRY)
    {
      pto_gcc_diag_emit (NULL, kind, loc, msg);
      return;
    }
  location_t where = loc.host ? (location_t) loc.host : UNKNOWN_LOCATION;
  if ((*sorries)++ == 0)
    warning_at (where, 0, "pto: no CCE is written for this translation "
		"unit (its kernels still run on the CPU simulator): %s", msg);
  else
    inform (where, "pto: also not supported by the CCE back end: %s", msg);
}

static void
cce_sink (pto_diag *d)
{
  cce_sorries = 0;
  pto_diag_init (d);
  d->emit = emit_cce_diag;
  d->ctx = &cce_sorries;
}

/* The name the unit's CCE goes by inside the object (the .pto.cce record,
   pto-extract's output file, the host compile of sim=cce): the source
   file's base name with its extension replaced by SUFFIX (".cce", or
   ".pto.cpp" for the PTO-ISA C++), so that the object does not depend
   on -o (distcc and ccache compile to temporary output names).
   AUXBASE.cce on disk keeps GCC's naming.  */
static char *
record_name (const char *suffix)
{
  size_t slen = strlen (suffix);
  const char *src = lbasename (main_input_filename ? main_input_filename
			       : "pto");
  const char *dot = strrchr (src, '.');
  size_t len = dot && dot != src ? (size_t) (dot - src) : strlen (src);
  if (len == 0 || len > 200)
    return concat ("pto", suffix, NULL);
  char *name = XNEWVEC (char, len + slen + 1);
  memcpy (name, src, len);
  memcpy (name + len, suffix, slen + 1);
  return name;
}

/* A finding of the CCE checker on what we emitted: a bug of ours.  */
static void
report_cce_check (void *ctx, const char *file, int line, int col,
		  const char *func, const char *check, const char *msg)
{
  (void) ctx;
  error ("pto: internal error: emitted CCE fails check %qs in kernel %qs "
	 "at %s:%d:%d (the file is not written): %s; please report", check,
	 func ? func : "(none)", file, line, col, msg);
}

/* Write the CCE TEXT (taken over when kept) to AUXBASE.cce, the way GCC
   names its other auxiliary outputs (`gcc -c k.c' gives k.cce; `gcc
   app.c -o app' gives app-app.cce), and keep it as the unit's CCE.  The
   text goes to a temporary file renamed into place at PLUGIN_FINISH only
   if the whole unit compiled without error (output.cc), so an error, even
   one reported after this, never leaves a .cce behind.  The text passes
   backend/cce/check.h's checks before it is written: a finding is an
   internal error (report_cce_check) and no file is written.  */
static bool
cce_take (const pto_backend_unit *u, pto_buf *text)
{
  const char *base = aux_base_name ? aux_base_name
		     : dump_base_name ? dump_base_name : "pto";
  char *path = concat (base, ".cce", NULL);
  const pto_arch *arch = pto_arch_lookup (u->opts ? u->opts->arch : NULL);
  bool ok = pto_cce_check (path, text->s, text->len, arch,
			   PTO_CCE_CHECK_STRICT, report_cce_check, NULL) == 0;
  if (ok && pto_output_write (path, text->s, text->len))
    {
      unit_cce.text = text->s;
      unit_cce.len = text->len;
      unit_cce.name = record_name (".cce");
      unit_cce.arch = arch ? arch->name : NULL;
      text->s = NULL;
    }
  free (path);
  return ok;
}

/* ------------------------------------------------------------------ */
/* pto-isa: the kernels as PTO-ISA C++, to AUXBASE.pto.cpp            */
/* ------------------------------------------------------------------ */

void
pto_backends_emit_ptoisa (bool on)
{
  emit_ptoisa = on;
}

static const pto_backend *
ptoisa_get (void)
{
  return &pto_ptoisa_backend;
}

static bool
ptoisa_enabled (const pto_program *p, const pto_backend_unit *)
{
  return emit_ptoisa && has_func_kind (p, PTO_FN_KERNEL);
}

/* Write TEXT to AUXBASE.pto.cpp (named like AUXBASE.cce, and like it
   renamed into place only if the unit compiles without error), and keep
   it (taken over) for the object's .pto.cce section, recorded as
   SOURCE.pto.cpp beside SOURCE.cce.  */
static bool
ptoisa_take (const pto_backend_unit *u, pto_buf *text)
{
  const char *base = aux_base_name ? aux_base_name
		     : dump_base_name ? dump_base_name : "pto";
  char *path = concat (base, ".pto.cpp", NULL);
  bool ok = pto_output_write (path, text->s, text->len);
  free (path);
  if (ok)
    {
      const pto_arch *arch = pto_arch_lookup (u->opts ? u->opts->arch : NULL);
      unit_ptoisa.text = text->s;
      unit_ptoisa.len = text->len;
      unit_ptoisa.name = record_name (".pto.cpp");
      unit_ptoisa.arch = arch ? arch->name : NULL;
      text->s = NULL;
    }
  return ok;
}

/* ------------------------------------------------------------------ */
/* jit: host functions (and kernels' simulations) into the object     */
/* ------------------------------------------------------------------ */

/* Host functions, and kernels unless they run from their CCE.  */
static bool
jit_enabled (const pto_program *p, const pto_backend_unit *u)
{
  return has_func_kind (p, PTO_FN_HOST)
	 || (!u->host->kernels_from_cce && has_func_kind (p, PTO_FN_KERNEL));
}

/* ------------------------------------------------------------------ */
/* The table                                                          */
/* ------------------------------------------------------------------ */

struct backend_row
{
  const char *name;		/* the back end's pto_backend.name */
  pto_backend_phase phase;
  /* The back end; NULL after reporting why it cannot be had.  */
  const pto_backend *(*get) (void);
  /* Does the unit have work for it?  */
  bool (*enabled) (const pto_program *p, const pto_backend_unit *u);
  /* The sink of its diagnostics.  */
  void (*sink) (pto_diag *d);
  /* Before the call, once the back end is loaded (or NULL).  */
  void (*prepare) (const pto_program *p, pto_host_target *host);
  /* Its output TEXT, after a call without error: put it in place (take
     TEXT->s over, or leave it to be freed); false after an error.  */
  bool (*take) (const pto_backend_unit *u, pto_buf *text);
};

static const backend_row backends[] = {
  /* Before "cce": a CCE sorry is only a warning and stops the phase,
     while a unit asked for its PTO-ISA C++ must get it or an error.  */
  { "pto-isa", PTO_PHASE_PIPELINE, ptoisa_get, ptoisa_enabled, gcc_sink,
    NULL, ptoisa_take },
  { "cce", PTO_PHASE_PIPELINE, cce_get, cce_enabled, cce_sink, NULL,
    cce_take },
  { "jit", PTO_PHASE_IPA, pto_jit_bridge_load, jit_enabled, gcc_sink,
    pto_jit_bridge_prepare, pto_jit_bridge_take },
};

/* Run ROW on P for U (whose host is HOST); false when it failed.  */
static bool
run_backend (const backend_row *row, const pto_program *p,
	     const pto_backend_unit *u, pto_host_target *host)
{
  if (!row->enabled (p, u))
    return true;
  const pto_backend *b = row->get ();
  if (!b)
    return false;
  gcc_checking_assert (!strcmp (b->name, row->name));
  if (row->prepare)
    row->prepare (p, host);
  pto_diag diag;
  row->sink (&diag);
  pto_buf text = { NULL, 0, 0 };
  bool ok = (b->emit (p, u, &diag, &text) == 0 && !seen_error ()
	     && row->take (u, &text));
  pto_buf_free (&text);
  return ok;
}

/* ------------------------------------------------------------------ */
/* The unit's CCE in the object                                       */
/* ------------------------------------------------------------------ */

/* The unit's CCE; NULL when none was written (no kernel, an error, or a
   kernel the CCE back end cannot lower).  */
static const pto_unit_cce *
cce_output (void)
{
  return unit_cce.text && !seen_error () ? &unit_cce : NULL;
}

/* sim=cce: P's kernels run from their CCE compiled on the host
   (plugin/cce-sim.h).  */
static void
compile_cce_on_host (const pto_program *p, const pto_host_target *host)
{
  const pto_unit_cce *cce = cce_output ();
  if (!cce)
    {
      if (!seen_error ())
	error ("pto: %<-fplugin-arg-pto-sim=cce%>: no CCE was emitted for "
	       "the kernels of this unit");
      return;
    }
  char *text = pto_cce_sim_build (p, cce, host);
  if (text)
    pto_object_asm (text, strlen (text));
  free (text);
}

/* Append the record of U to the object's .pto.cce section.  */
static void
embed_record (const pto_unit_cce *u)
{
  char *text = pto_cce_section_asm (u->name, u->text, u->len);
  if (!text)
    error ("pto: cannot record %qs in the object%'s %<.pto.cce%> section",
	   u->name);
  else
    pto_object_asm (text, strlen (text));
  free (text);
}

/* The unit's CCE text goes into the object's .pto.cce section
   (object/cce-section.h), for pto-extract and the device toolchain, and
   after it the PTO-ISA C++ when emit=pto-isa wrote it.  */
static void
embed_cce_section (void)
{
  if (seen_error ())
    return;
  const pto_unit_cce *cce = cce_output ();
  if (cce)
    embed_record (cce);
  if (unit_ptoisa.text)
    embed_record (&unit_ptoisa);
}

void
pto_backends_run (const pto_program *p, pto_backend_phase phase,
		  const pto_options *opts, bool sim)
{
  sim_cce = sim;
  pto_host_target host;
  describe_host (&host);
  pto_backend_unit u = { opts, &host };
  for (const backend_row &row : backends)
    if (row.phase == phase && !run_backend (&row, p, &u, &host))
      return;
  if (phase != PTO_PHASE_IPA)
    return;
  if (sim_cce && has_func_kind (p, PTO_FN_KERNEL))
    compile_cce_on_host (p, &host);
  embed_cce_section ();
}

void
pto_backends_finish (void)
{
  free ((char *) unit_cce.text);
  free ((char *) unit_cce.name);
  unit_cce = pto_unit_cce ();
  free ((char *) unit_ptoisa.text);
  free ((char *) unit_ptoisa.name);
  unit_ptoisa = pto_unit_cce ();
}
