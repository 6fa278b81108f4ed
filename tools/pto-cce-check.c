/* pto-cce-check - check CCE files the way the vendor compiler and the
   hardware would (doc/pto-cce-check.1).

   For each FILE: (1) compile it as C++ against runtime/cce-api.h,
   `CXX -fsyntax-only -x c++ -std=c++17 -DPTO_CCE_ARCH_X -include
   DIR/cce-api.h FILE' (the compiler's own located errors), then (2) run
   the static checks of backend/cce/check.h (alignment, bounds, dtype,
   arity, sync pairing, event ids).  Exit 0 when every file passes both,
   1 when one fails, 2 on a usage or I/O error.

   DIR is the installed include directory (tools/pto-cce-check) or the
   source tree's runtime/ (tools/pto-cce-check-uninstalled, the same
   program built with another PTO_CCE_API_DIR); --api-dir overrides it.  */

#define _POSIX_C_SOURCE 200809L

#include "backend/cce/check.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef PTO_CCE_API_DIR
#define PTO_CCE_API_DIR "/usr/local/include"
#endif
#ifndef PTO_VERSION
#define PTO_VERSION "unknown"
#endif

static const char *me = "pto-cce-check";

static void
usage(FILE *f)
{
  fprintf(f,
          "Usage: %s [OPTION]... FILE.cce...\n"
          "Check CCE files: compile each as C++ against cce-api.h, then check\n"
          "what types cannot (operand alignment and bounds, element types per\n"
          "arch, set_flag/wait_flag pairing on every path, event ids).\n"
          "\n"
          "  --arch=ARCH     dav-c220 (default) or dav-m200\n"
          "  --cxx=CMD       the C++ compiler (default: $PTO_CXX, else g++)\n"
          "  --api-dir=DIR   the directory of cce-api.h (default: %s)\n"
          "  --no-compile    skip the C++ compile, run only the static checks\n"
          "  --help          print this help, and exit\n"
          "  --version       print the version, and exit\n"
          "\n"
          "Findings are printed as FILE:LINE:COL: error: MESSAGE [CHECK].\n"
          "Exit status: 0 all files pass, 1 a file fails, 2 usage or I/O error.\n",
          me, PTO_CCE_API_DIR);
}

/* Read PATH whole into a malloc'd buffer; NULL (and a message) on error.  */
static char *
read_file(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "%s: %s: %s\n", me, path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (!buf) {
      fclose(f);
      fprintf(stderr, "%s: out of memory\n", me);
      return NULL;
    }
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    cap *= 2;
    char *b = realloc(buf, cap);
    if (!b)
      free(buf);
    buf = b;
  }
  int err = ferror(f);
  fclose(f);
  if (err) {
    fprintf(stderr, "%s: %s: read error\n", me, path);
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

/* Run CXX (split at blanks) on FILE; returns 0 when it accepts it, 1
   when it rejects it, 2 when it cannot be run.  */
static int
compile(const char *cxx, const char *api_dir, const char *arch,
        const char *core, const char *file)
{
  char *words = strdup(cxx);
  char header[4096], archdef[64];
  char *argv[64];
  int argc = 0;
  if (!words)
    return 2;
  for (char *w = strtok(words, " \t"); w && argc < 48; w = strtok(NULL, " \t"))
    argv[argc++] = w;
  if (!argc) {
    free(words);
    fprintf(stderr, "%s: empty --cxx\n", me);
    return 2;
  }
  snprintf(header, sizeof header, "%s/cce-api.h", api_dir);
  snprintf(archdef, sizeof archdef, "-DPTO_CCE_ARCH_%s",
           !strcmp(arch, "dav-m200") ? "M200" : "C220");
  const char *extra[] = { "-fsyntax-only", "-x", "c++", "-std=c++17", archdef,
                          "-include", header, file };
  for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
    argv[argc++] = (char *)extra[i];
  if (core)
    argv[argc++] = (char *)core;
  argv[argc] = NULL;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    free(words);
    fprintf(stderr, "%s: fork: %s\n", me, strerror(errno));
    return 2;
  }
  if (pid == 0) {
    execvp(argv[0], argv);
    fprintf(stderr, "%s: cannot run %s: %s\n", me, argv[0], strerror(errno));
    _exit(127);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      free(words);
      return 2;
    }
  free(words);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
    return 2;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

int
main(int argc, char **argv)
{
  const char *arch_name = "dav-c220";
  const char *cxx = getenv("PTO_CXX");
  const char *api_dir = PTO_CCE_API_DIR;
  int do_compile = 1, nfiles = 0, status = 0;
  if (!cxx || !*cxx)
    cxx = "g++";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    }
    if (!strcmp(a, "--version")) {
      printf("%s (pto-gcc) %s\ncce-api.h: %s\n", me, PTO_VERSION, api_dir);
      return 0;
    }
    if (!strncmp(a, "--arch=", 7))
      arch_name = a + 7;
    else if (!strncmp(a, "--cxx=", 6))
      cxx = a + 6;
    else if (!strncmp(a, "--api-dir=", 10))
      api_dir = a + 10;
    else if (!strcmp(a, "--no-compile"))
      do_compile = 0;
    else if (!strcmp(a, "--")) {
      nfiles += argc - i - 1;
      break;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "%s: unknown option '%s' (try --help)\n", me, a);
      return 2;
    } else
      nfiles++;
  }
  const pto_arch *arch = pto_arch_lookup(arch_name);
  if (!arch || (strcmp(arch->name, "dav-c220") && strcmp(arch->name, "dav-m200"))) {
    fprintf(stderr, "%s: unknown arch '%s' (dav-c220 or dav-m200)\n", me,
            arch_name);
    return 2;
  }
  if (!nfiles) {
    usage(stderr);
    return 2;
  }
  int files = 0;
  for (int i = 1; i < argc; i++) {
    const char *f = argv[i];
    if (f[0] == '-' && f[1] && !files) {
      if (!strcmp(f, "--")) {
        files = 1;
      }
      continue;
    }
    size_t len;
    char *text = read_file(f, &len);
    if (!text) {
      status = 2;
      continue;
    }
    if (do_compile) {
      /* A dav-c220 mix kernel's bodies are the cube core's and the
         vector cores' compiles (backend/cce/split.c): check both.  */
      int mix = strstr(text, "__mix__") != NULL;
      int rc = compile(cxx, api_dir, arch->name, mix ? "-D__DAV_CUBE__" : NULL,
                       f);
      if (mix && rc != 2) {
        int rv = compile(cxx, api_dir, arch->name, "-D__DAV_VEC__", f);
        rc = rv ? rv : rc;
      }
      if (rc == 2) {
        fprintf(stderr, "%s: cannot run the C++ compiler '%s'\n", me, cxx);
        free(text);
        return 2;
      }
      if (rc && !status)
        status = 1;
    }
    if (pto_cce_check(f, text, len, arch, 0, NULL, NULL) && !status)
      status = 1;
    free(text);
  }
  return status;
}
