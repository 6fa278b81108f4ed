/* Every option with a valid value is accepted silently (no excess
   messages) and the file assembles.  */
/* { dg-do assemble } */
/* { dg-options "-fplugin-arg-pto-force-let-inline -fplugin-arg-pto-simplify-let-inline=0 -fplugin-arg-pto-unroll-limit=64 -fplugin-arg-pto-arch=dav-c220 -fplugin-arg-pto-verify=1 -fplugin-arg-pto-dump=all -fplugin-arg-pto-dump=fold -fplugin-arg-pto-trace -fplugin-arg-pto-sim=jit" } */
int
f (int a)
{
  return a * 3;
}
