/* cce-section-test - unit tests of the .pto.cce record writer and
   reader (object/cce-section.h), and the input generator of
   testsuite/unit/pto-extract.sh.

   Without arguments: checks pto_cce_section_asm (determinism, section
   push/pop, names) by decoding its directives back to bytes with a small
   model of GNU as (.byte, .ascii, .balign) and parsing them with
   pto_cce_section_parse, which must give the input back byte for byte;
   then feeds the parser corrupted data (every truncation, every bit flip,
   bad versions, flags and names, zero padding) that it must reject with
   the right message, or accept when valid.  Prints PASS:/FAIL: lines;
   exit status 1 on any failure.

   With `--write DIR': writes the sample texts as DIR/in/NAME (the bytes
   pto-extract must give back), the assembly of their records as
   DIR/STEM.s, and hand-made ELF files (ELF32/ELF64, little- and
   big-endian, relocatable, with one .pto.cce section holding the record
   of quotes.cce) as DIR/elf{32,64}{le,be}.o, for the shell test (DIR/in must exist).  */

#include "object/cce-section.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void
check(bool ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  if (!ok)
    failures++;
}

/* ------------------------------------------------------------------ */
/* Samples                                                             */
/* ------------------------------------------------------------------ */

typedef struct sample {
  const char *stem;      /* DIR/STEM.s */
  const char *name;      /* the record name */
  unsigned char *text;
  size_t len;
} sample;

static unsigned char *
copy_bytes(const void *p, size_t n)
{
  unsigned char *s = malloc(n ? n : 1);
  if (!s)
    abort();
  memcpy(s, p, n);
  return s;
}

static const char quotes_text[] =
  "// \"quoted\" and \\backslashed\\ \\\" \\\\n\n"
  "\tint x = 1;\t/* tab */\r\n"
  "caf\xc3\xa9 \xe2\x88\x80 \xf0\x9f\x98\x80 \x01\x7f\xff\x80 ?\?=\n"
  "\\0\\012\\x41 digits after octal: \x01" "234\n";

/* A 200 KB text of C-like lines from a fixed linear congruential
   generator (same bytes every run).  */
static unsigned char *
big_text(size_t *len)
{
  size_t n = 200 * 1024;
  unsigned char *s = malloc(n);
  if (!s)
    abort();
  unsigned x = 12345;
  for (size_t i = 0; i < n; i++) {
    x = x * 1103515245u + 12345u;
    unsigned r = (x >> 16) % 97;
    s[i] = r < 80 ? (unsigned char)(' ' + r % 95) : r < 90 ? '\n'
           : r < 93 ? '"' : r < 95 ? '\\' : '\t';
  }
  *len = n;
  return s;
}

/* The samples of the shell test; *N gets their number.  */
static sample *
make_samples(size_t *n)
{
  static sample s[8];
  unsigned char all[512];
  for (int i = 0; i < 512; i++)
    all[i] = (unsigned char)i;
  s[0] = (sample){ "empty", "empty.cce", copy_bytes("", 0), 0 };
  s[1] = (sample){ "quotes", "quotes.cce",
                   copy_bytes(quotes_text, sizeof quotes_text - 1),
                   sizeof quotes_text - 1 };
  s[2] = (sample){ "allbytes", "allbytes.cce", copy_bytes(all, 512), 512 };
  s[3] = (sample){ "big", "big.cce", NULL, 0 };
  s[3].text = big_text(&s[3].len);
  s[4] = (sample){ "dup1", "dup.cce", copy_bytes("first dup\n", 10), 10 };
  s[5] = (sample){ "dup2", "dup.cce", copy_bytes("second dup\n", 11), 11 };
  s[6] = (sample){ "two", "two-a.cce", copy_bytes("record a\n", 9), 9 };
  s[7] = (sample){ "two", "two-b.cce", copy_bytes("record b\n", 9), 9 };
  *n = 8;
  return s;
}

/* ------------------------------------------------------------------ */
/* A model of the GNU as directives the writer uses                    */
/* ------------------------------------------------------------------ */

typedef struct bytes {
  unsigned char *p;
  size_t len, cap;
} bytes;

static void
push(bytes *b, unsigned char c)
{
  if (b->len == b->cap) {
    b->cap = b->cap ? 2 * b->cap : 256;
    b->p = realloc(b->p, b->cap);
    if (!b->p)
      abort();
  }
  b->p[b->len++] = c;
}

/* Decode one .ascii operand starting after its opening quote; false on
   a malformed escape.  */
static bool
decode_ascii(const char *s, bytes *out)
{
  for (; *s && *s != '"'; s++) {
    if (*s != '\\') {
      push(out, (unsigned char)*s);
      continue;
    }
    unsigned v = 0;
    for (int i = 1; i <= 3; i++) {
      if (s[i] < '0' || s[i] > '7')
        return false;
      v = v * 8 + (unsigned)(s[i] - '0');
    }
    push(out, (unsigned char)v);
    s += 3;
  }
  return *s == '"' && s[1] == '\0';
}

/* The section contents ASM produces (one section, starting at offset 0),
   or false if ASM has a line this model does not know.  */
static bool
assemble(const char *asm_text, bytes *out)
{
  char *copy = (char *)copy_bytes(asm_text, strlen(asm_text) + 1);
  bool ok = true;
  for (char *line = ok ? strtok(copy, "\n") : NULL; ok && line;
       line = strtok(NULL, "\n")) {
    if (!strncmp(line, "\t.pushsection .pto.cce,\"\",@progbits", 35)
        || !strcmp(line, "\t.popsection"))
      continue;
    if (!strcmp(line, "\t.balign 8")) {
      while (out->len % 8)
        push(out, 0);
    } else if (!strncmp(line, "\t.ascii \"", 9)) {
      ok = decode_ascii(line + 9, out);
    } else if (!strncmp(line, "\t.byte ", 7)) {
      char *p = line + 7;
      while (ok && *p && *p != '\t') {
        char *end;
        unsigned long v = strtoul(p, &end, 0);
        ok = end != p && v < 256;
        push(out, (unsigned char)v);
        p = *end == ',' ? end + 1 : end;
      }
    } else {
      ok = false;
    }
  }
  free(copy);
  return ok;
}

/* ------------------------------------------------------------------ */
/* Writer tests                                                        */
/* ------------------------------------------------------------------ */

typedef struct got {
  int n;
  pto_cce_record rec[4];
} got;

static int
collect(const pto_cce_record *r, void *ctx)
{
  got *g = ctx;
  if (g->n < 4)
    g->rec[g->n] = *r;
  g->n++;
  return 0;
}

/* The record of NAME/TEXT must decode and parse back to itself.  */
static void
check_round_trip(const char *name, const unsigned char *text, size_t len)
{
  char what[128];
  char *a = pto_cce_section_asm(name, (const char *)text, len);
  char *b = pto_cce_section_asm(name, (const char *)text, len);
  snprintf(what, sizeof what, "asm %s: deterministic", name);
  check(a && b && !strcmp(a, b), what);
  snprintf(what, sizeof what, "asm %s: pushsection first, popsection last",
           name);
  check(a && !strncmp(a, "\t.pushsection .pto.cce,\"\",@progbits\n", 36)
        && strlen(a) > 13
        && !strcmp(a + strlen(a) - 13, "\t.popsection\n"), what);
  bytes sec = {0};
  snprintf(what, sizeof what, "asm %s: only known directives", name);
  check(a && assemble(a, &sec), what);
  got g = {0};
  char err[200];
  int rc = pto_cce_section_parse(sec.p, sec.len, collect, &g, err, sizeof err);
  snprintf(what, sizeof what, "asm %s: parses to one record, 8-aligned size",
           name);
  check(rc == 0 && g.n == 1 && sec.len % 8 == 0
        && sec.len == ((32 + strlen(name) + len + 7) & ~(size_t)7), what);
  snprintf(what, sizeof what, "asm %s: name and %zu text bytes exact", name,
           len);
  check(rc == 0 && g.n == 1 && g.rec[0].name_len == strlen(name)
        && !memcmp(g.rec[0].name, name, strlen(name))
        && g.rec[0].text_len == len && !memcmp(g.rec[0].text, text, len),
        what);
  free(sec.p);
  free(a);
  free(b);
}

static void
test_writer(void)
{
  size_t n;
  sample *s = make_samples(&n);
  for (size_t i = 0; i < n; i++)
    check_round_trip(s[i].name, s[i].text, s[i].len);

  char *a = pto_cce_section_asm("/tmp/build/out/saxpy.cce", "x\n", 2);
  char *b = pto_cce_section_asm("saxpy.cce", "x\n", 2);
  check(a && b && !strcmp(a, b), "asm: directories of the name dropped");
  free(a);
  free(b);
  a = pto_cce_section_asm("k.cce", NULL, 0);
  check(a != NULL, "asm: NULL text with length 0");
  free(a);
  static const char *const bad[] = { "", "dir/", ".", "..", "a\nb", "x\x7f",
                                     "tab\there" };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    char what[64];
    snprintf(what, sizeof what, "asm: invalid name #%zu refused", i);
    check(pto_cce_section_asm(bad[i], "t", 1) == NULL, what);
  }
  char longname[300];
  memset(longname, 'n', sizeof longname - 1);
  longname[sizeof longname - 1] = 0;
  check(pto_cce_section_asm(longname, "t", 1) == NULL,
        "asm: name longer than 255 bytes refused");
  longname[255] = 0;
  a = pto_cce_section_asm(longname, "t", 1);
  check(a != NULL, "asm: 255-byte name accepted");
  free(a);
  check(pto_cce_name_valid("..x", 3) && pto_cce_name_valid(".cce", 4)
        && pto_cce_name_valid("a b\xc3\xa9", 5),
        "names: leading dots, spaces and UTF-8 allowed");
  for (size_t i = 0; i < n; i++)
    free(s[i].text);
}

/* ------------------------------------------------------------------ */
/* Reader tests                                                        */
/* ------------------------------------------------------------------ */

/* The section bytes of one record (via the writer and the model).  */
static bytes
record_bytes(const char *name, const char *text)
{
  bytes b = {0};
  char *a = pto_cce_section_asm(name, text, strlen(text));
  if (!a || !assemble(a, &b))
    abort();
  free(a);
  return b;
}

/* Parse LEN bytes at P; return the result, the count in *N and the
   message in ERR.  */
static int
parse(const unsigned char *p, size_t len, int *n, char *err, size_t errlen)
{
  got g = {0};
  int rc = pto_cce_section_parse(p, len, collect, &g, err, errlen);
  *n = g.n;
  return rc;
}

static void
put_le32(unsigned char *p, unsigned v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (unsigned char)(v >> (8 * i));
}

static int
stop_at_second(const pto_cce_record *r, void *ctx)
{
  (void)r;
  return ++*(int *)ctx == 2 ? 42 : 0;
}

static void
test_reader(void)
{
  char err[200];
  int n;
  check(pto_cce_crc32(0, "123456789", 9) == 0xcbf43926u,
        "crc32: the standard check value");
  check(parse(NULL, 0, &n, err, sizeof err) == 0 && n == 0,
        "parse: empty data, no record");
  unsigned char zeros[24] = {0};
  check(parse(zeros, sizeof zeros, &n, err, sizeof err) == 0 && n == 0,
        "parse: zero bytes only, no record");

  bytes r = record_bytes("k.cce", "kernel text\n");
  /* Zero padding before, between and after records; odd amounts.  */
  bytes two = {0};
  for (int i = 0; i < 3; i++)
    push(&two, 0);
  for (size_t i = 0; i < r.len; i++)
    push(&two, r.p[i]);
  for (int i = 0; i < 13; i++)
    push(&two, 0);
  for (size_t i = 0; i < r.len; i++)
    push(&two, r.p[i]);
  for (int i = 0; i < 5; i++)
    push(&two, 0);
  check(parse(two.p, two.len, &n, err, sizeof err) == 0 && n == 2,
        "parse: zero padding skipped, two records");
  int calls = 0;
  check(pto_cce_section_parse(two.p, two.len, stop_at_second, &calls, NULL,
                              0) == 42 && calls == 2,
        "parse: the callback's non-zero value stops the walk");

  /* Every cut inside the record fails (as truncated); cuts in the zero
     padding after the text are fine.  */
  size_t end_of_text = 32 + 5 + 12;
  bool cuts_ok = true;
  for (size_t cut = 1; cut < r.len; cut++) {
    int rc = parse(r.p, cut, &n, err, sizeof err);
    bool want_ok = cut >= end_of_text;
    if (want_ok ? rc != 0 || n != 1
        : rc != -1 || !strstr(err, "truncated") || !strstr(err, "offset 0"))
      cuts_ok = false;
  }
  check(cuts_ok, "parse: every truncation rejected as truncated at offset 0");

  /* Every single bit flip in the record or its padding is rejected.  */
  bool flips_ok = true;
  for (size_t i = 0; i < r.len; i++)
    for (int bit = 0; bit < 8; bit++) {
      r.p[i] ^= (unsigned char)(1u << bit);
      if (parse(r.p, r.len, &n, err, sizeof err) != -1 || err[0] == 0)
        flips_ok = false;
      r.p[i] ^= (unsigned char)(1u << bit);
    }
  check(flips_ok, "parse: every bit flip rejected with a message");

  bytes c = record_bytes("k.cce", "kernel text\n");
  c.p[end_of_text - 1] ^= 0x20;
  check(parse(c.p, c.len, &n, err, sizeof err) == -1
        && strstr(err, "checksum") && strstr(err, "'k.cce'"),
        "parse: changed text gives a checksum error naming the record");
  free(c.p);
  c = record_bytes("k.cce", "kernel text\n");
  put_le32(c.p + 8, 2);
  check(parse(c.p, c.len, &n, err, sizeof err) == -1
        && strstr(err, "version 2"), "parse: version 2 refused");
  put_le32(c.p + 8, 1);
  put_le32(c.p + 28, 4);
  check(parse(c.p, c.len, &n, err, sizeof err) == -1 && strstr(err, "flags"),
        "parse: unknown flags refused");
  free(c.p);

  /* A name with a slash, checksum right: still refused.  */
  c = record_bytes("k.cce", "kernel text\n");
  c.p[33] = '/';
  uint32_t crc = pto_cce_crc32(0, c.p + 32, 5 + 12);
  put_le32(c.p + 24, crc);
  check(parse(c.p, c.len, &n, err, sizeof err) == -1
        && strstr(err, "invalid record name"),
        "parse: a name with '/' refused even with a good checksum");
  free(c.p);

  /* Garbage after a valid record: the offset of the garbage.  */
  c = record_bytes("k.cce", "kernel text\n");
  size_t at = c.len;
  push(&c, 'G');
  snprintf(err, sizeof err, "x");
  check(parse(c.p, c.len, &n, err, sizeof err) == -1 && n == 1
        && strstr(err, "bad magic"),
        "parse: garbage after a record refused");
  char want[40];
  snprintf(want, sizeof want, "offset %zu:", at);
  check(strstr(err, want) != NULL, "parse: message names the offset");
  free(c.p);

  /* Huge lengths must not overflow the bounds check.  */
  c = record_bytes("k.cce", "kernel text\n");
  for (int i = 16; i < 24; i++)
    c.p[i] = 0xff;
  check(parse(c.p, c.len, &n, err, sizeof err) == -1
        && strstr(err, "truncated"), "parse: text length 2^64-1 refused");
  put_le32(c.p + 12, 0xffffffffu);
  check(parse(c.p, c.len, &n, err, sizeof err) == -1
        && strstr(err, "truncated"), "parse: name length 2^32-1 refused");
  char tiny[4];
  check(pto_cce_section_parse(c.p, c.len, NULL, NULL, tiny, sizeof tiny) == -1
        && strlen(tiny) == 3, "parse: short message buffer truncated, "
        "terminated");
  free(c.p);
  free(r.p);
  free(two.p);
}

/* ------------------------------------------------------------------ */
/* --write DIR                                                         */
/* ------------------------------------------------------------------ */

static bool
write_bytes(const char *path, const void *p, size_t n, const char *mode)
{
  FILE *f = fopen(path, mode);
  bool ok = f && fwrite(p, 1, n, f) == n;
  if (f && fclose(f) != 0)
    ok = false;
  if (!ok)
    fprintf(stderr, "cce-section-test: cannot write %s\n", path);
  return ok;
}

/* V as WIDTH bytes at P in the byte order BIG.  */
static void
put_int(unsigned char *p, unsigned long long v, int width, bool big)
{
  for (int i = 0; i < width; i++)
    p[big ? width - 1 - i : i] = (unsigned char)(v >> (8 * i));
}

/* A minimal relocatable ELF file with sections: null, .pto.cce (SEC),
   .shstrtab.  */
static bool
write_elf(const char *path, bool is64, bool big, const bytes *sec)
{
  static const char names[] = "\0.pto.cce\0.shstrtab";
  size_t eh = is64 ? 64 : 52, sh = is64 ? 64 : 40;
  size_t sec_off = (eh + 7) & ~(size_t)7;
  size_t str_off = sec_off + sec->len;
  size_t tab_off = (str_off + sizeof names + 7) & ~(size_t)7;
  size_t total = tab_off + 3 * sh;
  unsigned char *f = calloc(total, 1);
  if (!f)
    abort();
  memcpy(f, "\177ELF", 4);
  f[4] = is64 ? 2 : 1;
  f[5] = big ? 2 : 1;
  f[6] = 1;
  put_int(f + 16, 1, 2, big);                           /* ET_REL */
  put_int(f + 18, is64 ? (big ? 21 : 62) : (big ? 20 : 3), 2, big);
  put_int(f + 20, 1, 4, big);                           /* EV_CURRENT */
  put_int(f + (is64 ? 0x28 : 0x20), tab_off, is64 ? 8 : 4, big);
  size_t at = is64 ? 0x34 : 0x28;
  put_int(f + at, eh, 2, big);                          /* e_ehsize */
  put_int(f + at + 6, sh, 2, big);                      /* e_shentsize */
  put_int(f + at + 8, 3, 2, big);                       /* e_shnum */
  put_int(f + at + 10, 2, 2, big);                      /* e_shstrndx */
  memcpy(f + sec_off, sec->p, sec->len);
  memcpy(f + str_off, names, sizeof names);
  /* name, type, offset, size, align of sections 1 and 2.  */
  size_t fields[2][5] = { { 1, 1, sec_off, sec->len, 8 },
                          { 10, 3, str_off, sizeof names, 1 } };
  for (int i = 0; i < 2; i++) {
    unsigned char *s = f + tab_off + (size_t)(i + 1) * sh;
    put_int(s, fields[i][0], 4, big);
    put_int(s + 4, fields[i][1], 4, big);
    if (is64) {
      put_int(s + 24, fields[i][2], 8, big);
      put_int(s + 32, fields[i][3], 8, big);
      put_int(s + 48, fields[i][4], 8, big);
    } else {
      put_int(s + 16, fields[i][2], 4, big);
      put_int(s + 20, fields[i][3], 4, big);
      put_int(s + 32, fields[i][4], 4, big);
    }
  }
  bool ok = write_bytes(path, f, total, "wb");
  free(f);
  return ok;
}

static int
write_inputs(const char *dir)
{
  char path[4096];
  size_t n;
  sample *s = make_samples(&n);
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    /* Samples sharing a stem go into one .s file, in order.  */
    bool more = i > 0 && !strcmp(s[i - 1].stem, s[i].stem);
    char *a = pto_cce_section_asm(s[i].name, (const char *)s[i].text,
                                  s[i].len);
    snprintf(path, sizeof path, "%s/%s.s", dir, s[i].stem);
    ok = a && write_bytes(path, a, strlen(a), more ? "ab" : "wb");
    free(a);
    /* The second dup.cce is the one written as dup.1.cce.  */
    bool second_dup = !strcmp(s[i].stem, "dup2");
    snprintf(path, sizeof path, "%s/in/%s", dir,
             second_dup ? "dup.1.cce" : s[i].name);
    ok = ok && write_bytes(path, s[i].text, s[i].len, "wb");
  }
  bytes sec = {0};
  char *a = pto_cce_section_asm(s[1].name, (const char *)s[1].text, s[1].len);
  ok = ok && a && assemble(a, &sec);
  free(a);
  for (int k = 0; k < 4 && ok; k++) {
    bool is64 = k & 1, big = k & 2;
    snprintf(path, sizeof path, "%s/elf%d%s.o", dir, is64 ? 64 : 32,
             big ? "be" : "le");
    ok = write_elf(path, is64, big, &sec);
  }
  free(sec.p);
  for (size_t i = 0; i < n; i++)
    free(s[i].text);
  return ok ? 0 : 1;
}

int
main(int argc, char **argv)
{
  if (argc == 3 && !strcmp(argv[1], "--write"))
    return write_inputs(argv[2]);
  if (argc != 1) {
    fprintf(stderr, "usage: cce-section-test [--write DIR]\n");
    return 2;
  }
  test_writer();
  test_reader();
  printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
