#!/usr/bin/env bash
# Load test: builds the server in release, starts it on a free loopback port and drives it
# with wrk (installed from Debian if missing) for a bounded time, in one run:
#   1. GET /healthz: the transport's own speed, the yardstick of the rest;
#   2. POST /v1/render, a realistic body (Scripts/wrk/render.lua: 3 products, the locale
#      taking turns among eight), the cache on (the default);
#   3. the same body in a locale ICU has no data for (xx-QQ): refused, 400;
#   4. the Node anchor (../shared/anchors/node-paywall-server.js, when node and the file are
#      there) with the body of 2, rendering about a quarter of what the server renders;
#   5. the body of 2 with the cache off (--cache-entries 0), on a second server;
#   6. bad requests only (malformed JSON, unknown locale, too many locales, a body over
#      the limit, a non-JSON content type, no known format, not a request, an unknown
#      field), which must all be answered 4xx;
#   7. fairness: /healthz on one connection while two connections send the largest request
#      the server takes (1,000 renders) to a server with its cache off, without pause: the
#      worst /healthz latency is the figure (50 ms or less on the project's machine);
#   8. every body new (Scripts/wrk/render-new.lua: each request's prices differ, so that no
#      cache can answer it), with every field, then with the Node anchor's fields only
#      (options.fields), then the Node anchor with the same bodies as one process and as a
#      cluster of one worker per core (`node … PORT WORKERS`).
# Every phase drives its server with one wrk thread (WRK_THREADS), so that the load generator
# starves neither side of a comparison.
# It prints each phase's wrk summary, then a summary of requests per second and p99 with
# their ratios to /healthz and to the Node anchor of this run, and the server's resident
# memory. It fails on a socket error, a good request not answered 2xx or a bad one not 4xx.
# Traffic stays on 127.0.0.1; every phase stops by itself.
#
#   Server/Scripts/load-test.sh           # 20 s each phase; 30 s of uncached and 10 s of bad requests
#   Server/Scripts/load-test.sh --quick   # a few seconds each (CI's smoke run)
#   DURATION=60 Server/Scripts/load-test.sh
#   CONNECTIONS=64 Server/Scripts/load-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib.sh
trap stop_all EXIT

duration="${DURATION:-20}"
uncached_duration="${UNCACHED_DURATION:-30}"
bad_duration="${BAD_DURATION:-10}"
fair_duration="${FAIR_DURATION:-10}"
connections="${CONNECTIONS:-32}"
if [ "${1:-}" = "--quick" ]; then
    duration=3
    uncached_duration=3
    bad_duration=2
    fair_duration=3
fi
anchor="${NODE_ANCHOR:-../../shared/anchors/node-paywall-server.js}"

need wrk wrk
need curl curl
export WRK_THREADS="${WRK_THREADS:-1}"
# The fields the Node anchor renders, by the result's JSON paths.
anchor_fields="price,period,recurringPrice,pricePer.day.price,pricePer.week.price,pricePer.month.price,pricePer.year.price,terms,offers.price,offers.period,offers.duration,offers.headline,offers.summary,offers.terms"

# Starts the Node anchor with WORKERS processes; sets node_url and node_pid.
start_anchor() {
    local port
    port="$(free_port)"
    ${PIN:-} node "$anchor" "$port" "$1" &
    node_pid=$!
    started+=("$node_pid")
    for _ in $(seq 100); do
        curl -s -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null && break
        sleep 0.05
    done
    node_url="http://127.0.0.1:$port"
}
build_server

# Fails on socket errors and, when asked, on any answer that is not 2xx.
check() {
    if [ "$(wrk_socket_errors)" != 0 ]; then
        echo "FAIL: socket errors" >&2
        exit 1
    fi
    if [ "${1:-}" = 2xx ] && [ "$(wrk_non2xx)" != 0 ]; then
        echo "FAIL: a good request was not answered 2xx" >&2
        exit 1
    fi
}

summary=()
# A summary row: the phase's name, then its rate and p99 from the last wrk run.
record() {
    summary+=("$1|$(wrk_rate)|$(wrk_p99)")
}

start_server --max-body-bytes 65536
main_url="$url"
main_pid="$pid"
memory_start="$(rss "$main_pid")"

echo "== GET /healthz: $connections connections, ${duration} s"
run_wrk "$duration" "$connections" "$main_url/healthz"
check 2xx
record "GET /healthz"

echo
echo "== POST /v1/render, realistic body, cache on: $connections connections, ${duration} s"
run_wrk "$duration" "$connections" "$main_url/v1/render" render.lua
check 2xx
record "POST /v1/render, realistic body"
memory_loaded="$(rss "$main_pid")"

echo
echo "== POST /v1/render, the same body refused (xx-QQ): $connections connections, ${duration} s"
run_wrk "$duration" "$connections" "$main_url/v1/render" refused.lua
check
record "POST /v1/render, refused (400)"

node_rate=""
if command -v node >/dev/null && [ -f "$anchor" ]; then
    echo
    echo "== the Node anchor, the same body: $connections connections, ${duration} s"
    start_anchor 1
    run_wrk "$duration" "$connections" "$node_url/v1/render" render.lua
    check 2xx
    record "Node anchor, same body"
    node_rate="$(wrk_rate)"
    kill "$node_pid"
else
    echo
    echo "== the Node anchor: skipped (node or $anchor missing)"
fi

echo
echo "== POST /v1/render, realistic body, cache off: $connections connections, ${uncached_duration} s"
start_server --max-body-bytes 65536 --cache-entries 0
run_wrk "$uncached_duration" "$connections" "$url/v1/render" render.lua
check 2xx
record "POST /v1/render, cache off"
kill -TERM "$pid"

echo
echo "== bad requests (every one must be 4xx): $connections connections, ${bad_duration} s"
run_wrk "$bad_duration" "$connections" "$main_url/v1/render" bad.lua
check
if grep -E "^status [^4]" "$workdir/wrk.txt"; then
    echo "FAIL: a bad request was not answered 4xx" >&2
    exit 1
fi

echo
echo "== fairness: /healthz on 1 connection while 2 connections send 1,000 renders each, cache off, ${fair_duration} s"
start_server --cache-entries 0
fair_url="$url"
WRK_THREADS=1 run_wrk "$((fair_duration + 2))" 2 "$fair_url/v1/render" maximal.lua >"$workdir/maximal.txt" &
maximal=$!
sleep 1
WRK_THREADS=1 run_wrk "$fair_duration" 1 "$fair_url/healthz"
check 2xx
fair_max="$(wrk_max)"
fair_p99="$(wrk_p99)"
wait "$maximal"
cp "$workdir/maximal.txt" "$workdir/wrk.txt"
cat "$workdir/wrk.txt"
check 2xx
maximal_requests="$(wrk_requests)"

echo
echo "== every body new (no cache can answer), every field: $connections connections, ${duration} s"
run_wrk "$duration" "$connections" "$main_url/v1/render" render-new.lua
check 2xx
record "POST /v1/render, every body new"
new_rate="$(wrk_rate)"

echo
echo "== every body new, the Node anchor's fields: $connections connections, ${duration} s"
FIELDS="$anchor_fields" run_wrk "$duration" "$connections" "$main_url/v1/render" render-new.lua
check 2xx
record "… the Node anchor's fields"
new_fields_rate="$(wrk_rate)"

node_new_rate=""
node_cluster_rate=""
if command -v node >/dev/null && [ -f "$anchor" ]; then
    echo
    echo "== the Node anchor, every body new, one process: $connections connections, ${duration} s"
    start_anchor 1
    run_wrk "$duration" "$connections" "$node_url/v1/render" render-new.lua
    check 2xx
    record "Node anchor, every body new"
    node_new_rate="$(wrk_rate)"
    kill "$node_pid"
    cores="$(nproc)"
    echo
    echo "== the Node anchor, every body new, a cluster of $cores workers: $connections connections, ${duration} s"
    start_anchor "$cores"
    run_wrk "$duration" "$connections" "$node_url/v1/render" render-new.lua
    check 2xx
    record "Node anchor cluster ($cores), body new"
    node_cluster_rate="$(wrk_rate)"
    kill -TERM "$node_pid"
fi

healthz_rate="${summary[0]#*|}"
healthz_rate="${healthz_rate%%|*}"
echo
echo "== summary: requests per second and p99 of this run, as ratios to GET /healthz and to the Node anchor"
printf '%-36s %12s %10s %10s %8s\n' "phase" "requests/s" "p99 (ms)" "÷ healthz" "÷ Node"
for row in "${summary[@]}"; do
    IFS='|' read -r name rate p99 <<<"$row"
    by_node="-"
    [ -n "$node_rate" ] && by_node="$(awk -v a="$rate" -v b="$node_rate" 'BEGIN {printf "%.2f", a / b}')"
    printf '%-36s %12s %10s %10s %8s\n' "$name" "$rate" "$p99" "$(awk -v a="$rate" -v b="$healthz_rate" 'BEGIN {printf "%.2f", a / b}')" "$by_node"
done
echo "ratio render/healthz $(awk -v a="$(echo "${summary[1]}" | cut -d'|' -f2)" -v b="$healthz_rate" 'BEGIN {printf "%.2f", a / b}')"
[ -n "$node_rate" ] && echo "ratio render/node $(awk -v a="$(echo "${summary[1]}" | cut -d'|' -f2)" -v b="$node_rate" 'BEGIN {printf "%.2f", a / b}')"
if [ -n "$node_new_rate" ]; then
    echo "ratio new-body/node $(awk -v a="$new_rate" -v b="$node_new_rate" 'BEGIN {printf "%.2f", a / b}')"
    echo "ratio new-body-anchor-fields/node $(awk -v a="$new_fields_rate" -v b="$node_new_rate" 'BEGIN {printf "%.2f", a / b}')"
    echo "ratio new-body/node-cluster $(awk -v a="$new_rate" -v b="$node_cluster_rate" 'BEGIN {printf "%.2f", a / b}')"
    echo "ratio new-body-anchor-fields/node-cluster $(awk -v a="$new_fields_rate" -v b="$node_cluster_rate" 'BEGIN {printf "%.2f", a / b}')"
fi
echo "fairness: /healthz worst latency ${fair_max} ms (p99 ${fair_p99} ms) while two maximal requests ran (${maximal_requests} of them answered)"
echo "resident memory of the first server: ${memory_start} after warm-up, ${memory_loaded} after the cached phase, $(rss "$main_pid") at the end"
curl -fsS "$main_url/healthz" >/dev/null && echo "the server still serves"
