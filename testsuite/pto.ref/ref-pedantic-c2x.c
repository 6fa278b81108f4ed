/* ref-pedantic-c11.c again under -std=gnu2x: pto.h is warning-free there
   too.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-std=gnu2x -pedantic -Wall -Wextra -DPTO_H_NO_SYSTEM_HEADER" } */
#include "ref-pedantic-c11.c"
