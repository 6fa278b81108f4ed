/* replay.c - a main() for the fuzz targets without libFuzzer.

   Usage: fuzz-TARGET [-H HEX] [-q] FILE|DIR...
   Runs each FILE, and each regular file directly inside each DIR (sorted
   by name), through LLVMFuzzerTestOneInput, the way libFuzzer runs a
   reproducer.  -H HEX prepends the bytes HEX (e.g. 00010000) to every
   input: fuzz-passes reads its pass list from a header, so plain .pto
   files replay through it with -H.  Prints one "PASS: FILE" line per
   input (unless -q) and a count; a bug aborts inside the target, so the
   exit status is non-zero then.  This is how `make check` replays the
   seed corpus and testsuite/fuzz/regress/ with GCC (see fuzz.mk).  */

#define _POSIX_C_SOURCE 200809L /* scandir, alphasort */

#include "testsuite/fuzz/fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct replay {
  uint8_t header[64];
  size_t hlen;
  bool quiet;
  int count;
} replay;

/* Decode the hex string S into R's header; return false if malformed.  */
static bool
set_header(replay *r, const char *s)
{
  size_t n = strlen(s);
  if (n % 2 || n / 2 > sizeof r->header)
    return false;
  for (size_t i = 0; i < n; i += 2) {
    char byte[3] = {s[i], s[i + 1], 0};
    char *end;
    unsigned long v = strtoul(byte, &end, 16);
    if (*end)
      return false;
    r->header[i / 2] = (uint8_t)v;
  }
  r->hlen = n / 2;
  return true;
}

/* Run the file PATH through the target; return false on a read error.  */
static bool
run_file(replay *r, const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "replay: cannot open '%s': %s\n", path, strerror(errno));
    return false;
  }
  pto_buf b = {0};
  for (size_t i = 0; i < r->hlen; i++)
    pto_buf_putc(&b, (char)r->header[i]);
  char chunk[4096];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
    for (size_t i = 0; i < got; i++)
      pto_buf_putc(&b, chunk[i]);
  bool ok = !ferror(f);
  fclose(f);
  if (!ok) {
    fprintf(stderr, "replay: cannot read '%s'\n", path);
    pto_buf_free(&b);
    return false;
  }
  /* Copy to an exact-size buffer so ASan sees reads past the end.  */
  uint8_t *data = pto_xmalloc(b.len ? b.len : 1);
  if (b.len)
    memcpy(data, b.s, b.len);
  LLVMFuzzerTestOneInput(data, b.len);
  free(data);
  pto_buf_free(&b);
  r->count++;
  if (!r->quiet)
    printf("PASS: %s\n", path);
  return true;
}

static int
skip_dots(const struct dirent *e)
{
  return e->d_name[0] != '.';
}

/* Run every regular file directly inside DIR, by name.  */
static bool
run_dir(replay *r, const char *dir)
{
  struct dirent **names;
  int n = scandir(dir, &names, skip_dots, alphasort);
  if (n < 0) {
    fprintf(stderr, "replay: cannot list '%s': %s\n", dir, strerror(errno));
    return false;
  }
  bool ok = true;
  for (int i = 0; i < n; i++) {
    pto_buf path = {0};
    pto_buf_printf(&path, "%s/%s", dir, names[i]->d_name);
    struct stat st;
    if (stat(path.s, &st) == 0 && S_ISREG(st.st_mode))
      ok &= run_file(r, path.s);
    pto_buf_free(&path);
    free(names[i]);
  }
  free(names);
  return ok;
}

int
main(int argc, char **argv)
{
  replay r = {{0}, 0, false, 0};
  bool ok = true;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "-q"))
      r.quiet = true;
    else if (!strcmp(argv[i], "-H") && i + 1 < argc
             && set_header(&r, argv[i + 1]))
      i++;
    else {
      fprintf(stderr, "usage: %s [-H HEX] [-q] FILE|DIR...\n", argv[0]);
      return 2;
    }
  }
  for (; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
      ok &= run_dir(&r, argv[i]);
    else
      ok &= run_file(&r, argv[i]);
  }
  printf("replayed %d input%s\n", r.count, r.count == 1 ? "" : "s");
  return ok ? 0 : 1;
}
