# backend/cce/local.mk - the CCE back end (automake fragment, included at
# the end of the top Makefile.am; paths relative to the top directory).
#
# The back end is part of the C core (libptocore.la, linked into pto-opt
# and the plugin): machine IR (mir.h), UB planning, instruction
# selection, sync insertion and the .cce text; and the static checker
# of CCE text (check.h).

libptocore_la_SOURCES += \
	backend/cce/cce.h \
	backend/cce/mir.h \
	backend/cce/mir.c \
	backend/cce/memplan.c \
	backend/cce/isel.c \
	backend/cce/isel-linear.h \
	backend/cce/isel-linear.c \
	backend/cce/cube.h \
	backend/cce/cube.c \
	backend/cce/sync.c \
	backend/cce/split.h \
	backend/cce/split.c \
	backend/cce/report.h \
	backend/cce/report.c \
	backend/cce/cce.c \
	backend/cce/backend.c

# Golden .cce and execution tests (testsuite/pto-cce.dg/, see its
# README): pto-opt --emit-cce, diff with NAME.cce, then compile the
# emitted file against runtime/cce_sim.h and compare with the same
# kernel in reference mode.  (bench/cce-counts.sh ships with bench/.)
TESTS += testsuite/pto-cce.dg/run-tests.sh
# Double buffering: hand-broken variants of the emitted streaming kernel
# (a missing wait, one event for both buffer sets, a missing drain) must
# be reported by the simulator.  (bench/dbuf-cycles.sh: cycles with and
# without double buffering.)
TESTS += testsuite/pto-cce.dg/dbuf-broken.sh
# dav-c220 mix kernels: hand-broken cross-core flags of a split kernel
# must be reported (a race, a deadlock, a rise never waited).
TESTS += testsuite/pto-cce.dg/mix-broken.sh
# The pipe timeline (PTO_SIM_TRACE) and the report (option report)
# against the simulator and bench/cce-counts.sh, bench/dbuf-cycles.sh.
TESTS += testsuite/pto-cce.dg/trace-report.sh
# No integer /, % or * by a power of two left in the IR of any kernel
# here (the examples too) after the default pipeline.
TESTS += testsuite/pto-cce.dg/pow2-check.sh
EXTRA_DIST += testsuite/pto-cce.dg

# The static checker of CCE text (backend/cce/check.h): pto-cce-check(1)
# and the plugin's check of each unit's emitted CCE.
libptocore_la_SOURCES += \
	backend/cce/check.h \
	backend/cce/check-internal.h \
	backend/cce/check.c \
	backend/cce/check-parse.c \
	backend/cce/check-table.c
# pto-cce-check: the seeded-bad set, the goldens and the examples' CCE
# for both archs (testsuite/cce-check/run-tests.sh).
TESTS += testsuite/cce-check/run-tests.sh
EXTRA_DIST += testsuite/cce-check
# The table agrees with runtime/cce-api.h (testsuite/cce-check/table.sh).
check_PROGRAMS += testsuite/cce-check/table-calls
testsuite_cce_check_table_calls_SOURCES = testsuite/cce-check/table-calls.c
testsuite_cce_check_table_calls_LDADD = libptocore.la $(LIBM)
TESTS += testsuite/cce-check/table.sh
