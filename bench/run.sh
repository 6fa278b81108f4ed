#!/bin/sh
# run.sh - every benchmark of pto-gcc in one run, side by side.
#
# Usage (from a configured and built build directory):
#   sh SRCDIR/bench/run.sh            or   make bench
# Prints, one section each: the compile-time overhead of the plugin
# (no DSL / 1 kernel / 50 kernels, ratios to plain gcc), InlineFunctions
# time per call site at 1k/10k/100k call sites (ratios to 1k: flat means
# linear), symbolic simplification time per expression and node counts,
# CCE instruction counts versus the minimum the data allows, and the
# simulated cycles of each kernel with and without double buffering.
# Wall times are noisy on a shared machine; the cycle counts and
# instruction counts are deterministic.  Nothing here asserts a time:
# `make check' never runs it.  BENCH_RUNS sets the repeats of the timed
# sections (default 3).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
runs=${BENCH_RUNS:-3}
section () { printf '\n===== %s =====\n' "$*"; }

section "compile time with the plugin / without (bench/compile-overhead.sh)"
sh "$here/compile-overhead.sh" "$runs"
section "InlineFunctions: time per call site (bench/inline-scale.sh)"
RUNS=$runs sh "$here/inline-scale.sh" ./tools/pto-opt
section "symbolic simplification (bench/simplify-bench.sh)"
sh "$here/simplify-bench.sh"
section "CCE instructions issued / minimum, peak UB / tile sum (bench/cce-counts.sh)"
sh "$here/cce-counts.sh"
section "simulated cycles, double buffering off / on (bench/dbuf-cycles.sh)"
sh "$here/dbuf-cycles.sh"
