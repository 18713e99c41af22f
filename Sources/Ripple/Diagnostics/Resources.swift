import Synchronization

private let liveResourceCount = Atomic<Int32>(0)

/// Counts the live objects Ripple allocates (sequences, sinks, observers, disposables,
/// schedulers' work items …), so tests can prove that every subscription was torn down.
///
/// Ripple counts in debug builds (any build where `DEBUG` is defined, which is SwiftPM's
/// default for `swift build` and `swift test`); in release builds the counting code is
/// compiled out and ``total`` stays `0`.
///
/// ```swift
/// let before = Resources.total
/// Observable.of(1, 2, 3).subscribe(onNext: { print($0) }).dispose()
/// assert(Resources.total == before)
/// ```
public enum Resources {
    /// The number of live Ripple objects.
    public static var total: Int32 {
        liveResourceCount.load(ordering: .relaxed)
    }

    /// Counts one more live object. Types outside Ripple that want to take part in
    /// leak accounting call this from their initializer.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        liveResourceCount.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Counts one fewer live object; call it from the `deinit` that matches
    /// ``incrementTotal()``.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        liveResourceCount.wrappingSubtract(1, ordering: .relaxed).newValue
    }
}
