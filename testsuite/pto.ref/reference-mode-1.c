/* Reference mode: built without the plugin, the attributes the plugin
   registers do not exist, and pto.h (when present) compiles as plain
   C11 with GNU extensions.  The program must exit 0 and print the line
   below.  */
/* { dg-do run } */
#include <stdio.h>
#if defined __has_include
# if __has_include(<pto.h>)
#  include <pto.h>
# endif
#endif

int
main (void)
{
#if __has_attribute (pto_kernel)
  puts ("FAIL: pto_kernel attribute exists without the plugin");
  return 1;
#elif defined PTO_PLUGIN_MODE && PTO_PLUGIN_MODE != 0
  puts ("FAIL: pto.h selected plugin mode without the plugin");
  return 1;
#else
  puts ("reference mode ok");
  return 0;
#endif
}
/* { dg-output "^reference mode ok\r?\n$" } */
