#!/usr/bin/env bash
# Failover: three server instances behind nginx (Debian's, installed if missing), all on
# 127.0.0.1, under wrk's load (Scripts/wrk/render.lua, 32 connections), in two phases of
# DURATION seconds (20 by default):
#   1. halfway through, one instance gets SIGTERM: it drains (the listener closes, the
#      requests in flight are answered) and exits 0. No client request may fail.
#   2. halfway through, another instance gets SIGKILL. A request it was rendering, or one
#      nginx had just sent it, is retried on the other instance (a render has no side
#      effects, so nginx may retry a POST: proxy_next_upstream … non_idempotent); only a
#      response it had begun to send cannot be, and nginx's error log counts those
#      ("upstream prematurely closed connection while reading upstream"). The failed
#      client requests may be at most that count.
# Prints, per phase: requests, failed requests (non-2xx answers and socket errors), p99,
# the requests nginx retried on another instance, and the responses cut after they began.
#
#   Server/Scripts/failover.sh
#   DURATION=10 Server/Scripts/failover.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib.sh

duration="${DURATION:-20}"
connections="${CONNECTIONS:-32}"
need wrk wrk
need curl curl
need nginx nginx
build_server

nginx_pid=""
cleanup() {
    [ -n "$nginx_pid" ] && kill -QUIT "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
    stop_all
}
trap cleanup EXIT

ports=()
pids=()
for _ in 1 2 3; do
    start_server --max-body-bytes 65536
    ports+=("${url##*:}")
    pids+=("$pid")
done

proxy_port="$(free_port)"
mkdir -p "$workdir/nginx"
cat >"$workdir/nginx/nginx.conf" <<CONF
worker_processes 1;
user root;
pid $workdir/nginx/nginx.pid;
error_log $workdir/nginx/error.log error;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $workdir/nginx/body;
    proxy_temp_path $workdir/nginx/proxy;
    fastcgi_temp_path $workdir/nginx/fastcgi;
    uwsgi_temp_path $workdir/nginx/uwsgi;
    scgi_temp_path $workdir/nginx/scgi;
    upstream paywall {
        server 127.0.0.1:${ports[0]} max_fails=1 fail_timeout=30s;
        server 127.0.0.1:${ports[1]} max_fails=1 fail_timeout=30s;
        server 127.0.0.1:${ports[2]} max_fails=1 fail_timeout=30s;
        keepalive 64;
    }
    server {
        listen 127.0.0.1:$proxy_port;
        location / {
            proxy_pass http://paywall;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            # A render has no side effects: a request an instance did not answer is sent to another.
            proxy_next_upstream error timeout http_502 http_503 non_idempotent;
            proxy_next_upstream_tries 3;
            proxy_connect_timeout 1s;
            proxy_read_timeout 10s;
        }
    }
}
CONF
nginx -p "$workdir/nginx" -c "$workdir/nginx/nginx.conf" -g "daemon off;" &
nginx_pid=$!
for _ in $(seq 100); do
    curl -fs "http://127.0.0.1:$proxy_port/readyz" >/dev/null 2>&1 && break
    sleep 0.05
done

log="$workdir/nginx/error.log"
count() { grep -c "$1" "$log" 2>/dev/null || true; }
rows=()
# One phase: wrk through nginx; halfway, `signal` to the instance `index`.
phase() {
    local name="$1" signal="$2" index="$3"
    local retried_before cut_before
    retried_before="$(($(count "while reading response header from upstream") + $(count "while connecting to upstream")))"
    cut_before="$(count "while reading upstream")"
    echo "== $name: instance $((index + 1)) (port ${ports[$index]}) gets $signal after $((duration / 2)) s of ${duration} s"
    run_wrk "$duration" "$connections" "http://127.0.0.1:$proxy_port/v1/render" render.lua >"$workdir/phase.txt" &
    local load=$!
    sleep "$((duration / 2))"
    kill "-$signal" "${pids[$index]}"
    local status=0
    wait "${pids[$index]}" || status=$?
    wait "$load"
    cat "$workdir/wrk.txt"
    local retried cut failed
    retried="$(($(count "while reading response header from upstream") + $(count "while connecting to upstream") - retried_before))"
    cut="$(($(count "while reading upstream") - cut_before))"
    failed="$(($(wrk_non2xx) + $(wrk_socket_errors)))"
    echo "instance $((index + 1)) exited with status $status"
    rows+=("$name|$(wrk_requests)|$failed|$(wrk_p99)|$retried|$cut")
    if [ "$signal" = TERM ] && { [ "$failed" != 0 ] || [ "$status" != 0 ]; }; then
        echo "FAIL: SIGTERM of an instance failed $failed requests (exit status $status)" >&2
        exit 1
    fi
    if [ "$signal" = KILL ] && [ "$failed" -gt "$cut" ]; then
        echo "FAIL: SIGKILL of an instance failed $failed requests, more than the $cut responses it had begun" >&2
        exit 1
    fi
}

phase "SIGTERM" TERM 0
phase "SIGKILL" KILL 1

echo
echo "== failover: three instances behind nginx, $connections connections, ${duration} s per phase"
printf '| %-8s | %9s | %6s | %8s | %22s | %26s |\n' "event" "requests" "failed" "p99 (ms)" "retried by nginx" "responses cut after begun"
printf '|%s|%s|%s|%s|%s|%s|\n' "----------" "-----------" "--------" "----------" "------------------------" "----------------------------"
for row in "${rows[@]}"; do
    IFS='|' read -r name requests failed p99 retried cut <<<"$row"
    printf '| %-8s | %9s | %6s | %8s | %22s | %26s |\n' "$name" "$requests" "$failed" "$p99" "$retried" "$cut"
done
