#!/usr/bin/env bash
# Load test: builds the server in release, starts it on a free loopback port, and drives
# it with wrk (installed from Debian if missing) for a bounded time:
#   1. good requests (3 products × 1 locale, the locale taking turns among eight),
#      with the result cache on (the default);
#   2. the same with the cache off (--cache-entries 0), on a second server;
#   3. bad requests only (malformed JSON, unknown locale, too many locales, a body over
#      the limit, a non-JSON content type, no known format, not a request, an unknown
#      field), which must all be answered 4xx.
# It prints requests per second, latency percentiles, non-2xx counts, the statuses of the
# bad requests and the server's resident memory before and after. Traffic stays on
# 127.0.0.1; every phase stops by itself.
#
#   Server/Scripts/load-test.sh           # 60 s cached, 30 s uncached, 20 s of bad requests
#   Server/Scripts/load-test.sh --quick   # a few seconds each (CI's smoke run)
#   DURATION=400 Server/Scripts/load-test.sh   # over a million requests to the cached server
#   CONNECTIONS=64 Server/Scripts/load-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${DURATION:-60}"
uncached_duration="${UNCACHED_DURATION:-30}"
bad_duration="${BAD_DURATION:-20}"
connections="${CONNECTIONS:-32}"
if [ "${1:-}" = "--quick" ]; then
    duration=3
    uncached_duration=3
    bad_duration=2
fi

if ! command -v wrk >/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq && apt-get install -y -qq wrk >/dev/null
    else
        sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null
    fi
fi

swift build -c release --product paywall-text-server
binary="$(swift build -c release --show-bin-path)/paywall-text-server"
workdir="$(mktemp -d)"
servers=()
cleanup() {
    for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$workdir"
}
trap cleanup EXIT

# Starts a server with the given options; sets `url` and `pid`.
start() {
    local out="$workdir/out.${#servers[@]}"
    "$binary" --port 0 --log-level warning --max-body-bytes 65536 "$@" >"$out" &
    pid=$!
    servers+=("$pid")
    for _ in $(seq 100); do
        grep -q "listening on" "$out" 2>/dev/null && break
        sleep 0.1
    done
    url="$(sed -n 's/.*listening on //p' "$out")"
}

rss() { awk '/^VmRSS/ {print $2 " KiB"}' "/proc/$1/status"; }

# wrk's summary; fails on socket errors and, for good requests, on any non-2xx answer.
drive() {
    local script="$1" seconds="$2"
    wrk --threads 2 --connections "$connections" --duration "${seconds}s" --timeout 10s --latency \
        --script "Scripts/wrk/$script" "$url/v1/render" | tee "$workdir/wrk.txt"
    if grep -q "Socket errors" "$workdir/wrk.txt"; then
        echo "FAIL: socket errors" >&2
        exit 1
    fi
    if [ "$script" = render.lua ] && grep -q "Non-2xx" "$workdir/wrk.txt"; then
        echo "FAIL: a good request was not answered 2xx" >&2
        exit 1
    fi
}

echo "== good requests, result cache on: $connections connections, ${duration} s"
start
cached_pid=$pid
echo "resident memory before: $(rss "$cached_pid")"
drive render.lua "$duration"
echo "resident memory after: $(rss "$cached_pid")"

echo
echo "== good requests, result cache off: $connections connections, ${uncached_duration} s"
start --cache-entries 0
echo "resident memory before: $(rss "$pid")"
drive render.lua "$uncached_duration"
echo "resident memory after: $(rss "$pid")"

echo
echo "== bad requests (every one must be 4xx): $connections connections, ${bad_duration} s"
url="$(sed -n 's/.*listening on //p' "$workdir/out.0")"
drive bad.lua "$bad_duration"
echo "resident memory of the first server after everything: $(rss "$cached_pid")"
if grep -E "^status [^4]" "$workdir/wrk.txt"; then
    echo "FAIL: a bad request was not answered 4xx" >&2
    exit 1
fi
curl -fsS "$url/healthz" >/dev/null && echo "the server still serves"
