#! /bin/sh
# compile-overhead.sh - what the pto plugin costs at compile time.
#
# Compiles three generated translation units with `gcc -c -O2' (reference
# mode: pto.h's plain-C intrinsics, no plugin) and with the plugin
# (`gcc -fplugin=pto.so', as pto-cc runs it: capture, pass pipeline,
# libgccjit back end), and prints the
# best-of-N wall time of each and the ratio plugin / gcc:
#   no-kernels   ordinary C, no pto.h (the plugin must cost ~nothing:
#                libgccjit is never loaded)
#   1-kernel     one saxpy-like kernel and a main() that launches it
#   50-kernels   50 such kernels (distinct bodies) and their launches
#
# Usage: bench/compile-overhead.sh [REPEATS]       (default 5)
# Environment: BENCH_CSV  append one CSV row per measurement
#              PTO_CC   the driver whose plugin and include directory are
#                       used (default: tools/pto-cc-uninstalled of the
#                       build directory this is run from, else pto-cc)
#              PTO_GCC  the plain compiler (default gcc)
#              PTO_INCLUDE  the directory of pto.h (default: the one
#                       pto-cc --showme uses)
# Reproducible: inputs are generated, nothing else runs in parallel.

set -e
repeats=${1:-5}
if test -z "$PTO_CC"; then
  if test -x tools/pto-cc-uninstalled; then
    PTO_CC=$(pwd)/tools/pto-cc-uninstalled
  else
    PTO_CC=pto-cc
  fi
fi
gcc_cmd=${PTO_GCC:-gcc}
showme=$($PTO_CC --showme -c x.c)
if test -z "$PTO_INCLUDE"; then
  PTO_INCLUDE=$(echo "$showme" | sed -n 's/.* -I\([^ ]*\).*/\1/p')
fi
# The plugin run is timed as gcc -fplugin=... directly, so that the
# driver script's own start-up does not count.
plugin=$(echo "$showme" | sed -n 's/.*-fplugin=\([^ ]*\).*/\1/p')
test -f "$PTO_INCLUDE/pto.h" || {
  echo "compile-overhead.sh: no pto.h in '$PTO_INCLUDE' (set PTO_INCLUDE)" >&2
  exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/pto-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT

# gen_kernels N FILE: N kernels k0..k(N-1) and a main launching each.
gen_kernels ()
{
  n=$1 out=$2
  {
    echo '#include <pto.h>'
    echo 'typedef PTO_TILE(float, 16, 64) tile_t;'
    i=0
    while test $i -lt "$n"; do
      cat <<EOF
PTO_KERNEL void k$i(const float *x, float *y, float a, int ntiles)
{
  tile_t tx, ty;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_unroll(2, 1);
    pto_load(tx, x + i * 1024, 64);
    pto_load(ty, y + i * 1024, 64);
    pto_muls(tx, tx, a + $i.0f);
    pto_add(ty, ty, tx);
    pto_store(y + i * 1024, 64, ty);
  }
}
EOF
      i=$((i + 1))
    done
    echo 'static float x[4096], y[4096];'
    echo 'int main(void)'
    echo '{'
    i=0
    while test $i -lt "$n"; do
      echo "  pto_launch(k$i, 2, x, y, 1.0f, 4);"
      i=$((i + 1))
    done
    echo '  return (int)y[0];'
    echo '}'
  } > "$out"
}

cat > "$work/no-kernels.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b)
{
  return *(const int *)a - *(const int *)b;
}
int main(int argc, char **argv)
{
  int v[64];
  for (int i = 0; i < 64; i++)
    v[i] = (i * 37 + argc) % 64;
  qsort(v, 64, sizeof v[0], cmp);
  for (int i = 0; i < 64; i += 8)
    printf("%d %s\n", v[i], argv[0]);
  return 0;
}
EOF
gen_kernels 1 "$work/1-kernel.c"
gen_kernels 50 "$work/50-kernels.c"

csv_row() {
  [ -n "${BENCH_CSV:-}" ] && printf '%s,%s,%s,%s,%s\n' "$@" >>"$BENCH_CSV"
  return 0
}

now_ns () { date +%s%N; }

# best_ms CMD...: the fastest of $repeats runs, in milliseconds.
best_ms ()
{
  best=
  r=0
  while test $r -lt "$repeats"; do
    t0=$(now_ns)
    "$@" > /dev/null 2>&1 || { echo "compile-overhead.sh: failed: $*" >&2; exit 1; }
    t1=$(now_ns)
    t=$(( (t1 - t0) / 1000000 ))
    if test -z "$best" || test "$t" -lt "$best"; then best=$t; fi
    r=$((r + 1))
  done
  echo "$best"
}

printf '%-12s %10s %12s %7s\n' file 'gcc (ms)' 'plugin (ms)' ratio
for f in no-kernels 1-kernel 50-kernels; do
  src=$work/$f.c
  g=$(best_ms $gcc_cmd -std=gnu11 -O2 -I"$PTO_INCLUDE" -c "$src" -o "$work/$f-gcc.o")
  p=$(best_ms $gcc_cmd -fplugin="$plugin" -I"$PTO_INCLUDE" -O2 -c "$src" \
      -o "$work/$f-pto.o")
  ratio=$(awk -v p="$p" -v g="$g" 'BEGIN { printf "%.2f", (g > 0 ? p / g : 0) }')
  printf '%-12s %10s %12s %7s\n' "$f" "$g" "$p" "$ratio"
  csv_row compile-overhead "$f" "gcc ms" "$g" ms
  csv_row compile-overhead "$f" "plugin ms" "$p" ms
  csv_row compile-overhead "$f" "plugin/gcc" "$ratio" ratio
done
