#!/bin/sh
# dbuf-broken.sh - deliberately broken double-buffered kernels must be
# caught by the simulator (an automake TESTS script; by hand from a build
# directory: srcdir=SRC sh SRC/testsuite/pto-cce.dg/dbuf-broken.sh).
#
# The streaming kernel dbuf-stream.pto is emitted (double buffering on),
# then edited the way real generators go wrong, compiled with its
# harness dbuf-stream.c (trip counts 0, 1, 2, 3, 8, record mode) and run:
#   intact        must pass (so the broken runs fail for the edit alone);
#   no-wait-*     a "buffer free" wait_flag removed from the loop body:
#                 the next load / compute into that buffer set races with
#                 the previous use ("race:");
#   one-event     both buffer sets share one event id (EVENT_ID2 for the
#                 parity's 2 + pto_dbN, also in the primes and drains):
#                 the second prime re-sets a pending flag ("reused");
#   no-drain      one drain after the loop removed: a flag stays pending
#                 at the end of the block, at every trip count, 0 included
#                 ("never waited").
set -u
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
case $top in */testsuite/pto-cce.dg) top=$(cd "$top/../.." && pwd) ;; esac
dir=$top/testsuite/pto-cce.dg
build=$(pwd)
opt=$build/tools/pto-opt
rtlib=$build/runtime/.libs
CC=${CC:-gcc}
work=$build/testsuite/out/dbuf-broken
mkdir -p "$work" || exit 99
[ -x "$opt" ] || { echo "dbuf-broken.sh: $opt is not built" >&2; exit 99; }
fails=0

base=$work/stream.cce
(cd "$dir" && "$opt" --pipeline=default --emit-cce="$base" dbuf-stream.pto) \
  >/dev/null 2>&1 || { echo "FAIL: emit dbuf-stream.pto"; exit 1; }
$CC -std=gnu11 -Wall -Wextra -I"$top/include" -I"$top/runtime" -I"$dir" \
    -c "$dir/dbuf-stream.c" -o "$work/harness.o" || exit 99

# run NAME SED-SCRIPT EXPECT: apply the edit (it must change the text),
# build and run; EXPECT empty: must pass, else must fail with EXPECT in
# the log.
run() {
  v=$work/$1.cce
  sed -e "$2" "$base" >"$v"
  if [ -n "$3" ] && cmp -s "$v" "$base"; then
    echo "FAIL: $1: the edit did not apply"; fails=$((fails + 1)); return
  fi
  if ! $CC -std=gnu11 -D__CCE_KT_TEST__ -fno-delete-null-pointer-checks \
         -I"$top/runtime" -x c -c "$v" -o "$v.o" 2>"$v.log" \
     || ! $CC "$work/harness.o" "$v.o" -L"$rtlib" -Wl,-rpath,"$rtlib" \
         -lpto-rt -lm -o "$v.exe" 2>>"$v.log"; then
    cat "$v.log"; echo "FAIL: $1: build"; fails=$((fails + 1)); return
  fi
  if "$v.exe" >"$v.run" 2>&1; then
    if [ -z "$3" ]; then echo "PASS: $1: runs clean"
    else echo "FAIL: $1: the simulator saw nothing"; fails=$((fails + 1)); fi
  elif [ -z "$3" ]; then
    tail -5 "$v.run"; echo "FAIL: $1: should run clean"; fails=$((fails + 1))
  elif grep -q -- "$3" "$v.run"; then
    echo "PASS: $1: reported ($3)"
  else
    tail -5 "$v.run"; echo "FAIL: $1: no '$3' report"; fails=$((fails + 1))
  fi
}

run intact '' ''
run no-wait-load '/^ *wait_flag(PIPE_V, PIPE_MTE2, (event_t)(2 + pto_db/d' 'race:'
run no-wait-compute '/^ *wait_flag(PIPE_MTE3, PIPE_V, (event_t)(2 + pto_db/d' 'race:'
run one-event 's/(event_t)(2 + pto_db[0-9]*)/EVENT_ID2/; s/EVENT_ID3/EVENT_ID2/' 'reused'
run no-drain '/^  wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID3);/d' 'never waited'
echo "dbuf-broken: $fails failed"
[ $fails = 0 ]
