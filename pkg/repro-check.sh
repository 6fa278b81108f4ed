#! /bin/bash
# repro-check.sh - are two package builds byte-identical?
#
# Usage: pkg/repro-check.sh DIR1 DIR2
# Compares every .deb (and .rpm) of DIR1 with the one of the same name in
# DIR2 (cmp).  For a pair that differs, lists the members whose content
# or metadata differ (dpkg-deb -x / --ctrl-tarfile, then cmp file by
# file), so the difference can be explained.  Use it on two
# pkg/build-debs.sh -o DIR -w WORKDIR runs with different WORKDIRs (the
# build path must not leak into the packages).  Exit status 0 when all
# are identical, 1 otherwise.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DIR1 DIR2" >&2; exit 2; }
a=$1 b=$2
same=0 differ=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pto-repro.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
shopt -s nullglob
for f in "$a"/*.deb "$a"/*.rpm; do
  n=${f##*/}
  if [ ! -f "$b/$n" ]; then
    echo "ONLY IN $a: $n"; differ=$((differ + 1)); continue
  fi
  if cmp -s "$f" "$b/$n"; then
    echo "IDENTICAL: $n"; same=$((same + 1)); continue
  fi
  echo "DIFFERENT: $n"; differ=$((differ + 1))
  case $n in
    *.deb)
      for side in 1 2; do
        src=$a; [ $side = 1 ] || src=$b
        mkdir -p "$tmp/$side/data" "$tmp/$side/ctrl"
        dpkg-deb -x "$src/$n" "$tmp/$side/data"
        dpkg-deb -e "$src/$n" "$tmp/$side/ctrl"
      done
      diff -r -q "$tmp/1" "$tmp/2" | sed 's/^/    /' || true
      dpkg-deb --fsys-tarfile "$a/$n" | tar tvf - > "$tmp/l1"
      dpkg-deb --fsys-tarfile "$b/$n" | tar tvf - > "$tmp/l2"
      diff "$tmp/l1" "$tmp/l2" | sed 's/^/    metadata: /' || true
      rm -rf "$tmp/1" "$tmp/2" ;;
  esac
done
echo "repro-check: $same identical, $differ different"
[ "$differ" -eq 0 ]
