#!/usr/bin/env bash
# How true the tour index's notice is (issue 56, item 23): `glyph --random` on knight
# 6x8 and 8x8, each building the board's tour index, RUNS times (default 2); for each
# run the notice's "about N s in all", the command's wall time, their ratio and the
# load average. The notice paces the work ahead by what the sides took, so the ratio
# should stay near 1 whatever the load.
#
#   benches/index_notice.sh            # target/release/tourglyph
#   BIN=/path/to/tourglyph RUNS=3 benches/index_notice.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-$PWD/target/release/tourglyph}
[ -n "${BIN:-}" ] || cargo build --release -p tourglyph-cli >/dev/null 2>&1
runs=${RUNS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-6s %9s %9s %7s  %s\n' board notice_s wall_s ratio load
for _ in $(seq "$runs"); do
  for board in 6x8 8x8; do
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    /usr/bin/time -f "%e" "$bin" glyph --piece knight --board "$board" --random --seed 1 \
      -o "$tmp/w.svg" 2>"$tmp/err"
    said=$(sed -n 's/.*tour index, about \([0-9.]*\) s in all.*/\1/p' "$tmp/err")
    wall=$(tail -1 "$tmp/err")
    [ -n "$said" ] || { cat "$tmp/err" >&2; exit 1; }
    awk -v b="$board" -v s="$said" -v w="$wall" -v l="$load" \
      'BEGIN { printf "%-6s %9s %9s %7.2f  %s\n", b, s, w, s / w, l }'
  done
done
