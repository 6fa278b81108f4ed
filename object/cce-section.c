/* cce-section.c - writer and reader of the .pto.cce section records
   (format and contracts in cce-section.h).

   The writer makes the assembly text in two passes over the same code:
   the first only counts bytes, the second fills one malloc'd block of
   that size, so that running out of memory is a NULL return and never
   an abort (the plugin lives inside cc1).  The reader checks every field
   before it trusts it and never reads outside the data it is given.  */

#include "object/cce-section.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Source bytes per .ascii line (before escaping).  */
#define ASCII_CHUNK 64

/* ------------------------------------------------------------------ */
/* Shared helpers                                                      */
/* ------------------------------------------------------------------ */

uint32_t
pto_cce_crc32(uint32_t crc, const void *p, size_t len)
{
  const unsigned char *s = p;
  crc = ~crc;
  for (size_t i = 0; i < len; i++) {
    crc ^= s[i];
    for (int k = 0; k < 8; k++)
      crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

int
pto_cce_name_valid(const char *name, size_t len)
{
  if (len == 0 || len > PTO_CCE_NAME_MAX)
    return 0;
  if ((len == 1 && name[0] == '.')
      || (len == 2 && name[0] == '.' && name[1] == '.'))
    return 0;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)name[i];
    if (c < 0x20 || c == 0x7f || c == '/')
      return 0;
  }
  return 1;
}

/* ------------------------------------------------------------------ */
/* Writer                                                              */
/* ------------------------------------------------------------------ */

/* Output of the writer: counts bytes when BUF is NULL, else stores them
   (the counting pass sized BUF exactly).  */
typedef struct sink {
  char *buf;
  size_t len;
} sink;

static void
put_mem(sink *o, const char *s, size_t n)
{
  if (o->buf)
    memcpy(o->buf + o->len, s, n);
  o->len += n;
}

static void
put_str(sink *o, const char *s)
{
  put_mem(o, s, strlen(s));
}

/* One byte inside a .ascii string: printable ASCII as itself, `"' and
   `\' and every other byte as a three-digit octal escape (GNU as reads
   at most three digits, so a following digit is never taken in).  */
static void
put_ascii_byte(sink *o, unsigned char c)
{
  if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
    char ch = (char)c;
    put_mem(o, &ch, 1);
  } else {
    char esc[5];
    esc[0] = '\\';
    esc[1] = (char)('0' + ((c >> 6) & 7));
    esc[2] = (char)('0' + ((c >> 3) & 7));
    esc[3] = (char)('0' + (c & 7));
    put_mem(o, esc, 4);
  }
}

/* LEN bytes at P as .ascii lines of at most ASCII_CHUNK bytes each.  */
static void
put_ascii(sink *o, const unsigned char *p, size_t len)
{
  for (size_t i = 0; i < len; i += ASCII_CHUNK) {
    size_t n = len - i < ASCII_CHUNK ? len - i : ASCII_CHUNK;
    put_str(o, "\t.ascii \"");
    for (size_t k = 0; k < n; k++)
      put_ascii_byte(o, p[i + k]);
    put_str(o, "\"\n");
  }
}

/* A little-endian integer of WIDTH bytes as one .byte line, with a
   comment naming the field.  */
static void
put_le(sink *o, uint64_t v, int width, const char *what)
{
  static const char hex[] = "0123456789abcdef";
  put_str(o, "\t.byte ");
  for (int i = 0; i < width; i++) {
    unsigned b = (unsigned)(v >> (8 * i)) & 0xffu;
    char t[6] = { '0', 'x', hex[b >> 4], hex[b & 15], ',', 0 };
    if (i == width - 1)
      t[4] = 0;
    put_str(o, t);
  }
  put_str(o, "\t/* ");
  put_str(o, what);
  put_str(o, " */\n");
}

/* The whole directive block for one record (see the header).  */
static void
put_record(sink *o, const char *name, size_t name_len,
           const unsigned char *text, size_t len)
{
  uint32_t crc = pto_cce_crc32(0, name, name_len);
  crc = pto_cce_crc32(crc, text, len);
  put_str(o, "\t.pushsection " PTO_CCE_SECTION_NAME ",\"\",@progbits\n");
  put_str(o, "\t.balign 8\n");
  put_str(o, "\t.byte 0x7f,0x50,0x54,0x4f,0x43,0x43,0x45,0x0a"
             "\t/* pto.cce record magic */\n");
  put_le(o, PTO_CCE_FORMAT_VERSION, 4, "format version");
  put_le(o, name_len, 4, "name length");
  put_le(o, (uint64_t)len, 8, "text length");
  put_le(o, crc, 4, "crc32 of name and text");
  put_le(o, 0, 4, "flags");
  put_ascii(o, (const unsigned char *)name, name_len);
  put_ascii(o, text, len);
  put_str(o, "\t.balign 8\n");
  put_str(o, "\t.popsection\n");
}

char *
pto_cce_section_asm(const char *name, const char *text, size_t len)
{
  const char *slash = strrchr(name, '/');
  const char *base = slash ? slash + 1 : name;
  size_t base_len = strlen(base);
  if (!pto_cce_name_valid(base, base_len))
    return NULL;
  const unsigned char *bytes = (const unsigned char *)(text ? text : "");
  if (!text)
    len = 0;

  sink count = { NULL, 0 };
  put_record(&count, base, base_len, bytes, len);
  sink fill = { malloc(count.len + 1), 0 };
  if (!fill.buf)
    return NULL;
  put_record(&fill, base, base_len, bytes, len);
  fill.buf[fill.len] = '\0';
  return fill.buf;
}

/* ------------------------------------------------------------------ */
/* Reader                                                              */
/* ------------------------------------------------------------------ */

static uint64_t
get_le(const unsigned char *p, int width)
{
  uint64_t v = 0;
  for (int i = width - 1; i >= 0; i--)
    v = (v << 8) | p[i];
  return v;
}

static int
fail(char *err, size_t errlen, const char *fmt, ...)
{
  if (err && errlen > 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* Check the record at DATA[OFF] (SIZE bytes in all, DATA[OFF] not
   zero) and fill REC; return 0, or -1 with ERR set.  */
static int
check_record(const unsigned char *data, size_t size, size_t off,
             pto_cce_record *rec, char *err, size_t errlen)
{
  size_t left = size - off;
  const unsigned char *p = data + off;
  size_t magic = left < PTO_CCE_MAGIC_LEN ? left : PTO_CCE_MAGIC_LEN;
  if (memcmp(p, PTO_CCE_MAGIC, magic) != 0)
    return fail(err, errlen, "offset %zu: not a .pto.cce record "
                "(bad magic, byte 0x%02x)", off, p[0]);
  if (left < PTO_CCE_HEADER_LEN)
    return fail(err, errlen, "offset %zu: record header truncated "
                "(%zu of %u bytes)", off, left, PTO_CCE_HEADER_LEN);
  uint64_t version = get_le(p + 8, 4);
  if (version != PTO_CCE_FORMAT_VERSION)
    return fail(err, errlen, "offset %zu: record format version %llu "
                "(this reader knows version %u)", off,
                (unsigned long long)version, PTO_CCE_FORMAT_VERSION);
  uint64_t flags = get_le(p + 28, 4);
  if (flags != 0)
    return fail(err, errlen, "offset %zu: unknown record flags 0x%llx",
                off, (unsigned long long)flags);
  uint64_t name_len = get_le(p + 12, 4);
  uint64_t text_len = get_le(p + 16, 8);
  size_t body = left - PTO_CCE_HEADER_LEN;
  if (name_len > body || text_len > body - name_len)
    return fail(err, errlen, "offset %zu: record truncated (name %llu and "
                "text %llu bytes, %zu bytes left)", off,
                (unsigned long long)name_len, (unsigned long long)text_len,
                body);
  rec->name = (const char *)p + PTO_CCE_HEADER_LEN;
  rec->name_len = (size_t)name_len;
  rec->text = p + PTO_CCE_HEADER_LEN + name_len;
  rec->text_len = (size_t)text_len;
  rec->offset = off;
  if (!pto_cce_name_valid(rec->name, rec->name_len))
    return fail(err, errlen, "offset %zu: invalid record name "
                "(empty, too long, '/', '.', '..' or a control byte)",
                off);
  uint32_t crc = pto_cce_crc32(0, rec->name, rec->name_len);
  crc = pto_cce_crc32(crc, rec->text, rec->text_len);
  if (crc != (uint32_t)get_le(p + 24, 4))
    return fail(err, errlen, "offset %zu: record '%.*s': checksum "
                "mismatch (corrupted text)", off, (int)rec->name_len,
                rec->name);
  return 0;
}

int
pto_cce_section_parse(const unsigned char *data, size_t size,
                      pto_cce_record_fn fn, void *ctx,
                      char *err, size_t errlen)
{
  if (err && errlen > 0)
    err[0] = '\0';
  size_t off = 0;
  for (;;) {
    while (off < size && data[off] == 0)
      off++;
    if (off == size)
      return 0;
    pto_cce_record rec;
    if (check_record(data, size, off, &rec, err, errlen) != 0)
      return -1;
    if (fn) {
      int rc = fn(&rec, ctx);
      if (rc != 0)
        return rc;
    }
    off += PTO_CCE_HEADER_LEN + rec.name_len + rec.text_len;
  }
}
