import Foundation

/// A value behind an `NSLock`: what a client whose app still runs on releases older than
/// macOS 15 / iOS 18 writes where newer code would use the Synchronization module's
/// `Mutex`.
// `@unchecked Sendable`: `value` is read and written only under `lock`.
nonisolated final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
