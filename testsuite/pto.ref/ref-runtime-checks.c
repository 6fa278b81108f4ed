/* Reference mode stops with a message on what it can only see at run
   time: a row stride smaller than the tile's width, a block count below
   1, an int32 division by zero, a matmul accumulating into its input, a
   shift count outside [0, 31] (a scalar one, one in a tile of counts).  */
/* { dg-do run } */
#include <pto.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef PTO_TILE(float, 4, 8) t48;
typedef PTO_TILE(int32_t, 1, 2) i12;
typedef PTO_TILE(float, 2, 2) t22;

static float gm[64];

PTO_KERNEL void nothing (void) { }

/* Run case WHICH in a child with stderr on a pipe.  Return 1 if the
   child was killed by SIGABRT after writing a message containing WANT,
   0 if it exited normally without a message, -1 otherwise.  */
static int
aborts (int which, const char *want)
{
  int fd[2];
  if (pipe (fd) != 0)
    return -1;
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      dup2 (fd[1], 2);
      t48 t;
      i12 a = { { { 5, 6 } } }, z = { { { 1, 0 } } };
      t22 m;
      switch (which)
        {
        case 0: pto_load (t, gm, 7); break;        /* stride < 8 columns */
        case 1: pto_store (gm, -8, t); break;      /* negative stride */
        case 2: pto_launch (nothing, 0); break;
        case 3: pto_div (a, a, z); break;
        case 4: pto_fill (m, 1.0f); pto_matmul (m, m, m); break;
        case 5: pto_load (t, gm, 8); break;        /* fine */
        case 6: pto_shls (a, a, 32 + which - 6); break;
        case 7: z.v[0][1] = -1; pto_shr (a, a, z); break;
        }
      _exit (0);
    }
  close (fd[1]);
  char msg[512];
  size_t len = 0;
  ssize_t n;
  while ((n = read (fd[0], msg + len, sizeof msg - 1 - len)) > 0)
    len += (size_t) n;
  msg[len] = 0;
  close (fd[0]);
  int status;
  waitpid (pid, &status, 0);
  if (WIFSIGNALED (status) && WTERMSIG (status) == SIGABRT
      && strstr (msg, want) != NULL)
    return 1;
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0 && len == 0)
    return 0;
  return -1;
}

int
main (void)
{
  int got[8];
  got[0] = aborts (0, "pto: pto_load: row stride 7 is less than the tile's 8 columns");
  got[1] = aborts (1, "pto: pto_store: row stride -8");
  got[2] = aborts (2, "pto: pto_launch(nothing, 0): the block count must be positive");
  got[3] = aborts (3, "pto: pto_div: int32 division by zero (6 / 0)");
  got[4] = aborts (4, "pto: pto_matmul: the accumulator is also an input");
  got[5] = aborts (5, "");
  got[6] = aborts (6, "pto: pto_shls: shift count 32 outside [0, 31]");
  got[7] = aborts (7, "pto: pto_shr: shift count -1 outside [0, 31]");
  printf ("%d %d %d %d %d %d %d %d\n", got[0], got[1], got[2], got[3],
          got[4], got[5], got[6], got[7]);
  return got[0] == 1 && got[1] == 1 && got[2] == 1 && got[3] == 1
         && got[4] == 1 && got[5] == 0 && got[6] == 1 && got[7] == 1 ? 0 : 1;
}
/* { dg-output "^1 1 1 1 1 0 1 1\r?\n$" } */
