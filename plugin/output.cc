/* output.cc - the files the plugin writes beside GCC's output, all or
   nothing.

   Contract (plugin/output.h): pto_output_write (PATH, TEXT, LEN)
   writes TEXT to a new temporary file in PATH's directory, named
   PATH.pto-tmp.XXXXXX (XXXXXX from mkstemp), and remembers it.  Nothing
   is ever written under PATH itself until pto_outputs_commit, called
   at PLUGIN_FINISH, renames every remembered temporary into place, and
   only when the whole compilation reported no error (seen_error (), or
   a warning turned into an error by -Werror);
   otherwise, and whenever cc1 exits without reaching PLUGIN_FINISH (a
   fatal error, an internal error: an atexit handler), the temporaries
   are removed.  A compile killed by a signal between the write and the
   commit leaves at most PATH.pto-tmp.XXXXXX, never a partial or stale
   PATH.  The same PATH written twice in one unit keeps the last text.
   Errors (cannot create or write the temporary, cannot rename) are GCC
   errors naming PATH; a failed write leaves no file.  */

#include "frontend/fe-internal.h"
#include "plugin/output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct pending_output
{
  char *path;			/* final name */
  char *tmp;			/* written temporary; NULL once renamed */
};

static pending_output *pending;
static int npending, pending_cap;
static bool exit_hook_set;

/* Remove every temporary not yet renamed and forget them.  */
static void
discard_outputs (void)
{
  for (int i = 0; i < npending; i++)
    {
      if (pending[i].tmp)
	unlink (pending[i].tmp);
      free (pending[i].tmp);
      free (pending[i].path);
    }
  npending = 0;
}

/* Forget an earlier temporary for PATH (a second write wins).  */
static void
drop_pending (const char *path)
{
  for (int i = 0; i < npending; i++)
    if (!strcmp (pending[i].path, path))
      {
	unlink (pending[i].tmp);
	free (pending[i].tmp);
	free (pending[i].path);
	pending[i] = pending[--npending];
	return;
      }
}

bool
pto_output_write (const char *path, const char *text, size_t len)
{
  char *tmp = concat (path, ".pto-tmp.XXXXXX", NULL);
  int fd = mkstemp (tmp);
  FILE *f = fd >= 0 ? fdopen (fd, "w") : NULL;
  bool ok = f && (len == 0 || fwrite (text, 1, len, f) == len);
  if (f)
    ok = fclose (f) == 0 && ok;
  else if (fd >= 0)
    close (fd);
  if (!ok)
    {
      int saved = errno;
      if (fd >= 0)
	unlink (tmp);
      free (tmp);
      errno = saved;
      error ("pto: cannot write %qs: %m", path);
      return false;
    }
  if (!exit_hook_set)
    {
      atexit (discard_outputs);
      exit_hook_set = true;
    }
  drop_pending (path);
  if (npending == pending_cap)
    {
      pending_cap = pending_cap ? 2 * pending_cap : 4;
      pending = (pending_output *) xrealloc (pending, pending_cap
					     * sizeof *pending);
    }
  pending[npending].path = xstrdup (path);
  pending[npending].tmp = tmp;
  npending++;
  return true;
}

void
pto_outputs_commit (void)
{
  /* A warning made an error by -Werror=OPTION counts in werrorcount
     only, and fails the compile as well (toplev.cc).  */
  if (seen_error () || werrorcount)
    {
      discard_outputs ();
      return;
    }
  for (int i = 0; i < npending; i++)
    if (rename (pending[i].tmp, pending[i].path) != 0)
      {
	error ("pto: cannot write %qs: %m", pending[i].path);
	/* What was renamed already stays consistent with the object:
	   remove it too, the compile failed.  */
	for (int j = 0; j < i; j++)
	  unlink (pending[j].path);
	break;
      }
    else
      {
	free (pending[i].tmp);
	pending[i].tmp = NULL;	/* renamed: nothing to remove */
      }
  discard_outputs ();
}
