/* gen.c - pto-difftest-gen: a random program generator for the pto tile
   DSL (include/pto.h), csmith-style: every program it writes is valid by
   construction, deterministic, free of undefined behaviour in reference
   mode, and prints hashes of every output it computes.

   Usage: pto-difftest-gen SEED > prog.c

   One SEED gives one program, identical on every host.  The program:
   * one tile shape R x C (R in 1..16, C in 16..64, so every row of every
     dtype is a multiple of 32 bytes) and dtype T (float, _Float16 or
     int32_t), a cast partner dtype E, an R x 1 column tile;
   * PTO_INLINE helpers with every parameter kind: a scalar by value that
     the helper assigns, a tile by value written by an intrinsic, a tile
     pointer, a GM pointer, computed arguments (in0 + s * ISLOT), a
     struct return, a helper calling a helper;
   * 1 to 3 kernels, each a block-cyclic loop over work items w (counting
     up or down, optionally with a pto_unroll list, duplicates allowed)
     whose body loads input tiles chosen by random index math (+ - * / %
     on small values, divisors never zero), runs random intrinsics
     (element-wise, scalar, unary, fill, div with a divisor kept away from
     zero, cast round trips, row_sum / row_max), inner loops (constant or
     runtime bounds, steps of both signs, unroll lists), if/else on the
     block index, helper calls, and stores three outputs per work item
     into disjoint slots (so the block order never matters);
   * main() fills the inputs from the seed, launches every kernel with
     several block counts and prints one line of hashes per launch.
   Float values are kept bounded (a per-tile magnitude bound is tracked;
   a clamp is emitted when it grows too large) so no inf or NaN appears,
   and row sums of float tiles are taken over integer values, so every
   result is exact and the three builds (reference mode, plugin
   sim=jit, emitted CCE on the simulator) must agree bit for bit.

   Compiled with -DDIFFTEST_CCE, the program runs the kernels through the
   CCE text that pto-opt emitted for them (kK__sim entry points, linked
   in; see run.sh) instead of pto_launch.  */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NTILE = 5, MAXDEPTH = 2 };

typedef enum dtype { DT_F32, DT_F16, DT_I32 } dtype;

/* The state of one generation: the random stream, the output, and
   what is known about each tile variable of the kernel being written.  */
typedef struct gen {
  uint64_t rng;
  FILE *out;
  int indent;
  dtype t, e;
  int rows, cols, nin, rsi, rso, has_col;
  int kern_uses_j; /* inside an inner loop: j is in scope */
  int in_wloop_unroll;
  int tmp_counter;
  int use_hidx;    /* the program calls the struct-returning helper */
  /* per-tile: initialised?  magnitude bound (floats) */
  int init[NTILE];
  double bound[NTILE];
} gen;

/* splitmix64: the generator's only source of randomness.  */
static uint64_t
next_u64(gen *g)
{
  uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* A uniform integer in [lo, hi].  */
static int
rnd(gen *g, int lo, int hi)
{
  return lo + (int)(next_u64(g) % (uint64_t)(hi - lo + 1));
}

/* True with probability PCT percent.  */
static int
chance(gen *g, int pct)
{
  return rnd(g, 0, 99) < pct;
}

/* Print one indented line.  */
static void
line(gen *g, const char *fmt, ...)
{
  va_list ap;
  fprintf(g->out, "%*s", 2 * g->indent, "");
  va_start(ap, fmt);
  vfprintf(g->out, fmt, ap);
  va_end(ap);
  fputc('\n', g->out);
}

static const char *
ctype(dtype d)
{
  return d == DT_F32 ? "float" : d == DT_F16 ? "pto_f16" : "int32_t";
}

static int
is_float(dtype d)
{
  return d != DT_I32;
}

/* Bound past which a float tile is clamped, and the clamp value.  fp16:
   200 * 200 stays below 65504, so no product of two bounded tiles
   overflows.  */
static double
limit(const gen *g)
{
  return g->t == DT_F16 ? 200.0 : 10000.0;
}

static double
clampval(const gen *g)
{
  return g->t == DT_F16 ? 16.0 : 100.0;
}

/* A scalar constant of the tile dtype, exactly representable in all
   three; *MAG receives its magnitude.  */
static const char *
scalar_const(gen *g, double *mag)
{
  static const char *const fs[] = { "0.5f", "-1.5f", "2.0f", "0.25f",
                                    "3.0f", "-0.75f", "1.0f", "0.0f",
                                    "7.0f", "-4.0f" };
  static const double fm[] = { 0.5, 1.5, 2, 0.25, 3, 0.75, 1, 0, 7, 4 };
  static const char *const is[] = { "3", "-2", "7", "0", "1", "-1000",
                                    "100", "65537", "-7", "5" };
  int k = rnd(g, 0, 9);
  if (is_float(g->t)) {
    *mag = fm[k];
    return fs[k];
  }
  *mag = 0;
  return is[k];
}

/* --- index math ------------------------------------------------------ */

/* Append printf-style text to BUF (of SIZE bytes, NUL-terminated).  */
static void
append(char *buf, size_t size, const char *fmt, ...)
{
  size_t n = strlen(buf);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + n, size - n, fmt, ap);
  va_end(ap);
}

/* Append a random int expression of small magnitude to BUF: atoms w, n,
   m, j (inside inner loops), block index/number and constants; + - *
   and / % with divisors that are never zero.  */
static void
int_expr(gen *g, char *buf, size_t size, int depth)
{
  if (depth <= 0 || chance(g, 30)) {
    int k = rnd(g, 0, g->kern_uses_j ? 6 : 5);
    switch (k) {
    case 0: append(buf, size, "w"); break;
    case 1: append(buf, size, "n"); break;
    case 2: append(buf, size, "m"); break;
    case 3: append(buf, size, "pto_block_idx()"); break;
    case 4: append(buf, size, "%d", rnd(g, -9, 9)); break;
    case 5: append(buf, size, "pto_block_num()"); break;
    default: append(buf, size, "j"); break;
    }
    return;
  }
  int op = rnd(g, 0, 5);
  append(buf, size, "(");
  int_expr(g, buf, size, depth - 1);
  if (op <= 2) {
    append(buf, size, " %c ", "+-*"[op]);
    int_expr(g, buf, size, depth - 1);
    append(buf, size, ")");
  } else if (op == 3 || op == 4) {
    /* divisor: a nonzero constant, or (e % 4 + 5) in [2, 8] */
    char c = op == 3 ? '/' : '%';
    if (chance(g, 50)) {
      int d = rnd(g, 1, 6) * (chance(g, 30) ? -1 : 1);
      append(buf, size, " %c %d)", c, d);
    } else {
      append(buf, size, " %c (", c);
      int_expr(g, buf, size, depth - 1);
      append(buf, size, " %% 4 + 5))");
    }
  } else {
    append(buf, size, " * %d - %d)", rnd(g, -3, 3), rnd(g, 0, 5));
  }
}

/* Declare a fresh int variable holding an input slot index in [0, NIN)
   and return its number.  */
static int
slot_var(gen *g)
{
  char e[1024];
  int k = g->tmp_counter++;
  e[0] = 0;
  int_expr(g, e, sizeof e, rnd(g, 1, 3));
  line(g, "int s%d = ((%s) %% NIN + NIN) %% NIN;", k, e);
  return k;
}

/* --- tile statements -------------------------------------------------- */

/* A random initialised tile index; -1 if none.  */
static int
pick_init(gen *g)
{
  int c[NTILE], n = 0;
  for (int i = 0; i < NTILE; i++)
    if (g->init[i])
      c[n++] = i;
  return n ? c[rnd(g, 0, n - 1)] : -1;
}

/* Clamp tile D to +-clampval when its bound passed the limit.  */
static void
maybe_clamp(gen *g, int d)
{
  if (!is_float(g->t) || g->bound[d] <= limit(g))
    return;
  double c = clampval(g);
  line(g, "pto_mins(t%d, t%d, %.1ff);", d, d, c);
  line(g, "pto_maxs(t%d, t%d, %.1ff);", d, d, -c);
  g->bound[d] = c;
}

static double
max2(double a, double b)
{
  return a > b ? a : b;
}

static void
emit_load(gen *g, int d)
{
  int s = slot_var(g);
  /* a column offset inside the row padding (RSI - C), in 32-byte units */
  int pad = g->rsi - g->cols, unit = g->t == DT_F16 ? 16 : 8;
  int off = pad >= unit && chance(g, 40) ? unit * rnd(g, 1, pad / unit) : 0;
  if (chance(g, 25))
    line(g, "hload(&t%d, in%d + s%d * ISLOT + %d, RSI);", d, rnd(g, 0, 1), s,
         off);
  else
    line(g, "pto_load(t%d, in%d + s%d * ISLOT + %d, RSI);", d, rnd(g, 0, 1),
         s, off);
  g->init[d] = 1;
  g->bound[d] = 8;
}

/* One element-wise / scalar / unary / fill / div / cast statement.  */
static void
emit_op(gen *g)
{
  int d = rnd(g, 0, NTILE - 1);
  int a = pick_init(g), b = pick_init(g);
  if (a < 0 || chance(g, 12)) {
    emit_load(g, d);
    return;
  }
  double ba = g->bound[a], bb = g->bound[b], mag;
  int k = rnd(g, 0, 14);
  switch (k) {
  case 0: case 1: case 2: {
    static const char *const ops[] = { "add", "sub", "mul" };
    line(g, "pto_%s(t%d, t%d, t%d);", ops[k], d, a, b);
    g->bound[d] = k == 2 ? ba * bb : ba + bb;
    break;
  }
  case 3:
    line(g, "pto_%s(t%d, t%d, t%d);", chance(g, 50) ? "max" : "min", d, a, b);
    g->bound[d] = max2(ba, bb);
    break;
  case 4: case 5: {
    static const char *const ops[] = { "adds", "muls", "maxs", "mins" };
    int o = rnd(g, 0, 3);
    const char *s;
    char sb[1200];
    if (chance(g, 25)) {
      s = "s";
      mag = 7;
    } else if (chance(g, 15)) {
      /* a scalar read from GM */
      int v = slot_var(g);
      snprintf(sb, sizeof sb, "in1[s%d * ISLOT + %d]", v, rnd(g, 0, g->cols - 1));
      s = sb;
      mag = is_float(g->t) ? 8 : 0;
    } else if (chance(g, 30)) {
      char e[1024];
      e[0] = 0;
      int_expr(g, e, sizeof e, 1);
      snprintf(sb, sizeof sb, "(%s)((%s) %% 3)", ctype(g->t), e);
      s = sb;
      mag = 2;
    } else {
      s = scalar_const(g, &mag);
    }
    line(g, "pto_%s(t%d, t%d, %s);", ops[o], d, a, s);
    g->bound[d] = o == 0 ? ba + mag : o == 1 ? ba * mag : max2(ba, mag);
    break;
  }
  case 6: {
    static const char *const ops[] = { "abs", "relu", "neg" };
    line(g, "pto_%s(t%d, t%d);", ops[rnd(g, 0, 2)], d, a);
    g->bound[d] = ba;
    break;
  }
  case 7:
    line(g, "pto_fill(t%d, %s);", d, scalar_const(g, &mag));
    g->bound[d] = mag;
    break;
  case 8: {
    /* d = a / (|b| + 1): the divisor is never 0 (int32: |b| + 1 is 0
       for no b), its magnitude at least 1 for floats.  */
    int t = d == a ? (a + 1) % NTILE : d;
    if (t == a) t = (t + 1) % NTILE;
    line(g, "pto_abs(t%d, t%d);", t, b);
    line(g, "pto_adds(t%d, t%d, %s);", t, t, is_float(g->t) ? "1.0f" : "1");
    g->init[t] = 1;
    g->bound[t] = bb + 1;
    line(g, "pto_div(t%d, t%d, t%d);", d, a, t);
    g->bound[d] = ba;
    break;
  }
  case 9:
    /* cast round trip through the partner dtype */
    line(g, "pto_cast(et, t%d);", a);
    line(g, "pto_cast(t%d, et);", d);
    g->bound[d] = ba + 1;
    break;
  case 10: {
    /* helper: *d op= (x * s + k % 4), k assigned in the helper */
    char e[1024];
    e[0] = 0;
    int_expr(g, e, sizeof e, 1);
    const char *s = chance(g, 40) ? "s" : scalar_const(g, &mag);
    if (s[0] == 's' && s[1] == 0) mag = 7;
    if (!g->init[d]) {
      line(g, "pto_fill(t%d, %s);", d, is_float(g->t) ? "0.0f" : "0");
      g->init[d] = 1;
      g->bound[d] = 0;
    }
    line(g, "hacc(&t%d, t%d, %s, %s);", d, a, s, e);
    g->bound[d] = g->bound[d] + ba * mag + 3;
    break;
  }
  case 13:
    /* GM read after write in one block: store, then load back */
    line(g, "pto_store(out + w * OSLOT, RSO, t%d);", a);
    line(g, "pto_load(t%d, out + w * OSLOT, RSO);", d);
    g->bound[d] = ba;
    break;
  case 11:
    line(g, "hscale2(&t%d, t%d);", d, a);
    g->bound[d] = ba * 4 + 3;
    break;
  default:
    line(g, "pto_%s(t%d, t%d, t%d);", chance(g, 50) ? "add" : "max", d, a, b);
    g->bound[d] = ba + bb;
    break;
  }
  g->init[d] = 1;
  maybe_clamp(g, d);
}

static void emit_block(gen *g, int nstmts, int depth);

/* Save / merge the per-tile state around branches and loops.  */
typedef struct tstate {
  int init[NTILE];
  double bound[NTILE];
} tstate;

static tstate
save(const gen *g)
{
  tstate s;
  memcpy(s.init, g->init, sizeof s.init);
  memcpy(s.bound, g->bound, sizeof s.bound);
  return s;
}

static void
restore(gen *g, const tstate *s)
{
  memcpy(g->init, s->init, sizeof s->init);
  memcpy(g->bound, s->bound, sizeof s->bound);
}

static void
emit_if(gen *g, int depth)
{
  static const char *const conds[] = {
    "pto_block_idx() % 2 == 0", "w % 3 == 1",
    "(w + pto_block_idx()) % 2 != 0", "w < n / 2",
    "pto_block_idx() == pto_block_num() - 1"
  };
  line(g, "if (%s) {", conds[rnd(g, 0, 4)]);
  tstate before = save(g);
  g->indent++;
  emit_block(g, rnd(g, 1, 3), depth + 1);
  g->indent--;
  tstate then = save(g);
  restore(g, &before);
  if (chance(g, 70)) {
    line(g, "} else {");
    g->indent++;
    emit_block(g, rnd(g, 1, 3), depth + 1);
    g->indent--;
  }
  line(g, "}");
  for (int i = 0; i < NTILE; i++) {
    g->init[i] = g->init[i] && then.init[i];
    g->bound[i] = max2(g->bound[i], then.bound[i]);
  }
}

/* An unroll list: 1 to 4 factors in 1..4, duplicates allowed.  */
static void
emit_unroll(gen *g)
{
  char buf[64];
  int n = rnd(g, 1, 4), pos = 0;
  for (int i = 0; i < n; i++)
    pos += snprintf(buf + pos, sizeof buf - pos, "%s%d", i ? ", " : "",
                    rnd(g, 1, 4));
  line(g, "pto_unroll(%s);", buf);
}

static void
emit_loop(gen *g, int depth)
{
  int lo = rnd(g, 0, 3);
  char hi[32], st[32];
  if (chance(g, 40))
    snprintf(hi, sizeof hi, "m");
  else if (chance(g, 20))
    snprintf(hi, sizeof hi, "m + %d", rnd(g, 0, 2));
  else if (chance(g, 20))
    snprintf(hi, sizeof hi, "w %% 4 + %d", rnd(g, 0, 2));
  else
    snprintf(hi, sizeof hi, "%d", rnd(g, 0, 7));
  /* the step: a constant, or a positive runtime value */
  if (chance(g, 25))
    snprintf(st, sizeof st, "(m %% 2 + 1)");
  else
    snprintf(st, sizeof st, "%d", rnd(g, 1, 3));
  int old_j = g->kern_uses_j;
  if (g->kern_uses_j) {
    /* no nested inner loops: one j is enough */
    emit_op(g);
    return;
  }
  /* a loop-carried scalar, used after the loop */
  int carried = chance(g, 50) ? g->tmp_counter++ : -1;
  if (carried >= 0)
    line(g, "int c%d = %d;", carried, rnd(g, -3, 3));
  switch (rnd(g, 0, 2)) {
  case 0: line(g, "for (int j = %d; j < %s; j += %s) {", lo, hi, st); break;
  case 1: line(g, "for (int j = %s; j > %d; j -= %s) {", hi, lo, st); break;
  default: line(g, "for (int j = %s; j >= %d; j -= %s) {", hi, lo, st); break;
  }
  g->indent++;
  g->kern_uses_j = 1;
  if (!g->in_wloop_unroll && chance(g, 60))
    emit_unroll(g);
  /* Loop body state: every tile's bound at the start of an iteration is
     at most max(entry bound, clamp); tiles written in the body are
     clamped at its end when they could grow.  */
  tstate entry = save(g);
  for (int i = 0; i < NTILE; i++)
    if (is_float(g->t) && g->init[i])
      g->bound[i] = max2(g->bound[i], clampval(g));
  tstate start = save(g);
  if (carried >= 0)
    line(g, "c%d = (c%d * %d + j) %% 11;", carried, carried, rnd(g, -2, 3));
  emit_block(g, rnd(g, 1, 4), depth + 1);
  for (int i = 0; i < NTILE; i++) {
    if (!is_float(g->t) || !g->init[i])
      continue;
    if (!start.init[i] || g->bound[i] > start.bound[i]) {
      double c = clampval(g);
      line(g, "pto_mins(t%d, t%d, %.1ff);", i, i, c);
      line(g, "pto_maxs(t%d, t%d, %.1ff);", i, i, -c);
      g->bound[i] = max2(c, start.bound[i]);
    }
  }
  g->kern_uses_j = old_j;
  g->indent--;
  line(g, "}");
  /* zero trips possible: only what was initialised before stays so */
  for (int i = 0; i < NTILE; i++) {
    g->bound[i] = max2(g->bound[i], entry.bound[i]);
    g->init[i] = entry.init[i];
  }
  int a = pick_init(g);
  if (carried >= 0 && a >= 0) {
    line(g, "pto_adds(t%d, t%d, (%s)c%d);", a, a, ctype(g->t), carried);
    g->bound[a] += 10;
    maybe_clamp(g, a);
  }
}

static void
emit_block(gen *g, int nstmts, int depth)
{
  for (int i = 0; i < nstmts; i++) {
    int k = rnd(g, 0, 9);
    if (k == 0 && depth < MAXDEPTH)
      emit_if(g, depth);
    else if (k == 1 && depth < MAXDEPTH)
      emit_loop(g, depth);
    else if (k == 2 && g->use_hidx) {
      line(g, "{");
      g->indent++;
      line(g, "pair_t pr = hidx(w, n);");
      line(g, "int s%d = ((pr.a + pr.b) %% NIN + NIN) %% NIN;",
           g->tmp_counter);
      int d = rnd(g, 0, NTILE - 1);
      line(g, "pto_load(t%d, in1 + s%d * ISLOT, RSI);", d, g->tmp_counter++);
      g->indent--;
      line(g, "}");
      g->init[d] = 1;
      g->bound[d] = 8;
    } else
      emit_op(g);
  }
}

/* The final stores of one work item: the tile output, the cast output
   and (when the column tile is 32-byte sized) a row reduction.  */
static void
emit_stores(gen *g)
{
  int a = pick_init(g);
  if (chance(g, 30))
    line(g, "hstore(out + w * OSLOT, t%d, %s);", a,
         is_float(g->t) ? "1.0f" : "1");
  else
    line(g, "pto_store(out + w * OSLOT, RSO, t%d);", a);
  int b = pick_init(g);
  line(g, "pto_cast(et, t%d);", b);
  line(g, "pto_store(oute + w * ESLOT, C, et);");
  if (!g->has_col)
    return;
  int c = pick_init(g);
  int sum = chance(g, 50);
  if (sum && is_float(g->t)) {
    /* row sums of integers: exact in every order of addition */
    double k = g->t == DT_F16 ? 16.0 : 1000.0;
    line(g, "pto_mins(t%d, t%d, %.1ff);", c, c, k);
    line(g, "pto_maxs(t%d, t%d, %.1ff);", c, c, -k);
    line(g, "pto_cast(it, t%d);", c);
    line(g, "pto_cast(t%d, it);", c);
    g->bound[c] = k;
  }
  line(g, "pto_row_%s(ct, t%d);", sum ? "sum" : "max", c);
  line(g, "pto_store(ocol + w * R, 1, ct);");
}

static void
emit_kernel(gen *g, int k)
{
  const char *sc = is_float(g->t) ? "float" : "int";
  fprintf(g->out,
          "PTO_KERNEL void k%d(const T *in0, const T *in1, T *out, E *oute,\n"
          "                   T *ocol, int n, int m, %s s)\n{\n",
          k, sc);
  g->indent = 1;
  line(g, "tile_t t0, t1, t2, t3, t4;");
  line(g, "etile_t et;");
  line(g, "col_t ct;");
  if (is_float(g->t))
    line(g, "itile_t it;");
  line(g, "(void)m; (void)s; (void)ct;");
  memset(g->init, 0, sizeof g->init);
  for (int i = 0; i < NTILE; i++)
    g->bound[i] = 0;
  g->kern_uses_j = 0;
  int down = chance(g, 30);
  if (down)
    line(g, "for (int w = n - 1 - pto_block_idx(); w >= 0; w -= pto_block_num()) {");
  else
    line(g, "for (int w = pto_block_idx(); w < n; w += pto_block_num()) {");
  g->indent++;
  g->in_wloop_unroll = chance(g, 40);
  if (g->in_wloop_unroll)
    emit_unroll(g);
  emit_load(g, 0);
  emit_block(g, rnd(g, 2, 8), 0);
  emit_stores(g);
  g->indent--;
  line(g, "}");
  fprintf(g->out, "}\n\n");
}

/* Helpers shared by the kernels (every parameter kind).  */
static void
emit_helpers(gen *g)
{
  char e1[1024], e2[1024];
  g->kern_uses_j = 0;
  /* the expressions below may use w, n only */
  do { e1[0] = 0; int_expr(g, e1, sizeof e1, 2); } while (strchr(e1, 'm') || strstr(e1, "pto_"));
  do { e2[0] = 0; int_expr(g, e2, sizeof e2, 2); } while (strchr(e2, 'm') || strstr(e2, "pto_"));
  fprintf(g->out,
          "/* struct return */\n"
          "PTO_INLINE static pair_t hidx(int w, int n)\n{\n"
          "  pair_t r;\n  r.a = %s;\n  r.b = %s;\n  return r;\n}\n\n",
          e1, e2);
  fprintf(g->out,
          "/* tile pointer + GM pointer + row stride */\n"
          "PTO_INLINE static void hload(tile_t *t, const T *p, int rs)\n{\n"
          "  pto_load(*t, p, rs);\n}\n\n");
  static const char *const accs[] = { "add", "sub", "max", "min" };
  const char *sc = is_float(g->t) ? "float" : "int";
  int kmul = rnd(g, -3, 3), kadd = rnd(g, 0, 9);
  fprintf(g->out,
          "/* scalar by value assigned, tile by value written, tile pointer */\n"
          "PTO_INLINE static void hacc(tile_t *d, tile_t x, %s s, int k)\n{\n"
          "  k = k * %d + %d;\n"
          "  pto_muls(x, x, s);\n"
          "  pto_adds(x, x, (%s)(k %% 4));\n"
          "  pto_%s(*d, *d, x);\n}\n\n",
          sc, kmul, kadd, sc, accs[rnd(g, 0, 3)]);
  fprintf(g->out,
          "/* a helper calling a helper: *d = 4 * x + 1 via hacc */\n"
          "PTO_INLINE static void hscale2(tile_t *d, tile_t x)\n{\n"
          "  pto_fill(*d, (%s)0);\n"
          "  hacc(d, x, (%s)4, %d);\n}\n\n",
          sc, sc, rnd(g, -20, 20));
  fprintf(g->out,
          "/* tile by value written, then stored */\n"
          "PTO_INLINE static void hstore(T *p, tile_t x, %s s)\n{\n"
          "  pto_adds(x, x, s);\n"
          "  pto_store(p, RSO, x);\n}\n\n",
          sc);
}

/* The CCE launch glue and the per-kernel launch functions.  */
static void
emit_launchers(gen *g, int nk)
{
  const char *sc = is_float(g->t) ? "float" : "int";
  fprintf(g->out,
          "#ifdef DIFFTEST_CCE\n"
          "typedef struct dt_call {\n"
          "  void (*entry)(void *const *);\n"
          "  void *const *args;\n"
          "} dt_call;\n"
          "static void dt_body(void *ctx)\n{\n"
          "  const dt_call *c = ctx;\n  c->entry(c->args);\n}\n"
          "#endif\n\n");
  for (int k = 0; k < nk; k++) {
    fprintf(g->out,
            "static void launch_k%d(int nb, const T *in0, const T *in1, T *out,\n"
            "                       E *oute, T *ocol, int n, int m, %s s)\n{\n"
            "#ifdef DIFFTEST_CCE\n"
            "  void *args[] = { &in0, &in1, &out, &oute, &ocol, &n, &m, &s };\n"
            "  dt_call c = { k%d__sim, args };\n"
            "  pto_sim_reset();\n"
            "  pto_sim_set_mode(PTO_SIM_RECORD);\n"
            "  int errs = pto_sim_run_blocks(dt_body, &c, nb, PTO_SIM_ASCENDING, 7);\n"
            "  if (errs) {\n"
            "    printf(\"SIMULATOR: %%d reports\\n\", errs);\n"
            "    fprintf(stderr, \"%%s\\n\", pto_sim_report_text());\n"
            "  }\n"
            "#else\n"
            "  pto_launch(k%d, nb, in0, in1, out, oute, ocol, n, m, s);\n"
            "#endif\n}\n\n",
            k, sc, k, k);
  }
}

static void
emit_main(gen *g, int nk, uint64_t seed)
{
  fprintf(g->out,
          "static T in0[NIN * ISLOT], in1[NIN * ISLOT];\n"
          "static T out[NW * OSLOT], ocol[NW * R];\n"
          "static E oute[NW * ESLOT];\n\n"
          "static uint64_t rng_state = %lluull;\n"
          "static uint32_t next_rand(void)\n{\n"
          "  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;\n"
          "  return (uint32_t)(rng_state >> 33);\n}\n\n",
          (unsigned long long)seed);
  fprintf(g->out,
          "/* FNV-1a over the bit patterns of N elements of SIZE bytes; a\n"
          "   float -0 counts as +0 (which zero max/min/row_max return for\n"
          "   +0 vs -0 is unspecified: the device compares in another order). */\n"
          "static uint32_t hash(const void *p, size_t n, size_t size, int fl)\n{\n"
          "  const unsigned char *b = p;\n"
          "  uint32_t h = 2166136261u;\n"
          "  for (size_t i = 0; i < n; i++) {\n"
          "    unsigned char e[4] = { 0, 0, 0, 0 };\n"
          "    memcpy(e, b + i * size, size);\n"
          "    if (fl && (size == 4 ? !memcmp(e, \"\\0\\0\\0\\x80\", 4)\n"
          "                         : !memcmp(e, \"\\0\\x80\", 2)))\n"
          "      memset(e, 0, sizeof e);\n"
          "    for (size_t k = 0; k < size; k++)\n"
          "      h = (h ^ e[k]) * 16777619u;\n"
          "  }\n"
          "  return h;\n}\n\n"
          "static void run(const char *name, int k, int nb, int n, int m, %s s)\n{\n"
          "  memset(out, 0, sizeof out);\n"
          "  memset(ocol, 0, sizeof ocol);\n"
          "  memset(oute, 0, sizeof oute);\n"
          "  switch (k) {\n",
          is_float(g->t) ? "float" : "int");
  for (int k = 0; k < nk; k++)
    fprintf(g->out,
            "  case %d: launch_k%d(nb, in0, in1, out, oute, ocol, n, m, s); break;\n",
            k, k);
  fprintf(g->out,
          "  }\n"
          "  printf(\"%%s nb=%%d n=%%d m=%%d: out %%08x e %%08x col %%08x\\n\", name, nb, n, m,\n"
          "         (unsigned)hash(out, NW * OSLOT, sizeof(T), %d),\n"
          "         (unsigned)hash(oute, NW * ESLOT, sizeof(E), %d),\n"
          "         (unsigned)hash(ocol, NW * R, sizeof(T), %d));\n"
          "  if (getenv(\"DIFFTEST_DUMP\")) {\n"
          "    for (int i = 0; i < NW * OSLOT; i++)\n"
          "      printf(\"out[%%d] = %%.9g\\n\", i, (double)out[i]);\n"
          "    for (int i = 0; i < NW * ESLOT; i++)\n"
          "      printf(\"oute[%%d] = %%.9g\\n\", i, (double)oute[i]);\n"
          "    for (int i = 0; i < NW * R; i++)\n"
          "      printf(\"ocol[%%d] = %%.9g\\n\", i, (double)ocol[i]);\n"
          "  }\n"
          "}\n\n",
          is_float(g->t), is_float(g->e), is_float(g->t));
  fprintf(g->out, "int main(void)\n{\n"
                  "  for (int i = 0; i < NIN * ISLOT; i++) {\n");
  if (is_float(g->t))
    fprintf(g->out,
            "    in0[i] = (T)((float)((int)(next_rand() %% 129) - 64) / 8.0f);\n"
            "    in1[i] = (T)((float)((int)(next_rand() %% 129) - 64) / 8.0f);\n");
  else
    fprintf(g->out,
            "    uint32_t r = next_rand();\n"
            "    in0[i] = r %% 16 == 0 ? (int32_t)(r * 2654435761u) : (int32_t)(r %% 2001) - 1000;\n"
            "    in1[i] = (int32_t)(next_rand() %% 2001) - 1000;\n");
  fprintf(g->out, "  }\n");
  static const int nbs[] = { 1, 2, 3, 5, 8 };
  for (int k = 0; k < nk; k++) {
    for (int r = 0; r < 3; r++) {
      int nb = nbs[rnd(g, 0, 4)];
      int n = r == 0 ? 24 : rnd(g, 0, 24);
      int m = rnd(g, 0, 6);
      double mag;
      const char *s = scalar_const(g, &mag);
      fprintf(g->out, "  run(\"k%d\", %d, %d, %d, %d, %s);\n", k, k, nb, n, m,
              s);
    }
  }
  fprintf(g->out, "  return 0;\n}\n");
}

static void
generate(uint64_t seed, FILE *out)
{
  gen g;
  memset(&g, 0, sizeof g);
  g.rng = seed * 0x2545f4914f6cdd1dull + 1;
  g.out = out;
  static const int rows[] = { 1, 2, 4, 8, 16 };
  static const int cols[] = { 16, 32, 64 };
  g.t = (dtype)rnd(&g, 0, 2);
  do g.e = (dtype)rnd(&g, 0, 2); while (chance(&g, 50) && g.e == g.t);
  g.rows = rows[rnd(&g, 0, 4)];
  g.cols = cols[rnd(&g, 0, 2)];
  int esz = g.t == DT_F16 ? 2 : 4;
  g.nin = rnd(&g, 1, 6);
  /* row strides in elements: mostly whole 32-byte units, sometimes not */
  g.rsi = g.cols + (chance(&g, 50) ? 0 : rnd(&g, 1, 4) * 32 / esz);
  g.rso = g.cols + (chance(&g, 60) ? 0 : rnd(&g, 1, 4) * 32 / esz);
  if (chance(&g, 10))
    g.rsi = g.cols + rnd(&g, 1, 7);
  g.has_col = g.rows * esz % 32 == 0;
  int nk = rnd(&g, 1, 3);
  g.use_hidx = chance(&g, 30);

  fprintf(out, "/* pto difftest program, seed %llu (testsuite/difftest/gen.c) */\n",
          (unsigned long long)seed);
  fprintf(out, "#include <pto.h>\n#include <string.h>\n\n");
  fprintf(out, "#ifdef DIFFTEST_CCE\n#include \"cce_sim.h\"\n");
  for (int k = 0; k < nk; k++)
    fprintf(out, "#define k%d ref_k%d\nvoid k%d__sim(void *const *args);\n", k,
            k, k);
  fprintf(out, "#endif\n\n");
  fprintf(out,
          "typedef %s T;\ntypedef %s E;\n"
          "enum { R = %d, C = %d, NIN = %d, RSI = %d, RSO = %d, NW = 24,\n"
          "       ISLOT = R * RSI, OSLOT = R * RSO, ESLOT = R * C };\n"
          "typedef PTO_TILE(T, R, C) tile_t;\n"
          "typedef PTO_TILE(E, R, C) etile_t;\n"
          "typedef PTO_TILE(T, R, 1) col_t;\n"
          "typedef PTO_TILE(int32_t, R, C) itile_t;\n"
          "typedef struct pair { int a; int b; } pair_t;\n\n",
          ctype(g.t), ctype(g.e), g.rows, g.cols, g.nin, g.rsi, g.rso);
  emit_helpers(&g);
  for (int k = 0; k < nk; k++)
    emit_kernel(&g, k);
  emit_launchers(&g, nk);
  emit_main(&g, nk, seed);
}

int
main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: pto-difftest-gen SEED > prog.c\n");
    return 2;
  }
  char *end;
  unsigned long long seed = strtoull(argv[1], &end, 10);
  if (*end) {
    fprintf(stderr, "pto-difftest-gen: bad seed '%s'\n", argv[1]);
    return 2;
  }
  generate(seed, stdout);
  return ferror(stdout) ? 1 : 0;
}
