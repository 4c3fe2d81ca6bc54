#!/usr/bin/env bash
# Builds the release binary of the command-line tool and installs it as PREFIX/bin/paywall-text,
# for backends in other languages that call it (a warm `swift run` costs about 0.4 s a call,
# the built binary well under 0.1 s).
#
#   Scripts/install.sh [PREFIX] [swift build options…]
#
# PREFIX is ~/.local by default (no root needed); /usr/local needs write access there. Any
# further arguments go to `swift build`, e.g. `--static-swift-stdlib` for a binary that does
# not need the Swift toolchain's runtime libraries beside it (it still links the system's ICU).
# The catalogs are compiled into the binary: it needs no files of this repository.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${1:-$HOME/.local}"
shift || true

swift build -c release --product paywall-text "$@"
binary="$(swift build -c release --product paywall-text "$@" --show-bin-path)/paywall-text"
mkdir -p "$prefix/bin"
install -m 0755 "$binary" "$prefix/bin/paywall-text"
echo "installed $prefix/bin/paywall-text"
"$prefix/bin/paywall-text" --version
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on PATH; add it, or call $prefix/bin/paywall-text by its path" ;;
esac
