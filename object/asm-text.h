/* asm-text.h - assembler text made fit for embedding in GCC's output.

   Both host back ends of the plugin compile code separately to an
   assembler file and hand the text to GCC as one toplevel asm statement
   (symtab->finalize_toplevel_asm), so that it lands in the unit's own
   object and survives -flto: backend/jit/jit.c (libgccjit) and the sim=cce
   build (the unit's CCE compiled as C against runtime/cce_sim.h).  The
   text must then not disturb GCC's own output:
   * .file, .ident and the .note.GNU-stack section are GCC's to emit;
   * local labels (.L...) and the i386 PC thunks (__x86.get_pc_thunk.*)
     would clash with GCC's and with the other back end's: each embedder
     renames them with its own TAG (".L" -> ".L" TAG, "__x86.get_pc_thunk"
     -> "__" TAG "_x86.get_pc_thunk"), outside string literals;
   * the whole is wrapped in .pushsection .text / .popsection, so GCC's
     idea of the current section stays true.
   Deterministic: the output depends only on the input text and options.  */

#ifndef PTO_EMIT_ASM_TEXT_H
#define PTO_EMIT_ASM_TEXT_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pto_asm_embed {
  const char *tag;     /* renaming tag, e.g. "pto" or "ptocce" */
  const char *banner;  /* a comment line (without '#') naming the producer */
  /* Symbols (NULL-terminated prefix lists, may be NULL) whose .globl line
     is dropped, making them local to the object, and symbols whose
     .globl line is followed by a .hidden line.  */
  const char *const *make_local;
  const char *const *make_hidden;
} pto_asm_embed;

/* The text of the assembler file TEXT rewritten for embedding as above;
   malloc'd, never NULL (aborts on out-of-memory like the rest of the
   core's buffers).  */
char *pto_asm_for_embedding(const char *text, const pto_asm_embed *how);

/* The whole file PATH (the assembler file a back end just wrote) as a
   malloc'd NUL-terminated string; NULL when it cannot be read.  */
char *pto_asm_read_file(const char *path);

#ifdef __cplusplus
}
#endif

#endif /* PTO_EMIT_ASM_TEXT_H */
