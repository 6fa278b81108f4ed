/* strmap.h - the one string set / string map of the core.

   A pto_strmap maps strings, compared by content, to a pointer value; a
   set is a map whose values are unused.  Open addressing with linear
   probing over a power-of-two table at most half full; every slot keeps
   its key's hash, so probing past other keys compares no strings.  Keys
   are kept by pointer: a key must outlive the map (or be freed by the
   caller after pto_strmap_free).  A zero-initialised pto_strmap is
   empty; pto_strmap_free returns it to that state.

   The slots may be walked directly (a slot is used iff its key is not
   NULL); the order is that of the table, not of insertion, so nothing
   that reaches an output may depend on it.  */

#ifndef PTO_STRMAP_H
#define PTO_STRMAP_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pto_strmap_slot {
  const char *key;     /* NULL: empty */
  unsigned hash;
  void *value;
} pto_strmap_slot;

typedef struct pto_strmap {
  pto_strmap_slot *slots;
  size_t cap, n;       /* cap: 0 or a power of two; n: keys present */
} pto_strmap;

/* The hash of S (FNV-1a, with its high bits folded into the low ones
   that index the table).  */
unsigned pto_str_hash(const char *s);

/* True if KEY is in M.  */
bool pto_strmap_has(const pto_strmap *m, const char *key);
/* M's own copy of KEY (the pointer given when it was added), or NULL.  */
const char *pto_strmap_key(const pto_strmap *m, const char *key);
/* The value of KEY, or NULL when KEY is absent.  */
void *pto_strmap_get(const pto_strmap *m, const char *key);
/* The value slot of KEY, added with a NULL value if absent; *ADDED (may be
   NULL) tells which.  Valid until the next addition.  */
void **pto_strmap_slot_of(pto_strmap *m, const char *key, bool *added);
/* Set semantics: add KEY; return false if it was there already.  */
bool pto_strmap_add(pto_strmap *m, const char *key);
/* Map KEY to VALUE (replacing an old value).  */
void pto_strmap_put(pto_strmap *m, const char *key, void *value);
/* Remove every key, keeping the table.  */
void pto_strmap_clear(pto_strmap *m);
/* Free the table (not the keys or values).  */
void pto_strmap_free(pto_strmap *m);

#ifdef __cplusplus
}
#endif

#endif /* PTO_STRMAP_H */
