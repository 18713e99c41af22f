@testable import Ripple

/// A value that several threads read and write, each access under Ripple's ``Lock``.
///
/// Test helpers use this instead of `Synchronization.Mutex`: on Linux the Thread
/// Sanitizer cannot see `Mutex` (its futex lives in the uninstrumented Synchronization
/// module) and reports every access it guards as a race, while `Lock` built with
/// `-Xswiftc -DRIPPLE_TSAN` is a `pthread_mutex_t` the sanitizer understands.
///
/// ```swift
/// let lines = Guarded<[String]>([])
/// lines.withLock { $0.append("a") }
/// let all = lines.withLock { $0 }
/// ```
final class Guarded<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is read and written only under `lock`.
    private let lock = Lock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
