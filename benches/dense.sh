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
#   TG_BITS="default 16 32" PEER_BITS="64 32" ...   # widths to run (issue 29, item 2)
#
# TG_BITS lists tourglyph's residue widths (`default` = no --residue-bits, the widest that
# fits the memory budget); PEER_BITS the peer's counter widths (its BITS=64 with its 63-bit
# primes, BITS=32 with its primes below 2^32, both from its own run.rb). Each row of the
# table is one (tourglyph width, peer width) pair; the ratios compare that pair.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_PROFILE_RELEASE_INCREMENTAL=true
cargo build --release >/dev/null 2>&1
bin=$PWD/target/release/tourglyph
sizes=${SIZES:-16 18}
threads=${THREADS:-2}
tg_bits=${TG_BITS:-default}
peer_bits=${PEER_BITS:-64}
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
# The peer's primes for a counter width, from its own driver (run.rb), largest first.
peer_primes() {
  awk -v b="$1" '/^  [0-9]+ => \[/ { on = ($1 == b); next }
    on && /\]/ { on = 0 }
    on { gsub(/,/, " "); for (i = 1; i <= NF; i++) print $i }' "$tmp/peer/run.rb"
}
row() { printf "%-6s %-7s %9s %8s %7s | %-4s %9s %8s %6s | %10s %9s\n" "$@"; }
echo
row board tg_bits tg_wall_s tg_MB moduli bits peer_wall peer_MB primes time_ratio mem_ratio
for n in $sizes; do
  board=${n}x$n
  count=
  declare -A tw tm tk
  for tb in $tg_bits; do
    tw[$tb]=0 tm[$tb]=0 k=0
    wflag=()
    [ "$tb" = default ] || wflag=(--residue-bits "$tb")
    rm -f "$tmp"/r-"$board"-*.json
    for m in $("$bin" count --board "$board" --plan-moduli "${wflag[@]}"); do
      read -r w mb < <(RAYON_NUM_THREADS=$threads timed "$bin" count -q --board "$board" --modulus "$m" --json)
      cp "$tmp/out" "$tmp/r-$board-$k.json"
      tw[$tb]=$(echo "${tw[$tb]} + $w" | bc -l)
      tm[$tb]=$(echo "if ($mb > ${tm[$tb]}) $mb else ${tm[$tb]}" | bc -l)
      k=$((k + 1))
    done
    tk[$tb]=$k
    c=$("$bin" count --board "$board" --combine "$tmp"/r-"$board"-*.json)
    [ -z "$count" ] || [ "$c" = "$count" ] || { echo "$board: width $tb gives $c, not $count"; exit 1; }
    count=$c
  done
  for b in ${FGPC_DIR:+$peer_bits}; do
    make -s -C "$tmp/peer" clean >/dev/null 2>&1 || true
    make -s -C "$tmp/peer" N="$n" BITS="$b" CYCLES=1 HAMILTONIAN=1 N_THREADS="$threads" >/dev/null 2>&1
    pw=0 pm=0 np=0 prod=1
    for p in $(peer_primes "$b"); do
      [ "$(echo "$prod > $count" | bc)" = 1 ] && break
      read -r w mb < <(timed "$tmp/peer/path-counter" "$p")
      got=$(sed -n 's/^solution = \([0-9]*\) mod.*/\1/p' "$tmp/out")
      [ "$got" = "$(echo "$count % $p" | bc)" ] || { echo "peer residue mod $p differs: $got"; exit 1; }
      pw=$(echo "$pw + $w" | bc -l)
      pm=$(echo "if ($mb > $pm) $mb else $pm" | bc -l)
      prod=$(echo "$prod * $p" | bc)
      np=$((np + 1))
    done
    for tb in $tg_bits; do
      row "$board" "$tb" "$(printf %.2f "${tw[$tb]}")" "${tm[$tb]}" "${tk[$tb]}" "$b" "$pw" "$pm" "$np" \
        "$(printf "%.2f" "$(echo "$pw / ${tw[$tb]}" | bc -l)")" "$(printf "%.2f" "$(echo "${tm[$tb]} / $pm" | bc -l)")"
    done
  done
  if [ -z "${FGPC_DIR:-}" ]; then
    for tb in $tg_bits; do
      row "$board" "$tb" "$(printf %.2f "${tw[$tb]}")" "${tm[$tb]}" "${tk[$tb]}" - - - - - -
    done
  fi
  echo "       count $count"
  unset tw tm tk
done
echo
echo "time_ratio = peer wall / tourglyph wall (above 1: tourglyph faster);"
echo "mem_ratio = tourglyph peak / peer peak (below 1: tourglyph smaller)."
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
