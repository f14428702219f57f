#!/usr/bin/env bash
# Benchmark of tours on the torus (--torus) and of symmetric tours (--symmetry), through
# the CLI. Torus counts: the torus counter (`count --torus`, engine `count::torus`: the
# cylinder with the seam fixed) side by side with the frontier DP on the torus graph that
# counted them before (`--example torus_frontier`), the ratio of CPU times in the same
# run, and each size's growth over the previous; the symmetric counts against the plain
# count of the same board in the same run. CPU time and peak resident memory come from
# /usr/bin/time -v; the machine is shared, so the load average is printed first and
# wall times include waiting for a CPU.
#
#   benches/torus.sh           # tori 4x4 .. 8x8 (the baseline to 7x7), repeats, symmetric counts
#   BIG=1 benches/torus.sh     # also 9x9 and the baseline's 8x8 (about 2 minutes, 0.45 GB)
#
# Classes on the torus: `count --torus --classes` by Burnside's lemma (engine
# `count::torus_classes`) side by side with `list --torus --classes`, which tests every
# tour, on tori just past the 36 cells where `count` stops testing tours itself.
#   BIG=2 benches/torus.sh     # also 10x10 (minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release >/dev/null 2>&1
cargo build --release -p tourglyph-bench --example torus_frontier >/dev/null 2>&1
bin=target/release/tourglyph
base=target/release/examples/torus_frontier
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run ARGS... -> prints "cpu_s rss_mb wall_s" (the command's stdout is left in $tmp/out);
# BIN=... runs another program.
run() {
  /usr/bin/time -v "${BIN:-$bin}" "$@" >"$tmp/out" 2>"$tmp/err"
  awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 }
    /Maximum resident set size/ { r = $2 / 1024 }
    /Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
    END { printf "%.2f %.1f %.2f\n", u + s, r, w }' "$tmp/err"
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
echo
echo "## count --torus: the torus counter against the frontier DP (ratio = CPU of the DP / CPU of the counter)"
printf "%-6s %8s %8s %8s %8s %8s %8s %8s %s\n" board cpu_s wall_s rss_MB growth dp_cpu_s dp_rss ratio tours
pc=0
sizes="4x4 5x5 6x6 7x7 8x8 4x20"
[ "${BIG:-0}" -ge 1 ] && sizes="$sizes 9x9"
[ "${BIG:-0}" -ge 2 ] && sizes="$sizes 10x10"
for b in $sizes; do
  read -r c r w < <(run count --torus --board "$b" --force)
  tours=$(cat "$tmp/out")
  dc=- dr=- ratio=-
  if [ "$b" != 8x8 ] || [ "${BIG:-0}" -ge 1 ]; then
    case $b in 9x9|10x10) ;; *)
      read -r dc dr _ < <(BIN=$base run "$b")
      [ "$(cat "$tmp/out")" = "$tours" ] || { echo "the counters disagree on $b: $tours and $(cat "$tmp/out")"; exit 1; }
      ratio=$(awk -v a="$dc" -v b="$c" 'BEGIN { if (b >= 0.01) printf "%.1fx", a / b; else print "-" }') ;;
    esac
  fi
  growth=$(awk -v a="$c" -v b="$pc" 'BEGIN { if (b > 0.01) printf "%.0fx", a / b; else print "-" }')
  printf "%-6s %8s %8s %8s %8s %8s %8s %8s %s\n" "$b" "$c" "$w" "$r" "$growth" "$dc" "$dr" "$ratio" "$tours"
  pc=$c
done
echo
echo "## count --torus --classes past 36 cells (Burnside's lemma) against list --classes (every tour tested); ratio = CPU of the list / CPU of the count"
printf "%-6s %8s %8s %8s %8s %8s %s\n" board cpu_s rss_MB list_cpu list_rss ratio classes
for b in 5x8 4x10 6x7; do
  read -r c r _ < <(run count --torus --board "$b" --classes)
  classes=$(awk '/^classes:/ { print $2 }' "$tmp/out")
  read -r lc lr _ < <(run list --torus --board "$b" --classes)
  [ "$(wc -l < "$tmp/out")" = "$classes" ] || { echo "the class counts disagree on $b: $classes and $(wc -l < "$tmp/out")"; exit 1; }
  ratio=$(awk -v a="$lc" -v b="$c" 'BEGIN { if (b >= 0.01) printf "%.0fx", a / b; else printf ">%.0fx", a / 0.01 }')
  printf "%-6s %8s %8s %8s %8s %8s %s\n" "$b" "$c" "$r" "$lc" "$lr" "$ratio" "$classes"
done
echo
echo "## count --torus --classes on tori too big to list (the total's count included)"
csizes="7x7 8x8"
[ "${BIG:-0}" -ge 1 ] && csizes="$csizes 9x9"
[ "${BIG:-0}" -ge 2 ] && csizes="$csizes 10x10"
for b in $csizes; do
  read -r c r w < <(run count --torus --board "$b" --classes --force)
  printf "%-6s cpu %8s s  wall %8s s  rss %8s MB  classes %s\n" "$b" "$c" "$w" "$r" "$(awk '/^classes:/ { print $2 }' "$tmp/out")"
done
echo
echo "## glyph --torus --repeat (ratio = against one tile)"
read -r c1 _ _ < <(run glyph --torus --board 6x6 --id 1000 --style kufic -o "$tmp/t.pdf")
for f in pdf ps svg; do
  read -r c r _ < <(run glyph --torus --board 6x6 --id 1000 --style kufic --repeat 20x20 -o "$tmp/r.$f")
  printf "20x20 repeat %-4s cpu %s s  rss %s MB  one tile %s s  size %s B\n" "$f" "$c" "$r" "$c1" "$(stat -c %s "$tmp/r.$f")"
done
echo
echo "## count --symmetry (Burnside's fixed counts; ratio = against the plain count)"
for b in 10x10 14x14; do
  read -r pc _ _ < <(run count --board "$b")
  for s in rot90 rot180 mirror any; do
    read -r c r _ < <(run count --board "$b" --symmetry "$s")
    printf "%-6s %-7s cpu %6s s  rss %6s MB  %5.1fx  %s\n" "$b" "$s" "$c" "$r" \
      "$(awk -v a="$c" -v b="$pc" 'BEGIN { print a / (b > 0.005 ? b : 0.005) }')" "$(tail -1 "$tmp/out")"
  done
done
