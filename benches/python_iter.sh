#!/usr/bin/env bash
# Walking tours from Python (issue 58): `tourglyph.tours(board)`, each tour's id and cells
# read, against `tourglyph list --board B --json` piped into Python and each line parsed
# with json.loads (the same id and cells), for 6x6 (1,072 tours) and 8x8 (4,638,576).
# Runs alternate, ROUNDS each; prints each time, the ratio of the medians and the load.
#
# Usage: benches/python_iter.sh [PYTHON] [TOURGLYPH] [ROUNDS]
#   PYTHON: an interpreter with the package installed (pip install ./bindings/python)
set -euo pipefail
PY="${1:-python3}"
BIN="${2:-target/release/tourglyph}"
ROUNDS="${3:-3}"

# Each side timed as whole processes (interpreter start and import included), as the
# CLI's side has to be.
module() {
  local start end n
  start=$(date +%s.%N)
  n=$("$PY" -c '
import sys, tourglyph
n = 0
for t in tourglyph.tours(sys.argv[1]):
    t.id, t.cells
    n += 1
print(n)' "$1")
  end=$(date +%s.%N)
  echo "$(echo "$end - $start" | bc -l | xargs printf '%.3f') $n"
}

parsed() {
  local start end n
  start=$(date +%s.%N)
  n=$("$BIN" list --board "$1" --json --quiet | "$PY" -c '
import json, sys
n = 0
for line in sys.stdin:
    t = json.loads(line)
    t["id"], t["cells"]
    n += 1
print(n)')
  end=$(date +%s.%N)
  echo "$(echo "$end - $start" | bc -l | xargs printf '%.3f') $n"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for board in 6x6 8x8; do
  m=(); p=()
  for r in $(seq "$ROUNDS"); do
    read -r tm nm < <(module "$board")
    read -r tp np < <(parsed "$board")
    [ "$nm" = "$np" ] || { echo "tour counts differ: $nm against $np" >&2; exit 1; }
    m+=("$tm"); p+=("$tp")
    echo "$board round $r: module $tm s, list --json + json.loads $tp s ($nm tours)"
  done
  mm=$(printf '%s\n' "${m[@]}" | median)
  pm=$(printf '%s\n' "${p[@]}" | median)
  echo "$board: medians module $mm s, CLI JSON $pm s, ratio $(echo "$pm / $mm" | bc -l | xargs printf '%.2f')x"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
