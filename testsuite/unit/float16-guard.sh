#!/bin/sh
# float16-guard.sh - `make check' test: every DejaGnu test of pto.dg and
# pto.ref whose code (comments stripped) names _Float16 or pto_f16 says
# { dg-require-effective-target float16 } (or no_float16, for the tests
# of the missing type's error), so that it is UNSUPPORTED, not
# FAILed, under a compiler without _Float16 (GCC 11 on x86-64, which
# `make check-gcc11' runs).  One line per offender, FILE first; exit 1
# when there is one.
#
# Usage: float16-guard.sh [SRCDIR]   (default: $srcdir, else .)
set -u
top=${1:-${srcdir:-.}}
status=0
for f in "$top"/testsuite/pto.dg/*.c "$top"/testsuite/pto.ref/*.c; do
  test -r "$f" || continue
  grep -q 'dg-require-effective-target \(no_\)\{0,1\}float16' "$f" && continue
  # The code without its /* */ and // comments.
  if perl -0777 -ne 's{/\*.*?\*/}{}gs; s{//[^\n]*}{}g;
                     exit(/\b(_Float16|pto_f16)\b/ ? 0 : 1)' "$f"; then
    echo "${f#"$top"/}: uses _Float16 or pto_f16 without { dg-require-effective-target float16 }"
    status=1
  fi
done
exit $status
