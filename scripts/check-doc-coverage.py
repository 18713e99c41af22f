#!/usr/bin/env python3
"""Lists the public symbols that have no doc comment of their own.

Reads the symbol graphs that scripts/build-docs.sh writes
(.build/symbol-graphs/<Module>/<Module>.symbols.json and <Module>@*.symbols.json) and
checks every public or open symbol declared in Sources/:

- it must have a doc comment whose first line (the summary) is not empty;
- the comment must be its own: a symbol without one inherits the comment of the
  protocol requirement it implements (Equatable's `==`, say), which the symbol graph
  marks with another module or another file; those count as undocumented.

Symbols a protocol extension lends to each conforming type ("::SYNTHESIZED::") are
skipped: they are documented where they are declared. So are extension blocks of other
modules' types (kind swift.extension, from -emit-extension-block-symbols): their members
are checked one by one.

With --strict it also lists functions whose comment documents no parameter
("- Parameter"/"- Parameters:") or, returning a value, has no "- Returns:".

Exit status 1 when anything is listed (without --strict: undocumented symbols only).

    scripts/build-docs.sh && scripts/check-doc-coverage.py
    scripts/check-doc-coverage.py --strict --summary
"""

import argparse
import glob
import json
import os
import sys


def own_comment(symbol):
    """The symbol's own doc comment text, or None."""
    comment = symbol.get("docComment")
    location = symbol.get("location")
    if not comment or not location:
        return None
    if comment.get("uri") != location.get("uri"):
        return None  # inherited from a requirement elsewhere
    lines = [line["text"] for line in comment.get("lines", [])]
    if not lines or not lines[0].strip():
        return None
    return "\n".join(lines)


def strict_gaps(symbol, text):
    gaps = []
    signature = symbol.get("functionSignature")
    if not signature:
        return gaps
    if signature.get("parameters") and "- Parameter" not in text:
        gaps.append("parameters")
    returns = "".join(part["spelling"] for part in signature.get("returns", []))
    is_init = symbol["kind"]["identifier"] == "swift.init"
    if returns and returns not in ("()", "Void") and not is_init and "- Returns" not in text:
        gaps.append("returns")
    return gaps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--graphs", default=".build/symbol-graphs",
                        help="directory with one folder of symbol graphs per module")
    parser.add_argument("--strict", action="store_true",
                        help="also list functions without - Parameters / - Returns")
    parser.add_argument("--summary", action="store_true", help="print counts only")
    args = parser.parse_args()

    modules = sorted(d for d in os.listdir(args.graphs)
                     if os.path.isdir(os.path.join(args.graphs, d)) and not d.startswith("."))
    if not modules:
        print(f"check-doc-coverage: no symbol graphs in {args.graphs}; run scripts/build-docs.sh",
              file=sys.stderr)
        return 2

    missing, incomplete, total = [], [], 0
    for module in modules:
        files = glob.glob(os.path.join(args.graphs, module, f"{module}.symbols.json"))
        files += glob.glob(os.path.join(args.graphs, module, f"{module}@*.symbols.json"))
        for path in sorted(files):
            with open(path) as handle:
                graph = json.load(handle)
            for symbol in graph["symbols"]:
                if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                    continue
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                if symbol["kind"]["identifier"] == "swift.extension":
                    continue  # an `extension OtherModule.Type` block: its members count
                location = symbol.get("location", {})
                uri = location.get("uri", "")
                if "/Sources/" not in uri:
                    continue
                total += 1
                where = "Sources/" + uri.split("/Sources/", 1)[1] + ":" + str(location["position"]["line"] + 1)
                name = f"{module}.{'.'.join(symbol['pathComponents'])}"
                text = own_comment(symbol)
                if text is None:
                    missing.append((where, name))
                elif args.strict:
                    gaps = strict_gaps(symbol, text)
                    if gaps:
                        incomplete.append((where, name, ", ".join(gaps)))

    if not args.summary:
        for where, name in sorted(missing):
            print(f"{where}: undocumented: {name}")
        for where, name, gaps in sorted(incomplete):
            print(f"{where}: no {gaps}: {name}")
    print(f"check-doc-coverage: {total} public symbols in {', '.join(modules)}; "
          f"{len(missing)} undocumented"
          + (f"; {len(incomplete)} without parameter/returns documentation" if args.strict else ""))
    return 1 if missing or (args.strict and incomplete) else 0


if __name__ == "__main__":
    sys.exit(main())
