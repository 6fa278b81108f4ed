#! /bin/sh
# ci-setup.sh - the README's first two commands work as root and as a
# sudoer: README shows `bash .ci/demo' and `bash
# .ci/run', both scripts exist; .ci/setup, asked by a user who is not
# root to install missing packages, exits 1 and says how to get root,
# naming the command the user ran (sudo when there is a sudo, su -c when
# there is none); as root it runs apt-get.  id, dpkg-query, apt-get and
# sudo are stand-ins on PATH, so nothing is installed.
#
# Run by `make check' (TESTS) with PTO_INCLUDE (SRCDIR/include) in the
# environment.  Exit 0 on success, 1 with a message per failed check.

fails=0
fail () { echo "FAIL: $*"; fails=$((fails + 1)); }
pass () { echo "PASS: $*"; }

top=$(dirname "$PTO_INCLUDE")
[ -f "$top/.ci/setup" ] && [ -f "$top/README" ] || exit 99
tmp=${TMPDIR:-/tmp}/ci-setup-test.$$
mkdir -p "$tmp/bin" || exit 99
trap 'rm -rf "$tmp"' 0

# The README's first two commands.
cmds=$(grep -E '^    (sudo )?bash \.ci/' "$top/README" | head -2 \
       | sed 's/  *#.*//; s/^ *//')
want='bash .ci/demo
bash .ci/run'
if [ "$cmds" = "$want" ] && [ -f "$top/.ci/demo" ] && [ -f "$top/.ci/run" ]
then pass "README's first commands: bash .ci/demo, bash .ci/run"
else fail "README's first commands: $cmds"
fi

# Stand-ins: every package missing; id -u from FAKE_UID; apt-get logs.
cat > "$tmp/bin/dpkg-query" <<'EOF'
#! /bin/sh
exit 1
EOF
cat > "$tmp/bin/id" <<'EOF'
#! /bin/sh
echo "$FAKE_UID"
EOF
cat > "$tmp/bin/apt-get" <<'EOF'
#! /bin/sh
echo "apt-get $*" >> "$APT_LOG"
EOF
chmod +x "$tmp/bin/dpkg-query" "$tmp/bin/id" "$tmp/bin/apt-get"

# A user on a machine without sudo (the stand-in bin first, and no sudo
# anywhere on the PATH we give).
mkdir -p "$tmp/nosudo"
for t in bash sh grep dirname cat; do
  p=$(command -v $t) && ln -s "$p" "$tmp/nosudo/$t"
done
out=$(cd "$top" && FAKE_UID=1000 APT_LOG="$tmp/apt.log" \
      PATH="$tmp/bin:$tmp/nosudo" PTO_SETUP_CALLER=.ci/demo \
      bash .ci/setup 2>&1)
rc=$?
case $out in
  *"su -c 'bash .ci/demo'"*)
    if [ $rc -eq 1 ] && ! [ -f "$tmp/apt.log" ] \
       && ! printf '%s\n' "$out" | grep -q 'sudo bash'
    then pass "user without sudo: told to use su -c, nothing installed"
    else fail "user without sudo: rc $rc: $out"
    fi ;;
  *) fail "user without sudo: rc $rc: $out" ;;
esac

# A user with sudo.
cat > "$tmp/bin/sudo" <<'EOF'
#! /bin/sh
exit 0
EOF
chmod +x "$tmp/bin/sudo"
out=$(cd "$top" && FAKE_UID=1000 APT_LOG="$tmp/apt.log" \
      PATH="$tmp/bin:$tmp/nosudo" PTO_SETUP_CALLER=.ci/run \
      bash .ci/setup 2>&1)
rc=$?
case $out in
  *"sudo bash .ci/run"*)
    if [ $rc -eq 1 ] && ! [ -f "$tmp/apt.log" ]
    then pass "sudoer: told to use sudo bash .ci/run"
    else fail "sudoer: rc $rc: $out"
    fi ;;
  *) fail "sudoer: rc $rc: $out" ;;
esac

# Root: installs with apt-get, no sudo involved.
rm -f "$tmp/bin/sudo"
out=$(cd "$top" && FAKE_UID=0 APT_LOG="$tmp/apt.log" \
      PATH="$tmp/bin:$tmp/nosudo" bash .ci/setup 2>&1 </dev/null)
rc=$?
if [ $rc -eq 0 ] && grep -q '^apt-get install -y' "$tmp/apt.log" 2>/dev/null
then pass "root: apt-get install runs"
else fail "root: rc $rc: $out"
fi

[ $fails -eq 0 ]
