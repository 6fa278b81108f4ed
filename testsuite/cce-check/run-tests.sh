#! /bin/sh
# testsuite/cce-check/run-tests.sh - tests of pto-cce-check (and so of
# backend/cce/check.c and the plugin's check of its own CCE).
#
# Run from the build directory (make check does):
#   srcdir=SRC sh SRC/testsuite/cce-check/run-tests.sh
#
# 1. The seeded-bad set: every bad-NAME.cce (NAME.opts: extra options)
#    must fail (exit 1) and print every line of bad-NAME.err (a line is
#    matched as a substring, LC_ALL=C); the lines ending in [CHECK] are
#    the static checker's and must also appear with --no-compile (the
#    checker finds them without the C++ compiler), and there must be no
#    other finding of the checker.  good*.cce must pass silently.
# 2. Every golden testsuite/pto-cce.dg/*.cce passes for the arch it was
#    emitted for (its first line names it).
# 3. Every example (examples/*.c) compiled by pto-cc for dav-c220 and for
#    dav-m200 writes CCE (the plugin checks it first) that passes.
# The counts of files checked and findings are printed.

LC_ALL=C
export LC_ALL
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
case $top in */testsuite/cce-check) top=$(cd "$top/../.." && pwd) ;; esac
dir=$top/testsuite/cce-check
check=${PTO_CCE_CHECK:-$(pwd)/tools/pto-cce-check-uninstalled}
cc=${PTO_CC_UNINSTALLED:-$(pwd)/tools/pto-cc-uninstalled}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cce-check.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0 files=0 findings=0

bad () { echo "FAIL: $*"; fail=1; }

# 1. Seeded-bad and good files (run from $dir: the findings name the
# file as given).
cd "$dir" || exit 1
for f in bad-*.cce good*.cce; do
  name=${f%.cce}
  opts=
  test -f "$name.opts" && opts=$(cat "$name.opts")
  files=$((files + 1))
  "$check" $opts "$f" >"$tmp/out" 2>&1
  rc=$?
  "$check" --no-compile $opts "$f" >"$tmp/static" 2>&1
  src=$?
  n=$(grep -c '\[[a-z][a-z-]*\]$' "$tmp/out")
  findings=$((findings + n))
  case $name in
    good*)
      test $rc = 0 && test ! -s "$tmp/out" || { bad "$f: exit $rc"; cat "$tmp/out"; }
      continue ;;
  esac
  test $rc = 1 || bad "$f: exit $rc, expected 1"
  while IFS= read -r line; do
    grep -q -F -e "$line" "$tmp/out" || { bad "$f: missing: $line"; cat "$tmp/out"; }
    case $line in
      *\]) grep -q -F -e "$line" "$tmp/static" \
             || bad "$f: --no-compile misses: $line" ;;
    esac
  done <"$name.err"
  if grep -q '\]$' "$name.err"; then
    test $src = 1 || bad "$f: --no-compile exit $src, expected 1"
  fi
  # No finding beyond the expected ones.
  want=$(grep -c '\[[a-z][a-z-]*\]$' "$name.err")
  test "$n" = "$want" || { bad "$f: $n findings, expected $want"; cat "$tmp/out"; }
done
cd - >/dev/null || exit 1

# 2. The goldens.
for f in "$top"/testsuite/pto-cce.dg/*.cce; do
  arch=$(sed -n '1s/.* for \(dav-[a-z0-9]*\|3510\):.*/\1/p' "$f")
  test -n "$arch" || { bad "$f: no arch on its first line"; continue; }
  # pto-cce-check models dav-c220 and dav-m200; a 3510 golden is
  # compiled against cce-api.h for 3510 by pto-cce.dg itself.
  if [ "$arch" = 3510 ]; then
    echo "NOTE: $(basename "$f"): 3510, not an arch of pto-cce-check"
    continue
  fi
  files=$((files + 1))
  "$check" --arch="$arch" "$f" >"$tmp/out" 2>&1 \
    || { bad "$f ($arch)"; head -5 "$tmp/out"; }
  findings=$((findings + $(grep -c ': error: ' "$tmp/out")))
done

# 3. The examples, for both archs.
for arch in dav-c220 dav-m200; do
  for ex in "$top"/examples/*.c; do
    name=$(basename "$ex" .c)
    rm -f "$tmp/$name.cce"
    if ! (cd "$tmp" && "$cc" -c -fplugin-arg-pto-arch=$arch -o "$name.o" "$ex") \
        >"$tmp/cc.out" 2>&1; then
      if grep -q 'internal error: emitted CCE fails check' "$tmp/cc.out"; then
        bad "examples/$name.c ($arch): the plugin's check"
        grep 'internal error' "$tmp/cc.out" | head -3
        findings=$((findings + $(grep -c 'internal error' "$tmp/cc.out")))
      fi
      continue   # a kernel the arch cannot serve: a user error, tested elsewhere
    fi
    test -f "$tmp/$name.cce" || continue   # no kernel
    files=$((files + 1))
    "$check" --arch=$arch "$tmp/$name.cce" >"$tmp/out" 2>&1 \
      || { bad "examples/$name.c ($arch)"; head -5 "$tmp/out"; }
    findings=$((findings + $(grep -c ': error: ' "$tmp/out")))
  done
done

echo "cce-check: $files files checked, $findings findings"
exit $fail
