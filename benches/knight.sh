#!/usr/bin/env bash
# Side-by-side benchmark of exact counts of closed knight's tours:
#   - tourglyph: `count --piece knight --board B` (engine::count::leaper on the board
#     turned so its rows are the short side: by halves joined at the middle rows,
#     leaper::halves, up to 8 wide, else in one vertex-at-a-time sweep);
#   - Graphillion (when GRAPHILLION_PY names a Python with graphillion installed, e.g.
#     python3 -m venv /tmp/gvenv && /tmp/gvenv/bin/pip install graphillion, then
#     GRAPHILLION_PY=/tmp/gvenv/bin/python): the knight graph as its universe,
#     GraphSet.cycles(is_hamilton=True) and len(); its count is checked against ours.
#     It runs under `ulimit -v` of PEER_MEM_GB (default 12): on 6x8 it wants more than
#     the 24 GB of the reference machine and was killed by the kernel there, which on a
#     shared machine can take other programs down with it; over the limit it prints
#     the failure instead.
# Wall time and peak resident memory come from /usr/bin/time. The machine may be shared:
# the load average is printed before and after, and both programs run in the same loop,
# one right after the other.
#
#   benches/knight.sh                          # 6x6 6x7 6x8, tourglyph only
#   GRAPHILLION_PY=/tmp/gvenv/bin/python benches/knight.sh
#   BOARDS="6x6 6x7" EXTRA="7x8 8x8" THREADS=2 GRAPHILLION_PY=... benches/knight.sh
# EXTRA boards (default 7x8 8x8) run for tourglyph alone, without --force: they print
# the count or the refusal with its projected size. FORCED boards (default none; e.g.
# FORCED=9x8) run for tourglyph alone with --force.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_PROFILE_RELEASE_INCREMENTAL=true
cargo build --release >/dev/null 2>&1
bin=$PWD/target/release/tourglyph
boards=${BOARDS:-6x6 6x7 6x8}
extra=${EXTRA-7x8 8x8}
forced=${FORCED-}
threads=${THREADS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed CMD... -> "wall_s peak_MB", stdout of CMD in $tmp/out, stderr in $tmp/err.
# The wall time is taken to the millisecond around /usr/bin/time (whose own %e has two
# decimals, too coarse for 6x6), the peak memory from /usr/bin/time.
timed() {
  local t0 t1
  t0=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err" || true
  t1=$(date +%s%N)
  tail -n1 "$tmp/time" | awk -v ns=$((t1 - t0)) '{ printf "%.3f %.1f\n", ns / 1e9, $1 / 1024 }'
}

cat >"$tmp/peer.py" <<'PY'
import sys
from graphillion import GraphSet
rows, cols = map(int, sys.argv[1].split("x"))
rows, cols = max(rows, cols), min(rows, cols)  # the narrow side across, as tourglyph does
edges = []
for r in range(rows):
    for c in range(cols):
        for dr, dc in ((1, 2), (1, -2), (2, 1), (2, -1)):
            r2, c2 = r + dr, c + dc
            if 0 <= r2 < rows and 0 <= c2 < cols:
                edges.append((r * cols + c, r2 * cols + c2))
GraphSet.set_universe(edges)
print(len(GraphSet.cycles(is_hamilton=True)))
PY

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs, $threads threads"
if [ -n "${GRAPHILLION_PY:-}" ]; then
  echo "peer: Graphillion $("$GRAPHILLION_PY" -c 'import graphillion; print(graphillion.__version__)' 2>/dev/null || echo '?') with $GRAPHILLION_PY"
else
  echo "peer: skipped (set GRAPHILLION_PY to a Python with graphillion installed to run it side by side)"
fi
echo
printf "%-6s %9s %8s | %9s %8s | %10s %9s | %s\n" board tg_wall_s tg_MB peer_wall peer_MB time_ratio mem_ratio count
for b in $boards; do
  read -r tw tm < <(RAYON_NUM_THREADS=$threads timed "$bin" count -q --piece knight --board "$b")
  count=$(cat "$tmp/out")
  [ -n "$count" ] || { echo "$b: tourglyph failed: $(cat "$tmp/err")"; exit 1; }
  pw=- pm=- rt=- rm=-
  if [ -n "${GRAPHILLION_PY:-}" ]; then
    read -r pw pm < <(timed bash -c 'ulimit -v $(('"${PEER_MEM_GB:-12}"' * 1048576)); exec "$@"' peer \
      "$GRAPHILLION_PY" "$tmp/peer.py" "$b")
    got=$(cat "$tmp/out")
    if [ -z "$got" ]; then
      pw="failed after $pw s under ${PEER_MEM_GB:-12} GB: $(tail -n1 "$tmp/err" | cut -c1-50)"
      pm=-
    else
      [ "$got" = "$count" ] || { echo "$b: Graphillion counts $got, tourglyph $count: $(tail -n1 "$tmp/err")"; exit 1; }
      rt=$(printf "%.1f" "$(echo "$pw / $tw" | bc -l)")
      rm=$(printf "%.2f" "$(echo "$tm / $pm" | bc -l)")
    fi
  fi
  printf "%-6s %9.3f %8.1f | %9s %8s | %10s %9s | %s\n" "$b" "$tw" "$tm" "$pw" "$pm" "$rt" "$rm" "$count"
done
for b in $extra; do
  read -r tw tm < <(RAYON_NUM_THREADS=$threads timed "$bin" count -q --piece knight --board "$b")
  printf "%-6s %9.3f %8.1f | %s\n" "$b" "$tw" "$tm" "$(cat "$tmp/out" "$tmp/err")"
done
for b in $forced; do
  read -r tw tm < <(RAYON_NUM_THREADS=$threads timed "$bin" count -q --force --piece knight --board "$b")
  printf "%-6s %9.3f %8.1f | %s (--force)\n" "$b" "$tw" "$tm" "$(cat "$tmp/out" "$tmp/err")"
done
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "time_ratio = peer wall / tourglyph wall (above 1: tourglyph faster);"
echo "mem_ratio = tourglyph peak / peer peak (below 1: tourglyph smaller)."
