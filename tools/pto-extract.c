/* pto-extract - write the CCE text carried in .pto.cce sections back
   out as files.

   Usage: pto-extract [OPTION...] FILE...
     -o DIR, --output-dir=DIR  write the files into DIR (default: .)
     -l, --list                print NAME, SIZE and source per record
     --stdout                  write the texts to standard output
     --help, --version
   FILE is an ELF object, executable or shared library (ELF32 or ELF64,
   either byte order), an `ar' archive of them (GNU or BSD member names;
   thin archives are refused) or a raw dump of a .pto.cce section
   (`objcopy --dump-section').  The record format is in
   object/cce-section.h.

   Contract: every input is read and checked before anything is written;
   any bad input (unreadable, not ELF/ar/dump, truncated, without a
   .pto.cce section, an invalid record) gets a message
   "pto-extract: FILE: message" on stderr, exit status 1 and no output
   file.  Each file is written to a temporary file in DIR renamed into
   place.  Records with the same name and the same text are written once;
   a record whose name an earlier, different record took is written as
   STEM.N.EXT (saxpy.cce -> saxpy.1.cce, the smallest free N) with a
   warning.  Exit status 0 on success, 1 on any error.  */

#define _POSIX_C_SOURCE 200809L

#ifdef HAVE_CONFIG_H
#include "pto-config.h"
#endif

#include "object/cce-section.h"
#include "ir/ir.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "dev"
#endif

#define PROG "pto-extract"

/* One record found in the inputs.  TEXT points into a loaded file.  */
typedef struct record {
  char *name;               /* the record's name */
  char *out;                /* the file name it is written under; NULL:
                               a duplicate of an earlier record */
  const unsigned char *text;
  size_t len;
  char *where;              /* "FILE" or "ARCHIVE(MEMBER)" */
} record;

/* Everything one run collects.  */
typedef struct run {
  record *recs;
  size_t nrecs, cap;
  unsigned char **files;    /* loaded inputs, freed at the end */
  size_t nfiles;
} run;

typedef struct cmdline {
  const char *dir;
  bool list, to_stdout;
  char **inputs;
  int ninputs;
} cmdline;

/* ------------------------------------------------------------------ */
/* Messages                                                            */
/* ------------------------------------------------------------------ */

/* "pto-extract: WHERE: message" on stderr; returns -1.  */
static int
error_at(const char *where, const char *fmt, ...)
{
  va_list ap;
  fprintf(stderr, PROG ": %s: ", where);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  return -1;
}

static char *
xasprintf(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = pto_xmalloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

/* ------------------------------------------------------------------ */
/* Records                                                             */
/* ------------------------------------------------------------------ */

/* What the walk of one input found.  */
typedef struct found {
  size_t nsect;             /* .pto.cce sections */
  size_t count;             /* records in them */
  bool lto;                 /* a .gnu.lto_* section (slim LTO object) */
} found;

typedef struct collect {
  run *r;
  const char *where;
  size_t count;
} collect;

/* pto_cce_record_fn: append REC to the run.  */
static int
add_record(const pto_cce_record *rec, void *ctx)
{
  collect *c = ctx;
  run *r = c->r;
  if (r->nrecs == r->cap) {
    r->cap = r->cap ? 2 * r->cap : 16;
    r->recs = pto_xrealloc(r->recs, r->cap * sizeof *r->recs);
  }
  record *d = &r->recs[r->nrecs++];
  d->name = pto_xmalloc(rec->name_len + 1);
  memcpy(d->name, rec->name, rec->name_len);
  d->name[rec->name_len] = '\0';
  d->out = NULL;
  d->text = rec->text;
  d->len = rec->text_len;
  d->where = pto_xstrdup(c->where);
  c->count++;
  return 0;
}

/* Drop the records from index FROM on (those of an input that turned
   out bad).  */
static void
drop_records(run *r, size_t from)
{
  while (r->nrecs > from) {
    record *d = &r->recs[--r->nrecs];
    free(d->name);
    free(d->out);
    free(d->where);
  }
}

/* Parse one .pto.cce section's bytes; add its records to R and count
   them in F; 0, or -1 after a message.  */
static int
parse_section(run *r, const char *where, const unsigned char *data,
              size_t size, found *f)
{
  collect c = { r, where, 0 };
  char err[256];
  if (pto_cce_section_parse(data, size, add_record, &c, err, sizeof err))
    return error_at(where, "section " PTO_CCE_SECTION_NAME ": %s", err);
  f->nsect++;
  f->count += c.count;
  return 0;
}

/* ------------------------------------------------------------------ */
/* ELF                                                                 */
/* ------------------------------------------------------------------ */

typedef struct elf {
  const unsigned char *d;
  size_t size;
  bool is64, big;
} elf;

/* The WIDTH-byte integer at OFF (the caller checked OFF + WIDTH).  */
static uint64_t
elf_get(const elf *e, size_t off, int width)
{
  uint64_t v = 0;
  for (int i = 0; i < width; i++) {
    int k = e->big ? i : width - 1 - i;
    v = (v << 8) | e->d[off + k];
  }
  return v;
}

/* A section header's fields we use.  */
typedef struct shdr {
  uint64_t name, type, flags, offset, size, link;
} shdr;

static void
elf_shdr(const elf *e, size_t off, shdr *s)
{
  s->name = elf_get(e, off, 4);
  s->type = elf_get(e, off + 4, 4);
  if (e->is64) {
    s->flags = elf_get(e, off + 8, 8);
    s->offset = elf_get(e, off + 24, 8);
    s->size = elf_get(e, off + 32, 8);
    s->link = elf_get(e, off + 40, 4);
  } else {
    s->flags = elf_get(e, off + 8, 4);
    s->offset = elf_get(e, off + 16, 4);
    s->size = elf_get(e, off + 20, 4);
    s->link = elf_get(e, off + 24, 4);
  }
}

/* True if [OFF, OFF+LEN) lies inside a file of SIZE bytes.  */
static bool
in_file(uint64_t off, uint64_t len, size_t size)
{
  return off <= size && len <= size - off;
}

#define SHT_NOBITS_ 8u
#define SHF_COMPRESSED_ 0x800u
#define SHN_XINDEX_ 0xffffu

/* The section header table of E: its offset, entry size and count, and
   the string table index; 0, or -1 after a message.  A file without
   section headers has *NUM 0.  */
static int
elf_table(const elf *e, const char *where, uint64_t *shoff, uint64_t *entsize,
          uint64_t *num, uint64_t *strndx)
{
  size_t ehsize = e->is64 ? 64 : 52;
  if (e->size < ehsize)
    return error_at(where, "truncated ELF header (%zu bytes)", e->size);
  *shoff = elf_get(e, e->is64 ? 0x28 : 0x20, e->is64 ? 8 : 4);
  size_t at = e->is64 ? 0x3a : 0x2e;
  *entsize = elf_get(e, at, 2);
  *num = elf_get(e, at + 2, 2);
  *strndx = elf_get(e, at + 4, 2);
  if (*shoff == 0) {
    *num = 0;
    return 0;
  }
  if (*entsize < (e->is64 ? 64u : 40u))
    return error_at(where, "bad ELF section header size %llu",
                    (unsigned long long)*entsize);
  if (!in_file(*shoff, *entsize, e->size))
    return error_at(where, "truncated (section headers past the end of "
                    "the file)");
  if (*num == 0 || *strndx == SHN_XINDEX_) {
    /* Extended numbering: the real values are in section 0.  */
    shdr s0;
    elf_shdr(e, (size_t)*shoff, &s0);
    if (*num == 0)
      *num = s0.size;
    if (*strndx == SHN_XINDEX_)
      *strndx = s0.link;
  }
  if (*num > (e->size - *shoff) / *entsize)
    return error_at(where, "truncated (section headers past the end of "
                    "the file)");
  if (*strndx >= *num)
    return error_at(where, "bad section name table index %llu",
                    (unsigned long long)*strndx);
  return 0;
}

/* Add the records of every .pto.cce section of the ELF file at D and
   count them in F; 0, or -1 after a message.  */
static int
elf_extract(run *r, const char *where, const unsigned char *d, size_t size,
            found *f)
{
  elf e = { d, size, false, false };
  if (size < 16)
    return error_at(where, "truncated ELF header (%zu bytes)", size);
  if (d[4] != 1 && d[4] != 2)
    return error_at(where, "unknown ELF class %u", d[4]);
  if (d[5] != 1 && d[5] != 2)
    return error_at(where, "unknown ELF byte order %u", d[5]);
  e.is64 = d[4] == 2;
  e.big = d[5] == 2;
  uint64_t shoff = 0, entsize = 0, num = 0, strndx = 0;
  if (elf_table(&e, where, &shoff, &entsize, &num, &strndx))
    return -1;
  if (num == 0)
    return 0;
  shdr strtab;
  elf_shdr(&e, (size_t)(shoff + strndx * entsize), &strtab);
  if (strtab.type == SHT_NOBITS_ || !in_file(strtab.offset, strtab.size, size))
    return error_at(where, "truncated (section name table past the end "
                    "of the file)");
  static const char want[] = PTO_CCE_SECTION_NAME;
  static const char lto[] = ".gnu.lto_";
  for (uint64_t i = 1; i < num; i++) {
    shdr s;
    elf_shdr(&e, (size_t)(shoff + i * entsize), &s);
    if (s.name >= strtab.size)
      continue;
    const unsigned char *name = d + strtab.offset + s.name;
    size_t room = (size_t)(strtab.size - s.name);
    if (room > sizeof lto && !memcmp(name, lto, sizeof lto - 1))
      f->lto = true;
    if (room < sizeof want || memcmp(name, want, sizeof want) != 0)
      continue;
    if (s.type == SHT_NOBITS_)
      return error_at(where, "section " PTO_CCE_SECTION_NAME " has no "
                      "contents (NOBITS)");
    if (s.flags & SHF_COMPRESSED_)
      return error_at(where, "section " PTO_CCE_SECTION_NAME " is "
                      "compressed (not supported)");
    if (!in_file(s.offset, s.size, size))
      return error_at(where, "truncated (section " PTO_CCE_SECTION_NAME
                      " past the end of the file)");
    if (parse_section(r, where, d + s.offset, (size_t)s.size, f))
      return -1;
  }
  return 0;
}

/* ------------------------------------------------------------------ */
/* ar archives                                                         */
/* ------------------------------------------------------------------ */

#define AR_HDR 60u

/* The decimal number in the LEN bytes at P (spaces after it); false if
   there is none or it does not fit.  */
static bool
ar_number(const unsigned char *p, size_t len, uint64_t *v)
{
  size_t i = 0;
  *v = 0;
  if (len == 0 || p[0] < '0' || p[0] > '9')
    return false;
  for (; i < len && p[i] >= '0' && p[i] <= '9'; i++) {
    if (*v > (UINT64_MAX - 9) / 10)
      return false;
    *v = *v * 10 + (uint64_t)(p[i] - '0');
  }
  for (; i < len; i++)
    if (p[i] != ' ')
      return false;
  return true;
}

/* The name of a member, for messages: GNU "name/", "/N" (an offset in
   the "//" table LONGS), BSD "#1/N" (the name starts the data: *SKIP
   is set to N), or a plain space-padded name.  NULL after a message.  */
static char *
ar_member_name(const char *where, const unsigned char *h,
               const unsigned char *data, uint64_t msize,
               const unsigned char *longs, size_t nlongs, uint64_t *skip)
{
  *skip = 0;
  size_t n = 16;
  while (n > 0 && h[n - 1] == ' ')
    n--;
  uint64_t v;
  if (n > 3 && !memcmp(h, "#1/", 3)) {
    if (!ar_number(h + 3, 13, &v) || v > msize) {
      error_at(where, "bad BSD member name length");
      return NULL;
    }
    *skip = v;
    size_t len = (size_t)v;
    while (len > 0 && data[len - 1] == 0)
      len--;
    return xasprintf("%.*s", (int)len, (const char *)data);
  }
  if (n > 1 && h[0] == '/' && h[1] >= '0' && h[1] <= '9') {
    if (!ar_number(h + 1, 15, &v) || !longs || v >= nlongs) {
      error_at(where, "bad GNU long member name reference");
      return NULL;
    }
    size_t end = (size_t)v;
    while (end < nlongs && longs[end] != '\n' && longs[end] != 0)
      end++;
    if (end > v && longs[end - 1] == '/')
      end--;
    return xasprintf("%.*s", (int)(end - v), (const char *)longs + v);
  }
  if (n > 1 && h[n - 1] == '/')
    n--;
  return xasprintf("%.*s", (int)n, (const char *)h);
}

/* True for the special GNU members: "/" and "/SYM64/" (symbol tables),
   "//" (the long names).  */
static bool
ar_special(const unsigned char *h)
{
  return !memcmp(h, "/               ", 16) || !memcmp(h, "/SYM64/", 7)
         || !memcmp(h, "//              ", 16);
}

/* Add the records of the ELF members of the archive at D; 0, or -1
   after a message.  Members that are not ELF files are skipped.  */
static int
ar_extract(run *r, const char *where, const unsigned char *d, size_t size,
           found *f)
{
  const unsigned char *longs = NULL;
  size_t nlongs = 0;
  size_t off = 8;
  while (off < size) {
    if (size - off < AR_HDR)
      return error_at(where, "truncated archive (member header at offset "
                      "%zu)", off);
    const unsigned char *h = d + off;
    uint64_t msize;
    if (h[58] != '`' || h[59] != '\n' || !ar_number(h + 48, 10, &msize))
      return error_at(where, "bad archive member header at offset %zu", off);
    if (msize > size - off - AR_HDR)
      return error_at(where, "truncated archive (member at offset %zu "
                      "needs %llu bytes)", off, (unsigned long long)msize);
    const unsigned char *data = h + AR_HDR;
    if (!memcmp(h, "//              ", 16)) {
      longs = data;
      nlongs = (size_t)msize;
    } else if (!ar_special(h)) {
      uint64_t skip;
      char *name = ar_member_name(where, h, data, msize, longs, nlongs, &skip);
      if (!name)
        return -1;
      char *mwhere = xasprintf("%s(%s)", where, name);
      free(name);
      int rc = 0;
      if (msize - skip >= 4 && !memcmp(data + skip, "\177ELF", 4))
        rc = elf_extract(r, mwhere, data + skip, (size_t)(msize - skip), f);
      free(mwhere);
      if (rc)
        return -1;
    }
    off += AR_HDR + (size_t)msize;
    off += off & 1;
  }
  return 0;
}

/* ------------------------------------------------------------------ */
/* Inputs                                                              */
/* ------------------------------------------------------------------ */

/* Read all of PATH into a malloc'd block; NULL after a message.  */
static unsigned char *
load(const char *path, size_t *size)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    error_at(path, "%s", strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, len = 0;
  errno = 0;
  unsigned char *buf = pto_xmalloc(cap);
  for (;;) {
    if (len == cap)
      buf = pto_xrealloc(buf, cap *= 2);
    size_t n = fread(buf + len, 1, cap - len, f);
    len += n;
    if (n == 0)
      break;
  }
  bool bad = ferror(f) != 0;
  int saved = errno;
  fclose(f);
  if (bad) {
    error_at(path, "%s", strerror(saved ? saved : EIO));
    free(buf);
    return NULL;
  }
  *size = len;
  return buf;
}

/* Load PATH and add its records to R; 0, or -1 after a message (and
   then none of its records is kept).  */
static int
extract_input(run *r, const char *path)
{
  size_t size = 0;
  unsigned char *d = load(path, &size);
  if (!d)
    return -1;
  r->files = pto_xrealloc(r->files, (r->nfiles + 1) * sizeof *r->files);
  r->files[r->nfiles++] = d;
  size_t first = r->nrecs;
  found f = { 0, 0, false };
  int rc;
  if (size >= 8 && !memcmp(d, "!<arch>\n", 8))
    rc = ar_extract(r, path, d, size, &f);
  else if (size >= 8 && !memcmp(d, "!<thin>\n", 8))
    rc = error_at(path, "thin archive (its members are separate files: "
                  "pass those instead)");
  else if (size >= 4 && !memcmp(d, "\177ELF", 4))
    rc = elf_extract(r, path, d, size, &f);
  else if (size >= 1 && d[0] == PTO_CCE_MAGIC[0])
    rc = parse_section(r, path, d, size, &f);    /* a raw section dump */
  else
    rc = error_at(path, size == 0 ? "empty file" : "not an ELF file, an ar "
                  "archive or a " PTO_CCE_SECTION_NAME " dump");
  if (rc == 0 && f.nsect == 0)
    rc = error_at(path, "no " PTO_CCE_SECTION_NAME " section%s",
                  f.lto ? " (a slim LTO object: the section is in what it "
                  "is linked into)" : "");
  else if (rc == 0 && f.count == 0)
    rc = error_at(path, "no record in the " PTO_CCE_SECTION_NAME
                  " section (only zero bytes)");
  if (rc)
    drop_records(r, first);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Output names                                                        */
/* ------------------------------------------------------------------ */

/* True if NAME is taken: the name or output name of any record (other
   than SELF).  Checking every record's own name too keeps a renamed
   duplicate from taking the name of a later record.  */
static bool
name_taken(const run *r, const record *self, const char *name)
{
  for (size_t i = 0; i < r->nrecs; i++) {
    const record *o = &r->recs[i];
    if (o == self)
      continue;
    if (!strcmp(o->name, name) || (o->out && !strcmp(o->out, name)))
      return true;
  }
  return false;
}

/* STEM.N.EXT for NAME = STEM.EXT (STEM.N if NAME has no extension).  */
static char *
numbered_name(const char *name, unsigned n)
{
  const char *dot = strrchr(name, '.');
  if (!dot || dot == name)
    return xasprintf("%s.%u", name, n);
  return xasprintf("%.*s.%u%s", (int)(dot - name), name, n, dot);
}

/* Give each record its output name (see the contract on top).  */
static void
assign_names(run *r)
{
  for (size_t i = 0; i < r->nrecs; i++) {
    record *d = &r->recs[i];
    const record *same = NULL;
    bool identical = false;
    for (size_t k = 0; k < i && !identical; k++) {
      const record *o = &r->recs[k];
      if (!o->out || strcmp(o->name, d->name))
        continue;
      same = o;
      identical = o->len == d->len && !memcmp(o->text, d->text, d->len);
    }
    if (identical)
      continue;
    if (!same) {
      d->out = pto_xstrdup(d->name);
      continue;
    }
    char *cand = NULL;
    for (unsigned n = 1;; n++) {
      cand = numbered_name(d->name, n);
      if (!name_taken(r, d, cand))
        break;
      free(cand);
    }
    d->out = cand;
    fprintf(stderr, PROG ": warning: %s: another record named '%s' came "
            "from %s; this one is written as '%s'\n", d->where, d->name,
            same->where, d->out);
  }
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

/* Write LEN bytes of TEXT to DIR/NAME through a temporary file in DIR
   renamed into place; 0, or -1 after a message (no file left behind).  */
static int
write_file(const char *dir, const char *name, const unsigned char *text,
           size_t len)
{
  char *path = xasprintf("%s/%s", dir, name);
  char *tmp = xasprintf("%s/.%s.XXXXXX", dir, name);
  int fd = mkstemp(tmp);
  int rc = 0;
  if (fd < 0) {
    rc = error_at(path, "cannot create a temporary file: %s",
                  strerror(errno));
    goto out;
  }
  mode_t mask = umask(0);
  umask(mask);
  FILE *f = fdopen(fd, "wb");
  bool ok = f && fchmod(fd, 0666 & ~mask) == 0
            && fwrite(text, 1, len, f) == len && fflush(f) == 0;
  int saved = errno;
  if (f ? fclose(f) != 0 : close(fd) != 0) {
    if (ok)
      saved = errno;
    ok = false;
  }
  if (ok && rename(tmp, path) != 0) {
    saved = errno;
    ok = false;
  }
  if (!ok) {
    rc = error_at(path, "cannot write: %s", strerror(saved));
    remove(tmp);
  }
out:
  free(tmp);
  free(path);
  return rc;
}

/* Write, list or print the named records; the exit status.  */
static int
emit(const run *r, const cmdline *c)
{
  int status = 0;
  for (size_t i = 0; i < r->nrecs; i++) {
    const record *d = &r->recs[i];
    if (!d->out)
      continue;
    if (c->list)
      printf("%s\t%zu\t%s\n", d->out, d->len, d->where);
    else if (c->to_stdout)
      fwrite(d->text, 1, d->len, stdout);
    else if (write_file(c->dir, d->out, d->text, d->len))
      status = 1;
  }
  if ((c->list || c->to_stdout) && (fflush(stdout) != 0 || ferror(stdout))) {
    fprintf(stderr, PROG ": standard output: %s\n", strerror(errno));
    status = 1;
  }
  return status;
}

/* ------------------------------------------------------------------ */
/* Command line                                                        */
/* ------------------------------------------------------------------ */

static void
usage(FILE *out)
{
  fprintf(out,
          "Usage: " PROG " [OPTION...] FILE...\n"
          "Write the CCE text kept in the " PTO_CCE_SECTION_NAME
          " sections of objects,\n"
          "executables, shared libraries and ar archives back out as "
          "files.\n\n"
          "  -o DIR, --output-dir=DIR  write the files into DIR "
          "(default: .)\n"
          "  -l, --list                print name, size and source of "
          "each record;\n"
          "                            write nothing\n"
          "  --stdout                  write the texts to standard output\n"
          "  --help                    print this help and exit\n"
          "  --version                 print the version and exit\n\n"
          "Each record becomes DIR/NAME.  A different record with a name "
          "already used\n"
          "is written as STEM.N.EXT (a warning); identical ones are "
          "written once.\n"
          "Nothing is written unless every FILE is valid.\n");
}

/* Fill C from ARGV; 0, 1 for a usage error (message printed), or -1
   when --help/--version was handled.  */
static int
parse_args(int argc, char **argv, cmdline *c)
{
  c->dir = ".";
  c->inputs = pto_xcalloc((size_t)argc, sizeof *c->inputs);
  bool opts = true;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!opts || a[0] != '-' || !a[1]) {
      c->inputs[c->ninputs++] = argv[i];
    } else if (!strcmp(a, "--")) {
      opts = false;
    } else if (!strcmp(a, "--help")) {
      usage(stdout);
      return -1;
    } else if (!strcmp(a, "--version")) {
      printf(PROG " (pto-gcc) %s\n.pto.cce record format %u\n",
             PACKAGE_VERSION, PTO_CCE_FORMAT_VERSION);
      return -1;
    } else if (!strcmp(a, "-l") || !strcmp(a, "--list")) {
      c->list = true;
    } else if (!strcmp(a, "--stdout")) {
      c->to_stdout = true;
    } else if (!strncmp(a, "--output-dir=", 13) && a[13]) {
      c->dir = a + 13;
    } else if (!strcmp(a, "-o") || !strcmp(a, "--output-dir")) {
      if (i + 1 >= argc || !argv[i + 1][0]) {
        fprintf(stderr, PROG ": %s needs a directory\n", a);
        return 1;
      }
      c->dir = argv[++i];
    } else if (!strncmp(a, "-o", 2)) {
      c->dir = a + 2;
    } else {
      fprintf(stderr, PROG ": unknown option '%s' (try --help)\n", a);
      return 1;
    }
  }
  if (c->list && c->to_stdout) {
    fprintf(stderr, PROG ": --list and --stdout exclude each other\n");
    return 1;
  }
  if (c->ninputs == 0) {
    fprintf(stderr, PROG ": no input file (try --help)\n");
    return 1;
  }
  return 0;
}

/* The output directory must exist (it is not created); 0 or -1.  */
static int
check_dir(const char *dir)
{
  struct stat st;
  if (stat(dir, &st) != 0)
    return error_at(dir, "output directory: %s", strerror(errno));
  if (!S_ISDIR(st.st_mode))
    return error_at(dir, "output directory: not a directory");
  return 0;
}

static void
free_run(run *r)
{
  drop_records(r, 0);
  free(r->recs);
  for (size_t i = 0; i < r->nfiles; i++)
    free(r->files[i]);
  free(r->files);
}

int
main(int argc, char **argv)
{
  cmdline c = {0};
  int rc = parse_args(argc, argv, &c);
  if (rc != 0) {
    free(c.inputs);
    return rc < 0 ? 0 : 1;
  }
  int status = 0;
  if (!c.list && !c.to_stdout && check_dir(c.dir))
    status = 1;
  run r = {0};
  for (int i = 0; i < c.ninputs; i++)
    if (extract_input(&r, c.inputs[i]))
      status = 1;
  if (status == 0) {
    assign_names(&r);
    status = emit(&r, &c);
  }
  free_run(&r);
  free(c.inputs);
  return status;
}
