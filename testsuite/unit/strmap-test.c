/* strmap-test.c - unit test of the string set / map (ir/strmap.h).

   Checks, against a plain array searched with strcmp: membership after
   random additions (with repeats, so growth and probing are exercised),
   the value of every key, that keys compare by content (a copy finds the
   original, pto_strmap_key returns the pointer first added), the set
   form's return value, clear and free.  Prints PASS:/FAIL: lines; exits
   1 on a failure.  */

#include "ir/ir.h"
#include "ir/strmap.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void
check(int ok, const char *what)
{
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}

static unsigned long rng = 12345;
static unsigned
next(void)
{
  rng = rng * 6364136223846793005ul + 1442695040888963407ul;
  return (unsigned)(rng >> 33);
}

enum { NKEYS = 5000 };

int
main(void)
{
  static char keys[NKEYS][16];
  static int in_ref[NKEYS];
  pto_strmap m = {0};

  check(!pto_strmap_has(&m, "x") && !pto_strmap_get(&m, "x")
        && !pto_strmap_key(&m, "x"), "the empty map has nothing");

  for (int i = 0; i < NKEYS; i++)
    snprintf(keys[i], sizeof keys[i], "k%u_%d", next() % 1000, i);
  /* Random additions with repeats: the set form says whether it added.  */
  for (int round = 0; round < 3 * NKEYS; round++) {
    int i = (int)(next() % NKEYS);
    bool added = pto_strmap_add(&m, keys[i]);
    check(added == !in_ref[i], "add returns whether the key was new");
    if (added)
      *pto_strmap_slot_of(&m, keys[i], NULL) = (void *)(uintptr_t)(i + 1);
    in_ref[i] = 1;
  }
  size_t n = 0;
  for (int i = 0; i < NKEYS; i++) {
    char copy[16];
    memcpy(copy, keys[i], sizeof copy);
    n += in_ref[i];
    check(pto_strmap_has(&m, copy) == in_ref[i], "membership by content");
    if (in_ref[i]) {
      check((uintptr_t)pto_strmap_get(&m, copy) == (uintptr_t)(i + 1),
            "the value of a key");
      check(pto_strmap_key(&m, copy) == keys[i],
            "the key is the pointer first added");
    }
  }
  check(m.n == n, "n counts the keys");
  check(m.cap >= 2 * m.n && (m.cap & (m.cap - 1)) == 0,
        "the table is a power of two, at most half full");
  size_t used = 0;
  for (size_t i = 0; i < m.cap; i++)
    used += m.slots[i].key != NULL;
  check(used == n, "walking the slots meets every key once");

  bool added = true;
  void **slot = pto_strmap_slot_of(&m, "k-new", &added);
  check(added && *slot == NULL, "slot_of adds with a NULL value");
  pto_strmap_put(&m, "k-new", &added);
  check(pto_strmap_get(&m, "k-new") == &added, "put replaces the value");
  pto_strmap_slot_of(&m, "k-new", &added);
  check(!added, "slot_of finds an existing key");
  check(pto_strmap_has(&m, "") == false && pto_strmap_add(&m, ""),
        "the empty string is a key like any other");

  size_t cap = m.cap;
  pto_strmap_clear(&m);
  check(m.n == 0 && m.cap == cap && !pto_strmap_has(&m, keys[0])
        && !pto_strmap_has(&m, "k-new"), "clear empties, keeps the table");
  check(pto_strmap_add(&m, keys[0]) && pto_strmap_has(&m, keys[0]),
        "a cleared map takes keys again");
  pto_strmap_free(&m);
  check(m.slots == NULL && m.cap == 0 && m.n == 0
        && !pto_strmap_has(&m, keys[0]), "free returns the empty map");

  check(pto_str_hash("abc") == pto_str_hash("abc")
        && pto_str_hash("abc") != pto_str_hash("abd"), "the hash");

  printf("%s: strmap (%zu keys)\n", failures ? "FAIL" : "PASS", n);
  return failures != 0;
}
