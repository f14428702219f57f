#!/usr/bin/env bash
# Speed of two builds side by side, in one run: a baseline binary (BEFORE, e.g. one built
# from the commit before a refactor) and this tree's release build. Issue 25 (the workspace)
# had to leave speed unchanged within noise; this is how it showed it.
#
#   BEFORE=/path/to/old/tourglyph benches/house.sh          # 3 rounds
#   BEFORE=… ROUNDS=5 benches/house.sh
#
# Tasks: count 16×16 (the transfer-matrix counter), render the 580,717 symmetry classes of
# 8×8 into one PDF (the engine, the class test, layout and the PDF backend), and the closed
# knight's tours of 8×8 (the leaper counter by halves), and one closed knight's tour of 8×8
# drawn by its ID (the tour index by halves, built once per process, then one unranking).
# The two binaries alternate within each round (before, after, then after, before in the
# next), so slow drift of a shared machine's load falls on both; the load average is
# printed before and after. The two binaries' stdout must agree (the counts). Each line: the task, wall seconds of each round for each binary
# (from /usr/bin/time), the medians, and their ratio after/before.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BEFORE:?set BEFORE to the baseline tourglyph binary}"
ROUNDS=${ROUNDS:-3}
cargo build --release --quiet -p tourglyph-cli
AFTER="$PWD/target/release/tourglyph"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

time_of() { # BIN ARGS... → wall seconds; stdout is left in $OUT/stdout
  local bin="$1"; shift
  /usr/bin/time -f "%e" -o "$OUT/time" "$bin" "$@" >"$OUT/stdout" 2>/dev/null
  cat "$OUT/time"
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

task() { # LABEL ARGS...
  local label="$1"; shift
  local b=() a=() i
  for i in $(seq 1 "$ROUNDS"); do
    # Odd rounds run the baseline first, even rounds second; every round compares stdout.
    local first="$BEFORE" second="$AFTER"
    [ $((i % 2)) = 1 ] || { first="$AFTER"; second="$BEFORE"; }
    local t1 t2
    t1=$(time_of "$first" "$@"); cp "$OUT/stdout" "$OUT/first.out"
    t2=$(time_of "$second" "$@")
    cmp -s "$OUT/stdout" "$OUT/first.out" || { echo "$label: the outputs differ" >&2; exit 1; }
    if [ "$first" = "$BEFORE" ]; then b+=("$t1"); a+=("$t2"); else a+=("$t1"); b+=("$t2"); fi
  done
  local mb ma
  mb=$(median "${b[@]}"); ma=$(median "${a[@]}")
  printf '%-34s before %-22s after %-22s median %6.2f s → %6.2f s   ratio %s\n' "$label" \
    "${b[*]}" "${a[*]}" "$mb" "$ma" "$(echo "scale=3; $ma / $mb" | bc -l)"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $ROUNDS rounds"
echo "before: $BEFORE"
echo "after:  $AFTER"
task "count --board 16x16" count --board 16x16
task "render 8x8 --classes (580,717) PDF" render --board 8x8 --classes -o "$OUT/classes.pdf"
task "count --piece knight --board 8x8" count --piece knight --board 8x8
task "glyph knight 8x8 --id 10^12 (SVG)" glyph -q --piece knight --board 8x8 --id 1000000000000 -o "$OUT/knight.svg"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
