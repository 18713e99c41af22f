
/// Process-wide hooks that change how Ripple reports problems.
///
/// ```swift
/// Hooks.defaultErrorHandler = { _, error in log("unhandled: \(error)") }
/// ```
public enum Hooks {
    /// Receives errors that reach a `subscribe` call without an `onError` closure,
    /// with the call stack captured when that subscription was made (empty unless
    /// ``recordCallStackOnError`` is `true`).
    public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void

    /// Captures a call stack when a subscription is made.
    public typealias CustomCaptureSubscriptionCallstack = () -> [String]

    /// Whether `subscribe` captures the call stack, so ``defaultErrorHandler`` can say
    /// where an unhandled error's subscription was made. Off by default: capturing is slow.
    public static var recordCallStackOnError: Bool {
        get { recordsCallStack.load(ordering: .relaxed) }
        set { recordsCallStack.store(newValue, ordering: .relaxed) }
    }

    /// Called for errors nobody handles. By default, debug builds print the error
    /// (and the subscription's call stack, if recorded); release builds do nothing.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { storage.withLock { storage.defaultErrorHandler } }
        set { storage.withLock { storage.defaultErrorHandler = newValue } }
    }

    /// Captures the call stack for ``recordCallStackOnError``; by default the symbolicated
    /// frames (as `Thread.callStackSymbols` gives them) in debug builds and nothing in
    /// release builds.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { storage.withLock { storage.captureCallStack } }
        set { storage.withLock { storage.captureCallStack = newValue } }
    }

    // `@unchecked Sendable`: both handlers are read and written only under `lock`.
    private final class Storage: @unchecked Sendable {
        let lock = Lock()
        var defaultErrorHandler: DefaultErrorHandler = Hooks.printUnhandledError
        var captureCallStack: CustomCaptureSubscriptionCallstack = Hooks.captureCallStack

        func withLock<Result>(_ body: () -> Result) -> Result {
            lock.withLock(body)
        }
    }

    private static let storage = Storage()
    /// In a static word: a static ``AtomicValue`` would be initialised lazily.
    private static var recordsCallStack: AtomicView<Bool> {
        GlobalAtomicWord.recordsCallStack.view()
    }

    private static func printUnhandledError(_ callStack: [String], _ error: Swift.Error) {
        #if DEBUG
        if callStack.isEmpty {
            print("Unhandled error happened: \(error)")
        } else {
            print("Unhandled error happened: \(error)\n subscription called from:\n\(callStack.joined(separator: "\n"))")
        }
        #endif
    }

    private static func captureCallStack() -> [String] {
        #if DEBUG
        Array(CurrentThread.callStackSymbols().dropFirst(2))
        #else
        []
        #endif
    }
}
