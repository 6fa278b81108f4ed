#! /bin/sh
# many-kernels.sh - compile time and peak memory per kernel of a unit
# with many small kernels (10,000 kernels once took 184 s and
# 827 MB).
#
# Generates units of N small distinct kernels (bench/many-kernels-gen.awk;
# default N = 1000 and 10000), compiles each once with the plugin
# (pto-cc -O2 -c, sim=jit, the default; MANY_KERNELS_SIM=cce for the
# other back end) under /usr/bin/time, and prints side by side, for each
# N: wall and CPU time (user + system, the compiler and its children),
# CPU milliseconds per kernel, the peak resident memory of the largest
# process (cc1), its KB per kernel, and the ratios of each per-kernel
# figure to the first N's (1.00 = flat: time and memory linear in the
# number of kernels).  CPU time is the figure to compare on a shared
# machine; wall time is printed for reference.  Nothing is asserted.
#
# Usage: bench/many-kernels.sh [N...]   (default: 1000 10000)
# Environment: PTO_CC  the driver (default tools/pto-cc-uninstalled of
#                      the build directory this runs from, else pto-cc)
#              MANY_KERNELS_SIM  jit (default) or cce
#              BENCH_CSV  append one CSV row per measurement
# Needs GNU time (/usr/bin/time, Debian package `time').
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sizes=${*:-1000 10000}
sim=${MANY_KERNELS_SIM:-jit}
if [ -z "${PTO_CC:-}" ]; then
  if [ -x tools/pto-cc-uninstalled ]; then
    PTO_CC=$(pwd)/tools/pto-cc-uninstalled
  else
    PTO_CC=pto-cc
  fi
fi
if [ ! -x /usr/bin/time ]; then
  echo "many-kernels: needs GNU time (/usr/bin/time; apt-get install time)" >&2
  exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/many-kernels.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

csv_row () {
  [ -n "${BENCH_CSV:-}" ] && printf '%s,%s,%s,%s,%s\n' "$@" >> "$BENCH_CSV"
  return 0
}

printf '%8s %9s %9s %12s %9s %12s %10s %10s\n' kernels "wall s" "cpu s" \
  "cpu ms/krnl" "peak MB" "peak KB/krnl" "time ratio" "mem ratio"
base_t= base_m=
for n in $sizes; do
  awk -v n="$n" -f "$here/many-kernels-gen.awk" > "$tmp/k$n.c"
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/time$n" \
    "$PTO_CC" -O2 -fplugin-arg-pto-sim="$sim" -c "$tmp/k$n.c" -o "$tmp/k$n.o"
  rm -f "$tmp/k$n.o" "$tmp/k$n.cce" "$tmp/k$n.c"
  read -r wall user sys kb < "$tmp/time$n"
  line=$(awk -v n="$n" -v w="$wall" -v u="$user" -v s="$sys" -v kb="$kb" \
           -v bt="$base_t" -v bm="$base_m" 'BEGIN {
    t = (u + s) * 1000 / n; m = kb / n
    rt = bt == "" ? 1 : t / bt; rm = bm == "" ? 1 : m / bm
    printf "%8d %9.1f %9.1f %12.2f %9.1f %12.1f %10.2f %10.2f|%.4f|%.2f\n",
      n, w, u + s, t, kb / 1024, m, rt, rm, t, m }')
  printf '%s\n' "${line%%|*}"
  rest=${line#*|}
  per_t=${rest%%|*} per_m=${rest#*|}
  if [ -z "$base_t" ]; then base_t=$per_t base_m=$per_m; fi
  csv_row many-kernels "$n-$sim" "cpu ms per kernel" "$per_t" ms
  csv_row many-kernels "$n-$sim" "peak KB per kernel" "$per_m" KB
  csv_row many-kernels "$n-$sim" "wall s" "$wall" s
done
