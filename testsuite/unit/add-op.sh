#! /bin/sh
# add-op.sh - adding an element-wise op with one vector instruction takes
# one row of the op table and its reference code in pto.h, and nothing
# else: the op then works three ways.
#
# On a copy of the source tree:
#   1. adds pto_maximum (d = max(a, b), f32 and fp16, the vendor's vmax,
#      an instruction the tree already declares and simulates) as one row
#      of runtime/pto-ops.def and three lines of pto.h's reference mode;
#   2. checks that the copy differs from the tree in those two files only,
#      and prints the size of the change;
#   3. configures and builds the copy (make regenerates the plugin-mode
#      prototypes, include/pto-ops-plugin.h, from the new row);
#   4. compiles one program that uses the op (16 x 64 tiles, whole
#      repeats, and 5 x 3, a masked one; f32 and fp16; in place too) in
#      reference mode, with the plugin (sim=jit) and from the emitted CCE
#      on the simulator (sim=cce) on dav-c220 and dav-m200, and checks
#      each run against the program's own plain C max and that the four
#      outputs are the same bytes; the CCE calls vmax.
#
# Run by make check (TESTS); about 35 s on 2 cores, most of it the build.
# Environment (AM_TESTS_ENVIRONMENT, testsuite/local.mk): PTO_SRCDIR (the
# source tree, bootstrapped, so that configure and the Makefile.in files
# exist, and not configured in place), PTO_GCC_DEFAULT (the C compiler),
# PTO_ADD_OP_KEEP=1 keeps the temporary directory.  Exit status: 0 pass,
# 1 a check failed, 77 skipped (a tree configured in place; a compiler
# without _Float16, as in make check-gcc11), 99 hard error.

fails=0
fail () { echo "FAIL: $*"; fails=$((fails + 1)); }
pass () { echo "PASS: $*"; }
skip () { echo "SKIP: $*"; exit 77; }
hard () { echo "ERROR: $*"; exit 99; }

src=${PTO_SRCDIR:?PTO_SRCDIR is not set}
src=`cd "$src" && pwd` || hard "no source tree $PTO_SRCDIR"
test -x "$src/configure" || hard "$src has no configure (run ./bootstrap)"
test ! -f "$src/config.status" \
  || skip "$src is configured in place; the copy needs a VPATH build"
cc=${PTO_GCC_DEFAULT:-gcc}
echo '_Float16 h;' | "$cc" -x c -c -o /dev/null - 2>/dev/null \
  || skip "$cc has no _Float16 (the program's fp16 kernel needs it)"
tmp=`mktemp -d` || hard "mktemp failed"
if test "${PTO_ADD_OP_KEEP:-0}" = 1; then echo "kept in $tmp"
else trap 'rm -rf "$tmp"' 0; fi

# 1. The copy (mtimes kept, so configure's outputs stay up to date) and
# the two edits.
mkdir "$tmp/src" "$tmp/orig" || hard "mkdir"
(cd "$src" && tar cf - --exclude=./_build --exclude=./.git \
   --exclude=./autom4te.cache --exclude='*.o' --exclude='*.lo' \
   runtime/pto-ops.def include) | (cd "$tmp/orig" && tar xf -) \
  || hard "cannot copy the table and the headers"
(cd "$src" && tar cf - --exclude=./_build --exclude=./.git \
   --exclude=./autom4te.cache .) | (cd "$tmp/src" && tar xf -) \
  || hard "cannot copy $src"
chmod -R u+w "$tmp/src" "$tmp/orig" || hard "chmod"   # distcheck's tree is read-only

row='PTO_OP(MAXIMUM, maximum, "Ttt", v, ELEM, FLOAT, W, V, 0, BINARY, MAXIMUM, "vmax", 1)'
after='PTO_OP(MIN, min, "Ttt", v, ELEM, ALL, W, V, 0, BINARY, MIN, "vmin", 1)'
def=$tmp/src/runtime/pto-ops.def
grep -qxF "$after" "$def" || hard "the table has no row: $after"
awk -v after="$after" -v row="$row" \
  '{ print } $0 == after { print row }' "$def" > "$def.new" \
  && mv "$def.new" "$def" || hard "cannot edit the table"
hdr=$tmp/src/include/pto.h
grep -qx '#endif /\* reference mode \*/' "$hdr" || hard "pto.h has no reference mode's #endif"
awk '$0 == "#endif /* reference mode */" {
       print "#define PTO__F_maximum(x, y) ((x) > (y) ? (x) : (y))"
       print "PTO__DEF_BINARY_F(maximum) PTO__DEF_BINARY_H(maximum)"
       print "#define pto_maximum(d, a, b) PTO__BINARY_FLOAT(\"pto_maximum\", maximum, d, a, b)"
     } { print }' "$hdr" > "$hdr.new" && mv "$hdr.new" "$hdr" \
  || hard "cannot edit pto.h"
touch "$def"   # newer than the generated header, whatever tar kept

# 2. What changed: the table and pto.h, nothing else.
changed=`cd "$tmp" && diff -rq orig/include src/include; \
         diff -q orig/runtime/pto-ops.def src/runtime/pto-ops.def`
lines=`cd "$tmp" && { diff orig/runtime/pto-ops.def src/runtime/pto-ops.def; \
       diff orig/include/pto.h src/include/pto.h; } | grep -c '^>'`
case $changed in
  *pto-ops.def*pto.h*|*pto.h*pto-ops.def*)
    if test `echo "$changed" | wc -l` = 2; then
      pass "the op is 2 files, $lines lines added (runtime/pto-ops.def, include/pto.h)"
    else fail "the copy differs in more files: $changed"; fi ;;
  *) fail "the copy does not differ in the table and pto.h: $changed" ;;
esac

# 3. Build the copy.
mkdir "$tmp/build" || hard "mkdir"
(cd "$tmp/build" && "$tmp/src/configure" -q CC="$cc" > configure.log 2>&1) \
  || { tail -20 "$tmp/build/configure.log"; hard "configure failed"; }
if (cd "$tmp/build" && make -j2 > make.log 2>&1); then
  pass "the tree with the new row builds"
else
  tail -30 "$tmp/build/make.log"; fail "the tree with the new row does not build"
  exit 1
fi
if grep -q 'PTO__INTRINSIC("maximum")' "$tmp/src/include/pto-ops-plugin.h"; then
  pass "make generated the op's plugin-mode prototype"
else fail "include/pto-ops-plugin.h has no prototype for maximum"; fi

# 4. One program, four ways.
cat > "$tmp/k.c" <<'EOF'
#include <math.h>
#include <pto.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(float, 16, 64) f_t;
typedef PTO_TILE(_Float16, 16, 64) h_t;
typedef PTO_TILE(float, 5, 3) s_t;

PTO_KERNEL void mx_f32(const float *x, const float *y, float *o)
{
  f_t a, b, d;
  s_t p, q;
  pto_load(a, x, 64);
  pto_load(b, y, 64);
  pto_maximum(d, a, b);
  pto_store(o, 64, d);
  pto_maximum(a, a, d);
  pto_store(o + 1024, 64, a);
  pto_load(p, x + 7, 3);
  pto_load(q, y + 7, 3);
  pto_maximum(q, p, q);
  pto_store(o + 2048, 3, q);
}

PTO_KERNEL void mx_f16(const _Float16 *x, const _Float16 *y, _Float16 *o)
{
  h_t a, b, d;
  pto_load(a, x, 64);
  pto_load(b, y, 64);
  pto_maximum(d, b, a);
  pto_store(o, 64, d);
}

static float x[1024], y[1024], o[2063];
static _Float16 hx[1024], hy[1024], ho[1024];

int main(void)
{
  int bad = 0;
  for (int i = 0; i < 1024; i++) {
    x[i] = (float)((i * 37) % 101 - 50) * 0.25f;
    y[i] = (float)((i * 53) % 89 - 44) * 0.25f;
  }
  x[3] = -INFINITY; y[4] = INFINITY;
  for (int i = 0; i < 1024; i++) {
    hx[i] = (_Float16)x[i];
    hy[i] = (_Float16)y[i];
  }
  mx_f32(x, y, o);
  mx_f16(hx, hy, ho);
  for (int i = 0; i < 1024; i++) {
    float m = x[i] > y[i] ? x[i] : y[i];
    bad += o[i] != m || o[1024 + i] != m || (float)ho[i] != (float)(_Float16)m;
  }
  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 3; c++) {
      float a = x[7 + r * 3 + c], b = y[7 + r * 3 + c];
      bad += o[2048 + r * 3 + c] != (a > b ? a : b);
    }
  unsigned long h = 5381;
  const unsigned char *p = (const unsigned char *)o;
  for (size_t i = 0; i < sizeof o; i++) h = h * 33 + p[i];
  p = (const unsigned char *)ho;
  for (size_t i = 0; i < sizeof ho; i++) h = h * 33 + p[i];
  printf("%d wrong, hash %lx\n", bad, h);
  return bad != 0;
}
EOF
b=$tmp/build
ptocc=$b/tools/pto-cc-uninstalled
run_way () {   # name, then the build command
  name=$1; shift
  if "$@" -o "$tmp/$name" > "$tmp/$name.log" 2>&1 \
     && "$tmp/$name" > "$tmp/$name.out" 2>> "$tmp/$name.log"; then
    pass "$name: `cat "$tmp/$name.out"`"
  else
    fail "$name: `tail -5 "$tmp/$name.log"` `cat "$tmp/$name.out" 2>/dev/null`"
  fi
}
run_way reference "$cc" -std=gnu11 -O2 -I"$tmp/src/include" "$tmp/k.c" -lm
run_way jit "$ptocc" -O2 "$tmp/k.c" -lm
run_way cce-c220 "$ptocc" -O2 -fplugin-arg-pto-sim=cce \
  -fplugin-arg-pto-arch=dav-c220 "$tmp/k.c" -lm
run_way cce-m200 "$ptocc" -O2 -fplugin-arg-pto-sim=cce \
  -fplugin-arg-pto-arch=dav-m200 "$tmp/k.c" -lm
for w in jit cce-c220 cce-m200; do
  if test -s "$tmp/reference.out" && cmp -s "$tmp/reference.out" "$tmp/$w.out"; then
    pass "$w equals reference mode"
  else fail "$w differs from reference mode"; fi
done

# The emitted CCE (k.cce beside k.o) calls the row's instruction.
(cd "$tmp" && "$ptocc" -O2 -c k.c -o k.o) > "$tmp/emit.log" 2>&1 \
  || fail "-c k.c: `tail -5 "$tmp/emit.log"`"
if grep -q 'vmax(' "$tmp/k.cce" 2>/dev/null; then
  pass "the emitted CCE calls vmax"
else fail "no vmax in the emitted CCE ($tmp/k.cce)"; fi

test $fails = 0
