#!/bin/sh
# kernel-ir.sh - instructions executed by each example's kernels in
# simulation (pto-cc -O2) versus reference mode (plain gcc -O2): the
# noise-free companion of kernel-time.sh, for a shared or loaded machine.
#
# Usage (from a build directory):  sh SRCDIR/bench/kernel-ir.sh
# Every examples/*.c is built both ways and run once under valgrind's
# callgrind.  Columns: instructions of the kernels (inclusive: what they
# call, libpto-rt and libc included) in reference mode, where kernel K is
# the function K, and in simulation, where it is __pto_sim_K; ratio =
# sim / ref; then the same for the whole of main (set-up, launches and
# checks).  Needs valgrind (prints one line saying so and exits 0
# without it).  A build or run failure prints FAIL.
# Environment: PTO_CC (default tools/pto-cc-uninstalled), CC (gcc),
# BENCH_CSV (append one CSV row per measurement).

set -u
srcdir=${srcdir:-$(dirname "$0")/..}
top=$(cd "$srcdir" && pwd)
build=$(pwd)
ptocc=${PTO_CC:-$build/tools/pto-cc-uninstalled}
CC=${CC:-gcc}
[ -x "$ptocc" ] || { echo "kernel-ir.sh: $ptocc not built (run from a build dir)" >&2; exit 1; }
command -v valgrind >/dev/null 2>&1 && command -v callgrind_annotate >/dev/null 2>&1 \
  || { echo "kernel-ir.sh: valgrind (callgrind) not installed, skipped"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kernel-ir.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

csv_row() {
  [ -n "${BENCH_CSV:-}" ] && printf '%s,%s,%s,%s,%s\n' "$@" >>"$BENCH_CSV"
  return 0
}

# ir OUT FUNCTION: inclusive instructions of FUNCTION in callgrind file OUT
# (0 when it never ran).
ir() {
  callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null \
    | awk -v f="$2" '$0 ~ (":" f " \\[") { gsub(",", "", $1); print $1; found = 1; exit }
        END { if (!found) print 0 }'
}

# run EXE: run it once under callgrind into EXE.cg; false on failure.
run() {
  valgrind --tool=callgrind --callgrind-out-file="$1.cg" "$1" \
    >"$1.out" 2>"$1.log"
}

ratio() {
  awk -v s="$1" -v r="$2" 'BEGIN {
    if (s ~ /^[0-9]+$/ && r ~ /^[0-9]+$/ && r > 0) printf "%.2f", s / r
    else print "-" }'
}

printf '%-20s %12s %12s %6s %12s %12s %6s\n' example "ref kernels" \
  "sim kernels" ratio "ref main" "sim main" ratio
for src in "$top"/examples/*.c; do
  name=$(basename "$src" .c)
  ref=$tmp/ref-$name sim=$tmp/sim-$name
  kr=FAIL ks=FAIL mr=FAIL ms=FAIL
  kernels=$(sed -n 's/^PTO_KERNEL [^(]*[ *]\([A-Za-z_0-9]*\)(.*/\1/p' "$src" \
            | sort -u)
  if $CC -std=gnu11 -O2 -I"$top/include" "$src" -o "$ref" -lm \
       >"$ref.cc" 2>&1 && run "$ref"; then
    kr=0
    for k in $kernels; do kr=$((kr + $(ir "$ref.cg" "$k"))); done
    mr=$(ir "$ref.cg" main)
  fi
  if "$ptocc" -O2 "$src" -o "$sim" -lm >"$sim.cc" 2>&1 && run "$sim"; then
    ks=0
    for k in $kernels; do ks=$((ks + $(ir "$sim.cg" "__pto_sim_$k"))); done
    ms=$(ir "$sim.cg" main)
  fi
  printf '%-20s %12s %12s %6s %12s %12s %6s\n' "$name" "$kr" "$ks" \
    "$(ratio "$ks" "$kr")" "$mr" "$ms" "$(ratio "$ms" "$mr")"
  csv_row kernel-ir "$name" "ref kernel instructions" "$kr" instructions
  csv_row kernel-ir "$name" "sim kernel instructions" "$ks" instructions
  csv_row kernel-ir "$name" "sim/ref kernels" "$(ratio "$ks" "$kr")" ratio
done
