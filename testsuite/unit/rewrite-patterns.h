/* rewrite-patterns.h - generic expression patterns over variables a and
   b, shared by rewrite-rules.c (proved by evaluation under many dtypes
   and ranges) and rewrite-z3.c (proved by z3 over whole dtypes).
   Unsuffixed literals take the variables' type.  */

#ifndef PTO_REWRITE_PATTERNS_H
#define PTO_REWRITE_PATTERNS_H

/* Generic patterns over variables a and b (literals take their type).  */
static const char *const generic[] = {
    "a + 0", "a - a", "a + a", "a * 3 + a * 5", "(a + 7) + 9", "a - 3 - b",
    "-(a - b)", "a * -1", "(a + 1) * 3", "a * 0", "(a * 3) * 5", "b * a",
    "a & -1", "a | 0", "a ^ a", "a & ~a", "a | ~a", "(a & 12) & 10",
    "a & 15", "~~a", "min(a, a)", "max(a, 5)", "min(min(a, 3), 5)",
    "max(a, b)", "a / 1", "a / -1", "a / a", "0 / b", "floordiv(a, 1)",
    "floordiv(a, 4)", "floormod(a, 4)", "(a * 6) / 3", "(a * 4) / 8",
    "(a / 2) / 3", "floordiv(floordiv(a, 2), 3)", "(a / 4 + 2) / 3",
    "floordiv(floordiv(a, 2) - 1, 4)", "(a + 8) / 4", "floordiv(a + 8, 4)",
    "(b * 8 + a) / 8", "floordiv(b * 8 + a, 8)", "(a * 4 + 8) / 12",
    "floordiv(a * 6 + b * 4, 8)", "a % 1", "a % -1", "a % a", "a % 16",
    "floormod(a, 16)", "(a % 8) % 4", "floormod(floormod(a, 8), 4)",
    "(a + 16) % 8", "floormod(a + 16, 8)", "(a * 4) % 2", "(a + 64) % 8",
    "floormod(a + b * 8 + 3, 4)", "(a % 4) + (a / 4) * 4",
    "floormod(a, 5) + floordiv(a, 5) * 5", "a - (a / 4) * 4",
    "a - floordiv(a, 4) * 4", "5 < a", "a >= b", "a <= 5", "a >= 5",
    "a + 3 < 10", "a + 3 == 10", "a - b < 0", "a - b == 0", "a * 3 < 7",
    "a * 3 > 7", "a * 4 == 6", "a * 4 + b * 2 < 9", "a / 4 < 2",
    "a / 4 > 2", "floordiv(a, 4) < 2", "floordiv(a, 4) > 2", "!(a < 3)",
    "!(a == b)", "a < b ? a : b", "a < b ? b : a", "a <= b ? b : a",
    "a > b ? a : b", "a << 2", "a >> 2", "(a << 2) >> 2", "a >> 1",
    "abs(a)", "abs(-a)", "abs(a - 8)", "(i64)a", "(i8)a", "(i64)(i8)a",
    "(i8)(i64)a", "a * 2 / 2", "(a + 100) / 2", "a - 1 < 5", "a + 1 < 5",
    "(a + 1) * 2 - a * 2", "max(a, b + 20)", "min(a, -1)",
    "b == 0 ? a : a", "a == 3 ? 3 : a", "a + 3 < a + 5", "a * 2 < a + 3",
    "a + b < b + 4", "-a < 5", "-a == 3", "a < 3 && a < 5",
    "a > 3 || a > 5", "a < 3 && a > 2", "a > 7 || a < 9",
    "a == 3 && a == 4", "a < 5 && b < 2 && a < 3", "min(a + 3, b + 3)",
    "max(a - 2, b - 2)", "(a * b) / b", "(a * b) % b", "floordiv(b * a, a)",
    "b != 0 && 10 / b > 1", "b == 0 || 10 % b == 1", "a < 8 && (a >> a) == 0",
    "a * 3 < b * 3", "a * 4 + 2 == b * 4", "(a % 4 + b) % 4",
    "floormod(floormod(a, 8) + b * 2, 4)", "(a % 8 + b) % 4",
    "a == b ? a : b", "a != b ? b : a", "a < 0 ? a + 3 : b + 3",
    "(i64)a < 10", "(i64)a == 7", "(i8)a < 10", "(i64)a == 5000000000",
    "a > 0 && (a > 0 || b > 0)", "b > 0 ? (a > 0 ? a : b) : b",
    "b > 0 ? a : (a > 0 ? a : b)", "max(a + 3, a - 1)", "min(a + 3, a)",
    "min(-a, -b)", "(a | 12) & 3", "(a & 12) | -13",
    /* block-cyclic tile indices */
    "(2 - a * 8) * -4", "(3 - a) * 5", "(a * 7) % 2", "floormod(a * 7, 2)",
    "(a * 4 + b) % 3", "floormod(a * 4 + b, 3)", "(a * 8) % 16",
    "floormod(a * 8, 16)", "(a * 2) % 8 / 7", "(a * 14 + b + 22) / 7",
    "(a * 4 + b % 4) / 8", "floordiv(a * 4 + floormod(b, 4), 8)",
    "(a + 40) % 16", "floormod(a - 24, 8)", "(a - 15) % 8",
    "(a / 64 * 7) / 3", "(a / 64 * 7) % 3", "floordiv(floormod(a, 2) * 5 + 1, 3)",
    "(a % 12) / 4", "floordiv(floormod(a, 12), 4)", "((a * 64 + b) % 256) / 64",
    "floordiv(floormod(a * 16 + b, 64), 16)", "((a % 16) * 16 + b) / 16",
};

#endif /* PTO_REWRITE_PATTERNS_H */
