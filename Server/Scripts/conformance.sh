#!/usr/bin/env bash
# API conformance: schemathesis (from PyPI) against the live server and its OpenAPI
# document. Builds the server, starts it on a free loopback port, runs schemathesis for a
# bounded time, and stops the server. Runs every schemathesis check (no 5xx; status code,
# content type, headers and body as openapi.json says; requests the schema forbids are
# rejected; 405 for a method a path does not take) but one: positive_data_acceptance, which
# expects every schema-valid request to succeed. A schema cannot say "a locale ICU has data
# for" or "a product the stores' formats describe", so a well-formed request for locale
# "xx-QQ" is schema-valid and still, rightly, a 400.
#
#   Server/Scripts/conformance.sh            # up to MAX_EXAMPLES=300 cases per operation, MAX_TIME=300 s
#   MAX_EXAMPLES=50 MAX_TIME=60 Server/Scripts/conformance.sh   # a shorter run
set -euo pipefail
cd "$(dirname "$0")/.."

examples="${MAX_EXAMPLES:-300}"
configuration="${CONFIGURATION:-release}"

if ! command -v schemathesis >/dev/null; then
    python3 -m pip install --quiet schemathesis
fi

source Scripts/lib.sh
trap stop_all EXIT
build_server "$configuration"
catalogs="$workdir/catalogs"
cp -r ../Locales "$catalogs"

# A catalog folder, so that the reload route answers 200 as well as its errors. The server
# is ready (GET /readyz) before schemathesis starts, so that it meets no 503 "warmingUp".
start_server --catalogs "$catalogs" --max-body-bytes 262144
echo "server at $url"

schemathesis run "$url/openapi.json" --url "$url" \
    --exclude-checks positive_data_acceptance \
    --max-examples "$examples" --max-time "${MAX_TIME:-300}" --seed 20261122 --workers 2 \
    --suppress-health-check all
