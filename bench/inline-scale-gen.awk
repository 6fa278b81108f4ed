# inline-scale-gen.awk - write a textual-IR program with N call sites of
# a 20-statement inline helper, for bench/inline-scale.sh.
#
# Usage: awk -v n=10000 -f inline-scale-gen.awk > prog.pto
#
# The helper exercises every expansion path that costs something: a
# by-value scalar and a by-value tile that it writes (both copied at each
# call site), a computed pointer argument (bound once), a loop and a
# branch (cloned with renamed locals), writes through a pointer and a
# returned value wired into the caller.  All N call sites are in one
# kernel, the worst case for per-function bookkeeping (names, flags).

BEGIN {
  if (n == "" || n < 1) {
    print "inline-scale-gen.awk: set -v n=COUNT (>= 1)" > "/dev/stderr"
    exit 1
  }
  print "inline step(p: ptr<f32>, a: i32, t: tile<f32,16,64>) -> i32 {"
  print "  a = a + 1;"                              #  1
  print "  var b: i32 = a * 3;"                     #  2
  print "  var c: i32 = b - a;"                     #  3
  print "  if (c > 10) {"                           #  4
  print "    c = c - 10;"
  print "  }"
  print "  for (i: i32 = 0; i < 2; i += 1) {"       #  5
  print "    b = b + i;"
  print "  }"
  print "  pto.adds(t, t, 1.0);"                    #  6
  print "  pto.muls(t, t, 0.5);"                    #  7
  print "  var d: i32 = b + c;"                     #  8
  print "  var e: i32 = d * 2;"                     #  9
  print "  var f: i32 = e - 1;"                     # 10
  print "  var g: i32 = f + a;"                     # 11
  print "  var h: i32 = g * b;"                     # 12
  print "  var k: i32 = h % 7;"                     # 13
  print "  var m: i32 = k + c;"                     # 14
  print "  pto.store(p, 64, t);"                    # 15
  print "  p[0] = 1.0;"                             # 16
  print "  var q: i32 = m + 1;"                     # 17
  print "  var r: i32 = q * q;"                     # 18
  print "  var s: i32 = r - m;"                     # 19
  print "  return s;"                               # 20
  print "}"
  print "kernel bench(x: ptr<f32>, n: i32) {"
  print "  var t: tile<f32,16,64>;"
  print "  var s: i32 = n;"
  for (i = 0; i < n; i++)
    print "  s = @step(x + s, s, t);"
  print "}"
}
