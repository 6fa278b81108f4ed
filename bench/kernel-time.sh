#!/bin/sh
# kernel-time.sh - run time of each example kernel in simulation (built
# with pto-cc -O2: the plugin's kernels) versus reference mode (plain
# gcc -O2, pto.h's C loops).
#
# Usage (from a build directory):  sh SRCDIR/bench/kernel-time.sh [MIN_MS]
# Every examples/*.c is built twice with bench/kernel-time.c, which wraps
# its pto_launch calls in a monotonic clock and reruns the example's main
# until the launches took MIN_MS milliseconds (default 200; at most 5 s of
# wall time).  Examples that launch from PTO_HOST functions (DSL code, no
# clock there) are timed over their whole main instead and marked
# "(whole run)".  Columns: microseconds of launches per run of the
# example in reference mode and in simulation, and ratio = sim / ref
# (> 1: the simulation is slower).  Both programs check their results on
# every run; a build or run failure prints FAIL.
# Environment: PTO_CC (default tools/pto-cc-uninstalled), CC (gcc),
# BENCH_CSV (append one CSV row per measurement).

set -u
srcdir=${srcdir:-$(dirname "$0")/..}
top=$(cd "$srcdir" && pwd)
build=$(pwd)
ptocc=${PTO_CC:-$build/tools/pto-cc-uninstalled}
CC=${CC:-gcc}
min_ms=${1:-200}
[ -x "$ptocc" ] || { echo "kernel-time.sh: $ptocc not built (run from a build dir)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kernel-time.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

csv_row() {
  [ -n "${BENCH_CSV:-}" ] && printf '%s,%s,%s,%s,%s\n' "$@" >>"$BENCH_CSV"
  return 0
}

# per_run EXE: microseconds of launches per run, or FAIL.
per_run() {
  "$1" "$min_ms" >/dev/null 2>"$1.log" || { echo FAIL; return; }
  sed -n 's/^BENCH runs [0-9]* launch-ms [0-9.]* per-run-us //p' "$1.log"
}

printf '%-20s %12s %12s %7s\n' example "ref us/run" "sim us/run" ratio
for src in "$top"/examples/*.c; do
  name=$(basename "$src" .c)
  whole='' note=''
  if grep -q 'PTO_HOST' "$src"; then
    whole=-DBENCH_WHOLE_RUN note=" (whole run)"
  fi
  def="-DBENCH_EXAMPLE=\"$src\""
  ref=FAIL sim=FAIL
  # shellcheck disable=SC2086
  $CC -std=gnu11 -O2 -I"$top/include" $whole "$def" \
      "$top/bench/kernel-time.c" -o "$tmp/ref-$name" -lm \
      >"$tmp/ref-$name.cc" 2>&1 && ref=$(per_run "$tmp/ref-$name")
  # shellcheck disable=SC2086
  "$ptocc" -O2 $whole "$def" "$top/bench/kernel-time.c" \
      -o "$tmp/sim-$name" -lm >"$tmp/sim-$name.cc" 2>&1 \
    && sim=$(per_run "$tmp/sim-$name")
  ratio=$(awk -v s="$sim" -v r="$ref" 'BEGIN {
    if (s ~ /^[0-9.]+$/ && r ~ /^[0-9.]+$/ && r > 0) printf "%.2f", s / r
    else print "-" }')
  printf '%-20s %12s %12s %7s%s\n' "$name" "$ref" "$sim" "$ratio" "$note"
  csv_row kernel-time "$name" "ref us/run$note" "$ref" us
  csv_row kernel-time "$name" "sim us/run$note" "$sim" us
  csv_row kernel-time "$name" "sim/ref$note" "$ratio" ratio
done
