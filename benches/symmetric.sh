#!/usr/bin/env bash
# Benchmark of symmetric tours found directly on quotient boards (src/engine/quotient.rs,
# src/symmetric/direct.rs), through the CLI, with same-run baselines: the filter over all
# tours (what --symmetry does on boards up to 8x8) and the quarter-turn path search
# (src/engine/quarter.rs, the earlier direct path), via benches/experiments/symmetric_count.rs.
# CPU time and peak resident memory come from /usr/bin/time -v; the machine is shared,
# so the load average is printed first and wall times include waiting for a CPU.
#
#   benches/symmetric.sh          # 8x8 baselines, lists of 10x10 and 14x14 rot90, rot180 12x12 and 14x14
#   BIG=1 benches/symmetric.sh    # also rot180 on 16x16 (about 30 s, 1.7 GB) and the 14x14 path search
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --example symmetric_count >/dev/null 2>&1
cargo build --release >/dev/null 2>&1
bin=target/release/tourglyph
ex=target/release/examples/symmetric_count
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run PROGRAM ARGS... -> prints "wall_s cpu_s rss_mb" (stdout left in $tmp/out)
run() {
  /usr/bin/time -v "$@" >"$tmp/out" 2>"$tmp/err"
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
    /User time/ { u = $2 } /System time/ { s = $2 }
    /Maximum resident set size/ { r = $2 / 1024 }
    END { printf "%.2f %.2f %.1f\n", w, u + s, r }' "$tmp/err"
}
row() { printf "%-44s %8s %8s %9s  %s\n" "$@"; }

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
echo
row "what" wall_s cpu_s rss_MB result
echo "## 8x8: the filter over all tours against the quotient diagrams"
for s in rot180 mirror any; do
  for how in filter direct; do
    read -r w c r < <(run "$ex" 8x8 "$s" "$how")
    row "count 8x8 $s ($how)" "$w" "$c" "$r" "$(cat "$tmp/out")"
  done
done
echo "## rot90: the quotient diagram against the path search"
for b in 10x10 14x14; do
  read -r w c r < <(run "$bin" list --board "$b" --symmetry rot90)
  row "list --board $b --symmetry rot90" "$w" "$c" "$r" "$(wc -l <"$tmp/out") tours"
  if [ "$b" = 10x10 ] || [ "${BIG:-0}" -ge 1 ]; then
    read -r w c r < <(run "$ex" "$b" rot90 path)
    row "  baseline: path search $b" "$w" "$c" "$r" "$(cat "$tmp/out")"
  fi
done
read -r w c r < <(run "$bin" render --board 14x14 --symmetry rot90 --sample 12 --seed 1 --style kufic -o "$tmp/s.pdf")
row "render 14x14 rot90 --sample 12" "$w" "$c" "$r" "$(stat -c %s "$tmp/s.pdf") B"
echo "## rot180: count (quotient diagram; Burnside for comparison) and sample"
sizes="12x12 14x14"
[ "${BIG:-0}" -ge 1 ] && sizes="$sizes 16x16"
for b in $sizes; do
  read -r w c r < <(run "$ex" "$b" rot180 direct)
  row "count $b rot180 (direct)" "$w" "$c" "$r" "$(cat "$tmp/out")"
  read -r w c r < <(run "$bin" count --board "$b" --symmetry rot180)
  row "  baseline: count $b rot180 (Burnside)" "$w" "$c" "$r" "$(tail -1 "$tmp/out")"
  read -r w c r < <(run "$bin" list --board "$b" --symmetry rot180 --sample 100 --seed 1)
  row "list $b rot180 --sample 100" "$w" "$c" "$r" "$(wc -l <"$tmp/out") tours"
done
