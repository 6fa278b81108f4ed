#!/bin/sh
# cce-counts.sh - how close the CCE back end's code is to what the data
# sizes allow, per example kernel.
#
# Usage (from a build directory):  sh SRCDIR/bench/cce-counts.sh [FILE.pto...]
# Default inputs: the capture dumps of examples/*.c kept in
# testsuite/pto-cce.dg/ex-*.pto (pto-cc -c -fplugin-arg-pto-dump=capture,
# locations stripped).  Each is lowered with `pto-opt --pipeline=default
# --emit-cce', and the plan comment of every kernel is read:
#   vector   vector instructions of the kernel's tile ops (each op once)
#            vs the minimum: ceil(bytes / 256 / 255) per op (one repeat
#            per 256 B, at most 255 repeats per instruction); tile copies
#            made for value semantics count with a minimum of 0;
#   repeats  vector repeats vs ceil(bytes / 256) per op;
#   DMA      DMA instructions vs one per load/store; bursts vs 1 for a
#            contiguous transfer and one per row for a strided one;
#   scalar   elements moved or computed on the scalar unit (fallbacks);
#   UB       peak UB bytes vs the sum of the tile sizes (> 1 would mean
#            wasted space; < 1 is reuse of dead tiles' bytes).
# Ratios are issued / minimum (1.00 is optimal).  Counts are static: a
# loop body counts once, which scales issued and minimum alike.

set -u
srcdir=${srcdir:-$(dirname "$0")/..}
top=$(cd "$srcdir" && pwd)
opt=${PTO_OPT:-$(pwd)/tools/pto-opt}
[ -x "$opt" ] || { echo "cce-counts.sh: $opt not built (run from a build dir)" >&2; exit 1; }
if [ $# -eq 0 ]; then
  set -- "$top"/testsuite/pto-cce.dg/ex-*.pto
fi
tmp=${TMPDIR:-/tmp}/cce-counts.$$
trap 'rm -f "$tmp"' EXIT INT TERM

printf '%-22s %-18s %9s %9s %9s %9s %7s %14s\n' example kernel vector repeats \
  DMA bursts scalar "UB peak/tiles"
for f in "$@"; do
  ex=$(basename "$f" .pto)
  if ! "$opt" --pipeline=default --emit-cce="$tmp" "$f" >/dev/null 2>&1; then
    printf '%-22s %s\n' "$ex" "(not lowered: see pto-opt --emit-cce)"
    continue
  fi
  awk -v ex="$ex" -v csv="${BENCH_CSV:-}" '
    function row(what, x, unit) {
      if (csv != "") printf "cce-counts,%s %s,%s,%s,%s\n", ex, name, what, x, unit >> csv
    }
    function ratio(a, b) { return b ? sprintf("%.2f", a / b) : (a ? "inf" : "1.00") }
    /^\/\* kernel .*: UB plan/ {
      name = $3; sub(/:$/, "", name)
      for (i = 1; i <= NF; i++) {
        if ($i == "peak") peak = $(i + 1)
        if ($i == "tiles") tiles = $(i + 1)
      }
    }
    /^   counts:/ {
      line = $0; gsub(/[(),]/, " ", line); n = split(line, w, " ")
      for (i = 1; i <= n; i++) {
        if (w[i] == "vector") { v = w[i + 1]; vm = w[i + 3] }
        if (w[i] == "repeats") { r = w[i + 1]; rm = w[i + 3] }
        if (w[i] == "DMA") { d = w[i + 1]; dm = w[i + 3] }
        if (w[i] == "bursts") { b = w[i + 1]; bm = w[i + 3] }
        if (w[i] == "elements") { s = w[i + 1] }
      }
      printf "%-22s %-18s %9s %9s %9s %9s %7s %14s\n", ex, name,
        v "/" vm, r "/" rm, d "/" dm, b "/" bm, s,
        peak "/" tiles
      printf "%-22s %-18s %9s %9s %9s %9s %7s %14s\n", "", "  ratio",
        ratio(v, vm), ratio(r, rm), ratio(d, dm), ratio(b, bm), "",
        ratio(peak, tiles)
      row("vector instructions", v, "count"); row("vector minimum", vm, "count")
      row("DMA", d, "count"); row("DMA minimum", dm, "count")
      row("UB peak", peak, "bytes"); row("UB tile sum", tiles, "bytes")
    }' "$tmp"
done
