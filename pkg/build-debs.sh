#! /bin/bash
# build-debs.sh - build the Debian packages of pto-gcc from a clean copy
# of the source tree, in a scratch directory, and collect the results.
#
# Usage: pkg/build-debs.sh [-o OUTDIR] [-w WORKDIR] [--check]
#   OUTDIR   where the .deb, .buildinfo and .changes files and lintian.txt
#            go (default: ./debs)
#   WORKDIR  the scratch directory for the copy (default: a new mktemp
#            directory, removed afterwards); the source is copied to
#            WORKDIR/pto-gcc-VERSION and built there
#   --check  run the testsuite in dh_auto_test (default: skipped with
#            DEB_BUILD_OPTIONS=nocheck, as CI has just run make check)
# The copy holds the files git tracks (or, outside a git checkout, the
# tree without build directories), so a checkout with builds in it gives
# the same packages as a fresh clone.  Then runs lintian on the .changes
# (errors and warnings fail the script; debian/*.lintian-overrides give
# each override's reason).  Needs: dpkg-dev, debhelper, lintian and the
# Build-Depends of debian/control (.ci/setup installs them all).
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$PWD/debs
work=
check=no
while [ $# -gt 0 ]; do
  case $1 in
    -o) out=$2; shift 2 ;;
    -w) work=$2; shift 2 ;;
    --check) check=yes; shift ;;
    *) echo "usage: $0 [-o OUTDIR] [-w WORKDIR] [--check]" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

version=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
upstream=${version%-*}
if [ -z "$work" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/pto-debs.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi
src=$work/pto-gcc-$upstream
rm -rf "$src"
mkdir -p "$src"

# A clean copy: the files git tracks plus those not committed yet, never
# ignored ones (build output, scratch).  Outside a checkout: the tree
# without its build directories.
if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (cd "$top" && git ls-files -z --cached --others --exclude-standard \
     | while IFS= read -r -d '' f; do
         [ -e "$f" ] || [ -L "$f" ] && printf '%s\0' "$f"
       done \
     | xargs -0 -r cp --parents -P -t "$src")
else
  tar -C "$top" --exclude='./_build*' --exclude='./build' -cf - . \
    | tar -C "$src" -xf -
fi

opts=${DEB_BUILD_OPTIONS:-}
[ "$check" = yes ] || opts="${opts:+$opts }nocheck"
echo "build-debs: building $version in $src (DEB_BUILD_OPTIONS=$opts)"
(cd "$src" && DEB_BUILD_OPTIONS=$opts dpkg-buildpackage -us -uc -b)

arch=$(dpkg-architecture -qDEB_HOST_ARCH)
changes=$work/pto-gcc_${version}_${arch}.changes
# The files the .changes lists (the .debs and .buildinfo), then itself.
files=$(sed -n '/^Files:/,/^[^ ]/s/^ [0-9a-f]* [0-9]* [^ ]* [^ ]* //p' "$changes")
for f in $files; do cp "$work/$f" "$out/"; done
cp "$changes" "$out/"

echo "build-debs: lintian"
status=0
lintian --fail-on error,warning --display-info --info \
  "$out/${changes##*/}" > "$out/lintian.txt" 2>&1 || status=$?
cat "$out/lintian.txt"
if [ "$status" -ne 0 ]; then
  echo "build-debs: lintian reported errors or warnings (status $status)" >&2
  exit 1
fi
echo "build-debs: OK: $(cd "$out" && ls *.deb | tr '\n' ' ')"
