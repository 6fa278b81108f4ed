#!/bin/sh
# run.sh - the differential tester of the pto DSL (an automake TESTS
# script; see testsuite/difftest/README.md).
#
# For every program (the regression programs regress/*.c, then
# PTO_DIFFTEST_COUNT random programs from testsuite/difftest/gen.c with
# seeds PTO_DIFFTEST_SEED, PTO_DIFFTEST_SEED+1, ...):
#   ref  gcc -std=gnu11 -O2 -I include      (reference mode: the oracle)
#   jit  pto-cc -O2 (PTO_DIFFTEST_FLAGS)     (plugin, kernels simulated
#                                             through libgccjit)
#   cce  pto-cc -c -fplugin-arg-pto-dump=capture, pto-opt --pipeline=default
#        --emit-cce on the captured IR, the .cce compiled against
#        runtime/cce_sim.h and the program rebuilt with -DDIFFTEST_CCE so
#        that its launches run the emitted kernels on the simulator
#   plgcce  pto-cc -fplugin-arg-pto-sim=cce (the plugin compiles the
#        unit's CCE on the host into the program), run with the blocks
#        in descending order; any simulator report aborts the run
# and the outputs (hashes of every output of every launch) must be
# identical; a reference build failure is a generator bug, any other
# build failure, crash, timeout, simulator report or difference is a
# finding.  Failing programs are kept in testsuite/out/difftest/.
# Environment: PTO_DIFFTEST_COUNT (default 30), PTO_DIFFTEST_SEED
# (default 1), PTO_DIFFTEST_CCE=0 to skip the two CCE paths,
# PTO_DIFFTEST_KEEP=1 to keep the work files of passing programs,
# PTO_DIFFTEST_GEN=PROGRAM to use another generator binary,
# PTO_DIFFTEST_FLAGS (default -O2) the pto-cc options of the jit build.
# A program with fp16 tiles is one UNSUPPORTED line when the compiler
# lacks _Float16 (GCC 11 on x86-64: include/pto.h, "fp16 element type").
# Exits 0 when every program agreed, 1 otherwise, 99 when the tools are
# missing.

set -u
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
case $top in */testsuite/difftest) top=$(cd "$top/../.." && pwd) ;; esac
here=$top/testsuite/difftest
build=$(pwd)
# The compiler of the reference builds: the one pto-cc drives.
CC=${CC:-${PTO_GCC_DEFAULT:-gcc}}
ptocc=${PTO_CC_UNINSTALLED:-$build/tools/pto-cc-uninstalled}
opt=$build/tools/pto-opt
rtlib=$build/runtime/.libs
gen=${PTO_DIFFTEST_GEN:-$build/testsuite/difftest/pto-difftest-gen}
count=${PTO_DIFFTEST_COUNT:-30}
seed0=${PTO_DIFFTEST_SEED:-1}
do_cce=${PTO_DIFFTEST_CCE:-1}
ptoflags=${PTO_DIFFTEST_FLAGS:--O2}
work=$build/testsuite/out/difftest
tmo="timeout 120"
command -v timeout >/dev/null 2>&1 || tmo=

for f in "$ptocc" "$opt" "$gen"; do
  if [ ! -x "$f" ]; then
    echo "run.sh: $f is not built" >&2
    exit 99
  fi
done
mkdir -p "$work" || exit 99

programs=0
findings=0
unsupported=0
have_f16=yes
echo '_Float16 x;' | $CC -fsyntax-only -x c - 2>/dev/null || have_f16=no

# finding NAME WHAT: report, keep the program.
finding() {
  findings=$((findings + 1))
  echo "FAIL: $1: $2"
}

# check_one NAME SRC: build SRC four ways in $work/NAME and compare.
check_one() {
  name=$1
  d=$work/$name
  if [ $have_f16 = no ] && grep -Eq '\<(_Float16|pto_f16)\>' "$2"; then
    echo "UNSUPPORTED: $name (needs _Float16)"
    unsupported=$((unsupported + 1))
    return
  fi
  rm -rf "$d"
  mkdir -p "$d" || return
  cp "$2" "$d/prog.c"
  programs=$((programs + 1))
  ok=1
  if ! (cd "$d" && $CC -std=gnu11 -O2 -I"$top/include" prog.c -o ref -lm \
          >ref.log 2>&1); then
    cat "$d/ref.log" | head -20
    finding "$name" "reference build failed (generator bug)"
    return
  fi
  (cd "$d" && $tmo ./ref >ref.out 2>ref.err)
  echo "status $?" >>"$d/ref.out"
  # jit; the same compile dumps the captured IR for the CCE path
  # shellcheck disable=SC2086
  if ! (cd "$d" && $tmo "$ptocc" $ptoflags -fplugin-arg-pto-dump=capture \
          prog.c -o jit -lm >jit.log 2>&1); then
    head -20 "$d/jit.log"
    finding "$name" "pto-cc $ptoflags build failed"
    ok=0
  else
    (cd "$d" && $tmo ./jit >jit.out 2>jit.err)
    echo "status $?" >>"$d/jit.out"
    if ! cmp -s "$d/ref.out" "$d/jit.out"; then
      diff "$d/ref.out" "$d/jit.out" | head -10
      finding "$name" "sim=jit output differs from reference mode"
      ok=0
    fi
  fi
  if [ "$do_cce" = 1 ]; then
    cap=$(ls "$d"/*.capture 2>/dev/null | head -1)
    if [ -z "$cap" ]; then
      finding "$name" "no capture dump for the CCE path"
      ok=0
    elif ! (cd "$d" && $tmo "$opt" --pipeline=default --emit-cce=prog.cce \
              "$cap" >cce-emit.log 2>&1); then
      head -20 "$d/cce-emit.log"
      finding "$name" "pto-opt --emit-cce failed or timed out"
      ok=0
    elif ! (cd "$d" && $CC -std=gnu11 -D__CCE_KT_TEST__ \
              -fno-delete-null-pointer-checks -I"$top/runtime" -x c -c \
              prog.cce -o prog.cce.o >cce-cc.log 2>&1 \
            && $CC -std=gnu11 -O2 -DDIFFTEST_CCE -I"$top/include" \
              -I"$top/runtime" prog.c prog.cce.o -L"$rtlib" \
              -Wl,-rpath,"$rtlib" -lpto-rt -lm ${PTO_SAN_CFLAGS:-} -o cce \
              >>cce-cc.log 2>&1); then
      head -20 "$d/cce-cc.log"
      finding "$name" "building the emitted CCE failed"
      ok=0
    else
      (cd "$d" && $tmo ./cce >cce.out 2>cce.err)
      echo "status $?" >>"$d/cce.out"
      if ! cmp -s "$d/ref.out" "$d/cce.out"; then
        diff "$d/ref.out" "$d/cce.out" | head -10
        head -5 "$d/cce.err"
        finding "$name" "sim=cce output differs from reference mode"
        ok=0
      fi
    fi
  fi
  if [ "$do_cce" = 1 ]; then
    # shellcheck disable=SC2086
    if ! (cd "$d" && $tmo "$ptocc" $ptoflags -fplugin-arg-pto-sim=cce \
            prog.c -o plgcce -lm >plgcce.log 2>&1); then
      head -20 "$d/plgcce.log"
      finding "$name" "pto-cc -fplugin-arg-pto-sim=cce build failed"
      ok=0
    else
      (cd "$d" && PTO_BLOCK_ORDER=descending $tmo ./plgcce >plgcce.out \
         2>plgcce.err)
      echo "status $?" >>"$d/plgcce.out"
      if ! cmp -s "$d/ref.out" "$d/plgcce.out"; then
        diff "$d/ref.out" "$d/plgcce.out" | head -10
        head -5 "$d/plgcce.err"
        finding "$name" "plugin sim=cce output differs from reference mode"
        ok=0
      fi
    fi
  fi
  if [ $ok = 1 ]; then
    echo "PASS: $name"
    [ "${PTO_DIFFTEST_KEEP:-0}" = 1 ] || rm -rf "$d"
  fi
}

for f in "$here"/regress/*.c; do
  [ -f "$f" ] || continue
  check_one "regress-$(basename "$f" .c)" "$f"
done
i=0
while [ $i -lt "$count" ]; do
  seed=$((seed0 + i))
  "$gen" "$seed" >"$work/seed-$seed.c" || { finding "seed-$seed" "generator failed"; i=$((i + 1)); continue; }
  check_one "seed-$seed" "$work/seed-$seed.c"
  rm -f "$work/seed-$seed.c"
  i=$((i + 1))
done
echo "difftest: $programs programs, $findings findings, $unsupported unsupported"
[ $findings = 0 ]
