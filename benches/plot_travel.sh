#!/usr/bin/env bash
# Pen-up travel of a plotter SVG (issue 26): the same hatched kufic sheet drawn in ID order,
# with --optimize, and in ID order then sorted by vpype's `linesort` (greedy nearest
# neighbour over all lines, reversing them where shorter) and `linesort --two-opt`, each
# measured by `tourglyph plot-stats` and by `vpype stat`. Ratios are against ID order in
# this run. Goals: --optimize no longer than vpype's linesort, and at most 40 % of ID order.
#
#   benches/plot_travel.sh        # needs vpype on PATH (.ci/run's venv has it)
#
# Sheets: the 149 classes of 6x6 on one A3 page, and 20 classes of 8x8 on one A4 page.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p tourglyph-cli >/dev/null 2>&1
T="$PWD/target/release/tourglyph"
command -v vpype >/dev/null || PATH="${TMPDIR:-/tmp}/tourglyph-ci-venv/bin:$PATH"
command -v vpype >/dev/null || { echo "vpype not found: pip install vpype" >&2; exit 1; }
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

# pen_up FILE -> plot-stats' total pen-up length, mm
pen_up() { "$T" plot-stats --json "$1" | python3 -c 'import json,sys; print("%.1f" % json.load(sys.stdin)["total"]["pen_up_mm"])'; }
# vp_up FILE -> vpype's total pen-up length, mm (it prints CSS pixels)
vp_up() { vpype read "$1" stat | awk '/^Totals/ { t = 1 } t && /Pen-up length:/ { printf "%.1f\n", $3 * 25.4 / 96 }'; }
# secs CMD... -> wall seconds of CMD
secs() { /usr/bin/time -f "%e" -o "$OUT/t" "$@" >/dev/null 2>&1; cat "$OUT/t"; }

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
sheet() {
    local name="$1"; shift
    echo "== $name"
    printf "%-26s %12s %12s %8s %8s\n" order "pen-up mm" "vpype mm" ratio "secs"
    local s0 s1 s2 s3
    s0=$(secs "$T" render "$@" --quiet -o "$OUT/$name-ids.svg")
    s1=$(secs "$T" render "$@" --optimize --quiet -o "$OUT/$name-opt.svg")
    s2=$(secs vpype read "$OUT/$name-ids.svg" linesort write "$OUT/$name-vpype.svg")
    s3=$(secs vpype read "$OUT/$name-ids.svg" linesort --two-opt write "$OUT/$name-vpype2.svg")
    local base
    base=$(pen_up "$OUT/$name-ids.svg")
    for row in "ID order:ids:$s0" "tourglyph --optimize:opt:$s1" "vpype linesort:vpype:$s2" "vpype linesort --two-opt:vpype2:$s3"; do
        IFS=: read -r label f s <<<"$row"
        local u
        u=$(pen_up "$OUT/$name-$f.svg")
        printf "%-26s %12s %12s %8s %8s\n" "$label" "$u" "$(vp_up "$OUT/$name-$f.svg")" \
            "$(awk -v a="$u" -v b="$base" 'BEGIN { printf "%.3f", a / b }')" "$s"
    done
}
sheet c6 --board 6x6 --classes --page a3 --style kufic --plot hatch
sheet c8 --board 8x8 --classes --limit 20 --style kufic --plot hatch
echo "(secs: rendering for tourglyph, read + sort + write for vpype; load average at end: $(cut -d' ' -f1-3 /proc/loadavg))"
