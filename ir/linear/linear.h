/* linear.h - the linear form of a function (tinygrad's UOp
   linearizer, as PyPTO uses it: END splitting, control-flow edges,
   priority-aware ordering, IF/ENDIF for gated stores).

   A function of the structured IR (after the default pipeline) becomes a
   graph of uops (ir/linear/build.c): parameters, variables, constants, loops,
   ifs, loads, stores, ALU operations and calls, each a node whose
   operands are other nodes, plus ordering-only edges (deps) that keep
   effects in program order.  The graph then goes through
     stage 19  pto_lin_split_ends    an END closing several ranges becomes
                                     nested single ENDs (inner first);
     stage 20  pto_lin_control_flow  control-flow edges from the block
                                     tree: nested, dependent (siblings:
                                     END of A -> RANGE of B), independent;
     stage 21  pto_lin_linearize     priority-aware topological sort;
     stage 22  pto_lin_cleanup       on targets without predicated stores
                                     a gated STORE becomes IF STORE ENDIF
                                     (a rewrite of the list, not the graph)
   (ir/linear/order.c).  ir/linear/print.c prints the graph and the list and checks a
   list's structure; ir/linear/interp.c runs a list on a memory of cells.

   Ownership: a pto_lin_fn and everything it points to is on the heap,
   freed by pto_lin_fn_free.  It refers to the program's types and names
   (arena memory): free it before the program.  No global state.  */

#ifndef PTO_LINEAR_H
#define PTO_LINEAR_H

#include "ir/options.h"
#include "rewrite/symbolic.h"
#include "ir/walk.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Uop kinds.  Columns: enum suffix, linearization priority (the
   linearizer's key: lower is earlier among nodes of equal run count), what the
   node is.  CONST keeps tinygrad's priority 0, not the seed's -10: see
   doc/passes.md ("The linear form").  IF/ENDIF open/close a block like
   RANGE/END.

   Shapes beyond tinygrad's (C control flow; ir/linear/build.c builds them):
   - while (c) body:  LOOP; k = c; BREAK(!k) [gated, of the LOOP]; body;
     END closes LOOP.  A constant true c has no BREAK.  LOOP's block has
     no known extent (run counts use the fallback extent).
   - break / continue:  BREAK / CONTINUE with ranges[0] the loop (RANGE
     or LOOP) it leaves or continues; "if (c) break;" (nothing else in
     the if) is the gated BREAK(c) in the enclosing block, else the uop
     has no operand.  CONTINUE of a RANGE runs the step (END's latch),
     of a LOOP its head.  A jump is a barrier for the pinned nodes of
     its block (every effect and trapping operation stays on its side).
   - return [v]:  RETURN, anywhere; a barrier like a jump.  Pinned nodes
     after it in its block never run.
   - for (i = a; i < b; i += s) whose b or s reads memory that the body
     may write (C re-evaluates them; RANGE evaluates them once):
       DEFINE_REG i; STORE(i, a); LOOP; iv = LOAD(i); BREAK(!(iv < b));
       [LOOP] body [BREAK] [END]; STORE(i, LOAD(i) + s); END
     where the inner one-trip LOOP is there only when the body continues
     the loop: its "continue" is a BREAK of the inner LOOP, a "break" of
     the outer.
   - fp16 scalar arithmetic: C (GCC on x86-64) computes _Float16
     arithmetic in float and rounds where the value becomes an f16
     (binding, assignment, store, argument, return, cast to f16).  A
     BINARY of f16 operands is built as BINARY f32 of its operands
     widened by UNARY.CAST f32 (an operand that is itself f16
     arithmetic stays in f32: no rounding in between), and the rounding
     point is an explicit UNARY.CAST f16 of the f32 result.  Comparisons
     of f16 arithmetic and casts of it to other types read the f32 value.
     So no BINARY has type f16.
   - tiles: "d = s;" of tile variables is COPY(d, s), like "var d = s;";
     "var p: ptr<tile<...>> = &t;" (p never assigned) makes p an alias:
     *p and (*p)[i][j] name t's DEFINE_LOCAL (its memory class too).
   Not covered (a located sorry): tuple values (ScalarizeTuples removes
   the tuple locals that the front end makes from inline helpers'
   structs; what remains is a tuple-valued call or a tuple passed whole)
   and any other &x (the front end allows &x only as an argument of a
   PTO_INLINE function, which inlining removes, or of a tile).  The
   tile shapes are built under all_shapes too.  */
#define PTO_LOPS(X)                                                       \
  X(SINK, 0)            /* the root: deps on every top-level effect */    \
  X(DEFINE_GLOBAL, -20) /* a pointer parameter (memory class GM) */       \
  X(DEFINE_VAR, -19)    /* a scalar parameter */                          \
  X(DEFINE_LOCAL, -18)  /* a tile variable (memory of rows*cols cells) */ \
  X(DEFINE_REG, -17)    /* a scalar variable that is assigned: 1 cell */  \
  X(CONST, 0)           /* ival or fval */                                \
  X(INDEX, 0)           /* buffer, indices...[, gate]: an address */      \
  X(LOAD, -1)           /* INDEX -> value */                              \
  X(STORE, 1)           /* INDEX, value; a gated INDEX: predicated */     \
  X(CALL, 0)            /* intrinsic (iop) or function (name), args */    \
  X(COPY, 0)            /* dst tile, src tile: "var d: tile = s;" */      \
  X(BINARY, 0)          /* alu: a pto_binop */                            \
  X(UNARY, 0)           /* alu: a pto_unop (NEG ... CAST, SQRT ...) */    \
  X(SELECT, 0)          /* cond, then, else */                            \
  X(RANGE, 5)           /* start, stop, step: the loop index */           \
  X(LOOP, 5)            /* a loop without index (while): no operands */   \
  X(END, -5)            /* closes the RANGEs/LOOP in ranges[] */          \
  X(IF, 5)              /* cond */                                        \
  X(ENDIF, -5)          /* closes the IF in ranges[0] */                  \
  X(BREAK, 0)           /* [gate]: leave the loop ranges[0] */            \
  X(CONTINUE, 0)        /* [gate]: next iteration of loop ranges[0] */    \
  X(RETURN, 0)          /* [v]: return from the function */

typedef enum pto_lop {
#define X(e, prio) PTO_LOP_##e,
  PTO_LOPS(X)
#undef X
  PTO_LOP_COUNT
} pto_lop;

const char *pto_lop_name(pto_lop op);
int pto_lop_priority(pto_lop op);

/* One uop.  SRC holds NVAL value operands followed by ordering-only
   dependencies (deps).  */
typedef struct pto_lin_uop {
  pto_lop op;
  const pto_type *type;   /* result type; NULL: no value */
  int nsrc, nval, capsrc;
  int *src;
  int alu;                /* BINARY: pto_binop; UNARY: pto_unop */
  pto_op iop;             /* CALL of an intrinsic (is_op) */
  bool is_op;
  bool gated;             /* INDEX: the last value operand is the gate */
  bool down;              /* RANGE: a down-counting loop (i > stop) */
  int64_t ival;           /* CONST (ints, bools); DEFINE_GLOBAL and
                             DEFINE_VAR: the parameter's position */
  double fval;            /* CONST (floats) */
  const char *name;       /* DEFINE_*, RANGE: the variable; CALL: the
                             op or function; CONST: a function ref */
  int nranges;            /* END: the ranges it closes, innermost first; */
  int *ranges;            /* ENDIF: its IF; BREAK, CONTINUE: the loop */
  pto_loc loc;
  int block;              /* the block whose body holds the node: set
                             by the builder for pinned nodes, openers
                             and closers (their parent), by stage 21
                             for pure nodes (their home block) */
  /* Filled by pto_lin_linearize: the sort key.  */
  int64_t run_count;
  int depth;
} pto_lin_uop;

/* A block: the function body (block 0, no opener) or the body of a loop
   (opener RANGE or LOOP, closer END) or of an if (IF, ENDIF).  ITEMS lists, in
   program order, the pinned nodes written directly in the body (effects:
   LOAD, STORE, CALL with an effect; operations that may trap) and the
   child blocks (as -1 - child index).  */
typedef struct pto_lin_block {
  int parent;
  int open, close;        /* uop ids; -1 for block 0 */
  int depth;              /* 0 for block 0 */
  int64_t extent;         /* loops: largest trip count (see run_count) */
  bool extent_known;
  int nitems, capitems;
  int *items;
} pto_lin_block;

/* A function in linear form.  */
typedef struct pto_lin_fn {
  const pto_func *func;
  int n, cap;
  pto_lin_uop *u;         /* the graph; u[0] is the SINK */
  int nblocks, capblocks;
  pto_lin_block *blocks;
  int nlist;              /* the linear list (after stage 21) */
  int *list;              /* uop ids in execution order, SINK excluded */
} pto_lin_fn;

typedef struct pto_lin_opts {
  bool predicated_stores; /* the target has predicated stores: no stage 22 */
  bool gate_stores;       /* build "if (c) p[i] = v;" as a gated STORE */
  /* Build the C control-flow and fp16 shapes (LOOP, BREAK, CONTINUE, a
     RETURN anywhere, the re-evaluated for, fp16 rounding points: see
     the uop table).  Off (pto_lin_opts_init's default, for a consumer
     that does not take them yet): while, break, continue and an early
     return are sorries, a for is always a RANGE and fp16 arithmetic a
     BINARY of type f16, as before these shapes.  */
  bool all_shapes;
} pto_lin_opts;

void pto_lin_opts_init(pto_lin_opts *o);

/* ir/linear/build.c: the graph of F (stages up to 18 already done on the IR).
   Return NULL after reporting, through DIAG (a located sorry), a
   construct the linear form does not cover: tuples, the address of a
   variable (see the shapes above).  */
pto_lin_fn *pto_lin_build(const pto_func *f, const pto_lin_opts *o,
                          pto_diag *diag);
void pto_lin_fn_free(pto_lin_fn *fn);
/* Add DEP to the ordering-only sources of uop U (a duplicate among
   the last 64 deps is skipped; others are harmless).  */
void pto_lin_add_dep(pto_lin_fn *fn, int u, int dep);
/* ir/linear/build.c: make E (a node zeroed by the caller) the expression of
   CONST uop U: a function reference when U names one, else a float or an
   integer/bool constant of U's type (a back end's stand-in leaf).  */
void pto_lin_const_expr(pto_expr *e, const pto_lin_uop *u);
/* ir/linear/build.c: append a zeroed uop OP of type T at LOC to FN's nodes;
   returns its id.  */
int pto_lin_new_uop(pto_lin_fn *fn, pto_lop op, const pto_type *t,
                    pto_loc loc);

/* ir/linear/order.c: the stages, in this order.  */
void pto_lin_split_ends(pto_lin_fn *fn);                      /* 19 */
void pto_lin_control_flow(pto_lin_fn *fn);                    /* 20 */
void pto_lin_linearize(pto_lin_fn *fn);                       /* 21 */
void pto_lin_cleanup(pto_lin_fn *fn, const pto_lin_opts *o);  /* 22 */
/* Build and run every stage; NULL as pto_lin_build.  */
pto_lin_fn *pto_lin_function(const pto_func *f, const pto_lin_opts *o,
                             pto_diag *diag);

/* ir/linear/print.c.  */
enum {
  PTO_LIN_PRINT_KEYS = 1,   /* run_count and priority columns */
};
/* The linear list, one uop a line, numbered by position.  */
void pto_lin_print(pto_buf *b, const pto_lin_fn *fn, unsigned flags);
/* The graph in id order, with the deps ("after ..."), for stage 20.  */
void pto_lin_print_graph(pto_buf *b, const pto_lin_fn *fn);
/* Check the list: every operand defined earlier, in a block still open
   at the use; RANGE/END, LOOP/END and IF/ENDIF properly nested; every
   BREAK and CONTINUE inside the loop it names; every dep earlier.
   Return true if it holds, else false with the first problem appended
   to WHY.  */
bool pto_lin_check(const pto_lin_fn *fn, pto_buf *why);

/* ir/linear/interp.c: run the list.  Every value and every memory cell is a
   pto_lin_val; a pointer is a cell number.  ARGS gives the parameters in
   order (a pointer: the cell number of its element 0).  MEM has NMEM
   cells (GM).  Tiles and registers get cells of their own.  Stops after
   MAX_STEPS uops.  Return 0 on success, else 1 with the reason in ERR
   (division by zero, out-of-range access, an intrinsic call, ...).  */
typedef struct pto_lin_val {
  int64_t i;
  double f;
} pto_lin_val;

int pto_lin_interp(const pto_lin_fn *fn, const pto_lin_val *args,
                   pto_lin_val *mem, size_t nmem, long max_steps,
                   pto_buf *err);

/* Integer helpers shared with the tests: V wrapped to dtype DT.  */
int64_t pto_lin_wrap(pto_dtype dt, int64_t v);

#ifdef __cplusplus
}
#endif

#endif /* PTO_LINEAR_H */
