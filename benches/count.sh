#!/usr/bin/env bash
# Benchmark of the transfer-matrix counter (src/engine/transfer) through
# benches/experiments/count_big.rs. Every figure is reported as a ratio against a baseline
# measured in the same run:
#   - sizes: wall time and CPU time against the 14x14 count (same thread count);
#   - threads: the 16x16 count with 2 threads against 1 thread (speed-up), the best of
#     three alternating runs each, since other work on a shared machine only slows runs;
#   - classes: `--classes` (Burnside) against the plain count of the same board.
# CPU time and peak resident memory come from /usr/bin/time -v. The machine is shared:
# wall times include waiting for a CPU, so the load average is printed first.
#
#   benches/count.sh            # 10x10 .. 16x16, threads, classes
#   BIG=1 benches/count.sh      # also 18x18 (about a minute of CPU, 1.4 GB)
#   BIG=2 benches/count.sh      # also 20x20 (long; several GB)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --example count_big >/dev/null 2>&1
bin=target/release/examples/count_big
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run THREADS ARGS... -> prints "wall cpu rss_mb" and leaves the result line in $tmp/out
run() {
  local threads=$1; shift
  RAYON_NUM_THREADS=$threads /usr/bin/time -v "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  # Wall time from the example itself (milliseconds; time -v rounds to 10 ms).
  awk -F': ' '
    /^seconds / { split($0, p, " "); w = p[2] }
    /User time/ { u = $2 } /System time/ { s = $2 }
    /Maximum resident set size/ { r = $2 / 1024 }
    END { printf "%.3f %.3f %.1f\n", w, u + s, r }' "$tmp/err"
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
echo
echo "## count, 2 threads (ratio = against 14x14 in this run)"
printf "%-8s %10s %10s %10s %10s %9s  %s\n" board wall_s cpu_s wall_x cpu_x rss_MB tours
read -r bw bc _ < <(run 2 14x14)
sizes="10x10 12x12 14x14 16x16"
[ "${BIG:-0}" -ge 1 ] && sizes="$sizes 18x18"
[ "${BIG:-0}" -ge 2 ] && sizes="$sizes 20x20"
for b in $sizes; do
  read -r w c r < <(run 2 "$b")
  printf "%-8s %10.3f %10.3f %10.2f %10.2f %9.1f  %s\n" "$b" "$w" "$c" \
    "$(echo "$w / $bw" | bc -l)" "$(echo "$c / $bc" | bc -l)" "$r" "$(cut -d' ' -f3 "$tmp/out")"
done
echo
echo "## threads: 16x16, best of 3 alternating runs (ratio = 1-thread wall / 2-thread wall)"
best() { echo "$1 $2" | awk '{ print ($1 == "" || $2 < $1) ? $2 : $1 }'; }
w1= w2= c1= c2= r1= r2=
for _ in 1 2 3; do
  read -r w c r < <(run 1 16x16); t1=$(cat "$tmp/out")
  [ -z "$w1" ] || [ "$(best "$w1" "$w")" = "$w" ] && { w1=$w; c1=$c; r1=$r; }
  read -r w c r < <(run 2 16x16); t2=$(cat "$tmp/out")
  [ -z "$w2" ] || [ "$(best "$w2" "$w")" = "$w" ] && { w2=$w; c2=$c; r2=$r; }
  [ "$t1" = "$t2" ] || { echo "results differ between thread counts!"; exit 1; }
done
printf "1 thread  wall %.3f s cpu %.3f s rss %.1f MB\n" "$w1" "$c1" "$r1"
printf "2 threads wall %.3f s cpu %.3f s rss %.1f MB\n" "$w2" "$c2" "$r2"
printf "speed-up %.2fx (same result)\n" "$(echo "$w1 / $w2" | bc -l)"
echo
echo "## classes by Burnside, 2 threads (ratio = against the plain count of the board)"
for b in 10x10 12x12 14x14; do
  read -r pw _ _ < <(run 2 "$b")
  read -r w c r < <(run 2 "$b" --classes)
  printf "%-8s wall %8.3f s  x%.2f of count  rss %7.1f MB  %s\n" "$b" "$w" \
    "$(echo "$w / $pw" | bc -l)" "$r" "$(cut -d' ' -f4,5 "$tmp/out")"
done
