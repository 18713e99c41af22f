import Ripple

/// Expected events written as marble diagrams. The syntax is in <doc:Marbles>.
extension Recorded {
    /// The recorded events a marble diagram stands for, timed as a hot diagram: the
    /// column of `^`, or the first column when there is none, is at `subscribed`
    /// (200 by default, when ``TestScheduler/start(_:)`` subscribes).
    ///
    /// ```swift
    /// let observer = scheduler.start { source.asObservable() }
    /// #expect(observer.events == Recorded.events(marbles: "--1--2--|", values: ["1": 10, "2": 20]))
    /// // the same as [.next(220, 10), .next(250, 20), .completed(280)]
    /// ```
    ///
    /// For times relative to a subscription (the events of a cold source), pass
    /// `subscribed: 0`.
    ///
    /// - Parameters:
    ///   - marbles: The diagram. A malformed one stops the test with a precondition
    ///     failure that points at the culprit.
    ///   - values: The element each letter or digit stands for.
    ///   - errors: Letters that stand for errors; `#` stands for `errors["#"]` when given,
    ///     otherwise ``MarbleError``.
    ///   - ticksPerCharacter: How many ticks each column is worth.
    ///   - subscribed: The time of the `^` column (or of the first column).
    ///   - file: The test's file, for the precondition failure; leave it to the compiler.
    ///   - line: The test's line, for the precondition failure; leave it to the compiler.
    /// - Returns: The recorded events, at their absolute times.
    public static func events<Element>(
        marbles: String,
        values: [Character: Element],
        errors: [Character: Swift.Error] = [:],
        ticksPerCharacter: TestTime = 10,
        subscribed: TestTime = TestScheduler.Defaults.subscribed,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> [Recorded<Event<Element>>] where Value == Event<Element> {
        let timing = MarbleDiagram.Timing.hot(subscribed: subscribed, ticksPerCharacter: ticksPerCharacter)
        return recordedEvents(fromMarbles: marbles, timing: timing, values: values, errors: errors, fallback: nil, file: file, line: line)
    }

    /// The recorded string events a marble diagram stands for: with no `values:` table,
    /// each letter or digit stands for itself.
    ///
    /// ```swift
    /// #expect(observer.events == Recorded.events(marbles: "--a-(bc)-|"))
    /// // the same as [.next(220, "a"), .next(240, "b"), .next(240, "c"), .completed(290)]
    /// ```
    ///
    /// - Parameters:
    ///   - marbles: The diagram. A malformed one stops the test with a precondition failure that points at the culprit.
    ///   - values: The string each letter or digit stands for; when empty, each stands for itself.
    ///   - errors: Letters that stand for errors; `#` stands for `errors["#"]` when given, otherwise ``MarbleError``.
    ///   - ticksPerCharacter: How many ticks each column is worth.
    ///   - subscribed: The time of the `^` column (or of the first column).
    ///   - file: The test's file, for the precondition failure; leave it to the compiler.
    ///   - line: The test's line, for the precondition failure; leave it to the compiler.
    /// - Returns: The recorded events, at their absolute times.
    public static func events(
        marbles: String,
        values: [Character: String] = [:],
        errors: [Character: Swift.Error] = [:],
        ticksPerCharacter: TestTime = 10,
        subscribed: TestTime = TestScheduler.Defaults.subscribed,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> [Recorded<Event<String>>] where Value == Event<String> {
        let timing = MarbleDiagram.Timing.hot(subscribed: subscribed, ticksPerCharacter: ticksPerCharacter)
        return recordedEvents(fromMarbles: marbles, timing: timing, values: values, errors: errors, fallback: { String($0) }, file: file, line: line)
    }
}
