#!/bin/sh
# run-tests.sh - the PTO-ISA back end's tests (an automake TESTS script;
# run by `make check', or by hand from a build directory:
#   srcdir=/path/to/src sh /path/to/src/testsuite/pto-isa.dg/run-tests.sh [NAME...]
#
# The inputs NAME.pto (and NAME.opts, NAME.c) are looked up in this
# directory, then in testsuite/pto-cce.dg (the CCE back end's tests run
# here on the second back end).  A test named a5-NAME is test NAME
# built for Ascend 950 (--arch=3510; the CPU simulation with A5's
# memory sizes, cpu-sim.cpp's PTO_ISA_A5), its golden a5-NAME.pto.cpp.
# For every test of this directory:
#   NAME.pto.cpp present: golden test.  `pto-opt --pipeline=default
#     --emit-pto-isa' must succeed and write exactly NAME.pto.cpp; and
#     a determinism test: emitting again, from another directory through
#     an absolute path, gives the same bytes.
#   NAME.err present: error test.  pto-opt must fail, write no file,
#     and print every line of NAME.err (substrings) on stderr.
#   With a PTO-ISA checkout (configure --with-pto-isa=DIR: the
#   environment's PTO_ISA_INCLUDE and PTO_ISA_CXX, a C++20 compiler),
#   for every golden test:
#     the emitted C++ must compile with -D__CPU_SIM against the
#     PTO-ISA headers (-fsyntax-only, -Wall);
#     when NAME.c exists (a pto-cce.dg execution test), the program --
#     NAME.c in pto.h reference mode with harness.h of this directory,
#     the emitted C++ and cpu-sim.cpp, compiled with -D__CPU_SIM and
#     linked -- must print no failure with PTO_CPU_SIM_UB_BYTES set to
#     the arch's usable UB (the plan comment's figure), so a tile beyond
#     our plan fails there.  A program with bf16 tiles is UNSUPPORTED
#     (saying why) where the CPU simulation's bfloat16_t is its
#     placeholder _Float16 (C++ libraries without C++23 <stdfloat>).
#   Without one, those checks print UNSUPPORTED (never PASS) with why.
# Set PTO_ISA_REGEN=1 to (re)write the NAME.pto.cpp golden files.
# Prints one PASS:/FAIL:/UNSUPPORTED: line per check; exits 1 if any
# check failed.

set -u
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
case $top in */testsuite/pto-isa.dg) top=$(cd "$top/../.." && pwd) ;; esac
dir=$top/testsuite/pto-isa.dg
cce_dir=$top/testsuite/pto-cce.dg
build=$(pwd)
opt=$build/tools/pto-opt
rtlib=$build/runtime/.libs
CC=${CC:-gcc}
isa_inc=${PTO_ISA_INCLUDE:-}
isa_cxx=${PTO_ISA_CXX:-}
work=$build/testsuite/out/pto-isa
mkdir -p "$work" || exit 99
fails=0
passes=0
unsupported=0

pass() { passes=$((passes + 1)); echo "PASS: $1"; }
fail() { fails=$((fails + 1)); echo "FAIL: $1"; }
unsup() { unsupported=$((unsupported + 1)); echo "UNSUPPORTED: $1"; }

# base NAME: the test NAME runs on.  a5-X is test X built for Ascend
# 950 (--arch=3510, and the CPU simulation's A5 memory sizes): X.pto,
# X.opts and X.c of this directory or of pto-cce.dg, the golden
# a5-X.pto.cpp here.
base() {
  case $1 in a5-*) echo "${1#a5-}" ;; *) echo "$1" ;; esac
}

# src_dir NAME: the directory holding NAME's input (base NAME).
src_dir() {
  if [ -f "$dir/$(base "$1").pto" ]; then echo "$dir"; else echo "$cce_dir"; fi
}

# emit NAME OUT [PATH-STYLE]: pto-opt over NAME.pto; from inside its
# directory (the file name in the output is the bare NAME.pto), or with
# "abs" from $work through its absolute path.
emit() {
  d=$(src_dir "$1")
  b=$(base "$1")
  opts=
  [ -f "$d/$b.opts" ] && opts=$(cat "$d/$b.opts")
  [ "$b" = "$1" ] || opts="$opts --arch=3510"
  if [ "${3:-}" = abs ]; then
    # shellcheck disable=SC2086
    (cd "$work" && "$opt" --pipeline=default $opts --emit-pto-isa="$2" \
       "$d/$b.pto" >/dev/null 2>"$2.stderr")
  else
    # shellcheck disable=SC2086
    (cd "$d" && "$opt" --pipeline=default $opts --emit-pto-isa="$2" \
       "$b.pto" >/dev/null 2>"$2.stderr")
  fi
}

# real_bf16: whether the CPU simulation's bfloat16_t is a bfloat16 (not
# the _Float16 placeholder type.hpp falls back to), probed once.
bf16_probe=
real_bf16() {
  if [ -z "$bf16_probe" ]; then
    printf '%s\n' '#include <pto/pto-inst.hpp>' \
      'static_assert(!std::is_same_v<bfloat16_t, _Float16>, "no bf16");' \
      > "$work/bf16-probe.cpp"
    if $isa_cxx -std=c++20 -D__CPU_SIM -I"$isa_inc" -fsyntax-only \
         "$work/bf16-probe.cpp" >/dev/null 2>&1; then
      bf16_probe=yes
    else
      bf16_probe=no
    fi
  fi
  [ "$bf16_probe" = yes ]
}

# cpu_sim NAME CPP: compile CPP against the headers; run NAME.c (not a
# program with bf16 tiles where the CPU simulation has no bfloat16).
cpu_sim() {
  if [ -z "$isa_inc" ] || [ -z "$isa_cxx" ]; then
    unsup "$1: PTO-ISA CPU simulation (configure --with-pto-isa=DIR not given)"
    return
  fi
  if $isa_cxx -std=c++20 -Wall -D__CPU_SIM -I"$isa_inc" -fsyntax-only \
       -x c++ "$2" >"$2.syntax.log" 2>&1; then
    pass "$1: C++ against the PTO-ISA headers (-D__CPU_SIM)"
  else
    head -20 "$2.syntax.log"
    fail "$1: C++ against the PTO-ISA headers (-D__CPU_SIM)"
    return
  fi
  d=$(src_dir "$1")
  b=$(base "$1")
  [ -f "$d/$b.c" ] || return
  if grep -q bfloat16_t "$2" && ! real_bf16; then
    unsup "$1: CPU simulation (PTO-ISA's CPU bfloat16_t is a placeholder _Float16 with this C++ library: include/pto/common/type.hpp takes std::bfloat16_t from C++23 <stdfloat> only)"
    return
  fi
  exe=$work/$1.exe
  cp "$d/$b.c" "$work/$b.c" || return
  # A test that includes a sibling test (dbuf-off.c: dbuf-stream.c)
  # gets it beside it, so that its "harness.h" is still this one.
  for inc in $(sed -n 's/^#include "\([^"/]*\.c\)".*/\1/p' "$d/$b.c"); do
    cp "$d/$inc" "$work/$inc" || return
  done
  sim=cpu-sim
  simdef=
  [ "$b" = "$1" ] || { sim=cpu-sim-a5; simdef=-DPTO_ISA_A5; }
  if ! $isa_cxx -std=c++20 -D__CPU_SIM -I"$isa_inc" -c -x c++ "$2" \
         -o "$2.o" >"$exe.cc.log" 2>&1 \
     || ! $isa_cxx -std=c++20 -D__CPU_SIM $simdef -I"$isa_inc" -c \
         "$dir/cpu-sim.cpp" -o "$work/$sim.o" >>"$exe.cc.log" 2>&1 \
     || ! $CC -std=gnu11 -Wall -Wextra -I"$dir" -I"$top/include" \
         -c "$work/$b.c" -o "$exe.o" >>"$exe.cc.log" 2>&1 \
     || ! $isa_cxx "$exe.o" "$2.o" "$work/$sim.o" -L"$rtlib" \
         -Wl,-rpath,"$rtlib" -lpto-rt -lm -o "$exe" >>"$exe.cc.log" 2>&1
  then
    head -30 "$exe.cc.log"
    fail "$1: CPU simulation: build"
    return
  fi
  ub=$(sed -n 's/.*UB plan for [^ ]* (\([0-9]*\) bytes usable).*/\1/p' "$2" \
       | head -1)
  if PTO_CPU_SIM_UB_BYTES=${ub:-196608} "$exe" >"$exe.log" 2>&1; then
    # A program without outputs (sync-settle-*: sim=cce's race detector
    # is their check, PTO-ISA's simulation has none) only shows that the
    # kernel runs with the arch's UB enforced; say so.
    if grep -q ': 0 checks, 0 failures$' "$exe.log"; then
      pass "$1: CPU simulation runs (the program compares no output)"
    else
      pass "$1: CPU simulation equals reference mode ($(tail -1 "$exe.log"))"
    fi
  else
    tail -20 "$exe.log"
    fail "$1: CPU simulation equals reference mode"
  fi
}

run_one() {
  name=$1
  out=$work/$name.pto.cpp
  rm -f "$out"
  if [ -f "$dir/$name.err" ]; then
    if emit "$name" "$out"; then
      fail "$name: pto-opt succeeded, expected an error"
    elif [ -e "$out" ]; then
      fail "$name: a file was written despite the error"
    else
      ok=1
      while IFS= read -r line; do
        [ -n "$line" ] || continue
        grep -qF -- "$line" "$out.stderr" || {
          ok=0; echo "  missing on stderr: $line"; }
      done <"$dir/$name.err"
      if [ $ok = 1 ]; then pass "$name: error"
      else cat "$out.stderr"; fail "$name: error"; fi
    fi
    return
  fi
  if ! emit "$name" "$out"; then
    cat "$out.stderr"
    fail "$name: pto-opt --emit-pto-isa"
    return
  fi
  if [ "${PTO_ISA_REGEN:-0}" = 1 ]; then
    cp "$out" "$dir/$name.pto.cpp"
  fi
  if cmp -s "$out" "$dir/$name.pto.cpp"; then pass "$name: golden"
  else diff -u "$dir/$name.pto.cpp" "$out" | head -40; fail "$name: golden"; fi
  again=$work/$name.again.pto.cpp
  rm -f "$again"
  if emit "$name" "$again" abs && cmp -s "$out" "$again"; then
    pass "$name: deterministic"
  else
    diff -u "$out" "$again" | head -20
    fail "$name: deterministic"
  fi
  cpu_sim "$name" "$out"
}

if [ ! -x "$opt" ]; then
  echo "run-tests.sh: $opt is not built" >&2
  exit 99
fi
if [ $# -gt 0 ]; then
  names=$*
else
  names=$(cd "$dir" && ls *.pto.cpp *.err 2>/dev/null \
          | sed 's/\.pto\.cpp$//; s/\.err$//' | sort -u)
fi
for n in $names; do
  run_one "$n"
done
echo "pto-isa.dg: $passes passed, $fails failed, $unsupported unsupported"
[ $fails = 0 ]
