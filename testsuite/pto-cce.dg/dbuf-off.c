/* dbuf-off.c - dbuf-stream.pto with --double-buffer=0 (dbuf-off.opts):
   the single-buffered lowering of the same kernel, same checks.  The
   golden dbuf-off.cce has no ping-pong parity variable.  */
#include "dbuf-stream.c"
