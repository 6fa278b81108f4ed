#!/bin/sh
# transc-error.sh - the transcendentals' error sweep (bench/transc-error.c)
# in reference mode, then from the CCE on the simulator for dav-c220 and
# dav-m200.  Usage, from a built build directory:
#   sh SRCDIR/bench/transc-error.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
cc=./tools/pto-cc-uninstalled
tmp=${TMPDIR:-/tmp}/pto-transc-$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
${CC:-gcc} -std=gnu11 -O2 -I"$top/include" "$here/transc-error.c" -o "$tmp/ref" -lm
echo "reference mode (every difference 0):"
"$tmp/ref"
for arch in dav-c220 dav-m200; do
  "$cc" -O2 -fplugin-arg-pto-sim=cce -fplugin-arg-pto-arch=$arch \
    "$here/transc-error.c" -o "$tmp/cce-$arch" -lm
  echo "sim=cce, $arch:"
  "$tmp/cce-$arch"
done
