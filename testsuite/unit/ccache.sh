#! /bin/sh
# ccache.sh - plugin builds through ccache: the second build is a hit and
# gives the same object; a changed plugin is a miss.
#
# Uses a private cache (CCACHE_DIR and an empty configuration under the
# test's temporary directory; the user's CCACHE_* settings are cleared)
# and the gcc command that `pto-cc --showme' prints, i.e.
#   ccache gcc -fplugin=/abs/pto.so -I/abs/include -O2 -c FILE -o FILE.o
# (ccache hashes the plugin named by -fplugin=PATH, by mtime and size,
# which `ccache pto-cc' could not do: the plugin is not on pto-cc's
# command line).  Checks, with counters from `ccache --print-stats':
#   - a kernel file (examples/saxpy.c) and a file without DSL code: the
#     first build is a miss, the second a hit, the objects are identical
#     and equal to a build without ccache; the no-DSL object also equals
#     one built without the plugin, and links and runs;
#   - the plugin's dump files (-fplugin-arg-pto-dump=) are written on a
#     miss and NOT recreated on a hit (ccache stores only the object;
#     documented in pto-cc(1));
#   - touching the plugin (new mtime) turns the next build into a miss;
#   - the kernel program linked from the cached object runs correctly.
#
# Environment (AM_TESTS_ENVIRONMENT, testsuite/local.mk): PTO_CC_UNINSTALLED,
# PTO_PLUGIN, PTO_GCC_DEFAULT; srcdir (automake) to find examples/.  Exit status: 0 pass,
# 1 a check failed, 77 skipped (ccache not installed, or older than 4),
# 99 hard error.

fails=0
fail () { echo "FAIL: $*"; fails=$((fails + 1)); }
pass () { echo "PASS: $*"; }
skip () { echo "SKIP: $*"; exit 77; }
hard () { echo "ERROR: $*"; exit 99; }

# Compiler masquerade directories (/usr/lib/ccache, /usr/lib/distcc) in
# PATH would send the "local" builds through ccache or distcc too.
PATH=$(printf '%s\n' "$PATH" | tr ':' '\n' \
       | grep -v -E '/lib(64)?/(ccache|distcc)/?$' | paste -s -d: -)
export PATH

command -v ccache >/dev/null 2>&1 || skip "ccache is not installed"
test -n "$PTO_CC_UNINSTALLED" && test -n "$PTO_PLUGIN" \
  || hard "PTO_CC_UNINSTALLED and PTO_PLUGIN must be set (run by make check)"
test -f "$PTO_PLUGIN" || hard "no plugin at $PTO_PLUGIN"
src=${srcdir:-.}/examples/saxpy.c
test -f "$src" || hard "no $src"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pto-ccache.XXXXXX") || hard "mktemp"
trap 'rm -rf "$tmp"' 0
trap 'exit 99' HUP INT PIPE TERM

# A private cache that ignores the user's configuration.
for v in $(env | sed -n 's/^\(CCACHE_[A-Za-z0-9_]*\)=.*/\1/p'); do
  unset "$v"
done
CCACHE_DIR=$tmp/cache
CCACHE_CONFIGPATH=$tmp/ccache.conf
CCACHE_COMPILERCHECK=mtime
CCACHE_NODISABLE=1
CCACHE_NOREADONLY=1
CCACHE_NORECACHE=1
CCACHE_DIRECT=1
CCACHE_NOHARDLINK=1
CCACHE_STATS=1
CCACHE_REMOTE_STORAGE=
export CCACHE_DIR CCACHE_CONFIGPATH CCACHE_COMPILERCHECK CCACHE_NODISABLE \
  CCACHE_NOREADONLY CCACHE_NORECACHE CCACHE_DIRECT CCACHE_NOHARDLINK \
  CCACHE_STATS CCACHE_REMOTE_STORAGE
: > "$CCACHE_CONFIGPATH"
unset PTO_GCC
ccache --print-stats >/dev/null 2>&1 \
  || skip "ccache $(ccache --version | sed -n '1s/.* //p') has no --print-stats (ccache 4)"

# Counter NAME of --print-stats.
counter ()
{
  ccache --print-stats | sed -n "s/^$1[	 ]\{1,\}//p"
}
# "HITS MISSES" so far.
counts ()
{
  echo "$(($(counter direct_cache_hit) + $(counter preprocessed_cache_hit))) $(counter cache_miss)"
}

cp "$src" "$tmp/saxpy.c" || hard "copy $src"
cat > "$tmp/nodsl.c" <<'EOF'
#include <stdio.h>
static int sq (int x) { return x * x; }
int main (void) { printf ("%d\n", sq (7)); return 0; }
EOF
mkdir "$tmp/out" || hard "mkdir"

# Run `ccache GCC-COMMAND' in $tmp for pto-cc arguments ARGS..., the gcc
# command being the one pto-cc --showme prints (shell-quoted: eval).
ccache_build ()
{
  line=$("$PTO_CC_UNINSTALLED" --showme "$@") || return 1
  (cd "$tmp" && eval "ccache $line")
}

# Build ARGS... twice through ccache into $tmp/out/NAME.1.o and .2.o;
# check miss then hit and identical objects.
round_trip ()
{
  name=$1
  shift
  c0=$(counts)
  ccache_build "$@" -o "out/$name.1.o" || { fail "$name: first build"; return 1; }
  c1=$(counts)
  ccache_build "$@" -o "out/$name.2.o" || { fail "$name: second build"; return 1; }
  c2=$(counts)
  set -- $c0 $c1 $c2
  if test $3 -eq $1 && test $4 -eq $(($2 + 1)); then
    pass "$name: first build is a miss"
  else
    fail "$name: first build: hits/misses $1/$2 -> $3/$4"
  fi
  if test $5 -eq $(($3 + 1)) && test $6 -eq $4; then
    pass "$name: second build is a hit"
  else
    fail "$name: second build: hits/misses $3/$4 -> $5/$6"
  fi
  if cmp "$tmp/out/$name.1.o" "$tmp/out/$name.2.o"; then
    pass "$name: the cached object is identical"
  else
    fail "$name: the cached object differs"
  fi
}

# --- The kernel file ---------------------------------------------------
round_trip saxpy -O2 -c saxpy.c
if (cd "$tmp" && "$PTO_CC_UNINSTALLED" -O2 -c saxpy.c -o out/saxpy.direct.o) \
   && cmp "$tmp/out/saxpy.direct.o" "$tmp/out/saxpy.2.o"; then
  pass "saxpy: cached object equals a build without ccache"
else
  fail "saxpy: cached object differs from a build without ccache"
fi

# --- The file without DSL code -----------------------------------------
round_trip nodsl -O2 -c nodsl.c
# The compiler pto-cc drives (configure's CC: gcc-11 in make check-gcc11).
if (cd "$tmp" && ${PTO_GCC_DEFAULT:-gcc} -O2 -c nodsl.c -o out/nodsl.plain.o) \
   && cmp "$tmp/out/nodsl.plain.o" "$tmp/out/nodsl.2.o"; then
  pass "nodsl: cached object equals one built without the plugin"
else
  fail "nodsl: cached object differs from one built without the plugin"
fi
if (cd "$tmp" && "$PTO_CC_UNINSTALLED" out/nodsl.2.o -o out/nodsl) \
   && test "$("$tmp/out/nodsl")" = 49; then
  pass "nodsl: the program from the cached object links and runs"
else
  fail "nodsl: the program from the cached object does not link or run"
fi

# --- Dump files: written on a miss, not recreated on a hit -------------
dump=$tmp/out/dump.c.pto.000.capture
ccache_build -O2 -fplugin-arg-pto-dump=capture -c saxpy.c -o out/dump.o
if test -s "$dump"; then
  pass "dump: a miss writes $(basename "$dump")"
else
  fail "dump: a miss did not write $(basename "$dump")"
fi
rm -f "$dump" "$tmp/out/dump.o"
c0=$(counts)
ccache_build -O2 -fplugin-arg-pto-dump=capture -c saxpy.c -o out/dump.o
set -- $c0 $(counts)
if test $3 -eq $(($1 + 1)) && test -f "$tmp/out/dump.o" && test ! -f "$dump"
then
  pass "dump: a hit restores the object but not the dump file"
else
  fail "dump: hit/dump file expectations (hits $1 -> $3, dump present: $(test -f "$dump" && echo yes || echo no))"
fi

# --- A changed plugin is a miss ----------------------------------------
# A private copy of the plugin (and its sibling modules), so that its
# mtime can change without touching the build tree.
mkdir "$tmp/plugin" && cp "$(dirname "$PTO_PLUGIN")"/*.so "$tmp/plugin/" \
  || hard "copy the plugin"
line=$("$PTO_CC_UNINSTALLED" --showme -O2 -c saxpy.c -o out/copy.o \
       | sed "s|-fplugin=[^ ]*|-fplugin=$tmp/plugin/pto.so|")
(cd "$tmp" && eval "ccache $line") || fail "copied plugin: first build"
c0=$(counts)
(cd "$tmp" && eval "ccache $line") || fail "copied plugin: second build"
c1=$(counts)
touch -d "@$(($(date +%s) + 3600))" "$tmp/plugin/pto.so" \
  || hard "touch the plugin"
(cd "$tmp" && eval "ccache $line") || fail "touched plugin: build"
set -- $c0 $c1 $(counts)
if test $3 -eq $(($1 + 1)) && test $6 -eq $(($4 + 1)) && test $5 -eq $3; then
  pass "plugin: unchanged plugin hits, touched plugin misses"
else
  fail "plugin: hits/misses $1/$2 -> $3/$4 -> $5/$6"
fi

# --- Link and run the kernel program -----------------------------------
# examples/saxpy.c checks its own results and prints PASS:/FAIL: lines.
if (cd "$tmp" && "$PTO_CC_UNINSTALLED" out/saxpy.2.o -o out/saxpy) \
   && "$tmp/out/saxpy" > "$tmp/run.out" 2>&1 \
   && grep -q '^PASS:' "$tmp/run.out" && ! grep -q '^FAIL:' "$tmp/run.out"
then
  pass "saxpy: the program from the cached object links and runs"
else
  sed 's/^/  | /' "$tmp/run.out" 2>/dev/null
  fail "saxpy: the program from the cached object does not link or run"
fi

echo "$fails failure(s)"
test $fails -eq 0
