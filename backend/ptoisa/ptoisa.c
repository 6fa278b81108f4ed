/* ptoisa.c - kernels as C++ on the PTO-ISA tile library (pto_emit_ptoisa,
   backend/ptoisa/ptoisa.h).

   Contract.  Input: the program after the pass pipeline.  Per kernel,
   the passes of the CCE back end that are not about CCE run unchanged:
   the source MIR from the linear form (backend/cce/isel-linear.c, or
   from the structured body when the form does not cover the kernel or
   the option cce-linear is off, as for the CCE), the UB plan
   (backend/cce/memplan.c, with this back end's scratch needs), and,
   after selection here, the sync pass (backend/cce/sync.c) with double
   buffering off.  A kernel with pto.matmul also runs the cube plan
   (backend/cce/cube.c: its checks, the L1 / L0C / bias-table offsets
   and the run-time flags), rendered by select_cube with the cube
   path's own complete syncs.  Selection (select_block) keeps scalar statements and
   control flow and makes one TILE node per PTO-ISA instruction, with
   its pipe and the UB bytes it reads and writes, so the sync pass
   orders them as it orders CCE instructions.  The printer is the CCE
   back end's (pto_cce_block: statements, loops, syncs) with the TILE
   nodes printed here (print_tile).

   Output: one C++ translation unit including <pto/pto-inst.hpp>; every
   tile is a `Tile<TileType::Vec, T, R, C, L, R, C>' declared where the
   kernel declares it and placed with TASSIGN at its planned UB byte
   offset; GM is viewed through a `GlobalTensor<T, Shape<1, 1, 1, -1,
   -1>, Stride<1, 1, 1, -1, 1>>' made for each transfer (rows, columns,
   row stride); partial tiles are a view of the tile with dynamic valid
   rows and columns; matmul tiles are Mat, TileAcc and Bias tiles at
   their cube-plan offsets, TileLeft / TileRight at 0 of L0A / L0B.  The names and signatures are the vendor's
   (include/pto/common/pto_instr.hpp and the headers doc/pto-isa.md
   cites per op).  Tiles are f32, f16 or i32 where the op's A2/A3
   instruction takes the dtype (isa_op.dtypes), and bf16, i8 or u8 in
   loads, stores and casts (DT_MOVE); casts are TCVT rounding to nearest
   even, saturating to int32, int8_t and uint8_t; i32 div and abs are sequences
   (the scalar unit; TMULS and TMAX).  Every shape has a Tile: rows or
   a column padded to 32 bytes (tile_shape), the plan sizing the tile
   so (K->tile_layout_bytes).  Not covered (located sorries): other
   dtypes and op/dtype pairs, transfers of a column with a row stride
   other than 1, tile elements in loop and if headers, a run-time pad
   value,
   and every op without a row in the table below.  */

#include "backend/ptoisa/ptoisa.h"
#include "backend/cce/cube.h"
#include "backend/cce/isel-linear.h"
#include "backend/cce/mir.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The op table                                                        */
/* ------------------------------------------------------------------ */

/* Operand forms of the instructions (pto_instr.hpp's parameter lists).  */
typedef enum form {
  F_LOAD,      /* TLOAD(tile, gm) */
  F_STORE,     /* TSTORE(gm, tile) */
  F_BINARY,    /* TADD(dst, src0, src1) */
  F_SCALAR,    /* TADDS(dst, src, scalar) */
  F_UNARY,     /* TEXP(dst, src) */
  F_FILL,      /* TEXPANDS(dst, scalar) */
  F_ROWRED,    /* TROWSUM(dst, src, tmp) */
  F_ROWEXPAND, /* TROWEXPAND(dst, src) */
  F_ROWBIN,    /* TROWEXPANDADD(dst, src0, src1): src1 R x 1 */
  F_CAST,      /* TCVT(dst, src, mode[, satMode]); TMOV between one dtype */
  F_COLRED,    /* TCOLSUM(dst, src): dst 1 x C */
  F_COLBIN,    /* TCOLEXPANDADD(dst, src0, src1): src1 1 x C */
  F_TRANS      /* TTRANS(dst, src, tmp) */
} form;

/* Element types an instruction takes on A2/A3: the static_asserts of
   its implementation under include/pto/npu/a2a3/ (doc/pto-isa.md cites
   the file per op).  */
enum {
  DT_F32 = 1, DT_F16 = 2, DT_I32 = 4, DT_BF16 = 8, DT_I8 = 16, DT_U8 = 32,
  DT_I16 = 64,
  DT_ANY = DT_F32 | DT_F16 | DT_I32,  /* TAdd.hpp, TAddS.hpp, ...: b32/b16 */
  DT_FLOAT = DT_F32 | DT_F16,         /* TDiv.hpp, TunaryCheck (TUnaryOp.hpp) */
  /* The element types that are only moved and converted (pto.h: no
     arithmetic on bf16, int8_t, uint8_t, int16_t): TLOAD / TSTORE
     (TLoad.hpp, TStore.hpp: b8 b16 b32) and TCVT's f32 <-> bf16 and f16
     <-> s8 / u8 / s16 (TCvt.hpp: vconv_f322bf16r, vconv_bf162f32,
     vconv_f162s8r, vconv_f162u8r, vconv_s82f16, vconv_u82f16,
     vconv_f162s16r, vconv_s162f16r); the front end allows only those
     pairs (ir/op-check.c).  */
  DT_MOVE = DT_ANY | DT_BF16 | DT_I8 | DT_U8 | DT_I16
};

typedef struct isa_op {
  pto_op op;
  const char *inst;   /* NULL: a sequence of other rows' instructions
                         (select_xor, select_transc); FORM and DTYPES
                         still say how the operands are checked */
  form form;
  unsigned dtypes;
} isa_op;

static const isa_op isa_ops[] = {
  { PTO_OP_LOAD, "TLOAD", F_LOAD, DT_MOVE },
  { PTO_OP_LOAD_VALID, "TLOAD", F_LOAD, DT_MOVE },
  { PTO_OP_STORE, "TSTORE", F_STORE, DT_MOVE },
  { PTO_OP_STORE_VALID, "TSTORE", F_STORE, DT_MOVE },
  { PTO_OP_ADD, "TADD", F_BINARY, DT_ANY },
  { PTO_OP_SUB, "TSUB", F_BINARY, DT_ANY },
  { PTO_OP_MUL, "TMUL", F_BINARY, DT_ANY },
  /* i32 div and abs: no A2/A3 instruction (TDivCheck in TDiv.hpp,
     TunaryCheck in TUnaryOp.hpp take half and float), so sequences
     (select_op): div on the scalar unit through Tile::GetValue /
     SetValue (pto_tile.hpp), abs as max(a, -a) by TMULS and TMAX.  */
  { PTO_OP_DIV, "TDIV", F_BINARY, DT_ANY },
  { PTO_OP_MAX, "TMAX", F_BINARY, DT_ANY },
  { PTO_OP_MIN, "TMIN", F_BINARY, DT_ANY },
  { PTO_OP_ADDS, "TADDS", F_SCALAR, DT_ANY },
  { PTO_OP_MULS, "TMULS", F_SCALAR, DT_ANY },
  { PTO_OP_MAXS, "TMAXS", F_SCALAR, DT_ANY },
  { PTO_OP_MINS, "TMINS", F_SCALAR, DT_ANY },
  /* TLRelu.hpp: vlrelu, half and float (as our CCE); the CPU
     simulation's OP_LRELU (TBinSOps.hpp, ElementOp.h): src > 0 ? src :
     src * scalar, pto.h's.  */
  { PTO_OP_LRELU, "TLRELU", F_SCALAR, DT_FLOAT },
  { PTO_OP_EXP, "TEXP", F_UNARY, DT_FLOAT },
  { PTO_OP_LOG, "TLOG", F_UNARY, DT_FLOAT },
  { PTO_OP_SQRT, "TSQRT", F_UNARY, DT_FLOAT },
  { PTO_OP_RSQRT, "TRSQRT", F_UNARY, DT_FLOAT },
  { PTO_OP_RECIP, "TRECIP", F_UNARY, DT_FLOAT },
  { PTO_OP_ABS, "TABS", F_UNARY, DT_ANY },
  { PTO_OP_RELU, "TRELU", F_UNARY, DT_ANY },
  { PTO_OP_NEG, "TNEG", F_UNARY, DT_ANY },
  { PTO_OP_FILL, "TEXPANDS", F_FILL, DT_ANY },
  { PTO_OP_ROW_SUM, "TROWSUM", F_ROWRED, DT_ANY },
  { PTO_OP_ROW_MAX, "TROWMAX", F_ROWRED, DT_ANY },
  { PTO_OP_ROW_EXPAND, "TROWEXPAND", F_ROWEXPAND, DT_ANY },
  { PTO_OP_ROW_EXPAND_ADD, "TROWEXPANDADD", F_ROWBIN, DT_ANY },
  { PTO_OP_ROW_EXPAND_SUB, "TROWEXPANDSUB", F_ROWBIN, DT_ANY },
  { PTO_OP_ROW_EXPAND_MUL, "TROWEXPANDMUL", F_ROWBIN, DT_ANY },
  { PTO_OP_ROW_EXPAND_DIV, "TROWEXPANDDIV", F_ROWBIN, DT_ANY },
  { PTO_OP_CAST, "TCVT", F_CAST, DT_MOVE },
  /* The rounding mode a constant (checked by the front end): the
     RoundMode of include/pto/common/type.hpp.  */
  { PTO_OP_CAST_ROUND, "TCVT", F_CAST, DT_ANY },
  /* The fixpipe's view of per-channel scales: no instruction, a loop
     of the scalar unit (select_op's DEQSC).  */
  { PTO_OP_DEQ_SCALE, NULL, F_UNARY, DT_F32 },
  /* TCOLSUM: f32 only here.  The CPU simulation has no i32 TCOLSUM
     (cpu/TColSum.hpp), and both it and A2/A3 add fp16 rows in fp16
     where pto.h adds in float.  TCOLMAX: no i32 on the CPU
     (cpu/TColMax.hpp).  */
  { PTO_OP_COL_SUM, "TCOLSUM", F_COLRED, DT_F32 },
  { PTO_OP_COL_MAX, "TCOLMAX", F_COLRED, DT_FLOAT },
  { PTO_OP_COL_EXPAND_ADD, "TCOLEXPANDADD", F_COLBIN, DT_ANY },
  { PTO_OP_COL_EXPAND_SUB, "TCOLEXPANDSUB", F_COLBIN, DT_ANY },
  { PTO_OP_COL_EXPAND_MUL, "TCOLEXPANDMUL", F_COLBIN, DT_ANY },
  { PTO_OP_COL_EXPAND_DIV, "TCOLEXPANDDIV", F_COLBIN, DT_FLOAT },
  { PTO_OP_COL_EXPAND_MAX, "TCOLEXPANDMAX", F_COLBIN, DT_ANY },
  { PTO_OP_COL_EXPAND_MIN, "TCOLEXPANDMIN", F_COLBIN, DT_ANY },
  /* int32 bitwise ops and shifts: TAnd.hpp / TOr.hpp (vand / vor on the
     uint16_t halves, as our CCE), TUnaryOp.hpp (TNOT: vnot likewise),
     TShl.hpp / TShr.hpp (the scalar unit's << and >>, C++20's:
     modular, arithmetic), TBitwiseSOp.hpp (TSHLS / TSHRS: vshl /
     vshr); the CPU simulation has all of them (ElementTileOp.h,
     TBinSOps.hpp).  xor is a sequence (select_op): TXor.hpp asserts
     that dst, src0, src1 and tmp are four tiles.  */
  /* TTrans.hpp (A2/A3): scatter_vnchwconv_b16 / _b32 of 16-row blocks
     into tmp, then one copy_ubuf_to_ubuf to dst; element by element on
     the scalar unit when dst's row stride is not a multiple of 16 (its
     TransTailTiles).  The CPU simulation copies element by element
     (cpu/TTrans.hpp).  Neither is right in place, so pto.h's in-place
     square transpose goes through a copy (print_trans).  */
  { PTO_OP_TRANSPOSE, "TTRANS", F_TRANS, DT_ANY },
  { PTO_OP_AND, "TAND", F_BINARY, DT_I32 },
  { PTO_OP_OR, "TOR", F_BINARY, DT_I32 },
  { PTO_OP_XOR, NULL, F_BINARY, DT_I32 },
  { PTO_OP_NOT, "TNOT", F_UNARY, DT_I32 },
  { PTO_OP_SHL, "TSHL", F_BINARY, DT_I32 },
  { PTO_OP_SHR, "TSHR", F_BINARY, DT_I32 },
  { PTO_OP_SHLS, "TSHLS", F_SCALAR, DT_I32 },
  { PTO_OP_SHRS, "TSHRS", F_SCALAR, DT_I32 },
  /* No instruction of pto.h's semantics (TPOWS differs for a negative
     base): sequences of TMULS TMINS TMAXS TADDS TEXP TLOG TRECIP TMUL
     TDIV (and TCVT for fp16, through f32 scratch), select_transc.  */
  { PTO_OP_TANH, NULL, F_UNARY, DT_FLOAT },
  { PTO_OP_SIGMOID, NULL, F_UNARY, DT_FLOAT },
  { PTO_OP_EXP2, NULL, F_UNARY, DT_FLOAT },
  { PTO_OP_GELU, NULL, F_UNARY, DT_FLOAT },
  { PTO_OP_POW, NULL, F_BINARY, DT_FLOAT },
  { PTO_OP_POWS, NULL, F_SCALAR, DT_FLOAT },
};

static const isa_op *
isa_op_of(pto_op op)
{
  for (size_t i = 0; i < sizeof isa_ops / sizeof isa_ops[0]; i++)
    if (isa_ops[i].op == op)
      return &isa_ops[i];
  return NULL;
}

/* The tile op call of statement S, or NULL.  */
static const pto_expr *
tile_call(const pto_stmt *s)
{
  if (s && s->kind == PTO_S_EVAL && s->value->kind == PTO_E_CALL
      && s->value->is_op && pto_op_info(s->value->op)->rule != PTO_RULE_NONE)
    return s->value;
  return NULL;
}

/* Scratch bytes statement S needs: the tmp tile of a row reduction, of
   its source's shape (TROWSUM/TROWMAX take one, pto_instr.hpp).  */
static int64_t layout_bytes(const pto_type *t);
static bool tile_shape(const pto_type *t, bool *row_major, int *rows,
                       int *cols);

/* The static rows of the source (and tmp) of row reduction CALL: the
   destination's static rows (a column's are padded to 32 bytes).  */
static int
rowred_rows(const pto_expr *call)
{
  bool rm;
  int r, c;
  tile_shape(call->args[0]->type, &rm, &r, &c);
  return rm ? call->args[1]->type->rows : r;
}

/* The Tile of row-reduction source ST with VROWS static rows.  */
static void
rowred_src_type(pto_buf *b, const pto_type *st, int vrows)
{
  bool rm;
  int r, c;
  tile_shape(st, &rm, &r, &c);
  pto_buf_printf(b, "Tile<TileType::Vec, %s, %d, %d, BLayout::RowMajor, %d, "
                 "%d>", pto_mir_ctype(st->dtype), vrows, c, st->rows,
                 st->cols);
}

/* PTO-ISA's CmpMode of comparison OP (include/pto/common/type.hpp), or
   NULL when OP is not one.  */
static const char *
cmp_mode(pto_op op)
{
  switch (op) {
  case PTO_OP_CMP_LT: case PTO_OP_CMPS_LT: return "LT";
  case PTO_OP_CMP_LE: case PTO_OP_CMPS_LE: return "LE";
  case PTO_OP_CMP_GT: case PTO_OP_CMPS_GT: return "GT";
  case PTO_OP_CMP_GE: case PTO_OP_CMPS_GE: return "GE";
  case PTO_OP_CMP_EQ: case PTO_OP_CMPS_EQ: return "EQ";
  case PTO_OP_CMP_NE: case PTO_OP_CMPS_NE: return "NE";
  default: return NULL;
  }
}

/* The scratch of a comparison or select CALL (select_cmp), from its
   start: the bit mask (a uint8_t Tile, R rows of CB bytes, C / 8
   valid), then for a comparison the int32 ONES and ZEROS (Tiles of m's
   type) and, for a scalar form, SV (a's type, filled with the scalar);
   for a select ZEROS only (m's type); TMP last (TSEL's 32 bytes for
   the mask address, npu/a2a3/TSel.hpp).  Offsets from the start, where
   the bit mask is.  */
typedef struct cmp_layout {
  int cb;
  int64_t ones, zeros, sv, tmp, size;
} cmp_layout;

static int64_t layout_bytes(const pto_type *t);

static cmp_layout
cmp_layout_of(const pto_expr *call)
{
  bool sel = call->op == PTO_OP_SELECT;
  const pto_type *ta = call->args[sel ? 2 : 1]->type;
  const pto_type *tm = call->args[sel ? 1 : 0]->type;
  cmp_layout l = { 0 };
  /* TCMP writes a row's bits repeat by repeat (npu/a2a3/TCmp.hpp):
     whole 256-byte repeats of a's rows, 1 bit per element.  */
  int epr = 256 / pto_dtype_bytes(ta->dtype);
  int64_t bytes = ((int64_t)ta->cols + epr - 1) / epr * epr / 8;
  l.cb = (int)((bytes + 31) / 32 * 32);
  int64_t at = (int64_t)ta->rows * l.cb, isz = layout_bytes(tm);
  if (!sel) {
    l.ones = at;
    at += isz;
  }
  l.zeros = at;
  at += isz;
  if (!sel && pto_op_info(call->op)->sig[2] == 's') {
    l.sv = at;
    at += layout_bytes(ta);
  }
  l.tmp = at;
  l.size = at + 32;
  return l;
}

/* Whether OP is one of the transcendental sequences (select_transc).  */
static bool
is_transc(pto_op op)
{
  return op == PTO_OP_TANH || op == PTO_OP_SIGMOID || op == PTO_OP_EXP2
         || op == PTO_OP_GELU || op == PTO_OP_POW || op == PTO_OP_POWS;
}

/* The f32 scratch tiles of transcendental OP on DT tiles: T (tanh,
   sigmoid, gelu, pow), and for fp16 the converted input first (and
   pow's converted exponent).  */
static int
transc_scratch(pto_op op, pto_dtype dt)
{
  int t = op == PTO_OP_TANH || op == PTO_OP_SIGMOID || op == PTO_OP_GELU
          || op == PTO_OP_POW;
  if (dt != PTO_DT_F16)
    return t;
  return 1 + (op == PTO_OP_POW) + t;
}

/* T with element type DT (the f32 scratch of an fp16 tile).  */
static pto_type
retyped(const pto_type *t, pto_dtype dt)
{
  pto_type r = *t;
  r.dtype = dt;
  return r;
}

/* The Tile an element-wise instruction sees for T with element type DT:
   T itself, or for a one-column tile the one row of its R elements (the
   same bytes: a column is R contiguous elements padded to 32 bytes, and
   element-wise instructions take row-major tiles only, TBinSOps.hpp and
   the like).  */
static pto_type
elementwise_view(const pto_type *t, pto_dtype dt)
{
  pto_type r = retyped(t, dt);
  if (r.cols == 1 && r.rows > 1) {
    r.cols = r.rows;
    r.rows = 1;
  }
  return r;
}

/* TTRANS's tmp for transpose CALL (d C x R from a R x C): TTrans.hpp
   writes C rounded up to a 32-byte block of elements rows of R rounded
   up to 16 (tmpStride) there before copying C rows to d.  */
static pto_type
trans_tmp_type(const pto_expr *call)
{
  const pto_type *a = call->args[1]->type;
  int blk = 32 / pto_dtype_bytes(a->dtype);
  pto_type t = *a;
  t.rows = (a->cols + blk - 1) / blk * blk;
  t.cols = (a->rows + 15) / 16 * 16;
  return t;
}

/* Whether transpose CALL is in place (d is a).  */
static bool
trans_in_place(const pto_expr *call)
{
  return call->args[0]->kind == PTO_E_VAR && call->args[1]->kind == PTO_E_VAR
         && call->args[0]->u.var == call->args[1]->u.var;
}

static int64_t
scratch_bytes(const pto_stmt *s, const pto_arch *arch)
{
  (void)arch;
  const pto_expr *call = tile_call(s);
  if (call && (cmp_mode(call->op) || call->op == PTO_OP_SELECT)
      && call->args[0]->type->kind == PTO_TY_TILE)
    return cmp_layout_of(call).size;
  if (call && is_transc(call->op) && call->args[0]->type->kind == PTO_TY_TILE) {
    pto_type f = retyped(call->args[0]->type, PTO_DT_F32);
    return transc_scratch(call->op, call->args[0]->type->dtype)
           * layout_bytes(&f);
  }
  /* i32 abs: -a, of the tile's shape.  */
  if (call && call->op == PTO_OP_ABS && call->args[0]->type->kind == PTO_TY_TILE
      && call->args[0]->type->dtype == PTO_DT_I32)
    return layout_bytes(call->args[0]->type);
  /* xor: a | b, of the tile's shape.  */
  if (call && call->op == PTO_OP_XOR && call->args[0]->type->kind == PTO_TY_TILE)
    return layout_bytes(call->args[0]->type);
  if (call && call->op == PTO_OP_TRANSPOSE
      && call->args[0]->type->kind == PTO_TY_TILE) {
    pto_type tmp = trans_tmp_type(call);
    return layout_bytes(&tmp)
           + (trans_in_place(call) ? layout_bytes(call->args[0]->type) : 0);
  }
  if (!call || (call->op != PTO_OP_ROW_SUM && call->op != PTO_OP_ROW_MAX))
    return 0;
  const pto_type *t = call->args[1]->type;
  bool rm;
  int r, cl;
  tile_shape(t, &rm, &r, &cl);
  return (int64_t)rowred_rows(call) * cl * pto_dtype_bytes(t->dtype);
}

/* ------------------------------------------------------------------ */
/* Selection                                                           */
/* ------------------------------------------------------------------ */

typedef struct tsel {
  pto_mir_kernel *k;
  pto_diag *diag;
  int errors;
  int64_t ub_lo, ub_hi;       /* scan_expr: the UB bytes of the tile
                                 elements read (ub_lo == ub_hi: none) */
} tsel;

/* True if kernel K is for Ascend 950 (arch 3510; PTO-ISA's A5,
   include/pto/npu/a5/), else it is for Atlas A2/A3 (dav-c220).  */
static bool
is_a5(const pto_mir_kernel *k)
{
  return !strcmp(k->arch->name, "3510");
}

/* The PTO-ISA Tile of tile type T: its layout and static shape, T's
   shape being the valid one.  A Tile without boxes needs rows
   (row-major) or columns (column-major) of a multiple of 32 bytes (the
   Tile's static_assert, pto_tile.hpp), so:
     R x C, C a multiple of 32 bytes:  row-major R x C;
     R x 1, R > 1:                     column-major R' x 1, R' the bytes
                                       of R rounded up to 32;
     R x C otherwise:                  row-major R x C', C' the bytes of
                                       C rounded up to 32 (one row: our
                                       plan rounds every tile up to 32
                                       bytes; more rows: this back end's
                                       plan sizes the tile so,
                                       layout_bytes).
   The valid shape is T's in every case, so the ops (which take the
   valid shape, pto_instr.hpp) see T.  Always true.  */
static bool
tile_shape(const pto_type *t, bool *row_major, int *rows, int *cols)
{
  int esz = pto_dtype_bytes(t->dtype);
  *rows = t->rows;
  *cols = t->cols;
  *row_major = true;
  if ((int64_t)t->cols * esz % 32 == 0)
    return true;
  if (t->cols == 1 && t->rows > 1) {
    *row_major = false;
    *rows = (int)(((int64_t)t->rows * esz + 31) / 32 * 32 / esz);
    return true;
  }
  *cols = (int)(((int64_t)t->cols * esz + 31) / 32 * 32 / esz);
  return true;
}

/* The static columns of the row view of column T (its static rows).  */
static int
padded_rows(const pto_type *t)
{
  bool rm;
  int r, c;
  tile_shape(t, &rm, &r, &c);
  return r;
}

/* The UB bytes of T's Tile (the plan's tile_layout_bytes).  */
static int64_t
layout_bytes(const pto_type *t)
{
  bool rm;
  int r, c;
  tile_shape(t, &rm, &r, &c);
  return (int64_t)r * c * pto_dtype_bytes(t->dtype);
}

/* Whether T is a column-major Tile (its transfers go through a DN
   GlobalTensor, its element-wise ops through a row view).  */
static bool
is_column(const pto_type *t)
{
  bool rm = true;
  int r, c;
  return tile_shape(t, &rm, &r, &c) && !rm;
}

static void
sorry(tsel *c, pto_loc loc, const char *what, const char *op)
{
  pto_sorry(c->diag, loc, "the PTO-ISA back end does not cover %s%s%s yet "
            "(doc/pto-isa.md lists what it covers)", what, op ? " " : "",
            op ? op : "");
  c->errors++;
}

/* The DT_ bit of DT, 0 for a dtype no instruction here takes.  */
static unsigned
dtype_bit(pto_dtype dt)
{
  switch (dt) {
  case PTO_DT_F32: return DT_F32;
  case PTO_DT_F16: return DT_F16;
  case PTO_DT_I32: return DT_I32;
  case PTO_DT_BF16: return DT_BF16;
  case PTO_DT_I8: return DT_I8;
  case PTO_DT_U8: return DT_U8;
  case PTO_DT_I16: return DT_I16;
  default: return 0;
  }
}

/* "f32, f16 and i32" for the DT_ bits DTYPES.  */
static const char *
dtype_list(unsigned dtypes)
{
  switch (dtypes) {
  case DT_ANY: return "f32, f16 and i32";
  case DT_FLOAT: return "f32 and f16";
  case DT_MOVE: return "f32, f16, i32, bf16, i8, u8 and i16";
  default: return "f32";
  }
}

/* The buffer of tile operand E of an instruction taking the element
   types DTYPES, or NULL after a sorry.  */
static const pto_mir_buffer *
tile_operand(tsel *c, const pto_expr *e, const char *op, unsigned dtypes)
{
  if (e->kind != PTO_E_VAR || e->type->kind != PTO_TY_TILE) {
    sorry(c, e->loc, "a tile operand that is not a tile variable in", op);
    return NULL;
  }
  if (!(dtype_bit(e->type->dtype) & dtypes)) {
    pto_sorry(c->diag, e->loc, "the PTO-ISA back end covers pto.%s on %s "
              "tiles only, not %s (doc/pto-isa.md lists the dtypes per op "
              "and why)", op, dtype_list(dtypes),
              pto_dtype_name(e->type->dtype));
    c->errors++;
    return NULL;
  }
  const pto_mir_buffer *b = pto_mir_buffer_of(c->k, e->u.var, NULL);
  pto_assert(b);
  return b;
}

static void
add_ub(pto_mir_node *n, const pto_mir_buffer *b, bool write)
{
  pto_mir_add_access(n, PTO_MEM_UB, b->offset, b->offset + b->size, write);
}

static pto_mir_node *
tile_node(tsel *c, pto_mir_block *out, const pto_stmt *s, const char *inst,
          pto_pipe pipe)
{
  pto_mir_node *n = pto_mir_new(c->k, PTO_MIR_TILE, s->loc);
  n->stmt = s;
  n->op = inst;
  n->pipe = pipe;
  pto_mir_push(out, n);
  return n;
}

/* Scalar expression E: what it reads of GM (*GM) and of UB (tile
   elements: C->ub_lo, ub_hi grow to their tiles' buffers), false after
   a sorry (calls other than block_idx/block_num/unroll_factor).  */
static bool
scan_expr(tsel *c, const pto_expr *e, bool *gm)
{
  if (!e)
    return true;
  switch (e->kind) {
  case PTO_E_INDEX:
    if (e->a->type->kind == PTO_TY_TILE) {
      /* Tile::GetValue on the scalar unit (print_elem).  */
      const pto_mir_buffer *b = e->a->kind == PTO_E_VAR
                                ? pto_mir_buffer_of(c->k, e->a->u.var, NULL)
                                : NULL;
      if (!b || e->nargs != 2) {
        sorry(c, e->loc, "this tile element in scalar code", NULL);
        return false;
      }
      if (c->ub_lo == c->ub_hi || b->offset < c->ub_lo)
        c->ub_lo = b->offset;
      if (b->offset + b->size > c->ub_hi)
        c->ub_hi = b->offset + b->size;
      for (int i = 0; i < e->nargs; i++)
        if (!scan_expr(c, e->args[i], gm))
          return false;
      return true;
    }
    *gm = true;
    break;
  case PTO_E_UN:
    if (e->u.unop == PTO_UN_DEREF)
      *gm = true;
    if (e->u.unop == PTO_UN_ADDR) {
      sorry(c, e->loc, "taking an address in kernel code", NULL);
      return false;
    }
    break;
  case PTO_E_CALL:
    if (!e->is_op || (e->op != PTO_OP_BLOCK_IDX && e->op != PTO_OP_BLOCK_NUM
                      && e->op != PTO_OP_UNROLL_FACTOR)) {
      sorry(c, e->loc, "this call in kernel code:",
            e->is_op ? pto_op_info(e->op)->name : e->fname);
      return false;
    }
    break;
  case PTO_E_TUPLE:
  case PTO_E_GETITEM:
  case PTO_E_FUNCREF:
    sorry(c, e->loc, "tuples in kernel code", NULL);
    return false;
  case PTO_E_VAR:
    if (e->type->kind == PTO_TY_TILE) {
      sorry(c, e->loc, "a tile used as a value (a tile copy)", NULL);
      return false;
    }
    break;
  default:
    break;
  }
  bool ok = scan_expr(c, e->a, gm) && scan_expr(c, e->b, gm)
            && scan_expr(c, e->c, gm);
  for (int i = 0; ok && i < e->nargs; i++)
    ok = scan_expr(c, e->args[i], gm);
  return ok;
}

/* A scalar statement, kept (printed by the CCE printer) with its GM
   accesses on pipe S.  */
static void
keep_stmt(tsel *c, pto_mir_block *out, const pto_stmt *s)
{
  bool rd = false, wr = false;
  const pto_mir_buffer *wt = NULL;     /* a tile element written */
  c->ub_lo = c->ub_hi = 0;
  if (!scan_expr(c, s->value, &rd))
    return;
  if (s->lhs && s->lhs->kind == PTO_E_INDEX
      && s->lhs->a->type->kind == PTO_TY_TILE) {
    if (s->lhs->a->kind != PTO_E_VAR || s->lhs->nargs != 2
        || !(wt = pto_mir_buffer_of(c->k, s->lhs->a->u.var, NULL))) {
      sorry(c, s->lhs->loc, "this tile element in scalar code", NULL);
      return;
    }
    for (int i = 0; i < s->lhs->nargs; i++)
      if (!scan_expr(c, s->lhs->args[i], &rd))
        return;
  } else if (s->lhs && s->lhs->kind != PTO_E_VAR) {
    bool l = false;
    if (!scan_expr(c, s->lhs, &l))
      return;
    wr = l;
  }
  pto_mir_node *n = pto_mir_new(c->k, PTO_MIR_STMT, s->loc);
  n->stmt = s;
  n->pipe = PTO_PIPE_S;
  if (rd)
    pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
  if (wr)
    pto_mir_add_access(n, PTO_MEM_GM, 0, 0, true);
  if (c->ub_lo != c->ub_hi)
    pto_mir_add_access(n, PTO_MEM_UB, c->ub_lo, c->ub_hi, false);
  if (wt)
    add_ub(n, wt, true);
  pto_mir_push(out, n);
}


/* ------------------------------------------------------------------ */
/* The cube path: pto.matmul and its tiles                             */
/* ------------------------------------------------------------------ */

/* The CCE back end's cube plan (backend/cce/cube.c) classifies the
   tiles of every pto.matmul and places them: operands in L1,
   accumulators in L0C, biases in the bias table with an L1 staging
   region; the Left and Right tiles of each product at offset 0 of
   L0A / L0B.  Its checks (dtypes, 16-multiple shapes, the uses each
   tile may have, overflow) are this back end's too.  Here each of its
   operations becomes PTO-ISA (include/pto/common/pto_instr.hpp):
     operand       Tile<TileType::Mat, T, R, C, BLayout::ColMajor, R,
                   C, SLayout::RowMajor, 512> (the NZ layout,
                   GetTileLayoutCustom in common/constants.hpp), loaded
                   by TLOAD from an ND GlobalTensor (ND -> NZ,
                   common/arch/memory/tload_common.hpp); T half,
                   bfloat16_t, int8_t or float (f32 x f32 products: the
                   plan takes them for this back end, k.cube_f32)
     load_valid    TEXPANDS(tile, 0) (a Mat tile: npu/a2a3/TExpandS.hpp),
                   then TLOAD of the vr x vc view
     accumulator   TileAcc<float, M, N>, TileAcc<int32_t, M, N> for int8
                   operands (common/pto_tile.hpp; TMATMUL int8 x int8 ->
                   int32: cpu/TMatmul.hpp, npu/a2a3/TMatmul.hpp)
     bias          Tile<TileType::Bias, float, 1, N, ...>; its load is
                   TLOAD into a 1 x N Mat tile at its L1 staging region,
                   then TMOV Mat -> Bias (npu/a2a3/TMov.hpp, TMovToBt)
     matmul        TileLeft / TileRight at 0 (pto_tile.hpp's aliases give
                   the chip's layouts), TMOV from the Mat tiles
                   (common/arch/memory/tmov_common.hpp), then TMATMUL
                   (or TMATMUL_BIAS) on the first product after
                   pto.fill(c, 0), TMATMUL_ACC(c, c, a, b) after: the
                   run-time flag cube_init_ID the plan declares, as the
                   CCE's mad takes it
     store         TSTORE(gm, acc) (the fixpipe, NZ -> ND), with
                   ReluPreMode::NormalRelu when the ReLU epilogue ran;
                   with no product since pto.fill(c, 0) the scalar unit
                   writes the zeros (or the bias row), as on the CCE
     acc from GM   A2/A3 has no move into an Acc tile, so pto.load(c,
                   gm, rs) TLOADs the initial value into a row-major
                   Mat tile at the accumulator's L1 staging region and
                   sets bit 1 of cube_init_ID; the products start a
                   fresh Acc (bit 0); the store writes the initial
                   value (TSTORE of the Mat tile, MTE3) and then adds
                   the products to it in GM (TSTORE<..., AtomicType::
                   AtomicAdd> of the Acc, the fixpipe): c = init +
                   sum of products, summed in another order than the
                   CCE's L0C (exact for exact sums).  Such an
                   accumulator may not have a ReLU or bias epilogue or
                   leave by a cast (located sorries: the fixpipe would
                   apply them to the products only)
     fill, relu, bias epilogue   the flags, as on the CCE.
   The syncs are the CCE cube path's complete pairs, placed the same.  */

static void
pair_text(pto_buf *b, const char *from, const char *to)
{
  pto_buf_printf(b, "set_flag(%s, %s, EVENT_ID0);\nwait_flag(%s, %s, "
                 "EVENT_ID0);\n", from, to, from, to);
}

/* A text node of B on PIPE: its lines indented two spaces per open
   brace, its final newline dropped.  */
static pto_mir_node *
text_of(tsel *c, pto_mir_block *out, pto_loc loc, pto_pipe pipe, pto_buf *b)
{
  pto_buf t = { 0 };
  int depth = 0;
  for (const char *p = b->s ? b->s : ""; *p;) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (*p == '}')
      depth--;
    if (t.len)
      pto_buf_puts(&t, "\n");
    for (int i = 0; i < depth && len; i++)
      pto_buf_puts(&t, "  ");
    pto_buf_printf(&t, "%.*s", (int)len, p);
    if (len && p[len - 1] == '{')
      depth++;
    p += len + (e != NULL);
  }
  pto_mir_node *n = pto_mir_new(c->k, PTO_MIR_SCALAR, loc);
  n->pipe = pipe;
  n->text = pto_arena_strdup(c->k->prog->arena, t.s ? t.s : "");
  pto_mir_push(out, n);
  pto_buf_free(&t);
  pto_buf_free(b);
  return n;
}

static void
cube_expr(pto_buf *b, const pto_mir_kernel *k, const pto_expr *e)
{
  pto_cce_expr(b, k, e);
}

/* The Tile type of cube tile V (INFO), valid shape dynamic or not.  */
/* The element type of matmul operand V: half, or bfloat16_t (A2/A3's
   TMATMUL takes both: TMatmul.hpp).  */
static const char *
mat_ctype(const pto_var *v)
{
  return pto_mir_ctype(v->type->dtype);
}

static void
cube_type(pto_buf *b, const pto_var *v, const pto_cube_info *info,
          bool dynamic_valid)
{
  int r = v->type->rows, cl = v->type->cols;
  char vr[16], vc[16];
  snprintf(vr, sizeof vr, "%d", r);
  snprintf(vc, sizeof vc, "%d", cl);
  const char *dr = dynamic_valid ? "DYNAMIC" : vr;
  const char *dc = dynamic_valid ? "DYNAMIC" : vc;
  if (info->acc)
    pto_buf_printf(b, "TileAcc<%s, %d, %d, %s, %s>", mat_ctype(v), r, cl, dr,
                   dc);
  else if (info->bias)
    pto_buf_printf(b, "Tile<TileType::Bias, float, 1, %d, BLayout::RowMajor, "
                   "1, %d>", cl, cl);
  else if (info->words)
    pto_buf_printf(b, "Tile<TileType::Mat, uint64_t, 1, %d, "
                   "BLayout::RowMajor, 1, %d, SLayout::NoneBox>", cl, cl);
  else
    pto_buf_printf(b, "Tile<TileType::Mat, %s, %d, %d, BLayout::ColMajor, "
                   "%s, %s, SLayout::RowMajor, TileConfig::fractalABSize>",
                   mat_ctype(v), r, cl, dr, dc);
}

static void
cube_decl(tsel *c, pto_mir_block *out, const pto_stmt *s,
          const pto_cube_info *info)
{
  pto_buf b = { 0 };
  cube_type(&b, s->var, info, false);
  pto_buf_puts(&b, " ");
  pto_cce_name(&b, s->var);
  pto_buf_puts(&b, ";\nTASSIGN(");
  pto_cce_name(&b, s->var);
  pto_buf_printf(&b, ", 0x%llxu);   /* %s */", (unsigned long long)info->off,
                 info->acc ? "L0C" : info->bias ? "bias table" : "L1");
  text_of(c, out, s->loc, PTO_PIPE_S, &b);
}

/* "const int64_t rs__ = RS;" and the GlobalTensor g__ of a ROWS x COLS
   (C text) region of CT elements at PTR, row stride rs__.  */
static void
cube_gm(pto_buf *b, const pto_mir_kernel *k, const char *ct,
        const pto_expr *ptr, const pto_expr *rs, const char *rows,
        const char *cols)
{
  pto_buf_puts(b, "const int64_t rs__ = (int64_t)(");
  cube_expr(b, k, rs);
  pto_buf_puts(b, ");\n");
  pto_buf_printf(b, "GlobalTensor<%s, Shape<1, 1, 1, DYNAMIC, DYNAMIC>, "
                 "Stride<1, 1, 1, DYNAMIC, 1>> g__((__gm__ %s *)(", ct, ct);
  cube_expr(b, k, ptr);
  pto_buf_printf(b, "), {%s, %s}, {rs__});\n", rows, cols);
}

/* vr__, vc__ of partial transfer E (operands 3, 4) on a ROWS x COLS
   tile, clamped as the CCE's cube path clamps them.  */
static void
cube_valid(pto_buf *b, const pto_mir_kernel *k, const pto_expr *e, int rows,
           int cols)
{
  pto_buf_puts(b, "int64_t vr__ = (int64_t)(");
  cube_expr(b, k, e->args[3]);
  pto_buf_puts(b, "), vc__ = (int64_t)(");
  cube_expr(b, k, e->args[4]);
  pto_buf_puts(b, ");\n");
  pto_buf_printf(b, "vr__ = vr__ < 0 ? 0 : vr__ > %d ? %d : vr__;\n", rows,
                 rows);
  pto_buf_printf(b, "vc__ = vc__ < 0 ? 0 : vc__ > %d ? %d : vc__;\n", cols,
                 cols);
  pto_buf_puts(b, "if (vr__ > 1 && vc__ > rs__)\n"
                  "  vc__ = rs__ < 0 ? 0 : rs__;\n");
}

/* The value the scalar unit stores for element k__ of accumulator V
   when no product ran since pto.fill(c, 0) (cube.c's nomad_value).  */
static void
nomad(pto_buf *b, const pto_var *v, const pto_cube_info *info)
{
  if (!info->bias_var) {
    pto_buf_puts(b, v->type->dtype == PTO_DT_I32 ? "0" : "0.0f");
    return;
  }
  unsigned bid = info->bias_var->id;
  if (!info->relu)
    pto_buf_printf(b, "cube_bias_%u[k__]", bid);
  else
    pto_buf_printf(b, "(cube_relu_%u && cube_bias_%u[k__] < 0.0f ? 0.0f : "
                   "cube_bias_%u[k__])", v->id, bid, bid);
}

/* The row-major Mat tile s__ over the L1 staging of accumulator V
   (INFO), valid shape vr__ x vc__ when VALID.  */
static void
staging_tile(pto_buf *b, const pto_var *v, const pto_cube_info *info,
             bool valid)
{
  int r = v->type->rows, cl = v->type->cols;
  if (valid)
    pto_buf_printf(b, "Tile<TileType::Mat, %s, %d, %d, BLayout::RowMajor, "
                   "DYNAMIC, DYNAMIC> s__(vr__, vc__);\n", mat_ctype(v), r,
                   cl);
  else
    pto_buf_printf(b, "Tile<TileType::Mat, %s, %d, %d, BLayout::RowMajor, "
                   "%d, %d> s__;\n", mat_ctype(v), r, cl, r, cl);
  pto_buf_printf(b, "TASSIGN(s__, 0x%llxu);\n",
                 (unsigned long long)info->l1off);
}

/* A located sorry for accumulator V, loaded from GM, that has USE (an
   epilogue or a cast the fixpipe would apply to the products only, not
   to the initial value it adds in GM).  */
static void
loaded_sorry(tsel *c, pto_loc loc, const pto_var *v, const char *use)
{
  pto_sorry(c->diag, loc, "the PTO-ISA back end covers a pto.matmul "
            "accumulator initialised from GM ('%s') only when it leaves by "
            "pto_store or pto_store_valid, not with %s (A2/A3 has no "
            "move into an Acc tile, npu/a2a3/TMov.hpp: the initial value "
            "is added in GM by the store); start from pto_fill(%s, 0), "
            "or use the CCE back end", v->name, use, v->name);
  c->errors++;
}

/* pto.load(c, gm, rs) of accumulator C (INFO), statement S: A2/A3's
   TLOAD writes Mat tiles only (npu/a2a3/TLoad.hpp) and TMOV_TILE_IMPL
   (npu/a2a3/TMov.hpp) moves nothing into an Acc tile, so the initial
   value goes to a row-major Mat tile at C's L1 staging region (MTE2;
   MTE3 -> MTE2 before it: WAR with the last store's read of the
   staging) and cube_init_ID becomes 3: bit 1 "the initial value is
   staged", bit 0 "no product in the Acc yet".  */
static void
load_acc(tsel *c, pto_mir_block *out, const pto_stmt *s, const pto_expr *e,
         const pto_cube_info *ci)
{
  const pto_var *v = e->args[0]->u.var;
  if (is_a5(c->k)) {
    /* A5's TSTORE takes Vec and Acc tiles only (npu/a5/TStore.hpp),
       and nothing moves into an Acc tile there either.  */
    pto_sorry(c->diag, e->loc, "the PTO-ISA back end cannot initialise "
              "pto.matmul accumulator '%s' from GM on %s: PTO-ISA's A5 has "
              "no move into an Acc tile and no store of a Mat tile "
              "(npu/a5/TMov.hpp, TStore.hpp); start from pto_fill(%s, 0) "
              "and add the initial value to the stored result, or build "
              "for dav-c220", v->name, c->k->arch->name, v->name);
    c->errors++;
    return;
  }
  if (ci->relu || ci->bias_var) {
    loaded_sorry(c, e->loc, v, ci->relu ? "a ReLU epilogue"
                                        : "a bias epilogue");
    return;
  }
  char rows[16], cols[16];
  snprintf(rows, sizeof rows, "%d", v->type->rows);
  snprintf(cols, sizeof cols, "%d", v->type->cols);
  pto_buf b = { 0 };
  pto_buf_puts(&b, "{\n");
  pair_text(&b, "PIPE_MTE3", "PIPE_MTE2");
  staging_tile(&b, v, ci, false);
  cube_gm(&b, c->k, mat_ctype(v), e->args[1], e->args[2], rows, cols);
  pto_buf_puts(&b, "TLOAD(s__, g__);\n}\n");
  pto_mir_node *n = text_of(c, out, s->loc, PTO_PIPE_MTE2, &b);
  pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
  pto_buf_printf(&b, "cube_init_%u = 3;", v->id);
  text_of(c, out, s->loc, PTO_PIPE_S, &b);
}

/* The part of the store E of accumulator V (INFO) loaded from GM that
   runs while its initial value is staged (cube_init_ID bit 1): TSTORE
   of the staging (MTE3, after MTE2 -> MTE3: the load wrote it) into the
   GM view g__, then, if a product ran (bit 0 clear), TSTORE with
   AtomicType::AtomicAdd of the Acc into the same view (the fixpipe
   adds to GM: npu/a2a3/TStore.hpp, SetAtomicAdd) after MTE3 -> FIX
   (the initial value is in GM) and M -> FIX, then FIX -> S; else MTE3
   -> S.  VALID: pto.store_valid (rs__, vr__, vc__ are declared).  The
   text ends in "} else ", for the store of a tile with no staged
   value.  */
static void
store_loaded(tsel *c, pto_buf *b, const pto_expr *e, const pto_var *v,
             const pto_cube_info *info, bool valid)
{
  const pto_mir_kernel *k = c->k;
  const char *ct = mat_ctype(v);
  pto_buf_printf(b, "if (cube_init_%u & 2) {\n", v->id);
  pair_text(b, "PIPE_MTE2", "PIPE_MTE3");
  staging_tile(b, v, info, valid);
  if (valid) {
    pto_buf_printf(b, "GlobalTensor<%s, Shape<1, 1, 1, DYNAMIC, DYNAMIC>, "
                   "Stride<1, 1, 1, DYNAMIC, 1>> g__((__gm__ %s *)(", ct, ct);
    cube_expr(b, k, e->args[0]);
    pto_buf_puts(b, "), {vr__, vc__}, {rs__});\n");
  } else {
    char rows[16], cols[16];
    snprintf(rows, sizeof rows, "%d", v->type->rows);
    snprintf(cols, sizeof cols, "%d", v->type->cols);
    cube_gm(b, k, ct, e->args[0], e->args[1], rows, cols);
  }
  pto_buf_puts(b, "TSTORE(g__, s__);\n");
  pto_buf_printf(b, "if (!(cube_init_%u & 1)) {\n", v->id);
  pair_text(b, "PIPE_MTE3", "PIPE_FIX");
  pair_text(b, "PIPE_M", "PIPE_FIX");
  pto_buf tn = { 0 };
  if (valid) {
    cube_type(b, v, info, true);
    pto_buf_printf(b, " v__(vr__, vc__);\nTASSIGN(v__, 0x%llxu);\n",
                   (unsigned long long)info->off);
    pto_buf_puts(&tn, "v__");
  } else
    pto_cce_name(&tn, v);
  pto_buf_printf(b, "TSTORE<decltype(%s), decltype(g__), "
                 "AtomicType::AtomicAdd>(g__, %s);\n", tn.s, tn.s);
  pto_buf_free(&tn);
  pair_text(b, "PIPE_FIX", "PIPE_S");
  pto_buf_puts(b, "} else {\n");
  pair_text(b, "PIPE_MTE3", "PIPE_S");
  pto_buf_puts(b, "}\n} else ");
}

/* pto.cast(h, c) of accumulator C into operand H (statement S): the
   fixpipe into L1, TMOV(Mat, Acc) (npu/a2a3/TMov.hpp: TMovCcToCb with
   the F322F16 / F322BF16 its GetCastPreQuantMode picks; the ReLU
   epilogue flag selects the TMOV<..., ReluPreMode::NormalRelu> form),
   after M -> FIX (the last mad wrote L0C) and MTE1 -> FIX (WAR on H's
   L1 region: the last TMOV to Left/Right read it), then FIX -> S: the
   fixpipe's L1 write is done before the next TMOV to Left/Right is
   issued.  With no mad since pto.fill(c, 0) H is zeroed in L1
   (TEXPANDS of the Mat tile, as a partial operand's pad; MTE2 ->
   MTE1), as cube.c's lower_cast_l1 does.  */
static void
cast_acc_to_mat(tsel *c, pto_mir_block *out, const pto_stmt *s,
                const pto_expr *e)
{
  const pto_var *h = e->args[0]->u.var, *acc = e->args[1]->u.var;
  pto_cube_info ci;
  pto_cube_info_of(c->k, acc, &ci);
  if (ci.loaded) {
    loaded_sorry(c, e->loc, acc, "a cast into a pto.matmul operand");
    return;
  }
  pto_buf b = { 0 }, hn = { 0 }, cn = { 0 };
  pto_cce_name(&hn, h);
  pto_cce_name(&cn, acc);
  pto_buf_printf(&b, "if (cube_init_%u) {\n", acc->id);
  pto_buf_printf(&b, "TEXPANDS(%s, (%s)0);\n", hn.s, mat_ctype(h));
  pair_text(&b, "PIPE_MTE2", "PIPE_MTE1");
  pto_buf_puts(&b, "} else {\n");
  pair_text(&b, "PIPE_M", "PIPE_FIX");
  pair_text(&b, "PIPE_MTE1", "PIPE_FIX");
  if (ci.relu)
    pto_buf_printf(&b, "if (cube_relu_%u)\n  TMOV<decltype(%s), "
                   "decltype(%s), ReluPreMode::NormalRelu>(%s, %s);\nelse\n  ",
                   acc->id, hn.s, cn.s, hn.s, cn.s);
  pto_buf_printf(&b, "TMOV(%s, %s);\n", hn.s, cn.s);
  pair_text(&b, "PIPE_FIX", "PIPE_S");
  pto_buf_puts(&b, "}\n");
  text_of(c, out, s->loc, PTO_PIPE_S, &b);
  pto_buf_free(&hn);
  pto_buf_free(&cn);
}

/* pto.load(w, gm, rs) of a tile of deq words: its GM address into
   cube_words_ID (a store with no mad reads the scales there), one TLOAD
   into the Mat tile, then MTE2 -> FIX (TMOV to the Scaling tile reads
   it).  */
static void
load_words(tsel *c, pto_mir_block *out, const pto_stmt *s, const pto_expr *e)
{
  const pto_var *v = e->args[0]->u.var;
  int cl = v->type->cols;
  pto_buf b = { 0 };
  pto_buf_printf(&b, "cube_words_%u = (__gm__ const uint64_t *)(", v->id);
  cube_expr(&b, c->k, e->args[1]);
  pto_buf_puts(&b, ");\n");
  text_of(c, out, s->loc, PTO_PIPE_S, &b);
  pto_buf_printf(&b, "{\nGlobalTensor<uint64_t, Shape<1, 1, 1, 1, %d>, "
                 "Stride<1, 1, 1, %d, 1>> g__((__gm__ uint64_t *)"
                 "cube_words_%u);\nTLOAD(", cl, cl, v->id);
  pto_cce_name(&b, v);
  pto_buf_puts(&b, ", g__);\n}\n");
  pto_mir_node *n = text_of(c, out, s->loc, PTO_PIPE_MTE2, &b);
  pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
  pair_text(&b, "PIPE_MTE2", "PIPE_FIX");
  text_of(c, out, s->loc, PTO_PIPE_S, &b);
}

/* The cube path's op call E (statement S), USE as the plan says.  */
static void
select_cube(tsel *c, pto_mir_block *out, const pto_stmt *s,
            const pto_expr *e, pto_cube_use use)
{
  const pto_mir_kernel *k = c->k;
  pto_buf b = { 0 };
  pto_cube_info ci, ai, bi;
  pto_mir_node *n;
  const pto_var *v;
  switch (use) {
  case PTO_CUBE_LOAD:
  case PTO_CUBE_LOAD_VALID: {
    v = e->args[0]->u.var;
    pto_cube_info_of(k, v, &ci);
    if (ci.acc) {
      load_acc(c, out, s, e, &ci);
      return;
    }
    if (ci.words) {
      load_words(c, out, s, e);
      return;
    }
    int r = v->type->rows, cl = v->type->cols;
    char rows[16], cols[16];
    snprintf(rows, sizeof rows, "%d", r);
    snprintf(cols, sizeof cols, "%d", cl);
    pto_buf_puts(&b, "{\n");
    if (use == PTO_CUBE_LOAD) {
      cube_gm(&b, k, mat_ctype(v), e->args[1], e->args[2], rows, cols);
      pto_buf_puts(&b, "TLOAD(");
      pto_cce_name(&b, v);
      pto_buf_puts(&b, ", g__);\n");
    } else {
      /* The tile is zeroed (the pad enters the K sums), then the valid
         part loaded.  */
      pto_buf_puts(&b, "TEXPANDS(");
      pto_cce_name(&b, v);
      pto_buf_printf(&b, ", (%s)0);\n", mat_ctype(v));
      pto_buf_puts(&b, "const int64_t rs__ = (int64_t)(");
      cube_expr(&b, k, e->args[2]);
      pto_buf_puts(&b, ");\n");
      cube_valid(&b, k, e, r, cl);
      pto_buf_puts(&b, "if (vr__ > 0 && vc__ > 0) {\n");
      cube_type(&b, v, &ci, true);
      pto_buf_printf(&b, " v__(vr__, vc__);\nTASSIGN(v__, 0x%llxu);\n",
                     (unsigned long long)ci.off);
      pto_buf_printf(&b, "GlobalTensor<%s, Shape<1, 1, 1, DYNAMIC, DYNAMIC>, "
                     "Stride<1, 1, 1, DYNAMIC, 1>> g__((__gm__ %s *)(",
                     mat_ctype(v), mat_ctype(v));
      cube_expr(&b, k, e->args[1]);
      pto_buf_puts(&b, "), {vr__, vc__}, {rs__});\nTLOAD(v__, g__);\n}\n");
    }
    pto_buf_puts(&b, "}\n");
    n = text_of(c, out, s->loc, PTO_PIPE_MTE2, &b);
    pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
    pair_text(&b, "PIPE_MTE2", "PIPE_MTE1");
    text_of(c, out, s->loc, PTO_PIPE_S, &b);
    return;
  }
  case PTO_CUBE_LOAD_BIAS: {
    v = e->args[0]->u.var;
    pto_cube_info_of(k, v, &ci);
    int cl = v->type->cols;
    pto_buf_printf(&b, "cube_bias_%u = (__gm__ float *)(", v->id);
    cube_expr(&b, k, e->args[1]);
    pto_buf_puts(&b, ");\n");
    pair_text(&b, "PIPE_MTE1", "PIPE_MTE2");
    text_of(c, out, s->loc, PTO_PIPE_S, &b);
    pto_buf_printf(&b, "{\nTile<TileType::Mat, float, 1, %d, BLayout::RowMajor"
                   ", 1, %d> s__;\nTASSIGN(s__, 0x%llxu);\n", cl, cl,
                   (unsigned long long)ci.l1off);
    pto_buf_printf(&b, "GlobalTensor<float, Shape<1, 1, 1, 1, %d>, Stride<1, "
                   "1, 1, %d, 1>> g__(cube_bias_%u);\nTLOAD(s__, g__);\n", cl,
                   cl, v->id);
    pair_text(&b, "PIPE_MTE2", "PIPE_MTE1");
    pto_buf_puts(&b, "TMOV(");
    pto_cce_name(&b, v);
    pto_buf_puts(&b, ", s__);\n}\n");
    n = text_of(c, out, s->loc, PTO_PIPE_MTE2, &b);
    pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
    return;
  }
  case PTO_CUBE_MATMUL: {
    const pto_var *cv = e->args[0]->u.var, *av = e->args[1]->u.var,
                  *bv = e->args[2]->u.var;
    pto_cube_info_of(k, cv, &ci);
    pto_cube_info_of(k, av, &ai);
    pto_cube_info_of(k, bv, &bi);
    int64_t m = cv->type->rows, nn = cv->type->cols, kk = av->type->cols;
    int64_t es = pto_dtype_bytes(av->type->dtype);
    if (m * kk * es > k->arch->l0a || kk * nn * es > k->arch->l0b) {
      pto_error(c->diag, e->loc,
                "pto.matmul operands '%s' (%lld bytes) and '%s' (%lld bytes) "
                "do not fit L0A/L0B (%lld / %lld bytes on %s)",
                av->name, (long long)(m * kk * es), bv->name,
                (long long)(kk * nn * es), (long long)k->arch->l0a,
                (long long)k->arch->l0b, k->arch->name);
      c->errors++;
      return;
    }
    pto_buf_printf(&b, "{\nTileLeft<%s, %lld, %lld> a__;\nTASSIGN(a__, 0x0u);"
                   "\nTileRight<%s, %lld, %lld> b__;\nTASSIGN(b__, 0x0u);\n"
                   "TMOV(a__, ", mat_ctype(av), (long long)m, (long long)kk,
                   mat_ctype(bv), (long long)kk, (long long)nn);
    pto_cce_name(&b, av);
    pto_buf_puts(&b, ");\nTMOV(b__, ");
    pto_cce_name(&b, bv);
    pto_buf_puts(&b, ");\n");
    pair_text(&b, "PIPE_MTE1", "PIPE_M");
    pair_text(&b, "PIPE_MTE1", "PIPE_MTE2");
    pto_buf_printf(&b, ci.loaded ? "if (cube_init_%u & 1)\n  "
                           : "if (cube_init_%u)\n  ", cv->id);
    if (ci.bias_var) {
      pto_buf_puts(&b, "TMATMUL_BIAS(");
      pto_cce_name(&b, cv);
      pto_buf_puts(&b, ", a__, b__, ");
      pto_cce_name(&b, ci.bias_var);
    } else {
      pto_buf_puts(&b, "TMATMUL(");
      pto_cce_name(&b, cv);
      pto_buf_puts(&b, ", a__, b__");
    }
    pto_buf_puts(&b, ");\nelse\n  TMATMUL_ACC(");
    pto_cce_name(&b, cv);
    pto_buf_puts(&b, ", ");
    pto_cce_name(&b, cv);
    pto_buf_printf(&b, ci.loaded ? ", a__, b__);\ncube_init_%u &= 2;\n"
                           : ", a__, b__);\ncube_init_%u = 0;\n", cv->id);
    pair_text(&b, "PIPE_M", "PIPE_MTE1");
    pto_buf_puts(&b, "}\n");
    text_of(c, out, s->loc, PTO_PIPE_M, &b);
    return;
  }
  case PTO_CUBE_CAST_L1:
    cast_acc_to_mat(c, out, s, e);
    return;
  case PTO_CUBE_CAST_OUT:
    if (e->op == PTO_OP_COL_DEQUANT
        && e->args[0]->type->cols > pto_cube_fb_words(k->arch)) {
      /* TSTORE_FP moves all the words to the fixpipe buffer at once.  */
      pto_sorry(c->diag, e->loc, "pto.col_dequant by deq words of %d "
                "columns: the PTO-ISA back end's TSTORE_FP takes at most "
                "%d (the fixpipe buffer of %s); split the columns, or use "
                "the CCE back end, which stores them in parts",
                e->args[0]->type->cols, (int)pto_cube_fb_words(k->arch),
                k->arch->name);
      c->errors++;
      return;
    }
    pto_buf_printf(&b, "/* %s = %s: converted by TSTORE at each store of "
                   "%s */", e->args[0]->u.var->name, e->args[1]->u.var->name,
                   e->args[0]->u.var->name);
    if (e->op == PTO_OP_DEQUANT) {
      /* The scale of TSTORE's pre-quant scalar (DEQF16).  */
      pto_buf_printf(&b, "\ncube_deq_%u = ", e->args[0]->u.var->id);
      cube_expr(&b, k, e->args[2]);
      pto_buf_puts(&b, ";");
    }
    text_of(c, out, s->loc, PTO_PIPE_S, &b);
    return;
  case PTO_CUBE_STORE:
  case PTO_CUBE_STORE_VALID: {
    bool valid = use == PTO_CUBE_STORE_VALID;
    v = e->args[2]->u.var;
    pto_cube_info_of(k, v, &ci);
    /* An out tile: TSTORE of its accumulator into a GM tensor of the out
       tile's dtype converts (TStore.hpp: GetCastPreQuantMode gives
       F322F16 / F322BF16 for an f32 Acc tile).  */
    const char *gt = mat_ctype(v);   /* float, or int32_t (int8 operands) */
    /* pto.dequant's out tile: TSTORE(g, acc, preQuantScalar), the scale
       float's bits (TStore.hpp: GetScalarPreQuantMode gives DEQF16 for
       an int32_t Acc tile into half; PTO-ISA's CPU model multiplies by
       the whole float, include/pto/cpu/common.hpp).  */
    unsigned deq = ci.out && ci.deq ? v->id : 0;
    const pto_var *wv = ci.out ? ci.words_var : NULL;
    if (ci.out) {
      gt = mat_ctype(v);
      v = ci.src_var;
      pto_cube_info_of(k, v, &ci);
      if (ci.loaded) {
        loaded_sorry(c, e->loc, v, "a cast to fp16 or bf16");
        return;
      }
    }
    int m = v->type->rows, nn = v->type->cols;
    char rows[16], cols[16];
    snprintf(rows, sizeof rows, "%d", m);
    snprintf(cols, sizeof cols, "%d", nn);
    pto_buf_puts(&b, "{\n");
    if (valid) {
      pto_buf_puts(&b, "const int64_t rs__ = (int64_t)(");
      cube_expr(&b, k, e->args[1]);
      pto_buf_puts(&b, ");\n");
      cube_valid(&b, k, e, m, nn);
      pto_buf_puts(&b, "if (vr__ > 0 && vc__ > 0) {\n");
    }
    if (ci.loaded)
      store_loaded(c, &b, e, v, &ci, valid);
    pto_buf_printf(&b, "if (cube_init_%u) {\n", v->id);
    pto_buf_printf(&b, "  for (int32_t r__ = 0; r__ < %s; ++r__)\n"
                   "    for (int32_t k__ = 0; k__ < %s; ++k__)\n      (",
                   valid ? "vr__" : rows, valid ? "vc__" : cols);
    cube_expr(&b, k, e->args[0]);
    pto_buf_puts(&b, ")[(int64_t)r__ * (");
    cube_expr(&b, k, e->args[1]);
    pto_buf_puts(&b, ") + k__] = ");
    if (deq)
      pto_buf_printf(&b, "(half)(0.0f * cube_deq_%u)", deq);
    else if (wv)
      /* 0 times the word's scale (pto.h pto__deq_word_scale: bits
         [31:13], a cleared -0 read as +0).  */
      pto_buf_printf(&b, "(half)(0.0f * __builtin_bit_cast(float, "
                     "(uint32_t)(cube_words_%u[k__] & ((cube_words_%u[k__] & "
                     "0x7FFFE000u) ? 0xFFFFE000u : 0u))))", wv->id, wv->id);
    else
      nomad(&b, v, &ci);
    pto_buf_puts(&b, ";\n} else {\n");
    pair_text(&b, "PIPE_M", "PIPE_FIX");
    if (valid) {
      pto_buf_printf(&b, "GlobalTensor<%s, Shape<1, 1, 1, DYNAMIC, DYNAMIC>, "
                     "Stride<1, 1, 1, DYNAMIC, 1>> g__((__gm__ %s *)(", gt, gt);
      cube_expr(&b, k, e->args[0]);
      pto_buf_puts(&b, "), {vr__, vc__}, {rs__});\n");
      cube_type(&b, v, &ci, true);
      pto_buf_printf(&b, " v__(vr__, vc__);\nTASSIGN(v__, 0x%llxu);\n",
                     (unsigned long long)ci.off);
    } else
      cube_gm(&b, k, gt, e->args[0], e->args[1], rows, cols);
    const char *src = valid ? "v__" : NULL;
    pto_buf tn = { 0 };
    if (src)
      pto_buf_puts(&tn, src);
    else
      pto_cce_name(&tn, v);
    if (ci.relu)
      pto_buf_printf(&b, "if (cube_relu_%u)\n  TSTORE<decltype(%s), "
                     "decltype(g__), AtomicType::AtomicNone, "
                     "ReluPreMode::NormalRelu>(g__, %s);\nelse\n  ", v->id,
                     tn.s, tn.s);
    if (deq)
      pto_buf_printf(&b, "{\n  union { float f; uint32_t u; } q__ = "
                     "{ cube_deq_%u };\n  TSTORE(g__, %s, (uint64_t)q__.u);\n"
                     "}\n", deq, tn.s);
    else if (wv) {
      /* The words through a Scaling tile at the fixpipe buffer's start
         (docs/isa/TSTORE.md TSTORE_FP; tests/npu/a2a3/src/st/testcase/
         tmov/tmov_kernel.cpp TMOV2ScalingKernel).  */
      int wc = wv->type->cols;
      pto_buf_printf(&b, "{\n  Tile<TileType::Scaling, uint64_t, 1, %d, "
                     "BLayout::RowMajor, 1, %d, SLayout::NoneBox> f__;\n"
                     "  TASSIGN(f__, 0x0u);\n  TMOV(f__, ", wc, wc);
      pto_cce_name(&b, wv);
      pto_buf_printf(&b, ");\n  TSTORE_FP(g__, %s, f__);\n}\n", tn.s);
    } else
      pto_buf_printf(&b, "TSTORE(g__, %s);\n", tn.s);
    pto_buf_free(&tn);
    pair_text(&b, "PIPE_FIX", "PIPE_S");
    pto_buf_puts(&b, "}\n");
    if (valid)
      pto_buf_puts(&b, "}\n");
    pto_buf_puts(&b, "}\n");
    n = text_of(c, out, s->loc, PTO_PIPE_S, &b);
    pto_mir_add_access(n, PTO_MEM_GM, 0, 0, true);
    return;
  }
  case PTO_CUBE_RELU:
    pto_buf_printf(&b, "cube_relu_%u = 1;", e->args[0]->u.var->id);
    text_of(c, out, s->loc, PTO_PIPE_S, &b);
    return;
  case PTO_CUBE_BIAS:
    v = e->args[0]->u.var;
    pto_cube_info_of(k, v, &ci);
    pto_buf_printf(&b, "/* %s += %s: added by the first TMATMUL_BIAS of the "
                   "product */", v->name, ci.bias_var->name);
    text_of(c, out, s->loc, PTO_PIPE_S, &b);
    return;
  case PTO_CUBE_FILL:
    v = e->args[0]->u.var;
    pto_cube_info_of(k, v, &ci);
    pto_buf_printf(&b, "cube_init_%u = 1;", v->id);
    if (ci.relu)
      pto_buf_printf(&b, "\ncube_relu_%u = 0;", v->id);
    text_of(c, out, s->loc, PTO_PIPE_S, &b);
    return;
  case PTO_CUBE_NONE:
    break;
  }
}

/* Describe transfer node N (CALL, of a tile of type T) as the DMA it
   amounts to, for the sync pass's double buffering (its GM windows,
   sync.c's gm_window): a whole row-major tile of 32-byte rows with a
   constant row stride whose gap is whole 32-byte blocks is R bursts of
   the row's blocks (one burst when dense), as the CCE lowers it.  Any
   other transfer keeps GM unset, and a loop holding it is not double
   buffered.  */
static void
dma_view(pto_mir_node *n, const pto_expr *call, const pto_type *t, bool load)
{
  if (call->op != PTO_OP_LOAD && call->op != PTO_OP_STORE)
    return;
  const pto_expr *rs = call->args[load ? 2 : 1];
  int64_t esz = pto_dtype_bytes(t->dtype), row = (int64_t)t->cols * esz;
  if (is_column(t) || row % 32 || rs->kind != PTO_E_INT || rs->u.ival < t->cols
      || (rs->u.ival - t->cols) * esz % 32)
    return;
  int64_t gap = (rs->u.ival - t->cols) * esz / 32;
  n->gm = call->args[load ? 1 : 0];
  n->gm_off = 0;
  n->tile_load = load;
  n->nburst = gap ? t->rows : 1;
  n->lenburst = gap ? row / 32 : t->rows * row / 32;
  n->srcgap = load ? gap : 0;
  n->dstgap = load ? 0 : gap;
}

/* pto.xor(d, a, b) as four nodes, each one instruction so that the
   sync pass orders them: tmp = a | b (the statement's scratch), d = a
   & b, d = ~d, d = d & tmp.  d may be a or b (they are read before d
   is written).  T: d, a, b.  A column is printed as its row view
   (print_xor).  */
static void
select_xor(tsel *c, pto_mir_block *out, const pto_stmt *s,
           const pto_mir_buffer *const *t)
{
  const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
  pto_assert(tmp);
  pto_mir_node *n = tile_node(c, out, s, "IXOR_OR", PTO_PIPE_V);
  add_ub(n, t[1], false);
  add_ub(n, t[2], false);
  add_ub(n, tmp, true);
  n = tile_node(c, out, s, "IXOR_AND", PTO_PIPE_V);
  add_ub(n, t[1], false);
  add_ub(n, t[2], false);
  add_ub(n, t[0], true);
  n = tile_node(c, out, s, "IXOR_NOT", PTO_PIPE_V);
  add_ub(n, t[0], false);
  add_ub(n, t[0], true);
  n = tile_node(c, out, s, "IXOR_FIN", PTO_PIPE_V);
  add_ub(n, t[0], false);
  add_ub(n, tmp, false);
  add_ub(n, t[0], true);
}

/* One instruction of a transcendental's sequence: INST(dst, src0
   [, src1] [, scalar]) on Tiles of the call's shape at UB offsets DST,
   S0, S1 (S1 < 0: none), of element type DDT for dst and SDT for the
   sources; LIT a literal scalar, or the call's scalar operand when
   SCALAR (pows).  */
typedef struct seq_op {
  const char *inst;
  pto_dtype ddt, sdt;
  int64_t dst, s0, s1;
  const char *lit;
  bool scalar;
} seq_op;

static void
seq_node(tsel *c, pto_mir_block *out, const pto_stmt *s, const seq_op *q)
{
  const pto_type *t = s->value->args[0]->type;
  pto_type dty = retyped(t, q->ddt), sty = retyped(t, q->sdt);
  pto_mir_node *n = tile_node(c, out, s, "SEQ", PTO_PIPE_V);
  n->text = q->inst;
  n->ctype = pto_mir_ctype(q->ddt);
  n->stype = pto_mir_ctype(q->sdt);
  n->dst = q->dst;
  n->src[0] = q->s0;
  n->src[1] = q->s1;
  n->scalar_lit = q->lit;
  n->scalar = q->scalar ? s->value->args[2] : NULL;
  pto_mir_add_access(n, PTO_MEM_UB, q->s0, q->s0 + layout_bytes(&sty), false);
  if (q->s1 >= 0)
    pto_mir_add_access(n, PTO_MEM_UB, q->s1, q->s1 + layout_bytes(&sty),
                       false);
  pto_mir_add_access(n, PTO_MEM_UB, q->dst, q->dst + layout_bytes(&dty),
                     true);
}

/* F(W, A[, B]) in f32, one seq_node per instruction.  */
#define SEQ(inst, w, a, b, lit)                                              \
  do {                                                                       \
    seq_op q__ = { inst, PTO_DT_F32, PTO_DT_F32, w, a, b, lit, false };      \
    seq_node(c, out, s, &q__);                                               \
  } while (0)

/* pto.tanh/sigmoid/exp2/gelu/pow/pows(d, a[, b or s]) as the CCE back
   end's sequences (doc/cce.md "Transcendentals"), X the f32 input, Y
   pow's f32 exponent, W the f32 result, T f32 scratch; fp16 tiles
   through TCVT into f32 scratch and back (round to nearest, ties to
   even).  TRECIP writes a tile other than its source (A3's needs it,
   pto_instr.hpp), so tanh and sigmoid keep e^ in T.  A column's
   operands are its row view (print_seq).  SREAD: pows' exponent read
   from a tile element into that constant
   (select_op), or NULL.  */
static void
select_transc(tsel *c, pto_mir_block *out, const pto_stmt *s,
              const pto_expr *call, const pto_mir_buffer *const *t,
              const char *sread)
{
  const pto_type *ty = call->args[0]->type;
  pto_dtype dt = ty->dtype;
  pto_type f = retyped(ty, PTO_DT_F32);
  int64_t fsz = layout_bytes(&f), tmp = 0;
  if (transc_scratch(call->op, dt)) {
    const pto_mir_buffer *sb = pto_mir_buffer_of(c->k, NULL, s);
    pto_assert(sb);
    tmp = sb->offset;
  }
  int64_t x = t[1]->offset, y = t[2] ? t[2]->offset : -1, w = t[0]->offset;
  if (dt == PTO_DT_F16) {
    seq_op q = { "TCVT", PTO_DT_F32, PTO_DT_F16, tmp, x, -1, NULL, false };
    seq_node(c, out, s, &q);
    x = w = tmp;
    tmp += fsz;
    if (call->op == PTO_OP_POW) {
      q.dst = tmp;
      q.s0 = y;
      seq_node(c, out, s, &q);
      y = tmp;
      tmp += fsz;
    }
  }
  switch (call->op) {
  case PTO_OP_TANH:
  case PTO_OP_SIGMOID: {
    bool th = call->op == PTO_OP_TANH;
    SEQ("TMULS", tmp, x, -1, th ? "-2.0f" : "-1.0f");
    SEQ("TMINS", tmp, tmp, -1, "88.0f");
    SEQ("TEXP", tmp, tmp, -1, NULL);
    SEQ("TADDS", tmp, tmp, -1, "1.0f");
    SEQ("TRECIP", w, tmp, -1, NULL);
    if (th) {
      SEQ("TMULS", w, w, -1, "2.0f");
      SEQ("TADDS", w, w, -1, "-1.0f");
    }
    break;
  }
  case PTO_OP_EXP2:
    SEQ("TMULS", w, x, -1, "0.693147182f");
    SEQ("TEXP", w, w, -1, NULL);
    break;
  case PTO_OP_GELU:
    SEQ("TMAXS", w, x, -1, "-10.0f");
    SEQ("TMUL", tmp, w, w, NULL);
    SEQ("TMULS", tmp, tmp, -1, "-0.0713548162f");
    SEQ("TADDS", tmp, tmp, -1, "-1.59576912f");
    SEQ("TMUL", tmp, tmp, w, NULL);
    SEQ("TEXP", tmp, tmp, -1, NULL);
    SEQ("TADDS", tmp, tmp, -1, "1.0f");
    SEQ("TDIV", w, w, tmp, NULL);
    break;
  case PTO_OP_POW:
    SEQ("TLOG", tmp, x, -1, NULL);
    SEQ("TMUL", tmp, tmp, y, NULL);
    SEQ("TEXP", w, tmp, -1, NULL);
    break;
  default: {
    SEQ("TLOG", w, x, -1, NULL);
    seq_op q = { "TMULS", PTO_DT_F32, PTO_DT_F32, w, w, -1, sread, !sread };
    seq_node(c, out, s, &q);
    SEQ("TEXP", w, w, -1, NULL);
  }
  }
  if (dt == PTO_DT_F16) {
    seq_op q = { "TCVT", PTO_DT_F16, PTO_DT_F32, t[0]->offset, w, -1, NULL,
                 false };
    seq_node(c, out, s, &q);
  }
}
#undef SEQ

/* What a node of select_cmp (CMP_FILL, CMP_BITS, CMP_ONES, CMP_ZEROS,
   CMP_SEL: print_cmp) touches in the scratch.  */
static void
cmp_acc(pto_mir_node *n, int64_t off, int64_t size, bool write)
{
  pto_mir_add_access(n, PTO_MEM_UB, off, off + size, write);
}

/* pto.cmp_<op>(m, a, b), pto.cmps_<op>(m, a, s) and pto.select(d, m,
   a, b) through a PTO-ISA bit mask in the statement's scratch
   (cmp_layout): a comparison is TCMP(bits, a, b or the scalar's
   TEXPANDS tile, CmpMode) and TSEL(m, bits, ones, zeros) of int32
   TEXPANDS tiles (vsel copies the bits, TSel.hpp); a select is
   TCMP(bits, m, zeros, NE) and TSEL(d, bits, a, b).  Not TCMPS: its CPU
   simulation compares floats within 1e-9 (cpu/TCmps.hpp), where pto.h
   compares exactly.  TCMP's CPU simulation packs the bits row by row
   and its TSEL reads them as one stream, so C must be a multiple of 8
   (the two agree then, as A2/A3's do); int32 compares eq and ne only
   (A2/A3's TCmp.hpp issues vcmpv_eq for every int32 mode).  */
static void
select_cmp(tsel *c, pto_mir_block *out, const pto_stmt *s,
           const pto_expr *call)
{
  const char *name = pto_op_info(call->op)->name;
  bool sel = call->op == PTO_OP_SELECT;
  bool scalar = !sel && pto_op_info(call->op)->sig[2] == 's';
  int nt = sel ? 4 : scalar ? 2 : 3;
  const pto_mir_buffer *t[4] = { NULL, NULL, NULL, NULL };
  for (int i = 0; i < nt; i++) {
    bool mask = i == (sel ? 1 : 0);
    if (!(t[i] = tile_operand(c, call->args[i], name,
                              mask ? DT_I32 : DT_ANY)))
      return;
  }
  const pto_type *ta = call->args[sel ? 2 : 1]->type;
  if (is_column(ta) || ta->cols % 8) {
    pto_sorry(c->diag, call->loc, "the PTO-ISA back end covers pto.%s on "
              "tiles of a multiple of 8 columns only (its bit mask), not "
              "%d (doc/pto-isa.md)", name, ta->cols);
    c->errors++;
    return;
  }
  const char *mode = sel ? "NE" : cmp_mode(call->op);
  if (!sel && ta->dtype == PTO_DT_I32 && strcmp(mode, "EQ")
      && strcmp(mode, "NE")) {
    pto_sorry(c->diag, call->loc, "the PTO-ISA back end covers pto.%s on "
              "f32 and f16 tiles only: A2/A3's TCMP compares int32 for eq "
              "and ne only (npu/a2a3/TCmp.hpp); compare in f32 (pto_cast) "
              "or use the CCE back end", name);
    c->errors++;
    return;
  }
  if (scalar) {
    bool gm = false;
    c->ub_lo = c->ub_hi = 0;
    if (!scan_expr(c, call->args[2], &gm))
      return;
    if (gm || c->ub_lo != c->ub_hi) {
      sorry(c, call->loc, "a GM read or a tile element in the scalar of",
            name);
      return;
    }
  }
  const pto_mir_buffer *sb = pto_mir_buffer_of(c->k, NULL, s);
  pto_assert(sb);
  cmp_layout l = cmp_layout_of(call);
  int64_t base = sb->offset, bsz = (int64_t)ta->rows * l.cb;
  const pto_type *tm = call->args[sel ? 1 : 0]->type;
  int64_t isz = layout_bytes(tm), asz = layout_bytes(ta);
  pto_mir_node *n;
  if (sel) {
    n = tile_node(c, out, s, "CMP_ZEROS", PTO_PIPE_V);
    cmp_acc(n, base + l.zeros, isz, true);
    n = tile_node(c, out, s, "CMP_BITS", PTO_PIPE_V);
    add_ub(n, t[1], false);
    cmp_acc(n, base + l.zeros, isz, false);
    cmp_acc(n, base, bsz, true);
    n = tile_node(c, out, s, "CMP_SEL", PTO_PIPE_V);
    cmp_acc(n, base, bsz, false);
    add_ub(n, t[2], false);
    add_ub(n, t[3], false);
    cmp_acc(n, base + l.tmp, 32, true);
    add_ub(n, t[0], true);
    return;
  }
  if (scalar) {
    n = tile_node(c, out, s, "CMP_FILL", PTO_PIPE_V);
    cmp_acc(n, base + l.sv, asz, true);
  }
  n = tile_node(c, out, s, "CMP_BITS", PTO_PIPE_V);
  add_ub(n, t[1], false);
  if (scalar)
    cmp_acc(n, base + l.sv, asz, false);
  else
    add_ub(n, t[2], false);
  cmp_acc(n, base, bsz, true);
  n = tile_node(c, out, s, "CMP_ONES", PTO_PIPE_V);
  cmp_acc(n, base + l.ones, isz, true);
  n = tile_node(c, out, s, "CMP_ZEROS", PTO_PIPE_V);
  cmp_acc(n, base + l.zeros, isz, true);
  n = tile_node(c, out, s, "CMP_SEL", PTO_PIPE_V);
  cmp_acc(n, base, bsz, false);
  cmp_acc(n, base + l.ones, isz, false);
  cmp_acc(n, base + l.zeros, isz, false);
  cmp_acc(n, base + l.tmp, 32, true);
  add_ub(n, t[0], true);
}

/* The TILE nodes of tile op CALL (statement S).  */
static void
select_op(tsel *c, pto_mir_block *out, const pto_stmt *s, const pto_expr *call)
{
  pto_cube_use use = pto_cube_use_of(c->k, call);
  if (use != PTO_CUBE_NONE) {
    select_cube(c, out, s, call, use);
    return;
  }
  const char *name = pto_op_info(call->op)->name;
  if (cmp_mode(call->op) || call->op == PTO_OP_SELECT) {
    select_cmp(c, out, s, call);
    return;
  }
  const isa_op *io = isa_op_of(call->op);
  if (!io) {
    pto_sorry(c->diag, call->loc, "the PTO-ISA back end does not cover "
              "pto.%s yet (doc/pto-isa.md lists what it covers)", name);
    c->errors++;
    return;
  }
  bool gm = false;
  c->ub_lo = c->ub_hi = 0;
  const pto_mir_buffer *t[3] = { NULL, NULL, NULL };
  pto_mir_node *n;
  switch (io->form) {
  case F_LOAD:
  case F_STORE: {
    bool load = io->form == F_LOAD;
    const pto_expr *te = call->args[load ? 0 : 2];
    if (!(t[0] = tile_operand(c, te, name, io->dtypes)))
      return;
    /* A column goes through a DN GlobalTensor: its elements must be
       contiguous in GM (the DN copy moves one burst per column,
       tload_common.hpp), so the row stride must be 1.  */
    const pto_expr *rs = call->args[load ? 2 : 1];
    if (is_column(te->type)
        && !(rs->kind == PTO_E_INT && rs->u.ival == 1)) {
      pto_sorry(c->diag, rs->loc, "the PTO-ISA back end covers pto.%s of a "
                "one-column tile with row stride 1 only", name);
      c->errors++;
      return;
    }
    for (int i = 0; i < call->nargs; i++)
      if (call->args[i] != te && !scan_expr(c, call->args[i], &gm))
        return;
    const pto_expr *pad = call->op == PTO_OP_LOAD_VALID ? call->args[5] : NULL;
    /* TFILLPAD's PadValue is a template argument: a pad that is not a
       constant is written by the scalar unit (SPAD, Tile::SetValue,
       converted to the element type as C++ converts).  PadValueCustom
       carries the bits of an f32 (pto_tile.hpp): on the CPU simulation
       an f16 tile padded with 2.5 reads 0 and an i32 one padded with 3
       reads 0x40400000, so other tiles with a nonzero pad are padded by
       the scalar unit too.  */
    bool pad_const = pad && (pad->kind == PTO_E_FLOAT || pad->kind == PTO_E_INT);
    bool spad = pad && (!pad_const
                        || (te->type->dtype != PTO_DT_F32
                            && (pad->kind == PTO_E_FLOAT ? pad->u.fval != 0
                                                         : pad->u.ival != 0)));
    n = tile_node(c, out, s, io->inst, load ? PTO_PIPE_MTE2 : PTO_PIPE_MTE3);
    add_ub(n, t[0], load);
    pto_mir_add_access(n, PTO_MEM_GM, 0, 0, !load);
    dma_view(n, call, te->type, load);
    if (pad) {
      /* The pad after the valid part: TLOAD fills the rest of the tile
         with its own pad value (the CPU simulation's TLoad.hpp) or
         leaves it; TFILLPAD sets it.  */
      n = tile_node(c, out, s, spad ? "SPAD" : "TFILLPAD",
                    spad ? PTO_PIPE_S : PTO_PIPE_V);
      add_ub(n, t[0], false);
      add_ub(n, t[0], true);
    }
    return;
  }
  case F_BINARY:
  case F_ROWBIN:
    if (!(t[0] = tile_operand(c, call->args[0], name, io->dtypes))
        || !(t[1] = tile_operand(c, call->args[1], name, io->dtypes))
        || !(t[2] = tile_operand(c, call->args[2], name, io->dtypes)))
      return;
    break;
  case F_SCALAR:
    if (!(t[0] = tile_operand(c, call->args[0], name, io->dtypes))
        || !(t[1] = tile_operand(c, call->args[1], name, io->dtypes))
        || !scan_expr(c, call->args[2], &gm))
      return;
    break;
  case F_CAST:
  case F_COLRED:
  case F_COLBIN: {
    if (io->form == F_CAST && is_a5(c->k)
        && call->args[0]->type->dtype == PTO_DT_F16
        && call->args[1]->type->dtype == PTO_DT_I32) {
      /* A5's TCvt.hpp has no int32 -> half castData (A2/A3's is
         vconv_deq).  */
      pto_sorry(c->diag, call->loc, "the PTO-ISA back end has no pto.%s "
                "from i32 to f16 on %s (PTO-ISA's A5 TCVT converts int32 "
                "to f32 only, npu/a5/TCvt.hpp): cast to an f32 tile first",
                name, c->k->arch->name);
      c->errors++;
      return;
    }
    /* Row-major tiles only (TColExpandOp.hpp, TColReduceOps.hpp).  */
    int nt = io->form == F_COLBIN ? 3 : 2;
    for (int i = 0; i < nt; i++) {
      if (!(t[i] = tile_operand(c, call->args[i], name, io->dtypes)))
        return;
      if (is_column(call->args[i]->type)) {
        sorry(c, call->loc, "one-column tiles in", name);
        return;
      }
    }
    break;
  }
  case F_UNARY:
  case F_ROWRED:
  case F_ROWEXPAND:
    if (!(t[0] = tile_operand(c, call->args[0], name, io->dtypes))
        || !(t[1] = tile_operand(c, call->args[1], name, io->dtypes)))
      return;
    /* pto_instr.hpp: A3's TRECIP does not take the same tile as source
       and destination.  */
    if (call->op == PTO_OP_RECIP && t[0] == t[1]) {
      pto_sorry(c->diag, call->loc, "the PTO-ISA back end does not cover "
                "pto.recip in place (TRECIP needs distinct tiles on A3): "
                "write the result to another tile");
      c->errors++;
      return;
    }
    break;
  case F_FILL:
    if (!(t[0] = tile_operand(c, call->args[0], name, io->dtypes))
        || !scan_expr(c, call->args[1], &gm))
      return;
    break;
  case F_TRANS:
    for (int i = 0; i < 2; i++) {
      if (!(t[i] = tile_operand(c, call->args[i], name, io->dtypes)))
        return;
      if (is_column(call->args[i]->type)) {
        sorry(c, call->loc, "one-column tiles in", name);
        return;
      }
    }
    break;
  }
  if (gm) {
    sorry(c, call->loc, "a GM read in the operands of", name);
    return;
  }
  /* A tile element in the scalar operand: read by the scalar unit into
     a constant first (SREAD, on pipe S: the sync pass orders it after
     the tile's writers), which the instruction then takes.  */
  const char *sread = NULL;
  if (c->ub_lo != c->ub_hi) {
    pto_mir_node *r = tile_node(c, out, s, "SREAD", PTO_PIPE_S);
    pto_mir_add_access(r, PTO_MEM_UB, c->ub_lo, c->ub_hi, false);
    sread = r->scalar_lit = pto_arena_printf(c->k->prog->arena, "sr%d__",
                                             r->id);
  }
  if (call->op == PTO_OP_DEQ_SCALE) {
    /* On the scalar unit, element by element, as the CCE does.  */
    n = tile_node(c, out, s, "DEQSC", PTO_PIPE_S);
    add_ub(n, t[1], false);
    add_ub(n, t[0], true);
    return;
  }
  if (call->op == PTO_OP_DIV && call->args[0]->type->dtype == PTO_DT_I32) {
    /* On the scalar unit, element by element, as the CCE does.  */
    n = tile_node(c, out, s, "IDIV", PTO_PIPE_S);
    add_ub(n, t[1], false);
    add_ub(n, t[2], false);
    add_ub(n, t[0], true);
    return;
  }
  if (call->op == PTO_OP_ABS && call->args[0]->type->dtype == PTO_DT_I32) {
    /* max(a, -a): -a into the statement's scratch, then TMAX; wraps
       for INT32_MIN as pto.h's neg does.  */
    const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
    pto_assert(tmp);
    n = tile_node(c, out, s, "IABS_NEG", PTO_PIPE_V);
    add_ub(n, t[1], false);
    add_ub(n, tmp, true);
    n = tile_node(c, out, s, "IABS_MAX", PTO_PIPE_V);
    add_ub(n, t[1], false);
    add_ub(n, tmp, false);
    add_ub(n, t[0], true);
    return;
  }
  if (call->op == PTO_OP_XOR) {
    select_xor(c, out, s, t);
    return;
  }
  if (is_transc(call->op)) {
    select_transc(c, out, s, call, t, sread);
    return;
  }
  n = tile_node(c, out, s, io->inst, PTO_PIPE_V);
  n->scalar_lit = sread;
  for (int i = 1; i < 3; i++)
    if (t[i])
      add_ub(n, t[i], false);
  add_ub(n, t[0], true);
  if (io->form == F_ROWRED || io->form == F_TRANS) {
    const pto_mir_buffer *tmp = pto_mir_buffer_of(c->k, NULL, s);
    pto_assert(tmp);
    add_ub(n, tmp, true);
  }
}

/* "d = v;" of tiles (statement S): TMOV(d, v), vector to vector.  */
static void
select_copy(tsel *c, pto_mir_block *out, const pto_stmt *s, const pto_var *d,
            const pto_expr *v)
{
  pto_expr de = { 0 };
  de.kind = PTO_E_VAR;
  de.type = d->type;
  de.loc = s->loc;
  de.u.var = (pto_var *)d;
  const pto_mir_buffer *bd = tile_operand(c, &de, "tile copy", DT_ANY);
  const pto_mir_buffer *bs = bd ? tile_operand(c, v, "tile copy", DT_ANY) : NULL;
  if (!bs)
    return;
  if (bd == bs)
    return;   /* the same buffer: nothing moves */
  pto_mir_node *n = tile_node(c, out, s, "TMOV", PTO_PIPE_V);
  add_ub(n, bs, false);
  add_ub(n, bd, true);
  n->note = pto_arena_printf(c->k->prog->arena, "%s = %s", d->name,
                             v->u.var->name);
}

static void select_block(tsel *c, pto_mir_block *out, const pto_mir_block *b);

static void
select_node(tsel *c, pto_mir_block *out, const pto_mir_node *src)
{
  const pto_stmt *s = src->stmt;
  const pto_expr *call;
  switch (s->kind) {
  case PTO_S_DECL:
    if (s->var->type->kind == PTO_TY_TILE) {
      /* A tile of the cube path: where its plan put it.  */
      pto_cube_info info;
      if (pto_cube_info_of(c->k, s->var, &info)) {
        if (!info.out)   /* an out tile has no memory: its stores convert */
          cube_decl(c, out, s, &info);
        return;
      }
      /* Declared and placed here (print_tile); unused tiles have no
         buffer and no declaration.  */
      if (pto_mir_buffer_of(c->k, s->var, NULL))
        tile_node(c, out, s, "TASSIGN", PTO_PIPE_S);
      if (s->value)
        select_copy(c, out, s, s->var, s->value);
      return;
    }
    keep_stmt(c, out, s);
    return;
  case PTO_S_EVAL:
    if ((call = tile_call(s))) {
      pto_buf note = { 0 };
      pto_print_expr(&note, call);
      int before = out->n;
      select_op(c, out, s, call);
      if (out->n > before)
        out->items[before]->note = pto_arena_strdup(c->k->prog->arena,
                                                    note.s);
      pto_buf_free(&note);
      return;
    }
    keep_stmt(c, out, s);
    return;
  case PTO_S_ASSIGN:
    if (s->lhs->type->kind == PTO_TY_TILE) {
      if (s->lhs->kind != PTO_E_VAR)
        sorry(c, s->lhs->loc, "a tile copy to this destination", NULL);
      else
        select_copy(c, out, s, s->lhs->u.var, s->value);
      return;
    }
    keep_stmt(c, out, s);
    return;
  case PTO_S_FOR:
  case PTO_S_WHILE:
  case PTO_S_IF: {
    bool gm = false;
    c->ub_lo = c->ub_hi = 0;
    if (!scan_expr(c, s->cond, &gm) || !scan_expr(c, s->start, &gm)
        || !scan_expr(c, s->stop, &gm) || !scan_expr(c, s->step, &gm))
      return;
    if (c->ub_lo != c->ub_hi) {
      pto_sorry(c->diag, s->loc, "the PTO-ISA back end does not cover tile "
                "elements in a loop or if header: read the element into a "
                "scalar variable before it");
      c->errors++;
      return;
    }
    pto_mir_kind kind = s->kind == PTO_S_FOR     ? PTO_MIR_FOR
                        : s->kind == PTO_S_WHILE ? PTO_MIR_WHILE
                                                 : PTO_MIR_IF;
    pto_mir_node *n = pto_mir_new(c->k, kind, s->loc);
    n->stmt = s;
    n->pipe = PTO_PIPE_S;
    if (gm)
      pto_mir_add_access(n, PTO_MEM_GM, 0, 0, false);
    pto_mir_push(out, n);
    select_block(c, &n->body, &src->body);
    select_block(c, &n->els, &src->els);
    return;
  }
  default:
    keep_stmt(c, out, s);
    return;
  }
}

static void
select_block(tsel *c, pto_mir_block *out, const pto_mir_block *b)
{
  for (int i = 0; i < b->n; i++)
    select_node(c, out, b->items[i]);
}

/* ------------------------------------------------------------------ */
/* Printing                                                            */
/* ------------------------------------------------------------------ */

static void
tile_type(pto_buf *b, const pto_type *t, bool dynamic_valid)
{
  bool rm;
  int r, c;
  tile_shape(t, &rm, &r, &c);
  pto_buf_printf(b, "Tile<TileType::Vec, %s, %d, %d, BLayout::%s, ",
                 pto_mir_ctype(t->dtype), r, c, rm ? "RowMajor" : "ColMajor");
  if (dynamic_valid)
    pto_buf_puts(b, "DYNAMIC, DYNAMIC>");
  else
    pto_buf_printf(b, "%d, %d>", t->rows, t->cols);
}

static void
tname(pto_buf *b, const pto_expr *e)
{
  pto_cce_name(b, e->u.var);
}

/* "(int64_t)(E)".  */
static void
int_expr(pto_buf *b, const pto_mir_kernel *k, const pto_expr *e)
{
  pto_buf_puts(b, "(int64_t)(");
  pto_cce_expr(b, k, e);
  pto_buf_puts(b, ")");
}

/* The scalar operand E of a tile op, as the tile's element type.  */
static void
scalar_arg(pto_buf *b, const pto_mir_kernel *k, const pto_expr *e,
           const pto_type *t)
{
  pto_buf_printf(b, "(%s)(", pto_mir_ctype(t->dtype));
  pto_cce_expr(b, k, e);
  pto_buf_puts(b, ")");
}

/* Declare and clamp vr__, vc__ (the valid shape of transfer CALL of tile
   type T, row stride rs__) like the CCE's: into [0, R] x [0, C], and vc
   to the row stride when there are several rows.  */
static void
print_valid(pto_buf *b, const pto_mir_kernel *k, const pto_expr *call,
            const pto_type *t, int depth)
{
  pto_cce_indent(b, depth);
  pto_buf_puts(b, "int64_t vr__ = ");
  int_expr(b, k, call->args[3]);
  pto_buf_puts(b, ", vc__ = ");
  int_expr(b, k, call->args[4]);
  pto_buf_puts(b, ";\n");
  pto_cce_indent(b, depth);
  pto_buf_printf(b, "vr__ = vr__ < 0 ? 0 : vr__ > %d ? %d : vr__;\n",
                 t->rows, t->rows);
  pto_cce_indent(b, depth);
  pto_buf_printf(b, "vc__ = vc__ < 0 ? 0 : vc__ > %d ? %d : vc__;\n",
                 t->cols, t->cols);
  pto_cce_indent(b, depth);
  pto_buf_puts(b, "if (vr__ > 1 && vc__ > rs__)\n");
  pto_cce_indent(b, depth + 1);
  pto_buf_puts(b, "vc__ = rs__ < 0 ? 0 : rs__;\n");
}

static void
print_rs(pto_buf *b, const pto_mir_kernel *k, const pto_expr *rs, int depth)
{
  pto_cce_indent(b, depth);
  pto_buf_puts(b, "const int64_t rs__ = ");
  int_expr(b, k, rs);
  pto_buf_puts(b, ";\n");
}

/* The PadValue of constant PAD for a tile of dtype DT.  */
static void
pad_value(pto_buf *b, const pto_expr *pad)
{
  double v = pad->kind == PTO_E_FLOAT ? pad->u.fval : (double)pad->u.ival;
  if (v == 0 && !signbit(v))
    pto_buf_puts(b, "PadValue::Zero");
  else if (isinf(v))
    pto_buf_puts(b, v < 0 ? "PadValue::Min" : "PadValue::Max");
  else {
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%.9g", v);
    pto_buf_printf(b, "PadValueCustom(%s%sf)", tmp,
                   strpbrk(tmp, ".eEn") ? "" : ".0");
  }
}

/* Tile element E = t[i][j] in scalar code: t.GetValue(offset), or with
   VALUE t.SetValue(offset, VALUE), the offset of (i, j) in t's Tile
   (i * C' + j row-major, i in a column; Tile::GetValue / SetValue,
   pto_tile.hpp, Vec tiles, on the scalar unit).  */
static void
print_elem(pto_buf *b, const pto_mir_kernel *k, const pto_expr *e,
           const pto_expr *value)
{
  const pto_type *t = e->a->type;
  bool rm;
  int sr, sc;
  tile_shape(t, &rm, &sr, &sc);
  tname(b, e->a);
  pto_buf_puts(b, value ? ".SetValue(" : ".GetValue(");
  pto_buf_puts(b, "(uint32_t)((int64_t)(");
  pto_cce_expr(b, k, e->args[rm ? 0 : 1]);
  pto_buf_printf(b, ") * %d + (int64_t)(", rm ? sc : sr);
  pto_cce_expr(b, k, e->args[rm ? 1 : 0]);
  pto_buf_puts(b, "))");
  if (value) {
    pto_buf_printf(b, ", (%s)(", pto_mir_ctype(t->dtype));
    pto_cce_expr(b, k, value);
    pto_buf_puts(b, "))");
  } else
    pto_buf_puts(b, ")");
}

/* Byte offset OFF of a UB tile operand of node N as C text: under
   double buffering (sync.c) OFF + the buffer set's delta times its
   parity variable, as the CCE prints its UB operands.  */
static const char *
offs(const pto_mir_kernel *k, const pto_mir_node *n, int64_t off)
{
  if (!n->pp_var)
    return pto_arena_printf(k->prog->arena, "0x%llxu",
                            (unsigned long long)off);
  return pto_arena_printf(k->prog->arena, "(0x%llxu + %lldu * %s)",
                          (unsigned long long)off, (long long)n->pp_delta,
                          n->pp_var);
}

/* "T NAME; TASSIGN(NAME, OFF);" at DEPTH: a Tile of type T declared
   at UB offset OFF (shifted for node N's buffer set, offs).  */
static void
declare_at(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n,
           const pto_type *t, const char *name, int64_t off, int depth)
{
  pto_cce_indent(b, depth);
  tile_type(b, t, false);
  pto_buf_printf(b, " %s;\n", name);
  pto_cce_indent(b, depth);
  pto_buf_printf(b, "TASSIGN(%s, %s);\n", name, offs(k, n, off));
}

/* load_valid's pad: the tile outside the valid part (all of it when the
   part is empty) becomes the pad value.  */
static void
print_fillpad(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n,
              int depth)
{
  const pto_expr *call = n->stmt->value;
  const pto_expr *te = call->args[0];
  const pto_type *t = te->type;
  const pto_mir_buffer *buf = pto_mir_buffer_of(k, te->u.var, NULL);
  pto_buf_puts(b, "{\n");
  print_rs(b, k, call->args[2], depth + 1);
  print_valid(b, k, call, t, depth + 1);
  pto_cce_indent(b, depth + 1);
  pto_buf_puts(b, "if (vr__ > 0 && vc__ > 0) {\n");
  pto_cce_indent(b, depth + 2);
  tile_type(b, t, true);
  pto_buf_puts(b, " v__(vr__, vc__);\n");
  pto_cce_indent(b, depth + 2);
  pto_buf_printf(b, "TASSIGN(v__, %s);\n",
                 offs(k, n, buf->offset));
  pto_cce_indent(b, depth + 2);
  bool rm;
  int sr, sc;
  tile_shape(t, &rm, &sr, &sc);
  pto_buf_printf(b, "Tile<TileType::Vec, %s, %d, %d, BLayout::%s, %d, "
                    "%d, SLayout::NoneBox, TileConfig::fractalABSize, ",
                 pto_mir_ctype(t->dtype), sr, sc, rm ? "RowMajor" : "ColMajor",
                 t->rows, t->cols);
  pad_value(b, call->args[5]);
  pto_buf_puts(b, "> p__;\n");
  pto_cce_indent(b, depth + 2);
  pto_buf_printf(b, "TASSIGN(p__, %s);\n",
                 offs(k, n, buf->offset));
  pto_cce_indent(b, depth + 2);
  pto_buf_puts(b, "TFILLPAD<TFillPadMode::InPlace>(p__, v__);\n");
  pto_cce_indent(b, depth + 1);
  pto_buf_puts(b, "} else {\n");
  pto_cce_indent(b, depth + 2);
  pto_buf_puts(b, "TEXPANDS(");
  tname(b, te);
  pto_buf_puts(b, ", ");
  scalar_arg(b, k, call->args[5], t);
  pto_buf_puts(b, ");\n");
  pto_cce_indent(b, depth + 1);
  pto_buf_puts(b, "}\n");
  pto_cce_indent(b, depth);
  pto_buf_puts(b, "}\n");
}

/* A transfer: the GlobalTensor view of the GM operand, and for a partial
   tile a view of the tile with the valid shape (clamped to the tile and
   the row stride, like the CCE's; nothing moves when it is empty).  */
static void
print_transfer(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n,
               int depth)
{
  const pto_expr *call = n->stmt->value;
  bool load = call->op == PTO_OP_LOAD || call->op == PTO_OP_LOAD_VALID;
  bool valid = call->op == PTO_OP_LOAD_VALID || call->op == PTO_OP_STORE_VALID;
  const pto_expr *te = call->args[load ? 0 : 2];
  const pto_expr *ptr = call->args[load ? 1 : 0];
  const pto_expr *rs = call->args[load ? 2 : 1];
  const pto_type *t = te->type;
  const char *ct = pto_mir_ctype(t->dtype);
  const pto_mir_buffer *buf = pto_mir_buffer_of(k, te->u.var, NULL);
  pto_buf_puts(b, "{\n");
  print_rs(b, k, rs, depth + 1);
  if (valid) {
    print_valid(b, k, call, t, depth + 1);
    pto_cce_indent(b, depth + 1);
    pto_buf_puts(b, "if (vr__ > 0 && vc__ > 0) {\n");
    depth++;
    pto_cce_indent(b, depth + 1);
    tile_type(b, t, true);
    pto_buf_puts(b, " v__(vr__, vc__);\n");
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "TASSIGN(v__, %s);\n", offs(k, n, buf->offset));
  }
  pto_cce_indent(b, depth + 1);
  bool col = is_column(t);
  if (col)
    pto_buf_printf(b, "GlobalTensor<%s, Shape<1, 1, 1, DYNAMIC, DYNAMIC>, "
                      "Stride<1, 1, 1, 1, DYNAMIC>, Layout::DN> g__((__gm__ "
                      "%s *)(", ct, ct);
  else
    pto_buf_printf(b, "GlobalTensor<%s, Shape<1, 1, 1, DYNAMIC, DYNAMIC>, "
                      "Stride<1, 1, 1, DYNAMIC, 1>> g__((__gm__ %s *)(",
                   ct, ct);
  pto_cce_expr(b, k, ptr);
  if (valid)
    pto_buf_puts(b, "), {vr__, vc__}, ");
  else
    pto_buf_printf(b, "), {%d, %d}, ", t->rows, t->cols);
  if (col)
    pto_buf_printf(b, "{%d});\n", t->rows);
  else
    pto_buf_puts(b, "{rs__});\n");
  pto_cce_indent(b, depth + 1);
  pto_buf tile = { 0 };
  if (valid)
    pto_buf_puts(&tile, "v__");
  else
    tname(&tile, te);
  if (load)
    pto_buf_printf(b, "TLOAD(%s, g__);\n", tile.s);
  else
    pto_buf_printf(b, "TSTORE(g__, %s);\n", tile.s);
  pto_buf_free(&tile);
  if (valid) {
    depth--;
    pto_cce_indent(b, depth + 1);
    pto_buf_puts(b, "}\n");
  }
  pto_cce_indent(b, depth);
  pto_buf_puts(b, "}\n");
}

/* Under double buffering: TASSIGN every tile variable node N names at
   its offset for the iteration's buffer set (each instruction of a
   double-buffered body does, so the Tile objects follow the set).  */
static void
reassign(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n,
         int depth)
{
  const pto_stmt *s = n->stmt;
  const pto_expr *ops[8];
  int nops = 0;
  if (s->kind == PTO_S_ASSIGN) {
    ops[nops++] = s->lhs;
    ops[nops++] = s->value;
  } else if (s->kind == PTO_S_DECL)
    ops[nops++] = s->value;   /* its destination: the DECL's TASSIGN */
  else if (s->value && s->value->kind == PTO_E_CALL)
    for (int i = 0; i < s->value->nargs && nops < 8; i++)
      ops[nops++] = s->value->args[i];
  for (int i = 0; i < nops; i++) {
    const pto_expr *e = ops[i];
    if (e->kind != PTO_E_VAR || e->type->kind != PTO_TY_TILE)
      continue;
    bool seen = false;
    for (int j = 0; j < i && !seen; j++)
      seen = ops[j]->kind == PTO_E_VAR && ops[j]->u.var == e->u.var;
    const pto_mir_buffer *buf = pto_mir_buffer_of(k, e->u.var, NULL);
    if (seen || !buf)
      continue;
    pto_buf_puts(b, "TASSIGN(");
    tname(b, e);
    pto_buf_printf(b, ", %s);\n", offs(k, n, buf->offset));
    pto_cce_indent(b, depth);
  }
}

/* TYPE NAME; TASSIGN(NAME, OFF) (T, or the Tile text TEXT when T is
   NULL), at DEPTH.  */
static void
decl_at(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n,
        int depth, const pto_type *t, const char *text, const char *name,
        int64_t off)
{
  pto_cce_indent(b, depth);
  if (t)
    tile_type(b, t, false);
  else
    pto_buf_puts(b, text);
  pto_buf_printf(b, " %s;\n", name);
  pto_cce_indent(b, depth);
  pto_buf_printf(b, "TASSIGN(%s, %s);\n", name, offs(k, n, off));
}

/* One node of select_cmp, its scratch Tiles declared in a block.  */
static void
print_cmp(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n,
          int depth)
{
  const pto_expr *call = n->stmt->value;
  bool sel = call->op == PTO_OP_SELECT;
  bool scalar = !sel && pto_op_info(call->op)->sig[2] == 's';
  const pto_type *ta = call->args[sel ? 2 : 1]->type;
  const pto_type *tm = call->args[sel ? 1 : 0]->type;
  cmp_layout l = cmp_layout_of(call);
  int64_t base = pto_mir_buffer_of(k, NULL, n->stmt)->offset;
  const char *op = n->op + 4;
  pto_buf bits = { 0 }, x = { 0 }, y = { 0 }, z = { 0 };
  pto_buf_printf(&bits, "Tile<TileType::Vec, uint8_t, %d, %d, "
                 "BLayout::RowMajor, %d, %d>", ta->rows, l.cb, ta->rows,
                 ta->cols / 8);
  pto_buf_puts(b, "{\n");
  if (!strcmp(op, "FILL")) {
    decl_at(b, k, n, depth + 1, ta, NULL, "sv__", base + l.sv);
    pto_cce_indent(b, depth + 1);
    pto_buf_puts(b, "TEXPANDS(sv__, ");
    scalar_arg(b, k, call->args[2], ta);
    pto_buf_puts(b, ");\n");
  } else if (!strcmp(op, "ONES") || !strcmp(op, "ZEROS")) {
    bool one = !strcmp(op, "ONES");
    decl_at(b, k, n, depth + 1, tm, NULL, "z__",
            base + (one ? l.ones : l.zeros));
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "TEXPANDS(z__, (int32_t)(%d));\n", one);
  } else if (!strcmp(op, "BITS")) {
    decl_at(b, k, n, depth + 1, NULL, bits.s, "bits__", base);
    if (sel) {
      decl_at(b, k, n, depth + 1, tm, NULL, "z__", base + l.zeros);
      tname(&x, call->args[1]);
      pto_buf_puts(&y, "z__");
    } else {
      tname(&x, call->args[1]);
      if (scalar) {
        decl_at(b, k, n, depth + 1, ta, NULL, "sv__", base + l.sv);
        pto_buf_puts(&y, "sv__");
      } else {
        tname(&y, call->args[2]);
      }
    }
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "TCMP(bits__, %s, %s, CmpMode::%s);\n", x.s, y.s,
                   sel ? "NE" : cmp_mode(call->op));
  } else {
    decl_at(b, k, n, depth + 1, NULL, bits.s, "bits__", base);
    decl_at(b, k, n, depth + 1, NULL,
            "Tile<TileType::Vec, uint8_t, 1, 32, BLayout::RowMajor, 1, 32>",
            "tmp__", base + l.tmp);
    tname(&z, call->args[0]);
    if (sel) {
      tname(&x, call->args[2]);
      tname(&y, call->args[3]);
    } else {
      decl_at(b, k, n, depth + 1, tm, NULL, "o__", base + l.ones);
      decl_at(b, k, n, depth + 1, tm, NULL, "z__", base + l.zeros);
      pto_buf_puts(&x, "o__");
      pto_buf_puts(&y, "z__");
    }
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "TSEL(%s, bits__, %s, %s, tmp__);\n", z.s, x.s, y.s);
  }
  pto_cce_indent(b, depth);
  pto_buf_puts(b, "}\n");
  pto_buf_free(&bits);
  pto_buf_free(&x);
  pto_buf_free(&y);
  pto_buf_free(&z);
}

/* One instruction of a transcendental's sequence (seq_node): each
   operand a Tile of the call's shape (a column's row view) declared at
   its offset.  */
static void
print_seq(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n,
          int depth)
{
  const pto_expr *call = n->stmt->value;
  const pto_type *t = call->args[0]->type;
  bool f16d = !strcmp(n->ctype, "half"), f16s = !strcmp(n->stype, "half");
  pto_type dty = elementwise_view(t, f16d ? PTO_DT_F16 : PTO_DT_F32);
  pto_type sty = elementwise_view(t, f16s ? PTO_DT_F16 : PTO_DT_F32);
  int nops = n->src[1] >= 0 ? 3 : 2;
  const int64_t off[3] = { n->dst, n->src[0], n->src[1] };
  /* Operand i names the Tile of the first operand at its offset and of
     its type (an operation in place declares one).  */
  int name[3];
  pto_buf_puts(b, "{\n");
  for (int i = 0; i < nops; i++) {
    name[i] = i;
    for (int j = 0; j < i && name[i] == i; j++)
      if (off[j] == off[i] && (j > 0 || f16d == f16s))
        name[i] = name[j];
    if (name[i] != i)
      continue;
    char nm[8];
    snprintf(nm, sizeof nm, "o%d__", i);
    declare_at(b, k, n, i ? &sty : &dty, nm, off[i], depth + 1);
  }
  pto_cce_indent(b, depth + 1);
  pto_buf_printf(b, "%s(o0__, o%d__", n->text, name[1]);
  if (nops == 3)
    pto_buf_printf(b, ", o%d__", name[2]);
  if (!strcmp(n->text, "TCVT"))
    pto_buf_puts(b, f16d && is_a5(k)
                        ? ", RoundMode::CAST_RINT, SaturationMode::OFF"
                        : ", RoundMode::CAST_RINT");
  else if (n->scalar_lit)
    pto_buf_printf(b, ", (float)(%s)", n->scalar_lit);
  else if (n->scalar) {
    /* pows: the exponent converted to the tile's dtype first.  */
    pto_buf_printf(b, ", (float)((%s)(", pto_mir_ctype(t->dtype));
    pto_cce_expr(b, k, n->scalar);
    pto_buf_puts(b, "))");
  }
  pto_buf_puts(b, ");\n");
  pto_cce_indent(b, depth);
  pto_buf_puts(b, "}\n");
}

/* One instruction of pto.xor's sequence (select_xor); the first and the
   last declare the scratch tmp__ with d's type at the statement's
   scratch offset.  A column's operands and tmp__ are its row view.  */
static void
print_xor(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n,
          int depth)
{
  const pto_expr *call = n->stmt->value;
  const pto_type *t = call->args[0]->type;
  pto_type view = elementwise_view(t, t->dtype);
  bool col = is_column(t);
  const pto_mir_buffer *tmp = pto_mir_buffer_of(k, NULL, n->stmt);
  bool or_ = !strcmp(n->op, "IXOR_OR"), fin = !strcmp(n->op, "IXOR_FIN");
  bool and_ = !strcmp(n->op, "IXOR_AND");
  /* The operands each instruction names: d, a, b.  */
  const bool used[3] = { !or_, or_ || and_, or_ || and_ };
  pto_buf nm[3] = { { 0 }, { 0 }, { 0 } };
  bool block = col || or_ || fin;
  if (block)
    pto_buf_puts(b, "{\n");
  for (int i = 0; i < 3; i++) {
    if (!col) {
      tname(&nm[i], call->args[i]);
      continue;
    }
    pto_buf_printf(&nm[i], "x%d__", i);
    if (!used[i])
      continue;
    const pto_mir_buffer *buf = pto_mir_buffer_of(k, call->args[i]->u.var,
                                                  NULL);
    declare_at(b, k, n, &view, nm[i].s, buf->offset, depth + 1);
  }
  if (or_ || fin)
    declare_at(b, k, n, &view, "tmp__", tmp->offset, depth + 1);
  if (block)
    pto_cce_indent(b, depth + 1);
  if (or_)
    pto_buf_printf(b, "TOR(tmp__, %s, %s);\n", nm[1].s, nm[2].s);
  else if (and_)
    pto_buf_printf(b, "TAND(%s, %s, %s);\n", nm[0].s, nm[1].s, nm[2].s);
  else if (!strcmp(n->op, "IXOR_NOT"))
    pto_buf_printf(b, "TNOT(%s, %s);\n", nm[0].s, nm[0].s);
  else
    pto_buf_printf(b, "TAND(%s, %s, tmp__);\n", nm[0].s, nm[0].s);
  if (block) {
    pto_cce_indent(b, depth);
    pto_buf_puts(b, "}\n");
  }
  for (int i = 0; i < 3; i++)
    pto_buf_free(&nm[i]);
}

/* TTRANS(d, a, tmp__), tmp__ the statement's scratch; in place, into
   a copy of d's type after tmp__ in the scratch, then TMOV to d.  */
static void
print_trans(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n,
            int depth)
{
  const pto_expr *call = n->stmt->value;
  const pto_mir_buffer *tmp = pto_mir_buffer_of(k, NULL, n->stmt);
  pto_type tt = trans_tmp_type(call);
  bool copy = trans_in_place(call);
  pto_buf_puts(b, "{\n");
  declare_at(b, k, n, &tt, "tmp__", tmp->offset, depth + 1);
  if (copy)
    declare_at(b, k, n, call->args[0]->type, "d__",
               tmp->offset + layout_bytes(&tt), depth + 1);
  pto_cce_indent(b, depth + 1);
  pto_buf_puts(b, "TTRANS(");
  if (copy)
    pto_buf_puts(b, "d__");
  else
    tname(b, call->args[0]);
  pto_buf_puts(b, ", ");
  tname(b, call->args[1]);
  pto_buf_puts(b, ", tmp__);\n");
  if (copy) {
    pto_cce_indent(b, depth + 1);
    pto_buf_puts(b, "pipe_barrier(PIPE_V);\n");
    pto_cce_indent(b, depth + 1);
    pto_buf_puts(b, "TMOV(");
    tname(b, call->args[0]);
    pto_buf_puts(b, ", d__);\n");
  }
  pto_cce_indent(b, depth);
  pto_buf_puts(b, "}\n");
}

static void
print_tile(pto_buf *b, const pto_mir_kernel *k, const pto_mir_node *n,
           int depth)
{
  const pto_stmt *s = n->stmt;
  if (n->pp_var && (s->kind != PTO_S_DECL || !strcmp(n->op, "TMOV")))
    reassign(b, k, n, depth);
  if (!strcmp(n->op, "TMOV")) {
    pto_buf_puts(b, "TMOV(");
    if (s->kind == PTO_S_DECL)
      pto_cce_name(b, s->var);
    else
      tname(b, s->lhs);
    pto_buf_puts(b, ", ");
    tname(b, s->value);
    pto_buf_puts(b, ");\n");
    return;
  }
  if (s->kind == PTO_S_DECL) {
    const pto_mir_buffer *buf = pto_mir_buffer_of(k, s->var, NULL);
    tile_type(b, s->var->type, false);
    pto_buf_puts(b, " ");
    pto_cce_name(b, s->var);
    pto_buf_puts(b, ";\n");
    pto_cce_indent(b, depth);
    pto_buf_puts(b, "TASSIGN(");
    pto_cce_name(b, s->var);
    pto_buf_printf(b, ", %s);\n", offs(k, n, buf->offset));
    return;
  }
  const pto_expr *call = s->value;
  if (!strncmp(n->op, "CMP_", 4)) {
    print_cmp(b, k, n, depth);
    return;
  }
  const isa_op *io = isa_op_of(call->op);
  pto_assert(io);
  if (!strcmp(n->op, "DEQSC")) {
    /* pto.h's pto__deq_scale_one: the 13 low mantissa bits cleared, a
       cleared -0 read as +0.  */
    const pto_type *t = call->args[0]->type;
    bool rm;
    int sr, sc;
    tile_shape(t, &rm, &sr, &sc);
    pto_buf_printf(b, "for (int32_t i__ = 0; i__ < %d; ++i__)\n", t->rows);
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "for (int32_t j__ = 0; j__ < %d; ++j__) {\n", t->cols);
    depth++;
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "const uint32_t k__ = (uint32_t)(i__ * %d + j__);\n",
                   rm ? sc : 1);
    pto_cce_indent(b, depth + 1);
    pto_buf_puts(b, "union { float f; uint32_t u; } v__;\n");
    pto_cce_indent(b, depth + 1);
    pto_buf_puts(b, "v__.f = ");
    tname(b, call->args[1]);
    pto_buf_puts(b, ".GetValue(k__);\n");
    pto_cce_indent(b, depth + 1);
    pto_buf_puts(b, "v__.u &= 0xFFFFE000u;\n");
    pto_cce_indent(b, depth + 1);
    tname(b, call->args[0]);
    pto_buf_puts(b, ".SetValue(k__, (v__.u & 0x7FFFFFFFu) ? v__.f : 0.0f);\n");
    pto_cce_indent(b, depth);
    pto_buf_puts(b, "}\n");
    depth--;
    return;
  }
  if (!strcmp(n->op, "IDIV")) {
    /* pto.h's int32 division: 0 for a zero divisor, the wrapped
       negation for -1, else C's.  GetValue / SetValue take the offset
       of an element: i * C' + j in a row-major R x C' Tile, i in a
       column.  */
    const pto_type *t = call->args[0]->type;
    bool rm;
    int sr, sc;
    tile_shape(t, &rm, &sr, &sc);
    pto_buf_printf(b, "for (int32_t i__ = 0; i__ < %d; ++i__)\n", t->rows);
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "for (int32_t j__ = 0; j__ < %d; ++j__) {\n", t->cols);
    depth++;
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "const uint32_t k__ = (uint32_t)(i__ * %d + j__);\n",
                   rm ? sc : 1);
    pto_cce_indent(b, depth + 1);
    pto_buf_puts(b, "int32_t x__ = ");
    tname(b, call->args[1]);
    pto_buf_puts(b, ".GetValue(k__), y__ = ");
    tname(b, call->args[2]);
    pto_buf_puts(b, ".GetValue(k__);\n");
    pto_cce_indent(b, depth + 1);
    tname(b, call->args[0]);
    pto_buf_puts(b, ".SetValue(k__, y__ == 0 ? 0 : y__ == -1 ? (int32_t)(0u "
                    "- (uint32_t)x__) : x__ / y__);\n");
    pto_cce_indent(b, depth);
    pto_buf_puts(b, "}\n");
    depth--;
    return;
  }
  if (!strncmp(n->op, "IABS_", 5)) {
    /* The scratch is a tile of the destination's type; a column is
       viewed as its row (the element-wise ops are row-major).  */
    const pto_type *t = call->args[0]->type;
    const pto_mir_buffer *tmp = pto_mir_buffer_of(k, NULL, s);
    bool col = is_column(t);
    bool neg = !strcmp(n->op, "IABS_NEG");
    const pto_expr *ops[2] = { call->args[0], call->args[1] };
    pto_buf_puts(b, "{\n");
    for (int i = 0; i < 3; i++) {
      if (!col && i < 2)
        continue;
      int64_t off = i == 2 ? tmp->offset
                           : pto_mir_buffer_of(k, ops[i]->u.var, NULL)->offset;
      pto_cce_indent(b, depth + 1);
      if (col)
        pto_buf_printf(b, "Tile<TileType::Vec, int32_t, 1, %d, "
                       "BLayout::RowMajor, 1, %d>", padded_rows(t), t->rows);
      else
        tile_type(b, t, false);
      pto_buf_printf(b, " %s;\n", i == 2 ? "tmp__" : i ? "o1__" : "o0__");
      pto_cce_indent(b, depth + 1);
      pto_buf_printf(b, "TASSIGN(%s, %s);\n",
                     i == 2 ? "tmp__" : i ? "o1__" : "o0__",
                     offs(k, n, off));
    }
    pto_buf d = { 0 }, a = { 0 };
    if (col) {
      pto_buf_puts(&d, "o0__");
      pto_buf_puts(&a, "o1__");
    } else {
      tname(&d, call->args[0]);
      tname(&a, call->args[1]);
    }
    pto_cce_indent(b, depth + 1);
    if (neg)
      pto_buf_printf(b, "TMULS(tmp__, %s, (int32_t)(-1));\n", a.s);
    else
      pto_buf_printf(b, "TMAX(%s, %s, tmp__);\n", d.s, a.s);
    pto_buf_free(&d);
    pto_buf_free(&a);
    pto_cce_indent(b, depth);
    pto_buf_puts(b, "}\n");
    return;
  }
  if (!strncmp(n->op, "IXOR_", 5)) {
    print_xor(b, k, n, depth);
    return;
  }
  if (!strcmp(n->op, "SEQ")) {
    print_seq(b, k, n, depth);
    return;
  }
  if (!strcmp(n->op, "SREAD")) {
    const pto_expr *se = call->args[io->form == F_FILL ? 1 : 2];
    const pto_type *t = call->args[0]->type;
    pto_buf_printf(b, "const %s %s = ", pto_mir_ctype(t->dtype),
                   n->scalar_lit);
    scalar_arg(b, k, se, t);
    pto_buf_puts(b, ";\n");
    return;
  }
  if (!strcmp(n->op, "SPAD")) {
    /* Every element outside the valid part set to the pad.  */
    const pto_expr *te = call->args[0];
    const pto_type *t = te->type;
    bool rm;
    int sr, sc;
    tile_shape(t, &rm, &sr, &sc);
    pto_buf_puts(b, "{\n");
    print_rs(b, k, call->args[2], depth + 1);
    print_valid(b, k, call, t, depth + 1);
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "for (int32_t i__ = 0; i__ < %d; ++i__)\n", t->rows);
    pto_cce_indent(b, depth + 2);
    pto_buf_printf(b, "for (int32_t j__ = 0; j__ < %d; ++j__)\n", t->cols);
    pto_cce_indent(b, depth + 3);
    pto_buf_puts(b, "if (i__ >= vr__ || j__ >= vc__)\n");
    pto_cce_indent(b, depth + 4);
    tname(b, te);
    pto_buf_printf(b, ".SetValue((uint32_t)(i__ * %d + j__), ", rm ? sc : 1);
    scalar_arg(b, k, call->args[5], t);
    pto_buf_puts(b, ");\n");
    pto_cce_indent(b, depth);
    pto_buf_puts(b, "}\n");
    return;
  }
  if (!strcmp(n->op, "TFILLPAD")) {
    print_fillpad(b, k, n, depth);
    return;
  }
  if (io->form == F_LOAD || io->form == F_STORE) {
    print_transfer(b, k, n, depth);
    return;
  }
  if (io->form == F_TRANS) {
    print_trans(b, k, n, depth);
    return;
  }
  if (io->form == F_ROWRED) {
    /* The tmp tile: the statement's scratch, of the source's type.
       The CPU simulation wants the source's static rows to be the
       destination's (cpu/TRowSum.hpp, CheckRSValid): for a column
       whose rows were padded to 32 bytes the source is viewed with as
       many static rows, its own valid (only those are read).  */
    const pto_mir_buffer *tmp = pto_mir_buffer_of(k, NULL, s);
    const pto_type *st = call->args[1]->type;
    int vrows = rowred_rows(call);
    bool view = vrows != st->rows;
    pto_buf_puts(b, "{\n");
    for (int i = view ? 0 : 1; i < 2; i++) {
      pto_cce_indent(b, depth + 1);
      rowred_src_type(b, st, vrows);
      pto_buf_printf(b, " %s;\n", i ? "tmp__" : "s__");
      pto_cce_indent(b, depth + 1);
      pto_buf_printf(b, "TASSIGN(%s, %s);\n", i ? "tmp__" : "s__",
                     offs(k, n, i ? tmp->offset
                                  : pto_mir_buffer_of(k, call->args[1]->u.var,
                                                      NULL)->offset));
    }
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "%s(", io->inst);
    tname(b, call->args[0]);
    pto_buf_puts(b, ", ");
    if (view)
      pto_buf_puts(b, "s__");
    else
      tname(b, call->args[1]);
    pto_buf_puts(b, ", tmp__);\n");
    pto_cce_indent(b, depth);
    pto_buf_puts(b, "}\n");
    return;
  }
  if (io->form == F_CAST) {
    /* pto.h's casts round to nearest, ties to even (CAST_RINT,
       include/pto/common/type.hpp), and float or fp16 to int32
       saturates (SaturationMode::ON; the CPU simulation's TCvt.hpp
       clamps to the int32 range first), and so does fp16 to int8_t /
       uint8_t (vconv_f162s8r / vconv_f162u8r); float to fp16 or bf16
       overflows to inf as C's conversion does, so it does not
       saturate.  One dtype to itself is a copy.  */
    pto_dtype to = call->args[0]->type->dtype;
    pto_dtype from = call->args[1]->type->dtype;
    static const char *const modes[] = { "RINT", "ROUND", "FLOOR", "CEIL",
                                         "TRUNC" };
    const char *mode = "RINT";
    if (call->op == PTO_OP_CAST_ROUND) {
      const pto_expr *m = call->args[2];
      while (m->kind == PTO_E_UN && m->u.unop == PTO_UN_CAST)
        m = m->a;
      if (m->kind == PTO_E_INT && m->u.ival >= 0 && m->u.ival <= 4)
        mode = modes[m->u.ival];
    }
    pto_buf_puts(b, to == from ? "TMOV(" : "TCVT(");
    tname(b, call->args[0]);
    pto_buf_puts(b, ", ");
    tname(b, call->args[1]);
    /* A5's TCVT saturates a narrowing float conversion unless told
       not to (npu/a5/TCvt.hpp): OFF keeps C's overflow to inf.  */
    bool to_int = to == PTO_DT_I32 || to == PTO_DT_I8 || to == PTO_DT_U8
                  || to == PTO_DT_I16;
    bool narrow_float = from == PTO_DT_F32
                        && (to == PTO_DT_F16 || to == PTO_DT_BF16);
    if (to != from)
      pto_buf_printf(b, ", RoundMode::CAST_%s%s", mode,
                     to_int ? ", SaturationMode::ON"
                     : narrow_float && is_a5(k) ? ", SaturationMode::OFF"
                                                : "");
    pto_buf_puts(b, ");\n");
    return;
  }
  /* Element-wise ops take row-major tiles only (TBinSOps.hpp and the
     like): a column is viewed as the one row of its R elements.  */
  int ntiles = io->form == F_BINARY || io->form == F_ROWBIN
               || io->form == F_COLBIN                    ? 3
               : io->form == F_FILL                       ? 1
                                                          : 2;
  bool col = io->form != F_ROWBIN && io->form != F_ROWEXPAND
             && is_column(call->args[0]->type);
  pto_buf names[3] = { { 0 }, { 0 }, { 0 } };
  for (int i = 0; i < ntiles; i++) {
    if (col)
      pto_buf_printf(&names[i], "o%d__", i);
    else
      tname(&names[i], call->args[i]);
  }
  /* The source of a row broadcast is column-major or one 32-byte block
     per row (TRowExpandOp.hpp's check; a block is read as the brcb
     form, the value repeated): a 1 x 1 tile is viewed as a column of one
     valid row in its 32 bytes.  */
  const pto_expr *r = call->args[ntiles - 1];
  bool block = (io->form == F_ROWBIN || io->form == F_ROWEXPAND)
               && r->type->rows == 1 && r->type->cols == 1;
  if (block) {
    const pto_mir_buffer *buf = pto_mir_buffer_of(k, r->u.var, NULL);
    int per = 32 / pto_dtype_bytes(r->type->dtype);
    pto_buf_puts(b, "{\n");
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "Tile<TileType::Vec, %s, %d, 1, BLayout::ColMajor, 1, "
                      "1> r__;\n", pto_mir_ctype(r->type->dtype), per);
    pto_cce_indent(b, depth + 1);
    pto_buf_printf(b, "TASSIGN(r__, %s);\n",
                   offs(k, n, buf->offset));
    pto_cce_indent(b, depth + 1);
    names[ntiles - 1].len = 0;
    pto_buf_puts(&names[ntiles - 1], "r__");
  }
  if (col) {
    const pto_type *t = call->args[0]->type;
    pto_type view = elementwise_view(t, t->dtype);
    pto_buf_puts(b, "{\n");
    for (int i = 0; i < ntiles; i++) {
      const pto_mir_buffer *buf = pto_mir_buffer_of(k, call->args[i]->u.var,
                                                    NULL);
      declare_at(b, k, n, &view, names[i].s, buf->offset, depth + 1);
    }
    pto_cce_indent(b, depth + 1);
  }
  pto_buf_printf(b, "%s(%s", io->inst, names[0].s);
  for (int i = 1; i < ntiles; i++)
    pto_buf_printf(b, ", %s", names[i].s);
  if (io->form == F_SCALAR || io->form == F_FILL) {
    /* A shift count: its low 5 bits, as the CCE back end's (pto.h
       stops on any other count).  */
    bool shift = call->op == PTO_OP_SHLS || call->op == PTO_OP_SHRS;
    pto_buf_puts(b, shift ? ", (int32_t)(" : ", ");
    if (n->scalar_lit)
      pto_buf_puts(b, n->scalar_lit);
    else
      scalar_arg(b, k, call->args[ntiles], call->args[0]->type);
    if (shift)
      pto_buf_puts(b, " & 31)");
  }
  pto_buf_puts(b, ");\n");
  if (col || block) {
    pto_cce_indent(b, depth);
    pto_buf_puts(b, "}\n");
  }
  for (int i = 0; i < 3; i++)
    pto_buf_free(&names[i]);
}

/* ------------------------------------------------------------------ */
/* Kernels and the translation unit                                    */
/* ------------------------------------------------------------------ */

static void
print_kernel(pto_buf *b, const pto_mir_kernel *k)
{
  const pto_func *f = k->func;
  pto_buf_printf(b, "/* kernel %s: UB plan for %s (%lld bytes usable): "
                    "peak %lld bytes\n",
                 f->name, k->arch->name, (long long)k->arch->ub,
                 (long long)k->peak);
  for (int i = 0; i < k->nbufs; i++) {
    const pto_mir_buffer *buf = &k->bufs[i];
    pto_buf_printf(b, "     %-16s [%6lld, %6lld)  %6lld bytes\n", buf->name,
                   (long long)buf->offset,
                   (long long)(buf->offset + buf->size), (long long)buf->size);
  }
  pto_buf_puts(b, " */\n");
  pto_buf_printf(b, "PTO_ISA_EXTERN_C __global__ AICORE void %s(", f->name);
  pto_cce_params(b, f, true);
  pto_buf_puts(b, ")\n{\n");
  pto_cce_block(b, k, &k->body, 1);
  pto_buf_puts(b, "}\n\n");
  pto_buf_printf(b, "#ifdef __CPU_SIM\n"
                    "PTO_ISA_EXTERN_C void %s__sim(void *const *args);\n"
                    "PTO_ISA_EXTERN_C void %s__sim(void *const *args)\n{\n",
                 f->name, f->name);
  if (!f->nparams)
    pto_buf_puts(b, "  (void)args;\n");
  pto_buf_printf(b, "  %s(", f->name);
  for (int i = 0; i < f->nparams; i++) {
    pto_buf ty = { 0 };
    pto_cce_ctype(&ty, f->params[i]->type);
    pto_buf_printf(b, "%s*(%s *)args[%d]", i ? ", " : "", ty.s, i);
    pto_buf_free(&ty);
  }
  pto_buf_puts(b, ");\n}\n#endif\n\n");
}

static const char prelude[] =
  "#include <stdint.h>   /* before the library: its headers use uint8_t */\n"
  "#include <pto/pto-inst.hpp>\n"
  "\n"
  "using namespace pto;\n"
  "\n"
  "#define PTO_ISA_EXTERN_C extern \"C\"\n"
  "\n"
  "/* Python-style integer division and modulo of the IR.  */\n"
  "AICORE static inline int64_t pto_cce_floordiv(int64_t a, int64_t b)\n"
  "{\n"
  "  int64_t q = a / b;\n"
  "  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;\n"
  "}\n"
  "AICORE static inline int64_t pto_cce_floormod(int64_t a, int64_t b)\n"
  "{\n"
  "  int64_t r = a % b;\n"
  "  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;\n"
  "}\n"
  "\n";

/* Select, plan, sync and print kernel F; 0 on success.  */
static int
emit_kernel(const pto_program *p, const pto_func *f, const pto_arch *arch,
            bool double_buffer, pto_diag *d, pto_buf *out)
{
  pto_mir_kernel k = { 0 };
  k.prog = p;
  k.func = f;
  k.arch = arch;
  k.scratch_bytes = scratch_bytes;
  k.tile_layout_bytes = layout_bytes;
  k.cube_f32 = true;   /* TMATMUL takes float x float (npu/a2a3/TMatmul.hpp) */
  k.print_elem = print_elem;
  k.print_tile = print_tile;
  if (pto_isel_linear_src(&k, d)) {
    pto_mir_kernel_free(&k);
    return 1;
  }
  /* Double buffering as the CCE's (sync.c): the same loops, the same
     second buffer set, every tile operand of the body re-placed with
     TASSIGN at its offset for the iteration's set (print_tile).  */
  k.double_buffer = double_buffer;
  int errs = pto_memplan(&k, d);
  /* The cube path's plan (L1, L0C, the bias table) and its flags.  */
  if (!errs)
    errs = pto_cube_plan(&k, d);
  if (!errs) {
    tsel c = { &k, d, 0, 0, 0 };
    select_block(&c, &k.body, &k.src);
    errs = c.errors;
  }
  if (!errs) {
    pto_sync_insert(&k, d);
    print_kernel(out, &k);
  }
  pto_mir_kernel_free(&k);
  return errs;
}

static const char *
base_name(const char *file)
{
  if (!file || !*file)
    return "<unknown>";
  const char *slash = strrchr(file, '/');
  return slash ? slash + 1 : file;
}

int
pto_emit_ptoisa(const pto_program *p, const pto_options *o, pto_diag *d,
                pto_buf *out)
{
  const pto_arch *arch = pto_arch_lookup(o ? o->arch : NULL);
  if (!arch) {
    pto_error(d, pto_noloc, "unknown arch '%s' (known: %s)", o->arch,
              pto_arch_names());
    return 1;
  }
  /* PTO-ISA implements Atlas A2/A3 (include/pto/npu/a2a3/) and Ascend 950
     (npu/a5/, arch 3510; doc/pto-isa.md "Ascend 950" says what differs).  */
  if (strcmp(arch->name, "dav-c220") && strcmp(arch->name, "3510")) {
    const pto_func *k = NULL;
    for (int i = 0; i < p->nfuncs && !k; i++)
      if (!p->funcs[i]->dead && p->funcs[i]->kind == PTO_FN_KERNEL)
        k = p->funcs[i];
    if (!k)
      return 0;
    pto_sorry(d, k->loc, "the PTO-ISA back end targets dav-c220 (Atlas "
              "A2/A3) and 3510 (Ascend 950) only, not %s", arch->name);
    return 1;
  }
  const char *file = NULL;
  for (int i = 0; i < p->nfuncs && !file; i++)
    if (!p->funcs[i]->dead)
      file = p->funcs[i]->loc.file;
  pto_buf_printf(out, "/* Generated by pto-gcc from %s for %s: do not edit.\n"
                      "   PTO-ISA C++ (github.com/hw-native-sys/pto-isa).  "
                      "CPU simulation:\n"
                      "   c++ -std=c++20 -D__CPU_SIM -I<pto-isa>/include -c "
                      "FILE.pto.cpp  */\n\n",
                 base_name(file), arch->name);
  pto_buf_puts(out, prelude);
  int errs = pto_cce_scalar_math(p, d, "AICORE", false, out);
  for (int i = 0; i < p->nfuncs; i++) {
    const pto_func *f = p->funcs[i];
    if (f->dead || f->kind != PTO_FN_KERNEL)
      continue;
    errs += emit_kernel(p, f, arch, o ? o->double_buffer : true, d, out);
  }
  return errs || d->errors ? 1 : 0;
}
