#!/bin/sh
# pipeline-scale.sh - show that the default pass pipeline runs in time
# linear in the number of statements.
#
# Usage: bench/pipeline-scale.sh [PTO-OPT [COUNTS...]]
#   PTO-OPT  the pto-opt binary (default: $PTO_OPT, else tools/pto-opt in
#            the current directory, i.e. run it from the build directory)
#   COUNTS   statement counts (default: 1000 10000 100000)
#   RUNS     environment: runs per count, the fastest is kept (default 3)
#   BENCH_CSV  environment: append one CSV row per measurement
#
# For each count it generates one kernel of that many statements
# (bench/pipeline-scale-gen.awk: inline calls, unrolled loops, foldable
# arithmetic, branches, tile ops), runs
#   pto-opt --pipeline=default --trace --verify=0
# and adds up the wall times the trace gives for every pass of the
# pipeline (parsing, printing and the checking-mode verifiers are not
# counted).  It prints the time per statement, its ratio to the first
# count (near 1.0 at every size: linear; a quadratic pass would show
# ratios near 10 and 100), and the share of each pass.  The CPU time
# (user + sys) of whole pto-opt runs per statement comes last (parsing
# and printing included), which other processes on the machine do not
# inflate as they do wall times: from /usr/bin/time over 100000 / COUNT
# runs in a row (at least 1), so that every count is measured over about
# the same number of statements ("-" without /usr/bin/time).
#
# Expect the ratio to step up once, from 1k to 10k statements, and then
# stay flat: at 1k the IR (about 3 KB per statement after the pipeline)
# fits in the caches, from 10k on it does not (30k and 300k statements
# give the same time per statement as 100k).

set -eu
here=$(cd "$(dirname "$0")" && pwd)
opt=${1:-${PTO_OPT:-./tools/pto-opt}}
[ $# -gt 0 ] && shift
counts=${*:-1000 10000 100000}
runs=${RUNS:-3}
if [ ! -x "$opt" ]; then
  echo "pipeline-scale.sh: no pto-opt at '$opt' (pass its path)" >&2
  exit 1
fi
timer=
[ -x /usr/bin/time ] && timer=/usr/bin/time
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pipeline-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

csv_row() {
  [ -n "${BENCH_CSV:-}" ] && printf '%s,%s,%s,%s,%s\n' "$@" >>"$BENCH_CSV"
  return 0
}

# min A B: the smaller of two decimal numbers (B may be empty).
min() {
  awk -v a="$1" -v b="${2:-$1}" 'BEGIN { print (a + 0 < b + 0) ? a : b }'
}

printf '%8s %10s %12s %7s %28s %14s %7s\n' "stmts" "pass ms" \
  "pass us/stmt" "ratio" "inline/unroll/simplify %" "cpu us/stmt" "ratio"
base='' cbase=''
for n in $counts; do
  awk -v n="$n" -f "$here/pipeline-scale-gen.awk" > "$tmp/p.pto"
  best='' cbest='' shares=''
  reps=$(( 100000 / n ))
  [ "$reps" -ge 1 ] || reps=1
  i=0
  while [ "$i" -lt "$runs" ]; do
    i=$((i + 1))
    "$opt" --pipeline=default --trace --verify=0 "$tmp/p.pto" \
      > /dev/null 2> "$tmp/trace"
    if [ -n "$timer" ]; then
      # shellcheck disable=SC2016 # (the inner shell expands them)
      $timer -p sh -c 'i=0; while [ $i -lt "$1" ]; do i=$((i + 1));
          "$2" --pipeline=default --verify=0 "$3" > /dev/null || exit 1
        done' sh "$reps" "$opt" "$tmp/p.pto" 2> "$tmp/time"
      cpu=$(awk -v r="$reps" '$1 == "user" || $1 == "sys" { s += $2 }
                 END { print s * 1000 / r }' "$tmp/time")
      cbest=$(min "$cpu" "$cbest")
    fi
    ms=$(awk '$1 == "pto:" && $2 == "pass" { s += $4; k++ }
              END { if (k) print s }' "$tmp/trace")
    if [ -z "$ms" ]; then
      echo "pipeline-scale.sh: no pass lines in the trace:" >&2
      cat "$tmp/trace" >&2
      exit 1
    fi
    if [ "$(min "$ms" "$best")" = "$ms" ]; then
      shares=$(awk -v t="$ms" '$1 == "pto:" && $2 == "pass" {
                 p[$3] += $4 }
               END { printf "%.0f/%.0f/%.0f", 100 * p["InlineFunctions"] / t,
                     100 * p["UnrollLoops"] / t, 100 * p["Simplify"] / t }' \
               "$tmp/trace")
    fi
    best=$(min "$ms" "$best")
  done
  # The generator rounds N up to whole blocks of 10 statements.
  n=$(( (n + 9) / 10 * 10 ))
  per=$(awk -v ms="$best" -v n="$n" 'BEGIN { printf "%.3f", ms * 1000 / n }')
  base=${base:-$per}
  ratio=$(awk -v a="$per" -v b="$base" 'BEGIN { printf "%.2f", a / b }')
  if [ -n "$cbest" ]; then
    cper=$(awk -v ms="$cbest" -v n="$n" \
               'BEGIN { printf "%.3f", ms * 1000 / n }')
    cbase=${cbase:-$cper}
    cratio=$(awk -v a="$cper" -v b="$cbase" 'BEGIN { printf "%.2f", a / b }')
  else
    cper=- cratio=-
  fi
  printf '%8d %10.1f %12s %7s %28s %14s %7s\n' "$n" "$best" "$per" \
    "$ratio" "$shares" "$cper" "$cratio"
  csv_row pipeline-scale "$n stmts" "pass us/stmt" "$per" us
  csv_row pipeline-scale "$n stmts" "ratio to first" "$ratio" ratio
  csv_row pipeline-scale "$n stmts" "cpu us/stmt" "$cper" us
done
