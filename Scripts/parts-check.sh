#!/usr/bin/env bash
# Checks `paywall-text render --format html` in a real browser: renders the example products
# in English, Arabic, Hebrew and Urdu as HTML fragments and as JSON with parts, opens a page
# of the fragments in headless Chromium and checks, on the laid-out DOM, that
#   - each fragment's text is its JSON field's text, and names the field's lang and dir;
#   - each run with a role is a <span> of that class whose text is the JSON part's;
#   - the runs display in sentence order: left to right in English, right to left in the
#     right-to-left languages (the boxes of consecutive runs on one line, by x position);
#   - within a run, numbers and Latin letters (`US$`, `٩٫٩٩`) display as written, left to right.
#
#   Scripts/parts-check.sh [--screenshot] [--out DIR]
#
#   --screenshot   also write Docs/parts-en-ar.png: an English and an Arabic paywall built
#                  from the fragments, each role styled (1200×700)
#   --out DIR      keep the pages in DIR (default: a temporary folder, removed afterwards)
#
# Environment: SCRATCH_PATH (a --scratch-path for swift run), PAGE_TIMEOUT, CHROMIUM (see
# Scripts/chromium.sh, which installs Chromium and fonts-noto-core from Debian when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

screenshot=0
out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --screenshot) screenshot=1 ;;
        --out) out="$2"; shift ;;
        *) echo "parts-check: unknown argument $1" >&2; exit 64 ;;
    esac
    shift
done

source Scripts/chromium.sh
chromium_install

work="$(mktemp -d "${TMPDIR:-/tmp}/parts-check.XXXXXX")"
chromium_work="$work"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
if [ -z "$out" ]; then out="$work/pages"; fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
started=$SECONDS

run_flags=()
if [ -n "${SCRATCH_PATH:-}" ]; then run_flags+=(--scratch-path "$SCRATCH_PATH"); fi
locales=(en-US ar-SA he-IL ur-PK)
flags=()
for locale in "${locales[@]}"; do flags+=(--locale "$locale"); done
swift run "${run_flags[@]}" paywall-text render Examples/products.json "${flags[@]}" --format html >"$out/fragments.html"
swift run "${run_flags[@]}" paywall-text render Examples/products.json "${flags[@]}" --format json --include parts >"$out/parts.json"
echo "parts-check: $(wc -l <"$out/fragments.html") fragments for ${locales[*]}"

# --- The pages: the check, and the paywalls for the screenshot ---------------------------
python3 - "$out" <<'PY'
import html, json, os, sys

out = sys.argv[1]
fragments = open(os.path.join(out, "fragments.html"), encoding="utf-8").read().splitlines()
entries = json.load(open(os.path.join(out, "parts.json"), encoding="utf-8"))

# The check page: each fragment in a block of its own (one paragraph each, on one line).
check = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>parts check</title>
<style>
  body { font: 16px "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Nastaliq Urdu", sans-serif; }
  .row { white-space: nowrap; margin: 4px 0; }
</style></head><body>
"""
check += "\n".join(f'<div class="row">{line}</div>' for line in fragments)
check += '\n<script type="application/json" id="entries">' + json.dumps(entries).replace("</", "<\\/") + "</script>\n"
check += '<pre id="result"></pre>\n<script>\n' + open("Scripts/parts-check.js", encoding="utf-8").read() + "\n</script>\n</body></html>\n"
open(os.path.join(out, "check.html"), "w", encoding="utf-8").write(check)

# The paywalls: fragments placed as an app would, by field.
by_key = {}
for line in fragments:
    def attribute(name):
        start = line.index(f' {name}="') + len(name) + 3
        return html.unescape(line[start:line.index('"', start)])
    by_key[(attribute("data-locale"), attribute("data-product"), attribute("data-field"))] = line

def plan(locale, product, wide):
    def field(name, css):
        fragment = by_key.get((locale, product, name))
        return f'<div class="{css}">{fragment}</div>' if fragment else ""
    return ('<div class="plan">' + field("planName", "name") + field("recurringPrice", "price")
            + (field("pricePer.month.billed", "billed") if wide else "") + field("savings.headline", "badge")
            + '<div class="offer">' + field("offers[0].headline", "headline") + field("offers[0].summary", "summary") + "</div>"
            + field("offers[0].terms", "terms") + "</div>")

def paywall(locale, lang, direction):
    plans = plan(locale, "com.example.pro.annual", True) + plan(locale, "com.example.pro.monthly", False)
    return f'<section class="paywall" lang="{lang}" dir="{direction}"><h2>{locale}</h2>{plans}</section>'

roles = ["offerPrice", "regularPrice", "unitPrice", "duration", "period", "percent"]
legend = "".join(f'<span class="{role}">{role}</span> ' for role in roles)
showcase = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Paywall text, styled by its parts</title>
<style>
  body {{ margin: 24px; font: 17px/1.45 "Noto Sans", "Noto Sans Arabic", sans-serif; color: #1d1d1f; background: #f2f2f7; }}
  h1 {{ font-size: 20px; margin: 0 0 4px; }}
  .legend {{ margin: 0 0 16px; font-size: 14px; }}
  .legend span {{ margin-right: 8px; }}
  .paywalls {{ display: flex; gap: 24px; align-items: flex-start; }}
  .paywall {{ flex: 1; background: white; border-radius: 18px; padding: 8px 20px 20px; box-shadow: 0 2px 8px #0002; }}
  h2 {{ font-size: 14px; color: #888; font-weight: 500; }}
  .plan {{ border: 2px solid #d0d0d8; border-radius: 14px; padding: 12px 16px; margin-bottom: 14px; }}
  .name {{ font-size: 20px; font-weight: 700; }}
  .price {{ font-size: 19px; }}
  .billed, .terms {{ font-size: 13px; color: #6e6e73; }}
  .badge {{ margin: 6px 0; }}
  .offer {{ margin: 8px 0; padding: 8px 10px; background: #eef7f0; border-radius: 10px; }}
  .headline {{ font-weight: 600; }}
  .summary {{ font-size: 15px; }}
  .regularPrice {{ font-weight: 700; color: #0b57d0; }}
  .offer .headline .regularPrice, .legend .regularPrice {{ font-weight: 700; }}
  .offerPrice {{ font-weight: 700; color: #137333; }}
  .unitPrice {{ font-weight: 700; color: #8430ce; }}
  .duration {{ text-decoration: underline 2px #e8710a; text-underline-offset: 3px; }}
  .period {{ font-style: italic; }}
  .percent {{ background: #fde293; border-radius: 4px; padding: 0 3px; font-weight: 700; }}
</style></head><body>
<h1>Paywall text, styled by its parts</h1>
<p class="legend">{legend}</p>
<div class="paywalls">{paywall("en-US", "en", "ltr")}{paywall("ar-SA", "ar", "rtl")}</div>
</body></html>
"""
open(os.path.join(out, "paywalls.html"), "w", encoding="utf-8").write(showcase)
PY

# --- The check, in the browser -------------------------------------------------------------
if ! chromium_run check --window-size=1600,1200 --dump-dom "file://$out/check.html" >"$out/check.dom.html"; then
    echo "parts-check: FAILED: Chromium did not dump the page within ${page_timeout}s" >&2
    tail -n 5 "$work/chromium-check.log" >&2 || true
    exit 1
fi
python3 - "$out/check.dom.html" <<'PY'
import html, json, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
match = re.search(r'<pre id="result">(.*?)</pre>', dom, re.S)
if not match or not match.group(1).strip():
    print("parts-check: FAILED: the page's check did not run (no result in the DOM)", file=sys.stderr)
    sys.exit(1)
result = json.loads(html.unescape(match.group(1)))
for failure in result["failures"][:40]:
    print(f"parts-check: FAILED: {failure}", file=sys.stderr)
if result["failures"]:
    print(f"parts-check: {len(result['failures'])} failures", file=sys.stderr)
    sys.exit(1)
counts = ", ".join(f"{locale} {count}" for locale, count in sorted(result["fragments"].items()))
print(f"parts-check: {sum(result['fragments'].values())} fragments checked ({counts}); "
      f"{result['runs']} runs with a role equal their JSON parts; {result['orderChecks']} pairs of runs in display order, "
      f"right to left in {', '.join(result['rightToLeft'])}; {result['characterChecks']} characters displayed as written")
PY

# --- Screenshot ------------------------------------------------------------------------------
if [ "$screenshot" = 1 ]; then
    mkdir -p Docs
    chromium_run shot --screenshot="$PWD/Docs/parts-en-ar.png" --window-size=1200,700 "file://$out/paywalls.html" >/dev/null
    echo "parts-check: Docs/parts-en-ar.png"
fi
echo "parts-check: done in $((SECONDS - started))s"
