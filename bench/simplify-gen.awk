# simplify-gen.awk - write a corpus for `pto-opt --simplify-exprs`: three
# bounded i32 variables and N random integer expressions of depth up to
# 6 (+ - * / % floordiv floormod min max << >> & | ^ unary -, selects on
# comparisons), one per line, fully parenthesised.  Deterministic for a
# given SEED.  Usage: awk -v N=10000 -v SEED=1 -f simplify-gen.awk
function rnd(n) { return int(rand() * n) }
function leaf() {
  if (rnd(3) > 0) return substr("abc", rnd(3) + 1, 1)
  return rnd(25) - 8
}
function num(n) { return rnd(n) }
function gen(d,    k, ops, a, b) {
  if (d <= 0 || rnd(8) == 0) return leaf()
  k = rnd(20)
  if (k < 4) return "(" gen(d - 1) " + " gen(d - 1) ")"
  if (k < 5) return "(" gen(d - 1) " - " gen(d - 1) ")"
  if (k < 7) return "(" gen(d - 1) " * " (rnd(2) ? gen(d - 1) : rnd(17) - 8) ")"
  if (k < 8) return "(" gen(d - 1) " / " (rnd(16) + 1) ")"
  if (k < 9) return "(" gen(d - 1) " % " (rnd(16) + 1) ")"
  if (k < 10) return "floordiv(" gen(d - 1) ", " (rnd(16) + 1) ")"
  if (k < 11) return "floormod(" gen(d - 1) ", " (rnd(16) + 1) ")"
  if (k < 12) return "min(" gen(d - 1) ", " gen(d - 1) ")"
  if (k < 13) return "max(" gen(d - 1) ", " gen(d - 1) ")"
  if (k < 14) return "(" gen(d - 1) " << " rnd(8) ")"
  if (k < 15) return "(" gen(d - 1) " >> " rnd(8) ")"
  if (k < 16) return "(" gen(d - 1) " & " gen(d - 1) ")"
  if (k < 17) return "(" gen(d - 1) " | " rnd(16) ")"
  if (k < 18) return "(-" gen(d - 1) ")"
  return "(" gen(d - 2) " < " gen(d - 2) " ? " gen(d - 1) " : " gen(d - 1) ")"
}
BEGIN {
  if (N == "") N = 10000
  if (SEED == "") SEED = 1
  srand(SEED)
  print "# " N " random expressions, depth 6, seed " SEED
  print "var a: i32 in [0, 63]"
  print "var b: i32 in [-16, 16]"
  print "var c: i32 in [0, 1023]"
  for (i = 0; i < N; i++) print gen(6)
}
