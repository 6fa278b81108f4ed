/* check-internal.h - what the files of the CCE checker share (see
   backend/cce/check.h for the contract).

     backend/cce/check-parse.c  text -> tokens (a small preprocessor) -> functions
                        of statements and expressions (this header's AST)
     backend/cce/check-table.c  the intrinsics the checker models: argument
                        forms, address spaces, element types per arch
     backend/cce/check.c        the abstract interpreter and the checks

   Everything is allocated in one arena per check (ccx_arena), freed at
   the end of pto_cce_check.  */

#ifndef PTO_EMIT_CCE_CHECK_INTERNAL_H
#define PTO_EMIT_CCE_CHECK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "backend/cce/check.h"

/* Address spaces of pointers (ccx_type.space).  */
enum { SP_NONE, SP_GM, SP_UB, SP_L1, SP_L0A, SP_L0B, SP_L0C, SP_FB,
       SP_COUNT };
/* Element types (ccx_type.dt); DTM(x) is the bit of x in a dtype mask.  */
enum {
  DT_NONE, DT_VOID, DT_F16, DT_F32, DT_BF16, DT_S8, DT_U8, DT_S16, DT_U16,
  DT_S32, DT_U32, DT_S64, DT_U64, DT_OTHER, DT_COUNT
};
#define DTM(x) (1u << (x))

typedef struct ccx_type {
  int space;  /* SP_ */
  int dt;     /* DT_ of the scalar or of the pointee */
  int ptr;    /* pointer depth */
  int cnst;   /* the pointee (ptr > 0) or the object is const */
} ccx_type;

typedef struct ccx_arena ccx_arena;
void *ccx_alloc(ccx_arena *a, size_t n);

/* Expressions.  */
typedef enum {
  E_NUM, E_FLT, E_STR, E_VAR, E_NAME, E_CALL, E_CAST, E_UNARY, E_POST,
  E_BIN, E_COND, E_ASSIGN, E_INDEX, E_MEMBER, E_SIZEOF, E_COMMA
} ccx_ekind;

typedef struct ccx_expr {
  ccx_ekind k;
  int line, col;
  int op;                 /* operator: a punctuator code (ccx_punct) */
  int64_t ival;           /* E_NUM */
  const char *name;       /* E_NAME, E_CALL callee, E_VAR: NUL-terminated */
  int slot;               /* E_VAR: the variable's slot in its function */
  ccx_type ty;            /* E_CAST */
  struct ccx_expr *a, *b, *c;
  struct ccx_expr **args; /* E_CALL */
  int nargs;
} ccx_expr;

/* Operators: single characters are their own code; the others below.  */
enum {
  OP_EQ = 256, OP_NE, OP_LE, OP_GE, OP_ANDAND, OP_OROR, OP_SHL, OP_SHR,
  OP_INC, OP_DEC, OP_ARROW, OP_ADDEQ, OP_SUBEQ, OP_MULEQ, OP_DIVEQ,
  OP_MODEQ, OP_ANDEQ, OP_OREQ, OP_XOREQ, OP_SHLEQ, OP_SHREQ, OP_SCOPE,
  OP_ELLIPSIS, OP_LAUNCH_OPEN, OP_LAUNCH_CLOSE
};

/* Statements.  */
typedef enum {
  S_EXPR, S_DECL, S_BLOCK, S_IF, S_FOR, S_WHILE, S_DO, S_BREAK,
  S_CONTINUE, S_RETURN, S_EMPTY
} ccx_skind;

typedef struct ccx_decl {
  const char *name;
  int slot, line, col;
  ccx_type ty;
  ccx_expr *init;         /* NULL: none (or an aggregate: unknown) */
} ccx_decl;

typedef struct ccx_stmt {
  ccx_skind k;
  int line, col;
  ccx_expr *e;            /* S_EXPR, S_RETURN value, condition */
  struct ccx_stmt *init;  /* S_FOR */
  ccx_expr *step;         /* S_FOR */
  struct ccx_stmt *body, *els;
  struct ccx_stmt **kids; /* S_BLOCK */
  int nkids;
  ccx_decl *decls;        /* S_DECL */
  int ndecls;
} ccx_stmt;

typedef struct ccx_func {
  const char *name;
  int line, col;
  int end_line, end_col;  /* the closing brace */
  int global;             /* __global__: a kernel entry */
  int nslots;
  ccx_type *slot_type;    /* [nslots] */
  const char **slot_name; /* [nslots] */
  ccx_decl *params;
  int nparams;
  ccx_stmt *body;
  int bad;                /* a parse error inside: not checked */
  int syncs;              /* calls set_flag or wait_flag */
} ccx_func;

typedef struct ccx_unit {
  ccx_func **funcs;
  int nfuncs;
  const char **names;     /* every declared function or macro name */
  int nnames;
  ccx_decl **consts;      /* file-scope `const' / `constexpr' integers */
  int nconsts;
} ccx_unit;

/* A finding (backend/cce/check.c).  */
void ccx_report(void *chk, int line, int col, const char *check,
                const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* backend/cce/check-parse.c: parse TEXT into *UNIT; parse errors are reported
   through ccx_report(CHK, ..., "parse", ...).  */
void ccx_parse(void *chk, const pto_arch *arch, ccx_arena *arena,
               const char *text, size_t len, ccx_unit *unit);
ccx_arena *ccx_arena_new(void);
void ccx_arena_free(ccx_arena *a);

/* backend/cce/check-table.c: the modelled intrinsics.  */
typedef enum {
  F_VBIN,    /* vadd(d, a, b, rep, dbs, abs, bbs, drs, ars, brs) */
  F_VUN,     /* vexp(d, s, rep, dbs, sbs, drs, srs) */
  F_VSCAL,   /* vadds(d, s, x, rep, dbs, sbs, drs, srs) */
  F_VDUP,    /* vector_dup(d, x, rep, dbs, sbs, drs, srs) */
  F_VCONV,   /* vconv_X2Y(d, s, rep, dbs, sbs, drs, srs) */
  F_VRED,    /* vcadd(d, s, rep, drs, sbs, srs [, order]) */
  F_VGRED,   /* vcgadd(d, s, rep, drs, sbs, srs) */
  F_VBRCB,   /* vbrcb(d, s, dbs, drs, rep) */
  F_VTRANS,  /* vtranspose(d, s): one 512-byte 16 x 16 block each */
  F_VCMPV,   /* vcmpv_lt(uint8 d, a, b, rep, dbs, abs, bbs, drs, ars, brs) */
  F_VCMPVS,  /* vcmpvs_lt(uint8 d, a, x, rep, dbs, sbs, drs, srs) */
  F_VSEL,    /* vsel(d, a, b, rep, dbs, abs, bbs, drs, ars, brs [, mode...]) */
  F_CMPMASK, /* set_cmpmask(s) / get_cmpmask(d): one UB pointer */
  F_DMA,     /* copy_X_to_Y(d, s, sid, nBurst, lenBurst, sGap, dGap [, pad]) */
  F_DMA_ALIGN, /* copy_*_align_bN(d, s, sid, nB, lenBytes, lp, rp, sGap, dGap) */
  F_L0LOAD,  /* load_cbuf_to_ca/cb(d, s, base, rep, sStride, sid, tr) */
  F_MAD,     /* mad(c, a, b, m, k, n, init) */
  F_CC2UB,   /* copy_matrix_cc_to_ubuf(d, s, sid, nB, lenB, sGap, dGap, mode) */
  F_PTRS,    /* pointer operands checked for space/type/alignment only */
  F_MASK,    /* set_vector_mask(hi, lo) */
  F_MASK_NORM, F_MASK_COUNT,
  F_SET_FLAG, F_WAIT_FLAG, F_BARRIER,
  F_SCALAR   /* no operands to check (set_mov_pad_val, get_block_idx) */
} ccx_form;

typedef struct ccx_intrin {
  const char *name;
  ccx_form form;
  unsigned nargs_c220;  /* bit N: dav-c220 declares a form with N
                           arguments (0: the arch lacks it) */
  unsigned nargs_m200;  /* the same for dav-m200 */
  const char *spaces;   /* argument i is a pointer in space spaces[i]:
                           'G' GM, 'U' UB, '1' L1, 'A' L0A, 'B' L0B,
                           'C' L0C, 'F' the fixpipe buffer, '.' not a
                           pointer */
  unsigned dts;         /* element types of the typed operands (0: any) */
  int dst_dt, src_dt;   /* conversions: fixed element types */
  const char *source;   /* where the declaration is */
  unsigned dts_c220;    /* element types dav-c220 declares besides dts */
} ccx_intrin;

enum { ARCH_C220 = 1, ARCH_M200 = 2 };

const ccx_intrin *ccx_intrin_lookup(const char *name);
/* The argument-count mask of IN on ARCH (0: ARCH lacks it).  */
unsigned ccx_intrin_nargs(const ccx_intrin *in, const pto_arch *arch);
/* The element types of IN's typed operands on ARCH (0: any).  */
unsigned ccx_intrin_dts(const ccx_intrin *in, const pto_arch *arch);
/* FN(CTX, row) for every row.  */
void ccx_intrin_each(void (*fn)(void *ctx, const ccx_intrin *in), void *ctx);
/* Whether NAME is a builtin of the CCE dialect the checker knows but does
   not model (get_block_idx, __builtin_inff, ...).  */
int ccx_known_builtin(const char *name);
/* The ARCH_ bit of ARCH.  */
unsigned ccx_arch_bit(const pto_arch *arch);
const char *ccx_dt_name(int dt);
int ccx_dt_size(int dt);

#endif /* PTO_EMIT_CCE_CHECK_INTERNAL_H */
