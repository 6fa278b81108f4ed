# frontend/local.mk - the GCC front end: GENERIC -> IR (automake fragment,
# included by the top Makefile.am; paths relative to the top directory).
#
# The front end is C++ and includes GCC's headers, so it is part of the
# plugin module, not of the C core, and is compiled with the plugin's
# CPPFLAGS/CXXFLAGS.  plugin/local.mk sets plugin_pto_la_SOURCES with
# `=', so the list is handed over in a variable that it names:
#   plugin_pto_la_SOURCES = plugin/pto-plugin.cc $(pto_frontend_sources)
#   frontend.h      the interface the driver (plugin/) calls
#   fe-internal.h   GCC includes and the helpers shared below
#   gcc-compat.h    the differences between GCC releases
#   attribs.cc      the pto_* attributes and their misuse diagnostics
#   capture.cc      GENERIC -> IR at PLUGIN_PRE_GENERICIZE
#   kernel-body.cc  a captured kernel's body becomes a launch call
#   launch.cc       pto_launch in ordinary C code (for the JIT bridge)
pto_frontend_sources = \
	frontend/frontend.h \
	frontend/fe-internal.h \
	frontend/gcc-compat.h \
	frontend/attribs.cc \
	frontend/capture.cc \
	frontend/kernel-body.cc \
	frontend/launch.cc
