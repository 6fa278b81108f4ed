/* gcc-compat.h - the one place where the plugin meets GCC releases.

   Contract: every C++ file of the plugin and of the front end includes
   this header first, instead of "gcc-plugin.h" directly.  It includes
   GCC's plugin API and the version of the headers being compiled
   against, refuses releases the plugin was never built with, and is
   where an API that differs between the supported releases gets its
   one spelling (a macro or an inline function named pto_gcc_*), the way
   the Linux kernel's scripts/gcc-plugins/gcc-common.h does it.

   Supported: GCC 11 and GCC 12 (Debian 12 ships both with plugin
   headers).  Everything the plugin uses today (attribute_spec,
   register_callback events, c_register_pragma, the c-family statement
   accessors, symtab->finalize_toplevel_asm, the diagnostic entry
   points) has the same spelling in both, so no shim is needed yet; a
   build with each (make check-gcc11) keeps it that way.  A plugin built
   against one release is refused by the other at load time
   (plugin_default_version_check in pto-plugin.cc): the headers below
   fix tree codes and structure layouts for exactly one release.  */

#ifndef PTO_GCC_COMPAT_H
#define PTO_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "plugin-version.h"

/* The GCC major release these headers belong to (11, 12, ...).  */
#define PTO_GCC_MAJOR GCCPLUGIN_VERSION_MAJOR

#if PTO_GCC_MAJOR < 11
#error "pto-gcc needs the plugin headers of GCC 11 or newer"
#endif

#endif /* PTO_GCC_COMPAT_H */
