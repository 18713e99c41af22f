import Foundation
import Testing
import Ripple

/// Keeps "The Journey of an Event" (Sources/Ripple/Ripple.docc/TheJourneyOfAnEvent.md)
/// true.
///
/// The article is a numbered list; every item is one step. In a step:
/// - a path in code voice ending in `.swift` (`Core/Core+Sink.swift`) names a file under
///   `Sources/Ripple/`;
/// - a name in code voice that starts with a capital letter (`Sink`,
///   `Sink.forwardOn(next:)`, `Disposables.create()`) names a type, or a member of a type
///   with its argument labels, that must be declared in one of the files the step names.
///
/// The article's numbering must also be the numbering the tour prints: the test records
/// the same program with ``JourneyTrace`` and checks that step N of the article names the
/// type and the member of step N of the trace.
extension RippleTests {
    @Suite struct JourneyArticleTests {
        @Test func everyStepNamesFilesThatDeclareItsSymbols() throws {
            let steps = try JourneyArticle.steps()
            #expect(steps.count >= 20)
            for (index, step) in steps.enumerated() {
                #expect(step.number == index + 1, "steps are numbered 1, 2, 3, …: \(step.number)")
                #expect(!step.files.isEmpty, "step \(step.number) names no file")
                var sources: [String] = []
                for file in step.files {
                    let url = JourneyArticle.rippleSources.appendingPathComponent(file)
                    let source = try? String(contentsOf: url, encoding: .utf8)
                    #expect(source != nil, "step \(step.number): Sources/Ripple/\(file) does not exist")
                    sources.append(source ?? "")
                }
                for symbol in step.symbols {
                    let declared = sources.contains { symbol.isDeclared(in: $0) }
                    #expect(declared, "step \(step.number): \(symbol) is not declared in \(step.files.joined(separator: ", "))")
                }
            }
            let symbolCount = steps.reduce(0) { $0 + $1.symbols.count }
            #expect(symbolCount >= steps.count, "most steps should name the code they describe")
        }

        #if DEBUG
        // Element steps are traced in debug builds only (they compile away in release).
        @Test func articleStepsAreTheStepsTheTraceTakes() throws {
            let steps = try JourneyArticle.steps()
            let trace = JourneyTrace.record {
                let observable = Observable<Int>.create { observer in
                    observer.onNext(1)
                    observer.onNext(2)
                    observer.onCompleted()
                    return Disposables.create()
                }
                _ = observable.subscribe(
                    onNext: { _ in },
                    onError: { _ in },
                    onCompleted: {},
                    onDisposed: {}
                )
            }
            #expect(steps.count == trace.count, "the article has \(steps.count) steps, the trace \(trace.count)")
            for (step, traced) in zip(steps, trace) {
                #expect(step.text.contains(traced.type) && step.text.contains(traced.member),
                        "step \(step.number) should describe \(traced.type).\(traced.member)")
            }
        }
        #endif

        @Test func parserReadsLabelsAndRejectsWrongOnes() {
            let source = """
            extension Thing {
                func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (Int, Int) {}
                static func make(
                    with value: @escaping (Int) -> Void,
                    count: Int = 1
                ) {}
                init(next handler: @escaping (Int) -> Void) {}
            }
            """
            #expect(JourneyArticle.Symbol("Thing")?.isDeclared(in: source) == true)
            #expect(JourneyArticle.Symbol("Thing.run(_:cancel:)")?.isDeclared(in: source) == true)
            #expect(JourneyArticle.Symbol("Thing.make(with:count:)")?.isDeclared(in: source) == true)
            #expect(JourneyArticle.Symbol("Thing.init(next:)")?.isDeclared(in: source) == true)
            #expect(JourneyArticle.Symbol("Thing.run(_:)")?.isDeclared(in: source) == false)
            #expect(JourneyArticle.Symbol("Thing.make(with:)")?.isDeclared(in: source) == false)
            #expect(JourneyArticle.Symbol("Thing.missing")?.isDeclared(in: source) == false)
            #expect(JourneyArticle.Symbol("Other.run(_:cancel:)")?.isDeclared(in: source) == false)
            #expect(JourneyArticle.Symbol("observer.onNext(1)") == nil)
            #expect(JourneyArticle.Symbol(".completed") == nil)
        }
    }
}

/// Reads the journey article and the sources it names.
enum JourneyArticle {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Docs
        .deletingLastPathComponent() // RippleTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()
    static let rippleSources = packageRoot.appendingPathComponent("Sources/Ripple")
    static let article = rippleSources.appendingPathComponent("Ripple.docc/TheJourneyOfAnEvent.md")

    struct Step {
        let number: Int
        let text: String
        let files: [String]
        let symbols: [Symbol]
    }

    /// A type (`Sink`) or a member of one (`Sink.forwardOn(next:)`, `Sink.dispose()`,
    /// `SinkDisposer.isDisposed`) named in code voice.
    struct Symbol: CustomStringConvertible {
        let type: String
        let member: String?
        /// The argument labels (`_` for none); nil when the name has no parentheses.
        let labels: [String]?

        init?(_ text: String) {
            let pattern = /^([A-Z][A-Za-z0-9]*)(?:\.([a-z][A-Za-z0-9]*)(\((?:[A-Za-z_][A-Za-z0-9_]*:)*\))?)?$/
            guard let match = text.wholeMatch(of: pattern) else { return nil }
            type = String(match.1)
            member = match.2.map(String.init)
            labels = match.3.map { parens in
                parens.dropFirst().dropLast().split(separator: ":").map(String.init)
            }
        }

        var description: String {
            type + (member.map { ".\($0)" } ?? "") + (labels.map { "(" + $0.map { "\($0):" }.joined() + ")" } ?? "")
        }

        func isDeclared(in source: String) -> Bool {
            let typeDeclaration = try! Regex("\\b(class|struct|enum|protocol|actor|typealias|extension)\\s+\(type)\\b")
            guard source.contains(typeDeclaration) else { return false }
            guard let member else { return true }
            if member != "init", labels == nil {
                let property = try! Regex("\\b(var|let|case)\\s+\(member)\\b")
                if source.contains(property) { return true }
            }
            let keyword = member == "init" ? "\\binit" : "\\bfunc\\s+\(member)"
            let function = try! Regex("\(keyword)\\s*(<[^>]*>)?\\s*\\(")
            for match in source.matches(of: function) {
                guard let labels else { return true }
                if Self.labels(ofParameterListAt: match.range.upperBound, in: source) == labels {
                    return true
                }
            }
            return false
        }

        /// The external labels of the parameter list that starts just after the `(` at
        /// `start`.
        static func labels(ofParameterListAt start: String.Index, in source: String) -> [String] {
            var depth = 0
            var parameters: [String] = []
            var current = ""
            var index = start
            var previous: Character = " "
            while index < source.endIndex {
                let character = source[index]
                index = source.index(after: index)
                defer { previous = character }
                if character == ">", previous == "-" {
                    current.append(character)
                    continue
                }
                switch character {
                case "(", "[", "<":
                    depth += 1
                case ")", "]", ">":
                    if depth == 0 {
                        if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                            parameters.append(current)
                        }
                        return parameters.map(label(of:))
                    }
                    depth -= 1
                case "," where depth == 0:
                    parameters.append(current)
                    current = ""
                    continue
                default:
                    break
                }
                current.append(character)
            }
            return parameters.map(label(of:))
        }

        private static func label(of parameter: String) -> String {
            let name = parameter.trimmingCharacters(in: .whitespacesAndNewlines)
                .prefix { $0 != ":" && $0 != " " }
            return String(name)
        }
    }

    static func steps() throws -> [Step] {
        let text = try String(contentsOf: article, encoding: .utf8)
        var items: [(number: Int, lines: [String])] = []
        var inCode = false
        var inItem = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inCode.toggle()
                inItem = false
                continue
            }
            if inCode { continue }
            if let match = line.prefixMatch(of: /(\d+)\.\s/) {
                items.append((Int(match.1)!, [String(line)]))
                inItem = true
            } else if inItem, line.first == " " {
                items[items.count - 1].lines.append(String(line))
            } else {
                inItem = false
            }
        }
        return items.map { item in
            let body = item.lines.joined(separator: " ")
            let spans = body.matches(of: /`([^`]+)`/).map { String($0.1) }
            return Step(
                number: item.number,
                text: body,
                files: spans.filter { $0.hasSuffix(".swift") && !$0.contains(" ") },
                symbols: spans.compactMap(Symbol.init)
            )
        }
    }
}
