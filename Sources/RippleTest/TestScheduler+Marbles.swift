import Ripple

/// Hot and cold observables written as marble diagrams. The syntax is in <doc:Marbles>.
extension TestScheduler {
    /// A hot source scripted by a marble diagram: events at absolute times, sent to
    /// whoever is subscribed then.
    ///
    /// The column of `^` (or the first column, when there is no `^`) is at `subscribed`,
    /// which defaults to 200, the time ``start(_:)`` subscribes; each column is
    /// `ticksPerCharacter` ticks (10 by default), so columns before `^` are earlier times.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(initialClock: 0)
    /// let source = scheduler.createHotObservable("-a-^-b-(cd)-|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
    /// // next(1) @ 180, next(2) @ 220, next(3) @ 240, next(4) @ 240, completed @ 290
    /// let observer = scheduler.start { source.asObservable() }
    /// #expect(observer.events.marbles == "--2-(34)-|")
    /// ```
    ///
    /// - Parameters:
    ///   - marbles: The diagram. A malformed one (an unknown key, an unclosed group, …)
    ///     stops the test with a precondition failure that points at the culprit.
    ///   - values: The element each letter or digit stands for.
    ///   - errors: Letters that stand for errors; `#` stands for `errors["#"]` when given,
    ///     otherwise ``MarbleError``.
    ///   - ticksPerCharacter: How many ticks each column is worth.
    ///   - subscribed: The time of the `^` column (or of the first column).
    ///   - file: The test's file, for the precondition failure; leave it to the compiler.
    ///   - line: The test's line, for the precondition failure; leave it to the compiler.
    /// - Returns: A hot source that sends the diagram's events at their times and records its subscriptions.
    public func createHotObservable<Element>(
        _ marbles: String,
        values: [Character: Element],
        errors: [Character: Swift.Error] = [:],
        ticksPerCharacter: TestTime = 10,
        subscribed: TestTime = Defaults.subscribed,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> TestableObservable<Element> {
        let timing = MarbleDiagram.Timing.hot(subscribed: subscribed, ticksPerCharacter: ticksPerCharacter)
        return createHotObservable(recordedEvents(fromMarbles: marbles, timing: timing, values: values, errors: errors, fallback: nil, file: file, line: line))
    }

    /// A hot source of strings scripted by a marble diagram: with no `values:` table,
    /// each letter or digit sends itself.
    ///
    /// ```swift
    /// let source = scheduler.createHotObservable("^-a-b-|")
    /// // next("a") @ 220, next("b") @ 240, completed @ 260
    /// ```
    ///
    /// The timing and the tables are those of the generic overload; when `values` is not
    /// empty, every key must be in it.
    ///
    /// - Parameters:
    ///   - marbles: The diagram. A malformed one stops the test with a precondition failure that points at the culprit.
    ///   - values: The string each letter or digit stands for; when empty, each stands for itself.
    ///   - errors: Letters that stand for errors; `#` stands for `errors["#"]` when given, otherwise ``MarbleError``.
    ///   - ticksPerCharacter: How many ticks each column is worth.
    ///   - subscribed: The time of the `^` column (or of the first column).
    ///   - file: The test's file, for the precondition failure; leave it to the compiler.
    ///   - line: The test's line, for the precondition failure; leave it to the compiler.
    /// - Returns: A hot source that sends the diagram's events at their times and records its subscriptions.
    public func createHotObservable(
        _ marbles: String,
        values: [Character: String] = [:],
        errors: [Character: Swift.Error] = [:],
        ticksPerCharacter: TestTime = 10,
        subscribed: TestTime = Defaults.subscribed,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> TestableObservable<String> {
        let timing = MarbleDiagram.Timing.hot(subscribed: subscribed, ticksPerCharacter: ticksPerCharacter)
        return createHotObservable(recordedEvents(fromMarbles: marbles, timing: timing, values: values, errors: errors, fallback: { String($0) }, file: file, line: line))
    }

    /// A cold source scripted by a marble diagram: every subscription gets the events
    /// at times relative to it, the first column being the moment of subscription.
    ///
    /// ```swift
    /// let source = scheduler.createColdObservable("-a--b|", values: ["a": 1, "b": 2])
    /// let observer = scheduler.start { source.asObservable() }
    /// #expect(observer.events == [.next(210, 1), .next(240, 2), .completed(250)])
    /// ```
    ///
    /// - Parameters:
    ///   - marbles: The diagram; it may not contain `^`. A malformed one stops the test
    ///     with a precondition failure that points at the culprit.
    ///   - values: The element each letter or digit stands for.
    ///   - errors: Letters that stand for errors; `#` stands for `errors["#"]` when given,
    ///     otherwise ``MarbleError``.
    ///   - ticksPerCharacter: How many ticks each column is worth.
    ///   - file: The test's file, for the precondition failure; leave it to the compiler.
    ///   - line: The test's line, for the precondition failure; leave it to the compiler.
    /// - Returns: A cold source that sends the diagram's events to each subscription, relative to it, and records its subscriptions.
    public func createColdObservable<Element>(
        _ marbles: String,
        values: [Character: Element],
        errors: [Character: Swift.Error] = [:],
        ticksPerCharacter: TestTime = 10,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> TestableObservable<Element> {
        let timing = MarbleDiagram.Timing.cold(ticksPerCharacter: ticksPerCharacter)
        return createColdObservable(recordedEvents(fromMarbles: marbles, timing: timing, values: values, errors: errors, fallback: nil, file: file, line: line))
    }

    /// A cold source of strings scripted by a marble diagram: with no `values:` table,
    /// each letter or digit sends itself.
    ///
    /// ```swift
    /// let source = scheduler.createColdObservable("a-b-#")
    /// // for a subscription at 200: next("a") @ 200, next("b") @ 220, error @ 240
    /// ```
    ///
    /// - Parameters:
    ///   - marbles: The diagram; it may not contain `^`. A malformed one stops the test with a precondition failure that points at the culprit.
    ///   - values: The string each letter or digit stands for; when empty, each stands for itself.
    ///   - errors: Letters that stand for errors; `#` stands for `errors["#"]` when given, otherwise ``MarbleError``.
    ///   - ticksPerCharacter: How many ticks each column is worth.
    ///   - file: The test's file, for the precondition failure; leave it to the compiler.
    ///   - line: The test's line, for the precondition failure; leave it to the compiler.
    /// - Returns: A cold source that sends the diagram's events to each subscription, relative to it, and records its subscriptions.
    public func createColdObservable(
        _ marbles: String,
        values: [Character: String] = [:],
        errors: [Character: Swift.Error] = [:],
        ticksPerCharacter: TestTime = 10,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> TestableObservable<String> {
        let timing = MarbleDiagram.Timing.cold(ticksPerCharacter: ticksPerCharacter)
        return createColdObservable(recordedEvents(fromMarbles: marbles, timing: timing, values: values, errors: errors, fallback: { String($0) }, file: file, line: line))
    }
}
