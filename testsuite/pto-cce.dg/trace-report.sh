#!/bin/sh
# trace-report.sh - the pipe timeline (PTO_SIM_TRACE, runtime/sim-trace.c)
# and the kernel report (option report, backend/cce/report.c) checked against
# the simulator and the bench scripts (an automake TESTS script; by hand
# from a build directory: srcdir=SRC sh SRC/testsuite/pto-cce.dg/trace-report.sh).
#
#   trace        ex-saxpy (harness, double buffering off and on) run with
#                PTO_SIM_TRACE=FILE.json: testsuite/sim/trace-check
#                accepts the file (fields, flows, per-block totals), its
#                totals since the last pto_sim_reset equal the simulator's
#                pto_sim_cycles_max / _sum printed by the same run, its
#                cycles_max those bench/dbuf-cycles.sh prints for
#                ex-saxpy with PTO_BENCH_METRIC=last (the last launch),
#                and double buffering makes
#                the run shorter;
#   checker      the checker rejects a cut-off file and a wrong total;
#   svg          PTO_SIM_TRACE=FILE.svg is well-formed XML (xmllint) with
#                the pipes' lanes, waits, and in its title the cycles the
#                JSON trace gives that block;
#   cap          PTO_SIM_TRACE_MAX=100: still valid, exactly 100 events,
#                marked truncated, the totals still whole, a note on stderr;
#   counts       every kernel's report line of counts and UB peak equals
#                bench/cce-counts.sh's row for it;
#   dbuf         per example: when bench/dbuf-cycles.sh shows different
#                cycles with double buffering off and on, the report has
#                a double-buffered loop (the bench measures only the last
#                launch, so the converse is not checked);
#   exact        a kernel whose estimate the report calls exact (all trip
#                counts constant, no branch) has a block whose simulated
#                busy cycles per pipe (from the trace) are the report's;
#   bounds       every example (examples/*.c through the plugin): the
#                report lists as many loops as the emitted .cce has
#                loops, each with its bound; the JSON report is JSON
#                (an fp16 example is one UNSUPPORTED line when the
#                compiler lacks _Float16: GCC 11);
#   bad-dest     an unwritable report file is an error and a non-zero exit.
# Prints one PASS:/FAIL: line per check; exits 1 if any failed.

set -u
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
case $top in */testsuite/pto-cce.dg) top=$(cd "$top/../.." && pwd) ;; esac
dir=$top/testsuite/pto-cce.dg
build=$(pwd)
opt=$build/tools/pto-opt
cc_un=${PTO_CC_UNINSTALLED:-$build/tools/pto-cc-uninstalled}
check=$build/testsuite/sim/trace-check
rtlib=$build/runtime/.libs
CC=${CC:-gcc}
work=$build/testsuite/out/trace-report
rm -rf "$work"
mkdir -p "$work" || exit 99
fails=0
passes=0

pass() { passes=$((passes + 1)); echo "PASS: $1"; }
fail() { fails=$((fails + 1)); echo "FAIL: $1"; }
[ -x "$check" ] || { echo "FAIL: $check not built (make check builds it)"; exit 1; }

# The cycle printer, linked into every run.
cat >"$work/cyc.c" <<'EOC'
#include <stdio.h>
#include "cce_sim.h"
__attribute__((destructor)) static void print_cycles(void)
{
  printf("CYCLES %llu %llu\n", (unsigned long long)pto_sim_cycles_max(),
         (unsigned long long)pto_sim_cycles_sum());
}
EOC
$CC -std=gnu11 -I"$top/runtime" -c "$work/cyc.c" -o "$work/cyc.o" || exit 99

# exe NAME DB: build NAME.pto's CCE (double-buffer=DB) with its harness
# into $work/NAME-DB; the .cce stays beside it.
exe() {
  out=$work/$1-$2
  (cd "$dir" && "$opt" --pipeline=default --double-buffer="$2" \
     --emit-cce="$out.cce" "$1.pto" >/dev/null 2>&1) &&
  $CC -std=gnu11 -D__CCE_KT_TEST__ -fno-delete-null-pointer-checks \
      -I"$top/runtime" -x c -c "$out.cce" -o "$out.o" &&
  $CC -std=gnu11 -I"$top/include" -I"$top/runtime" -I"$dir" -c "$dir/$1.c" \
      -o "$out.h.o" &&
  $CC "$out.h.o" "$out.o" "$work/cyc.o" -L"$rtlib" -Wl,-rpath,"$rtlib" \
      -lpto-rt -lm ${PTO_SAN_CFLAGS:-} -o "$out"
}

# field TEXT NAME: the number after NAME in the trace-check summary TEXT.
field() { echo "$1" | sed -n "s/.* $2 \([0-9]*\).*/\1/p"; }

# ---- trace ----------------------------------------------------------------
for db in 0 1; do
  t=trace-saxpy-db$db
  if ! exe ex-saxpy $db; then fail "$t: build"; continue; fi
  PTO_SIM_TRACE=$work/saxpy-$db.json "$work/ex-saxpy-$db" >"$work/$t.log" 2>&1 ||
    { fail "$t: run"; continue; }
  sim=$(sed -n 's/^CYCLES //p' "$work/$t.log")
  summary=$("$check" "$work/saxpy-$db.json" 2>"$work/$t.check")
  if [ $? -ne 0 ]; then
    fail "$t: trace-check: $(head -3 "$work/$t.check")"
    continue
  fi
  cmax=$(field "$summary" last_max)
  csum=$(field "$summary" last_sum)
  eval "cyc$db=\$cmax"
  if [ "$sim" = "$cmax $csum" ] && [ -n "$cmax" ]; then
    pass "$t: valid, cycles_max/sum $cmax/$csum = the simulator's"
  else
    fail "$t: trace totals '$cmax $csum', simulator '$sim'"
  fi
done
if [ -n "${cyc0:-}" ] && [ -n "${cyc1:-}" ] && [ "$cyc1" -lt "$cyc0" ]; then
  pass "trace: double buffering shortens saxpy ($cyc0 -> $cyc1 cycles)"
else
  fail "trace: double buffering off ${cyc0:-?}, on ${cyc1:-?} cycles"
fi
bench=$(PTO_BENCH_METRIC=last sh "$top/bench/dbuf-cycles.sh" ex-saxpy 2>/dev/null | awk '$1 == "ex-saxpy" { print $2, $3 }')
if [ -n "$bench" ] && [ "$bench" = "${cyc0:-} ${cyc1:-}" ]; then
  pass "trace: cycles equal bench/dbuf-cycles.sh ($bench)"
else
  fail "trace: trace ${cyc0:-?} ${cyc1:-?}, bench/dbuf-cycles.sh '$bench'"
fi

# ---- checker --------------------------------------------------------------
good=$work/saxpy-1.json
if [ -f "$good" ]; then
  head -c 2000 "$good" >"$work/cut.json"
  sed 's/"cycles_sum":\([0-9]*\)/"cycles_sum":1\1/' "$good" >"$work/wrong.json"
  if ! "$check" "$work/cut.json" >/dev/null 2>&1 &&
     ! "$check" "$work/wrong.json" >/dev/null 2>&1 &&
     "$check" --syntax "$work/wrong.json" >/dev/null 2>&1; then
    pass "checker: rejects a cut-off file and a wrong total"
  else
    fail "checker: accepts a broken trace"
  fi
fi

# ---- svg ------------------------------------------------------------------
if [ -x "$work/ex-saxpy-1" ]; then
  svg=$work/saxpy.svg
  PTO_SIM_TRACE=$svg PTO_SIM_TRACE_LAUNCH=1 "$work/ex-saxpy-1" >/dev/null 2>&1
  want=$("$check" --busy "$good" | awk '$1 == "busy" && $4 == 1 && $6 == "0" { print $8 }' | tr -d :)
  got=$(sed -n 's/.*block 0, launch 1: \([0-9]*\) cycles.*/\1/p' "$svg")
  if ! command -v xmllint >/dev/null 2>&1; then
    fail "svg: xmllint not found (.ci/setup installs libxml2-utils)"
  elif ! xmllint --noout "$svg" 2>"$work/svg.err"; then
    fail "svg: not well-formed: $(head -2 "$work/svg.err")"
  elif ! grep -q '>MTE2</text>' "$svg" || ! grep -q '>V</text>' "$svg" ||
       ! grep -q '>MTE3</text>' "$svg" || ! grep -q 'url(#wait)' "$svg"; then
    fail "svg: lanes or waits missing"
  elif [ -z "$got" ] || [ "$got" != "$want" ]; then
    fail "svg: title says '$got' cycles, the JSON trace '$want'"
  else
    pass "svg: well-formed, lanes MTE2/V/MTE3, waits, $got cycles as in the JSON"
  fi
fi

# ---- cap ------------------------------------------------------------------
if [ -x "$work/ex-saxpy-1" ]; then
  PTO_SIM_TRACE=$work/cap.json PTO_SIM_TRACE_MAX=100 "$work/ex-saxpy-1" \
    >"$work/cap.log" 2>&1
  summary=$("$check" "$work/cap.json" 2>&1)
  if [ $? -eq 0 ] && [ "$(field "$summary" events)" = 100 ] &&
     [ "$(field "$summary" truncated)" = 1 ] &&
     [ "$(field "$summary" last_max)" = "${cyc1:-x}" ] &&
     grep -q "reached its cap of 100 events" "$work/cap.log" &&
     [ "$(wc -c <"$work/cap.json")" -lt "$(wc -c <"$good")" ]; then
    pass "cap: 100 events, truncated, totals whole, note on stderr"
  else
    fail "cap: $summary / $(grep cap "$work/cap.log")"
  fi
fi

# ---- counts ---------------------------------------------------------------
sh "$top/bench/cce-counts.sh" 2>/dev/null |
  awk 'NR > 1 && $1 != "" && $2 != "ratio" && NF == 8' | sort >"$work/bench.rows"
: >"$work/report.rows"
for f in "$dir"/ex-*.pto; do
  ex=$(basename "$f" .pto)
  (cd "$dir" && "$opt" --pipeline=default --report="$work/$ex.rep" \
     --emit-cce="$work/$ex.cce" "$ex.pto" >/dev/null 2>&1) || continue
  awk -v ex="$ex" '
    /^kernel / { name = $2 }
    /^  UB: peak/ { peak = $3; tiles = $(NF - 1) }
    /^  counts:/ {
      line = $0; gsub(/[(),]/, " ", line); n = split(line, w, " ")
      for (i = 1; i <= n; i++) {
        if (w[i] == "vector") v = w[i + 1] "/" w[i + 3]
        if (w[i] == "repeats") r = w[i + 1] "/" w[i + 3]
        if (w[i] == "DMA") d = w[i + 1] "/" w[i + 3]
        if (w[i] == "bursts") b = w[i + 1] "/" w[i + 3]
        if (w[i] == "elements") s = w[i + 1]
      }
      print ex, name, v, r, d, b, s, peak "/" tiles
    }' "$work/$ex.rep" >>"$work/report.rows"
done
awk '{ $1 = $1; print }' "$work/bench.rows" | sort >"$work/bench.norm"
sort "$work/report.rows" >"$work/report.norm"
nrows=$(wc -l <"$work/bench.norm")
if [ "$nrows" -gt 10 ] && cmp -s "$work/bench.norm" "$work/report.norm"; then
  pass "counts: the report's counts and UB peak = bench/cce-counts.sh ($nrows kernels)"
else
  fail "counts: report and bench/cce-counts.sh differ: $(diff "$work/bench.norm" "$work/report.norm" | head -4)"
fi

# ---- dbuf -----------------------------------------------------------------
names=$(cd "$dir" && ls ex-*.c | sed 's/\.c$//')
# shellcheck disable=SC2086
sh "$top/bench/dbuf-cycles.sh" $names 2>/dev/null >"$work/dbuf.txt"
bad=
checked=0
for n in $names; do
  row=$(awk -v n="$n" '$1 == n { print $2, $3 }' "$work/dbuf.txt")
  set -- $row
  [ $# -eq 2 ] && [ "$1" != FAIL ] && [ "$2" != FAIL ] || { bad="$bad $n(no cycles)"; continue; }
  yes=$(grep -c "double-buffered: yes" "$work/$n.rep" 2>/dev/null)
  checked=$((checked + 1))
  if [ "$1" != "$2" ] && [ "${yes:-0}" -eq 0 ]; then bad="$bad $n(cycles differ, no loop double-buffered)"; fi
done
if [ -z "$bad" ] && [ "$checked" -gt 5 ]; then
  pass "dbuf: every speed-up bench/dbuf-cycles.sh shows has a double-buffered loop in the report ($checked examples)"
else
  fail "dbuf:$bad"
fi

# ---- exact ----------------------------------------------------------------
nexact=0
bad=
for f in "$dir"/ex-*.pto; do
  ex=$(basename "$f" .pto)
  (cd "$dir" && "$opt" --pipeline=default --report="$work/$ex.json" \
     --emit-cce="$work/$ex.j.cce" "$ex.pto" >/dev/null 2>&1) || continue
  # Kernel estimates without the words "not exact": the exact ones.
  est=$(awk '/^kernel /{k=$2} /kernel estimate:/{e=$0; getline; if ($0 !~ /not exact/) print k "|" e}' "$work/$ex.rep")
  [ -n "$est" ] || continue
  exe "$ex" 1 >/dev/null 2>&1 || { bad="$bad $ex(build)"; continue; }
  PTO_SIM_TRACE=$work/$ex.trace.json "$work/$ex-1" >/dev/null 2>&1
  "$check" --busy "$work/$ex.trace.json" | sed -n 's/^busy .*: //p' |
    awk '{ s = ""; for (i = 1; i < NF; i += 2) if ($(i + 1) != 0) s = s " " $i " " $(i + 1); print s }' |
    sort -u >"$work/$ex.busy"
  echo "$est" | while IFS='|' read -r k e; do
    want=$(echo "$e" | sed 's/.*estimate://; s/, issue.*//; s/,//g')
    grep -qx -- "$want" "$work/$ex.busy" && echo "ok $k" || echo "bad $k($want)"
  done >"$work/$ex.exact"
  nexact=$((nexact + $(grep -c '^ok' "$work/$ex.exact")))
  bad="$bad $(sed -n 's/^bad //p' "$work/$ex.exact" | tr '\n' ' ')"
done
bad=$(echo "$bad" | tr -s ' ')
if [ "$nexact" -gt 0 ] && [ "$bad" = " " -o -z "$bad" ]; then
  pass "exact: $nexact exact kernel estimates equal the simulated busy cycles"
else
  fail "exact: $nexact ok, mismatches:$bad"
fi

# ---- bounds ---------------------------------------------------------------
bad=
nloops=0
have_f16=yes
echo '_Float16 x;' | ${PTO_GCC_DEFAULT:-gcc} -fsyntax-only -x c - 2>/dev/null ||
  have_f16=no
for f in "$top"/examples/*.c; do
  ex=$(basename "$f" .c)
  if [ $have_f16 = no ] && grep -Eq '\<(_Float16|pto_f16)\>' "$f"; then
    echo "UNSUPPORTED: bounds: examples/$ex.c (needs _Float16)"
    continue
  fi
  o=$work/plugin-$ex
  if ! "$cc_un" -O2 -fplugin-arg-pto-report="$o.txt" -c "$f" -o "$o.o" \
       >"$o.log" 2>&1; then
    bad="$bad $ex(compile)"
    continue
  fi
  [ -f "$o.cce" ] || continue   # no kernel
  loops=$(grep -c '^ *loop ' "$o.txt")
  kernels=$(grep -c '^kernel ' "$o.txt")
  bounds=$(grep -c '^ *bound: ' "$o.txt")
  # The emitter's own loops (row DMAs, scalar fallbacks) use names
  # ending in "__".
  cce_loops=$(grep '^ *for (' "$o.cce" | grep -Evc 'for \([a-z0-9_]+ [A-Za-z0-9_]*__ =')
  nloops=$((nloops + loops))
  [ "$loops" -eq "$cce_loops" ] && [ "$bounds" -eq $((loops + kernels)) ] ||
    bad="$bad $ex(loops $loops, .cce loops $cce_loops, bounds $bounds)"
  "$cc_un" -O2 -fplugin-arg-pto-report="$o.json" -c "$f" -o "$o.o" >/dev/null 2>&1 &&
    "$check" --syntax "$o.json" >/dev/null 2>&1 || bad="$bad $ex(JSON)"
done
if [ -z "$bad" ] && [ "$nloops" -gt 10 ]; then
  pass "bounds: every loop of every example has its bound ($nloops loops); JSON reports parse"
else
  fail "bounds:$bad"
fi

# ---- bad-dest -------------------------------------------------------------
if (cd "$dir" && "$opt" --pipeline=default --report="$work/no/such/dir/r.txt" \
      --emit-cce="$work/bd.cce" ex-saxpy.pto >/dev/null 2>"$work/bd.err"); then
  fail "bad-dest: an unwritable report file was accepted"
elif grep -q "cannot write the report to" "$work/bd.err"; then
  pass "bad-dest: unwritable report file: error, exit non-zero"
else
  fail "bad-dest: no diagnostic: $(head -2 "$work/bd.err")"
fi

echo "trace-report.sh: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
