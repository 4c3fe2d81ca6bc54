# Shared by the server's scripts (load-test.sh, capacity.sh, failover.sh): build the server
# once in release, start instances on free loopback ports and wait until they are ready,
# run wrk and read its figures. Everything stays on 127.0.0.1; callers stop what they start.
# Sourced, not run; expects to be in Server/.

# Installs a Debian package when its command is missing (as root, or through sudo).
need() {
    local command="$1" package="$2"
    command -v "$command" >/dev/null && return
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$package" >/dev/null
}

# Builds the server (in release, or the configuration given); sets `binary`.
build_server() {
    local configuration="${1:-release}"
    # A binary built already (CI's release build with its tests) is used as it is.
    if [ -n "${PAYWALL_TEXT_SERVER_BINARY:-}" ] && [ -x "$PAYWALL_TEXT_SERVER_BINARY" ]; then
        binary="$PAYWALL_TEXT_SERVER_BINARY"
        return
    fi
    swift build -c "$configuration" --product paywall-text-server
    binary="$(swift build -c "$configuration" --show-bin-path)/paywall-text-server"
}

workdir="$(mktemp -d)"
started=()

# Starts a server with the given options (prefixed by $PIN, e.g. `taskset -c 0`), waits until
# GET /readyz says ready; sets `url` and `pid`.
start_server() {
    local out="$workdir/server.${#started[@]}"
    ${PIN:-} "$binary" --port 0 --log-level warning "$@" >"$out" &
    pid=$!
    started+=("$pid")
    url=""
    for _ in $(seq 200); do
        url="$(sed -n 's/.*listening on //p' "$out" 2>/dev/null)"
        if [ -n "$url" ] && curl -fs "$url/readyz" >/dev/null 2>&1; then
            return
        fi
        sleep 0.05
    done
    echo "FAIL: the server did not become ready" >&2
    exit 1
}

# Stops every server started, then removes the work folder.
stop_all() {
    for p in "${started[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
    for p in "${started[@]}"; do wait "$p" 2>/dev/null || true; done
    rm -rf "$workdir"
}

# A free TCP port on 127.0.0.1.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

rss() { awk '/^VmRSS/ {printf "%.1f MiB", $2 / 1024}' "/proc/$1/status"; }

# wrk for `seconds` with `connections` against a URL, with an optional script; prefixed by
# $WRK_PIN. The summary goes to standard output and to $workdir/wrk.txt.
run_wrk() {
    local seconds="$1" connections="$2" target="$3" script="${4:-}"
    local args=(--threads "${WRK_THREADS:-2}" --connections "$connections" --duration "${seconds}s" --timeout 10s --latency)
    [ -n "$script" ] && args+=(--script "Scripts/wrk/$script")
    ${WRK_PIN:-} wrk "${args[@]}" "$target" | tee "$workdir/wrk.txt"
}

# Figures of the last wrk run: requests per second; p99 and the worst latency in ms;
# requests; answers that were not 2xx or 3xx; socket errors.
to_ms() { awk '{ v = $1; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 } printf "%.1f", v }'; }
wrk_rate() { awk '/^Requests\/sec/ {printf "%.0f", $2}' "$workdir/wrk.txt"; }
wrk_p99() { awk '$1 == "99%" {print $2}' "$workdir/wrk.txt" | to_ms; }
wrk_max() { awk '$1 == "Latency" && $2 != "Distribution" {print $4; exit}' "$workdir/wrk.txt" | to_ms; }
wrk_requests() { awk '/requests in/ {print $1}' "$workdir/wrk.txt"; }
wrk_non2xx() { awk '/Non-2xx/ {print $NF}' "$workdir/wrk.txt" | grep . || echo 0; }
wrk_socket_errors() {
    awk '/Socket errors/ { n = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) { v = $i; sub(/,/, "", v); n += v } print n }' "$workdir/wrk.txt" | grep . || echo 0
}
