#!/usr/bin/env bash
# Side-by-side benchmark of exact counts of closed rook tours on n×n boards:
#   - tourglyph: the dense modular counter, one `count --modulus P` job for each modulus
#     of `count --plan-moduli` (run one after the other, as one machine would), then
#     `count --combine` (the Chinese remainder theorem);
#   - FastGridPathCounter (when FGPC_DIR names its folder): copied to a temporary folder,
#     built there for each n with 64-bit counters, and run for the fewest of its 63-bit
#     primes whose product exceeds the count (its best case: its own driver runs one
#     more prime to confirm). Each residue is checked against tourglyph's count.
# Wall time and peak resident memory come from /usr/bin/time; times are summed over the
# residues, memory is the largest of them. The machine may be shared: the load average
# is printed first and both programs run in the same loop, one right after the other.
#
#   benches/dense.sh                                  # 16x16 and 18x18, tourglyph only
#   FGPC_DIR=../shared/peers/FastGridPathCounter benches/dense.sh
#   SIZES="16 18 20" THREADS=2 FGPC_DIR=... benches/dense.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_PROFILE_RELEASE_INCREMENTAL=true
cargo build --release >/dev/null 2>&1
bin=$PWD/target/release/tourglyph
sizes=${SIZES:-16 18}
threads=${THREADS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed CMD... -> "wall_s peak_MB", stdout of CMD in $tmp/out
timed() {
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" >"$tmp/out"
  awk '{ printf "%s %.1f\n", $1, $2 / 1024 }' "$tmp/time"
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs, $threads threads"
if [ -n "${FGPC_DIR:-}" ]; then
  cp -r "$FGPC_DIR" "$tmp/peer"
  chmod -R u+w "$tmp/peer"
  echo "peer: FastGridPathCounter from $FGPC_DIR (built in a temporary copy)"
else
  echo "peer: skipped (set FGPC_DIR to the FastGridPathCounter folder to run it side by side)"
fi
# The largest primes below 2^63, decreasing (the plan of a big board without its 2^64).
primes=$("$bin" count --board 30x30 --plan-moduli | grep -v '\^')
echo
printf "%-6s %9s %8s %7s | %9s %8s %6s | %10s %9s\n" board tg_wall_s tg_MB moduli \
  peer_wall peer_MB primes time_ratio mem_ratio
for n in $sizes; do
  board=${n}x$n
  tw=0 tm=0 k=0
  for m in $("$bin" count --board "$board" --plan-moduli); do
    read -r w mb < <(RAYON_NUM_THREADS=$threads timed "$bin" count -q --board "$board" --modulus "$m" --json)
    cp "$tmp/out" "$tmp/r-$board-$k.json"
    tw=$(echo "$tw + $w" | bc -l)
    tm=$(echo "if ($mb > $tm) $mb else $tm" | bc -l)
    k=$((k + 1))
  done
  count=$("$bin" count --board "$board" --combine "$tmp"/r-"$board"-*.json)
  pw=- pm=- np=- rt=- rm=-
  if [ -n "${FGPC_DIR:-}" ]; then
    make -s -C "$tmp/peer" N="$n" BITS=64 CYCLES=1 HAMILTONIAN=1 N_THREADS="$threads" >/dev/null 2>&1
    pw=0 pm=0 np=0 prod=1
    for p in $primes; do
      [ "$(echo "$prod > $count" | bc)" = 1 ] && break
      read -r w mb < <(timed "$tmp/peer/path-counter" "$p")
      got=$(sed -n 's/^solution = \([0-9]*\) mod.*/\1/p' "$tmp/out")
      [ "$got" = "$(echo "$count % $p" | bc)" ] || { echo "peer residue mod $p differs: $got"; exit 1; }
      pw=$(echo "$pw + $w" | bc -l)
      pm=$(echo "if ($mb > $pm) $mb else $pm" | bc -l)
      prod=$(echo "$prod * $p" | bc)
      np=$((np + 1))
    done
    rt=$(printf "%.2f" "$(echo "$pw / $tw" | bc -l)")
    rm=$(printf "%.2f" "$(echo "$tm / $pm" | bc -l)")
  fi
  printf "%-6s %9.2f %8.1f %7s | %9s %8s %6s | %10s %9s\n" "$board" "$tw" "$tm" "$k" \
    "$pw" "$pm" "$np" "$rt" "$rm"
  echo "       count $count"
done
echo
echo "time_ratio = peer wall / tourglyph wall (above 1: tourglyph faster);"
echo "mem_ratio = tourglyph peak / peer peak (below 1: tourglyph smaller)."
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
