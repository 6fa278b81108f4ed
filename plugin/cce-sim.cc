/* cce-sim.cc - -fplugin-arg-pto-sim=cce: compile the unit's CCE on the
   host (contract: plugin/cce-sim.h).  */

#include "frontend/gcc-compat.h"
#include "diagnostic-core.h"
#include "options.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "object/asm-text.h"
#include "object/cce-host.h"
#include "plugin/cce-sim.h"

#ifndef PTO_INCLUDEDIR
#define PTO_INCLUDEDIR "/usr/local/include"
#endif

/* The directory holding cce_sim.h and pto-rt.h; NULL after an error.  */
static const char *
sim_include_dir (void)
{
  const char *env = getenv ("PTO_SIM_INCLUDE");
  const char *dir = env && *env ? env : PTO_INCLUDEDIR;
  char *header = concat (dir, "/cce_sim.h", NULL);
  bool ok = access (header, R_OK) == 0;
  if (!ok)
    error ("pto: %<-fplugin-arg-pto-sim=cce%> needs the simulator header "
	   "%qs, which cannot be read: %m (set %<PTO_SIM_INCLUDE%> to the "
	   "directory holding %<cce_sim.h%>)", header);
  free (header);
  return ok ? dir : NULL;
}

static bool
write_file (const char *path, const char *text, size_t len)
{
  FILE *f = fopen (path, "wb");
  bool ok = f && fwrite (text, 1, len, f) == len;
  return f && fclose (f) == 0 && ok;
}

/* The options of the host compile, after the compiler's name.  */
static void
host_compile_args (auto_vec<const char *> *argv,
		   const pto_host_target *t, const char *incdir,
		   char *olevel)
{
  /* The CCE is compiled as C against cce_sim.h, whose intrinsics are
     macros checked at run time against the arch's forms
     (runtime/cce_sim.h "THE API"); a name it does not define is an
     error, not an implicit declaration.  Its C++ conformance to
     runtime/cce-api.h is checked apart (tools/pto-cce-check, the
     testsuite).  Warnings only reach the user with a failure.  */
  static const char *const fixed[] = {
    "-std=gnu11", "-D__CCE_KT_TEST__", "-fno-delete-null-pointer-checks",
    "-fvisibility=hidden", "-fno-lto", "-g0",
    "-Werror=implicit-function-declaration", "-S", "-x", "c",
  };
  for (const char *o : fixed)
    argv->safe_push (o);
  argv->safe_push (olevel);
  for (int i = 0; i < t->nflags; i++)
    argv->safe_push (t->flags[i]);
  if (flag_pic)
    argv->safe_push (flag_pic > 1 ? "-fPIC" : "-fpic");
  else if (flag_pie)
    argv->safe_push (flag_pie > 1 ? "-fPIE" : "-fpie");
  else
    argv->safe_push ("-fno-pie");
  argv->safe_push ("-I");
  argv->safe_push (incdir);
}

/* A new empty temporary file with SUFFIX in $TMPDIR (xmalloc'd name),
   or NULL after an error.  */
static char *
temp_file (const char *suffix)
{
  const char *dir = getenv ("TMPDIR");
  char *name = concat (dir && *dir ? dir : "/tmp", "/pto-cce-XXXXXX", suffix,
		       NULL);
  int fd = mkstemps (name, strlen (suffix));
  if (fd < 0)
    {
      error ("pto: cannot create a temporary file %qs: %m", name);
      free (name);
      return NULL;
    }
  close (fd);
  return name;
}

/* Run ARGV (searched in PATH) with stderr to ERRS; return its exit
   status, or -1 with errno set when it could not run.  */
static int
run_program (char *const *argv, const char *errs)
{
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init (&fa);
  posix_spawn_file_actions_addopen (&fa, 2, errs, O_WRONLY | O_TRUNC, 0);
  pid_t pid;
  int rc = posix_spawnp (&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy (&fa);
  if (rc != 0)
    {
      errno = rc;
      return -1;
    }
  int status;
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
}

/* Run the host compiler on SRC, writing ASM; report and return false on
   failure (with the compiler's messages, whose locations point into the
   .cce file).  */
static bool
run_host_compiler (const pto_host_target *t, const char *incdir,
		   const char *src, const char *asm_file, const char *cce_name)
{
  const char *cc = getenv ("COLLECT_GCC");
  if (!cc || !*cc)
    cc = "gcc";
  char olevel[8];
  snprintf (olevel, sizeof olevel, "-O%d", t->opt_level);
  auto_vec<const char *> argv;
  argv.safe_push (cc);
  host_compile_args (&argv, t, incdir, olevel);
  argv.safe_push (src);
  argv.safe_push ("-o");
  argv.safe_push (asm_file);
  argv.safe_push (NULL);

  char *errs = temp_file (".err");
  if (!errs)
    return false;
  int status = run_program (CONST_CAST (char *const *, argv.address ()),
			    errs);
  if (status < 0)
    error ("pto: %<-fplugin-arg-pto-sim=cce%>: cannot run the host "
	   "compiler %qs: %m", cc);
  else if (status != 0)
    {
      char *msg = pto_asm_read_file (errs);
      error ("pto: %<-fplugin-arg-pto-sim=cce%>: the host compiler %qs "
	     "failed on the CCE of this unit, %qs; its messages follow",
	     cc, cce_name);
      fputs (msg ? msg : "", stderr);
      free (msg);
    }
  unlink (errs);
  free (errs);
  return status == 0;
}

char *
pto_cce_sim_build (const pto_program *p, const pto_unit_cce *cce,
		   const pto_host_target *target)
{
  const char *incdir = sim_include_dir ();
  if (!incdir)
    return NULL;
  pto_buf src = { NULL, 0, 0 };
  pto_cce_host_source (p, cce->arch, cce->name, cce->text, cce->len, &src);
  char *c_file = temp_file (".c");
  char *s_file = c_file ? temp_file (".s") : NULL;
  char *raw = NULL;
  if (!s_file)
    ;
  else if (!write_file (c_file, src.s, src.len))
    error ("pto: cannot write the temporary file %qs: %m", c_file);
  else if (run_host_compiler (target, incdir, c_file, s_file, cce->name)
	   && !(raw = pto_asm_read_file (s_file)))
    error ("pto: cannot read the host compiler%'s output %qs: %m", s_file);
  for (char *f : { c_file, s_file })
    if (f)
      {
	unlink (f);
	free (f);
      }
  pto_buf_free (&src);
  if (!raw)
    return NULL;
  const pto_asm_embed how = { "ptocce", "pto: the unit's CCE compiled on the "
			      "host for -fplugin-arg-pto-sim=cce",
			      pto_cce_host_locals, NULL };
  char *text = pto_asm_for_embedding (raw, &how);
  free (raw);
  return text;
}
