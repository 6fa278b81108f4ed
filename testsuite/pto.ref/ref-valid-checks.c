/* Partial tiles: reference mode stops with a message when a run-time
   valid size lies outside the tile (rows in [0, R], columns in [0, C])
   or the valid rows would overlap in GM (stride below the valid
   columns); one valid row takes any stride.  */
/* { dg-do run } */
#include <pto.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef PTO_TILE(float, 4, 8) t48;

static float gm[64];

/* Run case WHICH in a child; 1 if it died of SIGABRT after printing
   WANT on stderr, 0 if it exited silently, -1 otherwise.  */
static int
outcome (int which, const char *want)
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
      volatile int five = 5, minus1 = -1, nine = 9;
      pto_fill (t, 0.0f);
      switch (which)
        {
        case 0: pto_load_valid (t, gm, 8, five, 8, 0.0f); break;
        case 1: pto_load_valid (t, gm, 8, 2, minus1, 0.0f); break;
        case 2: pto_store_valid (gm, 8, t, 4, nine); break;
        case 3: pto_store_valid (gm, 3, t, 2, 4); break;
        case 4: pto_store_valid (gm, 3, t, 1, 4); break;   /* fine */
        case 5: pto_load_valid (t, gm, 8, 4, 8, 0.0f); break; /* fine */
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
  int got[6];
  got[0] = outcome (0, "pto: pto_load_valid: valid rows 5 outside [0, 4] of the 4 x 8 tile");
  got[1] = outcome (1, "pto: pto_load_valid: valid columns -1 outside [0, 8] of the 4 x 8 tile");
  got[2] = outcome (2, "pto: pto_store_valid: valid columns 9 outside [0, 8]");
  got[3] = outcome (3, "pto: pto_store_valid: row stride 3 is less than the 4 valid columns");
  got[4] = outcome (4, "");
  got[5] = outcome (5, "");
  printf ("%d %d %d %d %d %d\n", got[0], got[1], got[2], got[3], got[4], got[5]);
  return got[0] == 1 && got[1] == 1 && got[2] == 1 && got[3] == 1
         && got[4] == 0 && got[5] == 0 ? 0 : 1;
}
/* { dg-output "^1 1 1 1 0 0\r?\n$" } */
