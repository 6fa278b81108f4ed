#!/bin/sh
# inline-scale.sh - show that InlineFunctions runs in time linear in the
# number of call sites.
#
# Usage: bench/inline-scale.sh [PTO-OPT [COUNTS...]]
#   PTO-OPT  the pto-opt binary (default: $PTO_OPT, else tools/pto-opt in
#            the current directory, i.e. run it from the build directory)
#   COUNTS   call-site counts (default: 1000 10000 100000)
#   RUNS     environment: runs per count, the fastest is kept (default 5)
#   BENCH_CSV  environment: append one CSV row per measurement
#
# For each count it generates a program with that many call sites of a
# 20-statement helper (bench/inline-scale-gen.awk), runs
#   pto-opt --passes=inline --trace --verify=0
# and reads the pass's own wall time from the trace (parsing, printing
# and the checking-mode verifiers are not counted).  It prints the time
# per call site and its ratio to the first count: a ratio near 1.0 at
# every size means linear time; a pass quadratic in the call sites would
# show ratios near 10 and 100.
#
# The trace measures wall time, so other processes on the machine add
# noise; the fastest of RUNS runs is kept.  The last columns give the CPU
# time (user + sys) of the whole pto-opt run per call site and its ratio
# to the first count that has one (parsing and printing included, also
# linear), which contention does not inflate; they need /usr/bin/time,
# whose 10 ms resolution leaves them out ("-") for runs under 0.2 s.  Expect the ratios to creep up a
# little at 100k: the expanded IR (about 16 KB per call site) no longer
# fits any cache and its pages are touched for the first time.

set -eu
here=$(cd "$(dirname "$0")" && pwd)
opt=${1:-${PTO_OPT:-./tools/pto-opt}}
[ $# -gt 0 ] && shift
counts=${*:-1000 10000 100000}
runs=${RUNS:-5}
if [ ! -x "$opt" ]; then
  echo "inline-scale.sh: no pto-opt at '$opt' (pass its path)" >&2
  exit 1
fi
timer=
[ -x /usr/bin/time ] && timer=/usr/bin/time
tmp=$(mktemp -d "${TMPDIR:-/tmp}/inline-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

csv_row() {
  [ -n "${BENCH_CSV:-}" ] && printf '%s,%s,%s,%s,%s\n' "$@" >>"$BENCH_CSV"
  return 0
}

# min A B: the smaller of two decimal numbers (B may be empty).
min() {
  awk -v a="$1" -v b="${2:-$1}" 'BEGIN { print (a + 0 < b + 0) ? a : b }'
}

printf '%8s %10s %12s %7s %14s %7s\n' \
  "sites" "pass ms" "pass us/site" "ratio" "cpu us/site" "ratio"
base= cbase=
for n in $counts; do
  awk -v n="$n" -f "$here/inline-scale-gen.awk" > "$tmp/p.pto"
  best= cbest=
  i=0
  while [ "$i" -lt "$runs" ]; do
    i=$((i + 1))
    if [ -n "$timer" ]; then
      $timer -p "$opt" --passes=inline --trace --verify=0 "$tmp/p.pto" \
        > /dev/null 2> "$tmp/trace"
      cpu=$(awk '$1 == "user" || $1 == "sys" { s += $2 }
                 END { print s * 1000 }' "$tmp/trace")
      cbest=$(min "$cpu" "$cbest")
    else
      "$opt" --passes=inline --trace --verify=0 "$tmp/p.pto" \
        > /dev/null 2> "$tmp/trace"
    fi
    ms=$(awk '$1 == "pto:" && $2 == "pass" && $3 == "InlineFunctions" \
              { print $4 }' "$tmp/trace")
    if [ -z "$ms" ]; then
      echo "inline-scale.sh: no InlineFunctions line in the trace:" >&2
      cat "$tmp/trace" >&2
      exit 1
    fi
    best=$(min "$ms" "$best")
  done
  per=$(awk -v ms="$best" -v n="$n" 'BEGIN { printf "%.3f", ms * 1000 / n }')
  base=${base:-$per}
  ratio=$(awk -v a="$per" -v b="$base" 'BEGIN { printf "%.2f", a / b }')
  if [ -n "$cbest" ] && [ "$(min "$cbest" 200)" = 200 ]; then
    cper=$(awk -v ms="$cbest" -v n="$n" \
               'BEGIN { printf "%.3f", ms * 1000 / n }')
    cbase=${cbase:-$cper}
    cratio=$(awk -v a="$cper" -v b="$cbase" 'BEGIN { printf "%.2f", a / b }')
  else
    cper=- cratio=-
  fi
  printf '%8d %10.1f %12s %7s %14s %7s\n' "$n" "$best" "$per" "$ratio" \
    "$cper" "$cratio"
  csv_row inline-scale "$n sites" "pass us/site" "$per" us
  csv_row inline-scale "$n sites" "ratio to first" "$ratio" ratio
  csv_row inline-scale "$n sites" "cpu us/site" "$cper" us
done
