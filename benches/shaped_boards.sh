#!/usr/bin/env bash
# Shaped boards (issue 30): a random closed rook tour of a 1000x1000 shape by the
# spanning-tree method (Wilson's algorithm over 2x2 blocks), as JSON cells, SVG and PNG:
# wall time and peak memory (RSS), against a baseline run in the same script (the closed
# knight's tour of the same 1000x1000 board by `find`'s construction, as JSON), and the
# JSON checked to be one closed rook tour through every cell of each part. Then a
# 200x200 square by the Markov chain (`--method chain`, its default 20 proposals per
# cell, and 5 times as many), against the tree tour of the same square as the baseline,
# checked the same way.
#
#   benches/shaped_boards.sh        # builds in release mode, writes into a temp folder
#
# Goals: under 5 s and 1 GB for the 1000x1000 tree tour.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p tourglyph-cli
T="$PWD/target/release/tourglyph"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

run() { # LABEL CMD... → "LABEL seconds peakMB"; seconds kept in $SECS
    local label="$1"; shift
    /usr/bin/time -f "%e %M" -o "$OUT/time" "$@" >"$OUT/stdout" 2>/dev/null
    read -r SECS KB <"$OUT/time"
    printf '%-44s %7.2f s %8.1f MB\n' "$label" "$SECS" "$(echo "$KB / 1024" | bc -l)"
}

# The whole 1000x1000 square, and a disc sampled from an SVG onto 1000x1000 in blocks.
python3 -c "
import sys
sys.stdout.write(('#' * 1000 + '\n') * 1000)" >"$OUT/square.txt"
cat >"$OUT/disc.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="48"/></svg>
SVG

run "baseline: find knight 1000x1000 --json" "$T" find --board 1000x1000 --closed --json
BASE=$SECS
run "tree tour 1000x1000 square, JSON" "$T" shape tour --shape "$OUT/square.txt" --random --seed 1
cp "$OUT/stdout" "$OUT/square.json"
TREE=$SECS
run "tree tour 1000x1000 disc (SVG, --blocks), JSON" "$T" shape tour --shape "$OUT/disc.svg" --board 1000x1000 --blocks --random --seed 1
cp "$OUT/stdout" "$OUT/disc.json"
run "tree glyph 1000x1000 square, SVG" "$T" shape glyph --shape "$OUT/square.txt" --random --seed 1 -o "$OUT/square.svg" --size 500mm
run "tree glyph 1000x1000 square, PNG" "$T" shape glyph --shape "$OUT/square.txt" --random --seed 1 -o "$OUT/square.png" --size 500mm
echo "ratio tree tour / baseline: $(echo "$TREE / $BASE" | bc -l | cut -c1-5)"

python3 -c "
import sys
sys.stdout.write(('#' * 200 + '\n') * 200)" >"$OUT/sq200.txt"
run "baseline: tree tour 200x200 square, JSON" "$T" shape tour --shape "$OUT/sq200.txt" --random --seed 1
B200=$SECS
run "chain 200x200 square (800,000 steps), JSON" "$T" shape tour --shape "$OUT/sq200.txt" --random --seed 1 --method chain
cp "$OUT/stdout" "$OUT/chain.json"
C200=$SECS
run "chain 200x200 square (4,000,000 steps), JSON" "$T" shape tour --shape "$OUT/sq200.txt" --random --seed 1 --method chain --steps 4000000
cp "$OUT/stdout" "$OUT/chain4m.json"
echo "chain: $(python3 -c "import json,sys; t=json.load(open(sys.argv[1])); print(t['steps'], 'proposed,', t['accepted'], 'accepted')" "$OUT/chain.json"); time over the tree tour's: $(echo "$C200 / $B200" | bc -l | cut -c1-5)"

# Validity: every part one closed rook tour, the parts covering each cell once.
for f in square disc chain chain4m; do
python3 - "$OUT/$f.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
seen = set()
for p in t["parts"]:
    for i, (r, c) in enumerate(p):
        r2, c2 = p[(i + 1) % len(p)]
        assert abs(r - r2) + abs(c - c2) == 1, (r, c, r2, c2)
        assert (r, c) not in seen
        seen.add((r, c))
print(f"{sys.argv[1].split('/')[-1]}: method {t['method']}, {len(t['parts'])} part(s), {len(seen)} cells, each part one closed rook tour: valid")
PY
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
