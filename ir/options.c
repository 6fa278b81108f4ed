/* options.c - the options shared by the plugin and pto-opt.

   One table (PTO_OPTIONS in options.h) gives every option its name, kind,
   default and help text; the plugin spells them -fplugin-arg-pto-NAME[=V]
   and pto-opt --NAME[=V].  Values are validated here so both report the
   same errors.  */

#include "ir/options.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Parse a bool option value: NULL (bare flag), 0/1, no/yes, false/true.  */
static bool
parse_bool(const char *v, bool *out)
{
  if (!v || !strcmp(v, "1") || !strcmp(v, "yes") || !strcmp(v, "true")) {
    *out = true;
    return true;
  }
  if (!strcmp(v, "0") || !strcmp(v, "no") || !strcmp(v, "false")) {
    *out = false;
    return true;
  }
  return false;
}

/* Parse a decimal integer option value that fills the whole string.  */
static bool
parse_long(const char *v, long *out)
{
  if (!v || !*v)
    return false;
  char *end;
  errno = 0;
  long n = strtol(v, &end, 10);
  if (errno || *end)
    return false;
  *out = n;
  return true;
}

void
pto_options_init(pto_options *opts)
{
  memset(opts, 0, sizeof *opts);
#define X(field, name, kind, def, help) \
  pto_options_set(opts, name, def, NULL, pto_noloc);
  PTO_OPTIONS(X)
#undef X
}

/* Store V into the option FIELD of kind KIND; return false if V is bad.  */
#define STORE_B(field, v) parse_bool(v, &opts->field)
#define STORE_I(field, v) parse_long(v, &opts->field)
#define STORE_S(field, v) (v && *v ? (opts->field = v, true) : false)
#define STORE_R(field, v) (opts->field = !v ? "-" : *v ? v : NULL, true)

static const char *const kind_words[] = {"0 or 1", "an integer", "a value"};

int
pto_options_set(pto_options *opts, const char *key, const char *value,
                pto_diag *diag, pto_loc loc)
{
#define X(field, name, kind, def, help)                                     \
  if (!strcmp(key, name)) {                                                 \
    if (STORE_##kind(field, value))                                         \
      return 0;                                                             \
    int k = #kind[0] == 'B' ? 0 : #kind[0] == 'I' ? 1 : 2;                  \
    if (diag)                                                               \
      pto_error(diag, loc, "option '%s' needs %s, not '%s'", name,          \
                kind_words[k], value ? value : "");                         \
    return -1;                                                              \
  }
  PTO_OPTIONS(X)
#undef X
  return 1;
}

void
pto_options_help(pto_buf *b, const char *prefix)
{
#define X(field, name, kind, def, help)                                     \
  pto_buf_printf(b, "  %s%s%s  %s (default %s)\n", prefix, name,            \
                 #kind[0] == 'B'   ? "[=0|1]"                              \
                 : #kind[0] == 'R' ? "[=FILE]"                             \
                                   : "=V",                                 \
                 help, *def ? def : "none");
  PTO_OPTIONS(X)
#undef X
}
