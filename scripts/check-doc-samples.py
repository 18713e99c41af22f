#!/usr/bin/env python3
"""Compiles every Swift sample of README.md and of the DocC articles.

Every ```swift block in README.md and in Sources/**/*.docc/**/*.md must compile as
written, with only the imports it shows, in the Swift 6 language mode and without a
warning, the way a client of the package would compile it: the script writes the blocks
into a scratch SwiftPM package (.build/doc-samples) that depends on this package by path
and uses its library products only, then builds it. The samples are compiled, not run
(several need a server, a network or a run loop; the core ones are also tests, in
Tests/RippleTests/Docs/DocumentationSamplesTests.swift, which check what they print).

The rule for grouping: the blocks of one Markdown file build on each other (a later one
uses what an earlier one declared), so they are joined, in order, into one `main.swift`
(top-level code, as in a small program): an import shown in one block holds for the
blocks after it in the same file, and only there.

An HTML comment right above a block's fence (blank lines between are allowed) changes
that; GitHub and DocC show neither the comment nor its contents:

    <!-- sample: skip (reason) -->
        The block is not compiled; the reason is required (a Package.swift fragment, say).
    <!-- sample: standalone -->
        The block is compiled on its own, not joined with the file's other blocks (it
        declares again a name an earlier block declared), so it shows its own imports.
    <!-- sample: context
    func render(_ position: Int) async {}
    -->
        Code compiled just before the block and not shown: declarations of the reader's
        own names that the sample assumes (a view model, a `render` function). It may not
        import anything, so a sample still shows every import it needs.

A block takes one marker at most. Keep skips rare: a sample that readers copy should
compile.

Usage: scripts/check-doc-samples.py [--list]
    --list  print each block with the file group it is compiled in, or why it is skipped,
            and build nothing.
"""

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".build" / "doc-samples"

# The library products a client can depend on; a sample may import any of them.
PRODUCT = re.compile(r'\.library\(\s*name:\s*"([^"]+)"')
FENCE_OPEN = re.compile(r"^(\s*)```swift\s*$")
MARKER = re.compile(r"<!--\s*sample:\s*(\w+)(.*?)-->", re.S)


@dataclass
class Block:
    """One ```swift block: where it is, its code, and what its marker asks."""

    path: Path
    line: int
    code: str
    mode: str = "joined"  # joined, standalone or skip
    reason: str = ""
    context: str = ""


@dataclass
class Unit:
    """One compiled `main.swift`: the blocks joined, with `#sourceLocation` lines so the
    compiler's errors name the Markdown file and its line."""

    name: str
    blocks: list = field(default_factory=list)

    def source(self) -> str:
        parts = []
        for block in self.blocks:
            rel = block.path.relative_to(ROOT)
            if block.context:
                parts.append(f'#sourceLocation(file: "{rel} (context above line {block.line})", line: 1)')
                parts.append(block.context)
            parts.append(f'#sourceLocation(file: "{rel}", line: {block.line + 1})')
            parts.append(block.code)
        parts.append("#sourceLocation()")
        return "\n".join(parts) + "\n"


def fail(message: str) -> None:
    """Prints the message on stderr and ends the script with status 1."""
    print(f"check-doc-samples: {message}", file=sys.stderr)
    sys.exit(1)


def markdown_files() -> list:
    """README.md, then every DocC article, in a stable order."""
    files = [ROOT / "README.md"]
    files += sorted((ROOT / "Sources").glob("**/*.docc/**/*.md"))
    return files


def marker_above(lines: list, fence: int) -> str:
    """The HTML comment that ends right above line index `fence` (blank lines between
    allowed), or an empty string."""
    end = fence - 1
    while end >= 0 and not lines[end].strip():
        end -= 1
    if end < 0 or not lines[end].rstrip().endswith("-->"):
        return ""
    start = end
    while start >= 0 and "<!--" not in lines[start]:
        start -= 1
    return "\n".join(lines[start:end + 1]) if start >= 0 else ""


def blocks_of(path: Path) -> list:
    """The ```swift blocks of one Markdown file, in order, each with what its marker asks;
    fails on a malformed marker or a hidden context that imports."""
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks = []
    index = 0
    while index < len(lines):
        opened = FENCE_OPEN.match(lines[index])
        if not opened:
            index += 1
            continue
        indent = len(opened.group(1))
        body = []
        close = index + 1
        while close < len(lines) and lines[close].strip() != "```":
            # A fence indented inside a list item: its lines lose that indentation only,
            # so a multi-line string literal keeps its own.
            line = lines[close]
            body.append(line[indent:] if line[:indent].strip() == "" else line.lstrip())
            close += 1
        if close == len(lines):
            fail(f"{path.relative_to(ROOT)}:{index + 1}: a ```swift block that is never closed")
        block = Block(path=path, line=index + 1, code="\n".join(body))
        comment = marker_above(lines, index)
        where = f"{path.relative_to(ROOT)}:{index + 1}"
        if comment:
            marker = MARKER.search(comment)
            if not marker:
                pass  # an ordinary comment, not ours
            elif marker.group(1) == "skip":
                reason = re.fullmatch(r"\s*\((.+)\)\s*", marker.group(2), re.S)
                if not reason:
                    fail(f"{where}: `sample: skip` needs a reason in parentheses")
                block.mode, block.reason = "skip", reason.group(1).strip()
            elif marker.group(1) == "standalone":
                block.mode = "standalone"
            elif marker.group(1) == "context":
                block.context = marker.group(2).strip("\n")
                if re.search(r"^\s*(@\w+\s+)*import\s", block.context, re.M):
                    fail(f"{where}: a sample's hidden context may not import anything; show the import in the sample")
                if re.search(r"^\s*@", block.context, re.M):
                    fail(f"{where}: DocC reads a line that starts with @ as a directive, even inside a comment: "
                         "keep attributes out of a hidden context, or begin the line with something else")
            else:
                fail(f"{where}: unknown marker `sample: {marker.group(1)}` (skip, standalone or context)")
        blocks.append(block)
        index = close + 1
    return blocks


def target_name(path: Path) -> str:
    """The scratch target of a Markdown file: Sample_ and its path without Sources/ and
    .docc (Sample_Ripple_GettingStarted), a name a Swift module may have."""
    rel = path.relative_to(ROOT).with_suffix("")
    parts = [p.removesuffix(".docc") for p in rel.parts if p != "Sources"]
    # Ripple.docc/Ripple.md is the Ripple module's landing page.
    return "Sample_" + "_".join(dict.fromkeys(re.sub(r"\W", "_", p) for p in parts))


def units_of(files: list) -> tuple:
    """The compiled units (one per file, one per standalone block) and the skipped blocks."""
    units, skipped = [], []
    for path in files:
        joined = Unit(target_name(path))
        for block in blocks_of(path):
            if block.mode == "skip":
                skipped.append(block)
            elif block.mode == "standalone":
                units.append(Unit(f"{target_name(path)}_line{block.line}", [block]))
            else:
                joined.blocks.append(block)
        if joined.blocks:
            units.append(joined)
    return units, skipped


def write_if_changed(path: Path, text: str) -> None:
    """Leaves an unchanged file alone, so the scratch package's next build is incremental."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def write_package(units: list) -> None:
    """Writes the scratch package: its manifest, depending on every library product of
    this package by path, and one executable target per unit; removes stale targets."""
    manifest = (ROOT / "Package.swift").read_text(encoding="utf-8")
    products = PRODUCT.findall(manifest)
    if not products:
        fail("Package.swift declares no library product")
    # The client must support no older platform than the package does.
    platforms = re.search(r"^\s*(platforms:\s*\[[^\]]*\],)", manifest, re.M)
    package = ROOT.name
    dependencies = ", ".join(f'.product(name: "{p}", package: "{package}")' for p in products)
    targets = "\n".join(
        f'        .executableTarget(name: "{u.name}", dependencies: deps, path: "Sources/{u.name}",'
        f" swiftSettings: [.swiftLanguageMode(.v6)]),"
        for u in units
    )
    write_if_changed(SCRATCH / "Package.swift", f"""// swift-tools-version:6.2
// Written by scripts/check-doc-samples.py: the documentation's Swift samples, one
// executable target per Markdown file (or standalone block).
import PackageDescription

let deps: [Target.Dependency] = [{dependencies}]

let package = Package(
    name: "DocSamples",
    {platforms.group(1) if platforms else ""}
    dependencies: [.package(path: "{os.path.relpath(ROOT, SCRATCH)}")],
    targets: [
{targets}
    ]
)
""")
    wanted = {u.name for u in units}
    sources = SCRATCH / "Sources"
    if sources.exists():
        for stale in sources.iterdir():
            if stale.name not in wanted:
                for child in stale.iterdir():
                    child.unlink()
                stale.rmdir()
    for unit in units:
        write_if_changed(sources / unit.name / "main.swift", unit.source())


def main() -> None:
    """Lists the blocks (--list), or writes the scratch package and builds it."""
    units, skipped = units_of(markdown_files())
    compiled = sum(len(u.blocks) for u in units)
    if "--list" in sys.argv[1:]:
        for unit in units:
            for block in unit.blocks:
                print(f"{block.path.relative_to(ROOT)}:{block.line}: {unit.name}{' (context)' if block.context else ''}")
        for block in skipped:
            print(f"{block.path.relative_to(ROOT)}:{block.line}: skipped: {block.reason}")
        print(f"{compiled} blocks in {len(units)} files compiled, {len(skipped)} skipped")
        return
    write_package(units)
    print(f"compiling {compiled} Swift samples in {len(units)} files ({len(skipped)} skipped, marked with a reason)")
    for block in skipped:
        print(f"  skipped {block.path.relative_to(ROOT)}:{block.line}: {block.reason}")
    # Warnings fail too, as in the package's own build: a sample should be code a client
    # can copy into a warning-free target.
    build = subprocess.run(["swift", "build", "--package-path", str(SCRATCH), "-Xswiftc", "-warnings-as-errors"])
    if build.returncode != 0:
        fail("a documentation sample does not compile (errors above name the Markdown file and line)")
    print("every documentation sample compiles")


if __name__ == "__main__":
    main()
