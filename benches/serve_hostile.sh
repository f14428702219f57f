#!/usr/bin/env bash
# A hostile request mix against the explorer server (issue 56, items 4 and 12), the
# server under `ulimit -v` (a server that outgrows it fails instead of the machine):
#   1. huge boards (100000x100000) on every endpoint, one after another;
#   2. six concurrent open 8x8 knight counts;
#   3. four clients that leave 1 s into a 14x14 glyph (a diagram of about 17 s);
#   4. SIGTERM while two 14x14 glyphs are at work.
# Prints each request's status and time, the server's CPU seconds after the clients
# left, its resident memory after each phase, its peak (VmHWM) and the time from SIGTERM
# to its exit.
#
#   benches/serve_hostile.sh [SERVE FLAGS…]      e.g. --max-memory 1G
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${BIN:-./target/release/tourglyph}"
LIMIT_KB="${LIMIT_KB:-8000000}"
OUT="$(mktemp -d)"
(ulimit -v "$LIMIT_KB"; exec "$BIN" serve --port 0 "$@") > "$OUT/url" 2> "$OUT/err" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$OUT"' EXIT
for _ in $(seq 50); do [ -s "$OUT/url" ] && break; sleep 0.1; done
URL="$(head -1 "$OUT/url")"
echo "server $URL (pid $PID, ulimit -v $LIMIT_KB KB, flags: $*)"
mem() { awk -v w="$1" '$1 == w":" {printf "%.0f MiB", $2/1024}' "/proc/$PID/status"; }
cpu() { awk '{printf "%.2f", ($14+$15)/100}' "/proc/$PID/stat"; }
get() { curl -s -o /dev/null -m "${2:-300}" -w "%{http_code} %{time_total}s" "${URL%/}$1" || true; }

echo "-- 1. huge boards"
for p in "/api/glyph.svg?board=100000x100000&id=0" "/api/glyph.svg?board=100000x100000&random=true" \
         "/api/glyph.gif?board=100000x100000&id=0" "/api/count?board=100000x100000&open=true" \
         "/api/tours?board=100000x100000&limit=1" "/api/sheet.pdf?board=100000x100000&limit=1"; do
  echo "$(get "$p" 20) $p"
done
echo "resident $(mem VmRSS), peak $(mem VmHWM)"

echo "-- 2. six concurrent open 8x8 knight counts"
for i in 1 2 3 4 5 6; do
  (echo "$(get "/api/count?board=8x8&piece=knight&open=true" 120) count $i") &
done
wait $(jobs -p | grep -v "^$PID$") 2>/dev/null || true
sleep 0.5
echo "resident $(mem VmRSS), peak $(mem VmHWM)"

echo "-- 3. four clients leave 1 s into a 14x14 glyph"
for i in 1 2 3 4; do (get "/api/glyph.svg?board=14x14&id=$((100 + i))" 1 > /dev/null) & done
sleep 2.5; A=$(cpu); sleep 5; B=$(cpu)
echo "CPU seconds from 1.5 s to 6.5 s after they left: $(echo "$B - $A" | bc)"
echo "resident $(mem VmRSS), peak $(mem VmHWM)"

echo "-- 4. SIGTERM during two 14x14 glyphs"
for i in 1 2; do (get "/api/glyph.svg?board=14x14&id=$((200 + i))" 30 > /dev/null) & done
sleep 2
echo "peak before SIGTERM $(mem VmHWM)"
T0=$(date +%s.%N); kill -TERM $PID
for _ in $(seq 100); do kill -0 $PID 2>/dev/null || break; sleep 0.1; done
if kill -0 $PID 2>/dev/null; then
  echo "still running 10 s after SIGTERM: killed"; kill -KILL $PID
else
  set +e; wait $PID; RC=$?; set -e; T1=$(date +%s.%N)
  echo "exit status $RC, $(echo "$T1 - $T0" | bc | cut -c1-5) s after SIGTERM"
fi
