/* strmap.c - the string set / string map (contract: ir/strmap.h).  */

#include "ir/strmap.h"
#include "ir/ir.h"

#include <stdlib.h>
#include <string.h>

unsigned
pto_str_hash(const char *s)
{
  unsigned h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  return h ^ (h >> 15);
}

/* The slot of KEY (hash H) in M, which has a table: its own, or the
   empty one where it would go.  */
static pto_strmap_slot *
find(const pto_strmap *m, const char *key, unsigned h)
{
  for (size_t i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    pto_strmap_slot *e = &m->slots[i];
    if (!e->key || (e->hash == h && strcmp(e->key, key) == 0))
      return e;
  }
}

static const pto_strmap_slot *
lookup(const pto_strmap *m, const char *key)
{
  if (!m->cap)
    return NULL;
  const pto_strmap_slot *e = find(m, key, pto_str_hash(key));
  return e->key ? e : NULL;
}

static void
grow(pto_strmap *m)
{
  pto_strmap old = *m;
  m->cap = old.cap ? old.cap * 2 : 64;
  m->slots = pto_xcalloc(m->cap, sizeof *m->slots);
  for (size_t i = 0; i < old.cap; i++)
    if (old.slots[i].key)
      *find(m, old.slots[i].key, old.slots[i].hash) = old.slots[i];
  free(old.slots);
}

bool
pto_strmap_has(const pto_strmap *m, const char *key)
{
  return lookup(m, key) != NULL;
}

const char *
pto_strmap_key(const pto_strmap *m, const char *key)
{
  const pto_strmap_slot *e = lookup(m, key);
  return e ? e->key : NULL;
}

void *
pto_strmap_get(const pto_strmap *m, const char *key)
{
  const pto_strmap_slot *e = lookup(m, key);
  return e ? e->value : NULL;
}

void **
pto_strmap_slot_of(pto_strmap *m, const char *key, bool *added)
{
  if ((m->n + 1) * 2 > m->cap)
    grow(m);
  unsigned h = pto_str_hash(key);
  pto_strmap_slot *e = find(m, key, h);
  if (added)
    *added = !e->key;
  if (!e->key) {
    e->key = key;
    e->hash = h;
    e->value = NULL;
    m->n++;
  }
  return &e->value;
}

bool
pto_strmap_add(pto_strmap *m, const char *key)
{
  bool added;
  pto_strmap_slot_of(m, key, &added);
  return added;
}

void
pto_strmap_put(pto_strmap *m, const char *key, void *value)
{
  *pto_strmap_slot_of(m, key, NULL) = value;
}

void
pto_strmap_clear(pto_strmap *m)
{
  if (m->cap)
    memset(m->slots, 0, m->cap * sizeof *m->slots);
  m->n = 0;
}

void
pto_strmap_free(pto_strmap *m)
{
  free(m->slots);
  m->slots = NULL;
  m->cap = m->n = 0;
}
