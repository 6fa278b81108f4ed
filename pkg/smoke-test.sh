#! /bin/bash
# smoke-test.sh - test the installed pto-gcc Debian packages, not the
# build tree.
#
# Usage (as root): pkg/smoke-test.sh [--keep] [--hide DIR]... DEBDIR
#   DEBDIR    the .deb files (pkg/build-debs.sh -o DEBDIR)
#   --hide    a directory to make invisible to the test (the source and
#             build trees; the top of this tree is always hidden)
#   --keep    leave the packages installed (default: they are removed
#             again if they were not installed before)
#
# Installs gcc-N-plugin-pto, pto-gcc-tools, libpto-rt0 and libpto-rt-dev
# with dpkg -i (no -dbgsym), copies examples/*.c to a scratch directory,
# and from there, in a private mount namespace where the hidden trees are
# empty tmpfs mounts (unshare -m; without it the test still runs from the
# scratch copy and says so), checks:
#   - gcc-N -O2 -fplugin=pto (no path) builds every example, linked with
#     -lpto-rt (a plugin cannot add link inputs: pto-cc does), and each
#     prints PASS lines only and exits 0; saxpy also with
#     -fplugin-arg-pto-sim=cce (cce_sim.h from the package);
#   - pkg-config --cflags --libs pto names -lpto-rt, and a build with it
#     runs; every example builds in reference mode (no plugin) with the
#     installed pto.h and runs;
#   - pto-cc builds and runs saxpy and reports the installed paths;
#     pto-extract lists its CCE; pto-opt runs; man pto-cc shows the page;
#   - another installed GCC release (gcc-11 for the GCC 12 plugin) given
#     the installed plugin fails with one line naming the release it was
#     built for, and the plugin package depends on exactly the installed
#     gcc-N version;
#   - the plugin package of another GCC (gcc-11-plugin-pto): its exact
#     gcc-M dependency, and gcc-M -O2 -fplugin=pto (no path) builds and
#     runs every example (one UNSUPPORTED line for an fp16 example when
#     gcc-M lacks _Float16).
# gcc-N, the GCC of pto-cc, is that of the newest plugin package.
# Prints PASS:/FAIL: lines; exit status 0 when all passed.
set -euo pipefail

if [ "${1:-}" = --inner ]; then
  inner=yes
  shift
else
  inner=no
fi

fails=0
pass () { echo "PASS: $*"; }
fail () { echo "FAIL: $*"; fails=$((fails + 1)); }

# ---------------------------------------------------------------------
# Inner part: runs in the scratch directory, the trees hidden.
# ---------------------------------------------------------------------
# run_ok LABEL CMD...: CMD exits 0 and prints PASS lines and no FAIL line.
run_ok () {
  local label=$1 status=0
  shift
  "$@" > run.out 2>&1 || status=$?
  if [ "$status" -eq 0 ] && grep -q '^PASS' run.out && ! grep -q '^FAIL' run.out; then
    pass "$label"
  else
    fail "$label (exit $status)"; sed 's/^/    /' run.out
  fi
}

# build_ok LABEL CMD...: CMD (a compile) exits 0.
build_ok () {
  local label=$1
  shift
  if "$@" > build.out 2>&1; then
    return 0
  fi
  fail "$label: build failed: $*"; sed 's/^/    /' build.out
  return 1
}

inner_tests () {
  local gcc=$1 major=$2 e name
  cd "$work"
  for d in "${hidden[@]}"; do
    if [ -n "$(ls -A "$d" 2>/dev/null)" ]; then
      fail "the tree $d is still visible"
    fi
  done

  local plugindir
  plugindir=$($gcc -print-file-name=plugin)
  if [ -f "$plugindir/pto.so" ] && [ -f "$plugindir/pto-jit.so" ]; then
    pass "pto.so and pto-jit.so are in $plugindir"
  else
    fail "no pto.so/pto-jit.so in $plugindir"
  fi

  for e in examples/*.c; do
    name=$(basename "$e" .c)
    build_ok "$name" $gcc -O2 -fplugin=pto "$e" -o "$name" -lpto-rt -lm \
      && run_ok "$gcc -fplugin=pto $name runs" "./$name"
    build_ok "$name (reference)" $gcc -O2 "$e" -o "$name-ref" \
        $(pkg-config --cflags --libs pto) -lm \
      && run_ok "$name in reference mode (installed pto.h) runs" "./$name-ref"
  done
  build_ok "saxpy sim=cce" $gcc -O2 -fplugin=pto -fplugin-arg-pto-sim=cce \
      examples/saxpy.c -o saxpy-cce -lpto-rt -lm \
    && run_ok "saxpy with -fplugin-arg-pto-sim=cce runs" ./saxpy-cce

  local pc
  pc=$(pkg-config --cflags --libs pto 2>&1) || true
  case " $pc " in
    *" -lpto-rt "*) pass "pkg-config --cflags --libs pto: $pc" ;;
    *) fail "pkg-config --cflags --libs pto: '$pc'" ;;
  esac
  build_ok "saxpy (pkg-config)" $gcc -O2 -fplugin=pto examples/saxpy.c \
      -o saxpy-pc $(pkg-config --cflags --libs pto) \
    && run_ok "saxpy built with pkg-config's flags runs" ./saxpy-pc

  build_ok "pto-cc saxpy" pto-cc -O2 examples/saxpy.c -o saxpy-cc \
    && run_ok "pto-cc -O2 saxpy.c runs" ./saxpy-cc
  # (Outputs captured first: grep -q closing a pipe early would fail the
  # pipeline under pipefail.)
  local text
  text=$(pto-cc --version 2>&1) || true
  if grep -q "^plugin: $plugindir/pto.so$" <<< "$text"; then
    pass "pto-cc uses the installed plugin"
  else
    fail "pto-cc --version: $text"
  fi
  text=$(pto-extract -l saxpy-cc 2>&1) || true
  if grep -q saxpy <<< "$text"; then
    pass "pto-extract -l lists the CCE of saxpy: $(head -1 <<< "$text")"
  else
    fail "pto-extract -l saxpy-cc: $text"
  fi
  text=$(pto-opt --help 2>&1) || true
  if grep -qi usage <<< "$text"; then
    pass "pto-opt --help"
  else
    fail "pto-opt --help: $text"
  fi
  text=$(MANPAGER=cat MANWIDTH=80 man pto-cc 2>&1) || true
  if grep -q 'fplugin-arg-pto' <<< "$text"; then
    pass "man pto-cc shows the page"
  else
    fail "man pto-cc: $(head -3 <<< "$text")"
  fi

  # Wrong use: another GCC release given the installed plugin.
  local other v lines msg status
  for other in gcc-9 gcc-10 gcc-11 gcc-12 gcc-13 gcc-14; do
    [ "$other" = "gcc-$major" ] && continue
    command -v "$other" >/dev/null 2>&1 || continue
    v=$($other -dumpfullversion)
    : > empty.c
    status=0
    LC_ALL=C $other -fplugin="$plugindir/pto.so" -c empty.c -o empty.o \
      2> other.err || status=$?
    lines=$(wc -l < other.err)
    msg=$(head -1 other.err)
    if [ "$status" -ne 0 ] && [ "$status" -lt 128 ] && [ "$lines" -eq 1 ] \
       && [[ $msg == *"was built for GCC $($gcc -dumpfullversion) "* ]]; then
      pass "$other ($v) refuses the installed plugin in one line: $msg"
    else
      fail "$other ($v) with the installed plugin: exit $status, $lines lines:"
      sed 's/^/    /' other.err
    fi
  done

  for other in gcc-9 gcc-10 gcc-11 gcc-12 gcc-13 gcc-14; do
    [ "$other" = "gcc-$major" ] && continue
    command -v "$other" >/dev/null 2>&1 || continue
    [ -f "$($other -print-file-name=plugin)/pto.so" ] || continue
    other_plugin_tests "$other"
  done
}

# other_plugin_tests GCC: the installed plugin package of GCC (not that
# of pto-cc) compiles and runs the examples.
other_plugin_tests () {
  local gcc=$1 e name f16=yes
  echo '_Float16 x;' | $gcc -fsyntax-only -x c - 2>/dev/null || f16=no
  for e in examples/*.c; do
    name=$(basename "$e" .c)
    if [ $f16 = no ] && grep -Eq '\<(_Float16|pto_f16)\>' "$e"; then
      echo "UNSUPPORTED: $gcc -fplugin=pto $name (needs _Float16)"
      continue
    fi
    build_ok "$gcc $name" $gcc -O2 -fplugin=pto "$e" -o "$name-$gcc" \
        -lpto-rt -lm \
      && run_ok "$gcc -fplugin=pto $name runs" "./$name-$gcc"
  done
}

if [ "$inner" = yes ]; then
  work=$1 gcc=$2 major=$3
  shift 3
  hidden=("$@")
  inner_tests "$gcc" "$major"
  echo "smoke-test: $fails failed"
  [ "$fails" -eq 0 ]
  exit
fi

# ---------------------------------------------------------------------
# Outer part: install, hide the trees, run the inner part, uninstall.
# ---------------------------------------------------------------------
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
keep=no
hidden=("$top")
while [ $# -gt 1 ]; do
  case $1 in
    --keep) keep=yes; shift ;;
    --hide) hidden+=("$(cd "$2" && pwd)"); shift 2 ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || { echo "usage: $0 [--keep] [--hide DIR]... DEBDIR" >&2; exit 2; }
debdir=$(cd "$1" && pwd)
[ "$(id -u)" -eq 0 ] || { echo "smoke-test: run as root (dpkg -i)" >&2; exit 2; }

debs=()
for f in "$debdir"/*.deb; do
  case $f in *-dbgsym_*) continue ;; esac
  debs+=("$f")
done
[ ${#debs[@]} -gt 0 ] || { echo "smoke-test: no .deb in $debdir" >&2; exit 2; }
plugin_debs=$(printf '%s\n' "${debs[@]}" | grep '/gcc-[0-9]*-plugin-pto_' \
  | sort -V)
[ -n "$plugin_debs" ] || { echo "smoke-test: no gcc-N-plugin-pto package" >&2; exit 2; }
plugin_deb=$(tail -1 <<< "$plugin_debs")
major=$(basename "$plugin_deb" | sed 's/^gcc-\([0-9]*\)-plugin-pto_.*/\1/')
gcc=gcc-$major

# The exact-version dependency the package manager enforces, for each
# plugin package.
while IFS= read -r deb; do
  m=$(basename "$deb" | sed 's/^gcc-\([0-9]*\)-plugin-pto_.*/\1/')
  want="gcc-$m (= $(dpkg-query -W -f='${Version}' "gcc-$m"))"
  depends=$(dpkg-deb -f "$deb" Depends)
  case ", $depends, " in
    *", $want, "*) pass "$(basename "$deb") depends on $want" ;;
    *) fail "$(basename "$deb") Depends: $depends (want $want)" ;;
  esac
done <<< "$plugin_debs"

names=()
for f in "${debs[@]}"; do names+=("$(dpkg-deb -f "$f" Package)"); done
preinstalled=()
for n in "${names[@]}"; do
  if dpkg-query -W -f='${Status}\n' "$n" 2>/dev/null | grep -q ' installed$'; then
    preinstalled+=("$n")
  fi
done
work=$(mktemp -d "${TMPDIR:-/tmp}/pto-smoke.XXXXXX")
cleanup () {
  if [ "$keep" = no ] && [ ${#preinstalled[@]} -eq 0 ]; then
    dpkg -r "${names[@]}" > /dev/null || echo "smoke-test: dpkg -r failed" >&2
  fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "smoke-test: installing ${names[*]}"
dpkg -i "${debs[@]}"

mkdir -p "$work/examples"
cp "$top"/examples/*.c "$work/examples/"
cp "${BASH_SOURCE[0]}" "$work/smoke-test.sh"
chmod 755 "$work"

# Hide the trees: tmpfs over each in a private mount namespace.
# (A directory inside one hidden before is gone already.)
hide_cmd='for d in "$@"; do [ -d "$d" ] || continue; mount -t tmpfs -o size=1m pto-hidden "$d" || exit 97; done; shift $#'
status=0
if unshare -m --propagation private true 2>/dev/null; then
  unshare -m --propagation private bash -c \
    "$hide_cmd; cd / && exec env -i PATH=/usr/bin:/bin HOME=$work TMPDIR=$work \
     bash $work/smoke-test.sh --inner $work $gcc $major ${hidden[*]}" \
    hide "${hidden[@]}" || status=$?
else
  echo "smoke-test: unshare -m not permitted: the trees stay visible;" \
    "running from the scratch copy $work only"
  (cd / && env -i PATH=/usr/bin:/bin HOME="$work" TMPDIR="$work" \
     bash "$work/smoke-test.sh" --inner "$work" "$gcc" "$major") || status=$?
fi
[ "$status" -eq 0 ] && [ "$fails" -eq 0 ] || { echo "smoke-test: FAILED"; exit 1; }
echo "smoke-test: OK (installed packages, trees hidden: ${hidden[*]})"
