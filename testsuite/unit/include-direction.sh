#!/bin/sh
# include-direction.sh - `make check' test: the includes run the way
# doc/architecture.md says.
#
# Reads the table of rooms of doc/architecture.md (rows
# "| `ROOM/` | what | `R1/` `R2/` ... |") and every C, C++ and header file
# of those rooms under the source tree, then fails (exit 1, one line per
# finding, FILE:LINE first) when
#   - a file includes "ROOM2/..." of another room that its room's row does
#     not allow;
#   - the table allows a cycle between rooms, or the includes make one;
#   - a room of the table does not exist, or a source folder with C or C++
#     files is in no room (a new folder must get a row).
# A file's room is the longest room that prefixes its path (ir/linear/
# before ir/).  Includes that name no room ("tree.h", <stdio.h>,
# "c-family/c-common.h") are not checked.
#
# Usage: include-direction.sh [SRCDIR]   (default: $srcdir, else .)
set -u
top=${1:-${srcdir:-.}}
doc=$top/doc/architecture.md
test -r "$doc" || { echo "include-direction: no $doc" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# ROOM ALLOWED... one line a room, from the table's rows.
sed -n 's/^| *`\([a-z][a-z/]*\/\)` *|.*| *\([^|]*\)|[ 	]*$/\1 \2/p' "$doc" \
  | tr -d '`' > "$tmp/table"
test -s "$tmp/table" || { echo "include-direction: no room table in $doc" >&2; exit 1; }

fail=0
rooms=$(cut -d' ' -f1 "$tmp/table")
for r in $rooms; do
  test -d "$top/$r" || { echo "$doc: room $r does not exist"; fail=1; }
done

# Every folder holding sources must be a room (or be inside one).
# testsuite/, bench/, examples/ hold tests and user programs, not rooms.
(cd "$top" && find . -name '*.[ch]' -o -name '*.cc' -o -name '*.def') \
  | sed 's|^\./||' | grep -v -e '^testsuite/' -e '^bench/' -e '^examples/' \
    -e '^jit-include/' -e '^_' | grep / > "$tmp/files"
while read -r f; do
  best=
  for r in $rooms; do
    case $f in "$r"*) [ ${#r} -gt ${#best} ] && best=$r ;; esac
  done
  if [ -z "$best" ]; then
    echo "$f: in no room of $doc (add a row)" >> "$tmp/noroom"
  else
    echo "$f $best"
  fi
done < "$tmp/files" > "$tmp/filerooms"
if [ -s "$tmp/noroom" ]; then cat "$tmp/noroom"; fail=1; fi

# FILE LINE ROOM INCLUDED-ROOM for each include of another room.
while read -r f room; do
  grep -n '^[ 	]*#[ 	]*include[ 	]*"[^"]*"' "$top/$f" \
    | sed 's/^\([0-9]*\):.*"\([^"]*\)".*/\1 \2/' | while read -r line inc; do
      best=
      for r in $rooms; do
        case $inc in "$r"*) [ ${#r} -gt ${#best} ] && best=$r ;; esac
      done
      [ -n "$best" ] && [ "$best" != "$room" ] && echo "$f $line $room $best $inc"
    done
done < "$tmp/filerooms" > "$tmp/edges"

# Direction: the included room must be in the row of the includer's room.
while read -r f line room to inc; do
  allowed=$(sed -n "s|^$room ||p" "$tmp/table")
  case " $allowed " in
    *" $to "*) ;;
    *) echo "$f:$line: $room may not include $inc ($to); doc/architecture.md allows: ${allowed:-nothing}"
       fail=1 ;;
  esac
done < "$tmp/edges"

# Cycles: tsort reports a cycle on stderr.  First the table's arrows,
# then the arrows the includes actually draw.
cycle() {  # NAME FILE-OF-PAIRS
  out=$(tsort "$2" 2>&1 >/dev/null)
  if [ -n "$out" ]; then
    echo "include-direction: $1 have a cycle:"; echo "$out" | sed 's/^/  /'
    fail=1
  fi
}
awk '{ for (i = 2; i <= NF; i++) print $1, $i; print $1, $1 }' "$tmp/table" > "$tmp/tpairs"
cycle "the rooms of doc/architecture.md" "$tmp/tpairs"
awk '{ print $3, $4 }' "$tmp/edges" | sort -u > "$tmp/epairs"
cycle "the includes between rooms" "$tmp/epairs"

n=$(wc -l < "$tmp/filerooms"); e=$(wc -l < "$tmp/edges")
if [ $fail = 0 ]; then
  echo "include-direction: $n files, $e includes across rooms, all in the direction of doc/architecture.md"
fi
exit $fail
