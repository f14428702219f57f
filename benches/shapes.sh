#!/usr/bin/env bash
# Shapes benchmark (issue 15): wall time and peak memory (RSS) of outline sheets and
# fonts, each against a baseline measured in the same run.
#
#   benches/shapes.sh            # builds in release mode, writes into a temp folder
#
# Goals: the 580,717-glyph 8x8 classes sheet with --outline to PDF in < 10 s and
# < 100 MB (baseline: the same sheet stroked); the font of all 1,072 6x6 tours in < 2 s
# (baseline: the 6x6 poster PDF).
set -euo pipefail
cd "$(dirname "$0")/.."
CARGO_PROFILE_RELEASE_INCREMENTAL=true cargo build --release --quiet
T="$PWD/target/release/tourglyph"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

# run LABEL CMD... → prints "LABEL seconds peakMB" and remembers the time in $SECS.
run() {
    local label="$1"; shift
    /usr/bin/time -f "%e %M" -o "$OUT/time" "$@" >/dev/null
    read -r SECS KB < "$OUT/time"
    printf "%-44s %7.2f s %8.1f MB\n" "$label" "$SECS" "$(echo "$KB / 1024" | bc -l)"
}
ratio() { if [ "$(echo "$2 < 0.01" | bc -l)" = 1 ]; then echo "n/a (baseline < 10 ms)"; else echo "scale=2; $1 / $2" | bc -l; fi; }
size() { printf "%-44s %10d bytes\n" "  file $(basename "$1")" "$(stat -c %s "$1")"; }

echo "== 8x8 classes, kufic (580,717 glyphs, A4 pages)"
run "baseline: render 8x8 --classes (stroked)" "$T" render --board 8x8 --classes --style kufic -o "$OUT/s8.pdf" --quiet; B=$SECS
size "$OUT/s8.pdf"
run "render 8x8 --classes --outline" "$T" render --board 8x8 --classes --style kufic --outline -o "$OUT/o8.pdf" --quiet
echo "  ratio to the stroked sheet: $(ratio "$SECS" "$B")"
size "$OUT/o8.pdf"
if command -v qpdf >/dev/null; then qpdf --check "$OUT/o8.pdf" | tail -1; fi

echo "== font of all 1,072 6x6 tours"
run "baseline: render 6x6 -o poster.pdf" "$T" render --board 6x6 -o "$OUT/poster.pdf" --quiet; B=$SECS
run "font 6x6 -o all.ttf" "$T" font --board 6x6 -o "$OUT/all.ttf" --quiet
echo "  ratio to the poster: $(ratio "$SECS" "$B")"
size "$OUT/all.ttf"
size "$OUT/all.pdf"
echo "(machine load: $(cut -d' ' -f1-3 /proc/loadavg))"
