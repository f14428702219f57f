#!/usr/bin/env bash
# The closed knight's tours of 8x8 counted by this tree's binary and by a baseline
# revision's, side by side: `count --piece knight --board 8x8`, wall time and peak
# resident memory from /usr/bin/time, the two binaries alternating RUNS times (default
# 2) so that a change in the machine's load falls on both; the best run of each and
# their ratios. Both counts must be A001230's 13,267,364,410,532 (half the directed
# 26,534,728,821,064).
#
#   benches/knight_8x8.sh                  # baseline d4cb44b (the counter issue 28 timed:
#                                          # "today 21 s, 3.4 GB"; its goal, 10 s and 2 GB)
#   BASE=82daf4d RUNS=3 benches/knight_8x8.sh   # before item 4's work; or any <rev>
#
# The machine's speed drifts from hour to hour (the same binary's user time 15.1 s at
# one hour, 22.2 s at another, steal time under 2%), so the ratio to the baseline is
# the figure; a wall time is only that hour's. Its MB, as every script's under benches/,
# are MiB (/usr/bin/time's KiB over 1024).
#
# The baseline is built once in a worktree under target/bench-base (a few minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
base=${BASE:-d4cb44b}
runs=${RUNS:-2}
want=13267364410532
cargo build --release -p tourglyph-cli >/dev/null 2>&1
new=$PWD/target/release/tourglyph
dir=$PWD/target/bench-base
if [ ! -x "$dir/$base/target/release/tourglyph" ]; then
  rm -rf "${dir:?}/$base"
  mkdir -p "$dir"
  git worktree prune
  git worktree add --detach -f "$dir/$base" "$base" >/dev/null 2>&1
  (cd "$dir/$base" && cargo build --release -p tourglyph-cli >/dev/null 2>&1)
fi
old=$dir/$base/target/release/tourglyph
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed BIN -> "wall_s peak_MB"; the count must be the published one.
timed() {
  /usr/bin/time -f "%e %M" "$1" count --piece knight --board 8x8 >"$tmp/out" 2>"$tmp/err"
  [ "$(cat "$tmp/out")" = "$want" ] || { echo "$1 counted $(cat "$tmp/out"), not $want" >&2; exit 1; }
  tail -1 "$tmp/err" | awk '{ printf "%.2f %.0f\n", $1, $2 / 1024 }'
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
printf "%-10s %4s %8s %9s\n" binary run wall_s peak_MB
bo= bm= nb= nm=
for r in $(seq "$runs"); do
  read -r w m < <(timed "$old")
  printf "%-10s %4s %8.2f %9.0f\n" "$base" "$r" "$w" "$m"
  [ -z "$bo" ] || awk "BEGIN { exit !($w < $bo) }" && { bo=$w; bm=$m; }
  read -r w m < <(timed "$new")
  printf "%-10s %4s %8.2f %9.0f\n" "this tree" "$r" "$w" "$m"
  [ -z "$nb" ] || awk "BEGIN { exit !($w < $nb) }" && { nb=$w; nm=$m; }
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "best: $base ${bo} s ${bm} MB; this tree ${nb} s ${nm} MB"
awk -v bo="$bo" -v nb="$nb" -v bm="$bm" -v nm="$nm" \
  'BEGIN { printf "this tree against %s: %.2fx the speed, %.2fx the memory\n", "'"$base"'", bo / nb, nm / bm }'
