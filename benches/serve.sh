#!/usr/bin/env bash
# Load test of the explorer server (issue 17): 2,000 glyph requests over 32 connections
# to 127.0.0.1 (benches/serve_load.rs), then the server's peak memory (VmHWM).
# Goals: every answer 200; peak memory under 200 MB.
#
#   benches/serve.sh [REQUESTS] [CONNECTIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
cargo bench --bench serve_load --no-run --quiet 2>/dev/null
OUT="$(mktemp -d)"
./target/release/tourglyph serve --port 0 > "$OUT/url" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$OUT"' EXIT
for _ in $(seq 50); do [ -s "$OUT/url" ] && break; sleep 0.1; done
URL="$(head -1 "$OUT/url")"; HOST="${URL#http://}"; HOST="${HOST%/}"
echo "server        $URL (pid $PID)"
TOURGLYPH_URL="$HOST" cargo bench --bench serve_load --quiet -- "${1:-2000}" "${2:-32}"
echo "peak memory   $(awk '/VmHWM/ {printf "%.1f MB", $2/1024}' /proc/$PID/status)"
kill -TERM $PID; wait $PID; echo "exit status   $? after SIGTERM"
trap 'rm -rf "$OUT"' EXIT
