#! /bin/sh
# testsuite/cce-check/table.sh - the CCE checker's intrinsic table says
# exactly what runtime/cce-api.h declares: for each arch, table-calls
# writes one call per row, argument count and element type; g++ compiles
# them against the header; a call must compile iff the table accepts it.
LC_ALL=C
export LC_ALL
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
case $top in */testsuite/cce-check) top=$(cd "$top/../.." && pwd) ;; esac
gen=${PTO_TABLE_CALLS:-$(pwd)/testsuite/cce-check/table-calls}
cxx=${PTO_CXX:-g++}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cce-table.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0 total=0
for arch in dav-c220 dav-m200; do
  def=PTO_CCE_ARCH_C220
  test $arch = dav-m200 && def=PTO_CCE_ARCH_M200
  "$gen" $arch "$tmp/calls.cce" "$tmp/expect" || exit 1
  $cxx -fsyntax-only -x c++ -std=c++17 -D$def -include "$top/runtime/cce-api.h" \
    "$tmp/calls.cce" >"$tmp/out" 2>&1
  sed -n 's/^[^:]*calls\.cce:\([0-9]*\):[0-9]*: error: .*/\1/p' "$tmp/out" \
    | sort -u >"$tmp/bad"
  while read -r line verdict what; do
    total=$((total + 1))
    if grep -qx "$line" "$tmp/bad"; then got=fail; else got=ok; fi
    if test "$got" != "$verdict"; then
      echo "FAIL: $arch $what: the table says $verdict, cce-api.h says $got"
      grep "calls\.cce:$line:" "$tmp/out" | head -2
      fail=1
    fi
  done <"$tmp/expect"
done
echo "cce-check table: $total calls compared with cce-api.h"
exit $fail
