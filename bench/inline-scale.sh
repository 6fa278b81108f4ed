#!/bin/sh
# inline-scale.sh - show that InlineFunctions runs in time linear in the
# number of call sites.
#
# Usage: bench/inline-scale.sh [PTO-OPT [COUNTS...]]
#   PTO-OPT  the pto-opt binary (default: $PTO_OPT, else tools/pto-opt in
#            the current directory, i.e. run it from the build directory)
#   COUNTS   call-site counts (default: 1000 10000 100000)
#
# For each count it generates a program with that many call sites of a
# 20-statement helper (bench/inline-scale-gen.awk), runs
#   pto-opt --passes=inline --trace --verify=0
# and reads the pass's own time from the trace (parsing, printing and the
# checking-mode verifiers are not counted).  It prints the time per call
# site and its ratio to the first count: about 1.0 at every size means
# linear time (a quadratic pass would give ratios near 10 and 100).
# Each size runs 3 times and the fastest run is kept.

set -eu
here=$(cd "$(dirname "$0")" && pwd)
opt=${1:-${PTO_OPT:-./tools/pto-opt}}
[ $# -gt 0 ] && shift
counts=${*:-1000 10000 100000}
if [ ! -x "$opt" ]; then
  echo "inline-scale.sh: no pto-opt at '$opt' (pass its path)" >&2
  exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/inline-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

printf '%10s %12s %14s %8s\n' "sites" "pass ms" "us per site" "ratio"
base=
for n in $counts; do
  awk -v n="$n" -f "$here/inline-scale-gen.awk" > "$tmp/p.pto"
  best=
  for run in 1 2 3; do
    "$opt" --passes=inline --trace --verify=0 "$tmp/p.pto" \
      > /dev/null 2> "$tmp/trace"
    ms=$(awk '$1 == "pto:" && $2 == "pass" && $3 == "InlineFunctions" \
              { print $4 }' "$tmp/trace")
    if [ -z "$ms" ]; then
      echo "inline-scale.sh: no InlineFunctions line in the trace:" >&2
      cat "$tmp/trace" >&2
      exit 1
    fi
    best=$(awk -v a="$ms" -v b="${best:-$ms}" \
               'BEGIN { print (a + 0 < b + 0) ? a : b }')
  done
  per=$(awk -v ms="$best" -v n="$n" 'BEGIN { printf "%.3f", ms * 1000 / n }')
  base=${base:-$per}
  ratio=$(awk -v a="$per" -v b="$base" 'BEGIN { printf "%.2f", a / b }')
  printf '%10d %12.1f %14s %8s\n' "$n" "$best" "$per" "$ratio"
done
