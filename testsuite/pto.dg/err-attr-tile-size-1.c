/* A tile larger than any on-chip buffer is rejected. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 1024, 1024) huge_t; /* { dg-error "a 1024x1024 tile of 'float' needs 4194304 bytes, more than the largest on-chip buffer" } */
