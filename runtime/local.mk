# runtime/local.mk - libpto-rt, the runtime linked into user programs,
# and the simulator's unit tests (automake fragment, included by the top
# Makefile.am; paths relative to the top directory).
#
# libpto-rt currently holds the CCE simulator (runtime/cce_sim.h, the
# contract; cce_sim.c core, sim-vec.c vector, sim-dma.c DMA and cube,
# sim-mix.c dav-c220's cube + vector core groups).
# The kernel table and pto_launch join it when they exist.  cce_sim.h is
# installed: the emitted .cce compiles on the host as C with
#   gcc -std=gnu11 -D__CCE_KT_TEST__ -fno-delete-null-pointer-checks
#       -I<includedir> -x c k.cce ... -lpto-rt -lm

lib_LTLIBRARIES += runtime/libpto-rt.la
runtime_libpto_rt_la_SOURCES = \
	runtime/cce_sim.c \
	runtime/sim-vec.c \
	runtime/sim-dma.c \
	runtime/sim-trace.c \
	runtime/sim-mix.c \
	runtime/sim-trace.h \
	runtime/sim-internal.h
runtime_libpto_rt_la_CFLAGS = $(AM_CFLAGS) -fno-delete-null-pointer-checks
runtime_libpto_rt_la_LIBADD = $(LIBM)
runtime_libpto_rt_la_LDFLAGS = -version-info 0:0:0
include_HEADERS += runtime/cce_sim.h runtime/cce-api.h
# The op table: pto-rt.h expands it, so it is installed next to it.
include_HEADERS += runtime/pto-ops.def

# pto-cc links -lpto-rt (tools/pto-cc.in).
PTO_RT_ENABLED = yes

# Simulator unit tests (testsuite/sim/): C programs built in CCE host
# mode; each prints "NAME: N checks, F failures" and fails if F > 0.
# snip-*.c are hand-written CCE kernels compiled exactly as emitted CCE.
sim_test_cppflags = $(AM_CPPFLAGS) -D__CCE_KT_TEST__ \
	-I$(top_srcdir)/runtime -I$(top_srcdir)/testsuite/sim
sim_test_cflags = $(AM_CFLAGS) -std=gnu11 -fno-delete-null-pointer-checks
sim_test_ldadd = runtime/libpto-rt.la $(LIBM)

check_PROGRAMS += \
	testsuite/sim/test-vec \
	testsuite/sim/test-dma \
	testsuite/sim/test-sync \
	testsuite/sim/test-cube \
	testsuite/sim/test-mix \
	testsuite/sim/test-cce
TESTS += \
	testsuite/sim/test-vec \
	testsuite/sim/test-dma \
	testsuite/sim/test-sync \
	testsuite/sim/test-cube \
	testsuite/sim/test-mix \
	testsuite/sim/test-cce

testsuite_sim_test_vec_SOURCES = testsuite/sim/test-vec.c testsuite/sim/sim-test.h
testsuite_sim_test_vec_CPPFLAGS = $(sim_test_cppflags)
testsuite_sim_test_vec_CFLAGS = $(sim_test_cflags)
testsuite_sim_test_vec_LDADD = $(sim_test_ldadd)

testsuite_sim_test_dma_SOURCES = testsuite/sim/test-dma.c testsuite/sim/sim-test.h
testsuite_sim_test_dma_CPPFLAGS = $(sim_test_cppflags)
testsuite_sim_test_dma_CFLAGS = $(sim_test_cflags)
testsuite_sim_test_dma_LDADD = $(sim_test_ldadd)

testsuite_sim_test_sync_SOURCES = testsuite/sim/test-sync.c \
	testsuite/sim/snip-sync.c testsuite/sim/sim-test.h
testsuite_sim_test_sync_CPPFLAGS = $(sim_test_cppflags)
testsuite_sim_test_sync_CFLAGS = $(sim_test_cflags)
testsuite_sim_test_sync_LDADD = $(sim_test_ldadd)

testsuite_sim_test_cube_SOURCES = testsuite/sim/test-cube.c \
	testsuite/sim/snip-cube.c testsuite/sim/sim-test.h
testsuite_sim_test_cube_CPPFLAGS = $(sim_test_cppflags)
testsuite_sim_test_cube_CFLAGS = $(sim_test_cflags)
testsuite_sim_test_cube_LDADD = $(sim_test_ldadd)

# test-mix.c #includes snip-mix.c twice (the AIC's and the AIVs' code).
testsuite_sim_test_mix_SOURCES = testsuite/sim/test-mix.c testsuite/sim/sim-test.h
testsuite_sim_test_mix_CPPFLAGS = $(sim_test_cppflags)
testsuite_sim_test_mix_CFLAGS = $(sim_test_cflags)
testsuite_sim_test_mix_LDADD = $(sim_test_ldadd)
EXTRA_DIST += testsuite/sim/snip-mix.c
# Its PTO_SIM_TRACE passes trace-check (the AIC's pipes).
TESTS += testsuite/sim/trace-mix.sh
EXTRA_DIST += testsuite/sim/trace-mix.sh

# trace-check: the checker of PTO_SIM_TRACE files, run by
# testsuite/pto-cce.dg/trace-report.sh (not a test by itself).
check_PROGRAMS += testsuite/sim/trace-check
testsuite_sim_trace_check_SOURCES = testsuite/sim/trace-check.c

# example.cce is in the emitter's exact form; test-cce.c #includes it.
testsuite_sim_test_cce_SOURCES = testsuite/sim/test-cce.c testsuite/sim/sim-test.h
testsuite_sim_test_cce_CPPFLAGS = $(sim_test_cppflags)
testsuite_sim_test_cce_CFLAGS = $(sim_test_cflags)
testsuite_sim_test_cce_LDADD = $(sim_test_ldadd)
EXTRA_DIST += testsuite/sim/example.cce
