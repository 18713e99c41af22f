#!/usr/bin/env bash
# Builds the DocC documentation of every module that has a catalogue
# (every `Sources/<Module>/<Module>.docc`), with the toolchain's own `docc`.
#
#   scripts/build-docs.sh               # .build/docs/<Module>.doccarchive for every module
#   scripts/build-docs.sh --static      # also static HTML in .build/docs/html/<Module>/
#   scripts/build-docs.sh --skip-build  # reuse the debug build that is already there
#
# Steps:
# 1. `swift build` (debug, -warnings-as-errors: the flags CI builds with, so after CI's own
#    build this is a no-op).
# 2. Symbol graphs: `swift-symbolgraph-extract` reads each built module
#    (`<bin>/Modules/<Module>.swiftmodule`, with its .swiftdoc and .swiftsourceinfo) and
#    writes `<Module>.symbols.json` plus `<Module>@<Other>.symbols.json` for its extensions
#    of other modules' types. Only those files go into `.build/symbol-graphs/<Module>/`,
#    so each catalogue sees its own module's symbols and no one else's. (This reuses the
#    existing build; `-Xswiftc -emit-symbol-graph` would change the compiler flags and
#    rebuild everything.)
# 3. `docc convert … --warnings-as-errors`: a warning (a broken ``symbol`` link, an
#    undocumented parameter in a documented parameter list, a missing article) fails the
#    script.
#
# 4. With --static: `docc process-archive transform-for-static-hosting` turns each archive
#    into static HTML under `.build/docs/html/<Module>/`, served from the base path
#    `/<Module>/` (the browser check of the marble diagrams, scripts/check-marbles-in-browser.sh,
#    serves it).
#
# The static HTML can be made by hand with one command too (after steps 1-2):
#   docc convert Sources/Ripple/Ripple.docc --additional-symbol-graph-dir .build/symbol-graphs/Ripple --fallback-display-name Ripple --fallback-bundle-identifier org.ripple.Ripple --output-path .build/docs/html/Ripple --transform-for-static-hosting --hosting-base-path Ripple
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

static=0
build=1
for arg in "$@"; do
  case "$arg" in
    --static) static=1 ;;
    --skip-build) build=0 ;;
    *) echo "usage: $0 [--static] [--skip-build]" >&2; exit 2 ;;
  esac
done

toolchain_bin=$(dirname "$(command -v swift)")
docc="${DOCC:-$toolchain_bin/docc}"
extract="${SYMBOLGRAPH_EXTRACT:-$toolchain_bin/swift-symbolgraph-extract}"
[ -x "$docc" ] || docc=$(command -v docc)
[ -x "$extract" ] || extract=$(command -v swift-symbolgraph-extract)

if [ "$build" -eq 1 ]; then
  swift build -Xswiftc -warnings-as-errors
fi
bin=$(swift build --show-bin-path)
modules_dir="$bin/Modules"
[ -d "$modules_dir" ] || modules_dir="$bin"
target=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
sdk_args=()
if [ "$(uname)" = Darwin ]; then
  sdk_args=(-sdk "$(xcrun --show-sdk-path)")
fi

graphs=.build/symbol-graphs
docs=.build/docs
rm -rf "$graphs" "$docs"
mkdir -p "$graphs" "$docs"

shopt -s nullglob
catalogues=(Sources/*/*.docc)
[ "${#catalogues[@]}" -gt 0 ] || { echo "build-docs: no Sources/*/*.docc catalogue found" >&2; exit 1; }

# The C targets' module maps (SwiftPM writes them into the build folder), so that a Swift
# module importing one (Ripple imports CRippleAtomics) loads.
c_module_args=()
for map in "$bin"/*.build/module.modulemap; do
  c_module_args+=(-I "$(dirname "$map")")
done

for catalogue in "${catalogues[@]}"; do
  module=$(basename "$(dirname "$catalogue")")
  echo "== $module ($catalogue)"

  scratch="$graphs/.extract-$module"
  mkdir -p "$scratch" "$graphs/$module"
  "$extract" -module-name "$module" -target "$target" "${sdk_args[@]}" \
    -I "$modules_dir" "${c_module_args[@]}" -output-dir "$scratch" -minimum-access-level public -emit-extension-block-symbols
  for graph in "$scratch/$module.symbols.json" "$scratch/$module"@*.symbols.json; do
    [ -f "$graph" ] && mv "$graph" "$graphs/$module/"
  done
  rm -rf "$scratch"

  common=(
    "$catalogue"
    --additional-symbol-graph-dir "$graphs/$module"
    --fallback-display-name "$module"
    --fallback-bundle-identifier "org.ripple.$module"
    --warnings-as-errors
  )
  "$docc" convert "${common[@]}" --output-path "$docs/$module.doccarchive"
  if [ "$static" -eq 1 ]; then
    # The archive just made, transformed rather than converted a second time (a few
    # seconds of copying instead of a second conversion). The transform templates every
    # page's index.html with the base path but leaves the archive's root one as it was;
    # every page's is the same file, so the root gets a copy, as `convert
    # --transform-for-static-hosting` would have written it.
    mkdir -p "$docs/html/$module"
    "$docc" process-archive transform-for-static-hosting "$docs/$module.doccarchive" \
      --output-path "$docs/html/$module" --hosting-base-path "$module"
    lowercased=$(tr '[:upper:]' '[:lower:]' <<<"$module")
    cp "$docs/html/$module/documentation/$lowercased/index.html" "$docs/html/$module/index.html"
  fi
done

echo "build-docs: ${#catalogues[@]} catalogue(s) built into $docs/"
