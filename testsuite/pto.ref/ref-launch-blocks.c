/* pto_launch runs blocks 0..n-1 in order with pto_block_idx() and
   pto_block_num() set, evaluates its arguments once, restores the
   caller's state after nested launches, and outside any launch the
   state is block 0 of 1.  */
/* { dg-do run } */
#include <pto.h>

static int trace[64], ntrace, evaluations;

PTO_KERNEL void
record (int *out, int tag)
{
  out[pto_block_idx ()] = tag * 100 + pto_block_idx () * 10 + pto_block_num ();
  trace[ntrace++] = pto_block_idx ();
}

PTO_KERNEL void
inner (void)
{
  trace[ntrace++] = 50 + pto_block_idx () * 10 + pto_block_num ();
}

/* Each block of outer launches inner on 2 blocks, then reports its own
   state, which must be back to what it was.  (Reference mode only: the
   plugin rejects pto_launch inside a kernel.)  */
PTO_KERNEL void
outer (void)
{
  pto_launch (inner, 2);
  trace[ntrace++] = 80 + pto_block_idx () * 10 + pto_block_num ();
}

static int
tag (void)
{
  evaluations++;
  return 7;
}

int
main (void)
{
  int out[4] = { 0, 0, 0, 0 };
  int ok = pto_block_idx () == 0 && pto_block_num () == 1;
  pto_launch (record, 4, out, tag ());
  ok &= evaluations == 1;
  for (int b = 0; b < 4; b++)
    ok &= out[b] == 704 + b * 10 && trace[b] == b;
  printf ("%d %d %d %d\n", out[0], out[1], out[2], out[3]);

  ntrace = 0;
  pto_launch (outer, 2);
  static const int want[6] = { 52, 62, 82, 52, 62, 92 };
  for (int i = 0; i < 6; i++)
    {
      printf ("%d ", trace[i]);
      ok &= trace[i] == want[i];
    }
  printf ("\n");
  ok &= ntrace == 6 && pto_block_idx () == 0 && pto_block_num () == 1;

  /* A kernel called directly runs as block 0 of 1.  */
  record (out, 1);
  ok &= out[0] == 101;
  return ok ? 0 : 1;
}
/* { dg-output "^704 714 724 734\r?\n52 62 82 52 62 92 \r?\n$" } */
