#! /bin/sh
# gcc-version.sh - the plugin loaded into a GCC of another release is
# refused in one line that names the release it was built for.
#
# For every other GCC major release installed (gcc-9 ... gcc-15 whose
# cc1 answers -dumpversion with a major different from the configured
# compiler's), compiles an empty file with -fplugin=PTO_PLUGIN and checks:
#   - the compile fails (exit status non-zero) and writes no object;
#   - stderr is exactly one line, an error naming the plugin and the
#     release it was built for ("was built for GCC 12.2.0") and the one
#     it is loaded into;
#   - no "failed to initialize plugin" second line, no crash.
# Then the configured compiler itself loads the plugin without a word,
# so the check above cannot pass because the plugin never loads.
#
# Environment (AM_TESTS_ENVIRONMENT, testsuite/local.mk): PTO_PLUGIN,
# PTO_GCC_DEFAULT.  Exit status: 0 pass, 1 a check failed, 77 skipped (no
# other GCC release installed: .ci/setup installs gcc-11), 99 hard error.

fails=0
fail () { echo "FAIL: $*"; fails=$((fails + 1)); }
pass () { echo "PASS: $*"; }
skip () { echo "SKIP: $*"; exit 77; }
hard () { echo "ERROR: $*"; exit 99; }

test -n "$PTO_PLUGIN" && test -f "$PTO_PLUGIN" \
  || hard "PTO_PLUGIN ($PTO_PLUGIN) is not a file"
own_gcc=${PTO_GCC_DEFAULT:-gcc}
own_version=`$own_gcc -dumpfullversion 2>/dev/null` \
  || hard "$own_gcc -dumpfullversion failed"
own_major=${own_version%%.*}

tmp=`mktemp -d "${TMPDIR:-/tmp}/pto-gccver.XXXXXX"` || hard "mktemp failed"
trap 'rm -rf "$tmp"' 0
: > "$tmp/empty.c"
LC_ALL=C
export LC_ALL

# The configured compiler loads it silently (the plugin is usable).
if $own_gcc -fplugin="$PTO_PLUGIN" -c "$tmp/empty.c" -o "$tmp/own.o" \
     2> "$tmp/own.err" && test ! -s "$tmp/own.err"; then
  pass "$own_gcc ($own_version) loads the plugin"
else
  fail "$own_gcc ($own_version) does not load the plugin: `cat "$tmp/own.err"`"
fi

others=0
for major in 9 10 11 12 13 14 15; do
  test "$major" = "$own_major" && continue
  other=gcc-$major
  command -v "$other" >/dev/null 2>&1 || continue
  other_version=`$other -dumpfullversion 2>/dev/null` || continue
  test "${other_version%%.*}" = "$major" || continue
  others=$((others + 1))
  rm -f "$tmp/other.o"
  status=0
  $other -fplugin="$PTO_PLUGIN" -c "$tmp/empty.c" -o "$tmp/other.o" \
    2> "$tmp/other.err" || status=$?
  lines=`wc -l < "$tmp/other.err"`
  msg=`sed 1q "$tmp/other.err"`
  if test "$status" -eq 0; then
    fail "$other ($other_version) accepted the GCC $own_version plugin"
  elif test "$status" -gt 128; then
    fail "$other ($other_version) died of signal $((status - 128)): $msg"
  else
    pass "$other ($other_version) refuses the plugin (exit $status)"
  fi
  test -f "$tmp/other.o" && fail "$other wrote an object anyway"
  if test "$lines" -eq 1; then
    pass "$other: one line of diagnostics"
  else
    fail "$other: $lines lines of diagnostics:"; cat "$tmp/other.err"
  fi
  case $msg in
    *error:*"was built for GCC $own_version "*"loaded into GCC $other_version "*)
      pass "$other: the message names both releases: $msg" ;;
    *) fail "$other: unexpected message: $msg" ;;
  esac
done
test "$others" -gt 0 || skip "no GCC release other than $own_major installed"

test "$fails" -eq 0
