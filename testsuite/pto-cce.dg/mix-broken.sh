#!/bin/sh
# mix-broken.sh - deliberately broken hand-offs of a dav-c220 mix kernel
# (backend/cce/split.c) must be caught by the simulator (an automake
# TESTS script; by hand from a build directory:
# srcdir=SRC sh SRC/testsuite/pto-cce.dg/mix-broken.sh).
#
# mix-split.pto is emitted, then the cross-core flags of its loop kernel
# mxe (one accumulator handed from the cube core to the vector cores
# every iteration through one workspace slot) are edited, compiled with
# the harness mix-split.c (1 to 3 blocks, record mode) and run:
#   intact        must pass (so the broken runs fail for the edit alone);
#   no-free-wait  the AIC's "slot free" wait before its fixpipe store:
#                 the store overwrites the slot the AIVs still read
#                 ("race:");
#   no-data-wait  AIV0's "data ready" wait before its load: the load
#                 reads the slot before the fixpipe wrote it ("race:");
#   no-free-set   AIV0's "slot free" set after its load: the AIC waits
#                 for ever ("deadlock");
#   no-idle-set   the same set of the idle AIV1 (a mode-2 set counts once
#                 both AIVs have set): "deadlock";
#   no-drain      the AIC's last wait at the kernel's end: the AIVs'
#                 last "slot free" is left ("never waited").
set -u
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
case $top in */testsuite/pto-cce.dg) top=$(cd "$top/../.." && pwd) ;; esac
dir=$top/testsuite/pto-cce.dg
build=$(pwd)
opt=$build/tools/pto-opt
rtlib=$build/runtime/.libs
CC=${CC:-gcc}
work=$build/testsuite/out/mix-broken
mkdir -p "$work" || exit 99
[ -x "$opt" ] || { echo "mix-broken.sh: $opt is not built" >&2; exit 99; }
if ! echo '_Float16 x;' | $CC -fsyntax-only -x c - 2>/dev/null; then
  echo "SKIP: mix-broken.sh (the compiler lacks _Float16)"; exit 77
fi
fails=0

base=$work/mix-split.cce
harness=$work/mix-split-harness.o
(cd "$dir" && "$opt" --pipeline=default --emit-cce="$base" mix-split.pto) \
  >/dev/null 2>&1 || { echo "FAIL: emit mix-split.pto"; exit 1; }
$CC -std=gnu11 -Wall -Wextra -I"$top/include" -I"$top/runtime" -I"$dir" \
    -c "$dir/mix-split.c" -o "$harness" || exit 99

# drop_nth TEXT N: copy stdin to stdout without the Nth line containing
# the fixed string TEXT after mxe's plan comment.
drop_nth() {
  awk -v t="$1" -v n="$2" '/kernel mxe: a mix kernel/ { s = 1 }
    s && index($0, t) && ++c == n { next } { print }'
}

. "$dir/broken-run.sh"

# In mxe's text: wait_flag_dev 1 the AIC's "free" wait, 2 its drain, 3
# AIV0's "data" wait, 4 AIV1's; ffts_cross_core_sync(PIPE_MTE2 1 AIV0's
# first "free", 2 AIV0's "free" in the loop, 3 and 4 AIV1's.
no_free_wait() { drop_nth 'wait_flag_dev(0);' 1; }
no_data_wait() { drop_nth 'wait_flag_dev(0);' 3; }
no_drain() { drop_nth 'wait_flag_dev(0);' 2; }
no_free_set() { drop_nth 'ffts_cross_core_sync(PIPE_MTE2' 2; }
no_idle_set() { drop_nth 'ffts_cross_core_sync(PIPE_MTE2' 4; }

run intact cat ''
run no-free-wait no_free_wait 'race:'
run no-data-wait no_data_wait 'race:'
run no-free-set no_free_set 'deadlock'
run no-idle-set no_idle_set 'deadlock'
run no-drain no_drain 'never waited'
[ $fails -eq 0 ]
