/* arena.c - region allocation for the IR, heap helpers, text buffers.

   An arena hands out zeroed memory from large chunks and frees all of it
   at once.  A program's nodes, types, names and vectors live in its arena
   (ir.h, "Ownership").  The heap helpers abort on exhaustion: the core
   has no way to continue without memory and must not return half-built
   IR.  */

#include "ir/ir.h"

#include <stdlib.h>
#include <string.h>

enum { CHUNK_SIZE = 64 * 1024, ALIGN = 16 };

typedef struct chunk {
  struct chunk *next;
  size_t size, used;
  _Alignas(16) unsigned char data[];
} chunk;

struct pto_arena {
  chunk *head;
  size_t total;
};

void *
pto_xmalloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p)
    pto_ice("out of memory allocating %zu bytes", n);
  return p;
}

void *
pto_xcalloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    pto_ice("out of memory allocating %zu x %zu bytes", n, size);
  return p;
}

void *
pto_xrealloc(void *p, size_t n)
{
  void *q = realloc(p, n ? n : 1);
  if (!q)
    pto_ice("out of memory reallocating to %zu bytes", n);
  return q;
}

char *
pto_xstrdup(const char *s)
{
  size_t n = strlen(s) + 1;
  return memcpy(pto_xmalloc(n), s, n);
}

pto_arena *
pto_arena_new(void)
{
  return pto_xcalloc(1, sizeof(pto_arena));
}

void
pto_arena_free(pto_arena *a)
{
  if (!a)
    return;
  for (chunk *c = a->head, *next; c; c = next) {
    next = c->next;
    free(c);
  }
  free(a);
}

/* Return a chunk with at least SIZE free bytes at the head of A.  */
static chunk *
chunk_for(pto_arena *a, size_t size)
{
  chunk *c = a->head;
  if (c && c->size - c->used >= size)
    return c;
  size_t cap = size > CHUNK_SIZE / 4 ? size : CHUNK_SIZE;
  chunk *n = pto_xmalloc(sizeof(chunk) + cap);
  n->size = cap;
  n->used = 0;
  if (c && size > CHUNK_SIZE / 4) {
    /* A big block gets a chunk of its own behind the current one, so
       the current chunk's free space is not wasted.  */
    n->next = c->next;
    c->next = n;
  } else {
    n->next = c;
    a->head = n;
  }
  return n;
}

void *
pto_arena_alloc(pto_arena *a, size_t size)
{
  size = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
  if (size == 0)
    size = ALIGN;
  chunk *c = chunk_for(a, size);
  void *p = c->data + c->used;
  c->used += size;
  a->total += size;
  memset(p, 0, size);
  return p;
}

char *
pto_arena_strndup(pto_arena *a, const char *s, size_t n)
{
  char *d = pto_arena_alloc(a, n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

char *
pto_arena_strdup(pto_arena *a, const char *s)
{
  return pto_arena_strndup(a, s, strlen(s));
}

char *
pto_arena_printf(pto_arena *a, const char *fmt, ...)
{
  va_list ap;
  if (!fmt)  /* also keeps GCC 12's -fsanitize=undefined from warning */
    pto_ice("null format string");
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  pto_assert(n >= 0);
  char *d = pto_arena_alloc(a, (size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(d, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return d;
}

size_t
pto_arena_used(const pto_arena *a)
{
  return a->total;
}

/* Make room for N more bytes plus a terminating NUL in B.  */
static void
buf_reserve(pto_buf *b, size_t n)
{
  if (b->len + n + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + n + 1)
    cap *= 2;
  b->s = pto_xrealloc(b->s, cap);
  b->cap = cap;
}

void
pto_buf_puts(pto_buf *b, const char *s)
{
  size_t n = strlen(s);
  buf_reserve(b, n);
  memcpy(b->s + b->len, s, n + 1);
  b->len += n;
}

void
pto_buf_putc(pto_buf *b, char c)
{
  buf_reserve(b, 1);
  b->s[b->len++] = c;
  b->s[b->len] = 0;
}

void
pto_buf_printf(pto_buf *b, const char *fmt, ...)
{
  va_list ap;
  if (!fmt)  /* also keeps GCC 12's -fsanitize=undefined from warning */
    pto_ice("null format string");
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  pto_assert(n >= 0);
  buf_reserve(b, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

void
pto_buf_free(pto_buf *b)
{
  free(b->s);
  b->s = NULL;
  b->len = b->cap = 0;
}
