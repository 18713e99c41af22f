extension SharedSequenceConvertibleType {
    /// Prints every event, subscription and disposal, with a timestamp and
    /// `identifier`, to standard output: ``ObservableType/debug(_:trimOutput:file:line:function:)``
    /// for shared sequences.
    ///
    /// ```swift
    /// name.debug("name").drive(titleLabel)
    /// // … name -> subscribed
    /// // … name -> Event next(Ripple)
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: Names the sequence in the output; by default, the caller's file,
    ///     line and function.
    ///   - trimOutput: Whether to shorten long event descriptions.
    ///   - file: The caller's file (for the default identifier).
    ///   - line: The caller's line (for the default identifier).
    ///   - function: The caller's function (for the default identifier).
    /// - Returns: This sequence, unchanged, with its events printed.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}
