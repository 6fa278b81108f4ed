# broken-run.sh - the run step of the hand-broken kernel tests
# (dbuf-broken.sh, mix-broken.sh), sourced by them.  Reads $base (the
# emitted .cce), $harness (its compiled test harness), $work, $top,
# $rtlib and $CC; counts failures in $fails.

# run NAME EDIT EXPECT: apply the edit (a command filtering stdin to
# stdout; it must change the text), build and run; EXPECT empty: must
# pass, else must fail with EXPECT in the log.
run() {
  v=$work/$1.cce
  $2 <"$base" >"$v"
  if [ -n "$3" ] && cmp -s "$v" "$base"; then
    echo "FAIL: $1: the edit did not apply"; fails=$((fails + 1)); return
  fi
  if ! $CC -std=gnu11 -D__CCE_KT_TEST__ -fno-delete-null-pointer-checks \
         -I"$top/runtime" -x c -c "$v" -o "$v.o" 2>"$v.log" \
     || ! $CC "$harness" "$v.o" -L"$rtlib" -Wl,-rpath,"$rtlib" \
         -lpto-rt -lm ${PTO_SAN_CFLAGS:-} -o "$v.exe" 2>>"$v.log"; then
    cat "$v.log"; echo "FAIL: $1: build"; fails=$((fails + 1)); return
  fi
  if "$v.exe" >"$v.run" 2>&1; then
    if [ -z "$3" ]; then echo "PASS: $1: runs clean"
    else echo "FAIL: $1: the simulator saw nothing"; fails=$((fails + 1)); fi
  elif [ -z "$3" ]; then
    tail -5 "$v.run"; echo "FAIL: $1: should run clean"; fails=$((fails + 1))
  elif grep -q -- "$3" "$v.run"; then
    echo "PASS: $1: reported ($3)"
  else
    tail -5 "$v.run"; echo "FAIL: $1: no '$3' report"; fails=$((fails + 1))
  fi
}
