#!/bin/sh
# trace-mix.sh - PTO_SIM_TRACE of mix blocks (runtime/sim-mix.c): the
# trace of test-mix (the AIC's pipes only, doc/cce.md) passes
# testsuite/sim/trace-check, and has the AIC's wait_flag_dev stalls and
# the "vector cores" tail that makes each block slice end with the
# block's last slice.  An automake TESTS script, run from the build
# directory.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trace-mix.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
PTO_SIM_TRACE=$tmp/t.json ./testsuite/sim/test-mix >"$tmp/out" 2>&1
status=$?
# test-mix needs _Float16 (GCC 11 on x86-64 lacks it): its SKIP is ours.
if [ "$status" -eq 77 ]; then cat "$tmp/out"; exit 77; fi
[ "$status" -eq 0 ] || {
  echo "FAIL: test-mix with PTO_SIM_TRACE"; cat "$tmp/out"; exit 1; }
./testsuite/sim/trace-check "$tmp/t.json" || { echo "FAIL: trace-check"; exit 1; }
for want in '"name":"wait_flag_dev"' '"name":"vector cores"'; do
  grep -q "$want" "$tmp/t.json" || { echo "FAIL: no $want slice"; exit 1; }
done
echo "PASS: trace-mix"
