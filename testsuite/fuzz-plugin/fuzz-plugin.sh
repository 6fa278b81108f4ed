#!/bin/sh
# fuzz-plugin.sh - mutation fuzzer of the plugin over the examples and
# the pto.dg tests (testsuite/fuzz-plugin/README.md).
#
# Every mutant (testsuite/fuzz-plugin/mutate SEED FILE, deterministic) is
# compiled with -c in three modes: reference gcc (no plugin), the plugin
# with sim=jit and with sim=cce, each in an empty directory.  A mode's
# outcome is one of
#   ok        exit 0, and only m.o and m.cce in the output directory
#   err       a non-zero exit with located errors (file:line:col) only,
#             or (plugin modes) an object that calls an intrinsic's
#             prototype (__pto_op_*: an intrinsic outside PTO code, which
#             pto.h documents as a link error in plugin mode)
#   ice       "internal compiler error"
#   signal    killed by a signal (or "received signal" / "Segmentation")
#   timeout   still running after FUZZ_TIMEOUT seconds
#   unlocated an error, sorry or fatal error without file:line, or a
#             failure with no error message at all
#   stray     a file left in the output directory after a failing compile
#             (or an unexpected file after a good one)
# and the mutant's class combines the three: ok-all, err-all,
# dsl-subset (C accepts it, the plugin rejects it: documented), or a
# failure: MODE-CLASS for the first bad mode, or mismatch-R/J/C (the
# modes' ok/err differ in a way the allowlist below does not document).
# Failures matching a known defect (known_defect below: defects of an
# open issue) are counted as XFAIL(item N), not as failures.
#
# Environment (all optional):
#   FUZZ_SEED=N      first seed (default 1); mutant K uses seed N+K and
#                    input file number (N+K) mod (number of inputs)
#   FUZZ_COUNT=N     number of mutants (default 0: until FUZZ_SECONDS)
#   FUZZ_SECONDS=S   stop starting mutants after S seconds (default 3600)
#   FUZZ_TIMEOUT=S   per-compile time limit, a hang (default 60)
#   FUZZ_OUT=DIR     work and failures directory (default fuzz-plugin.out);
#                    every failing mutant is kept as DIR/fail/K-CLASS/
#                    (m.c, the mutations, each mode's command and output)
#   FUZZ_KEEP_XFAIL=1  keep the XFAIL mutants too (DIR/xfail/)
#   FUZZ_REPLAY=DIR  no mutation: compile each DIR/*.c once as it is (the
#                    frozen reproducers of regress/); FUZZ_COUNT is ignored
#   PTO_CC_UNINSTALLED, PTO_INCLUDE, PTO_GCC_DEFAULT  as in make check
#   FUZZ_MUTATE      the mutate program (default beside this script's
#                    build directory: testsuite/fuzz-plugin/mutate)
#   FUZZ_SRCDIR      the source tree (default: two levels above this file)
# Prints the figures: mutants, compiles, the classes with counts, the
# failures.  Exit status 0 when there is no failure (XFAILs allowed),
# 1 otherwise, 77 (skip) when the tools are missing.
set -u

here=$(cd "$(dirname "$0")" && pwd)
srcdir=${FUZZ_SRCDIR:-$(cd "$here/../.." && pwd)}
seed0=${FUZZ_SEED:-1}
count=${FUZZ_COUNT:-0}
seconds=${FUZZ_SECONDS:-3600}
limit=${FUZZ_TIMEOUT:-60}
out=${FUZZ_OUT:-fuzz-plugin.out}
mutate=${FUZZ_MUTATE:-testsuite/fuzz-plugin/mutate}
ptocc=${PTO_CC_UNINSTALLED:-tools/pto-cc-uninstalled}
include=${PTO_INCLUDE:-$srcdir/include}
refcc=${PTO_GCC_DEFAULT:-gcc}

for tool in "$mutate" "$ptocc"; do
  if [ ! -x "$tool" ]; then
    echo "fuzz-plugin: $tool is not built; SKIP" >&2
    exit 77
  fi
done
if ! command -v timeout > /dev/null 2>&1; then
  echo "fuzz-plugin: no timeout(1); SKIP" >&2
  exit 77
fi
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
case $mutate in /*) ;; *) mutate=$(pwd)/$mutate ;; esac
case $ptocc in /*) ;; *) ptocc=$(pwd)/$ptocc ;; esac
rm -rf "$out"
mkdir -p "$out/fail" "$out/work" || exit 1

# The inputs, in a fixed order: the examples and the pto.dg tests, the
# ones without dg-error (programs the plugin accepts) twice, so that
# mutants of good programs are the majority.
inputs=$( (ls "$srcdir"/examples/*.c "$srcdir"/testsuite/pto.dg/*.c
           grep -L 'dg-error' "$srcdir"/examples/*.c "$srcdir"/testsuite/pto.dg/*.c) |
         LC_ALL=C sort)
if [ -n "${FUZZ_REPLAY:-}" ]; then
  inputs=$(ls "$FUZZ_REPLAY"/*.c | LC_ALL=C sort)
  count=$(printf '%s\n' "$inputs" | wc -l)
  seed0=0
fi
ninputs=$(printf '%s\n' "$inputs" | wc -l)

# The documented allowlist of differences between sim=jit and sim=cce:
# a mutant that builds under one and not the other is not a failure when
# the failing mode's output matches a line's extended regular expression
# ("REGEX<TAB>reason"; the reason is what documents it).
allowed_mismatch ()
{
  # $1: the plugin modes' outputs.  Prints the reason when allowed.
  while IFS='	' read -r re reason; do
    if grep -Eq -- "$re" "$1"; then
      echo "$reason"
      return 0
    fi
  done <<'EOF'
sorry, unimplemented: .*accumulator	README "not yet": on dav-c220 a matmul accumulator defined by a vector op (anything but pto_fill 0, pto_load from GM, pto_matmul and the ReLU / bias epilogues) is a sorry of the CCE back end
sorry, unimplemented: .*the cube path pads operands with 0 only	pto.h (pto_load_valid): the CCE back end takes a matmul operand's pto_load_valid with the constant pad 0 only, else a located sorry
sorry, unimplemented: .*is a pto.matmul operand and lives in L1	README "not yet": on dav-c220 a matmul operand defined by anything but pto_load from GM or pto_cast of a matmul result (a vector op) is a located sorry of the CCE back end
sorry, unimplemented: '(exp|log)f' of a scalar: the AI core's scalar unit has no	pto.h (scalar math): expf and logf on scalars are simulation only; the scalar unit has no exp or log, so the CCE back end reports a sorry at the call
sorry, unimplemented: '[a-z]+' of a double: the CCE back end lowers the float forms only	pto.h (scalar math): double computations other than exact float ones are simulation only, a sorry of the CCE back end
error: the GM row stride -?[0-9]+ of tile '[^']+' is less than its	doc/passes.md (cube path): a constant GM row stride of a cube tile below its columns is a located error of the CCE back end (reference mode and sim=jit stop at run time, pto.h's row-stride check)
EOF
  return 1
}

# Known defects: a failure whose outputs match a line of the table below
# (item, class pattern, regular expression over the modes' outputs) is
# reported XFAIL(item), not as a failure.  Add a line only for a defect
# with an open issue and its reproducer in regress/ (README.md), and
# remove it with the fix.
known_defect ()
{
  # $1: the class, $2: the directory with the modes' outputs.
  # Prints the item number and returns 0 when the failure is known.
  cat "$2"/*.log > "$2/all.txt" 2> /dev/null
  while IFS='	' read -r item class re; do
    case $1 in $class) ;; *) continue ;; esac
    if grep -Eq -- "$re" "$2/all.txt"; then
      echo "$item"
      return 0
    fi
  done <<'EOF'
EOF
  return 1
}

# compile MODE DIR: compile DIR/m.c in DIR/MODE; the outcome goes to
# DIR/MODE.class, the output to DIR/MODE.log.
compile ()
{
  mode=$1 dir=$2
  mkdir "$dir/$mode"
  case $mode in
    ref) set -- "$refcc" -std=gnu11 -I"$include" ;;
    jit) set -- "$ptocc" -std=gnu11 -fplugin-arg-pto-sim=jit ;;
    cce) set -- "$ptocc" -std=gnu11 -fplugin-arg-pto-sim=cce ;;
  esac
  set -- "$@" -O2 -fdiagnostics-plain-output -c ../m.c -o m.o
  echo "$*" > "$dir/$mode.cmd"
  (cd "$dir/$mode" && exec timeout -k 5 "$limit" "$@") > "$dir/$mode.log" 2>&1
  rc=$?
  files=$(cd "$dir/$mode" && ls -A)
  c=ok
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    c=timeout
  elif grep -q 'internal compiler error' "$dir/$mode.log"; then
    c=ice
  elif [ $rc -gt 128 ] || grep -Eq 'received signal|Segmentation fault|Aborted|core dumped' "$dir/$mode.log"; then
    c=signal
  elif [ $rc -ne 0 ]; then
    c=err
    # GNU as says `FILE:LINE: Error: ...' (a mutated asm statement in
    # reference mode): located too.
    if ! grep -Eq '(error|Error|sorry, unimplemented):' "$dir/$mode.log" ||
       grep -E '(error|Error|sorry, unimplemented):' "$dir/$mode.log" |
         grep -Evq '^[^ :][^:]*:[0-9]+:([0-9]+:)? (fatal )?(error|Error|sorry, unimplemented):'; then
      c=unlocated
    elif [ -n "$files" ]; then
      c=stray
    fi
  else
    for f in $files; do
      case $f in m.o | m.cce) ;; *) c=stray ;; esac
    done
    if [ $c = ok ] && [ $mode != ref ] &&
       nm -u "$dir/$mode/m.o" 2> /dev/null | grep -q ' __pto_op_'; then
      c=err
      echo "fuzz-plugin: links to $(nm -u "$dir/$mode/m.o" | grep -o '__pto_op_[a-z_]*' | paste -sd' ' -): an intrinsic outside PTO code" >> "$dir/$mode.log"
    fi
  fi
  if [ $c = stray ]; then
    for f in $files; do echo "stray: $f"; done >> "$dir/$mode.log"
  fi
  echo $c > "$dir/$mode.class"
}

# classify DIR: the mutant's class from its modes' outcomes.
classify ()
{
  r=$(cat "$1/ref.class") j=$(cat "$1/jit.class") k=$(cat "$1/cce.class")
  for m in ref jit cce; do
    case $(cat "$1/$m.class") in
      ok | err) ;;
      *) echo "$m-$(cat "$1/$m.class")"; return ;;
    esac
  done
  case $r$j$k in
    okokok) echo ok-all ;;
    errerrerr) echo err-all ;;
    okerrerr) echo dsl-subset ;;
    *)
      cls=mismatch-R$r-J$j-C$k
      cat "$1/jit.log" "$1/cce.log" > "$1/plugin.txt"
      if [ "$r" = ok ] && [ "$j" != "$k" ] && allowed_mismatch "$1/plugin.txt" > /dev/null; then
        echo allowed-cce-only
      else
        echo "$cls"
      fi ;;
  esac
}

start=$(date +%s)
n=0 compiles=0 failures=0 xfails=0 stopped=
: > "$out/classes"
: > "$out/failures"
while :; do
  if [ "$count" -gt 0 ] && [ $n -ge "$count" ]; then break; fi
  if [ $(($(date +%s) - start)) -ge "$seconds" ]; then
    stopped=" (stopped by FUZZ_SECONDS=$seconds)"
    break
  fi
  seed=$((seed0 + n))
  file=$(printf '%s\n' "$inputs" | sed -n "$((seed % ninputs + 1))p")
  dir=$out/work/$seed
  mkdir -p "$dir"
  if [ -n "${FUZZ_REPLAY:-}" ]; then
    cp "$file" "$dir/m.c" && : > "$dir/mutations"
  else
    "$mutate" "$seed" "$file" > "$dir/m.c" 2> "$dir/mutations"
  fi
  echo "input: ${file#"$srcdir"/}" >> "$dir/mutations"
  for mode in ref jit cce; do
    compile $mode "$dir"
  done
  compiles=$((compiles + 3))
  cls=$(classify "$dir")
  case $cls in
    ok-all | err-all | dsl-subset | allowed-*)
      rm -rf "$dir" ;;
    *)
      if item=$(known_defect "$cls" "$dir"); then
        cls="XFAIL(item $item) $cls"
        xfails=$((xfails + 1))
        if [ -n "${FUZZ_KEEP_XFAIL:-}" ]; then
          mkdir -p "$out/xfail" && mv "$dir" "$out/xfail/$seed"
        else
          rm -rf "$dir"
        fi
      else
        failures=$((failures + 1))
        keep=$out/fail/$seed-$cls
        mv "$dir" "$keep"
        printf '%s %s (%s)\n' "$cls" "$keep" \
          "$(grep '^mutate\|^input' "$keep/mutations" | paste -sd';' -)" >> "$out/failures"
      fi ;;
  esac
  echo "$cls" >> "$out/classes"
  n=$((n + 1))
done
elapsed=$(($(date +%s) - start))

echo "fuzz-plugin: seeds $seed0..$((seed0 + n - 1)), $n mutants of $ninputs inputs, $compiles compiles in ${elapsed} s$stopped"
echo "fuzz-plugin: outcome classes:"
LC_ALL=C sort "$out/classes" | uniq -c | sort -rn | sed 's/^/  /'
echo "fuzz-plugin: $failures failures, $xfails XFAIL (known defects)"
if [ $failures -gt 0 ]; then
  sed 's/^/  FAIL: /' "$out/failures"
  echo "fuzz-plugin: failing mutants kept in $out/fail/ (m.c; MODE.cmd to rerun)"
  exit 1
fi
rm -rf "$out/work"
exit 0
