#!/usr/bin/env bash
# Benchmark of the machine formats (issue 26): the 580,717-glyph sheet of the 8x8 closed
# rook tour classes in the Kufic style with --plot hatch, written as PostScript (the
# streaming baseline: one file, the same strokes), as G-code (a GRBL program a page) and,
# without --plot, as PostScript again and as DXF (outlines). Each machine format is reported as a ratio
# against its baseline in this run. Wall and CPU time and peak resident memory from
# /usr/bin/time -v (goal: under 60 s and 200 MB); the load average is printed first.
# Optional: a glyph count to draw fewer (e.g. `benches/machines.sh 50000`).
#
#   benches/machines.sh [LIMIT]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p tourglyph-cli >/dev/null 2>&1
bin=target/release/tourglyph
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
limit=()
[[ $# -ge 1 ]] && limit=(--limit "$1")

# run NAME ARGS... -> prints "NAME wall_s cpu_s rss_mb files bytes"
run() {
  local name=$1
  shift
  mkdir -p "$tmp/$name"
  /usr/bin/time -v "$bin" render --board 8x8 --classes "${limit[@]}" --style kufic \
    --page a0 --force --quiet "$@" 2>"$tmp/err" >/dev/null
  local files bytes
  files=$(find "$tmp/$name" -type f | wc -l)
  bytes=$(du -sb "$tmp/$name" | cut -f1)
  awk -F': ' -v n="$name" -v f="$files" -v b="$bytes" '
    /Elapsed \(wall clock\)/ { k = split($2, t, ":"); w = 0; for (i = 1; i <= k; i++) w = w * 60 + t[i] }
    /User time/ { u = $2 } /System time/ { s = $2 }
    /Maximum resident set size/ { r = $2 / 1024 }
    END { printf "%s %.1f %.1f %.1f %d %d\n", n, w, u + s, r, f, b }' "$tmp/err"
  rm -rf "${tmp:?}/$name"
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
printf "%-16s %8s %8s %8s %7s %12s %7s\n" run wall_s cpu_s rss_MB files bytes ratio
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
read -r _ bw bc br bf bb < <(run ps-hatch --plot hatch -o "$tmp/ps-hatch/s.ps")
printf "%-16s %8s %8s %8s %7s %12s %7s\n" ps-hatch "$bw" "$bc" "$br" "$bf" "$bb" 1.00
read -r _ w c r f b < <(run gcode-hatch --plot hatch -o "$tmp/gcode-hatch/s.gcode")
printf "%-16s %8s %8s %8s %7s %12s %7s\n" gcode-hatch "$w" "$c" "$r" "$f" "$b" "$(ratio "$w" "$bw")"
read -r _ ow oc orr of ob < <(run ps-outline --outline -o "$tmp/ps-outline/s.ps")
printf "%-16s %8s %8s %8s %7s %12s %7s\n" ps-outline "$ow" "$oc" "$orr" "$of" "$ob" 1.00
read -r _ w c r f b < <(run dxf -o "$tmp/dxf/s.dxf")
printf "%-16s %8s %8s %8s %7s %12s %7s\n" dxf "$w" "$c" "$r" "$f" "$b" "$(ratio "$w" "$ow")"
