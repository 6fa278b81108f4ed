# bench/local.mk - reproducible benchmarks (automake fragment, included by
# the top Makefile.am; paths relative to the top directory).
#
# Only distributed for now (the whole directory).  Owner: a `make bench'
# target or check_PROGRAMS go here.
EXTRA_DIST += bench

# make bench: every benchmark in one run (bench/run.sh); never part of
# make check, since it measures time.  make bench BENCH_CSV=FILE also
# writes the measurements to FILE, one CSV row each.
bench: all
	BENCH_CSV='$(BENCH_CSV)' sh $(srcdir)/bench/run.sh
.PHONY: bench
