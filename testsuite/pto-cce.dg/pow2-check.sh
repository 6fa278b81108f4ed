#!/bin/sh
# pow2-check.sh - the kernels of the testsuite and the examples reach the
# back ends without an integer division, modulo or multiplication by a
# power of two (an automake TESTS script; by hand from a build directory:
# srcdir=SRC sh SRC/testsuite/pto-cce.dg/pow2-check.sh).
#
# Every NAME.pto here that is emitted (no NAME.err; NAME.opts applies) goes
# through pto-opt --pipeline=default, the IR both renderers receive, and
# no line may have "/ 2^k", "% 2^k" or "* 2^k" (k >= 1, an integer
# constant, either side of a "*").  Decompose turns each of them into a
# shift, a mask or the biased shift of a possibly negative dividend, and
# a multiplication into a shift: x << k when x is known non-negative,
# else (T)((U)x << k) through the unsigned type of x's width (only the
# 8- and 16-bit products of a value of unknown sign keep their
# multiplication; no kernel here has one).  Lines the back ends print
# themselves (UB addresses of scalar loops, DMA parameters: names ending
# in __) are not IR and not checked here.
set -u
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
case $top in */testsuite/pto-cce.dg) top=$(cd "$top/../.." && pwd) ;; esac
dir=$top/testsuite/pto-cce.dg
build=$(pwd)
opt=$build/tools/pto-opt
[ -x "$opt" ] || { echo "pow2-check.sh: $opt is not built" >&2; exit 99; }
k='(2|4|8|16|32|64|128|256|512|1024|2048|4096|8192|16384|32768|65536|131072|262144|524288|1048576)'
pat="[*/%] $k(:[iu][0-9]+)?([^0-9.:]|\$)|(^|[^0-9.])$k(:[iu][0-9]+)? \\*"
fails=0
checked=0
for f in "$dir"/*.pto; do
  name=$(basename "$f" .pto)
  [ -f "$dir/$name.err" ] && continue
  opts=
  [ -f "$dir/$name.opts" ] && opts=$(cat "$dir/$name.opts")
  # shellcheck disable=SC2086
  out=$(cd "$dir" && "$opt" $opts --pipeline=default "$name.pto" 2>&1) || {
    echo "FAIL: $name: pto-opt failed"; fails=$((fails + 1)); continue; }
  checked=$((checked + 1))
  n=$(printf '%s\n' "$out" | grep -cE "$pat")
  if [ "$n" -ne 0 ]; then
    echo "FAIL: $name: $n lines with a power-of-two /, % or *:"
    printf '%s\n' "$out" | grep -E "$pat" | sed 's/^/    /'
    fails=$((fails + 1))
  fi
done
echo "pow2-check.sh: $checked kernels checked, $fails failures"
[ "$fails" -eq 0 ]
