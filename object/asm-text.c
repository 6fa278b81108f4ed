/* asm-text.c - assembler text made fit for embedding in GCC's output
   (contract: object/asm-text.h).  */

#include "object/asm-text.h"

#include "ir/ir.h"

#include <stdio.h>
#include <string.h>

static bool
is_ident_char(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
         || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$';
}

static bool
starts_with(const char *s, const char *prefix)
{
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Is LINE (without indentation) ".globl<TAB>SYM" with SYM starting with
   one of PREFIXES?  */
static bool
globl_of(const char *line, const char *const *prefixes)
{
  if (!prefixes || !starts_with(line, ".globl\t"))
    return false;
  for (; *prefixes; prefixes++)
    if (starts_with(line + 7, *prefixes))
      return true;
  return false;
}

static bool
drop_line(const char *line, const pto_asm_embed *how)
{
  return starts_with(line, ".file") || starts_with(line, ".ident")
         || starts_with(line, ".section\t.note.GNU-stack")
         || globl_of(line, how->make_local);
}

/* Append LINE (LEN bytes, no newline) to B with the local labels and the
   PC thunks renamed by TAG outside string literals.  */
static void
put_renamed(pto_buf *b, const char *line, size_t len, const char *tag)
{
  static const char thunk[] = "__x86.get_pc_thunk";
  const size_t thunk_len = sizeof thunk - 1;
  bool in_str = false;
  for (size_t i = 0; i < len; i++) {
    char c = line[i];
    if (in_str) {
      pto_buf_putc(b, c);
      if (c == '\\' && i + 1 < len)
        pto_buf_putc(b, line[++i]);
      else if (c == '"')
        in_str = false;
      continue;
    }
    if (c == '"') {
      in_str = true;
      pto_buf_putc(b, c);
      continue;
    }
    bool at_start = i == 0 || !is_ident_char(line[i - 1]);
    if (at_start && c == '.' && i + 1 < len && line[i + 1] == 'L') {
      pto_buf_printf(b, ".L%s", tag);
      i++;
      continue;
    }
    if (len - i >= thunk_len && !strncmp(line + i, thunk, thunk_len)) {
      pto_buf_printf(b, "__%s_x86.get_pc_thunk", tag);
      i += thunk_len - 1;
      continue;
    }
    pto_buf_putc(b, c);
  }
  pto_buf_putc(b, '\n');
}

char *
pto_asm_for_embedding(const char *text, const pto_asm_embed *how)
{
  pto_buf b = {NULL, 0, 0};
  pto_buf_printf(&b, "\n# %s\n\t.pushsection\t.text\n", how->banner);
  for (const char *s = text; *s;) {
    const char *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    const char *t = s;
    while (t < s + len && (*t == ' ' || *t == '\t'))
      t++;
    if (!drop_line(t, how))
      put_renamed(&b, s, len, how->tag);
    if (globl_of(t, how->make_hidden))
      pto_buf_printf(&b, "\t.hidden\t%.*s\n", (int)(s + len - t - 7), t + 7);
    s += len + (nl ? 1 : 0);
  }
  pto_buf_puts(&b, "\t.popsection\n");
  return b.s;
}

char *
pto_asm_read_file(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  pto_buf b = {NULL, 0, 0};
  char chunk[8192];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    for (size_t i = 0; i < n; i++)
      pto_buf_putc(&b, chunk[i]);
  int err = ferror(f);
  fclose(f);
  if (err) {
    pto_buf_free(&b);
    return NULL;
  }
  if (!b.s)
    pto_buf_puts(&b, "");
  return b.s;
}
