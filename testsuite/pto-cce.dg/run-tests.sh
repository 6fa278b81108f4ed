#!/bin/sh
# run-tests.sh - the CCE back end's tests (an automake TESTS script; run
# by `make check', or by hand from a build directory:
#   srcdir=/path/to/src sh /path/to/src/testsuite/pto-cce.dg/run-tests.sh [NAME...]
#
# For every testsuite/pto-cce.dg/NAME.pto (or the NAMEs given):
#   NAME.opts present: extra pto-opt options (one line, e.g. --arch=X).
#   NAME.cce present: golden test.  `pto-opt --pipeline=default
#     --emit-cce' must succeed and write exactly NAME.cce.
#   NAME.err present: error test.  pto-opt must fail, write no .cce, and
#     print every line of NAME.err (substrings) on stderr.
#   NAME.c present: execution test.  The emitted .cce is compiled as C
#     against runtime/cce_sim.h (with -Wall -Wextra -Werror: the emitted
#     text must be warning-free), NAME.c in pto.h reference mode, and the
#     program (harness.h) compares the kernels run both ways, with the
#     simulator's race detector and flag checker in record mode: any
#     report fails the test.
#   Every NAME.pto that emits: the .cce, emitted for dav-c220 and for
#     dav-m200 (NAME.opts' --arch replaced), must compile as C++
#     (g++ -fsyntax-only -x c++) against runtime/cce-api.h for that arch,
#     the vendor's declarations: const GM pointers, missing overloads
#     (int32 vcadd), ambiguous literals, wrong operand counts and
#     intrinsics the arch lacks are errors there.  An arch the kernel
#     cannot be emitted for (a pto-opt error) is noted, not counted.
#     The execution tests run the simulator on NAME.opts' arch.
#   NAME.drop present: sync-drop test.  Each line is a number N: with
#     PTO_EMIT_DROP_SYNC=N (backend/cce/cce.h) the execution test must FAIL
#     with a simulator "race:" report, i.e. the emitter's syncs are all
#     needed and the simulator sees each one missing.
# Set PTO_CCE_REGEN=1 to (re)write the NAME.cce golden files.
# Prints one PASS:/FAIL: line per check; exits 1 if any failed.

set -u
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
case $top in */testsuite/pto-cce.dg) top=$(cd "$top/../.." && pwd) ;; esac
dir=$top/testsuite/pto-cce.dg
build=$(pwd)
opt=$build/tools/pto-opt
rtlib=$build/runtime/.libs
CC=${CC:-gcc}
CXX=${CXX:-g++}
work=$build/testsuite/out/pto-cce
mkdir -p "$work" || exit 99
fails=0
passes=0

pass() { passes=$((passes + 1)); echo "PASS: $1"; }
fail() { fails=$((fails + 1)); echo "FAIL: $1"; }

# emit NAME OUT [ENV...]: pto-opt over NAME.pto from inside $dir (so the
# file name in the output is the bare NAME.pto).
emit() {
  opts=
  [ -f "$dir/$1.opts" ] && opts=$(cat "$dir/$1.opts")
  # shellcheck disable=SC2086
  (cd "$dir" && "$opt" --pipeline=default $opts --emit-cce="$2" "$1.pto" \
     >/dev/null 2>"$2.stderr")
}

# arch_of NAME: the --arch of NAME.opts (default dav-c220).
arch_of() {
  a=dav-c220
  if [ -f "$dir/$1.opts" ]; then
    for word in $(cat "$dir/$1.opts"); do
      case $word in --arch=*) a=${word#--arch=} ;; esac
    done
  fi
  echo "$a"
}

# emit_for NAME OUT ARCH: emit NAME for ARCH (NAME.opts without --arch).
emit_for() {
  opts=--arch=$3
  if [ -f "$dir/$1.opts" ]; then
    for word in $(cat "$dir/$1.opts"); do
      case $word in --arch=*) ;; *) opts="$opts $word" ;; esac
    done
  fi
  # shellcheck disable=SC2086
  (cd "$dir" && "$opt" --pipeline=default $opts --emit-cce="$2" "$1.pto" \
     >/dev/null 2>"$2.stderr")
}

# api_check NAME CCE ARCH: CCE must be valid C++ against cce-api.h (a
# dav-c220 mix kernel: its cube core's and its vector cores' compiles).
api_check() {
  case $3 in dav-m200 | dav-c100) m=M200 ;; *) m=C220 ;; esac
  cores=-DPTO_CCE_ONE_CORE
  grep -q '__mix__' "$2" && cores='-D__DAV_CUBE__ -D__DAV_VEC__'
  ok=yes
  : >"$2.api.log"
  for core in $cores; do
    $CXX -fsyntax-only -x c++ -DPTO_CCE_ARCH_$m $core \
      -include "$top/runtime/cce-api.h" "$2" >>"$2.api.log" 2>&1 || ok=no
  done
  if [ $ok = yes ]; then
    pass "$1: C++ against cce-api.h ($3)"
  else
    head -20 "$2.api.log"
    fail "$1: C++ against cce-api.h ($3)"
  fi
}

# api_both NAME CCE: api_check of CCE (NAME.opts' arch) and of NAME
# emitted for the other of dav-c220 / dav-m200.
api_both() {
  a=$(arch_of "$1")
  api_check "$1" "$2" "$a"
  case $a in dav-m200) other=dav-c220 ;; *) other=dav-m200 ;; esac
  other_cce=$work/$1.$other.cce
  if emit_for "$1" "$other_cce" "$other"; then
    api_check "$1" "$other_cce" "$other"
  else
    echo "NOTE: $1: not emitted for $other: $(head -1 "$other_cce.stderr")"
  fi
}

# build_exec NAME CCE EXE: compile the emitted CCE and the harness.
build_exec() {
  $CC -std=gnu11 -Wall -Wextra -Werror -D__CCE_KT_TEST__ \
      -fno-delete-null-pointer-checks -I"$top/runtime" -x c -c "$2" \
      -o "$2.o" 2>"$2.cc.log" || return 1
  $CC -std=gnu11 -Wall -Wextra -I"$top/include" -I"$top/runtime" -I"$dir" \
      -c "$dir/$1.c" -o "$3.o" 2>"$3.cc.log" || return 1
  # shellcheck disable=SC2086 # (sanitizer runtimes of a sanitized libpto-rt)
  $CC "$3.o" "$2.o" -L"$rtlib" -Wl,-rpath,"$rtlib" -lpto-rt -lm -o "$3" \
      ${PTO_SAN_CFLAGS:-} 2>>"$3.cc.log"
}

run_one() {
  name=$1
  out=$work/$name.cce
  rm -f "$out"
  if [ -f "$dir/$name.err" ]; then
    if emit "$name" "$out"; then
      fail "$name: pto-opt succeeded, expected an error"
    elif [ -e "$out" ]; then
      fail "$name: a .cce was written despite the error"
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
    fail "$name: pto-opt --emit-cce"
    return
  fi
  if [ -f "$dir/$name.cce" ] || [ "${PTO_CCE_REGEN:-0}" = 1 ]; then
    if [ "${PTO_CCE_REGEN:-0}" = 1 ]; then
      cp "$out" "$dir/$name.cce"
    fi
    if cmp -s "$out" "$dir/$name.cce"; then pass "$name: golden"
    else diff -u "$dir/$name.cce" "$out" | head -40; fail "$name: golden"; fi
  fi
  api_both "$name" "$out"
  PTO_SIM_ARCH=$(arch_of "$name")
  export PTO_SIM_ARCH
  if [ -f "$dir/$name.c" ]; then
    exe=$work/$name.exe
    if ! build_exec "$name" "$out" "$exe"; then
      cat "$out.cc.log" "$exe.cc.log" 2>/dev/null | head -30
      fail "$name: build"
      return
    fi
    if "$exe" >"$exe.log" 2>&1; then pass "$name: execute"
    else tail -20 "$exe.log"; fail "$name: execute"; fi
    if [ -f "$dir/$name.drop" ]; then
      while IFS= read -r n; do
        [ -n "$n" ] || continue
        d=$work/$name.drop$n.cce
        # With NAME.opts too (an -m200 test drops its own syncs).
        if ! (export PTO_EMIT_DROP_SYNC=$n; emit "$name" "$d") \
           || ! build_exec "$name" "$d" "$d.exe"; then
          fail "$name: drop sync $n: build"
          continue
        fi
        if "$d.exe" >"$d.log" 2>&1; then
          fail "$name: drop sync $n: the simulator saw nothing"
        elif grep -q "race:" "$d.log"; then
          pass "$name: drop sync $n reported"
        else
          tail -5 "$d.log"; fail "$name: drop sync $n: no race report"
        fi
      done <"$dir/$name.drop"
    fi
  fi
}

if [ ! -x "$opt" ]; then
  echo "run-tests.sh: $opt is not built" >&2
  exit 99
fi
if [ $# -gt 0 ]; then
  names=$*
else
  names=$(cd "$dir" && ls *.pto | sed 's/\.pto$//')
fi
for n in $names; do
  run_one "$n"
done
echo "pto-cce.dg: $passes passed, $fails failed"
[ $fails = 0 ]
