/* arch.c - the architecture table of the CCE back end (see arch.h).
   Sizes are the usable ones (UB: 248 KB of 256 KB, 184 KB of 192 KB),
   identical to runtime/cce_sim.c.  */

#include "ir/arch.h"

#include <string.h>

#define KB 1024

static const pto_arch arch_table[] = {
  { "dav-c100", "1001", 248 * KB, 1024 * KB, 64 * KB, 64 * KB, 256 * KB, 4, PTO_ISA_V200, 0 },
  { "dav-m200", "2002", 248 * KB, 1024 * KB, 64 * KB, 64 * KB, 256 * KB, 4, PTO_ISA_V200, 0 },
  { "dav-c220", "dav-2201", 184 * KB, 512 * KB, 64 * KB, 64 * KB, 128 * KB, 8, PTO_ISA_V220, 1 * KB },
  { "3510", "dav-3510", 248 * KB, 512 * KB, 64 * KB, 64 * KB, 256 * KB, 8, PTO_ISA_V220, 4 * KB },
};

const pto_arch *
pto_arch_lookup(const char *name)
{
  if (!name)
    name = "dav-c220";
  for (size_t i = 0; i < sizeof arch_table / sizeof arch_table[0]; i++)
    if (!strcmp(name, arch_table[i].name) || !strcmp(name, arch_table[i].alias))
      return &arch_table[i];
  return NULL;
}

const char *
pto_arch_names(void)
{
  return "dav-c100, dav-m200, dav-c220, 3510";
}
