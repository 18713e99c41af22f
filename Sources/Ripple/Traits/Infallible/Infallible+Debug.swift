extension InfallibleType {
    /// Prints every event, subscription and disposal of the sequence, as
    /// ``ObservableType/debug(_:trimOutput:file:line:function:)`` does.
    ///
    /// ```swift
    /// Infallible.of(1, 2).debug("numbers").subscribe()
    /// // numbers -> subscribed, Event next(1), Event next(2), Event completed, isDisposed
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The label printed on each line; by default the file, line and
    ///     function of the call.
    ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
    ///   - file: The file of the call, for the default label; leave it to the compiler.
    ///   - line: The line of the call, for the default label; leave it to the compiler.
    ///   - function: The function of the call, for the default label; leave it to the
    ///     compiler.
    /// - Returns: The same events, printed as they pass.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Infallible<Element> {
        Infallible(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}
