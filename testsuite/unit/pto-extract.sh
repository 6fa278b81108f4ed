#! /bin/sh
# pto-extract.sh - the .pto.cce records through the real assembler,
# linker and archiver, and back out with tools/pto-extract.
#
# testsuite/unit/cce-section-test --write makes the sample texts (empty,
# quotes/backslashes/tabs/UTF-8/control bytes, all 256 byte values, 200
# KB, two records named dup.cce, two records in one file), the assembly
# of their records (pto_cce_section_asm) and hand-made ELF32/ELF64
# little/big-endian objects.  This script assembles them with $CC -c and
# checks with cmp that pto-extract gives the texts back from: each
# object, an executable, a shared library, `ld -r' output, a GNU archive
# (long member names, a non-ELF member), a BSD archive (#1/N names), the
# hand-made ELF files, a -m32 object and llvm-objcopy's big-endian copies
# (those two print SKIP when the tool is missing; a skip never counts as
# a pass), and a raw `objcopy --dump-section' dump.  Also: --list and
# --stdout output, duplicate names, and that bad inputs (not ELF,
# truncated, no section, corrupted record, thin archive, missing
# directory) exit 1 with "pto-extract: FILE: message" and write nothing.
#
# Environment: PTO_GCC_DEFAULT (the compiler, from AM_TESTS_ENVIRONMENT;
# default cc); run from the top build directory (tools/pto-extract,
# testsuite/unit/cce-section-test).  Exit status: 0 pass, 1 a check
# failed, 99 hard error.

fails=0
fail () { echo "FAIL: $*"; fails=$((fails + 1)); }
pass () { echo "PASS: $*"; }
skip () { echo "SKIP: $*"; }
hard () { echo "ERROR: $*"; exit 99; }
check () { # check WHAT COMMAND...: pass if COMMAND succeeds
  what=$1; shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

CC=${PTO_GCC_DEFAULT:-cc}
top=$(pwd)
extract=$top/tools/pto-extract
gen=$top/testsuite/unit/cce-section-test
test -x "$extract" || hard "no $extract (run from the top build directory)"
test -x "$gen" || hard "no $gen"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pto-extract.XXXXXX") || hard "mktemp"
trap 'rm -rf "$tmp"' 0
trap 'exit 99' HUP INT PIPE TERM
cd "$tmp" || hard "cd $tmp"
mkdir in || hard "mkdir"
"$gen" --write . || hard "cce-section-test --write failed"
for s in empty quotes allbytes big dup1 dup2 two; do
  $CC -c $s.s -o $s.o || hard "$CC -c $s.s failed"
done
printf 'int main (void) { return 0; }\n' > main.c
$CC -c main.c -o main.o || hard "$CC -c main.c failed"

# same_files DIR NAME...: DIR holds exactly the files NAME... and each
# equals in/NAME.
same_files () {
  d=$1; shift
  want=$(printf '%s\n' "$@" | LC_ALL=C sort)
  have=$(cd "$d" && ls -A | LC_ALL=C sort)
  if test "$want" != "$have"; then
    echo "  $d holds: $(echo $have); expected: $(echo $want)"
    return 1
  fi
  for f in "$@"; do
    cmp "in/$f" "$d/$f" || return 1
  done
}

# run_extract DIR ARGS...: fresh DIR, pto-extract -o DIR ARGS; its stderr
# in err, status in rc.
run_extract () {
  d=$1; shift
  rm -rf "$d" && mkdir "$d"
  "$extract" -o "$d" "$@" 2>err
  rc=$?
}

# ok_extract WHAT DIR ARGS... -- NAME...: exit 0, no message, the files.
ok_extract () {
  what=$1; d=$2; shift 2
  args=
  while test "$1" != --; do args="$args $1"; shift; done
  shift
  run_extract "$d" $args
  if test $rc = 0 && ! test -s err && same_files "$d" "$@"; then
    pass "$what"
  else
    fail "$what (status $rc)"; sed 's/^/  stderr: /' err
  fi
}

# bad_extract WHAT PATTERN ARGS...: exit 1, a "pto-extract: " message
# matching PATTERN on stderr, no output file.
bad_extract () {
  what=$1; pat=$2; shift 2
  run_extract bad "$@"
  if test $rc = 1 && grep -q "^pto-extract: .*$pat" err \
     && test -z "$(ls -A bad)"; then
    pass "$what"
  else
    fail "$what (status $rc)"; sed 's/^/  stderr: /' err; ls -A bad
  fi
}

# --- Objects -----------------------------------------------------------
ok_extract "object: empty text" o1 empty.o -- empty.cce
ok_extract "object: quotes, backslashes, tabs, UTF-8" o2 quotes.o -- quotes.cce
ok_extract "object: all 256 byte values" o3 allbytes.o -- allbytes.cce
ok_extract "object: 200 KB text" o4 big.o -- big.cce
ok_extract "object: two records in one section" o5 two.o -- two-a.cce two-b.cce
ok_extract "several objects at once" o6 quotes.o big.o empty.o -- \
  quotes.cce big.cce empty.cce
rm -rf o7 && mkdir o7
check "--output-dir=DIR" \
  eval '"$extract" --output-dir=o7 quotes.o && same_files o7 quotes.cce'
rm -rf o9 && mkdir o9 && echo old > o9/quotes.cce
check "an existing file is replaced" \
  eval '"$extract" -o o9 quotes.o && same_files o9 quotes.cce'
rm -rf o8 && mkdir o8
check "default output directory is ." \
  eval '(cd o8 && "$extract" ../quotes.o) && same_files o8 quotes.cce'

# --- Linked files ------------------------------------------------------
if $CC main.o quotes.o big.o allbytes.o -o app 2>err; then
  check "executable runs" ./app
  ok_extract "executable: three objects' records" x1 app -- \
    quotes.cce big.cce allbytes.cce
  # Address, offset, size, entry size, link, info, alignment: no flags.
  fields=$(readelf -S -W app | sed -n 's/.*\.pto\.cce *PROGBITS *//p')
  check "executable: one .pto.cce section, not allocated ($fields)" \
    test "$(echo "$fields" | wc -w)" = 7
  if strip app -o app.stripped; then
    ok_extract "stripped executable keeps the records" x2 app.stripped -- \
      quotes.cce big.cce allbytes.cce
  else
    fail "strip app"
  fi
else
  fail "link an executable"; cat err
fi
if $CC -shared quotes.o two.o -o lib.so 2>err; then
  ok_extract "shared library" x3 lib.so -- quotes.cce two-a.cce two-b.cce
else
  fail "link a shared library"; cat err
fi
if $CC -r -nostdlib empty.o allbytes.o -o rel.o 2>err; then
  ok_extract "ld -r output" x4 rel.o -- empty.cce allbytes.cce
else
  fail "ld -r"; cat err
fi

# --- Archives ----------------------------------------------------------
cp allbytes.o a-member-name-longer-than-sixteen.o
printf 'not an object (odd size)\n' > notes.txt
rm -f lib.a
ar rc lib.a quotes.o big.o notes.txt a-member-name-longer-than-sixteen.o \
  main.o || hard "ar failed"
ok_extract "GNU archive (long names, non-ELF member)" a1 lib.a -- \
  quotes.cce big.cce allbytes.cce
ranlib lib.a 2>/dev/null
ok_extract "GNU archive with a symbol table" a2 lib.a -- \
  quotes.cce big.cce allbytes.cce

# bsd_member NAME FILE: a BSD "#1/N" member (name after the header).
bsd_member () {
  n=$(printf %s "$1" | wc -c); s=$(wc -c < "$2")
  printf '%-16s%-12s%-6s%-6s%-8s%-10s`\n' "#1/$n" 0 0 0 644 $((n + s))
  printf %s "$1"; cat "$2"
  test $(((n + s) % 2)) = 0 || printf '\n'
}
{ printf '!<arch>\n'
  bsd_member "__.SYMDEF SORTED" notes.txt
  bsd_member quotes.o quotes.o
  bsd_member "a-long-bsd-member-name.o" two.o
} > bsd.a
ok_extract "BSD archive (#1/N names)" a3 bsd.a -- quotes.cce two-a.cce two-b.cce

# --- ELF32 and big-endian ----------------------------------------------
for e in elf32le elf32be elf64le elf64be; do
  ok_extract "hand-made $e object" e-$e $e.o -- quotes.cce
done
if $CC -m32 -c quotes.s -o q32.o 2>/dev/null; then
  check "-m32 object is ELF32" \
    test "$(readelf -h q32.o | sed -n 's/^ *Class: *//p')" = ELF32
  ok_extract "-m32 object" e-m32 q32.o -- quotes.cce
else
  skip "$CC -m32 cannot assemble (no -m32 object check)"
fi
if command -v llvm-objcopy >/dev/null 2>&1 \
   && llvm-objcopy -O elf64-powerpc big.o big-be.o 2>/dev/null; then
  readelf -h big-be.o > hdr
  check "llvm-objcopy copy is big-endian" grep -q 'big endian' hdr
  ok_extract "big-endian ELF64 (llvm-objcopy)" e-be big-be.o -- big.cce
else
  skip "no llvm-objcopy for a big-endian copy"
fi

# --- objcopy --dump-section --------------------------------------------
if objcopy --dump-section .pto.cce=raw.bin quotes.o 2>err; then
  len=$(wc -c < in/quotes.cce)
  name=quotes.cce
  off=$((32 + ${#name}))
  tail -c +$((off + 1)) raw.bin | head -c "$len" > raw.text
  check "dump-section: the text at offset 32 + name length" \
    cmp raw.text in/quotes.cce
  check "dump-section: size is the record rounded up to 8" \
    test "$(wc -c < raw.bin)" = $(((off + len + 7) / 8 * 8))
  ok_extract "pto-extract reads a raw section dump" d1 raw.bin -- quotes.cce
else
  fail "objcopy --dump-section"; cat err
fi

# --- --list and --stdout -----------------------------------------------
tab=$(printf '\t')
"$extract" --list lib.a quotes.o > list.out 2>err; rc=$?
{ echo "quotes.cce$tab$(wc -c < in/quotes.cce)${tab}lib.a(quotes.o)"
  echo "big.cce$tab$(wc -c < in/big.cce)${tab}lib.a(big.o)"
  echo "allbytes.cce$tab$(wc -c < in/allbytes.cce)${tab}lib.a(a-member-name-longer-than-sixteen.o)"
} > list.want
check "--list: name, size and source per record; duplicate listed once" \
  test $rc = 0 -a ! -s err
check "--list output" cmp list.want list.out
rm -rf l && mkdir l
check "-l writes no file" \
  eval '(cd l && "$extract" -l ../two.o > ../list2.out) && test -z "$(ls -A l)"'
"$extract" --stdout quotes.o big.o allbytes.o > all.out 2>err
cat in/quotes.cce in/big.cce in/allbytes.cce > all.want
check "--stdout: the texts in order" cmp all.want all.out

# --- Duplicate names ---------------------------------------------------
run_extract dup dup1.o dup2.o dup1.o
check "duplicates: exit 0" test $rc = 0
check "duplicates: second different dup.cce written as dup.1.cce" \
  same_files dup dup.cce dup.1.cce
check "duplicates: one warning naming dup.1.cce" \
  test "$(grep -c "^pto-extract: warning: dup2.o: .*'dup.1.cce'" err)" = 1 \
  -a "$(wc -l < err)" = 1

# --- Errors --------------------------------------------------------------
printf 'hello\n' > notelf.txt
bad_extract "not ELF" "notelf.txt: not an ELF file" notelf.txt
: > empty.bin
bad_extract "empty file" "empty.bin: empty file" empty.bin
head -c 40 quotes.o > trunc-hdr.o
bad_extract "truncated ELF header" "trunc-hdr.o: truncated ELF header" trunc-hdr.o
head -c 2000 big.o > trunc.o
bad_extract "truncated object" "trunc.o: truncated" trunc.o
bad_extract "object without the section" "main.o: no \.pto\.cce section" main.o
if $CC -flto -c main.c -o lto.o 2>/dev/null; then
  bad_extract "slim LTO object: no section, and why" \
    "lto.o: no \.pto\.cce section (a slim LTO object" lto.o
else
  skip "$CC -flto does not work"
fi
bad_extract "a good and a bad input: nothing written" "main.o: no" \
  quotes.o main.o
bad_extract "missing input" "nosuch.o: No such file" nosuch.o
head -c 3000 lib.a > trunc.a
bad_extract "truncated archive" "trunc.a: truncated archive" trunc.a
rm -f thin.a
if ar rcT thin.a quotes.o 2>/dev/null; then
  bad_extract "thin archive refused" "thin.a: thin archive" thin.a
else
  skip "ar cannot make thin archives"
fi
# A byte of the text changed: the record's checksum catches it.
cp quotes.o corrupt.o
sec=$(readelf -S -W corrupt.o \
      | sed -n 's/.*\.pto\.cce *PROGBITS *[0-9a-f]* \([0-9a-f]*\) .*/\1/p')
if test -n "$sec"; then
  printf 'Z' | dd of=corrupt.o bs=1 seek=$((0x$sec + 50)) conv=notrunc \
    2>/dev/null
  bad_extract "corrupted record" "corrupt.o: section .pto.cce: offset 0: .*checksum" \
    corrupt.o
  cp quotes.o garbage.o
  printf 'G' | dd of=garbage.o bs=1 seek=$((0x$sec + 32 + 10 + $(wc -c < in/quotes.cce))) \
    conv=notrunc 2>/dev/null
  bad_extract "garbage in the padding" "garbage.o: .*bad magic" garbage.o
else
  fail "no .pto.cce section offset from readelf"
fi
cp lib.a corrupt.a
printf 'X' | dd of=corrupt.a bs=1 seek=$(($(grep -abo PTOCCE corrupt.a | head -1 | cut -d: -f1) + 45)) \
  conv=notrunc 2>/dev/null
bad_extract "corrupted member of an archive" "corrupt.a(quotes.o): section" corrupt.a
"$extract" -o nosuchdir quotes.o 2>err; rc=$?
check "missing output directory: exit 1 and a message" \
  test $rc = 1 -a "$(grep -c '^pto-extract: nosuchdir: output directory' err)" = 1
"$extract" --bogus quotes.o 2>err; rc=$?
check "unknown option: exit 1" test $rc = 1 -a -s err
"$extract" 2>err; rc=$?
check "no input: exit 1" test $rc = 1 -a -s err
"$extract" --list --stdout quotes.o 2>err; rc=$?
check "--list with --stdout: exit 1" test $rc = 1 -a -s err
check "no temporary file left" test -z "$(find . -name '.*.cce.*')"
"$extract" --help > help.out 2>&1 && grep -q -e '--output-dir' help.out
check "--help" test $? = 0
"$extract" --version > version.out 2>&1 && grep -q 'record format 1' version.out
check "--version" test $? = 0

echo "pto-extract.sh: $fails failure(s)"
test $fails = 0
