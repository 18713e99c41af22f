import Ripple

/// A continuation that the first of several racing parties resumes (the answer, a
/// timeout, a lost connection); the others find it taken and do nothing.
final class OnceContinuation: Sendable {
    private let continuation: LockedValue<CheckedContinuation<Void, any Error>?>

    init(_ continuation: CheckedContinuation<Void, any Error>) {
        self.continuation = LockedValue(continuation)
    }

    func resume() {
        continuation.withLock { $0.take() }?.resume()
    }

    func resume(throwing error: any Error) {
        continuation.withLock { $0.take() }?.resume(throwing: error)
    }
}
