#!/usr/bin/env bash
# Capacity of one core: the server pinned to one core and wrk to another (taskset), so
# that the figures are what one core of a replica answers, for sizing a deployment
# (Server/deploy/kubernetes/hpa.yaml). Phases of the load script, each for DURATION
# seconds (15 by default), 32 connections: GET /healthz; POST /v1/render with the
# realistic body, the cache on; the same body refused (xx-QQ); the body with the cache
# off. Prints a table of requests per second and p99, and the server's resident memory.
# Needs two cores; traffic stays on 127.0.0.1.
#
#   Server/Scripts/capacity.sh
#   DURATION=30 SERVER_CORE=0 WRK_CORE=1 Server/Scripts/capacity.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib.sh
trap stop_all EXIT

duration="${DURATION:-15}"
connections="${CONNECTIONS:-32}"
[ "$(nproc)" -ge 2 ] || { echo "capacity.sh needs two cores" >&2; exit 1; }
need wrk wrk
need curl curl
build_server

PIN="taskset -c ${SERVER_CORE:-0}"
WRK_PIN="taskset -c ${WRK_CORE:-1}"
WRK_THREADS=1
rows=()
measure() {
    local name="$1"
    shift
    run_wrk "$duration" "$connections" "$@" >/dev/null
    [ "$(wrk_socket_errors)" = 0 ] || { echo "FAIL: socket errors" >&2; exit 1; }
    rows+=("$name|$(wrk_rate)|$(wrk_p99)")
}

start_server --max-body-bytes 65536
measure "GET /healthz" "$url/healthz"
measure "POST /v1/render, realistic body, cache on" "$url/v1/render" render.lua
measure "POST /v1/render, refused (400)" "$url/v1/render" refused.lua
memory="$(rss "$pid")"
start_server --max-body-bytes 65536 --cache-entries 0
measure "POST /v1/render, cache off" "$url/v1/render" render.lua

echo "== one core: the server on core ${SERVER_CORE:-0}, wrk (1 thread, $connections connections) on core ${WRK_CORE:-1}, ${duration} s each"
printf '| %-42s | %10s | %8s |\n' "phase" "requests/s" "p99 (ms)"
printf '|%s|%s|%s|\n' "--------------------------------------------" "------------" "----------"
for row in "${rows[@]}"; do
    IFS='|' read -r name rate p99 <<<"$row"
    printf '| %-42s | %10s | %8s |\n' "$name" "$rate" "$p99"
done
echo "resident memory after the cached phases: $memory"
