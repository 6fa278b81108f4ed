#! /bin/sh
# pto-cc.sh - the pto-cc driver in its three modes (--version, --help,
# --showme) and a real compile through it, for the build-tree copy and
# for the copy that gets installed.
#
# Run by `make check' (TESTS) with the paths in the environment (see
# AM_TESTS_ENVIRONMENT in testsuite/local.mk).  Exit 0 on success, 1 with
# a message per failed check.

fails=0
fail () { echo "FAIL: $*"; fails=$((fails + 1)); }
pass () { echo "PASS: $*"; }

tmp=${TMPDIR:-/tmp}/pto-cc-test.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' 0

cc=$PTO_CC_UNINSTALLED
inst=$PTO_CC_INSTALLED
gcc_default=$PTO_GCC_DEFAULT
unset PTO_GCC

# --version names the package and the build-tree plugin.
out=$("$cc" --version) || fail "--version exit status"
case $out in
  "pto-cc (pto-gcc) "*"plugin: $PTO_PLUGIN"*) pass "--version" ;;
  *) fail "--version output: $out" ;;
esac

# --help: usage text, exit 0.
out=$("$cc" --help) || fail "--help exit status"
case $out in
  Usage:*--showme*) pass "--help" ;;
  *) fail "--help output: $out" ;;
esac

# --showme prints the exact command (quoting words with spaces), wherever
# it is on the command line, and runs nothing.  A link gets the runtime
# library once runtime/local.mk enables it (PTO_RT_ENABLED); -c never.
rtdir=$(cd "$(dirname "$PTO_PLUGIN")/../.." && pwd)/runtime/.libs
base="$gcc_default -fplugin=$PTO_PLUGIN -I$PTO_INCLUDE"
out=$("$cc" -O2 --showme 'a b.c' -o prog) || fail "--showme exit status"
want="$base -O2 'a b.c' -o prog"
if test "$PTO_RT_ENABLED" = yes; then
  want="$want -L$rtdir -Wl,-rpath,$rtdir -lpto-rt${PTO_SAN_CFLAGS:+ $PTO_SAN_CFLAGS}"
fi
if test "$out" = "$want"; then pass "--showme (link)"; else
  fail "--showme: got [$out] want [$want]"; fi
out=$("$cc" --showme -c x.c -o x.o)
want="$base -c x.c -o x.o"
if test "$out" = "$want"; then pass "--showme -c (no link flags)"; else
  fail "--showme -c: got [$out] want [$want]"; fi

# PTO_GCC replaces the compiler.
out=$(PTO_GCC=my-gcc "$cc" --showme -c x.c)
case $out in
  "my-gcc -fplugin="*" -c x.c") pass "PTO_GCC" ;;
  *) fail "PTO_GCC: $out" ;;
esac

# The installed copy points at the installed plugin, not the build tree.
out=$("$inst" --showme -c x.c)
case $out in
  *"$PTO_PLUGIN"*) fail "installed copy uses the build tree: $out" ;;
  *"-fplugin=/"*"/pto.so "*) pass "installed copy --showme" ;;
  *) fail "installed copy --showme: $out" ;;
esac

# A real compile, link and run through the plugin.
cat > "$tmp/hello.c" <<'EOF'
#include <stdio.h>
int main (void) { puts ("hello from pto-cc"); return 0; }
EOF
if "$cc" -O2 "$tmp/hello.c" -o "$tmp/hello" && test -x "$tmp/hello" \
   && test "$("$tmp/hello")" = "hello from pto-cc"; then
  pass "compile, link and run"
else
  fail "compile, link and run"
fi

# -c makes an object only.
if "$cc" -c "$tmp/hello.c" -o "$tmp/hello.o" && test -f "$tmp/hello.o"; then
  pass "-c"
else
  fail "-c"
fi

# Plugin options pass through: an unknown one is GCC's error.
if "$cc" -fplugin-arg-pto-bogus -c "$tmp/hello.c" -o "$tmp/bad.o" \
     2> "$tmp/err"; then
  fail "unknown plugin option accepted"
elif grep "unknown option" "$tmp/err" > /dev/null; then
  pass "plugin options reach the plugin"
else
  fail "unknown plugin option: $(cat "$tmp/err")"
fi

test $fails -eq 0
