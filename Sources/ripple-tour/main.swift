import Foundation

// The Ripple tour: chapters that run real library code and show what happens inside.
//
//   swift run ripple-tour              runs every chapter
//   swift run ripple-tour --help       lists the chapters and the flags
//   swift run ripple-tour --list       lists the chapters
//   swift run ripple-tour NAME         runs one chapter
//   swift run ripple-tour journey --trace
//                                      also prints the library's numbered internal steps
//   swift run ripple-tour operators --svg DIR
//                                      also draws the chapter's run as SVG marble diagrams in DIR

let chapters: [Chapter] = [
    journeyChapter,
    schedulersChapter,
    operatorsChapter,
    subjectsChapter,
    bindingsChapter,
    asyncChapter,
    busChapter,
]

// Chapters that run only when named: `cluster` starts a nats-server and a second process
// (on Linux only, where the package has RippleBusNATS).
#if canImport(RippleBusNATS)
let namedOnly: [Chapter] = [clusterChapter]
#else
let namedOnly: [Chapter] = []
#endif

/// A command-line flag, as `--help` lists it. When a flag that some chapters read is
/// given and a chapter that ignores it runs, the tour says so on stderr rather than
/// ignoring the flag silently.
struct TourFlag {
    /// The flag as typed, with its argument: `--svg DIR`.
    let usage: String
    /// One line for `--help`; it names the chapters the flag applies to, if not all.
    let help: String
    /// The chapters that read the flag; empty when it is not about chapters (`--list`).
    var chapters: [String] = []
    /// Whether the parsed options show the flag given.
    var isGiven: (TourOptions) -> Bool = { _ in false }
}

/// Every flag the tour accepts, in the order `--help` lists them.
let flags = [
    TourFlag(usage: "--list", help: "lists the chapters, one line each, and exits"),
    TourFlag(usage: "--trace", help: "journey only: also prints the library's numbered internal steps", chapters: ["journey"], isGiven: { $0.trace }),
    TourFlag(usage: "--svg DIR", help: "operators only: also draws its run as SVG marble diagrams into DIR", chapters: ["operators"], isGiven: { $0.svgDirectory != nil }),
    TourFlag(usage: "--help, -h", help: "prints this help and exits"),
]

/// Prints each chapter's name and summary, one line each, the named-only ones last.
func printChapters(indent: String) {
    for chapter in chapters {
        print("\(indent)\(chapter.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(chapter.summary)")
    }
    for chapter in namedOnly {
        print("\(indent)\(chapter.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(chapter.summary) [run by name only]")
    }
}

// The `cluster` chapter's second process is this executable, started with a hidden flag.
#if canImport(RippleBusNATS)
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == clusterWorkerFlag {
    runClusterWorker(url: CommandLine.arguments[2])
}
#endif

var options = TourOptions()
var selected: [String] = []
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--trace":
        options.trace = true
    case "--svg":
        guard let directory = arguments.popFirst() else {
            print("--svg needs a directory")
            exit(64)
        }
        options.svgDirectory = directory
    case "--list":
        printChapters(indent: "")
        exit(0)
    case "--help", "-h":
        print("""
        usage: ripple-tour [--list] [--trace] [--svg DIR] [CHAPTER ...]

        Runs every chapter in order, or only the chapters named.

        chapters:
        """)
        printChapters(indent: "  ")
        print("\nflags:")
        for flag in flags {
            print("  \(flag.usage.padding(toLength: 12, withPad: " ", startingAt: 0)) \(flag.help)")
        }
        exit(0)
    default:
        selected.append(argument)
    }
}

let unknown = selected.filter { name in !(chapters + namedOnly).contains { $0.name == name } }
if !unknown.isEmpty {
    print("unknown chapter: \(unknown.joined(separator: ", ")); `--list` shows the chapters")
    exit(64)
}

let toRun = selected.isEmpty ? chapters : (chapters + namedOnly).filter { selected.contains($0.name) }
for flag in flags where flag.isGiven(options) {
    let ignoring = toRun.map(\.name).filter { !flag.chapters.contains($0) }
    if !ignoring.isEmpty {
        FileHandle.standardError.write(Data("""
        ripple-tour: \(flag.usage.split(separator: " ")[0]) applies to \(flag.chapters.joined(separator: ", ")) only; \
        \(ignoring.joined(separator: ", ")) \(ignoring.count == 1 ? "runs" : "run") without it

        """.utf8))
    }
}
for chapter in toRun {
    print("━━ \(chapter.name): \(chapter.summary)\n")
    chapter.run(options)
    print()
}
