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
# simulated cycles of each kernel with and without double buffering, the
# default pass pipeline's time per statement at 1k/10k/100k statements
# (ratios to 1k), the compile time and peak memory per kernel of units
# of 1k and 10k small kernels (ratio to 1k), and the run time of each
# example's kernels simulated
# (pto-cc -O2) versus reference mode (gcc -O2), and the instructions they
# execute (callgrind, when valgrind is installed).
# Wall times are noisy on a shared machine; the cycle counts and
# instruction counts are deterministic.  Nothing here asserts a time:
# `make check' never runs it.  BENCH_RUNS sets the repeats of the timed
# sections (default 3).  BENCH_CSV=FILE (make bench BENCH_CSV=FILE) also
# writes FILE, one CSV row per measurement:
#   section,item,metric,value,unit
set -eu
here=$(cd "$(dirname "$0")" && pwd)
runs=${BENCH_RUNS:-3}
section () { printf '\n===== %s =====\n' "$*"; }
if [ -n "${BENCH_CSV:-}" ]; then
  case $BENCH_CSV in /*) ;; *) BENCH_CSV=$(pwd)/$BENCH_CSV ;; esac
  echo "section,item,metric,value,unit" > "$BENCH_CSV"
  export BENCH_CSV
fi

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
section "default pipeline: time per statement (bench/pipeline-scale.sh)"
RUNS=$runs sh "$here/pipeline-scale.sh" ./tools/pto-opt
section "many small kernels: time and peak memory per kernel, 1k / 10k (bench/many-kernels.sh)"
sh "$here/many-kernels.sh"
section "kernel run time, simulation (pto-cc -O2) / reference (gcc -O2) (bench/kernel-time.sh)"
sh "$here/kernel-time.sh"
section "kernel instructions, simulation / reference (bench/kernel-ir.sh)"
sh "$here/kernel-ir.sh"
if [ -n "${BENCH_CSV:-}" ]; then
  echo
  echo "bench: $(($(wc -l < "$BENCH_CSV") - 1)) rows written to $BENCH_CSV"
fi
