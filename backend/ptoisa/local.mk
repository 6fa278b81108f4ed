# backend/ptoisa/local.mk - the PTO-ISA back end (automake fragment,
# included by the top Makefile.am; paths relative to the top directory).
#
# Part of the C core (libptocore.la): kernels as C++ on the vendor's
# PTO-ISA tile library, from the CCE back end's source MIR, UB plan and
# sync pass (backend/ptoisa/ptoisa.h).

libptocore_la_SOURCES += \
	backend/ptoisa/ptoisa.h \
	backend/ptoisa/ptoisa.c \
	backend/ptoisa/backend.c

# Golden, determinism and error tests of the emitted C++, and with
# configure --with-pto-isa=DIR the CPU-simulation run of the execution
# tests (testsuite/pto-isa.dg/run-tests.sh; UNSUPPORTED without it).
TESTS += testsuite/pto-isa.dg/run-tests.sh
EXTRA_DIST += testsuite/pto-isa.dg
