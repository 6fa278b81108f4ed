#!/bin/sh
# include-direction-neg.sh - `make check' test: include-direction.sh fails
# on what it must refuse.  Each case runs the check over a copy of the
# sources (in a temporary directory) broken in one way, and wants exit 1
# with a message naming the fault:
#   1. the copy as it is passes (the cases below start from a clean tree);
#   2. ir/ir.c includes "passes/passes.h" (against the direction);
#   3. the table lets ir/ include passes/ as well, and ir/ir.c does: a
#      cycle between rooms, in the table and in the includes;
#   4. a folder of sources that is in no room of the table.
set -u
top=${srcdir:-.}
check="$top/testsuite/unit/include-direction.sh"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1"; fails=$((fails + 1)); }

fresh() {
  rm -rf "$tmp/src"; mkdir "$tmp/src"
  (cd "$top" && tar cf - doc/architecture.md include runtime ir rewrite \
     passes object backend frontend plugin tools) | (cd "$tmp/src" && tar xf -)
}
# expect NAME PATTERN: the check fails and prints a line matching PATTERN.
expect() {
  out=$(sh "$check" "$tmp/src" 2>&1); rc=$?
  if [ $rc = 1 ] && printf '%s\n' "$out" | grep -q -e "$2"; then pass "$1"
  else fail "$1 (exit $rc): $out"; fi
}

fresh
if out=$(sh "$check" "$tmp/src" 2>&1); then pass "the copy passes"
else fail "the copy fails: $out"; fi

fresh
printf '#include "passes/passes.h"\n' >> "$tmp/src/ir/ir.c"
expect "ir/ -> passes/ is refused" \
  '^ir/ir.c:[0-9]*: ir/ may not include passes/passes.h'

fresh
sed 's/^\(| `ir\/` |.*\) |$/\1 `passes\/` |/' "$top/doc/architecture.md" \
  > "$tmp/src/doc/architecture.md"
grep -q '^| `ir/` |.*`passes/` |$' "$tmp/src/doc/architecture.md" \
  || fail "case 3 could not edit the table"
printf '#include "passes/passes.h"\n' >> "$tmp/src/ir/ir.c"
expect "a cycle ir/ <-> passes/ is refused" 'have a cycle'

fresh
mkdir "$tmp/src/newroom"; printf 'int x;\n' > "$tmp/src/newroom/x.c"
expect "a folder in no room is refused" '^newroom/x.c: in no room'

echo "include-direction-neg: $fails failures"
test $fails = 0
