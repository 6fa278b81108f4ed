#!/bin/sh
# simplify-bench.sh - time the symbolic simplifier on a corpus of random
# expressions: generates N (default 10000) random
# depth-6 expressions over three bounded variables with simplify-gen.awk,
# runs `pto-opt --simplify-exprs` on them and prints the time per
# expression and the node counts before and after, next to the same
# numbers of a baseline build measured in the same run, and their ratio.
#
# The baseline: in a git checkout, the script builds tools/pto-opt of
# the revision BENCH_BASE in a temporary directory and runs it on the
# same corpus.  The default is e5fcdd3, the simplifier the speed-up is
# measured against (the tree-walking engine before interning, in the
# current layout of the rooms; older revisions keep the rewriter in
# passes/ and do not build with this tree's parser); when the checkout
# does not hold it, the merge-base of HEAD with main.  The baseline is
# built with this tree's tools/simplify-exprs.c (the corpus parser and the
# timer) when it has the rewrite/ room, so both sides are timed by the
# same code: processor time inside the pto_simplify_expr calls, parsing
# and printing excluded.  The best of RUNS (default 3) runs of
# each side is taken.  The two outputs are compared line by line.
# Without git (a release tarball), or with BENCH_BASE=none, only this
# tree's time is printed.
#
# Usage: bench/simplify-bench.sh [N [SEED]]
#   PTO_OPT        the pto-opt to time (default: tools/pto-opt in the
#                  current build directory, else pto-opt on PATH)
#   PTO_OPT_BASE   an already built baseline pto-opt (no build)
#   BENCH_BASE     the baseline revision (default e5fcdd3), or none
#   BENCH_BASE_DIR build the baseline there and keep it (reused when it
#                  holds a build of the same revision)
#   RUNS           runs per side (default 3)
#   KEEP=DIR       keep the corpus and the simplified outputs in DIR
#   BENCH_CSV      append one CSV row per number to this file
set -e
n=${1:-10000}
seed=${2:-1}
runs=${RUNS:-3}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
opt=${PTO_OPT:-}
if [ -z "$opt" ]; then
  if [ -x tools/pto-opt ]; then opt=tools/pto-opt; else opt=pto-opt; fi
fi
dir=${KEEP:-$(mktemp -d)}
mkdir -p "$dir"
cleanup() { [ -n "$KEEP" ] || rm -rf "$dir"; }
trap cleanup EXIT
awk -v N="$n" -v SEED="$seed" -f "$here/simplify-gen.awk" > "$dir/corpus.txt"

# us per expression of the summary line in file $1.
us_of() {
  sed -n 's/^# [0-9]* expressions, \([0-9.]*\) us.*/\1/p' "$1"
}

# Run pto-opt $1 RUNS times on the corpus, output to $2.out; the best
# run's summary line goes to $2.err.
time_opt() {
  best=
  i=0
  while [ "$i" -lt "$runs" ]; do
    "$1" --simplify-exprs "$dir/corpus.txt" > "$dir/$2.out" \
      2> "$dir/$2.run" || { cat "$dir/$2.run" >&2; exit 1; }
    t=$(us_of "$dir/$2.run")
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'
    then
      best=$t
      cp "$dir/$2.run" "$dir/$2.err"
    fi
    i=$((i + 1))
  done
}

# Build the baseline pto-opt of revision $1 in directory $2.
# The build is reused when it is of the same revision and timer.
build_base() {
  stamp="$1 $(cksum < "$top/tools/simplify-exprs.c")"
  if [ -x "$2/build/tools/pto-opt" ] && [ "$(cat "$2/rev" 2>/dev/null)" = "$stamp" ]
  then
    return 0
  fi
  rm -rf "$2/src" "$2/build"
  mkdir -p "$2/src" "$2/build"
  git -C "$top" archive "$1" | tar -x -C "$2/src"
  # The same parser and timer on both sides, where the baseline has the
  # rewrite/ room this tree's parser includes.
  if [ -f "$2/src/rewrite/rewrite.h" ]; then
    cp "$top/tools/simplify-exprs.c" "$2/src/tools/simplify-exprs.c"
  else
    echo "baseline $1 has no rewrite/ room: timed by its own tools/simplify-exprs.c" >&2
  fi
  (cd "$2/src" && ./bootstrap) > "$2/build.log" 2>&1 &&
    (cd "$2/build" && "$2/src/configure" -q && make tools/pto-opt) \
      >> "$2/build.log" 2>&1 ||
    { echo "baseline build of revision $1 failed, see $2/build.log;" \
           "set PTO_OPT_BASE to a built baseline pto-opt, or BENCH_BASE to" \
           "another revision (none: no baseline)" >&2; return 1; }
  echo "$stamp" > "$2/rev"
}

base_opt=${PTO_OPT_BASE:-}
base_name=$base_opt
base_dir=
if [ -z "$base_opt" ] && [ "${BENCH_BASE:-}" != none ] \
   && git -C "$top" rev-parse --git-dir > /dev/null 2>&1; then
  rev=${BENCH_BASE:-}
  if [ -z "$rev" ]; then
    if git -C "$top" cat-file -e e5fcdd3^{commit} 2>/dev/null; then
      rev=e5fcdd3
    else
      rev=$(git -C "$top" merge-base HEAD main 2>/dev/null || true)
      echo "baseline e5fcdd3 not in this checkout: using the merge-base with main" >&2
    fi
  fi
  if [ -n "$rev" ]; then
    rev=$(git -C "$top" rev-parse --short "$rev")
    base_dir=${BENCH_BASE_DIR:-$dir/base}
    echo "baseline: pto-opt of revision $rev, built in $base_dir"
    if build_base "$rev" "$base_dir"; then
      base_opt=$base_dir/build/tools/pto-opt
      base_name="revision $rev"
    fi
  fi
fi

time_opt "$opt" new
echo "corpus: $n random depth-6 expressions (seed $seed), $(wc -c < "$dir/corpus.txt") bytes; best of $runs runs"
new=$(us_of "$dir/new.err")
if [ -n "$base_opt" ]; then
  time_opt "$base_opt" base
  old=$(us_of "$dir/base.err")
  printf '%-28s %s\n' "baseline ($base_name):" "$(grep '^# ' "$dir/base.err")"
  printf '%-28s %s\n' "this tree:" "$(grep '^# ' "$dir/new.err")"
  awk -v a="$old" -v b="$new" 'BEGIN { printf "speed-up: %.2fx (%s -> %s us per expression)\n", a / b, a, b }'
  if cmp -s "$dir/base.out" "$dir/new.out"; then
    echo "simplified forms: identical"
  else
    echo "simplified forms: $(diff "$dir/base.out" "$dir/new.out" | grep -c '^>') of $n lines differ"
  fi
else
  grep '^# ' "$dir/new.err"
fi
# BENCH_CSV: one CSV row per number of the summary lines.
if [ -n "${BENCH_CSV:-}" ]; then
  sed -n 's/^# \([0-9]*\) expressions, \([0-9.]*\) us per expression, nodes \([0-9]*\) -> \([0-9]*\).*/simplify,\1 expressions,us per expression,\2,us\
simplify,\1 expressions,nodes before,\3,count\
simplify,\1 expressions,nodes after,\4,count/p' "$dir/new.err" >>"$BENCH_CSV"
  if [ -n "$base_opt" ]; then
    echo "simplify,$n expressions,baseline us per expression,$old,us" >>"$BENCH_CSV"
    awk -v a="$old" -v b="$new" -v n="$n" 'BEGIN { printf "simplify,%s expressions,speed-up,%.2f,x\n", n, a / b }' >>"$BENCH_CSV"
  fi
fi
