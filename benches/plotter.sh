#!/usr/bin/env bash
# The plotter sheet at scale (issue 26): the 580,717 symmetry classes of 8x8 in the
# `kufic` style, hatched for a pen (--plot hatch), as SVG on A0 pages (one file a page),
# in ID order and with --optimize; wall time and peak resident memory of each, against a
# baseline in the same run: the same sheet without pen strokes (kufic, PDF, the sheet
# benches/render.sh times). Then a count: every glyph drawn exactly once in the optimised
# files (each glyph is one path with its id, tour-ID; the IDs of all pages together are
# 580,717, all different), and the same number of strokes as in ID order.
# Then the same two as G-code (a GRBL program a page, profile grbl-servo): times against
# the same baseline, and the same count of pen-down strokes (pen lowerings, `M3`) and of
# drawn segments (`G1`) in ID order and optimised (a G-code glyph carries no ID).
#
# Goals (issue): under 60 s and 200 MB with --optimize.
#
#   benches/plotter.sh            # about 3 GB of SVG in a temporary folder, removed after
#   LIMIT=20000 benches/plotter.sh   # the first 20,000 classes only (a quick look)
#   PART=svg benches/plotter.sh      # the baseline and the SVG runs only (PART=gcode: the
#                                    # baseline and the G-code runs only)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p tourglyph-cli >/dev/null 2>&1
T="$PWD/target/release/tourglyph"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
SEL=(--board 8x8 --classes)
[ -n "${LIMIT:-}" ] && SEL+=(--limit "$LIMIT")

run() {
    local label="$1"; shift
    /usr/bin/time -f "%e %U %S %M" -o "$OUT/time" "$@" >/dev/null
    read -r SECS USR SYS KB < "$OUT/time"
    printf "%-40s %8.2f s wall %8.2f s CPU %8.1f MB peak\n" "$label" "$SECS" \
        "$(echo "$USR + $SYS" | bc -l)" "$(echo "$KB / 1024" | bc -l)"
}
ratio() { echo "scale=2; $1 / $2" | bc -l; }

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
run "baseline: kufic PDF (no pen strokes)" "$T" render "${SEL[@]}" --style kufic -o "$OUT/base.pdf" --quiet
B=$SECS
if [ "${PART:-svg}" = svg ] || [ -z "${PART:-}" ]; then
mkdir "$OUT/ids" "$OUT/opt"
run "kufic --plot hatch, SVG A0, ID order" "$T" render "${SEL[@]}" --style kufic --plot hatch --page a0 --force -o "$OUT/ids/s.svg" --quiet
echo "  ratio to baseline: $(ratio "$SECS" "$B")"
run "kufic --plot hatch --optimize, SVG A0" "$T" render "${SEL[@]}" --style kufic --plot hatch --optimize --page a0 --force -o "$OUT/opt/s.svg" --quiet
echo "  ratio to baseline: $(ratio "$SECS" "$B")"
echo "  files: $(ls "$OUT/opt" | wc -l) pages, $(du -sh "$OUT/opt" | cut -f1)"
for d in ids opt; do
    cat "$OUT/$d"/*.svg | grep -o 'id="tour-[0-9]*"' | sort >"$OUT/$d.ids"
    printf "%-4s glyphs drawn: %d, distinct: %d, subpaths: %d\n" "$d" \
        "$(wc -l <"$OUT/$d.ids")" "$(uniq "$OUT/$d.ids" | wc -l)" \
        "$(cat "$OUT/$d"/*.svg | grep -o 'M[0-9.-]' | wc -l)"
done
cmp -s "$OUT/ids.ids" "$OUT/opt.ids" && echo "the same glyphs in both: yes" || echo "the same glyphs in both: NO"
rm -rf "$OUT/ids" "$OUT/opt"
fi
if [ "${PART:-gcode}" = gcode ] || [ -z "${PART:-}" ]; then
mkdir "$OUT/gids" "$OUT/gopt"
run "kufic --plot hatch, G-code A0, ID order" "$T" render "${SEL[@]}" --style kufic --plot hatch --page a0 --force -o "$OUT/gids/s.gcode" --quiet
echo "  ratio to baseline: $(ratio "$SECS" "$B")"
run "kufic --plot hatch --optimize, G-code A0" "$T" render "${SEL[@]}" --style kufic --plot hatch --optimize --page a0 --force -o "$OUT/gopt/s.gcode" --quiet
echo "  ratio to baseline: $(ratio "$SECS" "$B")"
echo "  files: $(ls "$OUT/gopt" | wc -l) pages, $(du -sh "$OUT/gopt" | cut -f1)"
for d in gids gopt; do
    printf "%-4s pen-down strokes: %d, segments: %d\n" "$d" \
        "$(cat "$OUT/$d"/*.gcode | grep -c '^M3')" "$(cat "$OUT/$d"/*.gcode | grep -c '^G1 ')"
done
fi
echo "(load average at end: $(cut -d' ' -f1-3 /proc/loadavg))"
