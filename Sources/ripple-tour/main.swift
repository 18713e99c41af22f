import Foundation

// The Ripple tour: chapters that run real library code and show what happens inside.
//
//   swift run ripple-tour              runs every chapter
//   swift run ripple-tour --list       lists the chapters
//   swift run ripple-tour NAME         runs one chapter
//   swift run ripple-tour NAME --trace also prints the library's numbered internal steps
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

// Chapters that run only when named: `cluster` starts a nats-server and a second process.
let namedOnly: [Chapter] = [clusterChapter]

// The `cluster` chapter's second process is this executable, started with a hidden flag.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == clusterWorkerFlag {
    runClusterWorker(url: CommandLine.arguments[2])
}

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
        for chapter in chapters {
            print("\(chapter.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(chapter.summary)")
        }
        for chapter in namedOnly {
            print("\(chapter.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(chapter.summary) [run by name only]")
        }
        exit(0)
    case "--help", "-h":
        print("usage: ripple-tour [--list] [--trace] [--svg DIR] [CHAPTER ...]")
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
for chapter in toRun {
    print("━━ \(chapter.name): \(chapter.summary)\n")
    chapter.run(options)
    print()
}
