#!/usr/bin/env bash
# The first call of tour IDs by halves on knight 8x8 (the build of `Ids`: the sides,
# their join state by state, the tables above the cut), then later calls in the same
# process (ID 0, the last ID, RANDOM random IDs unranked and ranked back, 100
# consecutive IDs): the `tour_ids` example of this tree and of a baseline revision,
# alternating RUNS times (default 2) so that a change in the machine's load falls on
# both; wall time and peak resident memory from /usr/bin/time, the best run of each and
# their ratios. Each run checks its own answers (unrank(rank(t)) = t, the window in
# increasing edge-list order, the count A001230's 13,267,364,410,532).
#
#   benches/tour_ids_8x8.sh                # baseline 4498357 (before the half turn in the weights)
#   BASE=<rev> RUNS=3 RANDOM_IDS=1000 benches/tour_ids_8x8.sh
#
# The baseline's example is built once in a worktree under target/bench-base.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${BASE:-4498357}
runs=${RUNS:-2}
random=${RANDOM_IDS:-100}
cargo build --release -p tourglyph-bench --example tour_ids >/dev/null 2>&1
new=$PWD/target/release/examples/tour_ids
dir=$PWD/target/bench-base/$base
old=$dir/target/release/examples/tour_ids
if [ ! -x "$old" ]; then
  mkdir -p "$(dirname "$dir")"
  git worktree prune
  [ -d "$dir" ] || git worktree add --detach -f "$dir" "$base" >/dev/null 2>&1
  (cd "$dir" && CARGO_TARGET_DIR="$dir/target" cargo build --release -p tourglyph-bench --example tour_ids >/dev/null 2>&1)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed BIN -> "build_s later_mean_s peak_MB wall_s"
timed() {
  /usr/bin/time -f "%e %M" "$1" knight 8x8 "$random" >"$tmp/out" 2>"$tmp/err"
  grep -q "^knight 8x8: 13267364410532 tours" "$tmp/out" || { cat "$tmp/out" "$tmp/err" >&2; exit 1; }
  build=$(sed -n 's/.*build \([0-9.]*\) s.*/\1/p' "$tmp/out")
  later=$(sed -n 's/.*unranked and ranked back: mean \([0-9.]*\) s.*/\1/p' "$tmp/out")
  tail -1 "$tmp/err" | awk -v b="$build" -v l="$later" '{ printf "%s %s %.0f %s\n", b, l, $2 / 1024, $1 }'
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
printf "%-10s %4s %8s %14s %9s\n" binary run build_s later_mean_s peak_MB
bo= bm= nb= nm=
for r in $(seq "$runs"); do
  read -r b l m _ < <(timed "$old")
  printf "%-10s %4s %8.2f %14.4f %9.0f\n" "$base" "$r" "$b" "$l" "$m"
  [ -z "$bo" ] || awk "BEGIN { exit !($b < $bo) }" && { bo=$b; bm=$m; }
  read -r b l m _ < <(timed "$new")
  printf "%-10s %4s %8.2f %14.4f %9.0f\n" "this tree" "$r" "$b" "$l" "$m"
  [ -z "$nb" ] || awk "BEGIN { exit !($b < $nb) }" && { nb=$b; nm=$m; }
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "best build: $base ${bo} s ${bm} MB; this tree ${nb} s ${nm} MB"
awk -v bo="$bo" -v nb="$nb" -v bm="$bm" -v nm="$nm" \
  'BEGIN { printf "this tree against %s: %.2fx the speed of the build, %.2fx the memory\n", "'"$base"'", bo / nb, nm / bm }'
