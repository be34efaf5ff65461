#!/bin/sh
# The wrk run of the web archive (docs/web.md, "The server under wrk"): the web
# archive holds 1,000 requests a second for 30 s at p99 under 50 ms on
# loopback, with a bot process idle beside it. Run it on a QUIET machine
# (nothing else compiling: `uptime` is printed before and after).
#
#   benches/wrk/run.sh            # from the repository
#
# What it does:
#  1. builds `tawlbot` (release) and writes the archive's test database
#     (tests/web.rs, `write_the_database_for_wrk`: the 100-move game);
#  2. starts `tawlbot web --db DB --addr 127.0.0.1:$PORT` (WEB_RATE_LIMIT=0:
#     one client address would otherwise be held to 20 a second) and beside
#     it an idle bot process on the same database (`tawlbot console`, waiting
#     on its input: the Discord bot cannot reach Discord from here; that the
#     bot process serves the same router with WEB_ADDR is
#     tests/web_beside_the_bot.rs);
#  3. wrk, flat out: $CONNECTIONS connections for $DURATION (requests a
#     second and latency percentiles);
#  4. wrk, paced near $RATE requests a second (wrk2's -R when `wrk2` is
#     installed, else plain wrk with benches/wrk/paced.lua's per-connection
#     delay) for $DURATION: the issue's test; p99 is checked against 50 ms.
# Every request is the page of the 100-move game at a random ply (never a
# 304). Environment: PORT (8089), DURATION (30s), CONNECTIONS (16), RATE
# (1000), PACED_CONNECTIONS (50), KEEP=1 keeps the work directory.
set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
PORT=${PORT:-8089}
DURATION=${DURATION:-30s}
CONNECTIONS=${CONNECTIONS:-16}
RATE=${RATE:-1000}
PACED_CONNECTIONS=${PACED_CONNECTIONS:-50}
THREADS=2

command -v wrk >/dev/null 2>&1 || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tawlbot-wrk.XXXXXX")
PIDS=""
cleanup() {
    exec 9>&- 2>/dev/null || true
    for p in $PIDS; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== build (release) and the database"
cargo build --release --bin tawlbot
TAWLBOT_WEB_DB_DIR="$WORK" cargo test --test web write_the_database_for_wrk \
    -- --ignored --nocapture --exact > "$WORK/db.txt" 2>&1 || { cat "$WORK/db.txt" >&2; exit 1; }
line=$(grep '^database ' "$WORK/db.txt" | head -n 1)
DB=$(echo "$line" | awk '{print $2}')
GAME=$(echo "$line" | awk '{print $4}')
[ -f "$DB" ] || { echo "no database written: $line" >&2; exit 1; }
BIN="$ROOT/target/release/tawlbot"
echo "database $DB, the 100-move game is game $GAME"

echo "== the idle bot process and the server"
mkfifo "$WORK/idle"
"$BIN" console --db "$DB" --out "$WORK" < "$WORK/idle" > "$WORK/console.log" 2>&1 &
PIDS="$PIDS $!"
# Holds the console's input open (and empty) until this script ends.
exec 9> "$WORK/idle"
WEB_RATE_LIMIT=0 "$BIN" web --db "$DB" --addr "127.0.0.1:$PORT" > "$WORK/web.log" 2>&1 &
WEB_PID=$!
PIDS="$PIDS $WEB_PID"
i=0
until grep -q '^web archive on http://' "$WORK/web.log" 2>/dev/null; do
    i=$((i + 1))
    if [ "$i" -gt 300 ] || ! kill -0 "$WEB_PID" 2>/dev/null; then
        echo "the server did not start:" >&2; cat "$WORK/web.log" >&2; exit 1
    fi
    sleep 0.1
done
URL="http://127.0.0.1:$PORT"
status=$(curl -s -o /dev/null -w '%{http_code}' "$URL/g/$GAME?ply=57" 2>/dev/null || echo "no curl")
echo "GET /g/$GAME?ply=57: $status"

# p99 of a wrk --latency report, in ms.
p99() {
    awk '$1 == "99%" || $1 == "99.000%" {
        v = $2; u = v; gsub(/[0-9.]/, "", u); sub(/[a-z]+$/, "", v)
        if (u == "us") v /= 1000; else if (u == "s") v *= 1000; else if (u == "m") v *= 60000
        print v; exit }' "$1"
}

echo "== 1. flat out: $CONNECTIONS connections, $DURATION"
echo "load before: $(cat /proc/loadavg)"
GAME=$GAME wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency \
    -s benches/wrk/game.lua "$URL" | tee "$WORK/flat.txt"
echo "load after: $(cat /proc/loadavg)"
echo "server: $(ps -o rss=,pcpu= -p "$WEB_PID" | awk '{printf "%d MB resident, %s %% CPU over its life", $1 / 1024, $2}')"

echo "== 2. paced near $RATE requests a second, $DURATION"
echo "load before: $(cat /proc/loadavg)"
if command -v wrk2 >/dev/null 2>&1; then
    GAME=$GAME wrk2 -t"$THREADS" -c"$PACED_CONNECTIONS" -d"$DURATION" -R"$RATE" --latency \
        -s benches/wrk/game.lua "$URL" | tee "$WORK/paced.txt"
else
    # Each connection waits DELAY_MS before its next request: aimed 5 %
    # over RATE, since each answer's own time adds to the wait.
    DELAY_MS=$((PACED_CONNECTIONS * 1000 * 100 / (RATE * 105)))
    echo "(plain wrk: $PACED_CONNECTIONS connections, each waiting $DELAY_MS ms between requests)"
    GAME=$GAME DELAY_MS=$DELAY_MS wrk -t"$THREADS" -c"$PACED_CONNECTIONS" -d"$DURATION" --latency \
        -s benches/wrk/paced.lua "$URL" | tee "$WORK/paced.txt"
fi
echo "load after: $(cat /proc/loadavg)"
kill -0 "$WEB_PID" 2>/dev/null || { echo "the server died" >&2; exit 1; }

echo "== summary"
for run in flat paced; do
    rps=$(awk '/^Requests\/sec:/ {print $2}' "$WORK/$run.txt")
    ms=$(p99 "$WORK/$run.txt")
    verdict=$(awk -v p="$ms" 'BEGIN { if (p != "" && p < 50) print "under 50 ms"; else print "NOT under 50 ms" }')
    echo "$run: $rps requests/s, p99 $ms ms ($verdict)"
done
