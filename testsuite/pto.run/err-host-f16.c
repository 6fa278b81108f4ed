/* pto.run/err-host-f16.c - a construct the libgccjit back end does not
   support yet (an fp16 parameter of a PTO_HOST function: libgccjit has no
   _Float16 type for the C calling convention) is one located GCC error;
   the compile fails and leaves no object.  run.exp checks the message.  */

#include <pto.h>

typedef PTO_TILE(_Float16, 1, 16) h_t;

PTO_KERNEL void k(_Float16 *p, _Float16 s)
{
  h_t t;
  pto_load(t, p, 16);
  pto_muls(t, t, s);
  pto_store(p, 16, t);
}

PTO_HOST void h(_Float16 *p, _Float16 s)
{
  pto_launch(k, 1, p, s);
}
