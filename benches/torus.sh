#!/usr/bin/env bash
# Benchmark of tours on the torus (--torus) and of symmetric tours (--symmetry), through
# the CLI. Each torus count is reported with its growth over the previous size in the
# same run (the torus's frontier spans about two rows, src/torus.rs, so each unit of side
# costs about what two do on the plane); the symmetric counts against the plain count of
# the same board in the same run. CPU time and
# peak resident memory come from /usr/bin/time -v; the machine is shared, so the load
# average is printed first and wall times include waiting for a CPU.
#
#   benches/torus.sh           # tori 4x4 .. 7x7, repeats, symmetric counts
#   BIG=1 benches/torus.sh     # also the 8x8 torus (minutes; about 0.45 GB)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release >/dev/null 2>&1
bin=target/release/tourglyph
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run ARGS... -> prints "cpu_s rss_mb" (the command's stdout is left in $tmp/out)
run() {
  /usr/bin/time -v "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 }
    /Maximum resident set size/ { r = $2 / 1024 }
    END { printf "%.2f %.1f\n", u + s, r }' "$tmp/err"
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
echo
echo "## count --torus (growth = CPU against the previous size)"
printf "%-6s %10s %9s %10s %s\n" board cpu_s rss_MB growth tours
pc=0
sizes="4x4 5x5 6x6 7x7"
[ "${BIG:-0}" -ge 1 ] && sizes="$sizes 8x8"
for b in $sizes; do
  read -r c r < <(run count --torus --board "$b")
  printf "%-6s %10s %9s %10s %s\n" "$b" "$c" "$r" "$(awk -v a="$c" -v b="$pc" 'BEGIN { if (b > 0.01) printf "%.0fx", a / b; else print "-" }')" "$(cat "$tmp/out")"
  pc=$c
done
echo
echo "## glyph --torus --repeat (ratio = against one tile)"
read -r c1 _ < <(run glyph --torus --board 6x6 --id 1000 --style kufic -o "$tmp/t.pdf")
for f in pdf ps svg; do
  read -r c r < <(run glyph --torus --board 6x6 --id 1000 --style kufic --repeat 20x20 -o "$tmp/r.$f")
  printf "20x20 repeat %-4s cpu %s s  rss %s MB  one tile %s s  size %s B\n" "$f" "$c" "$r" "$c1" "$(stat -c %s "$tmp/r.$f")"
done
echo
echo "## count --symmetry (Burnside's fixed counts; ratio = against the plain count)"
for b in 10x10 14x14; do
  read -r pc _ < <(run count --board "$b")
  for s in rot90 rot180 mirror any; do
    read -r c r < <(run count --board "$b" --symmetry "$s")
    printf "%-6s %-7s cpu %6s s  rss %6s MB  %5.1fx  %s\n" "$b" "$s" "$c" "$r" \
      "$(awk -v a="$c" -v b="$pc" 'BEGIN { print a / (b > 0.005 ? b : 0.005) }')" "$(tail -1 "$tmp/out")"
  done
done
