extension PrimitiveSequence {
    /// Prints every event, subscription and disposal of the trait, as
    /// ``ObservableType/debug(_:trimOutput:file:line:function:)`` does.
    ///
    /// ```
    /// source:          -(a|)
    /// debug("x"):      -(a|)     prints: x -> subscribed, Event next(a), Event completed, isDisposed
    /// ```
    ///
    /// ```swift
    /// Single.just(1).debug("one").subscribe()
    /// ```
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}
