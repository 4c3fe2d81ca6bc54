# Headless Chromium for the browser checks (Scripts/review-check.sh, Scripts/parts-check.sh):
# source this file, call `chromium_install`, then `chromium_run PROFILE ARGS…`.
#
# Environment: CHROMIUM (the browser binary, default chromium), PAGE_TIMEOUT (seconds per
# call, default 60). The caller sets `chromium_work` to a folder of its own (profiles and logs).

chromium="${CHROMIUM:-chromium}"
page_timeout="${PAGE_TIMEOUT:-60}"

# Installs Chromium and fonts-noto-core from Debian when missing (run as root): glyphs for the
# catalogs' scripts (Arabic, Cyrillic, Hebrew, Devanagari, Bengali, Thai, Urdu's Nastaliq…)
# come from Noto; Chinese, Japanese and Korean would need fonts-noto-cjk, which no check or
# screenshot needs.
chromium_install() {
    local missing=()
    command -v "$chromium" >/dev/null 2>&1 || missing+=(chromium)
    local fonts_missing=0
    if command -v fc-list >/dev/null 2>&1; then
        for lang in ar ru he hi bn th ur; do
            [ -n "$(fc-list ":lang=$lang" 2>/dev/null)" ] || fonts_missing=1
        done
        # (Into a variable first: `fc-list | grep -q` fails under pipefail when grep stops early.)
        local families
        families="$(fc-list : family 2>/dev/null || true)"
        [[ "$families" == *"Noto Sans Arabic"* ]] || fonts_missing=1
    else
        fonts_missing=1
    fi
    [ "$fonts_missing" = 0 ] || missing+=(fonts-noto-core)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "chromium: installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q
        apt-get install -y -q "${missing[@]}"
        [ "$chromium" = chromium ] || command -v "$chromium" >/dev/null || chromium=chromium
    fi
}

# Runs headless Chromium with a profile of its own (the first argument), so that browsers
# running side by side never share or lock one; its messages go to $chromium_work/chromium-PROFILE.log.
chromium_run() {
    local profile="$1"; shift
    mkdir -p "$chromium_work/profiles"
    timeout "$page_timeout" "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
        --user-data-dir="$chromium_work/profiles/$profile" --hide-scrollbars "$@" 2>>"$chromium_work/chromium-$profile.log"
}
