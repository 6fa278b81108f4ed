#!/bin/sh
# simplify-bench.sh - time the symbolic simplifier on a corpus of random
# expressions: generates N (default 10000) random depth-6
# expressions over three bounded variables with simplify-gen.awk, runs
# `pto-opt --simplify-exprs` on them and prints the time per expression
# and the node counts before and after.
#
# Usage: bench/simplify-bench.sh [N [SEED]]
#   PTO_OPT   the pto-opt to run (default: tools/pto-opt in the current
#             build directory, else pto-opt on PATH)
#   KEEP=DIR  keep the corpus and the simplified output in DIR
#   PTO_OPT_BASE  a second pto-opt (e.g. main's build) run on the same
#             corpus in the same run: both times and their ratio are
#             printed (same binary interface, same timer: processor time
#             inside pto_simplify_expr, so the comparison is like for like)
set -e
n=${1:-10000}
seed=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
opt=${PTO_OPT:-}
if [ -z "$opt" ]; then
  if [ -x tools/pto-opt ]; then opt=tools/pto-opt; else opt=pto-opt; fi
fi
dir=${KEEP:-$(mktemp -d)}
mkdir -p "$dir"
awk -v N="$n" -v SEED="$seed" -f "$here/simplify-gen.awk" > "$dir/corpus.txt"
# The summary line "# N expressions, T us per expression, nodes A -> B"
# comes on standard error; the simplified forms go to out.txt.
"$opt" --simplify-exprs "$dir/corpus.txt" > "$dir/out.txt" 2> "$dir/err.txt" \
  || { cat "$dir/err.txt" >&2; exit 1; }
echo "corpus: $n random depth-6 expressions (seed $seed), $(wc -c < "$dir/corpus.txt") bytes"
grep '^# ' "$dir/err.txt"
if [ -n "${PTO_OPT_BASE:-}" ]; then
  "$PTO_OPT_BASE" --simplify-exprs "$dir/corpus.txt" > "$dir/base-out.txt" \
    2> "$dir/base-err.txt" || { cat "$dir/base-err.txt" >&2; exit 1; }
  echo "baseline ($PTO_OPT_BASE):"
  grep '^# ' "$dir/base-err.txt"
  new=$(sed -n 's/^# [0-9]* expressions, \([0-9.]*\) us.*/\1/p' "$dir/err.txt")
  old=$(sed -n 's/^# [0-9]* expressions, \([0-9.]*\) us.*/\1/p' "$dir/base-err.txt")
  awk -v a="$old" -v b="$new" 'BEGIN { printf "speed-up: %.2fx (%s -> %s us per expression)\n", a / b, a, b }'
fi
# BENCH_CSV: one CSV row per number of the summary line.
if [ -n "${BENCH_CSV:-}" ]; then
  sed -n 's/^# \([0-9]*\) expressions, \([0-9.]*\) us per expression, nodes \([0-9]*\) -> \([0-9]*\).*/simplify,\1 expressions,us per expression,\2,us\
simplify,\1 expressions,nodes before,\3,count\
simplify,\1 expressions,nodes after,\4,count/p' "$dir/err.txt" >>"$BENCH_CSV"
fi
[ -n "$KEEP" ] || rm -rf "$dir"
