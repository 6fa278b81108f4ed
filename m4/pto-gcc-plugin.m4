# pto-gcc-plugin.m4 - locate and check the GCC plugin development headers.
#
# PTO_GCC_PLUGIN
# --------------
# Ask the C compiler ($CC) where its plugin directory is
# (`$CC -print-file-name=plugin'), then check, as C++ (GCC's headers do
# not compile as C), that <gcc-plugin.h> from that directory compiles and
# that GCCPLUGIN_VERSION_MAJOR is at least 11 (frontend/gcc-compat.h holds
# the differences between releases).  The plugin is loaded into
# the cc1 of $CC, so the headers must be those of $CC, not of $CXX.
#
# Sets and substitutes:
#   GCC_PLUGIN_DIR       the directory (holds include/ and is where
#                        `-fplugin=pto' looks for pto.so)
#   GCC_PLUGIN_CPPFLAGS  -isystem DIR/include (-isystem: GCC's own headers
#                        are not -Wextra clean and are not ours to fix)
#   GCC_PLUGIN_MAJOR     GCCPLUGIN_VERSION_MAJOR of those headers
# Fails with AC_MSG_ERROR naming the Debian package when anything is
# missing.
AC_DEFUN([PTO_GCC_PLUGIN],
[AC_REQUIRE([AC_PROG_CC])dnl
AC_REQUIRE([AC_PROG_CXX])dnl
AC_CACHE_CHECK([for the GCC plugin directory of $CC], [pto_cv_gcc_plugin_dir],
  [pto_cv_gcc_plugin_dir=`$CC -print-file-name=plugin 2>/dev/null`
   dnl A compiler without plugin support echoes the bare name back.
   AS_CASE([$pto_cv_gcc_plugin_dir],
     [/*], [AS_IF([test -d "$pto_cv_gcc_plugin_dir/include"], [],
                  [pto_cv_gcc_plugin_dir=no])],
     [pto_cv_gcc_plugin_dir=no])])
AS_IF([test "x$pto_cv_gcc_plugin_dir" = xno],
  [AC_MSG_ERROR([cannot find the GCC plugin headers of '$CC'
  ('$CC -print-file-name=plugin' gives no directory with an include/ subdirectory).
  On Debian/Ubuntu install the package gcc-N-plugin-dev (gcc-12-plugin-dev for GCC 12),
  or point CC at a GCC that has its plugin headers installed.])])
GCC_PLUGIN_DIR=$pto_cv_gcc_plugin_dir
GCC_PLUGIN_CPPFLAGS="-isystem $GCC_PLUGIN_DIR/include"
AC_CACHE_CHECK([whether gcc-plugin.h compiles as C++ and is GCC 11 or newer],
  [pto_cv_gcc_plugin_usable],
  [AC_LANG_PUSH([C++])
   pto_save_CPPFLAGS=$CPPFLAGS
   CPPFLAGS="$CPPFLAGS $GCC_PLUGIN_CPPFLAGS"
   AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#include <gcc-plugin.h>
#include <plugin-version.h>
#if GCCPLUGIN_VERSION_MAJOR < 11
#error "GCC plugin headers older than GCC 11"
#endif
]], [[return plugin_default_version_check (0, 0);]])],
     [pto_cv_gcc_plugin_usable=yes], [pto_cv_gcc_plugin_usable=no])
   CPPFLAGS=$pto_save_CPPFLAGS
   AC_LANG_POP([C++])])
AS_IF([test "x$pto_cv_gcc_plugin_usable" != xyes],
  [AC_MSG_ERROR([the GCC plugin headers in $GCC_PLUGIN_DIR/include do not compile
  with '$CXX', or are older than GCC 11.  pto-gcc needs GCC >= 11 and its
  plugin headers: on Debian install gcc-12-plugin-dev and g++-12 (same
  version as '$CC').  See config.log for the compiler's message.])])
dnl Read the major version back for the summary and for pto-cc --version.
pto_save_CPPFLAGS=$CPPFLAGS
CPPFLAGS="$CPPFLAGS $GCC_PLUGIN_CPPFLAGS"
AC_COMPUTE_INT([GCC_PLUGIN_MAJOR], [BUILDING_GCC_MAJOR],
  [[#include <bversion.h>]], [GCC_PLUGIN_MAJOR=unknown])
CPPFLAGS=$pto_save_CPPFLAGS
dnl The plugin must be built by the C++ compiler of the same GCC release;
dnl a mismatch usually still links but is unsupported, so only warn.
pto_cc_version=`$CC -dumpfullversion 2>/dev/null || $CC -dumpversion 2>/dev/null`
pto_cxx_version=`$CXX -dumpfullversion 2>/dev/null || $CXX -dumpversion 2>/dev/null`
AS_IF([test "x$pto_cc_version" != "x$pto_cxx_version"],
  [AC_MSG_WARN([CC ($pto_cc_version) and CXX ($pto_cxx_version) are different GCC releases; the plugin should be built with the g++ of the GCC it is loaded into])])
AC_SUBST([GCC_PLUGIN_DIR])
AC_SUBST([GCC_PLUGIN_CPPFLAGS])
AC_SUBST([GCC_PLUGIN_MAJOR])
])
