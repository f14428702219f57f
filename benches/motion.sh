#!/usr/bin/env bash
# Benchmark of animated glyphs (issue 27): an 8x8 closed knight's tour (find --seed 1)
# drawn 400 px wide as a still PNG (the baseline), an animated SVG, a GIF of 65 frames
# (one a move and the first) and an animated PNG. CPU time and peak resident memory from
# /usr/bin/time -v (the mean of 10 runs timed together), best of three; each as a ratio against the still PNG of this run; and
# the files' sizes (goal: the GIF under 300 KB). The load average is printed first.
#
#   benches/motion.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p tourglyph-cli >/dev/null 2>&1
bin=target/release/tourglyph
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tour=$("$bin" find --board 8x8 --closed --seed 1)

# 2 in at 200 dpi: 400 px.
common=(glyph --piece knight --board 8x8 --tour "$tour" --size 2in --dpi 200)

# run OUT ARGS... -> prints "cpu_s rss_mb": CPU time of one run (the mean of REPS runs
# timed together, since one still glyph takes less than /usr/bin/time's 10 ms resolution)
# and the peak resident memory of one.
REPS=10
run() {
  local out=$1; shift
  /usr/bin/time -v bash -c 'for _ in $(seq '"$REPS"'); do "$@" >/dev/null; done' _ \
    "$bin" "${common[@]}" "$@" -o "$out" 2>"$tmp/err"
  awk -F': ' -v n="$REPS" '/User time/ { u = $2 } /System time/ { s = $2 }
    /Maximum resident set size/ { r = $2 / 1024 }
    END { printf "%.4f %.1f\n", (u + s) / n, r }' "$tmp/err"
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
printf "%-14s %8s %8s %9s %10s\n" output cpu_s rss_MB ratio bytes
base=""
for what in still.png anim.svg walk.gif walk-apng.png; do
  case $what in
    still.png) args=() ;;
    walk.gif) args=() ;;
    *) args=(--animate) ;;
  esac
  : >"$tmp/t"
  for _ in 1 2 3; do run "$tmp/$what" "${args[@]}" >>"$tmp/t"; done
  read -r c m < <(sort -n "$tmp/t" | head -1)
  [ -z "$base" ] && base=$c
  printf "%-14s %8s %8s %9s %10s\n" "$what" "$c" "$m" \
    "$(awk -v a="$c" -v b="$base" 'BEGIN { printf "%.2f", a / b }')" "$(stat -c %s "$tmp/$what")"
done
