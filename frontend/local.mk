# frontend/local.mk - the GCC front end: GENERIC -> IR (automake fragment,
# included by the top Makefile.am; paths relative to the top directory).
#
# The front end is C++ and includes GCC's headers, so it is part of the
# plugin module, not of the C core, and is compiled with the plugin's
# CPPFLAGS/CXXFLAGS.  plugin/local.mk sets plugin_pto_la_SOURCES with
# `=', so the list is handed over in a variable that it names:
#   plugin_pto_la_SOURCES = plugin/pto-plugin.cc $(pto_frontend_sources)
#   frontend.h      the interface plugin/pto-plugin.cc calls
#   fe-internal.h   GCC includes and the helpers shared below
#   attribs.cc      the pto_* attributes and their misuse diagnostics
#   capture.cc      GENERIC -> IR at PLUGIN_PRE_GENERICIZE
#   unit.cc         callbacks, dumps, pipeline, kernel body replacement,
#                   the .cce output
#   launch.cc       pto_launch in ordinary C code (for the JIT bridge)
#   output.cc       side files (.cce, dumps) renamed into place at the end
pto_frontend_sources = \
	frontend/frontend.h \
	frontend/fe-internal.h \
	frontend/attribs.cc \
	frontend/capture.cc \
	plugin/unit.cc \
	frontend/launch.cc \
	plugin/output.cc
