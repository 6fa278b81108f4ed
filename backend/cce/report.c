/* report.c - the per-kernel report of the CCE back end
   (-fplugin-arg-pto-report[=FILE], pto-opt --report[=FILE]; contract
   report.h), read from the machine IR after memory planning, instruction
   selection and sync insertion.

   Per kernel:
   * the memory plans: every UB buffer with its offset, size and live
     statement range, the peak against the arch's usable UB; the L1 and
     L0C regions of the cube plan (cube.c); L0A/L0B, where each
     pto_matmul loads its operands at offset 0 (peak: the largest
     operand tile, an upper bound);
   * the static instruction counts against the minimum the data sizes
     allow (pto_mir_kernel.count, the numbers bench/cce-counts.sh reads
     from the plan comment of the .cce);
   * per loop: its trip count when constant, the estimated cycles of one
     iteration per pipe under the simulator's cost model (runtime/
     cce_sim.c, COST MODEL: DMA 64 + 1 per 32 B + 4 per burst, UB->UB 16
     + 1 per 64 B, vector 8 + repeats x 1, 2 (reductions) or 4 (div,
     exp, ln, sqrt, rsqrt, rec), PTO_UB_LOAD/STORE 1 on S, and one issue
     cycle per instruction on the scalar unit), the BOUND (the pipe, or
     the issue of instructions, with the most cycles: what limits the
     loop once its pipes overlap), and sync.c's double-buffering
     decision with the reason when the loop was not overlapped;
   * the same estimate for the whole kernel, exact when every loop has a
     constant trip count and there is no branch (nested loops of unknown
     trip count count once).
   Cube instructions (cube.c's text nodes on MTE2 / MTE1 / M / FIX) are
   costed by the same model when their size arguments are constants,
   else counted as not costed.  Text by default, JSON when the file name
   ends in .json.  */

#include "backend/cce/report.h"
#include "backend/cce/cube.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Estimated cycles per pipe (pto_pipe numbering; FIX in the ALL slot,
   which no instruction uses) and instruction issues; UNCOSTED counts
   cube instructions whose sizes are not constants.  */
typedef struct cost {
  int64_t pipe[PTO_PIPE_COUNT];
  int64_t issue;
  int64_t uncosted; /* cube text instructions */
  bool exact;
} cost;

static const char *const pipe_names[PTO_PIPE_COUNT] = {
  "S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX"
};

static void cost_add(cost *a, const cost *b, int64_t times)
{
  for (int p = 0; p < PTO_PIPE_COUNT; p++)
    a->pipe[p] += b->pipe[p] * times;
  a->issue += b->issue * times;
  a->uncosted += b->uncosted * times;
  a->exact = a->exact && b->exact;
}

/* The element-wise maximum of A and B into A (the two arms of an if).  */
static void cost_max(cost *a, const cost *b)
{
  for (int p = 0; p < PTO_PIPE_COUNT; p++)
    if (b->pipe[p] > a->pipe[p])
      a->pipe[p] = b->pipe[p];
  if (b->issue > a->issue)
    a->issue = b->issue;
  if (b->uncosted > a->uncosted)
    a->uncosted = b->uncosted;
}

/* Cycles per repeat of vector opcode OP: the cycles column of the op
   table (runtime/pto-ops.def, which sim-vec.c's op_cycles reads too) for
   an element-wise instruction, 2 for the reductions, else 1.  */
static int64_t vec_cycles_per_repeat(const char *op)
{
  for (int i = 0; i < PTO_OP_COUNT; i++) {
    const pto_opinfo *info = pto_op_info((pto_op)i);
    if (info->cycles && !strcmp(op, info->cce))
      return info->cycles;
  }
  if (!strncmp(op, "vcg", 3) || !strcmp(op, "vcadd") || !strcmp(op, "vcmax")
      || !strcmp(op, "vcmin"))
    return 2;
  return 1;
}

/* Cost of one DMA node (several instructions with a row stride).  */
static void dma_cost(const pto_mir_node *n, cost *c)
{
  int64_t count = n->row_stride ? n->nburst : 1;
  int64_t nb = n->row_stride ? 1 : n->nburst;
  bool bytes_len = strstr(n->op, "_align_b") != NULL;
  int64_t bytes = nb * n->lenburst * (bytes_len ? 1 : 32);
  int64_t one;
  if (n->pipe == PTO_PIPE_MTE2 || n->pipe == PTO_PIPE_MTE3)
    one = 64 + (bytes + 31) / 32 + 4 * nb;
  else
    one = 16 + (bytes + 63) / 64;
  c->pipe[n->pipe] += one * count;
  c->issue += count;
}

/* Occurrences of NEEDLE in TEXT.  */
static int64_t count_str(const char *text, const char *needle)
{
  int64_t k = 0;
  for (const char *p = text; p && (p = strstr(p, needle)); p += strlen(needle))
    k++;
  return k;
}

/* Argument I (from 0) of the call whose '(' is at OPEN, as an integer
   literal (casts such as "(uint8_t)" skipped); false if it is not one.  */
static bool literal_arg(const char *open, int i, int64_t *v)
{
  const char *p = open + 1;
  for (int depth = 0, k = 0; *p && k < i; p++) {
    if (*p == '(')
      depth++;
    else if (*p == ')' && depth-- == 0)
      return false;
    else if (*p == ',' && depth == 0)
      k++;
  }
  while (*p == ' ')
    p++;
  while (*p == '(' && strchr(p, ')') && !strchr("0123456789-", p[1]))
    p = strchr(p, ')') + 1;   /* a cast */
  char *end;
  long long x = strtoll(p, &end, 0);
  if (end == p)
    return false;
  while (*end == ' ' || *end == 'u' || *end == 'l' || *end == 'L')
    end++;
  if (*end != ',' && *end != ')')
    return false;
  *v = x;
  return true;
}

/* The cube intrinsics of cube.c's text nodes: name, pipe, the argument
   positions the cost needs (-1: none) and the cost model's formula
   (runtime/sim-dma.c) as a KIND.  */
enum { K_GM_L1, K_ND2NZ, K_ND2NZ4, K_FILL, K_L1_L0, K_L1_L0T, K_MAD,
       K_FIXPIPE, K_CC_UB, K_UB_L1 };
static const struct cube_op {
  const char *name;
  pto_pipe pipe;
  int a, b, c, kind;
} cube_ops[] = {
  { "copy_gm_to_cbuf_multi_nd2nz_b16(", PTO_PIPE_MTE2, 3, 4, 5, K_ND2NZ },
  { "copy_gm_to_cbuf_multi_nd2nz_b32s(", PTO_PIPE_MTE2, 3, 4, 5, K_ND2NZ4 },
  { "copy_gm_to_cbuf(", PTO_PIPE_MTE2, 3, 4, -1, K_GM_L1 },
  { "create_cbuf_matrix(", PTO_PIPE_MTE2, 1, -1, -1, K_FILL },
  { "load_cbuf_to_ca(", PTO_PIPE_MTE1, 3, -1, -1, K_L1_L0 },
  { "load_cbuf_to_cb(", PTO_PIPE_MTE1, 3, -1, -1, K_L1_L0 },
  { "load_cbuf_to_cb_transpose(", PTO_PIPE_MTE1, 3, -1, -1, K_L1_L0T },
  { "mad(", PTO_PIPE_M, 3, 4, 5, K_MAD },
  { "copy_matrix_cc_to_gm(", PTO_PIPE_ALL, 3, 4, -1, K_FIXPIPE },
  { "copy_matrix_cc_to_ubuf(", PTO_PIPE_V, 3, 4, -1, K_CC_UB },
  { "copy_ubuf_to_cbuf(", PTO_PIPE_MTE3, 3, 4, -1, K_UB_L1 },
};

static int64_t cube_op_cycles(int kind, int64_t a, int64_t b, int64_t c)
{
  switch (kind) {
  case K_GM_L1:
    return 64 + a * b + 4 * a;
  case K_ND2NZ:
    return 64 + (a * b * c * 2 + 31) / 32 + 4 * a * b;
  case K_ND2NZ4:
    return 64 + (a * b * c * 4 + 31) / 32 + 4 * a * b;
  case K_FILL:
    return 16 + (a & 0x7fff) * ((a >> 16) & 0x7fff) / 2;
  case K_L1_L0:
    return 16 + a * 512 / 64;
  case K_L1_L0T:
    return 16 + a * 1024 / 64;   /* 1024 B squares */
  case K_MAD:
    return 16 + ((a + 15) / 16) * ((b + 15) / 16) * ((c + 15) / 16);
  case K_FIXPIPE:
    return 64 + a * b * 4 / 32;
  case K_CC_UB:
    return 16 + a * b * 1024 / 64;
  default:
    return 16 + (a * b * 32 + 63) / 64;
  }
}

/* Cost the cube intrinsics and syncs in text node TEXT.  */
static void cube_text_cost(const char *text, cost *c)
{
  c->issue += count_str(text, "set_flag(") + count_str(text, "wait_flag(");
  for (size_t i = 0; i < sizeof cube_ops / sizeof cube_ops[0]; i++) {
    const struct cube_op *op = &cube_ops[i];
    size_t len = strlen(op->name);
    for (const char *p = text; (p = strstr(p, op->name)); p += len) {
      if (p > text && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z')))
        continue;   /* part of a longer name */
      int64_t v[3] = { 0, 0, 0 };
      int pos[3] = { op->a, op->b, op->c };
      bool ok = true;
      for (int k = 0; k < 3; k++)
        if (pos[k] >= 0 && !literal_arg(p + len - 1, pos[k], &v[k]))
          ok = false;
      c->issue++;
      if (!ok) {
        c->uncosted++;
        c->exact = false;
        continue;
      }
      c->pipe[op->pipe] += cube_op_cycles(op->kind, v[0], v[1], v[2]);
    }
  }
}

static void block_cost(const pto_mir_block *b, cost *c);

/* The constant trip count of FOR statement S, or -1.  */
static int64_t trip_count(const pto_stmt *s)
{
  if (s->kind != PTO_S_FOR || s->start->kind != PTO_E_INT
      || s->stop->kind != PTO_E_INT || s->step->kind != PTO_E_INT
      || !s->step->u.ival)
    return -1;
  int64_t a = s->start->u.ival, z = s->stop->u.ival, st = s->step->u.ival;
  if (st > 0)
    return z > a ? (z - a + st - 1) / st : 0;
  return a > z ? (a - z + (-st) - 1) / (-st) : 0;
}

static void node_cost(const pto_mir_node *n, cost *c)
{
  cost sub = { .exact = true }, els = { .exact = true };
  switch (n->kind) {
  case PTO_MIR_DMA:
    dma_cost(n, c);
    return;
  case PTO_MIR_VEC:
    c->pipe[PTO_PIPE_V] += 8 + n->repeat * vec_cycles_per_repeat(n->op);
    c->issue++;
    return;
  case PTO_MIR_SYNC:
    if (!(n->sync == PTO_SYNC_BARRIER && n->from == PTO_PIPE_ALL))
      c->issue++;
    return;
  case PTO_MIR_SCALAR:
    if (n->pipe == PTO_PIPE_S || n->pipe == PTO_PIPE_ALL) {
      int64_t k = count_str(n->text, "PTO_UB_LOAD(")
                  + count_str(n->text, "PTO_UB_STORE(");
      c->pipe[PTO_PIPE_S] += k;
      c->issue += k;
      if (strstr(n->text, "for (") || strstr(n->text, "while ("))
        c->exact = false;
    }
    cube_text_cost(n->text, c);
    return;
  case PTO_MIR_FOR: {
    block_cost(&n->body, &sub);
    int64_t t = trip_count(n->stmt);
    if (t < 0)
      sub.exact = false;
    cost_add(c, &sub, t < 0 ? 1 : t);
    return;
  }
  case PTO_MIR_WHILE:
    block_cost(&n->body, &sub);
    sub.exact = false;
    cost_add(c, &sub, 1);
    return;
  case PTO_MIR_IF:
    block_cost(&n->body, &sub);
    block_cost(&n->els, &els);
    cost_max(&sub, &els);
    sub.exact = false;
    cost_add(c, &sub, 1);
    return;
  default:
    return;
  }
}

static void block_cost(const pto_mir_block *b, cost *c)
{
  for (int i = 0; i < b->n; i++)
    node_cost(b->items[i], c);
}

/* The name of what bounds C: the pipe with the most cycles, or "issue"
   when dispatching the instructions takes longer.  */
static const char *bound_of(const cost *c, int64_t *cycles)
{
  int best = 0;
  for (int p = 1; p < PTO_PIPE_COUNT; p++)
    if (c->pipe[p] > c->pipe[best])
      best = p;
  *cycles = c->pipe[best];
  if (c->issue > c->pipe[best]) {
    *cycles = c->issue;
    return "issue";
  }
  return pipe_names[best];
}

static int64_t serial_sum(const cost *c)
{
  int64_t s = 0;
  for (int p = 0; p < PTO_PIPE_COUNT; p++)
    s += c->pipe[p];
  return s;
}

static const pto_dbuf_note *note_of(const pto_mir_kernel *k,
                                    const pto_stmt *s)
{
  for (int i = 0; i < k->ndbuf; i++)
    if (k->dbuf[i].loop == s)
      return &k->dbuf[i];
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

static void json_string(pto_buf *b, const char *s)
{
  pto_buf_putc(b, '"');
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\')
      pto_buf_putc(b, '\\');
    if ((unsigned char)*s < 0x20)
      pto_buf_printf(b, "\\u%04x", (unsigned char)*s);
    else
      pto_buf_putc(b, *s);
  }
  pto_buf_putc(b, '"');
}

static const char *base_name(const char *f)
{
  const char *s = f ? strrchr(f, '/') : NULL;
  return s ? s + 1 : f ? f : "?";
}

static void print_cost(pto_buf *b, const cost *c, bool json)
{
  if (json) {
    pto_buf_puts(b, "{");
    for (int p = 0; p < PTO_PIPE_COUNT; p++)
      pto_buf_printf(b, "\"%s\": %lld, ", pipe_names[p], (long long)c->pipe[p]);
    pto_buf_printf(b, "\"issue\": %lld, \"uncosted\": %lld}",
                   (long long)c->issue, (long long)c->uncosted);
    return;
  }
  for (int p = 0; p < PTO_PIPE_COUNT; p++)
    if (c->pipe[p])
      pto_buf_printf(b, " %s %lld,", pipe_names[p], (long long)c->pipe[p]);
  pto_buf_printf(b, " issue %lld", (long long)c->issue);
  if (c->uncosted)
    pto_buf_printf(b, " (+%lld cube instructions of run-time size not "
                      "costed)",
                   (long long)c->uncosted);
}

typedef struct rctx {
  pto_buf *b;
  const pto_mir_kernel *k;
  bool json;
  int nloops;
} rctx;

static void report_loops(rctx *r, const pto_mir_block *blk, int depth);

static void report_loop(rctx *r, const pto_mir_node *n, int depth)
{
  pto_buf *b = r->b;
  cost c = { .exact = true };
  block_cost(&n->body, &c);
  int64_t trips = n->kind == PTO_MIR_FOR ? trip_count(n->stmt) : -1;
  int64_t bc;
  const char *bound = bound_of(&c, &bc);
  const pto_dbuf_note *dn = note_of(r->k, n->stmt);
  const char *why = dn ? dn->why : "not considered (nested in a loop "
                                   "that is not double-buffered)";
  bool db = dn && dn->delta >= 0;
  const char *var = n->stmt->var ? n->stmt->var->name : NULL;
  if (r->json) {
    pto_buf_printf(b, "%s\n      {\"line\": %d, \"kind\": \"%s\", \"var\": ",
                   r->nloops ? "," : "", n->loc.line,
                   n->kind == PTO_MIR_FOR ? "for" : "while");
    json_string(b, var);
    pto_buf_printf(b, ", \"depth\": %d, \"trips\": ", depth);
    if (trips >= 0)
      pto_buf_printf(b, "%lld", (long long)trips);
    else
      pto_buf_puts(b, "null");
    pto_buf_puts(b, ", \"cycles_per_iteration\": ");
    print_cost(b, &c, true);
    pto_buf_printf(b, ", \"bound\": \"%s\", \"bound_cycles\": %lld, "
                      "\"serial_cycles\": %lld, \"double_buffered\": %s",
                   bound, (long long)bc, (long long)serial_sum(&c),
                   db ? "true" : "false");
    if (db)
      pto_buf_printf(b, ", \"ub_delta\": %lld, \"copies\": %d",
                     (long long)dn->delta, dn->copies);
    else {
      pto_buf_puts(b, ", \"why\": ");
      json_string(b, why);
    }
    pto_buf_puts(b, "}");
  } else {
    pto_buf_printf(b, "  %*sloop %s:%d (%s %s), trips ", 2 * depth, "",
                   base_name(n->loc.file), n->loc.line,
                   n->kind == PTO_MIR_FOR ? "for" : "while", var ? var : "");
    if (trips >= 0)
      pto_buf_printf(b, "%lld\n", (long long)trips);
    else
      pto_buf_puts(b, "known at run time\n");
    pto_buf_printf(b, "  %*s  cycles per iteration:", 2 * depth, "");
    print_cost(b, &c, false);
    pto_buf_printf(b, "\n  %*s  bound: %s (%lld cycles per iteration; "
                      "%lld if the pipes do not overlap)\n",
                   2 * depth, "", bound, (long long)bc,
                   (long long)serial_sum(&c));
    if (db)
      pto_buf_printf(b, "  %*s  double-buffered: yes (second buffer set "
                        "at +%lld bytes of UB, %d virtual iteration%s per "
                        "iteration)\n", 2 * depth, "", (long long)dn->delta,
                     dn->copies, dn->copies == 1 ? "" : "s");
    else
      pto_buf_printf(b, "  %*s  double-buffered: no: %s\n", 2 * depth, "",
                     why);
  }
  r->nloops++;
  report_loops(r, &n->body, depth + 1);
}

static void report_loops(rctx *r, const pto_mir_block *blk, int depth)
{
  for (int i = 0; i < blk->n; i++) {
    const pto_mir_node *n = blk->items[i];
    if (n->kind == PTO_MIR_FOR || n->kind == PTO_MIR_WHILE)
      report_loop(r, n, depth);
    else if (n->kind == PTO_MIR_IF) {
      report_loops(r, &n->body, depth);
      report_loops(r, &n->els, depth);
    }
  }
}

/* The UB plan.  */
static void report_ub(pto_buf *b, const pto_mir_kernel *k, bool json)
{
  if (json) {
    pto_buf_printf(b, "    \"ub\": {\"capacity\": %lld, \"peak\": %lld, "
                      "\"tiles\": %lld, \"buffers\": [",
                   (long long)k->arch->ub, (long long)k->peak,
                   (long long)k->tile_bytes);
    for (int i = 0; i < k->nbufs; i++) {
      const pto_mir_buffer *u = &k->bufs[i];
      pto_buf_printf(b, "%s\n      {\"name\": ", i ? "," : "");
      json_string(b, u->name);
      pto_buf_printf(b, ", \"offset\": %lld, \"size\": %lld, \"first\": %d, "
                        "\"last\": %d, \"line\": %d}",
                     (long long)u->offset, (long long)u->size, u->first,
                     u->last, u->loc.line);
    }
    pto_buf_puts(b, "]},\n");
    return;
  }
  pto_buf_printf(b, "  UB: peak %lld of %lld bytes (%.1f%%), tiles %lld "
                    "bytes\n",
                 (long long)k->peak, (long long)k->arch->ub,
                 100.0 * (double)k->peak / (double)k->arch->ub,
                 (long long)k->tile_bytes);
  for (int i = 0; i < k->nbufs; i++) {
    const pto_mir_buffer *u = &k->bufs[i];
    pto_buf_printf(b, "    %-18s [%6lld, %6lld) %6lld bytes, live at "
                      "statements %d..%d (line %d)\n",
                   u->name, (long long)u->offset,
                   (long long)(u->offset + u->size), (long long)u->size,
                   u->first, u->last, u->loc.line);
  }
}

/* The cube plan: L1, L0C, L0A/L0B.  */
static void report_cube(pto_buf *b, const pto_mir_kernel *k, bool json)
{
  int64_t peak[2] = { 0, 0 }, opmax = 0;
  const char *space[2] = { "l1", "l0c" };
  int64_t cap[2] = { k->arch->l1, k->arch->l0c };
  for (int s = 0; s < 2; s++) {
    if (json)
      pto_buf_printf(b, "    \"%s\": {\"capacity\": %lld, \"buffers\": [",
                     space[s], (long long)cap[s]);
    else
      pto_buf_printf(b, "  %s:", s ? "L0C" : "L1");
    const pto_var *v;
    bool acc;
    int64_t off, size, region;
    int shown = 0;
    for (int i = 0; pto_cube_tile(k, i, &v, &acc, &off, &size, &region); i++) {
      if (acc != (s == 1))
        continue;
      if (!acc && region > opmax)
        opmax = region;
      if (off + size > peak[s])
        peak[s] = off + size;
      if (json) {
        pto_buf_printf(b, "%s{\"name\": ", shown ? ", " : "");
        json_string(b, v->name);
        pto_buf_printf(b, ", \"offset\": %lld, \"size\": %lld, "
                       "\"double_buffered\": %s}", (long long)off,
                       (long long)size, region < size ? "true" : "false");
      } else
        pto_buf_printf(b, "\n    %-18s [%6lld, %6lld) %6lld bytes%s", v->name,
                       (long long)off, (long long)(off + size),
                       (long long)size, region < size
                       ? ", double-buffered (two regions: its loads overlap "
                         "the products)" : "");
      shown++;
    }
    if (json)
      pto_buf_printf(b, "], \"peak\": %lld},\n", (long long)peak[s]);
    else if (shown)
      pto_buf_printf(b, "\n    peak %lld of %lld bytes\n", (long long)peak[s],
                     (long long)cap[s]);
    else
      pto_buf_puts(b, " unused\n");
  }
  if (json)
    pto_buf_printf(b, "    \"l0a\": {\"capacity\": %lld, \"peak\": %lld},\n"
                      "    \"l0b\": {\"capacity\": %lld, \"peak\": %lld},\n",
                   (long long)k->arch->l0a, (long long)opmax,
                   (long long)k->arch->l0b, (long long)opmax);
  else if (opmax)
    pto_buf_printf(b, "  L0A/L0B: operands loaded at offset 0, peak at most "
                      "%lld of %lld / %lld bytes\n", (long long)opmax,
                   (long long)k->arch->l0a, (long long)k->arch->l0b);
  else
    pto_buf_puts(b, "  L0A/L0B: unused\n");
}

static void report_counts(pto_buf *b, const pto_mir_kernel *k, bool json)
{
  const char *fmt =
      json ? "    \"counts\": {\"vector\": %lld, \"vector_min\": %lld, "
             "\"repeats\": %lld, \"repeats_min\": %lld, \"dma\": %lld, "
             "\"dma_min\": %lld, \"bursts\": %lld, \"bursts_min\": %lld, "
             "\"scalar_elements\": %lld, \"sync\": %d},\n"
           : "  counts: vector %lld (min %lld), repeats %lld (min %lld), DMA "
             "%lld (min %lld), bursts %lld (min %lld), scalar elements %lld, "
             "sync %d\n";
  pto_buf_printf(b, fmt, (long long)k->count.vec, (long long)k->count.vec_min,
                 (long long)k->count.reps, (long long)k->count.reps_min,
                 (long long)k->count.dma, (long long)k->count.dma_min,
                 (long long)k->count.bursts, (long long)k->count.bursts_min,
                 (long long)k->count.scalar_elems, k->nsync);
}

bool pto_report_is_json(const char *dest)
{
  size_t n = dest ? strlen(dest) : 0;
  return n > 5 && !strcmp(dest + n - 5, ".json");
}

void pto_report_kernel(pto_buf *b, const pto_mir_kernel *k, bool json,
                       bool first)
{
  const pto_func *f = k->func;
  cost total = { .exact = true };
  block_cost(&k->body, &total);
  int64_t bc;
  const char *bound = bound_of(&total, &bc);
  if (json) {
    pto_buf_printf(b, "%s\n  {\"kernel\": ", first ? "" : ",");
    json_string(b, f->name);
    pto_buf_puts(b, ", \"file\": ");
    json_string(b, base_name(f->loc.file));
    pto_buf_printf(b, ", \"line\": %d, \"arch\": \"%s\",\n", f->loc.line,
                   k->arch->name);
  } else
    pto_buf_printf(b, "kernel %s (%s:%d), arch %s\n", f->name,
                   base_name(f->loc.file), f->loc.line, k->arch->name);
  report_ub(b, k, json);
  report_cube(b, k, json);
  report_counts(b, k, json);
  rctx r = { b, k, json, 0 };
  if (json)
    pto_buf_puts(b, "    \"loops\": [");
  report_loops(&r, &k->body, 0);
  if (json) {
    pto_buf_puts(b, "],\n    \"cycles\": ");
    print_cost(b, &total, true);
    pto_buf_printf(b, ", \"bound\": \"%s\", \"exact\": %s}", bound,
                   total.exact ? "true" : "false");
    return;
  }
  if (!r.nloops)
    pto_buf_puts(b, "  no loops\n");
  pto_buf_puts(b, "  kernel estimate:");
  print_cost(b, &total, false);
  pto_buf_printf(b, "\n    bound: %s (%lld cycles)%s\n", bound, (long long)bc,
                 total.exact ? "" : "; not exact: loops of run-time trip "
                                    "count count once, branches their "
                                    "longer arm");
}

int pto_report_write(const char *dest, const pto_buf *body, pto_diag *d)
{
  bool json = pto_report_is_json(dest);
  bool err = !strcmp(dest, "-");
  FILE *f = err ? stderr : fopen(dest, "w");
  if (!f) {
    pto_error(d, pto_noloc, "cannot write the report to '%s'", dest);
    return 1;
  }
  if (json)
    fputs("{\"format\": \"pto-report 1\", \"kernels\": [", f);
  if (body->len)
    fwrite(body->s, 1, body->len, f);
  if (json)
    fputs("\n]}\n", f);
  if (err)
    return 0;
  if (fclose(f)) {
    pto_error(d, pto_noloc, "cannot write the report to '%s'", dest);
    return 1;
  }
  return 0;
}
