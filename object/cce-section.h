/* cce-section.h - the `.pto.cce' object file section: the device CCE
   text of a translation unit carried inside its object file, so that it
   survives linking and archiving and can be written back out by
   pto-extract(1).

   Writer: pto_cce_section_asm returns GNU as text that the plugin adds
   to the translation unit's assembly output; it appends one record to
   section .pto.cce and leaves the current section unchanged.  Reader:
   pto_cce_section_parse walks the records of a section's contents.

   The section
   -----------
   `.pto.cce' is a non-allocated PROGBITS section (no SHF_ALLOC, no
   relocations): it takes no memory at run time, and the linker
   concatenates the .pto.cce sections of all its input objects into the
   one .pto.cce section of an executable or shared library, in link
   order, each input aligned to 8 bytes (zero bytes in between).  `ld -r'
   does the same.  `strip' keeps it (it is not debug information);
   `objcopy --remove-section=.pto.cce' drops it.

   The contents of a section are therefore a sequence of records, each
   starting at a multiple of 8 bytes from the start of the section, with
   any number of zero bytes before, between and after them.  A reader
   skips zero bytes and expects a record magic at every other position.

   Record format, version 1 (all integers little-endian, whatever the
   byte order of the object file; offsets from the start of the record):

      0   8  magic        7f 50 54 4f 43 43 45 0a  ("\177PTOCCE\n")
      8   4  version      1 (PTO_CCE_FORMAT_VERSION)
     12   4  name_len     length of NAME in bytes, 1..PTO_CCE_NAME_MAX
     16   8  text_len     length of TEXT in bytes
     24   4  crc32        CRC-32 (ISO 3309 / zlib's crc32) of NAME
                          followed by TEXT
     28   4  flags        0 (a reader rejects other values)
     32      NAME         name_len bytes, no terminating NUL
     32+name_len  TEXT    text_len bytes, exactly the CCE file's bytes
                 padding  zero bytes up to a multiple of 8

   The magic's first byte is not zero, so zero padding and records never
   look alike.  A reader refuses versions it does not know; a later
   version that only appends fields bumps the version and keeps the
   first 32 bytes.

   NAME is the unit's source file base name with its extension replaced
   by ".cce" (`saxpy.cce' for saxpy.c, whatever -o named the object or
   the AUXBASE.cce file on disk, so that objects do not depend on -o):
   1 to 255 bytes, no `/', no byte below 0x20 or equal to 0x7f, not "."
   or "..", so that a tool can use it as a file name in a directory of
   its choice.  (pto_cce_name_valid.)

   Raw dumps: `objcopy --dump-section .pto.cce=FILE OBJ' writes the
   section's contents as they are: for an object with one record, the
   32-byte header, NAME, TEXT and up to 7 zero bytes; TEXT is the
   text_len bytes at offset 32 + name_len.  pto-extract also reads such a
   raw dump (a file that starts with the magic).  */

#ifndef PTO_EMIT_CCE_SECTION_H
#define PTO_EMIT_CCE_SECTION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PTO_CCE_SECTION_NAME ".pto.cce"
#define PTO_CCE_FORMAT_VERSION 1u
#define PTO_CCE_MAGIC "\177PTOCCE\n"
#define PTO_CCE_MAGIC_LEN 8u
#define PTO_CCE_HEADER_LEN 32u
#define PTO_CCE_ALIGN 8u
#define PTO_CCE_NAME_MAX 255u

/* Return GNU as text (NUL-terminated, malloc'd: the caller frees it)
   that appends one record of NAME and the LEN bytes of TEXT (any bytes,
   NUL included; TEXT may be NULL when LEN is 0) to section .pto.cce:
     .pushsection .pto.cce,"",@progbits
     .balign 8
     ...header as .byte, NAME and TEXT as .ascii lines...
     .balign 8
     .popsection
   The current section is the same after it as before.  NAME may contain
   directories: only its base name (after the last `/') is recorded.
   The text depends only on the arguments (no dates, no paths).  Returns
   NULL when memory runs out or when the base name of NAME is not valid
   (pto_cce_name_valid).  The `@progbits' spelling is that of ELF
   targets whose assembler comment character is not `@' (x86, AArch64,
   RISC-V, PowerPC...).  */
char *pto_cce_section_asm(const char *name, const char *text, size_t len);

/* True if the LEN bytes at NAME make a valid record name (see above).  */
int pto_cce_name_valid(const char *name, size_t len);

/* One record, as pto_cce_section_parse hands it out: pointers into the
   parsed data (NAME is not NUL-terminated), OFFSET the position of the
   record in it.  */
typedef struct pto_cce_record {
  const char *name;
  size_t name_len;
  const unsigned char *text;
  size_t text_len;
  size_t offset;
} pto_cce_record;

/* Called once per record, in order; a non-zero return stops the walk
   and becomes the return value of pto_cce_section_parse.  */
typedef int (*pto_cce_record_fn)(const pto_cce_record *rec, void *ctx);

/* Walk the SIZE bytes of DATA (the contents of a .pto.cce section, or
   a raw dump of it), skipping zero padding and checking each record:
   magic, version, flags, name, lengths within the data, CRC.  Return 0
   when every record is valid (also when there is none: check the count
   in FN), -1 on the first invalid one, with a message naming its offset
   in ERR (ERRLEN bytes, always NUL-terminated when ERRLEN > 0; ERR may
   be NULL), or the non-zero value FN returned.  FN is called for each
   record before the next one is checked, so a caller that must not act
   on a partly invalid section collects the records and acts once the
   parse returned 0.  */
int pto_cce_section_parse(const unsigned char *data, size_t size,
                          pto_cce_record_fn fn, void *ctx,
                          char *err, size_t errlen);

/* CRC-32 (reflected, polynomial 0xedb88320, initial and final xor
   0xffffffff) of LEN bytes at P, continued from CRC (0 to start).  */
uint32_t pto_cce_crc32(uint32_t crc, const void *p, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* PTO_EMIT_CCE_SECTION_H */
