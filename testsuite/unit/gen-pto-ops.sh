#! /bin/sh
# gen-pto-ops.sh - include/pto-ops-plugin.h is tools/gen-pto-ops's output
# for the op table in the tree, and the generator writes what pto.h needs
# for a row it has never seen (and refuses a letter it does not know).
#
# Checks:
#   - the header in the source tree equals the built generator's output
#     (else: the table changed and the header was not regenerated);
#   - tools/gen-pto-ops.c compiled against a copy of the table with one
#     more row, "Ttst" (a written tile, a read tile, a scalar, a read
#     tile), prints exactly the two lines written out below, and its
#     output is the same bytes on a second run;
#   - a row with two operands of one kind ("TTtUss") gets distinct
#     macro parameter names;
#   - compiled against a row with the letter 'q', it exits 1, names the
#     op and the letter on stderr and prints nothing for it.
#
# Environment (AM_TESTS_ENVIRONMENT, testsuite/local.mk): PTO_GEN_PTO_OPS,
# PTO_INCLUDE, PTO_GCC_DEFAULT.  Exit status: 0 pass, 1 a check failed, 99
# hard error.

fails=0
fail () { echo "FAIL: $*"; fails=$((fails + 1)); }
pass () { echo "PASS: $*"; }
hard () { echo "ERROR: $*"; exit 99; }

test -x "$PTO_GEN_PTO_OPS" || hard "PTO_GEN_PTO_OPS ($PTO_GEN_PTO_OPS) is not a program"
top=`cd "$PTO_INCLUDE/.." && pwd` || hard "no source tree above $PTO_INCLUDE"
gen_src=$top/tools/gen-pto-ops.c
table=$top/runtime/pto-ops.def
test -f "$gen_src" && test -f "$table" || hard "no $gen_src or $table"
cc=${PTO_GCC_DEFAULT:-gcc}
tmp=`mktemp -d` || hard "mktemp failed"
trap 'rm -rf "$tmp"' 0

if "$PTO_GEN_PTO_OPS" > "$tmp/now.h" \
   && cmp -s "$tmp/now.h" "$PTO_INCLUDE/pto-ops-plugin.h"; then
  pass "include/pto-ops-plugin.h is the generator's output for the table"
else
  fail "include/pto-ops-plugin.h differs from tools/gen-pto-ops's output (make regenerates it)"
  diff "$PTO_INCLUDE/pto-ops-plugin.h" "$tmp/now.h" | head -20
fi

# A copy of the table with ROW inserted before its last line (#undef),
# and the generator compiled against it (its include path puts the copy
# first).  $1: directory name, $2: the row.
build_with_row () {
  mkdir -p "$tmp/$1/runtime" || hard "mkdir"
  sed '$d' "$table" > "$tmp/$1/runtime/pto-ops.def" \
    && printf '%s\n#undef PTO_OP\n' "$2" >> "$tmp/$1/runtime/pto-ops.def" \
    || hard "cannot copy the table"
  tail -1 "$table" | grep -q '^#undef PTO_OP$' \
    || hard "the table's last line is not #undef PTO_OP"
  "$cc" -std=c11 -I"$tmp/$1" -o "$tmp/$1/gen" "$gen_src" \
    || hard "cannot compile $gen_src against the table with $2"
}

build_with_row new 'PTO_OP(FROB, frob, "Ttst", v, ELEM, FLOAT, W, V, 0, OTHER, NONE, "", 0)'
cat > "$tmp/expect" <<'EOT'
extern void __pto_op_frob(void *pto__d, const void *pto__a, double pto__s, const void *pto__b) PTO__INTRINSIC("frob");
#define pto_frob(d, a, s, b) __pto_op_frob(PTO__TREF(d), PTO__TREF(a), (s), PTO__TREF(b))
EOT
if "$tmp/new/gen" > "$tmp/new.h" && "$tmp/new/gen" > "$tmp/new2.h"; then
  tail -2 "$tmp/new.h" > "$tmp/got"
  if cmp -s "$tmp/got" "$tmp/expect"; then
    pass "a new row gets its prototype and macro"
  else
    fail "a new row's prototype and macro"; diff "$tmp/expect" "$tmp/got"
  fi
  cmp -s "$tmp/new.h" "$tmp/new2.h" && pass "the output is deterministic" \
    || fail "two runs differ"
  if head -n -2 "$tmp/new.h" | cmp -s - "$tmp/now.h"; then
    pass "the other rows' lines are unchanged"
  else
    fail "a new row changed the other rows' lines"
  fi
else
  fail "the generator failed on a valid new row"
fi

# Two operands of a kind: each macro parameter name once.
build_with_row twin 'PTO_OP(TWIN, twin, "TTtUss", v, ELEM, FLOAT, W, V, 0, OTHER, NONE, "", 0)'
want='#define pto_twin(d, x1, a, c, s, t) __pto_op_twin(PTO__TREF(d), PTO__TREF(x1), PTO__TREF(a), PTO__TREF(c), (s), (t))'
if "$tmp/twin/gen" > "$tmp/twin.h" && tail -1 "$tmp/twin.h" | grep -qxF "$want"; then
  pass "repeated operand kinds get distinct names"
else
  fail "repeated operand kinds: `tail -1 "$tmp/twin.h"`"
fi

build_with_row bad 'PTO_OP(ZAP, zap, "Tq", v, ELEM, FLOAT, W, V, 0, OTHER, NONE, "", 0)'
"$tmp/bad/gen" > "$tmp/bad.h" 2> "$tmp/bad.err"
rc=$?
if test $rc = 1 && grep -q "op zap: signature letter 'q'" "$tmp/bad.err" \
   && ! grep -q zap "$tmp/bad.h"; then
  pass "an unknown signature letter is refused, naming the op"
else
  fail "unknown letter: exit $rc, stderr: `cat "$tmp/bad.err"`"
fi

test $fails = 0
