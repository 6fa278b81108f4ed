# bench/local.mk - reproducible benchmarks (automake fragment, included by
# the top Makefile.am; paths relative to the top directory).
#
# Only distributed for now (the whole directory).  Owner: a `make bench'
# target or check_PROGRAMS go here.
EXTRA_DIST += bench
