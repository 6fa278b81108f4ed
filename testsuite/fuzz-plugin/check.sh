#!/bin/sh
# check.sh - `make check' test: a short deterministic run of the plugin
# mutation fuzzer (fuzz-plugin.sh, README.md), then every frozen
# reproducer in regress/ compiled as it is.
#
# Fixed seeds (FUZZ_SEED=1, 60 mutants, 180 compiles: about 30-90 s
# here); FUZZ_SECONDS is only a bound for a very slow machine, which
# then checks fewer mutants (and says so).  A failure prints the class,
# the mutations and where the mutant is kept (testsuite/fuzz-plugin.out/).
# Exit 0 pass, 1 fail, 77 skip (automake conventions).
set -u
srcdir=${srcdir:-.}
script=$srcdir/testsuite/fuzz-plugin/fuzz-plugin.sh
FUZZ_SRCDIR=$(cd "$srcdir" && pwd)
export FUZZ_SRCDIR
FUZZ_SEED=1 FUZZ_COUNT=60 FUZZ_SECONDS=${FUZZ_CHECK_SECONDS:-150} \
  FUZZ_OUT=testsuite/fuzz-plugin.out sh "$script"
rc=$?
[ $rc -eq 77 ] && exit 77
if ls "$srcdir"/testsuite/fuzz-plugin/regress/*.c > /dev/null 2>&1; then
  FUZZ_REPLAY=$FUZZ_SRCDIR/testsuite/fuzz-plugin/regress \
    FUZZ_OUT=testsuite/fuzz-plugin.regress sh "$script" || rc=1
fi
exit $rc
