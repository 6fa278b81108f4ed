/* trace-check.c - checks a PTO_SIM_TRACE JSON file (runtime/sim-trace.c,
   doc/timeline.md): strict JSON syntax, the documented fields of every
   event, flows that pair, and totals that add up.

   Usage: trace-check [--busy] FILE.json
          trace-check --syntax FILE.json   (only: is it JSON?)
   Checks:
   * the file is one JSON object with "traceEvents" (array) and
     "otherData" (format "pto-sim-trace 1", blocks, launches,
     cycles_max, cycles_sum, events, max_events, truncated);
   * every event has "ph"; X events name, cat (instr, wait or block),
     pid, tid, ts, dur; instr slices args.cce "FILE:LINE"; block slices
     args.cycles == dur; s/f events an id, f after its s; C events
     args.bytes; M events name and args;
   * events == the number of non-metadata events recorded (the
     truncation note aside); when not truncated: blocks == the number of
     block slices, cycles_max / cycles_sum their max / sum, and every
     block slice ends exactly where the last slice of its block and
     launch ends (the block's estimate is its last pipe's end).
   * otherData.since_reset (epoch, blocks, cycles_max, cycles_sum) are
     those of the block slices whose args.epoch is that epoch (when not
     truncated).
   Prints "trace-check: ok: blocks B launches L cycles_max M cycles_sum
   S events E truncated T last_max M last_sum S" (last_: since_reset) and, with --busy, one line per block slice:
   "busy KERNEL launch L block B cycles C: S n V n M n MTE1 n MTE2 n
   MTE3 n FIX n"
   (the sum of the instruction slices' durations per pipe).  Exit 0 if
   every check passed, 1 otherwise (each failure on stderr).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jtype;

typedef struct jv {
  jtype t;
  double num;
  char *str;
  struct jv **v;
  char **k;
  int n;
} jv;

static const char *src, *pos;
static int failures;

static void fail(const char *what, long at)
{
  fprintf(stderr, "trace-check: %s (event %ld)\n", what, at);
  failures++;
}

static void syntax(const char *what)
{
  long line = 1;
  for (const char *p = src; p < pos; p++)
    line += *p == '\n';
  fprintf(stderr, "trace-check: JSON syntax: %s at line %ld\n", what, line);
  exit(1);
}

static void ws(void)
{
  while (*pos == ' ' || *pos == '\n' || *pos == '\t' || *pos == '\r')
    pos++;
}

static void *xmalloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p)
    exit(2);
  return p;
}

static char *parse_string(void)
{
  if (*pos != '"')
    syntax("string expected");
  pos++;
  size_t cap = 16, n = 0;
  char *s = xmalloc(cap);
  for (; *pos != '"'; pos++) {
    char c = *pos;
    if (!c || (unsigned char)c < 0x20)
      syntax("bad character in a string");
    if (c == '\\') {
      pos++;
      if (*pos == 'u') {
        for (int i = 1; i <= 4; i++)
          if (!strchr("0123456789abcdefABCDEF", pos[i]) || !pos[i])
            syntax("bad \\u escape");
        pos += 4;
        c = '?';
      } else if (strchr("\"\\/bfnrt", *pos) && *pos)
        c = *pos;
      else
        syntax("bad escape");
    }
    if (n + 2 > cap)
      s = realloc(s, cap *= 2);
    s[n++] = c;
  }
  pos++;
  s[n] = '\0';
  return s;
}

static jv *parse_value(void);

static void push(jv *a, jv *x, char *key)
{
  a->v = realloc(a->v, (size_t)(a->n + 1) * sizeof *a->v);
  a->k = realloc(a->k, (size_t)(a->n + 1) * sizeof *a->k);
  a->v[a->n] = x;
  a->k[a->n++] = key;
}

static jv *parse_container(char open, char close)
{
  jv *a = xmalloc(sizeof *a);
  memset(a, 0, sizeof *a);
  a->t = open == '[' ? J_ARR : J_OBJ;
  pos++;
  ws();
  if (*pos == close) {
    pos++;
    return a;
  }
  for (;;) {
    char *key = NULL;
    ws();
    if (a->t == J_OBJ) {
      key = parse_string();
      ws();
      if (*pos++ != ':')
        syntax("':' expected");
    }
    push(a, parse_value(), key);
    ws();
    if (*pos == ',') {
      pos++;
      continue;
    }
    if (*pos++ != close)
      syntax(a->t == J_ARR ? "',' or ']' expected" : "',' or '}' expected");
    return a;
  }
}

static jv *parse_value(void)
{
  ws();
  if (*pos == '{')
    return parse_container('{', '}');
  if (*pos == '[')
    return parse_container('[', ']');
  jv *x = xmalloc(sizeof *x);
  memset(x, 0, sizeof *x);
  if (*pos == '"') {
    x->t = J_STR;
    x->str = parse_string();
  } else if (!strncmp(pos, "true", 4) || !strncmp(pos, "null", 4)) {
    x->t = *pos == 't' ? J_BOOL : J_NULL;
    x->num = *pos == 't';
    pos += 4;
  } else if (!strncmp(pos, "false", 5)) {
    x->t = J_BOOL;
    pos += 5;
  } else {
    char *end;
    if (!(*pos == '-' || (*pos >= '0' && *pos <= '9')))
      syntax("value expected");
    x->t = J_NUM;
    x->num = strtod(pos, &end);
    pos = end;
  }
  return x;
}

static jv *get(const jv *o, const char *key)
{
  for (int i = 0; o && o->t == J_OBJ && i < o->n; i++)
    if (!strcmp(o->k[i], key))
      return o->v[i];
  return NULL;
}

/* Field KEY of O as a number, or fail and return -1.  */
static double num(const jv *o, const char *key, long at)
{
  const jv *x = get(o, key);
  if (!x || x->t != J_NUM) {
    char m[80];
    snprintf(m, sizeof m, "missing number field \"%s\"", key);
    fail(m, at);
    return -1;
  }
  return x->num;
}

static const char *str(const jv *o, const char *key, long at)
{
  const jv *x = get(o, key);
  if (!x || x->t != J_STR) {
    char m[80];
    snprintf(m, sizeof m, "missing string field \"%s\"", key);
    fail(m, at);
    return "";
  }
  return x->str;
}

static const char *const pipes[7] = { "S", "V", "M", "MTE1", "MTE2", "MTE3",
                                      "FIX" };

/* Check X event E (index AT).  */
static void check_slice(const jv *e, long at)
{
  const char *cat = str(e, "cat", at);
  str(e, "name", at);
  num(e, "pid", at);
  double tid = num(e, "tid", at), dur = num(e, "dur", at);
  num(e, "ts", at);
  const jv *args = get(e, "args");
  if (!args || args->t != J_OBJ)
    fail("slice without args", at);
  if (!strcmp(cat, "instr")) {
    const char *cce = str(args, "cce", at), *colon = strrchr(cce, ':');
    if (!colon || atoi(colon + 1) <= 0)
      fail("args.cce is not FILE:LINE", at);
    if (tid < 0 || tid > 6)
      fail("instruction on an unknown pipe", at);
  } else if (!strcmp(cat, "block")) {
    if (num(args, "cycles", at) != dur)
      fail("block slice: args.cycles != dur", at);
    if (tid != 7)
      fail("block slice not on tid 7", at);
  } else if (strcmp(cat, "wait"))
    fail("unknown slice category", at);
  num(args, "launch", at);
}

static void jv_free(jv *x)
{
  if (!x)
    return;
  for (int i = 0; i < x->n; i++) {
    jv_free(x->v[i]);
    free(x->k[i]);
  }
  free(x->v);
  free(x->k);
  free(x->str);
  free(x);
}

/* The parsed file and its text, released at exit on every path (the
   sanitizer build's leak checker runs the test).  */
static jv *parsed;
static char *text_buf;

static void release(void)
{
  jv_free(parsed);
  free(text_buf);
}

int main(int argc, char **argv)
{
  atexit(release);
  int busy = argc > 2 && !strcmp(argv[1], "--busy");
  int syntax_only = argc > 2 && !strcmp(argv[1], "--syntax");
  const char *file = argv[argc - 1];
  FILE *f = argc >= 2 ? fopen(file, "rb") : NULL;
  if (!f) {
    fprintf(stderr, "usage: trace-check [--busy] FILE.json\n");
    return 2;
  }
  size_t cap = 1 << 16, n = 0, got;
  char *text = xmalloc(cap + 1);
  while ((got = fread(text + n, 1, cap - n, f)) > 0)
    if ((n += got) == cap)
      text = realloc(text, (cap *= 2) + 1);
  fclose(f);
  text[n] = '\0';
  text_buf = text;
  src = pos = text;
  jv *root = parsed = parse_value();
  ws();
  if (*pos)
    syntax("text after the JSON value");
  if (syntax_only) {
    printf("trace-check: %s is JSON\n", file);
    return 0;
  }
  const jv *ev = get(root, "traceEvents"), *od = get(root, "otherData");
  if (!ev || ev->t != J_ARR || !od || od->t != J_OBJ) {
    fail("no traceEvents array or otherData object", -1);
    return 1;
  }
  if (strcmp(str(od, "format", -1), "pto-sim-trace 1"))
    fail("otherData.format is not \"pto-sim-trace 1\"", -1);
  const jv *tr = get(od, "truncated");
  int truncated = tr && tr->t == J_BOOL && tr->num;
  if (!tr || tr->t != J_BOOL)
    fail("otherData.truncated is not a boolean", -1);
  long recorded = 0, blocks = 0, notes = 0, eblocks = 0;
  double cmax = 0, csum = 0, emax = 0, esum = 0;
  const jv *sr = get(od, "since_reset");
  double epoch = num(sr, "epoch", -1);
  for (long i = 0; i < ev->n; i++) {
    const jv *e = ev->v[i];
    const char *ph = str(e, "ph", i);
    if (!strcmp(ph, "M")) {
      str(e, "name", i);
      if (!get(e, "args"))
        fail("metadata without args", i);
      continue;
    }
    if (!strcmp(ph, "i")) {
      if (!strstr(str(e, "name", i), "truncated"))
        fail("unexpected instant event", i);
      notes++;
      continue;
    }
    recorded++;
    if (!strcmp(ph, "X")) {
      check_slice(e, i);
      if (!strcmp(str(e, "cat", i), "block")) {
        double d = num(e, "dur", i);
        blocks++;
        csum += d;
        if (d > cmax)
          cmax = d;
        if (num(get(e, "args"), "epoch", i) == epoch) {
          eblocks++;
          esum += d;
          if (d > emax)
            emax = d;
        }
      }
    } else if (!strcmp(ph, "s") || !strcmp(ph, "f")) {
      double id = num(e, "id", i), ts = num(e, "ts", i);
      num(e, "pid", i);
      num(e, "tid", i);
      if (*ph == 'f') {
        long j = i;
        while (--j >= 0 && !(get(ev->v[j], "id") &&
                             num(ev->v[j], "id", j) == id &&
                             !strcmp(str(ev->v[j], "ph", j), "s")))
          ;
        if (j < 0 || num(ev->v[j], "ts", j) > ts)
          fail("flow end without an earlier start", i);
      }
    } else if (!strcmp(ph, "C")) {
      num(e, "ts", i);
      num(get(e, "args"), "bytes", i);
    } else
      fail("unknown ph", i);
  }
  if (num(od, "events", -1) != recorded)
    fail("otherData.events != the events in the file", -1);
  if (truncated != (notes == 1))
    fail("truncated without exactly one truncation note (or a note "
         "without truncated)", -1);
  if (!truncated && (num(od, "blocks", -1) != blocks ||
                     num(od, "cycles_max", -1) != cmax ||
                     num(od, "cycles_sum", -1) != csum))
    fail("otherData blocks/cycles_max/cycles_sum disagree with the block "
         "slices", -1);
  if (!truncated && (num(sr, "blocks", -1) != eblocks ||
                     num(sr, "cycles_max", -1) != emax ||
                     num(sr, "cycles_sum", -1) != esum))
    fail("otherData.since_reset disagrees with the block slices of its "
         "epoch", -1);
  /* Each block slice ends where its block's last slice ends.  */
  for (long i = 0; i < ev->n && !truncated; i++) {
    const jv *e = ev->v[i];
    if (strcmp(str(e, "ph", i), "X") || strcmp(str(e, "cat", i), "block"))
      continue;
    double pid = num(e, "pid", i), end = num(e, "ts", i) + num(e, "dur", i);
    double launch = num(get(e, "args"), "launch", i), last = num(e, "ts", i);
    double b[7] = { 0 };
    for (long j = 0; j < ev->n; j++) {
      const jv *x = ev->v[j];
      if (strcmp(str(x, "ph", j), "X") || num(x, "pid", j) != pid ||
          num(get(x, "args"), "launch", j) != launch ||
          !strcmp(str(x, "cat", j), "block"))
        continue;
      double xe = num(x, "ts", j) + num(x, "dur", j);
      if (xe > last)
        last = xe;
      int t = (int)num(x, "tid", j);
      if (!strcmp(str(x, "cat", j), "instr") && t >= 0 && t < 7)
        b[t] += num(x, "dur", j);
    }
    if (last != end)
      fail("block slice does not end with its block's last slice", i);
    if (busy) {
      printf("busy %s launch %.0f block %.0f cycles %.0f:", str(e, "name", i),
             launch, pid, num(e, "dur", i));
      for (int p = 0; p < 7; p++)
        printf(" %s %.0f", pipes[p], b[p]);
      printf("\n");
    }
  }
  if (failures)
    return 1;
  printf("trace-check: ok: blocks %.0f launches %.0f cycles_max %.0f "
         "cycles_sum %.0f events %ld truncated %d last_max %.0f last_sum "
         "%.0f\n",
         num(od, "blocks", -1), num(od, "launches", -1),
         num(od, "cycles_max", -1), num(od, "cycles_sum", -1), recorded,
         truncated, num(sr, "cycles_max", -1), num(sr, "cycles_sum", -1));
  return 0;
}
