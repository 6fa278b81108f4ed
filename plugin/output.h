/* output.h - the files the plugin writes beside GCC's output (the .cce,
   the dumps), all or nothing: plugin/output.cc.

   pto_output_write writes TEXT to PATH through a temporary in PATH's
   directory, renamed into place by pto_outputs_commit at the end of a
   unit without errors (removed otherwise).  False after an error.  */

#ifndef PTO_PLUGIN_OUTPUT_H
#define PTO_PLUGIN_OUTPUT_H

#include <stddef.h>

bool pto_output_write (const char *path, const char *text, size_t len);
/* At PLUGIN_FINISH: rename the written outputs into place if no error was
   reported, else remove them.  */
void pto_outputs_commit (void);

#endif /* PTO_PLUGIN_OUTPUT_H */
