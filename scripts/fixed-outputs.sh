#!/usr/bin/env bash
# Render a fixed set of sheets, glyphs, tiles, fonts, PNGs and listings with one tourglyph
# binary into one folder, so that two builds can be compared byte for byte:
#
#   scripts/fixed-outputs.sh OLD_BINARY /tmp/before
#   scripts/fixed-outputs.sh target/release/tourglyph /tmp/after
#   scripts/fixed-outputs.sh --compare /tmp/before /tmp/after     # cmp every file; exit 1 on a difference
#
# A refactor changes no output byte: this is how issue 25 (the workspace) showed it.
set -euo pipefail
if [ "${1:-}" = "--compare" ]; then
  a="$2"; b="$3"; bad=0; n=0
  diff <(cd "$a" && find . -type f | sort) <(cd "$b" && find . -type f | sort) || bad=1
  while IFS= read -r f; do
    n=$((n + 1))
    cmp -s "$a/$f" "$b/$f" || { echo "differs: $f"; bad=1; }
  done < <(cd "$a" && find . -type f | sort)
  echo "$n files compared, $([ $bad = 0 ] && echo 'all byte-identical' || echo 'DIFFERENCES')"
  exit $bad
fi
T="$(realpath "$1")"; out="$2"
rm -rf "$out"; mkdir -p "$out"; cd "$out"
run() { local name="$1"; shift; "$T" "$@" >"$name.stdout" 2>"$name.stderr" || echo "exit $?" >"$name.status"; }
export TOURGLYPH_THREADS=2
# Counts and listings (stdout).
run count-6x6 count --board 6x6 --classes --json
run count-12x12 count --board 12x12
run count-knight-6x6 count --piece knight --board 6x6 --classes
run count-knight-5x5-open count --piece knight --board 5x5 --open
run count-torus-4x4 count --board 4x4 --torus --classes
run list-4x4 list --board 4x4 --json
run list-8x8-classes list --board 8x8 --classes --range 0..200
run list-sample list --board 6x6 --sample 5 --seed 3 --json
run find-8x8 find --board 8x8 --closed --start e4
run find-31x31 find --board 31x31 --json
run slide slide --board 6x6 --json
run styles styles
run styles-kufic styles kufic
# Sheets in every format.
run poster render --board 6x6 --page a1 --style kufic --title "The 1,072 closed rook tours of 6×6" -o poster.pdf
run sheet-ps render --board 6x6 --classes --page a3 --style kufic -o classes.ps
run sheet-eps render --board 4x6 --style filled -o sheet.eps
run sheet-svg render --board 6x6 --range 0..60 --style arabesque --title "Arabesque" -o sheet.svg
run sheet-png render --board 4x4 --style line --dpi 72 -o sheet.png
run sheet-knight render --piece knight --board 6x6 --classes --limit 40 --style leaper -o knight.pdf
run sheet-torus render --board 4x4 --torus --classes -o torus.svg
run sheet-sym render --board 8x8 --symmetry rot90 --limit 30 -o sym.pdf
run sheet-outline render --board 4x5 --outline -o outline.svg
run sheet-text render --board 4x4 --title "سلام — Ω" -o text.pdf
run sheet-text-bad render --board 4x4 --title "漢字" -o bad.pdf
run sheet-textps render --board 4x4 --title "سلام — Ω" -o text.ps
run split render --board 4x4 --split --mkdir --format svg -o split
# Single glyphs.
run glyph-svg glyph --board 6x6 --id 17 -o g.svg
run glyph-pdf glyph --board 6x6 --id 17 --style kufic -o g.pdf
run glyph-eps glyph --board 6x6 --id 17 -o g.eps
run glyph-png glyph --board 6x6 --id 17 --dpi 96 -o g.png
run glyph-outline glyph --board 6x6 --id 900 --outline -o go.svg
run glyph-random glyph --board 8x8 --random --seed 5 -o gr.svg
run glyph-knight glyph --piece knight --board 6x6 --random --seed 1 -o gk.svg
run tile glyph --board 4x4 --torus --id 3 --repeat 3x3 -o tile.svg
run pattern glyph --board 4x4 --torus --id 3 --pattern -o pattern.svg
# A font with its map and specimen.
run font font --board 4x4 -o f.ttf
run font-knight font --piece knight --board 5x6 --open --limit 20 --family Knights -o fk.ttf
# Slide sheet.
run slide-svg slide --board 4x4 -o slide.svg
run slide-animate slide --board 4x4 --animate -o slide-walk.svg
run slide-queen slide --piece queen --board 6x6 --animate -o slide-queen.svg
# Every other format and motion (issue 57's baseline: a refactor changes none of them).
run glyph-gcode glyph --board 6x6 --id 17 --style plotter-bold -o g.gcode
run glyph-nc glyph --board 6x6 --id 17 --style kufic --outline --bridges 2 -o g.nc
run glyph-dxf glyph --board 6x6 --id 17 --style kufic --outline --bridges 2 -o g.dxf
run glyph-gif glyph --board 6x6 --id 17 --style diagram --start a1 --dpi 48 -o walk.gif
run glyph-apng glyph --board 4x4 --id 2 --animate --dpi 48 -o walk.png
run glyph-animate glyph --board 6x6 --id 17 --animate --start c3 --reverse -o walk.svg
run sheet-animate render --board 6x6 --classes --limit 12 --animate --loop --style kufic -o sheet-anim.svg
run glyph-numbers glyph --piece knight --board 5x5 --open --id 7 --numbers -o n.svg
run glyph-strapwork glyph --board 6x6 --id 17 --style strapwork -o strap.svg
run sheet-text-paths render --board 4x4 --title "سلام — Ω" --text-as-paths -o tp.svg
run find-knight find --piece knight --board 8x8 --start a1 --style diagram -o fk.svg
run sheet-plot render --board 6x6 --classes --style plotter-bold --page a3 -o plot.svg
run sheet-layers render --board 6x6 --classes --color-by orbit --layers-by color --page a6 -o layers.svg
run sheet-optimize render --board 6x6 --classes --limit 20 --style plotter --optimize -o opt.svg
run sheet-gcode render --board 4x4 --style plotter -o sheet.gcode
run sheet-dxf render --board 4x4 --outline -o sheet.dxf
run plot-stats plot-stats plot.svg --json
# Knight 8x8 by tour ID (the halves' index; -q: its notice says times) and a residue.
run knight-ids list -q --piece knight --board 8x8 --range 0..3 --json
run knight-last list -q --piece knight --board 8x8 --range 13267364410529..13267364410532
run knight-glyph glyph -q --piece knight --board 8x8 --id 123456789 --style leaper -o k8.svg
run residue count --board 10x10 --modulus 1000003 --json
# Shaped boards.
printf '####\n#..#\n####\n####\n' >ring.txt
run shape-count count --shape ring.txt
run shape-list list --shape-grid '######\n######\n##..##\n##..##\n######\n######' --json --limit 5
run shape-word glyph --shape-text "كوفي" --blocks --random --seed 1 --style kufic -o kufi.svg
# A gallery.
mkdir -p gal && printf 'title = "Four"\nboard = "4x4"\nstyle = "kufic"\n' >gal/a.toml
run gallery gallery gal --out site
rm -rf gal
