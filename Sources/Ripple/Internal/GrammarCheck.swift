#if DEBUG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Debug-build detector of observer misuse by code that emits into a Ripple observer by
/// hand (the observer an `Observable.create` closure receives): an event after the
/// terminal event, and two threads inside the observer at once.
///
/// It reports through ``Hooks/grammarViolationHandler``, at most once per kind and
/// per subscription, and changes nothing else: the event after the terminal one is
/// dropped as in release builds, and a concurrent call is let through as in release
/// builds. Release builds compile it out, so it costs nothing there; in debug builds it
/// costs two atomic operations per event.
///
/// A call made by the thread that is already inside (an observer downstream that
/// emits into the same source from its `onNext`) is re-entrancy, not concurrency, and
/// is not reported.
struct GrammarCheck: ~Copyable {
    private static let afterTerminal: UInt8 = 1
    private static let concurrent: UInt8 = 2

    /// The thread currently inside the observer, or 0.
    private let owner = AtomicValue<UInt>(0)
    /// The kinds of misuse reported so far (bit set).
    private let reported = AtomicValue<UInt8>(0)

    /// Marks the calling thread as inside the observer; reports a call that overlaps
    /// another thread's. Returns whether the caller must call ``exit()`` afterwards.
    func enter(_ operatorName: @autoclosure () -> String, _ call: @autoclosure () -> String) -> Bool {
        let me = GrammarCheck.currentThread()
        let (entered, inside) = owner.compareExchange(expected: 0, desired: me, ordering: .relaxed)
        if entered {
            return true
        }
        if inside != me {
            report(Self.concurrent, "\(operatorName()): \(call()) was called while another thread was inside the same observer; calls into one observer must not overlap (serialize them with a lock or a serial queue)")
        }
        return false
    }

    /// Marks the observer as free again.
    func exit() {
        owner.store(0, ordering: .relaxed)
    }

    /// Reports an event that arrived after the terminal event (and is dropped).
    func eventAfterTerminal(_ operatorName: @autoclosure () -> String, _ call: @autoclosure () -> String) {
        report(Self.afterTerminal, "\(operatorName()): \(call()) was called after the sequence's terminal event; the event is dropped")
    }

    private func report(_ kind: UInt8, _ message: @autoclosure () -> String) {
        let before = reported.bitwiseOr(kind, ordering: .relaxed).oldValue
        if before & kind == 0 {
            Hooks.reportGrammarViolation("Ripple: \(message())")
        }
    }

    private static func currentThread() -> UInt {
        currentThreadID()
    }
}
#endif
