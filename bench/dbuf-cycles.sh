#!/bin/sh
# dbuf-cycles.sh - estimated cycles with and without double buffering.
#
# Usage (from a build directory):  sh SRCDIR/bench/dbuf-cycles.sh [NAME...]
# NAMEs are execution tests of testsuite/pto-cce.dg (NAME.pto + NAME.c);
# default: every example kernel (ex-*, and the cube ones mm-ex-*), the
# streaming element-wise
# kernel dbuf-stream and the unrolled streaming kernels dbuf-unroll
# (constant step) and dbuf-unroll-rt (run-time step; the sub-loops
# are double-buffered across their copies).  Each is lowered with `pto-opt --pipeline=default
# --double-buffer=0' and `=1', compiled against runtime/cce_sim.h with
# its test harness (which checks the results and the race detector), and
# run (NAME.opts, as in run-tests.sh, adds pto-opt options such as
# --arch=dav-m200, and the simulator runs on that arch); the simulator's cost model (runtime/cce_sim.c, COST MODEL) gives
# the estimated cycles of every launch the test makes (pto_sim_cycles_max:
# the slowest block), summed over them (the harness prints CYCLES_SUM
# under PTO_BENCH_CYCLES; a test with several shapes, as mm-ex-gemm,
# counts each; PTO_BENCH_METRIC=last prints the last launch's instead,
# which is what a PTO_SIM_TRACE of the run ends with).  ratio = off / on
# (> 1: double buffering is faster).  A run whose harness fails prints
# FAIL instead of a number.

set -u
srcdir=${srcdir:-$(dirname "$0")/..}
top=$(cd "$srcdir" && pwd)
dir=$top/testsuite/pto-cce.dg
build=$(pwd)
opt=${PTO_OPT:-$build/tools/pto-opt}
rtlib=$build/runtime/.libs
CC=${CC:-gcc}
[ -x "$opt" ] || { echo "dbuf-cycles.sh: $opt not built (run from a build dir)" >&2; exit 1; }
if [ $# -eq 0 ]; then
  set -- $(cd "$dir" && ls ex-*.c mm-ex-*.c dbuf-stream.c dbuf-unroll.c \
                             dbuf-unroll-rt.c |
           sed 's/\.c$//')
fi
tmp=${TMPDIR:-/tmp}/dbuf-cycles.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

csv_row() {
  [ -n "${BENCH_CSV:-}" ] && printf '%s,%s,%s,%s,%s\n' "$@" >>"$BENCH_CSV"
  return 0
}

# cycles NAME DB: print the estimate, or FAIL.
cycles() {
  out=$tmp/$1-$2
  opts=
  [ -f "$dir/$1.opts" ] && opts=$(cat "$dir/$1.opts")
  PTO_SIM_ARCH=dav-c220
  for word in $opts; do
    case $word in --arch=*) PTO_SIM_ARCH=${word#--arch=} ;; esac
  done
  export PTO_SIM_ARCH
  # shellcheck disable=SC2086 # (OPTS is a list of options)
  (cd "$dir" && "$opt" --pipeline=default $opts --double-buffer="$2" \
     --emit-cce="$out.cce" "$1.pto" >/dev/null 2>&1) || { echo FAIL; return; }
  $CC -std=gnu11 -D__CCE_KT_TEST__ -fno-delete-null-pointer-checks \
      -I"$top/runtime" -x c -c "$out.cce" -o "$out.o" 2>/dev/null &&
  $CC -std=gnu11 -I"$top/include" -I"$top/runtime" -I"$dir" -c "$dir/$1.c" \
      -o "$out.h.o" 2>/dev/null &&
  $CC "$out.h.o" "$out.o" -L"$rtlib" -Wl,-rpath,"$rtlib" \
      -lpto-rt -lm ${PTO_SAN_CFLAGS:-} -o "$out.exe" 2>/dev/null || { echo FAIL; return; }
  PTO_BENCH_CYCLES=1 "$out.exe" >"$out.log" 2>&1 || { echo FAIL; return; }
  case ${PTO_BENCH_METRIC:-sum} in
    last) sed -n 's/^CYCLES_LAST //p' "$out.log" ;;
    *) sed -n 's/^CYCLES_SUM //p' "$out.log" ;;
  esac
}

printf '%-24s %12s %12s %7s\n' kernel "cycles db=0" "cycles db=1" ratio
for n in "$@"; do
  off=$(cycles "$n" 0)
  on=$(cycles "$n" 1)
  ratio=$(awk -v a="$off" -v b="$on" \
    'BEGIN { if (a ~ /^[0-9]+$/ && b ~ /^[0-9]+$/ && b > 0) printf "%.2f", a / b; else print "-" }')
  printf '%-24s %12s %12s %7s\n' "$n" "$off" "$on" "$ratio"
  csv_row dbuf-cycles "$n" "cycles db=0" "$off" cycles
  csv_row dbuf-cycles "$n" "cycles db=1" "$on" cycles
  csv_row dbuf-cycles "$n" "db=0/db=1" "$ratio" ratio
done
