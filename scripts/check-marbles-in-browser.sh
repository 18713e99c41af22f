#!/usr/bin/env bash
# Checks in a real browser that the operator pages of Ripple's documentation show
# their marble diagrams (the SVGs ripple-marbles writes into the DocC catalogue), in the
# light and in the dark colour scheme.
#
#   scripts/check-marbles-in-browser.sh               # builds the docs (static HTML) first
#   scripts/check-marbles-in-browser.sh --skip-build  # reuse the debug build (docs are still converted)
#   scripts/check-marbles-in-browser.sh --skip-docs   # reuse .build/docs/html as it is (CI does,
#                                                     # after scripts/build-docs.sh --static)
#
# Needs Debian's `chromium` (.ci/run installs it when missing) and python3. Steps: builds
# the static documentation with `scripts/build-docs.sh --static`; serves .build/docs/html
# with `python3 -m http.server` on 127.0.0.1 only; then, for a few operator pages and the
# overview article:
# - headless Chromium loads scripts/check-marbles-in-browser.html, which opens the page in
#   a same-origin frame, lets DocC's JavaScript app render it, waits for its images, and
#   writes each SVG image's natural size and URL; `--dump-dom` prints that. A broken image
#   (a missing file, a wrong path, an SVG the browser cannot decode) has a natural width
#   of 0, which a screenshot cannot show reliably, and DocC's app may drop it from the page
#   altogether (with map.svg deleted from the served files, the map page reported no
#   image at all): the script fails on either, a page with fewer loaded diagrams than
#   expected;
# - one page is loaded again with `--force-dark-mode`, which makes the page's
#   `prefers-color-scheme` dark: DocC must then show the `~dark.svg` variant of every
#   diagram (ripple-marbles writes one beside each picture); a page showing the light
#   picture instead fails;
# - a screenshot of each page goes to .build/marbles-screens/<page>.png (the build
#   artefacts to look at; map-dark.png is the dark one).
#
# Headless Chromium as root (CI runs as root) needs `--no-sandbox`: its sandbox refuses
# to start for root. Each run gets a throwaway `--user-data-dir`, so nothing depends on
# or writes to $HOME, and `--disable-dev-shm-usage`, since containers often have a tiny
# /dev/shm.
#
# It runs in CI (.ci/run, "marble diagrams in a browser"), right after the documentation
# step, whose static HTML it reuses (--skip-docs). What it costs, measured on this machine
# (2 cores shared with other builds, load 7 to 10; Debian 12), December 2026:
# - installing chromium when it is missing, once per machine: 2 min 7 s (115 packages,
#   155 MB downloaded, 479 MB on disk);
# - the static HTML, which build-docs.sh --static transforms from the archives it
#   converts anyway: 16 s for the six catalogues (a second conversion cost 15 to 50 s);
# - this check: 66 to 82 s for its nine page loads (two Chromium runs each: the image
#   report and the screenshot), 157 s with a full build running beside it.
# CI took about 13 of its 30 minutes before; this adds at most about 5 on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."

docs=1
build_args=()
for arg in "$@"; do
  case "$arg" in
    --skip-build) build_args+=(--skip-build) ;;
    --skip-docs) docs=0 ;;
    *) echo "usage: $0 [--skip-build] [--skip-docs]" >&2; exit 2 ;;
  esac
done

command -v chromium >/dev/null 2>&1 \
  || { echo "check-marbles: chromium is not installed (Debian: apt-get install chromium; .ci/run installs it)" >&2; exit 1; }

if [ "$docs" -eq 1 ]; then
  echo "== scripts/build-docs.sh --static ${build_args[*]}"
  scripts/build-docs.sh --static "${build_args[@]}"
fi
root=.build/docs/html
[ -d "$root/Ripple" ] || { echo "check-marbles: no static documentation in $root/Ripple" >&2; exit 1; }
cp scripts/check-marbles-in-browser.html "$root/check-marbles.html"

screens=.build/marbles-screens
rm -rf "$screens"
mkdir -p "$screens"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$root" >"$screens/server.log" 2>&1 &
server=$!
profile=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$profile"' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/check-marbles.html')" 2>/dev/null && break
  sleep 0.1
done

chrome=(chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$profile")
base="/Ripple/documentation/ripple"
light=$(find Sources/Ripple/Ripple.docc/Resources/marbles -name '*.svg' ! -name '*~dark.svg' | wc -l)
# page name, path under documentation/ripple, how many diagrams it must show, scheme
pages=(
  "map observabletype/map(_:isolation:) 1 light"
  "map-dark observabletype/map(_:isolation:) 1 dark"
  "flatMapLatest observabletype/flatmaplatest(_:isolation:) 1 light"
  "retry observabletype/retry(_:) 1 light"
  "catch observabletype/catch(_:isolation:) 1 light"
  "share observabletype/share(replay:scope:) 1 light"
  "debounce observabletype/debounce(_:scheduler:) 1 light"
  "asSingle observabletype/assingle() 2 light"
  "article operatormarblediagrams $light light"
)
failed=0
for entry in "${pages[@]}"; do
  read -r name path expected scheme <<<"$entry"
  scheme_flags=()
  pick=(grep -vc '~dark\.svg$')
  if [ "$scheme" = dark ]; then
    scheme_flags=(--force-dark-mode)
    pick=(grep -c '~dark\.svg$')
  fi
  report=$(timeout 120 "${chrome[@]}" "${scheme_flags[@]}" --virtual-time-budget=30000 --dump-dom \
    "http://127.0.0.1:$port/check-marbles.html?page=$base/$path" 2>/dev/null \
    | python3 -c '
import re, sys, html
match = re.search(r"<pre id=\"result\">(.*?)</pre>", sys.stdin.read(), re.S)
print(html.unescape(match.group(1)) if match else "no result")')
  # Loaded: a natural size, and the variant of the scheme (a light picture on a dark page
  # means DocC did not find or did not pick the ~dark file).
  loaded=$(grep -E '^[1-9][0-9]* [1-9][0-9]* .*\.svg$' <<<"$report" | "${pick[@]}" || true)
  broken=$(grep -cE '^0 ' <<<"$report" || true)
  timeout 120 "${chrome[@]}" "${scheme_flags[@]}" --virtual-time-budget=10000 --window-size=1280,1600 \
    --screenshot="$screens/$name.png" "http://127.0.0.1:$port$base/$path" >/dev/null 2>&1 || true
  if [ "$broken" -eq 0 ] && [ "$loaded" -ge "$expected" ]; then
    echo "ok   $name: $loaded of $expected $scheme diagram(s) loaded ($(head -1 <<<"$report" | cut -d' ' -f1,2 | tr ' ' x) px first); $screens/$name.png"
  else
    echo "FAIL $name: $loaded $scheme loaded, $broken broken, $expected expected; the page reported:"
    # What did not load (a page's loaded pictures are not news).
    { grep -vE '^[1-9]' <<<"$report" || true; } | head -20 | sed 's/^/    /'
    if [ "$name" = article ]; then
      # Which of the catalogue's pictures the article did not show.
      comm -23 <(find Sources/Ripple/Ripple.docc/Resources/marbles -name '*.svg' ! -name '*~dark.svg' -printf '%f\n' | sort) \
        <(grep -E '^[1-9]' <<<"$report" | grep -oE '[^/]+\.svg$' | sort) | sed 's/^/    not shown: /'
    fi
    failed=1
  fi
done

[ "$failed" -eq 0 ] || { echo "check-marbles: some diagrams did not load" >&2; exit 1; }
echo "check-marbles: every checked page shows its diagrams; screenshots in $screens/"
