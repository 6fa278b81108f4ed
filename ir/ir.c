/* ir.c - the IR's tables, type interning and the builder API.

   Everything here allocates in the program's arena (ir.h, "Ownership").
   Types are interned, so two equal types are the same pointer and type
   checks compare pointers.  Builder functions compute result types from
   their operands; they do not diagnose (the parser, the verifier and the
   GCC front end check user input before building).  */

#include "ir/ir.h"
#include "ir/strmap.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Tables                                                             */
/* ------------------------------------------------------------------ */

static const struct {
  const char *name;
  int bits;
  char cls;
} dtypes[] = {
#define X(e, n, b, c) {n, b, #c[0]},
    PTO_DTYPES(X)
#undef X
};

const char *
pto_dtype_name(pto_dtype dt)
{
  pto_assert(dt < PTO_DT_COUNT);
  return dtypes[dt].name;
}

int
pto_dtype_bits(pto_dtype dt)
{
  return dtypes[dt].bits;
}

int
pto_dtype_bytes(pto_dtype dt)
{
  return dt == PTO_DT_BOOL ? 1 : dtypes[dt].bits / 8;
}

bool
pto_dtype_is_int(pto_dtype dt)
{
  return dtypes[dt].cls == 'S' || dtypes[dt].cls == 'U';
}

bool
pto_dtype_is_signed(pto_dtype dt)
{
  return dtypes[dt].cls == 'S';
}

bool
pto_dtype_is_float(pto_dtype dt)
{
  return dtypes[dt].cls == 'F';
}

pto_dtype
pto_dtype_scalar_of(pto_dtype dt)
{
  switch (dt) {
  case PTO_DT_BF16:
    return PTO_DT_F32;
  case PTO_DT_I8:
  case PTO_DT_U8:
  case PTO_DT_I16:
    return PTO_DT_I32;
  default:
    return dt;
  }
}

/* Return true iff the LEN bytes at S spell NAME exactly.  */
static bool
spells(const char *s, size_t len, const char *name)
{
  return strlen(name) == len && memcmp(s, name, len) == 0;
}

bool
pto_dtype_lookup(const char *name, size_t len, pto_dtype *out)
{
  for (int i = 0; i < PTO_DT_COUNT; i++)
    if (spells(name, len, dtypes[i].name)) {
      *out = (pto_dtype)i;
      return true;
    }
  return false;
}

static const char *const memspaces[] = {
#define X(e, n) n,
    PTO_MEMSPACES(X)
#undef X
};

const char *
pto_memspace_name(pto_memspace m)
{
  return memspaces[m];
}

bool
pto_memspace_lookup(const char *name, size_t len, pto_memspace *out)
{
  for (int i = 0; i < PTO_MEM_COUNT; i++)
    if (spells(name, len, memspaces[i])) {
      *out = (pto_memspace)i;
      return true;
    }
  return false;
}

static const struct {
  const char *name;
  int prec;
  char cls;
} binops[] = {
#define X(e, s, p, c) {s, p, #c[0]},
    PTO_BINOPS(X)
#undef X
};

const char *
pto_binop_name(pto_binop op)
{
  return binops[op].name;
}

int
pto_binop_prec(pto_binop op)
{
  return binops[op].prec;
}

char
pto_binop_class(pto_binop op)
{
  return binops[op].cls;
}

static const char *const unops[] = {
#define X(e, s, f) s,
    PTO_UNOPS(X)
#undef X
};

const char *
pto_unop_name(pto_unop op)
{
  return unops[op];
}

static const char unop_forms[] = {
#define X(e, s, f) #f[0],
    PTO_UNOPS(X)
#undef X
};

char
pto_unop_form(pto_unop op)
{
  return unop_forms[op];
}

bool
pto_unop_is_math(pto_unop op)
{
  return op == PTO_UN_SQRT || op == PTO_UN_EXP || op == PTO_UN_LOG
         || op == PTO_UN_FLOOR || op == PTO_UN_CEIL;
}

static const pto_opinfo ops[] = {
#define PTO_OP(e, n, sig, res, rule, dt, eff, pipe, bd, fam, code, cce, cyc) \
  {#n, sig, #res[0], PTO_RULE_##rule, (pto_effect)#eff[0], #pipe, bd,      \
   PTO_DTR_##dt, cce, cyc},
#include "runtime/pto-ops.def"
};

const pto_opinfo *
pto_op_info(pto_op op)
{
  pto_assert(op < PTO_OP_COUNT);
  return &ops[op];
}

bool
pto_op_lookup(const char *name, size_t len, pto_op *out)
{
  for (int i = 0; i < PTO_OP_COUNT; i++)
    if (spells(name, len, ops[i].name)) {
      *out = (pto_op)i;
      return true;
    }
  return false;
}

static const char *const func_kinds[] = {"kernel", "host", "inline", "func"};

const char *
pto_func_kind_name(pto_func_kind k)
{
  return func_kinds[k];
}

/* ------------------------------------------------------------------ */
/* Programs and interning                                             */
/* ------------------------------------------------------------------ */

enum { TYPE_BUCKETS = 256 };

typedef struct type_node {
  struct type_node *next;
  pto_type t;
} type_node;


/* Types are few (a fixed table); strings grow with the program (every
   variable name): STRS is the string map of ir/strmap.h, whose keys are
   the interned copies in P's arena.  FUNCS, the same map, indexes
   P->funcs by name for pto_func_lookup: a name's value is the first of
   its functions in definition order, and each function links to the
   next of the same name (pto_func.homonym).  It covers funcs[0..NINDEXED)
   and grows with the program, so that a lookup costs the same with 10 or
   10,000 functions.  */
typedef struct intern_tables {
  type_node *types[TYPE_BUCKETS];
  pto_strmap strs;     /* interned string -> (its key is the copy) */
  pto_strmap funcs;    /* function name -> its first pto_func */
  int nindexed;
} intern_tables;

pto_program *
pto_program_new(void)
{
  pto_arena *a = pto_arena_new();
  pto_program *p = pto_arena_alloc(a, sizeof *p);
  p->arena = a;
  p->types = pto_arena_alloc(a, sizeof(intern_tables));
  return p;
}

void
pto_program_free(pto_program *p)
{
  if (p) {
    intern_tables *it = p->types;
    pto_strmap_free(&it->funcs);
    pto_strmap_free(&it->strs);
    pto_arena_free(p->arena);
  }
}

const char *
pto_intern(pto_program *p, const char *s)
{
  if (!s)
    return NULL;
  intern_tables *it = p->types;
  const char *copy = pto_strmap_key(&it->strs, s);
  if (!copy) {
    copy = pto_arena_strdup(p->arena, s);
    pto_strmap_add(&it->strs, copy);
  }
  return copy;
}

pto_loc
pto_mkloc(pto_program *p, const char *file, int line, int col)
{
  pto_loc l = {pto_intern(p, file), line, col, 0};
  return l;
}

static unsigned
hash_type(const pto_type *t)
{
  uintptr_t h = (uintptr_t)t->kind * 31u + t->dtype;
  h = h * 31u + t->is_const;
  h = h * 31u + (uintptr_t)t->pointee;
  h = h * 31u + (unsigned)t->rows;
  h = h * 31u + (unsigned)t->cols;
  h = h * 31u + t->space;
  h = h * 31u + (unsigned)t->nelems;
  for (int i = 0; i < t->nelems; i++)
    h = h * 31u + (uintptr_t)t->elems[i];
  return (unsigned)(h ^ (h >> 16));
}

static bool
same_type(const pto_type *a, const pto_type *b)
{
  if (a->kind != b->kind || a->dtype != b->dtype || a->is_const != b->is_const
      || a->pointee != b->pointee || a->rows != b->rows || a->cols != b->cols
      || a->space != b->space || a->nelems != b->nelems)
    return false;
  for (int i = 0; i < a->nelems; i++)
    if (a->elems[i] != b->elems[i])
      return false;
  return true;
}

/* Return the interned copy of KEY.  */
static const pto_type *
intern_type(pto_program *p, const pto_type *key)
{
  intern_tables *it = p->types;
  type_node **slot = &it->types[hash_type(key) % TYPE_BUCKETS];
  for (type_node *n = *slot; n; n = n->next)
    if (same_type(&n->t, key))
      return &n->t;
  type_node *n = pto_arena_alloc(p->arena, sizeof *n);
  n->t = *key;
  if (key->nelems) {
    const pto_type **e = pto_arena_alloc(p->arena,
                                         sizeof *e * (size_t)key->nelems);
    memcpy(e, key->elems, sizeof *e * (size_t)key->nelems);
    n->t.elems = e;
  }
  n->next = *slot;
  *slot = n;
  return &n->t;
}

const pto_type *
pto_type_void(pto_program *p)
{
  pto_type k = {.kind = PTO_TY_VOID};
  return intern_type(p, &k);
}

const pto_type *
pto_type_scalar(pto_program *p, pto_dtype dt)
{
  pto_type k = {.kind = PTO_TY_SCALAR, .dtype = dt};
  return intern_type(p, &k);
}

const pto_type *
pto_type_ptr(pto_program *p, const pto_type *pointee, bool is_const)
{
  pto_type k = {.kind = PTO_TY_PTR, .pointee = pointee, .is_const = is_const};
  return intern_type(p, &k);
}

const pto_type *
pto_type_tile(pto_program *p, pto_dtype dt, int rows, int cols,
              pto_memspace space)
{
  pto_type k = {.kind = PTO_TY_TILE, .dtype = dt, .rows = rows, .cols = cols,
                .space = space};
  return intern_type(p, &k);
}

const pto_type *
pto_type_tuple(pto_program *p, int n, const pto_type *const *elems)
{
  pto_type k = {.kind = PTO_TY_TUPLE, .nelems = n, .elems = elems};
  return intern_type(p, &k);
}

const pto_type *
pto_type_func(pto_program *p)
{
  pto_type k = {.kind = PTO_TY_FUNC};
  return intern_type(p, &k);
}

void
pto_type_print(pto_buf *b, const pto_type *t)
{
  switch (t->kind) {
  case PTO_TY_VOID:
    pto_buf_puts(b, "void");
    return;
  case PTO_TY_SCALAR:
    pto_buf_puts(b, pto_dtype_name(t->dtype));
    return;
  case PTO_TY_PTR:
    pto_buf_puts(b, t->is_const ? "ptr<const " : "ptr<");
    pto_type_print(b, t->pointee);
    pto_buf_putc(b, '>');
    return;
  case PTO_TY_TILE:
    pto_buf_printf(b, "tile<%s,%d,%d", pto_dtype_name(t->dtype), t->rows,
                   t->cols);
    if (t->space != PTO_MEM_ANY)
      pto_buf_printf(b, ",%s", pto_memspace_name(t->space));
    pto_buf_putc(b, '>');
    return;
  case PTO_TY_TUPLE:
    pto_buf_puts(b, "tuple<");
    for (int i = 0; i < t->nelems; i++) {
      if (i)
        pto_buf_putc(b, ',');
      pto_type_print(b, t->elems[i]);
    }
    pto_buf_putc(b, '>');
    return;
  case PTO_TY_FUNC:
    pto_buf_puts(b, "fn");
    return;
  }
  pto_ice("bad type kind %d", (int)t->kind);
}

/* ------------------------------------------------------------------ */
/* Functions and variables                                            */
/* ------------------------------------------------------------------ */

/* Grow the array *V of *CAP elements of SIZE bytes to hold N + 1.  */
static void
grow(pto_program *p, void **v, int *cap, int n, size_t size)
{
  if (n < *cap)
    return;
  int ncap = *cap ? *cap * 2 : 4;
  void *nv = pto_arena_alloc(p->arena, size * (size_t)ncap);
  if (n)
    memcpy(nv, *v, size * (size_t)n);
  *v = nv;
  *cap = ncap;
}

pto_func *
pto_func_new(pto_program *p, pto_func_kind kind, const char *name,
             const pto_type *ret, pto_loc loc)
{
  pto_func *f = pto_arena_alloc(p->arena, sizeof *f);
  f->kind = kind;
  f->name = pto_intern(p, name);
  f->ret = ret ? ret : pto_type_void(p);
  f->loc = loc;
  grow(p, (void **)&p->funcs, &p->capfuncs, p->nfuncs, sizeof *p->funcs);
  p->funcs[p->nfuncs++] = f;
  return f;
}

/* Bring the function index of P up to date with P->funcs (functions are
   only ever appended, by pto_func_new, and never renamed): each new one
   goes at the end of its name's chain.  */
static void
sync_func_index(const pto_program *p, intern_tables *it)
{
  for (; it->nindexed < p->nfuncs; it->nindexed++) {
    pto_func *f = p->funcs[it->nindexed];
    pto_func **link = (pto_func **)pto_strmap_slot_of(&it->funcs, f->name,
                                                      NULL);
    while (*link)
      link = &(*link)->homonym;
    *link = f;
  }
}

pto_func *
pto_func_lookup(const pto_program *p, const char *name)
{
  intern_tables *it = p->types;
  sync_func_index(p, it);
  for (pto_func *f = pto_strmap_get(&it->funcs, name); f; f = f->homonym)
    if (!f->dead)
      return f;
  return NULL;
}

pto_var *
pto_var_new(pto_program *p, pto_func *f, const char *name, const pto_type *t,
            pto_loc loc)
{
  pto_var *v = pto_arena_alloc(p->arena, sizeof *v);
  v->name = pto_intern(p, name);
  v->type = t;
  v->loc = loc;
  v->id = p->next_var_id++;
  if (f)
    f->nvars++;
  return v;
}

pto_var *
pto_param_new(pto_program *p, pto_func *f, const char *name,
              const pto_type *t, pto_dir dir, pto_loc loc)
{
  pto_var *v = pto_var_new(p, f, name, t, loc);
  v->is_param = true;
  v->dir = dir;
  int cap = f->nparams;  /* params are appended once: exact-size copies */
  pto_var **np = pto_arena_alloc(p->arena, sizeof *np * (size_t)(cap + 1));
  if (f->nparams)
    memcpy(np, f->params, sizeof *np * (size_t)f->nparams);
  np[f->nparams++] = v;
  f->params = np;
  return v;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                        */
/* ------------------------------------------------------------------ */

static pto_expr *
new_expr(pto_program *p, pto_expr_kind k, const pto_type *t, pto_loc l)
{
  pto_expr *e = pto_arena_alloc(p->arena, sizeof *e);
  e->kind = k;
  e->type = t;
  e->loc = l;
  return e;
}

static pto_expr **
copy_args(pto_program *p, int n, pto_expr **args)
{
  if (n == 0)
    return NULL;
  pto_expr **v = pto_arena_alloc(p->arena, sizeof *v * (size_t)n);
  memcpy(v, args, sizeof *v * (size_t)n);
  return v;
}

pto_expr *
pto_e_int(pto_program *p, const pto_type *t, int64_t v, pto_loc l)
{
  pto_expr *e = new_expr(p, PTO_E_INT, t, l);
  e->u.ival = v;
  return e;
}

pto_expr *
pto_e_bool(pto_program *p, bool v, pto_loc l)
{
  return pto_e_int(p, pto_type_scalar(p, PTO_DT_BOOL), v, l);
}

pto_expr *
pto_e_float(pto_program *p, const pto_type *t, double v, pto_loc l)
{
  pto_expr *e = new_expr(p, PTO_E_FLOAT, t, l);
  e->u.fval = v;
  return e;
}

bool
pto_e_is_zero(const pto_expr *e)
{
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_CAST && e->a)
    e = e->a;
  return (e->kind == PTO_E_INT && e->u.ival == 0)
         || (e->kind == PTO_E_FLOAT && e->u.fval == 0.0);
}

pto_expr *
pto_e_var(pto_program *p, pto_var *v, pto_loc l)
{
  pto_expr *e = new_expr(p, PTO_E_VAR, v->type, l);
  e->u.var = v;
  return e;
}

pto_expr *
pto_e_bin(pto_program *p, pto_binop op, pto_expr *a, pto_expr *b, pto_loc l)
{
  char cls = pto_binop_class(op);
  const pto_type *t = cls == 'C' || cls == 'L'
                          ? pto_type_scalar(p, PTO_DT_BOOL)
                          : a->type;
  if (op == PTO_BIN_SUB && a->type->kind == PTO_TY_PTR
      && b->type->kind == PTO_TY_PTR)
    t = pto_type_scalar(p, PTO_DT_I64);
  pto_expr *e = new_expr(p, PTO_E_BIN, t, l);
  e->u.binop = op;
  e->a = a;
  e->b = b;
  return e;
}

pto_expr *
pto_e_un(pto_program *p, pto_unop op, pto_expr *a, const pto_type *t,
         pto_loc l)
{
  const pto_type *rt = a->type;
  if (op == PTO_UN_CAST)
    rt = t;
  else if (op == PTO_UN_NOT)
    rt = pto_type_scalar(p, PTO_DT_BOOL);
  else if (op == PTO_UN_ADDR)
    rt = pto_type_ptr(p, a->type, false);
  else if (op == PTO_UN_DEREF)
    rt = a->type->kind == PTO_TY_PTR ? a->type->pointee : a->type;
  pto_expr *e = new_expr(p, PTO_E_UN, rt, l);
  e->u.unop = op;
  e->a = a;
  return e;
}

pto_expr *
pto_e_select(pto_program *p, pto_expr *c, pto_expr *a, pto_expr *b,
             pto_loc l)
{
  pto_expr *e = new_expr(p, PTO_E_SELECT, a->type, l);
  e->a = c;
  e->b = a;
  e->c = b;
  return e;
}

pto_expr *
pto_e_op(pto_program *p, pto_op op, int nargs, pto_expr **args, pto_loc l)
{
  const pto_type *t = pto_op_info(op)->result == 'i'
                          ? pto_type_scalar(p, PTO_DT_I32)
                          : pto_type_void(p);
  pto_expr *e = new_expr(p, PTO_E_CALL, t, l);
  e->is_op = true;
  e->op = op;
  e->nargs = nargs;
  e->args = copy_args(p, nargs, args);
  return e;
}

pto_expr *
pto_e_call(pto_program *p, const char *name, const pto_type *ret, int nargs,
           pto_expr **args, pto_loc l)
{
  pto_expr *e = new_expr(p, PTO_E_CALL, ret, l);
  e->fname = pto_intern(p, name);
  e->nargs = nargs;
  e->args = copy_args(p, nargs, args);
  return e;
}

pto_expr *
pto_e_funcref(pto_program *p, const char *name, pto_loc l)
{
  pto_expr *e = new_expr(p, PTO_E_FUNCREF, pto_type_func(p), l);
  e->fname = pto_intern(p, name);
  return e;
}

pto_expr *
pto_e_tuple(pto_program *p, int n, pto_expr **elems, pto_loc l)
{
  /* Zeroed: GCC 11 cannot tell that the loop below sets the first n
     before pto_type_tuple reads them.  */
  const pto_type *small[16] = { 0 };
  const pto_type **ts = n <= 16 ? small
                                : pto_arena_alloc(p->arena,
                                                  sizeof *ts * (size_t)n);
  for (int i = 0; i < n; i++)
    ts[i] = elems[i]->type;
  pto_expr *e = new_expr(p, PTO_E_TUPLE, pto_type_tuple(p, n, ts), l);
  e->nargs = n;
  e->args = copy_args(p, n, elems);
  return e;
}

pto_expr *
pto_e_getitem(pto_program *p, pto_expr *a, int index, pto_loc l)
{
  pto_assert(a->type->kind == PTO_TY_TUPLE && index >= 0
             && index < a->type->nelems);
  pto_expr *e = new_expr(p, PTO_E_GETITEM, a->type->elems[index], l);
  e->a = a;
  e->u.index = index;
  return e;
}

pto_expr *
pto_e_index(pto_program *p, pto_expr *base, int nidx, pto_expr **idx,
            pto_loc l)
{
  const pto_type *bt = base->type;
  const pto_type *t = bt->kind == PTO_TY_PTR ? bt->pointee
                      : bt->kind == PTO_TY_TILE
                          ? pto_type_scalar(p, bt->dtype)
                          : bt;
  pto_expr *e = new_expr(p, PTO_E_INDEX, t, l);
  e->a = base;
  e->nargs = nidx;
  e->args = copy_args(p, nidx, idx);
  return e;
}

pto_expr *
pto_e_clone(pto_program *p, const pto_expr *e)
{
  if (!e)
    return NULL;
  if (e->kind == PTO_E_VAR && e->u.var->aux)
    return pto_e_clone(p, (const pto_expr *)e->u.var->aux);
  pto_expr *c = pto_arena_alloc(p->arena, sizeof *c);
  *c = *e;
  c->a = pto_e_clone(p, e->a);
  c->b = pto_e_clone(p, e->b);
  c->c = pto_e_clone(p, e->c);
  if (e->nargs) {
    c->args = pto_arena_alloc(p->arena, sizeof *c->args * (size_t)e->nargs);
    for (int i = 0; i < e->nargs; i++)
      c->args[i] = pto_e_clone(p, e->args[i]);
  }
  return c;
}

/* ------------------------------------------------------------------ */
/* Statements                                                         */
/* ------------------------------------------------------------------ */

static pto_stmt *
new_stmt(pto_program *p, pto_stmt_kind k, pto_loc l)
{
  pto_stmt *s = pto_arena_alloc(p->arena, sizeof *s);
  s->kind = k;
  s->loc = l;
  return s;
}

pto_stmt *
pto_s_decl(pto_program *p, pto_var *v, pto_expr *init, pto_loc l)
{
  pto_stmt *s = new_stmt(p, PTO_S_DECL, l);
  s->var = v;
  s->value = init;
  return s;
}

pto_stmt *
pto_s_assign(pto_program *p, pto_expr *lhs, pto_expr *rhs, pto_loc l)
{
  pto_stmt *s = new_stmt(p, PTO_S_ASSIGN, l);
  s->lhs = lhs;
  s->value = rhs;
  return s;
}

pto_stmt *
pto_s_eval(pto_program *p, pto_expr *e, pto_loc l)
{
  pto_stmt *s = new_stmt(p, PTO_S_EVAL, l);
  s->value = e;
  return s;
}

pto_stmt *
pto_s_if(pto_program *p, pto_expr *cond, pto_loc l)
{
  pto_stmt *s = new_stmt(p, PTO_S_IF, l);
  s->cond = cond;
  return s;
}

pto_stmt *
pto_s_for(pto_program *p, pto_var *v, pto_expr *start, pto_expr *stop,
          pto_expr *step, bool down, pto_loc l)
{
  pto_stmt *s = new_stmt(p, PTO_S_FOR, l);
  s->var = v;
  s->start = start;
  s->stop = stop;
  s->step = step;
  s->down = down;
  return s;
}

pto_stmt *
pto_s_while(pto_program *p, pto_expr *cond, pto_loc l)
{
  pto_stmt *s = new_stmt(p, PTO_S_WHILE, l);
  s->cond = cond;
  return s;
}

pto_stmt *
pto_s_return(pto_program *p, pto_expr *value, pto_loc l)
{
  pto_stmt *s = new_stmt(p, PTO_S_RETURN, l);
  s->value = value;
  return s;
}

pto_stmt *
pto_s_break(pto_program *p, pto_loc l)
{
  return new_stmt(p, PTO_S_BREAK, l);
}

pto_stmt *
pto_s_continue(pto_program *p, pto_loc l)
{
  return new_stmt(p, PTO_S_CONTINUE, l);
}

void
pto_block_push(pto_program *p, pto_block *b, pto_stmt *s)
{
  grow(p, (void **)&b->items, &b->cap, b->n, sizeof *b->items);
  b->items[b->n++] = s;
}

void
pto_block_append(pto_program *p, pto_block *dst, const pto_block *src)
{
  for (int i = 0; i < src->n; i++)
    pto_block_push(p, dst, src->items[i]);
}

/* ------------------------------------------------------------------ */
/* Attributes                                                         */
/* ------------------------------------------------------------------ */

/* Return the slot for KEY in A, appending an empty one if absent.  */
static pto_attr *
attr_slot(pto_program *p, pto_attrs *a, const char *key)
{
  for (int i = 0; i < a->n; i++)
    if (strcmp(a->v[i].key, key) == 0)
      return &a->v[i];
  pto_attr *nv = pto_arena_alloc(p->arena, sizeof *nv * (size_t)(a->n + 1));
  if (a->n)
    memcpy(nv, a->v, sizeof *nv * (size_t)a->n);
  a->v = nv;
  pto_attr *s = &a->v[a->n++];
  s->key = pto_intern(p, key);
  return s;
}

void
pto_attr_set_int(pto_program *p, pto_attrs *a, const char *key, int64_t v)
{
  pto_attr *s = attr_slot(p, a, key);
  s->kind = PTO_A_INT;
  s->ival = v;
}

void
pto_attr_set_str(pto_program *p, pto_attrs *a, const char *key, const char *v)
{
  pto_attr *s = attr_slot(p, a, key);
  s->kind = PTO_A_STR;
  s->sval = pto_intern(p, v);
}

void
pto_attr_set_ints(pto_program *p, pto_attrs *a, const char *key, int n,
                  const int64_t *v)
{
  pto_attr *s = attr_slot(p, a, key);
  s->kind = PTO_A_INTS;
  s->nints = n;
  s->ints = pto_arena_alloc(p->arena, sizeof *s->ints * (size_t)(n ? n : 1));
  if (n)
    memcpy(s->ints, v, sizeof *s->ints * (size_t)n);
}

const pto_attr *
pto_attr_get(const pto_attrs *a, const char *key)
{
  for (int i = 0; i < a->n; i++)
    if (strcmp(a->v[i].key, key) == 0)
      return &a->v[i];
  return NULL;
}

void
pto_attr_remove(pto_attrs *a, const char *key)
{
  for (int i = 0; i < a->n; i++)
    if (strcmp(a->v[i].key, key) == 0) {
      memmove(&a->v[i], &a->v[i + 1], sizeof *a->v * (size_t)(a->n - i - 1));
      a->n--;
      return;
    }
}

/* ------------------------------------------------------------------ */
/* Cloning statements                                                 */
/* ------------------------------------------------------------------ */

typedef struct clone_ctx {
  pto_program *p;
  pto_func *f;
  const char *(*rename)(void *ctx, const pto_var *v);
  void *rctx;
  /* Variables defined inside the cloned block, with their old aux, so the
     mapping can be undone afterwards.  */
  pto_var **defs;
  void **saved;
  int ndefs, capdefs;
} clone_ctx;

static void clone_block(clone_ctx *c, pto_block *dst, const pto_block *src);

/* Give V a fresh copy in the clone and map its uses to it.  */
static pto_var *
clone_def(clone_ctx *c, pto_var *v)
{
  if (c->ndefs == c->capdefs) {
    c->capdefs = c->capdefs ? c->capdefs * 2 : 16;
    c->defs = pto_xrealloc(c->defs, sizeof *c->defs * (size_t)c->capdefs);
    c->saved = pto_xrealloc(c->saved, sizeof *c->saved * (size_t)c->capdefs);
  }
  const char *name = c->rename ? c->rename(c->rctx, v) : v->name;
  pto_var *nv = pto_var_new(c->p, c->f, name, v->type, v->loc);
  c->defs[c->ndefs] = v;
  c->saved[c->ndefs++] = v->aux;
  v->aux = pto_e_var(c->p, nv, v->loc);
  return nv;
}

static pto_stmt *
clone_stmt(clone_ctx *c, const pto_stmt *s)
{
  pto_stmt *n = pto_arena_alloc(c->p->arena, sizeof *n);
  *n = *s;
  n->body.items = n->els.items = NULL;
  n->body.n = n->body.cap = n->els.n = n->els.cap = 0;
  /* Expressions are cloned before the definition so that an initialiser
     or a loop bound sees the outer mapping.  */
  n->lhs = pto_e_clone(c->p, s->lhs);
  n->value = pto_e_clone(c->p, s->value);
  n->cond = pto_e_clone(c->p, s->cond);
  n->start = pto_e_clone(c->p, s->start);
  n->stop = pto_e_clone(c->p, s->stop);
  n->step = pto_e_clone(c->p, s->step);
  if (s->var && (s->kind == PTO_S_DECL || s->kind == PTO_S_FOR))
    n->var = clone_def(c, s->var);
  if (s->attrs.n) {
    n->attrs.v = pto_arena_alloc(c->p->arena,
                                 sizeof *n->attrs.v * (size_t)s->attrs.n);
    memcpy(n->attrs.v, s->attrs.v, sizeof *n->attrs.v * (size_t)s->attrs.n);
  }
  clone_block(c, &n->body, &s->body);
  clone_block(c, &n->els, &s->els);
  return n;
}

static void
clone_block(clone_ctx *c, pto_block *dst, const pto_block *src)
{
  for (int i = 0; i < src->n; i++)
    pto_block_push(c->p, dst, clone_stmt(c, src->items[i]));
}

void
pto_block_clone(pto_program *p, pto_func *f, pto_block *dst,
                const pto_block *src,
                const char *(*rename)(void *ctx, const pto_var *v),
                void *ctx)
{
  clone_ctx c = {p, f, rename, ctx, NULL, NULL, 0, 0};
  clone_block(&c, dst, src);
  for (int i = c.ndefs - 1; i >= 0; i--)
    c.defs[i]->aux = c.saved[i];
  free(c.defs);
  free(c.saved);
}
