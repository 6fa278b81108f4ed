#!/bin/sh
# replay.sh - `make check' test: replay the fuzz regression inputs and the
# seed corpus through both fuzz targets, built with the normal compiler
# and replay.c (no clang, no libFuzzer needed).
#
# Runs, from the top build directory (automake sets $srcdir):
#   fuzz-parse  on testsuite/fuzz/regress/parse/* and every
#               testsuite/pto-opt.dg/**/*.pto;
#   fuzz-passes on testsuite/fuzz/regress/passes/* (their own headers)
#               and on every pto-opt.dg seed under each pass-list header
#               that make-corpus.sh uses.
# A target aborts on any bug it detects (see fuzz-parse.c and
# fuzz-passes.c), so any failure here is a crash, an ICE, a verifier
# complaint after a pass, or a print/parse round trip that changed text.
# Exit 0 pass, 1 fail, 99 setup error (automake conventions).

set -u
srcdir=${srcdir:-.}
bin=testsuite/fuzz
here=$srcdir/testsuite/fuzz
fail=0

for t in fuzz-parse fuzz-passes; do
  [ -x "$bin/$t" ] || { echo "ERROR: $bin/$t not built"; exit 99; }
done
seeds=$(find "$srcdir/testsuite/pto-opt.dg" -name '*.pto' | LC_ALL=C sort)
[ -n "$seeds" ] || { echo "ERROR: no seeds in $srcdir/testsuite/pto-opt.dg"; exit 99; }

# run DESCRIPTION COMMAND...: one PASS/FAIL line; the output on failure.
run() {
  desc=$1
  shift
  if out=$("$@" 2>&1); then
    echo "PASS: $desc: $(printf '%s\n' "$out" | tail -n 1)"
  else
    printf '%s\n' "$out" | tail -n 60
    echo "FAIL: $desc"
    fail=1
  fi
}

# Every regression input, one run each so a failure names its file.
for kind in parse passes; do
  for f in "$here/regress/$kind"/*; do
    [ -f "$f" ] || continue
    run "fuzz-$kind regress/$kind/${f##*/}" "$bin/fuzz-$kind" -q "$f"
  done
done

# shellcheck disable=SC2086
run "fuzz-parse seeds" "$bin/fuzz-parse" -q $seeds
for h in $(sed -n 's/^\([0-9A-Fa-f]\{8\}\) .*/\1/p' "$here/make-corpus.sh"); do
  # shellcheck disable=SC2086
  run "fuzz-passes -H $h seeds" "$bin/fuzz-passes" -q -H "$h" $seeds
done
exit $fail
