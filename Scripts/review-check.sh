#!/usr/bin/env bash
# Builds the translators' review site and checks it in a real browser: every page is
# opened headless with Chromium, and its DOM (after parsing) must hold every message key,
# right-to-left pages must be marked dir="rtl", and index.html must link every page. With
# --copy DIR the copy pages are checked the same way, against the keys of DIR/en.json.
# The files as written are checked too: each page names every key it reviews in its own
# HTML, links the shared review.css and review.js, and names the fonts it needs.
#
#   Scripts/review-check.sh [--screenshots] [--out DIR] [-- REVIEW-ARGS…]
#
#   --screenshots   also write Docs/review-ru.png and Docs/review-ar.png (1280×1600)
#   --out DIR       build the site into DIR (default: a temporary folder, removed afterwards)
#   REVIEW-ARGS     passed to `paywall-text review` (e.g. --catalogs Locales --locale ru-RU);
#                   arguments the script does not know are passed on as well
#
# Environment: SCRATCH_PATH (a --scratch-path for swift run), PAGE_TIMEOUT (seconds per
# page, default 60), JOBS (browsers at a time, default 2), CHROMIUM (the browser binary,
# default chromium).
# Installs Chromium and fonts-noto-core from Debian when missing (run as root).
set -euo pipefail
cd "$(dirname "$0")/.."

screenshots=0
out=""
review_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --screenshots) screenshots=1 ;;
        --out) out="$2"; shift ;;
        --) shift; review_args+=("$@"); break ;;
        *) review_args+=("$1") ;;
    esac
    shift
done

# --- Browser and fonts --------------------------------------------------------------
source Scripts/chromium.sh
chromium_install

# --- The site -------------------------------------------------------------------------
work="$(mktemp -d "${TMPDIR:-/tmp}/review-check.XXXXXX")"
chromium_work="$work"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
if [ -z "$out" ]; then out="$work/site"; fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
# The copy folder under review, if any (its en.json has the keys of the copy pages).
copy_dir=""
for ((i = 0; i < ${#review_args[@]}; i++)); do
    case "${review_args[$i]}" in
        --copy) copy_dir="${review_args[$((i + 1))]:-}" ;;
        --copy=*) copy_dir="${review_args[$i]#--copy=}" ;;
    esac
done

run_flags=()
if [ -n "${SCRATCH_PATH:-}" ]; then run_flags+=(--scratch-path "$SCRATCH_PATH"); fi
started=$SECONDS
echo "review-check: swift run paywall-text review --output $out ${review_args[*]:-}"
swift run "${run_flags[@]}" paywall-text review --output "$out" "${review_args[@]}" >"$work/review.log"
tail -n 1 "$work/review.log"

# --- One headless browser per page, JOBS at a time -------------------------------------
jobs="${JOBS:-2}"
dump() {
    local name; name="$(basename "$1")"
    if ! chromium_run "$name" --dump-dom "file://$1" >"$work/dom/$name"; then
        echo "$name" >>"$work/failed"
    fi
}

mkdir -p "$work/dom"
running=0
for page in "$out"/*.html; do
    dump "$page" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait
if [ -s "$work/failed" ]; then
    for name in $(sort "$work/failed"); do
        echo "review-check: FAILED: $name: Chromium did not dump the page within ${page_timeout}s" >&2
        tail -n 5 "$work/chromium-$name.log" >&2 || true
    done
    exit 1
fi

# --- Checks on the parsed DOM ---------------------------------------------------------
python3 - "$work/dom" "$out" "$copy_dir" <<'PY'
import html, json, os, sys
from html.parser import HTMLParser

class Page(HTMLParser):
    """Elements with their attributes and the id/data-key sections they sit in."""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.html_attrs = {}
        self.elements = []          # (tag, attrs, enclosing key section or None)
        self.stack = []             # (tag, key) open elements
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.html_attrs = attrs
        key = attrs.get("data-key") if tag == "section" else None
        enclosing = key or next((k for _, k in reversed(self.stack) if k), None)
        self.elements.append((tag, attrs, enclosing))
        if tag not in ("input", "br", "meta", "link", "img", "hr"):
            self.stack.append((tag, key))
    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

def parse(path):
    page = Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    return page

folder, site, copy_dir = sys.argv[1], sys.argv[2], sys.argv[3]
def fail(message):
    print(f"review-check: FAILED: {message}", file=sys.stderr)
    sys.exit(1)

index = parse(os.path.join(folder, "index.html"))
keys = [a["data-key"] for t, a, _ in index.elements if t == "li" and "data-key" in a]
if not keys:
    fail("index.html: no message keys listed")
rows = {a["data-catalog"]: a for t, a, _ in index.elements if t == "tr" and "data-catalog" in a}
links = {a["href"] for t, a, _ in index.elements if t == "a" and "data-page" in a}
copy_links = {a["href"] for t, a, _ in index.elements if t == "a" and a.get("href", "").startswith("copy-")}
written = sorted(n for n in os.listdir(folder) if n.endswith(".html") and n != "index.html")
pages = [n for n in written if not n.startswith("copy-")]
copy_pages = [n for n in written if n.startswith("copy-")]
for name in pages:
    if name not in links:
        fail(f"index.html does not link {name}")
for link in links:
    if link not in pages:
        fail(f"index.html links {link}, which was not written")
copy_keys = []
if copy_pages or copy_dir:
    if not copy_dir:
        fail(f"copy pages ({', '.join(copy_pages)}) but no --copy DIR to read their keys from")
    with open(os.path.join(copy_dir, "en.json"), encoding="utf-8") as f:
        copy_keys = sorted(json.load(f)["messages"])
    if not copy_keys:
        fail(f"{copy_dir}/en.json: no keys")
    for name in copy_pages:
        if name not in copy_links:
            fail(f"index.html does not link {name}")
    for link in copy_links:
        if link not in copy_pages:
            fail(f"index.html links {link}, which was not written")

found = 0
rtl_checked = []
def check(name, language, keys, rtl):
    """The page's DOM: every key's section, the page's language, right to left marked."""
    global found
    page = parse(os.path.join(folder, name))
    sections = {a.get("id"): a for t, a, _ in page.elements if t == "section" and "data-key" in a}
    for key in keys:
        section = sections.get(key)
        if section is None or section.get("data-key") != key:
            fail(f"{name}: missing key {key} (no <section id=\"{key}\" data-key=\"{key}\">)")
        found += 1
    if page.html_attrs.get("lang") != language:
        fail(f"{name}: <html lang=\"{page.html_attrs.get('lang')}\">, expected lang=\"{language}\"")
    if rtl:
        if page.html_attrs.get("dir") != "rtl":
            for key in keys:
                if not any(a.get("dir") == "rtl" and a.get("lang") == language for _, a, k in page.elements if k == key):
                    fail(f"{name}: key {key} has no element with dir=\"rtl\" lang=\"{language}\"")
        rtl_checked.append(name[:-len(".html")])

for name in pages:
    catalog = name[:-len(".html")]
    row = rows.get(catalog)
    if row is None:
        fail(f"index.html has no row for {catalog}")
    rtl = row.get("data-dir") == "rtl"
    if catalog in ("ar", "he", "ur") and not rtl:
        fail(f"index.html: {catalog} is not listed as right to left")
    check(name, catalog, keys, rtl)
for name in copy_pages:
    language = name[len("copy-"):-len(".html")]
    check(name, language, copy_keys, language.split("-")[0] in ("ar", "he", "ur"))

# The files as written, before any script runs: each page names every key it reviews in
# its own HTML, links the shared style sheet and script, and names the fonts it needs.
for shared in ("review.css", "review.js"):
    if not os.path.isfile(os.path.join(site, shared)):
        fail(f"{shared} was not written beside the pages")
for name in ["index.html"] + pages + copy_pages:
    with open(os.path.join(site, name), encoding="utf-8") as f:
        raw = f.read()
    if '<link rel="stylesheet" href="review.css">' not in raw or '<script src="review.js" defer></script>' not in raw:
        fail(f"{name}: does not link review.css and review.js")
    if "<style" in raw:
        fail(f"{name}: has a style sheet of its own")
    if "apt-get install fonts-noto-core" not in raw:
        fail(f"{name}: does not name the fonts it needs (fonts-noto-core)")
    for key in (copy_keys if name.startswith("copy-") else keys if name != "index.html" else []):
        if f"<code>{html.escape(key)}</code>" not in raw:
            fail(f"{name}: the key {key} is not in the page's own HTML")

size = sum(os.path.getsize(os.path.join(site, n)) for n in os.listdir(site) if os.path.isfile(os.path.join(site, n)))
count = len(written) + 1
print(f"review-check: {count} pages checked (index + {len(pages)} catalogs + {len(copy_pages)} copy), "
      f"{found} keys found ({len(keys)} per catalog page, {len(copy_keys)} per copy page), "
      f"right to left: {', '.join(rtl_checked) or 'none'}; the site is {size:,} bytes, {size // count:,} a page on average")
PY

# --- Screenshots ----------------------------------------------------------------------
if [ "$screenshots" = 1 ]; then
    mkdir -p Docs
    for catalog in ru ar; do
        if [ ! -f "$out/$catalog.html" ]; then
            echo "review-check: FAILED: no $catalog.html for the screenshot" >&2
            exit 1
        fi
        # The top of the page: the catalog's status, the keys, price.free and recurringPrice
        # with every plural category. (With a fragment, #recurringPrice, headless Chromium
        # scrolls but paints a blank band above the sticky toolbar.)
        chromium_run "shot-$catalog" --screenshot="$PWD/Docs/review-$catalog.png" --window-size=1280,1600 \
            "file://$out/$catalog.html" >/dev/null
        echo "review-check: Docs/review-$catalog.png"
    done
fi
echo "review-check: done in $((SECONDS - started))s"
