// Writes Ripple's fixed-arity operator files (two to eight sources) from one template
// per family, so that a maintainer edits a template here rather than eight copies:
//
//     swift scripts/generate-arity.swift                 # rewrite the files in the tree
//     swift scripts/generate-arity.swift --output DIR    # write them under DIR instead
//
// CI (.ci/run) writes them to a temporary directory and fails on any difference from
// the committed files. The templates are raw string literals (`#"""`), so `\(` in a doc
// comment's example is literal text and `\#(…)` interpolates.

import Foundation

// MARK: - Helpers

/// "1, 2, 3" style lists: `body(k)` for k in 1...n, joined by `separator`.
func list(_ n: Int, _ separator: String = ", ", _ body: (Int) -> String) -> String {
    (1...n).map(body).joined(separator: separator)
}

/// The lines `body(k)` for k in 1...n, each followed by a newline.
func lines(_ n: Int, _ body: (Int) -> String) -> String {
    (1...n).map { body($0) + "\n" }.joined()
}

let cardinals = ["", "one", "two", "three", "four", "five", "six", "seven", "eight"]
let ordinals = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
let letters = Array("abcdefgh").map(String.init)

/// The `- Parameters:` entries for the sources, with `indent` before each `///`.
func sourceParameters(_ n: Int, indent: String = "    ") -> String {
    lines(n) { "\(indent)///   - source\($0): The \(ordinals[$0]) sequence." }
}

/// `String(repeating: "-", count:)`, for marble diagrams.
func dashes(_ count: Int) -> String {
    String(repeating: "-", count: count)
}

/// One marble line: `count` dashes with the given characters placed at their indexes,
/// then `|` (completion) at index `end`.
func marble(_ marks: [(Int, String)], end: Int) -> String {
    var characters = Array(repeating: "-", count: end + 1)
    for (index, mark) in marks { characters[index] = mark }
    characters[end] = "|"
    return characters.joined()
}

/// The `resultSelector` and `isolation` entries of a `- Parameters:` list for the
/// family `name` (combineLatest or zip), without a newline after the last line: where
/// the selector runs, and what hops to its actor when it is isolated to one. Every
/// fixed-arity form with a selector takes the caller's isolation, and combines (or
/// zips) where the elements arrive, as without isolation: only the selector hops.
func selectorParameters(_ name: String) -> String {
    name == "combineLatest"
        ? #"""
              ///   - resultSelector: Makes a result from the latest element of each sequence: on
              ///     the actor it was written on if it is isolated to one (the latest elements,
              ///     taken when an element arrives, hop there first), otherwise on the thread
              ///     that sent the element.
              ///   - isolation: The caller's actor; leave the default.
          """#
        : #"""
              ///   - resultSelector: Makes a result from one element of each sequence: on the
              ///     actor it was written on if it is isolated to one (each group, made when its
              ///     last element arrives, hops there first), otherwise on the thread that sent
              ///     the group's last element.
              ///   - isolation: The caller's actor; leave the default.
          """#
}

// MARK: - Observable.combineLatest and Observable.zip

/// What differs between the two Observable families (CombineLatest+arity.swift and
/// Zip+arity.swift); everything else is the one template below.
struct ObservableFamily {
    let name: String            // the operator: combineLatest, zip
    let type: String            // the producer and sink prefix: CombineLatest, Zip
    let header: String
    let slot: String            // latest, queue
    let slotComment: String
    let returnsSelector: String
    let returnsTuple: String
    let selectorSummary: (Int) -> String
    let tupleSummary: (Int) -> String
    let completion: (Int) -> String
    let marbles: (Int) -> String
    let secondGroup: (Int) -> String   // what `B` is made of
    let selectorExample: (Int) -> String
    let tupleExample: (Int) -> String
    // combineLatest's tuple form passes no selector: its slots are the result tuple's
    // elements (`CombineLatestSlots`), so its selector is optional.
    let optionalSelector: Bool
    // combineLatest's sink hands its selector the slots, not the elements: the public
    // function is inlinable and wraps the user's selector where the element types are
    // known, so that reading the elements out of the slots is specialised for them.
    let selectorReadsSlots: Bool
    let sinkInit: (Int) -> String     // the sink's `init` after `self.resultSelector = …`
    let slotDeclaration: (Int) -> String
    let deinitBody: ((Int) -> String)?
    let subscribeSlot: String   // the label of the slot in `subscribe(_:index:…)`
    let resultMethod: String
    let slotValue: (Int) -> String
    let extraMethods: (Int) -> String
}

func observableSection(_ f: ObservableFamily, _ n: Int) -> String {
    let generics = list(n) { "O\($0): ObservableType" }
    let sources = list(n) { "_ source\($0): O\($0)" }
    let elements = list(n) { "O\($0).Element" }
    let eTypes = list(n) { "E\($0)" }
    let firstGroup = list(n) { "\($0)" }
    func construct(_ selector: String) -> String {
        if n <= 3 {
            return "        \(f.type)\(n)(\(list(n) { "source\($0): source\($0).asObservable()" }), resultSelector: \(selector))\n"
        }
        return "        \(f.type)\(n)(\n" + lines(n) { "            source\($0): source\($0).asObservable()," }
            + "            resultSelector: \(selector)\n        )\n"
    }
    let tupleSelector = f.optionalSelector ? "nil" : "{ (\(list(n) { "$\($0 - 1)" })) }"
    let selectorInputs = f.selectorReadsSlots ? list(n) { "UnsafePointer<E\($0)>" } : eTypes
    let selectorType = f.optionalSelector ? "((\(selectorInputs)) throws -> Result)?" : "(\(selectorInputs)) throws -> Result"
    let selectorParameter = f.optionalSelector ? selectorType : "@escaping \(selectorType)"
    let selectorNote = f.optionalSelector ? "    /// `nil` for the tuple form (see `CombineLatestSlots`).\n" : ""
    // (`!`, not `unsafelyUnwrapped`: that generic property reabstracts a closure that
    // takes its arguments directly through a thunk allocated on every call.)
    let callSelector = f.optionalSelector ? "resultSelector!" : "resultSelector"
    let slotSelectorMaker = "make\(f.type)\(n)"
    // With an actor's isolation, the elements are combined where they arrive, by the
    // tuple form, and only the selector hops (`map` with the same isolation), so the
    // operator's own behaviour is that of the form without isolation.
    let isolatedBody = "        guard isolation == nil else {\n"
        + "            return Observable<Any>.\(f.name)(\(list(n) { "source\($0)" }))\n"
        + "                .map({ try resultSelector(\(list(n) { "$0.\($0 - 1)" })) }, isolation: isolation)\n"
        + "        }\n"
    let publicSelectorBody: String
    let slotSelectorFunction: String
    if f.selectorReadsSlots {
        let sourceArguments = list(n) { "source\($0).asObservable()" }
        let readSlots = "{ try resultSelector(\(list(n) { "$\($0 - 1).pointee" })) }"
        publicSelectorBody = isolatedBody + (n <= 3
            ? "        return \(slotSelectorMaker)(\(sourceArguments)) \(readSlots)\n"
            : "        return \(slotSelectorMaker)(\n" + list(n, ",\n") { "            source\($0).asObservable()" } + "\n        ) \(readSlots)\n")
        let makerParameters = n <= 3
            ? "    \(list(n) { "_ source\($0): Observable<E\($0)>" }),\n"
            : lines(n) { "    _ source\($0): Observable<E\($0)>," }
        let makerBody = n <= 3
            ? "    \(f.type)\(n)(\(list(n) { "source\($0): source\($0)" }), resultSelector: resultSelector)\n"
            : "    \(f.type)\(n)(\n" + lines(n) { "        source\($0): source\($0)," } + "        resultSelector: resultSelector\n    )\n"
        slotSelectorFunction = """

            /// The sequence of `\(f.name)` with a selector, which `\(f.name)(\(list(n, "") { _ in "_:" })resultSelector:isolation:)`
            /// makes where the element types are known, so that the selector reads the
            /// latest elements out of their slots in code specialised for them (copying
            /// them out in the sink's generic code takes value-witness calls per element).
            @usableFromInline
            func \(slotSelectorMaker)<\(eTypes), Result>(
            \(makerParameters)    readingSlots resultSelector: @escaping (\(selectorInputs)) throws -> Result
            ) -> Observable<Result> {
            \(makerBody)}

            """
    } else {
        publicSelectorBody = isolatedBody + "        return " + construct("resultSelector").dropFirst(8)
        slotSelectorFunction = ""
    }
    let producerInit: String
    if n <= 3 {
        producerInit = "    init(\(list(n) { "source\($0): Observable<E\($0)>" }), resultSelector: \(selectorParameter)) {\n"
    } else {
        producerInit = "    init(\n" + lines(n) { "        source\($0): Observable<E\($0)>," }
            + "        resultSelector: \(selectorParameter)\n    ) {\n"
    }
    let runSignature: String
    if n <= 3 {
        runSignature = "    func run(\(list(n) { "_ source\($0): Observable<E\($0)>" })) -> Disposable {\n"
    } else {
        runSignature = "    func run(\n" + list(n, ",\n") { "        _ source\($0): Observable<E\($0)>" } + "\n    ) -> Disposable {\n"
    }
    let subscriptions = n == 2
        ? "subscription1, subscription2"
        : "[" + list(n) { "subscription\($0)" } + "]"
    let deinitText = f.deinitBody.map { body in "    deinit {\n\(body(n))    }\n\n" } ?? ""
    return #"""
    // MARK: - \#(n) sources

    extension ObservableType {
    \#(f.selectorSummary(n))
        ///
    \#(f.completion(n))
        ///
        /// ```
    \#(f.marbles(n))
        /// ```
        ///
        /// (`A` is `resultSelector(\#(firstGroup))`, `B` is `resultSelector(\#(f.secondGroup(n)))`.)
        ///
        /// ```swift
    \#(f.selectorExample(n))
        /// ```
        ///
        /// - Parameters:
    \#(sourceParameters(n))\#(selectorParameters(f.name))
    \#(f.returnsSelector)
    \#(f.selectorReadsSlots ? "    @inlinable\n" : "")    public static func \#(f.name)<\#(generics)>(
            \#(sources),
            resultSelector: @escaping (\#(elements)) throws -> Element,
            isolation: (any Actor)? = #isolation
        ) -> Observable<Element> {
    \#(publicSelectorBody)    }
    }
    \#(slotSelectorFunction)
    extension ObservableType where Element == Any {
    \#(f.tupleSummary(n))
        ///
        /// Completion and errors are those of the form with a `resultSelector`.
        ///
        /// ```
    \#(f.marbles(n))
        /// ```
        ///
        /// (`A` is `(\#(firstGroup))`, `B` is `(\#(f.secondGroup(n)))`.)
        ///
        /// ```swift
    \#(f.tupleExample(n))
        /// ```
        ///
        /// - Parameters:
    \#(sourceParameters(n))\#(f.returnsTuple)
        public static func \#(f.name)<\#(generics)>(
            \#(sources)
        ) -> Observable<(\#(elements))> {
    \#(construct(tupleSelector))    }
    }

    final private class \#(f.type)\#(n)<\#(eTypes), Result>: Producer<Result> {
    \#(lines(n) { "    let source\($0): Observable<E\($0)>" })\#(selectorNote)    let resultSelector: \#(selectorType)

    \#(producerInit)\#(lines(n) { "        self.source\($0) = source\($0)" })        self.resultSelector = resultSelector
        }

        override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result {
            let sink = \#(f.type)Sink\#(n)<\#(eTypes), Result, Observer>(resultSelector: resultSelector, observer: observer, cancel: cancel)
            let subscription = sink.run(\#(list(n) { "source\($0)" }))
            return (sink: sink, subscription: subscription)
        }
    }

    final private class \#(f.type)Sink\#(n)<\#(eTypes), Result, Observer: ElementObserver>: \#(f.type)Sink<Result, Observer>
        where Observer.Element == Result {
        private let resultSelector: \#(selectorType)
    \#(f.slotComment)
    \#(lines(n, f.slotDeclaration))
        init(resultSelector: \#(selectorParameter), observer: Observer, cancel: SinkDisposer) {
            self.resultSelector = resultSelector
    \#(f.sinkInit(n))    }

    \#(deinitText)\#(runSignature)\#(lines(n) { "        let subscription\($0) = subscribe(source\($0), index: \($0 - 1), \(f.subscribeSlot): \(f.slot)\($0))" })        return Disposables.create(\#(subscriptions))
        }

        override func \#(f.resultMethod)() throws -> Result {
            try \#(callSelector)(\#(list(n, ", ", f.slotValue)))
        }
    \#(f.extraMethods(n))}

    """#
}

// Lines of a doc comment are passed around without their trailing newline, so that a
// template can place them with `\#(…)` on a line of their own.

let combineLatest = ObservableFamily(
    name: "combineLatest",
    type: "CombineLatest",
    header: #"""
    // The fixed-arity forms of `combineLatest` (two to eight sources), generated from one
    // template: every arity is a thin subclass of `CombineLatestSink` (CombineLatest.swift)
    // with a typed slot per source for its latest element.
    """#,
    slot: "latest",
    slotComment: #"""
        // `latestK`: source K's latest element, initialized once it has sent one; read
        // and written only with the right to run.
    """#,
    returnsSelector: #"""
        /// - Returns: A sequence of `resultSelector`'s results, one each time any source
        ///   sends an element once all have sent one.
    """#,
    returnsTuple: #"""
        /// - Returns: A sequence of tuples of the latest elements, one each time any
        ///   source sends an element once all have sent one.
    """#,
    selectorSummary: { n in
        n == 2
            ? #"""
                  /// Combines the latest elements of two sequences with `resultSelector` whenever either
                  /// of them sends an element, once both have sent one.
              """#
            : #"""
                  /// Combines the latest elements of \#(cardinals[n]) sequences with `resultSelector` whenever any
                  /// of them sends an element, once each has sent at least one.
              """#
    },
    tupleSummary: { n in
        n == 2
            ? #"""
                  /// Sends a tuple of the latest elements of two sequences whenever either of them sends
                  /// an element, once both have sent one.
              """#
            : #"""
                  /// Sends a tuple of the latest elements of \#(cardinals[n]) sequences whenever any of them sends
                  /// an element, once each has sent at least one.
              """#
    },
    completion: { n in
        #"""
            /// The result completes when \#(n == 2 ? "both" : "all \(cardinals[n])") have completed, or as soon as one of them sends
            /// an element while all the others have completed and one of those never sent
            /// anything (no result can come any more). An error from any of them, or from
            /// `resultSelector`, ends it at once.
        """#
    },
    marbles: { n in
        // Source K sends K at 2K − 1, source 1 sends 9 once all have sent, and each
        // completes one tick after the one before; the result sends A, then B.
        var rows = [marble([(1, "1"), (2 * n + 1, "9")], end: 2 * n + 4)]
        for k in 2...n { rows.append(marble([(2 * k - 1, "\(k)")], end: 2 * n + 3 + k)) }
        rows.append(marble([(2 * n - 1, "A"), (2 * n + 1, "B")], end: 3 * n + 3))
        return (1...n + 1).map { k in
            "    /// \(k <= n ? "source\(k): " : "result:  ")\(rows[k - 1])"
        }.joined(separator: "\n")
    },
    secondGroup: { n in "9, " + list(n - 1) { "\($0 + 1)" } },
    selectorExample: { n in
        n == 2
            ? "    /// let area = Observable.combineLatest(width, height) { $0 * $1 }"
            : #"    /// let summary = Observable.combineLatest(\#(list(n) { "s\($0)" })) { "\([\#(list(n) { "$\($0 - 1)" })])" }"#
    },
    tupleExample: { n in
        n == 2
            ? #"""
                  /// Observable.combineLatest(username, password)
                  ///     .subscribe(onNext: { name, secret in form.validate(name, secret) })
              """#
            : #"""
                  /// Observable.combineLatest(\#(list(n) { "s\($0)" }))
                  ///     .subscribe(onNext: { \#(list(n) { "v\($0)" }) in print(\#(list(n) { "v\($0)" })) })
              """#
    },
    optionalSelector: true,
    selectorReadsSlots: true,
    sinkInit: { n in
        "        var slots = CombineLatestSlots(of: Result.self, isTuple: resultSelector == nil)\n"
            + lines(n) { "        latest\($0) = slots.next()" }
            + "        super.init(arity: \(n), tuple: slots.tuple(of: Result.self), observer: observer, cancel: cancel)\n"
    },
    slotDeclaration: { "    private let latest\($0): UnsafeMutablePointer<E\($0)>" },
    deinitBody: { n in lines(n) { "        releaseSlot(latest\($0), index: \($0 - 1))" } },
    subscribeSlot: "latest",
    resultMethod: "resultOfLatest",
    slotValue: { "latest\($0)" },
    extraMethods: { _ in "" }
)

let zip = ObservableFamily(
    name: "zip",
    type: "Zip",
    header: #"""
    // The fixed-arity forms of `zip` (two to eight sources), generated from one template:
    // every arity is a thin subclass of `ZipSink` (Zip.swift) with a typed queue per source.
    """#,
    slot: "queue",
    slotComment: "    // `queueK`: source K's elements not yet zipped; used only with the right to run.",
    returnsSelector: #"""
        /// - Returns: A sequence of `resultSelector`'s results, one for each set of
        ///   elements with the same index in every source.
    """#,
    returnsTuple: #"""
        /// - Returns: A sequence of tuples, one for each set of elements with the same
        ///   index in every source.
    """#,
    selectorSummary: { n in
        #"""
            /// Pairs up the elements of \#(cardinals[n]) sequences by index (the first of each, then the second
            /// of each, …) and sends `resultSelector` of each such group.
        """#
    },
    tupleSummary: { n in
        "    /// Pairs up the elements of \(cardinals[n]) sequences by index and sends each group as a tuple."
    },
    completion: { n in
        #"""
            /// Elements wait in a queue per sequence until every sequence has one. The result
            /// completes when \#(n == 2 ? "both" : "all \(cardinals[n])") sequences have completed; an error from \#(n == 2 ? "either" : "any") of them, or from
            /// `resultSelector`, ends it at once.
        """#
    },
    marbles: { n in
        // Source K sends its first element at 2K − 1 and its second (a letter) two ticks
        // after the second source's, which comes once the last source's first has; each
        // completes one tick after the one before.
        var rows = [marble([(1, "1"), (2, "a")], end: 4 * n + 1)]
        for k in 2...n {
            rows.append(marble([(2 * k - 1, "\(k)"), (2 * n + 1 + 2 * (k - 2), letters[k - 1])], end: 4 * n + k))
        }
        rows.append(marble([(2 * n - 1, "A"), (4 * n - 3, "B")], end: 5 * n))
        return (1...n + 1).map { k in
            "    /// \(k <= n ? "source\(k): " : "result:  ")\(rows[k - 1])"
        }.joined(separator: "\n")
    },
    secondGroup: { n in list(n) { letters[$0 - 1] } },
    selectorExample: { n in
        n == 2
            ? #"    /// let labelled = Observable.zip(names, scores) { "\($0): \($1)" }"#
            : "    /// let rows = Observable.zip(\(list(n) { "s\($0)" })) { [\(list(n) { "$\($0 - 1)" })] }"
    },
    tupleExample: { n in
        n == 2
            ? #"""
                  /// Observable.zip(questions, answers)
                  ///     .subscribe(onNext: { question, answer in quiz.add(question, answer) })
              """#
            : #"""
                  /// Observable.zip(\#(list(n) { "s\($0)" }))
                  ///     .subscribe(onNext: { \#(list(n) { "v\($0)" }) in print(\#(list(n) { "v\($0)" })) })
              """#
    },
    optionalSelector: false,
    selectorReadsSlots: false,
    sinkInit: { n in "        super.init(arity: \(n), completesWhenStarved: false, observer: observer, cancel: cancel)\n" },
    slotDeclaration: { "    private let queue\($0) = RingQueue<E\($0)>()" },
    deinitBody: nil,
    subscribeSlot: "queue",
    resultMethod: "dequeuedResult",
    slotValue: { "queue\($0).dequeue()" },
    extraMethods: { n in
        #"""

            override func countNonEmptyQueues() -> Int {
                \#(list(n, " + ") { "(queue\($0).isEmpty ? 0 : 1)" })
            }

        """#
    }
)

func observableFile(_ f: ObservableFamily) -> String {
    generatedHeader + f.header + "\n\n" + (2...8).map { observableSection(f, $0) }.joined(separator: "\n")
}

// MARK: - Single.zip and Maybe.zip

func primitiveSection(trait: String, _ n: Int, tuple: Bool) -> String {
    let many = n == 2 ? "both \(trait)s" : "all \(cardinals[n]) \(trait)s"
    let summary = tuple
        ? #"""
              /// Waits for \#(many) and succeeds with their elements as a tuple; the
              /// first error ends the result.
          """#
        : #"""
              /// Waits for \#(many) and combines their elements with `resultSelector`;
              /// the first error ends the result.
          """#
    let empty = trait == "Maybe" ? "\n    /// If any Maybe completes empty, the result completes empty." : ""
    let marbles = lines(n) { "    /// source\($0):  \(dashes($0))(\(letters[$0 - 1])|)" }
        + "    /// zip:      \(dashes(n))(\(list(n, "") { letters[$0 - 1].uppercased() })|)\n"
    let names = list(n) { "m\($0)" }
    let example = tuple
        ? "    /// \(trait).zip(\(names)).map { (\(names)) in [\(names)] }"
        : "    /// \(trait).zip(\(names)) { (\(names)) in [\(names)] }"
    let result = tuple ? "a tuple of the sources' elements" : "`resultSelector`'s result"
    let orEmpty = trait == "Maybe" ? ", or completes empty if any source does" : ""
    let generics = list(n) { "E\($0)" }
    let sources = list(n) { "_ source\($0): PrimitiveSequence<Trait, E\($0)>" }
    let where_ = tuple ? "Element == Any, Trait == \(trait)Trait" : "Trait == \(trait)Trait"
    let inner = list(n) { "source\($0).source" }
    let signature = tuple
        ? #"""
                  \#(sources)
              ) -> PrimitiveSequence<Trait, (\#(generics))> {
                  PrimitiveSequence(raw: Observable.zip(\#(inner)))
          """#
        : #"""
                  \#(sources),
                  resultSelector: @escaping (\#(generics)) throws -> Element,
                  isolation: (any Actor)? = #isolation
              ) -> PrimitiveSequence<Trait, Element> {
                  PrimitiveSequence(raw: Observable.zip(\#(inner), resultSelector: resultSelector, isolation: isolation))
          """#
    return #"""
    extension PrimitiveSequenceType where \#(where_) {
    \#(summary)\#(empty)
        ///
        /// ```
    \#(marbles)    /// ```
        ///
        /// ```swift
    \#(example)
        /// ```
        ///
        /// - Parameters:
    \#(sourceParameters(n))\#(tuple ? "" : selectorParameters("zip") + "\n")    /// - Returns: A \#(trait) that succeeds with \#(result) once every source has succeeded\#(orEmpty).
        public static func zip<\#(generics)>(
    \#(signature)
        }
    }

    """#
}

func primitiveFile() -> String {
    let header = #"""
    // The fixed-arity forms of `Single.zip` and `Maybe.zip` (two to eight sources), generated
    // from one template: each wraps `Observable.zip` of the same arity.
    """#
    var sections: [String] = []
    for trait in ["Single", "Maybe"] {
        for n in 2...8 {
            sections.append(primitiveSection(trait: trait, n, tuple: false))
            sections.append(primitiveSection(trait: trait, n, tuple: true))
        }
    }
    return generatedHeader + header + "\n\n" + sections.joined(separator: "\n")
}

// MARK: - Infallible.combineLatest and Infallible.zip

func infallibleSection(_ n: Int) -> String {
    let generics = list(n) { "I\($0): InfallibleType" }
    let sources = list(n) { "_ source\($0): I\($0)" }
    let elements = list(n) { "I\($0).Element" }
    let observables = list(n) { "source\($0).asObservable()" }
    let names = list(n) { letters[$0 - 1] }
    let positional = list(n) { "$\($0 - 1)" }
    let tupleZip = #"""
        /// Sends tuples of the n-th elements of \#(cardinals[n]) sequences.
        ///
        /// ```swift
        /// Infallible.zip(\#(names))
        /// ```
        ///
        /// - Parameters:
    \#(sourceParameters(n))    /// - Returns: A sequence of tuples, one for each set of elements with the same
        ///   index in every source.
        public static func zip<\#(generics)>(
            \#(sources)
        ) -> Infallible<(\#(elements))> {
            Infallible<(\#(elements))>(Observable.zip(\#(observables)))
        }
    """#
    return #"""
    // MARK: - \#(n) sources

    extension Infallible {
        /// Combines the latest elements of \#(cardinals[n]) sequences whenever \#(n == 2 ? "either" : "any") sends one, once
        /// \#(n == 2 ? "both have" : "all have"); see `Observable.combineLatest`.
        ///
        /// ```
    \#(combineLatest.marbles(n))
        /// ```
        ///
        /// (`A` is `resultSelector(\#(list(n) { "\($0)" }))`, `B` is `resultSelector(\#(combineLatest.secondGroup(n)))`.)
        ///
        /// ```swift
        /// let summary = Infallible.combineLatest(\#(names)) { [\#(positional)] }
        /// ```
        ///
        /// - Parameters:
    \#(sourceParameters(n))\#(selectorParameters("combineLatest"))
        /// - Returns: A sequence of `resultSelector`'s results, one each time any source
        ///   sends an element once all have sent one.
        public static func combineLatest<\#(generics)>(
            \#(sources),
            resultSelector: @escaping (\#(elements)) -> Element,
            isolation: (any Actor)? = #isolation
        ) -> Infallible<Element> {
            Infallible(Observable.combineLatest(\#(observables), resultSelector: resultSelector, isolation: isolation))
        }

        /// Pairs the n-th elements of \#(cardinals[n]) sequences; see `Observable.zip`.
        ///
        /// ```
    \#(zip.marbles(n))
        /// ```
        ///
        /// (`A` is `resultSelector(\#(list(n) { "\($0)" }))`, `B` is `resultSelector(\#(zip.secondGroup(n)))`.)
        ///
        /// ```swift
        /// let rows = Infallible.zip(\#(names)) { [\#(positional)] }
        /// ```
        ///
        /// - Parameters:
    \#(sourceParameters(n))\#(selectorParameters("zip"))
        /// - Returns: A sequence of `resultSelector`'s results, one for each set of
        ///   elements with the same index in every source.
        public static func zip<\#(generics)>(
            \#(sources),
            resultSelector: @escaping (\#(elements)) -> Element,
            isolation: (any Actor)? = #isolation
        ) -> Infallible<Element> {
            Infallible(Observable.zip(\#(observables), resultSelector: resultSelector, isolation: isolation))
        }
    }

    extension Infallible where Element == Any {
        /// Sends a tuple of the latest elements of \#(cardinals[n]) sequences whenever \#(n == 2 ? "either" : "any") sends
        /// one, once \#(n == 2 ? "both have" : "all have").
        ///
        /// ```swift
        /// Infallible.combineLatest(\#(names))
        /// ```
        ///
        /// - Parameters:
    \#(sourceParameters(n))    /// - Returns: A sequence of tuples of the latest elements, one each time any
        ///   source sends an element once all have sent one.
        public static func combineLatest<\#(generics)>(
            \#(sources)
        ) -> Infallible<(\#(elements))> {
            Infallible<(\#(elements))>(Observable.combineLatest(\#(observables)))
        }

    \#(tupleZip)
    }

    """#
}

func infallibleFile() -> String {
    let header = #"""
    // The fixed-arity forms of `Infallible.combineLatest` and `Infallible.zip` (two to eight
    // sources, with and without a result selector), generated from one template: each wraps
    // the Observable operator of the same arity, which cannot fail when its sources cannot.
    """#
    return generatedHeader + header + "\n\n" + (2...8).map(infallibleSection).joined(separator: "\n")
}

// MARK: - SharedSequence.combineLatest and SharedSequence.zip (Driver, Signal)

/// One form of the SharedSequence family: `family` gives the marble diagram and the
/// names; `tuple` picks the form without a result selector.
func sharedSequenceFunction(_ f: ObservableFamily, _ n: Int, tuple: Bool) -> String {
    let generics = list(n) { "O\($0): SharedSequenceConvertibleType" }
    let sources = list(n) { "_ source\($0): O\($0)" }
    let elements = list(n) { "O\($0).Element" }
    let observables = list(n) { "source\($0).asObservable()" }
    let sameKind = list(n, ", ") { "SharingStrategy == O\($0).SharingStrategy" }
    let drivers = list(n) { "d\($0)" }
    let positional = list(n) { "$\($0 - 1)" }
    let combining = f.name == "combineLatest"
    let either = n == 2 ? "either" : "any"
    let summary: String
    switch (combining, tuple) {
    case (true, false):
        summary = #"""
            /// Combines the latest elements of \#(cardinals[n]) shared sequences of one kind (all Drivers, or
            /// all Signals) with `resultSelector` whenever \#(either) of them sends one, once \#(n == 2 ? "both have" : "each has sent one").
        """#
    case (true, true):
        summary = #"""
            /// Sends a tuple of the latest elements of \#(cardinals[n]) shared sequences of one kind (all
            /// Drivers, or all Signals) whenever \#(either) of them sends one, once \#(n == 2 ? "both have" : "each has sent one").
        """#
    case (false, false):
        summary = #"""
            /// Pairs up the elements of \#(cardinals[n]) shared sequences of one kind (all Drivers, or all
            /// Signals) by index and sends `resultSelector` of each such group.
        """#
    case (false, true):
        summary = #"""
            /// Pairs up the elements of \#(cardinals[n]) shared sequences of one kind (all Drivers, or all
            /// Signals) by index and sends each group as a tuple.
        """#
    }
    let behaviour = tuple
        ? #"""
              /// The result is `Observable.\#(f.name)` of the sources, shared again as their kind
              /// shares; it completes as that does.
          """#
        : #"""
              /// The result is `Observable.\#(f.name)` of the sources, shared again as their kind
              /// shares; it completes as that does. If `resultSelector` throws, the result ends
              /// with that error (as in RxCocoa): a selector that cannot throw keeps the promise
              /// that a Driver or Signal never fails.
          """#
    let groups = tuple
        ? "    /// (`A` is `(\(list(n) { "\($0)" }))`, `B` is `(\(f.secondGroup(n)))`.)"
        : "    /// (`A` is `resultSelector(\(list(n) { "\($0)" }))`, `B` is `resultSelector(\(f.secondGroup(n)))`.)"
    let example: String
    switch (combining, tuple, n) {
    case (true, false, 2): example = "    /// let canSubmit = Driver.combineLatest(nameValid, passwordValid) { $0 && $1 }"
    case (true, true, 2): example = "    /// Driver.combineLatest(name, age).drive(onNext: { name, age in print(name, age) })"
    case (false, false, 2): example = #"    /// let labelled = Driver.zip(names, scores) { "\($0): \($1)" }"#
    case (false, true, 2): example = "    /// Signal.zip(taps, results).emit(onNext: { tap, result in log(tap, result) })"
    case (_, false, _): example = "    /// let \(combining ? "summary" : "rows") = Driver.\(f.name)(\(drivers)) { [\(positional)] }"
    case (_, true, _):
        example = #"""
            /// Driver.\#(f.name)(\#(drivers))
            ///     .drive(onNext: { \#(list(n) { "v\($0)" }) in print(\#(list(n) { "v\($0)" })) })
        """#
    }
    let returns: String
    switch (combining, tuple) {
    case (true, false):
        returns = #"""
            /// - Returns: A shared sequence of `resultSelector`'s results, one each time any
            ///   source sends an element once all have sent one.
        """#
    case (true, true):
        returns = #"""
            /// - Returns: A shared sequence of tuples of the latest elements, one each time
            ///   any source sends an element once all have sent one.
        """#
    case (false, false):
        returns = #"""
            /// - Returns: A shared sequence of `resultSelector`'s results, one for each set of
            ///   elements with the same index in every source.
        """#
    case (false, true):
        returns = #"""
            /// - Returns: A shared sequence of tuples, one for each set of elements with the
            ///   same index in every source.
        """#
    }
    let resultType = tuple ? "(\(elements))" : "Element"
    let selectorParameter = tuple
        ? ""
        : selectorParameters(f.name) + "\n"
    let parameters = tuple
        ? "        \(sources)\n"
        : "        \(sources),\n        resultSelector: @escaping (\(elements)) throws -> Element,\n        isolation: (any Actor)? = #isolation\n"
    let body = tuple
        ? "SharedSequence<SharingStrategy, \(resultType)>(Observable.\(f.name)(\(observables)))"
        : "SharedSequence(Observable.\(f.name)(\(observables), resultSelector: resultSelector, isolation: isolation))"
    return #"""
    \#(summary)
        ///
    \#(behaviour)
        ///
        /// ```
    \#(f.marbles(n))
        /// ```
        ///
    \#(groups)
        ///
        /// ```swift
    \#(example)
        /// ```
        ///
        /// - Parameters:
    \#(sourceParameters(n))\#(selectorParameter)\#(returns)
        public static func \#(f.name)<\#(generics)>(
    \#(parameters)    ) -> SharedSequence<SharingStrategy, \#(resultType)>
        where \#(sameKind) {
            \#(body)
        }
    """#
}

func sharedSequenceSection(_ n: Int) -> String {
    #"""
    // MARK: - \#(n) sources

    extension SharedSequence {
    \#(sharedSequenceFunction(combineLatest, n, tuple: false))

    \#(sharedSequenceFunction(zip, n, tuple: false))
    }

    extension SharedSequenceConvertibleType where Element == Any {
    \#(sharedSequenceFunction(combineLatest, n, tuple: true))

    \#(sharedSequenceFunction(zip, n, tuple: true))
    }

    """#
}

func sharedSequenceFile() -> String {
    let header = #"""
    // The fixed-arity forms of `SharedSequence.combineLatest` and `SharedSequence.zip` (two
    // to eight sources, with and without a result selector), generated from one template:
    // each wraps the Observable operator of the same arity and shares the result again.
    // The sources are of one kind (their `SharingStrategy`), so they already deliver on
    // its scheduler and the result needs no `observe(on:)`.
    """#
    return generatedHeader + header + "\n\n" + (2...8).map(sharedSequenceSection).joined(separator: "\n")
}

// MARK: - Writing

let generatedHeader = "// Generated by scripts/generate-arity.swift: do not edit; change the template there and run it.\n"

let files: [(path: String, text: String)] = [
    ("Sources/Ripple/Operators/Combining/CombineLatest+arity.swift", observableFile(combineLatest)),
    ("Sources/Ripple/Operators/Combining/Zip+arity.swift", observableFile(zip)),
    ("Sources/Ripple/Traits/PrimitiveSequence/PrimitiveSequence+Zip+arity.swift", primitiveFile()),
    ("Sources/Ripple/Traits/Infallible/Infallible+Combining+arity.swift", infallibleFile()),
    ("Sources/Ripple/Traits/SharedSequence/SharedSequence+Combining+arity.swift", sharedSequenceFile()),
]

var arguments = CommandLine.arguments.dropFirst()
let root: URL
if arguments.first == "--output", arguments.count == 2 {
    root = URL(fileURLWithPath: arguments.last!, isDirectory: true)
} else if arguments.isEmpty {
    // The repository: this script lives in its `scripts` folder.
    root = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        .deletingLastPathComponent().deletingLastPathComponent()
} else {
    FileHandle.standardError.write(Data("usage: swift scripts/generate-arity.swift [--output DIR]\n".utf8))
    exit(2)
}
for file in files {
    let url = root.appendingPathComponent(file.path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(file.text.utf8).write(to: url)
}
print("generate-arity: wrote \(files.count) files under \(root.path)")
