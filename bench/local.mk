# bench/local.mk - reproducible benchmarks (automake fragment, included by
# the top Makefile.am; paths relative to the top directory).
#
# Every file is distributed, named one by one: `EXTRA_DIST += bench'
# would name the phony target below, so that `make dist' (and distcheck)
# ran every benchmark before copying the directory.
EXTRA_DIST += \
	bench/cce-counts.sh \
	bench/compile-overhead.sh \
	bench/dbuf-cycles.sh \
	bench/inline-scale-gen.awk \
	bench/inline-scale.sh \
	bench/kernel-ir.sh \
	bench/kernel-time.c \
	bench/kernel-time.sh \
	bench/local.mk \
	bench/many-kernels-gen.awk \
	bench/many-kernels.sh \
	bench/pipeline-scale-gen.awk \
	bench/pipeline-scale.sh \
	bench/run.sh \
	bench/simplify-bench.sh \
	bench/simplify-gen.awk \
	bench/transc-error.c \
	bench/transc-error.sh

# make bench: every benchmark in one run (bench/run.sh); never part of
# make check, since it measures time.  make bench BENCH_CSV=FILE also
# writes the measurements to FILE, one CSV row each.
bench: all
	BENCH_CSV='$(BENCH_CSV)' sh $(srcdir)/bench/run.sh
.PHONY: bench
