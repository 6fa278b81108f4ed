/* backend.h - the one interface of a back end.

   A back end is a name and an entry point, as the `Target' structure of
   QBE (c9x.me/compile, all.h) is for its targets: the driver runs the
   pass pipeline once and hands the result to each back end it enables
   through a pto_backend, without knowing what is behind it.  Two
   implement it: backend/cce (pto_cce_backend, backend/cce/cce.h: CCE
   text for the device) and backend/jit (pto_jit_backend in pto-jit.so,
   backend/jit/jit.h: assembler text for the host object, through
   libgccjit).  The drivers are the plugin's back-end table
   (plugin/backends.cc) and tools/pto-opt (--emit-cce).

   A back end reads the program and the unit's description, reports
   every problem through the sink, and writes nothing but OUT: no file,
   no stdout, no global state that outlives the call.  */

#ifndef PTO_IR_BACKEND_H
#define PTO_IR_BACKEND_H

#include "ir/ir.h"
#include "ir/options.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The object a back end's host code is injected into: what the
   generated code must match there.  Filled by the plugin from cc1's
   options; a back end that emits no host code ignores it.  */
typedef struct pto_host_target {
  int pointer_bits;          /* 32 or 64: width of pointers and size_t */
  int opt_level;             /* the -O level (0..3; -Os/-Oz/-Og give 2) */
  int nflags;                /* target options forwarded verbatim */
  const char *const *flags;  /* ("-m32", "-march=haswell", ...) */
  /* PTO_HOST functions whose symbol is not their C name RENAMED_FROM[i]:
     static ones get a hidden global symbol unique to the unit,
     RENAMED_TO[i] (the back end defines it, hidden); RENAMED_TO[i] NULL
     means the function is not emitted (GCC found it unused).  */
  int nrenamed;
  const char *const *renamed_from;
  const char *const *renamed_to;
  /* sim=cce: the kernels' simulations and kernel-table records come from
     the unit's CCE compiled on the host (plugin/cce-sim.cc), so a host
     back end compiles only the PTO_HOST functions.  */
  int kernels_from_cce;
} pto_host_target;

/* What the driver tells every back end about the unit.  */
typedef struct pto_backend_unit {
  const pto_options *opts;       /* the pipeline's options (arch, ...) */
  const pto_host_target *host;   /* NULL without a host object (pto-opt) */
} pto_backend_unit;

/* A back end.  */
typedef struct pto_backend {
  const char *name;              /* "cce", "jit" */
  const char *output;            /* what OUT receives, for messages */
  /* Compile P, the output of the pass pipeline, for UNIT; append the
     result to OUT (nothing when P has nothing for this back end).
     Return 0 on success; otherwise every problem was reported through
     DIAG with its location and OUT holds no usable text.  */
  int (*emit)(const pto_program *p, const pto_backend_unit *unit,
              pto_diag *diag, pto_buf *out);
} pto_backend;

#ifdef __cplusplus
}
#endif

#endif /* PTO_IR_BACKEND_H */
