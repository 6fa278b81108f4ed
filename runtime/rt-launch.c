/* rt-launch.c - libpto-rt: the kernel table and launches.

   Contract: runtime/pto-rt.h.  Every linked module registers the bounds
   of its pto_kernels section once per object that defines kernels (the
   same bounds several times: registration is idempotent).  A launch
   looks the kernel up by name, checks the argument count against the
   record, and calls the simulation entry once per block in the order
   PTO_BLOCK_ORDER selects.  The generated-code entries report errors the
   way pto.h's reference mode does (a "pto: ..." line on stderr, then
   abort); the pto_rt_* API returns a status instead.

   State: the list of registered tables (written by constructors, before
   any launch) and, per thread, the block count of the next launch.  */

#include "runtime/pto-rt.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most this many kernel arguments (pto.h: 19 after the block count).  */
enum { MAX_ARGS = 64 };

struct table {
  const struct pto_rt_kernel *start, *stop;
  struct table *next;
};

static struct table *tables;
static _Thread_local long long pending_blocks = 1;

/* ------------------------------------------------------------------ */
/* The kernel table                                                   */
/* ------------------------------------------------------------------ */

void
__pto_rt_register_table(const void *start, const void *stop)
{
  struct table **tail = &tables;
  for (struct table *t = tables; t; t = t->next) {
    if (t->start == start)
      return;
    tail = &t->next;
  }
  struct table *t = malloc(sizeof *t);
  if (!t) {
    fputs("pto: out of memory registering kernels\n", stderr);
    abort();
  }
  t->start = start;
  t->stop = stop;
  t->next = NULL;
  *tail = t;
}

/* Call FN on every record of every table, in registration order, until
   it returns non-zero; return that value (0 when none did).  Padding
   words between the records of different objects are zero and
   skipped.  */
static int
for_each_kernel(int (*fn)(const struct pto_rt_kernel *k, void *ctx),
                void *ctx)
{
  for (const struct table *t = tables; t; t = t->next) {
    const char *p = (const char *)t->start;
    const char *end = (const char *)t->stop;
    while (p + sizeof(struct pto_rt_kernel) <= end) {
      const struct pto_rt_kernel *k = (const struct pto_rt_kernel *)p;
      if (k->magic != PTO_RT_KERNEL_MAGIC) {
        p += sizeof(uintptr_t);
        continue;
      }
      int r = fn(k, ctx);
      if (r)
        return r;
      p += sizeof *k;
    }
  }
  return 0;
}

struct find_ctx {
  const char *name;
  const struct pto_rt_kernel *found;
  int index, count;
};

static int
match_name(const struct pto_rt_kernel *k, void *vctx)
{
  struct find_ctx *c = vctx;
  if (c->name && strcmp(k->name, c->name) == 0) {
    c->found = k;
    return 1;
  }
  if (!c->name && c->count == c->index) {
    c->found = k;
    return 1;
  }
  c->count++;
  return 0;
}

static const struct pto_rt_kernel *
find_kernel(const char *name)
{
  struct find_ctx c = {name, NULL, 0, 0};
  for_each_kernel(match_name, &c);
  return c.found;
}

int
pto_rt_kernel_count(void)
{
  struct find_ctx c = {NULL, NULL, -1, 0};
  for_each_kernel(match_name, &c);
  return c.count;
}

const char *
pto_rt_kernel_name(int i)
{
  if (i < 0)
    return NULL;
  struct find_ctx c = {NULL, NULL, i, 0};
  for_each_kernel(match_name, &c);
  return c.found ? c.found->name : NULL;
}

/* ------------------------------------------------------------------ */
/* Block order                                                        */
/* ------------------------------------------------------------------ */

enum order { ORDER_ASCENDING, ORDER_DESCENDING, ORDER_SHUFFLE };

/* Parse PTO_BLOCK_ORDER into *ORDER and *SEED; return false if it is
   malformed.  Unset or empty means ascending.  */
static int
parse_block_order(enum order *order, uint64_t *seed)
{
  const char *s = getenv("PTO_BLOCK_ORDER");
  *order = ORDER_ASCENDING;
  *seed = 1;
  if (!s || !*s || strcmp(s, "ascending") == 0)
    return 1;
  if (strcmp(s, "descending") == 0) {
    *order = ORDER_DESCENDING;
    return 1;
  }
  if (strncmp(s, "shuffle", 7) == 0 && (s[7] == '\0' || s[7] == ':')) {
    *order = ORDER_SHUFFLE;
    if (s[7] == ':') {
      char *end;
      if (s[8] < '0' || s[8] > '9')
        return 0;
      *seed = strtoull(s + 8, &end, 10);
      if (*end)
        return 0;
    }
    return 1;
  }
  return 0;
}

/* splitmix64: a fixed, portable generator for the shuffle order.  */
static uint64_t
next_random(uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* Block number I (0-based position) of N in ORDER; PERM is the shuffled
   order when ORDER is ORDER_SHUFFLE.  */
static int
block_at(enum order order, const int *perm, int n, int i)
{
  switch (order) {
  case ORDER_DESCENDING:
    return n - 1 - i;
  case ORDER_SHUFFLE:
    return perm[i];
  default:
    return i;
  }
}

/* ------------------------------------------------------------------ */
/* Launch                                                             */
/* ------------------------------------------------------------------ */

/* Run K on BLOCKS blocks with ARGS.  The caller has checked everything
   but the block order.  */
static int
run_blocks(const struct pto_rt_kernel *k, int blocks, void *const *args)
{
  enum order order;
  uint64_t seed;
  if (!parse_block_order(&order, &seed))
    return PTO_RT_EORDER;
  int *perm = NULL;
  if (order == ORDER_SHUFFLE) {
    perm = malloc(sizeof *perm * (size_t)blocks);
    if (!perm) {
      fputs("pto: out of memory\n", stderr);
      abort();
    }
    for (int i = 0; i < blocks; i++)
      perm[i] = i;
    for (int i = blocks - 1; i > 0; i--) {
      int j = (int)(next_random(&seed) % (uint64_t)(i + 1));
      int tmp = perm[i];
      perm[i] = perm[j];
      perm[j] = tmp;
    }
  }
  for (int i = 0; i < blocks; i++)
    k->sim(args, block_at(order, perm, blocks, i), blocks);
  free(perm);
  return PTO_RT_OK;
}

/* Check a launch of NAME; on success set *K.  */
static int
check_launch(const char *name, long long blocks, int nargs,
             void *const *args, const struct pto_rt_kernel **k)
{
  if (!name || !(*k = find_kernel(name)))
    return PTO_RT_ENOKERNEL;
  if (blocks < 1 || blocks > INT32_MAX)
    return PTO_RT_EBLOCKS;
  if (nargs < 0 || (uintptr_t)nargs != (*k)->nparams
      || (nargs > 0 && !args))
    return PTO_RT_EARGS;
  for (int i = 0; i < nargs; i++)
    if (!args[i])
      return PTO_RT_EARGS;
  return PTO_RT_OK;
}

int
pto_rt_launch(const char *name, long long blocks, int nargs,
              void *const *args)
{
  const struct pto_rt_kernel *k = NULL;
  int status = check_launch(name, blocks, nargs, args, &k);
  if (status != PTO_RT_OK)
    return status;
  return run_blocks(k, (int)blocks, args);
}

const char *
pto_rt_strerror(int status)
{
  switch (status) {
  case PTO_RT_OK:
    return "success";
  case PTO_RT_ENOKERNEL:
    return "no kernel of that name in the program";
  case PTO_RT_EBLOCKS:
    return "the block count must be positive";
  case PTO_RT_EARGS:
    return "wrong number of kernel arguments";
  case PTO_RT_EORDER:
    return "bad PTO_BLOCK_ORDER (ascending, descending, shuffle[:SEED])";
  default:
    return "unknown pto runtime status";
  }
}

/* Report a misuse from generated code and stop, like pto.h does.  */
__attribute__((noreturn, format(printf, 1, 2))) static void
fail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("pto: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

void
__pto_rt_set_blocks(long long n)
{
  pending_blocks = n;
}

void
__pto_launch(const void *vname, int nparams, ...)
{
  const char *name = vname;
  long long blocks = pending_blocks;
  pending_blocks = 1;
  if (nparams < 0 || nparams > MAX_ARGS)
    fail("launch of kernel '%s' with %d arguments", name, nparams);
  void *args[MAX_ARGS + 1];
  va_list ap;
  va_start(ap, nparams);
  for (int i = 0; i < nparams; i++)
    args[i] = va_arg(ap, void *);
  va_end(ap);
  args[nparams] = NULL;

  const struct pto_rt_kernel *k = NULL;
  int status = check_launch(name, blocks, nparams, args, &k);
  if (status == PTO_RT_OK)
    status = run_blocks(k, (int)blocks, args);
  switch (status) {
  case PTO_RT_OK:
    return;
  case PTO_RT_ENOKERNEL:
    fail("pto_launch: no kernel '%s' in this program (was its object "
         "compiled with the pto plugin?)", name);
  case PTO_RT_EBLOCKS:
    fail("pto_launch(%s, %lld): the block count must be positive", name,
         blocks);
  case PTO_RT_EARGS:
    fail("pto_launch(%s): %d arguments, but the kernel has %lu parameters",
         name, nparams, (unsigned long)k->nparams);
  default:
    fail("pto_launch(%s): %s", name, pto_rt_strerror(status));
  }
}
