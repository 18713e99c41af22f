import Foundation
import RippleTest

// ripple-marbles: draws every operator of the catalogue from a real run on a
// TestScheduler and writes the pictures into Ripple's DocC catalogue, with the pages
// that show them.
//
//   swift run ripple-marbles                 regenerate (run from the package root)
//   swift run ripple-marbles --check         fail if a committed file differs from a fresh run
//   swift run ripple-marbles --print [NAME]  print the text diagrams instead
//   swift run ripple-marbles --docc DIR      use another catalogue than Sources/Ripple/Ripple.docc

var docc = "Sources/Ripple/Ripple.docc"
var check = false
var printing: String??
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--check":
        check = true
    case "--docc":
        guard let value = arguments.popFirst() else {
            print("--docc needs a directory")
            exit(64)
        }
        docc = value
    case "--print":
        printing = .some(arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 })
        if printing! != nil {
            arguments = arguments.dropFirst()
        }
    case "--help", "-h":
        print("usage: ripple-marbles [--check] [--print [NAME]] [--docc DIR]")
        exit(0)
    default:
        print("unknown argument \(argument); --help shows the usage")
        exit(64)
    }
}

let examples = catalogue()

if let printing {
    for example in examples where printing == nil || printing == example.name {
        print("\(example.name): \(example.caption)")
        print(example.diagram().textDiagram.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n"))
        print()
    }
    exit(0)
}

var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: docc, isDirectory: &isDirectory), isDirectory.boolValue else {
    print("ripple-marbles: no DocC catalogue at \(docc); run from the package root or pass --docc DIR")
    exit(66)
}

let files = GeneratedFiles(examples: examples, related: relatedExamples, docc: docc)
if check {
    let problems = files.check()
    if problems.isEmpty {
        print("ripple-marbles: \(files.count) files match a fresh run")
        exit(0)
    }
    for problem in problems {
        print(problem)
    }
    print("ripple-marbles: \(problems.count) file(s) differ from a fresh run; run `swift run ripple-marbles` and review the changed pictures")
    exit(1)
}
do {
    let written = try files.write()
    print("ripple-marbles: wrote \(written) of \(files.count) files (the others were unchanged) into \(docc)")
} catch {
    print("ripple-marbles: \(error)")
    exit(1)
}
