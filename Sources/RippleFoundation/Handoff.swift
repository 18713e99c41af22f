/// Carries a value that is not `Sendable` (an observer) into the `@Sendable` closure
/// that Foundation calls on its own queue: a URL session's completion handler or a
/// notification center's block.
///
/// Why this is safe: the value is one of Ripple's `AnyObserver`s, which forwards to a
/// sink built to receive events from any thread (its terminal-event guard is atomic and
/// its disposal is locked), so calling it from Foundation's queue is exactly what an
/// observer in Ripple may be asked to do. Only the receiving closure reads the value.
///
/// ```swift
/// let delivery = Handoff(observer)
/// session.dataTask(with: request) { data, _, _ in delivery.value.onNext(data) }
/// ```
struct Handoff<Value>: @unchecked Sendable {
    /// The value being handed over; read only by the receiving closure.
    let value: Value

    /// Wraps `value` for the trip to Foundation's queue.
    init(_ value: Value) {
        self.value = value
    }
}
