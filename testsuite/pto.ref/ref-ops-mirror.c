/* pto.h mirrors the op table runtime/pto-ops.def exactly: every row
   has a plugin-mode prototype tagged pto_intrinsic("NAME") and a pto_NAME
   macro in both modes, and every pto_intrinsic name in pto.h is an op
   (or "unroll", or "tile_ref" / "arg_ref", the wrappers of operands).
   Reads the text of pto.h and of pto-ops-plugin.h (the plugin-mode
   prototypes and macros tools/gen-pto-ops writes from the table) next
   to this test's source.  */
/* { dg-do run } */
#include <pto.h>
#include <string.h>

static const char *const ops[] = {
#define PTO_OP(e, n, sig, res, rule, dt, eff, pipe, bd, fam, code, cce, cyc) #n,
#include "../../runtime/pto-ops.def"
};

/* The number of times NEEDLE occurs in HAY.  */
static int
count (const char *hay, const char *needle)
{
  int n = 0;
  for (const char *p = strstr (hay, needle); p; p = strstr (p + 1, needle))
    n++;
  return n;
}

int
main (void)
{
  /* __FILE__ is .../testsuite/pto.ref/ref-ops-mirror.c.  */
  char path[4096];
  snprintf (path, sizeof path, "%s", __FILE__);
  char *slash = strstr (path, "/testsuite/pto.ref/");
  if (!slash)
    {
      printf ("cannot locate the source tree from %s\n", __FILE__);
      return 1;
    }
  /* pto.h and the plugin-mode header it includes, one after the other.  */
  static char text[1 << 21];
  size_t len = 0;
  static const char *const files[] = {"/include/pto.h",
                                      "/include/pto-ops-plugin.h"};
  for (int i = 0; i < 2; i++)
    {
      strcpy (slash, files[i]);
      FILE *f = fopen (path, "r");
      if (!f)
        {
          printf ("cannot open %s\n", path);
          return 1;
        }
      len += fread (text + len, 1, sizeof text - 1 - len, f);
      fclose (f);
    }
  text[len] = 0;

  int nops = (int) (sizeof ops / sizeof ops[0]), bad = 0;
  char needle[128];
  for (int i = 0; i < nops; i++)
    {
      snprintf (needle, sizeof needle, "PTO__INTRINSIC(\"%s\")", ops[i]);
      if (count (text, needle) != 1)
        {
          printf ("no prototype for op %s\n", ops[i]);
          bad++;
        }
      snprintf (needle, sizeof needle, "#define pto_%s(", ops[i]);
      if (count (text, needle) != 2)
        {
          printf ("pto_%s is not defined in both modes\n", ops[i]);
          bad++;
        }
    }
  /* Every tagged name is an op, "unroll", "tile_ref" or "arg_ref".  */
  int tagged = 0;
  for (const char *p = strstr (text, "PTO__INTRINSIC(\""); p;
       p = strstr (p + 1, "PTO__INTRINSIC(\""))
    {
      const char *name = p + strlen ("PTO__INTRINSIC(\"");
      size_t n = strcspn (name, "\"");
      int known = (n == 6 && !strncmp (name, "unroll", 6))
                  || (n == 8 && !strncmp (name, "tile_ref", 8))
                  || (n == 7 && !strncmp (name, "arg_ref", 7));
      for (int i = 0; i < nops && !known; i++)
        known = strlen (ops[i]) == n && !strncmp (name, ops[i], n);
      if (!known)
        {
          printf ("pto.h tags an unknown op %.*s\n", (int) n, name);
          bad++;
        }
      tagged++;
    }
  printf ("%d ops, %d tagged prototypes\n", nops, tagged);
  /* The ops, "unroll", "tile_ref" and "arg_ref".  */
  return bad == 0 && tagged == nops + 3 ? 0 : 1;
}
/* { dg-output "^\\d+ ops, \\d+ tagged prototypes\r?\n$" } */
