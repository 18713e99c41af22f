#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Hooks {
    /// Receives the message when a debug build detects misuse of an observer that code
    /// drives by hand (the one an `Observable.create` closure receives): an event sent
    /// after `onCompleted`/`onError`, or `onNext` called from two threads at once.
    ///
    /// Each kind of misuse is reported once per subscription, and the message names the
    /// operator (`Observable<Int>.create: onNext(_:) was called after …`). Detection
    /// never changes what happens: the late event is dropped and the overlapping call
    /// goes through, exactly as in release builds, where nothing is checked and this
    /// handler is never called. By default the message is written to standard error.
    ///
    /// ```swift
    /// Hooks.grammarViolationHandler = { message in
    ///     assertionFailure(message)   // stop at the misuse while debugging
    /// }
    /// ```
    public static var grammarViolationHandler: @Sendable (String) -> Void {
        get { grammarViolationStorage.withLock { grammarViolationStorage.handler } }
        set { grammarViolationStorage.withLock { grammarViolationStorage.handler = newValue } }
    }

    static func reportGrammarViolation(_ message: String) {
        grammarViolationHandler(message)
    }

    // `@unchecked Sendable`: `handler` is read and written only under `lock`.
    private final class GrammarViolationStorage: @unchecked Sendable {
        let lock = Lock()
        var handler: @Sendable (String) -> Void = Hooks.printGrammarViolation

        func withLock<Result>(_ body: () -> Result) -> Result {
            lock.withLock(body)
        }
    }

    private static let grammarViolationStorage = GrammarViolationStorage()

    @Sendable private static func printGrammarViolation(_ message: String) {
        var line = message + "\n"
        line.withUTF8 { bytes in
            _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count)
        }
    }
}
