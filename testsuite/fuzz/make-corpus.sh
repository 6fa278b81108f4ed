#!/bin/sh
# make-corpus.sh - build the seed corpora of the fuzz targets from the
# pto-opt testsuite (testsuite/pto-opt.dg/**/*.pto).
#
# Usage: testsuite/fuzz/make-corpus.sh SRCDIR OUTDIR
#   SRCDIR  the top source directory (holding testsuite/pto-opt.dg)
#   OUTDIR  created if needed; gets OUTDIR/parse/ (each .pto as is) and
#           OUTDIR/passes/ (each .pto once per pass-list header below,
#           see fuzz-passes.c for the header layout)
# The corpora are generated, never committed.  Existing files in OUTDIR
# are kept, so a corpus grown by a fuzzer survives a rebuild.

set -eu
if [ $# -ne 2 ]; then
  echo "usage: $0 SRCDIR OUTDIR" >&2
  exit 2
fi
src=$1/testsuite/pto-opt.dg
out=$2
[ -d "$src" ] || { echo "$0: no directory $src" >&2; exit 1; }
mkdir -p "$out/parse" "$out/passes"

# Headers for fuzz-passes: options byte, count, two bytes of pass nibbles
# (0 inline, 1 unroll, 2 let_inline, 3 simplify, 4 fold).
headers="
00000000 default pipeline
01000000 default pipeline, force-let-inline
00010000 inline
00010100 unroll
00010200 let_inline
00010300 simplify
00010400 fold
00041043 inline,unroll,simplify,fold
"

# Write the bytes of the hex string $1 to standard output.
hexbytes() {
  h=$1
  while [ -n "$h" ]; do
    rest=${h#??}
    pair=${h%"$rest"}
    # shellcheck disable=SC2059
    printf "$(printf '\\%03o' "0x$pair")"
    h=$rest
  done
}

n=0
for f in $(cd "$src" && find . -name '*.pto' | LC_ALL=C sort); do
  name=$(printf '%s' "${f#./}" | tr '/' '_')
  cp "$src/$f" "$out/parse/$name"
  echo "$headers" | while read -r hex _; do
    [ -n "$hex" ] || continue
    { hexbytes "$hex"; cat "$src/$f"; } > "$out/passes/$hex-$name"
  done
  n=$((n + 1))
done
echo "make-corpus: $n seeds -> $out/parse, $out/passes"
