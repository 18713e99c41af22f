/// Marks a method that every subclass overrides; reaching it is a programming error
/// inside Ripple, never the user's.
func abstractMethod(file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("Abstract method: a Ripple subclass must override this", file: file, line: line)
}

/// The unqualified name of a value's dynamic type, without generic arguments:
/// `MapSink`, not `Ripple.MapSink<Swift.Int, …>`. Used by tracing and descriptions.
func typeName(_ value: Any) -> String {
    let full = String(describing: type(of: value))
    return String(full.prefix { $0 != "<" })
}
