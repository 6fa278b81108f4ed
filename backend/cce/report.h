/* report.h - option report (-fplugin-arg-pto-report[=FILE], pto-opt
   --report[=FILE]): what the CCE back end decided for each kernel, see
   report.c.  */

#ifndef PTO_EMIT_REPORT_H
#define PTO_EMIT_REPORT_H

#include "backend/cce/mir.h"

/* Whether the report goes out as JSON: DEST (the option's value) ends
   in ".json".  */
bool pto_report_is_json(const char *dest);
/* Append kernel K's report (lowered, planned and synchronised) to B:
   plain text, or one JSON object (preceded by a comma unless FIRST).  */
void pto_report_kernel(pto_buf *b, const pto_mir_kernel *k, bool json,
                       bool first);
/* Write the kernels' report BODY to DEST ("-": stderr), wrapped as
   {"format": ..., "kernels": [BODY]} for JSON.  Returns 0, or 1 after
   reporting through D that the file cannot be written.  */
int pto_report_write(const char *dest, const pto_buf *body, pto_diag *d);

#endif /* PTO_EMIT_REPORT_H */
