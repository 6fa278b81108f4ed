/* pto.h under -std=c89 (or c99) says that it needs C11, in both modes,
   instead of a syntax error deep inside it. */
/* { dg-do compile } */
/* { dg-options "-std=c89" } */
#include <pto.h> /* { dg-error "pto.h needs C11 or later" "" { target *-*-* } 0 } */
int x;
