#! /bin/sh
# distcc.sh - plugin builds through distcc give the same objects as local
# builds.
#
# Starts a private distccd on the loopback interface (127.0.0.1, a free
# high port, --allow 127.0.0.1 only, its own log and temporary directory,
# killed on exit), then compiles a kernel file (examples/saxpy.c) and a
# file without DSL code both locally and with
#   DISTCC_HOSTS=127.0.0.1:PORT/2 distcc PTO-CC -O2 -c FILE
# and checks: distcc succeeded without falling back to a local compile,
# the daemon compiled the file, the plugin ran on the worker (its
# -fplugin-arg-pto-trace lines came back), and the objects are
# byte-identical to the local ones.
#
# Why `distcc pto-cc' and not `distcc gcc -fplugin=...': distccd 3.3 and
# later (Debian 12 ships 3.4) refuse every compile whose command line has
# -fplugin= ("insecure and not supported"), whatever its options.  pto-cc
# hides -fplugin inside the compiler it runs, so the worker needs pto-cc
# and the plugin at the same paths (here: the same machine), and its
# distccd must accept pto-cc as a compiler: a real worker lists it in
# /usr/lib/distcc or DISTCC_CMDLIST; this loopback-only test daemon uses
# --enable-tcp-insecure instead, which allows any compiler path.
#
# distccd run as root drops to an unprivileged user, which may not be
# able to read the build tree (e.g. under /root).  So the test stages
# copies of pto-cc and the plugin in its world-readable temporary
# directory and uses those for the local and the remote builds alike; a
# staged local build is also compared with a build through the real
# PTO_CC_UNINSTALLED.
#
# No -g: with -g, distcc's objects differ from local ones even without the
# plugin (GCC compiling preprocessed text loses the column numbers of
# macro expansions in .debug_line), so that comparison would test GCC and
# distcc, not pto-gcc.
#
# Environment (AM_TESTS_ENVIRONMENT, testsuite/local.mk): PTO_CC_UNINSTALLED,
# PTO_PLUGIN; srcdir (automake) to find examples/.  Exit status: 0 pass,
# 1 a check failed, 77 skipped (distcc or distccd not installed),
# 99 hard error.

fails=0
fail () { echo "FAIL: $*"; fails=$((fails + 1)); }
pass () { echo "PASS: $*"; }
skip () { echo "SKIP: $*"; exit 77; }
hard () { echo "ERROR: $*"; exit 99; }

# Compiler masquerade directories (/usr/lib/ccache, /usr/lib/distcc) in
# PATH would send the "local" builds through ccache or distcc too.
PATH=$(printf '%s\n' "$PATH" | tr ':' '\n' \
       | grep -v -E '/lib(64)?/(ccache|distcc)/?$' | paste -s -d: -)
export PATH

command -v distcc >/dev/null 2>&1 || skip "distcc is not installed"
command -v distccd >/dev/null 2>&1 || skip "distccd is not installed"
test -n "$PTO_CC_UNINSTALLED" && test -n "$PTO_PLUGIN" \
  || hard "PTO_CC_UNINSTALLED and PTO_PLUGIN must be set (run by make check)"
test -f "$PTO_PLUGIN" || hard "no plugin at $PTO_PLUGIN"
src=${srcdir:-.}/examples/saxpy.c
test -f "$src" || hard "no $src"

daemon=
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pto-distcc.XXXXXX") || hard "mktemp"
cleanup ()
{
  if test -n "$daemon"; then
    kill "$daemon" 2>/dev/null
    wait "$daemon" 2>/dev/null
  fi
  rm -rf "$tmp"
}
trap cleanup 0
trap 'exit 99' HUP INT PIPE TERM
# The daemon may run as another user: it must traverse $tmp, read the
# staged files and write its own temporary files in dtmp.
chmod 755 "$tmp"
mkdir "$tmp/stage" "$tmp/dtmp" "$tmp/distcc" "$tmp/local" "$tmp/remote" \
  || hard "mkdir"
chmod 1777 "$tmp/dtmp"

# The staged pto-cc: the build-tree script with only its plugin path
# changed; the plugin directory's modules (pto.so, pto-jit.so) copied.
unset PTO_GCC
cp "$(dirname "$PTO_PLUGIN")"/*.so "$tmp/stage/" || hard "copy the plugin"
sed "s|^plugin=.*|plugin='$tmp/stage/pto.so'|" "$PTO_CC_UNINSTALLED" \
  > "$tmp/stage/pto-cc" || hard "stage pto-cc"
chmod 755 "$tmp/stage/pto-cc"
chmod 644 "$tmp/stage"/*.so
cc=$tmp/stage/pto-cc
real=$("$PTO_CC_UNINSTALLED" --showme -c x.c)
staged=$("$cc" --showme -c x.c)
if test "$staged" = "$(printf '%s\n' "$real" \
      | sed "s|-fplugin=[^ ]*|-fplugin=$tmp/stage/pto.so|")"; then
  pass "staged pto-cc runs the same command with the staged plugin"
else
  fail "staged pto-cc: [$staged] versus [$real]"
fi

cp "$src" "$tmp/saxpy.c" || hard "copy $src"
cat > "$tmp/nodsl.c" <<'EOF'
#include <stdio.h>
static int sq (int x) { return x * x; }
int main (void) { printf ("%d\n", sq (7)); return 0; }
EOF

# Start distccd on 127.0.0.1 at a free port: try a few ports derived from
# the process id; a port in use makes distccd exit with a bind error.
start_daemon ()
{
  i=0
  while test $i -lt 20; do
    port=$((20000 + ($$ * 7 + i * 997) % 40000))
    log=$tmp/distccd.$port.log
    : > "$log"
    TMPDIR=$tmp/dtmp distccd --daemon --no-detach --enable-tcp-insecure \
      --listen 127.0.0.1 --port "$port" --allow 127.0.0.1 --jobs 2 \
      --log-stderr --log-level=info 2> "$log" &
    daemon=$!
    n=0
    while test $n -lt 50; do
      grep -q "listening on 127.0.0.1:$port" "$log" && return 0
      kill -0 "$daemon" 2>/dev/null || break
      sleep 0.1
      n=$((n + 1))
    done
    kill "$daemon" 2>/dev/null
    wait "$daemon" 2>/dev/null
    daemon=
    i=$((i + 1))
  done
  return 1
}
start_daemon || { cat "$tmp"/distccd.*.log; hard "distccd did not start"; }
echo "distccd pid $daemon listening on 127.0.0.1:$port"

# The client: only our daemon, no fallback to a local compile, private
# state directory.
DISTCC_HOSTS=127.0.0.1:$port/2
DISTCC_DIR=$tmp/distcc
DISTCC_FALLBACK=0
DISTCC_SKIP_LOCAL_RETRY=1
export DISTCC_HOSTS DISTCC_DIR DISTCC_FALLBACK DISTCC_SKIP_LOCAL_RETRY
unset DISTCC_VERBOSE DISTCC_LOG DISTCC_SAVE_TEMPS DISTCC_POTENTIAL_HOSTS

# Compile NAME.c locally and through distcc; compare.  NEED_TRACE says
# whether the file has DSL code (the pipeline then runs and traces).
check_file ()
{
  name=$1 need_trace=$2
  flags="-O2 -fplugin-arg-pto-trace"
  (cd "$tmp" && "$cc" $flags -c "$name.c" -o "local/$name.o") \
    2> "$tmp/$name.local.err" \
    || { cat "$tmp/$name.local.err"; fail "$name: local build"; return; }
  before=$(grep -c 'COMPILE_OK' "$log")
  if ! (cd "$tmp" && distcc "$cc" $flags -c "$name.c" -o "remote/$name.o") \
      2> "$tmp/$name.remote.err"; then
    cat "$tmp/$name.remote.err" "$log"
    fail "$name: distcc build"
    return
  fi
  # The daemon logs the job after it has sent the result: wait for it.
  n=0
  while test $n -lt 50; do
    after=$(grep -c 'COMPILE_OK' "$log")
    test "$after" -gt "$before" && break
    sleep 0.1
    n=$((n + 1))
  done
  if test "$after" -eq $((before + 1)) \
     && grep -q "COMPILE_OK.*pto-cc $name.c\$" "$log"; then
    pass "$name: compiled by distccd"
  else
    cat "$log"
    fail "$name: distccd log shows no completed compile of $name.c"
  fi
  # The trace comes from cc1 compiling, never from the local -E step.
  if test "$need_trace" = yes; then
    if grep -q '^pto: pass ' "$tmp/$name.remote.err"; then
      pass "$name: the plugin ran on the worker"
    else
      cat "$tmp/$name.remote.err"
      fail "$name: no pass trace from the worker"
    fi
  fi
  if cmp "$tmp/local/$name.o" "$tmp/remote/$name.o"; then
    pass "$name: distcc object identical to the local one"
  else
    fail "$name: distcc object differs from the local one"
  fi
}

check_file saxpy yes
check_file nodsl no

# The staging changed nothing: the real build-tree pto-cc gives the same
# object.
if (cd "$tmp" && "$PTO_CC_UNINSTALLED" -O2 -c saxpy.c -o real.o) \
   && (cd "$tmp" && "$cc" -O2 -c saxpy.c -o staged.o) \
   && cmp "$tmp/real.o" "$tmp/staged.o"; then
  pass "staged and build-tree pto-cc give the same object"
else
  fail "staged and build-tree pto-cc objects differ"
fi

echo "$fails failure(s)"
test $fails -eq 0
