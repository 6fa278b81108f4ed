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
# The same for the schedule of unrolled sub-loops (dbuf-unroll-rt.pto
# with its harness: copy k of the 4-path is virtual iteration 4j + k on
# buffer set (4j + k) % 2; the edits touch its first kernel's 4-path,
# whose parity variable is the first pto_dbN of the file):
#   unroll-intact        must pass;
#   unroll-no-wait-*     copy 2's "buffer free" wait_flag and copy 0's
#                        matching set_flag removed (the flags stay
#                        balanced, only the ordering of copy 0 before
#                        copy 2 on the same buffer set is lost): "race:";
#   unroll-reused-event  copy 1 sets the other set's event (EVENT_ID2,
#                        still pending from copy 0): "reused";
#   unroll-no-drain      one drain after the 4-path removed: the 2-path's
#                        prime re-sets the pending flag ("reused").
# Last, the sync analysis' safety net (backend/cce/sync.c, MAX_FIXPOINT_ROUNDS):
#   rounds-net    sync-settle-nested-if.pto emitted with
#                 PTO_EMIT_SYNC_ROUNDS=1 (emit.h): its loops cannot settle
#                 in one round, so they are fenced with pipe_barrier(PIPE_ALL)
#                 and reported ("did not settle"); the fenced kernel must
#                 run clean with its harness.
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

# prepare NAME: emit NAME.pto into $base and compile its harness into
# $harness (the subject of the next runs).
prepare() {
  base=$work/$1.cce
  harness=$work/$1-harness.o
  (cd "$dir" && "$opt" --pipeline=default --emit-cce="$base" "$1.pto") \
    >/dev/null 2>&1 || { echo "FAIL: emit $1.pto"; exit 1; }
  $CC -std=gnu11 -Wall -Wextra -I"$top/include" -I"$top/runtime" -I"$dir" \
      -c "$dir/$1.c" -o "$harness" || exit 99
}

# drop_nth TEXT N: copy stdin to stdout without the Nth line containing
# the fixed string TEXT.
drop_nth() {
  awk -v t="$1" -v n="$2" 'index($0, t) && ++c == n { next } { print }'
}

. "$dir/broken-run.sh"

# The edits of dbuf-stream's output.
no_wait_load() { sed -e '/^ *wait_flag(PIPE_V, PIPE_MTE2, (event_t)(2 + pto_db/d'; }
no_wait_compute() { sed -e '/^ *wait_flag(PIPE_MTE3, PIPE_V, (event_t)(2 + pto_db/d'; }
one_event() { sed -e 's/(event_t)(2 + pto_db[0-9]*)/EVENT_ID2/; s/EVENT_ID3/EVENT_ID2/'; }
no_drain() { sed -e '/^  wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID3);/d'; }

prepare dbuf-stream
run intact cat ''
run no-wait-load no_wait_load 'race:'
run no-wait-compute no_wait_compute 'race:'
run one-event one_event 'reused'
run no-drain no_drain 'never waited'

# The edits of dbuf-unroll-rt's output: its first kernel's 4-path, the
# loop of the first parity variable.
prepare dbuf-unroll-rt
pp=$(sed -n 's/^ *int32_t \(pto_db[0-9]*\) = 0;$/\1/p' "$base" | head -1)
[ -n "$pp" ] || { echo "FAIL: no double-buffered loop in dbuf-unroll-rt"; exit 1; }
# copy 2's wait and copy 0's set of pair (P, MTE2)
unroll_no_wait() {
  drop_nth "wait_flag($1, PIPE_MTE2, (event_t)(2 + $pp));" 3 |
  drop_nth "set_flag($1, PIPE_MTE2, (event_t)(2 + $pp));" 1
}
unroll_no_wait_store() { unroll_no_wait PIPE_MTE3; }
unroll_no_wait_compute() { unroll_no_wait PIPE_V; }
unroll_reused_event() {
  awk -v t="set_flag(PIPE_MTE3, PIPE_MTE2, (event_t)(2 + $pp));" \
    'index($0, t) && ++c == 2 { sub(/\(event_t\)\(2 \+ pto_db[0-9]+\)/, "EVENT_ID2") } { print }'
}
unroll_no_drain() { drop_nth 'wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID3);' 1; }

run unroll-intact cat ''
run unroll-no-wait-store unroll_no_wait_store 'race:'
run unroll-no-wait-compute unroll_no_wait_compute 'race:'
run unroll-reused-event unroll_reused_event 'reused'
run unroll-no-drain unroll_no_drain 'reused'
# The safety net.
base=$work/rounds-net-base.cce
v=$work/rounds-net-fenced.cce
(cd "$dir" && PTO_EMIT_SYNC_ROUNDS=1 "$opt" --pipeline=default \
   --emit-cce="$v" sync-settle-nested-if.pto) >/dev/null 2>"$v.err"
(cd "$dir" && "$opt" --pipeline=default --emit-cce="$base" \
   sync-settle-nested-if.pto) >/dev/null 2>&1
if ! grep -q "did not settle" "$v.err"; then
  cat "$v.err"; echo "FAIL: rounds-net: no report"; fails=$((fails + 1))
elif [ "$(grep -c 'pipe_barrier(PIPE_ALL)' "$v")" -le \
       "$(grep -c 'pipe_barrier(PIPE_ALL)' "$base")" ]; then
  echo "FAIL: rounds-net: no loop fenced"; fails=$((fails + 1))
else
  harness=$work/rounds-net-harness.o
  $CC -std=gnu11 -Wall -Wextra -I"$top/include" -I"$top/runtime" -I"$dir" \
      -c "$dir/sync-settle-nested-if.c" -o "$harness" || exit 99
  base=$v
  run rounds-net cat ''
fi

echo "dbuf-broken: $fails failed"
[ $fails = 0 ]
