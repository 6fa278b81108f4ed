#! /bin/bash
# build-rpm.sh - build the RPM packages of pto-gcc from the `make dist'
# tarball with rpmbuild -tb (the tarball carries pto-gcc.spec).
#
# Usage (from a configured build directory, after `make dist'):
#   pkg/build-rpm.sh [-o OUTDIR] [--check] TARBALL
# OUTDIR (default ./rpms) receives the .rpm files; rpmbuild's tree is a
# scratch directory.  The testsuite (%check) is skipped unless --check.
# On a non-RPM system (Debian ships rpm) the BuildRequires name RPM
# packages that the rpm database does not know, so they are not checked
# there (--nodeps); everything else is rpmbuild's usual job.
set -euo pipefail

out=$PWD/rpms
check=(--without check)
while [ $# -gt 1 ]; do
  case $1 in
    -o) out=$2; shift 2 ;;
    --check) check=(); shift ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || { echo "usage: $0 [-o OUTDIR] [--check] TARBALL" >&2; exit 2; }
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$out"
out=$(cd "$out" && pwd)
topdir=$(mktemp -d "${TMPDIR:-/tmp}/pto-rpm.XXXXXX")
trap 'rm -rf "$topdir"' EXIT

nodeps=()
# rpm's own database is empty when dpkg owns the system.
if ! rpm -q gcc >/dev/null 2>&1; then nodeps=(--nodeps); fi

rpmbuild -tb "${check[@]}" "${nodeps[@]}" \
  --define "_topdir $topdir" "$tarball"
find "$topdir/RPMS" -name '*.rpm' -exec cp {} "$out/" \;
echo "build-rpm: OK:"
for r in "$out"/*.rpm; do
  echo "  ${r##*/}"
  rpm -qlp "$r" 2>/dev/null | sed 's/^/    /'
done
