#!/usr/bin/env bash
# Benchmark of interlace (issue 27): a sheet of the first 1,000 closed knight's tours of
# 6x6 drawn plain (style `line`) and interlaced (`line --interlace`), as PDF and SVG; the
# interlaced run is reported as a ratio against the plain run of the same format, in this
# run (goal: at most 3x). Best of three alternating runs each, since other work on a
# shared machine only slows runs. CPU time and peak resident memory from /usr/bin/time -v;
# the load average is printed first.
#
#   benches/interlace.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p tourglyph-cli >/dev/null 2>&1
bin=target/release/tourglyph
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run ARGS... -> prints "cpu_s rss_mb"
run() {
  /usr/bin/time -v "$bin" render --piece knight --board 6x6 --limit 1000 --quiet "$@" 2>"$tmp/err" >/dev/null
  awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 }
    /Maximum resident set size/ { r = $2 / 1024 }
    END { printf "%.3f %.1f\n", u + s, r }' "$tmp/err"
}

best() { sort -n | head -1; }

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
printf "%-6s %-11s %8s %8s %9s %10s\n" format style cpu_s rss_MB ratio bytes
for fmt in pdf svg; do
  : >"$tmp/plain" ; : >"$tmp/inter"
  for _ in 1 2 3; do
    run --style line -o "$tmp/plain.$fmt" >>"$tmp/plain"
    run --style line --interlace -o "$tmp/inter.$fmt" >>"$tmp/inter"
  done
  read -r pc pm < <(sort -n "$tmp/plain" | head -1)
  read -r ic im < <(sort -n "$tmp/inter" | head -1)
  # SVG writes a file a page (plain-1.svg, …): the bytes of all of them.
  printf "%-6s %-11s %8s %8s %9s %10s\n" "$fmt" plain "$pc" "$pm" 1.00 "$(cat "$tmp"/plain*."$fmt" | wc -c)"
  printf "%-6s %-11s %8s %8s %9s %10s\n" "$fmt" interlaced "$ic" "$im" \
    "$(awk -v a="$ic" -v b="$pc" 'BEGIN { printf "%.2f", a / b }')" "$(cat "$tmp"/inter*."$fmt" | wc -c)"
done
