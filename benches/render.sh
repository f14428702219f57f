#!/usr/bin/env bash
# Rendering benchmark: wall time and peak memory (RSS) of the sheets the issue names,
# each against a baseline measured in the same run: `tourglyph count` of the same
# selection, i.e. the enumeration (and class test) alone, without drawing.
#
#   benches/render.sh            # builds in release mode, writes into a temp folder
#
# Goals (issue): 580,717 8x8 classes into one PDF in < 8 s and < 100 MB, captions and an
# Arabic title set in the embedded fonts (issue 14); the 1,072 6x6 poster in < 0.5 s.
#
#   BASELINE=/path/to/older/tourglyph benches/render.sh   # also times that binary on the
#                                                          # 8x8 classes PDF, and the ratio
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
T="$PWD/target/release/tourglyph"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

# run LABEL CMD... → prints "LABEL seconds peakMB" and remembers the time in $SECS.
run() {
    local label="$1"; shift
    /usr/bin/time -f "%e %M" -o "$OUT/time" "$@" >/dev/null
    read -r SECS KB < "$OUT/time"
    printf "%-34s %7.2f s %8.1f MB\n" "$label" "$SECS" "$(echo "$KB / 1024" | bc -l)"
}
# ratio A B: A/B, or "n/a" when B is below the timer's 10 ms resolution.
ratio() { if [ "$(echo "$2 < 0.01" | bc -l)" = 1 ]; then echo "n/a (baseline < 10 ms)"; else echo "scale=2; $1 / $2" | bc -l; fi; }
size() { printf "%-34s %10d bytes\n" "  file $(basename "$1")" "$(stat -c %s "$1")"; }

echo "== 6x6 poster (1,072 glyphs, A4 pages)"
run "baseline: count 6x6" "$T" count --board 6x6; B=$SECS
for f in pdf ps svg; do
    run "render 6x6 -o poster.$f" "$T" render --board 6x6 -o "$OUT/poster.$f" --quiet
    echo "  ratio to baseline: $(ratio "$SECS" "$B")"
    [ "$f" = svg ] && size "$OUT/poster-1.svg" || size "$OUT/poster.$f"
done
run "render 6x6 --page poster -o all.svg" "$T" render --board 6x6 --page poster -o "$OUT/all.svg" --quiet
size "$OUT/all.svg"

echo "== 6x6 classes (149 glyphs, one A3 page)"
run "baseline: count 6x6 --classes" "$T" count --board 6x6 --classes; B=$SECS
run "render 6x6 --classes -o classes.pdf" "$T" render --board 6x6 --classes --page a3 -o "$OUT/classes.pdf" --quiet
size "$OUT/classes.pdf"

echo "== 8x8 classes (580,717 glyphs, A4 pages)"
run "baseline: count 8x8 --classes" "$T" count --board 8x8 --classes; B=$SECS
run "render 8x8 --classes -o c8.pdf" "$T" render --board 8x8 --classes -o "$OUT/c8.pdf" --quiet
echo "  ratio to baseline: $(ratio "$SECS" "$B")"
size "$OUT/c8.pdf"
if command -v qpdf >/dev/null; then qpdf --check "$OUT/c8.pdf" | tail -1; fi
run "render 8x8 --classes --title Arabic" "$T" render --board 8x8 --classes --title "كوفي مربع — 8×8" -o "$OUT/c8ar.pdf" --quiet
N=$SECS
echo "  ratio to baseline: $(ratio "$SECS" "$B")"
if command -v pdffonts >/dev/null; then pdffonts "$OUT/c8ar.pdf" | tail -n +3 | awk '{print "  font " $1 " emb " $(NF-4) " sub " $(NF-3) " uni " $(NF-2)}'; fi
if [ -n "${BASELINE:-}" ]; then
    run "BASELINE render 8x8 --classes" "$BASELINE" render --board 8x8 --classes --title "8x8" -o "$OUT/c8base.pdf" --quiet
    echo "  this build / BASELINE: $(ratio "$N" "$SECS")"
fi
run "render 8x8 --classes -o c8.ps" "$T" render --board 8x8 --classes -o "$OUT/c8.ps" --quiet
echo "  ratio to baseline: $(ratio "$SECS" "$B")"
size "$OUT/c8.ps"
echo "(machine load: $(cut -d' ' -f1-3 /proc/loadavg))"
