# pipeline-scale-gen.awk - write a textual-IR kernel of N statements for
# bench/pipeline-scale.sh, which times `pto-opt --pipeline=default'.
#
# Usage: awk -v n=10000 -f pipeline-scale-gen.awk > prog.pto
#
# The kernel body repeats a block of 10 statements (N is rounded up to a
# multiple of 10) that gives every pass of the default pipeline work:
# calls of a small inline helper (InlineFunctions), a constant-trip loop
# (UnrollLoops), foldable arithmetic and single-use locals (Simplify), a
# branch, and tile operations between a load and a store.  Each block
# declares its own locals (a1, b1, k1, a2, ...), so the per-function name
# tables grow with N, the worst case for bookkeeping that is not linear.

BEGIN {
  if (n == "" || n < 1) {
    print "pipeline-scale-gen.awk: set -v n=COUNT (>= 1)" > "/dev/stderr"
    exit 1
  }
  print "inline step(a: i32, b: i32) -> i32 {"
  print "  var c: i32 = a * 2 + b;"
  print "  return c - 1;"
  print "}"
  print "kernel bench(x: ptr<f32>, y: ptr<f32>, n: i32) {"
  print "  var t: tile<f32,16,64>;"
  print "  var u: tile<f32,16,64>;"
  print "  var s: i32 = n;"
  blocks = int((n + 9) / 10)
  for (i = 1; i <= blocks; i++) {
    printf "  var a%d: i32 = s * 1 + 0;\n", i                     #  1
    printf "  var b%d: i32 = a%d %% 7 + 2 * 3;\n", i, i            #  2
    printf "  s = @step(s, b%d);\n", i                             #  3
    printf "  pto.load(t, x + (s & 1023), 64);\n"                  #  4
    printf "  pto.adds(t, t, 1.0);\n"                              #  5
    printf "  pto.mul(u, t, t);\n"                                 #  6
    printf "  if (b%d > 3) {\n    s = s - b%d;\n  }\n", i, i       #  7
    printf "  for (k%d: i32 = 0; k%d < 2; k%d += 1) [unroll=[2]] {\n", i, i, i  #  8
    printf "    s = s + k%d;\n  }\n", i
    printf "  pto.store(y + (s & 1023), 64, u);\n"                 #  9
    printf "  s = s + a%d;\n", i                                   # 10
  }
  print "}"
}
