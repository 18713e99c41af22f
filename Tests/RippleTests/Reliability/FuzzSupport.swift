@testable import Ripple

/// A tiny, fast, seedable pseudo-random generator (SplitMix64), so that every fuzz run
/// can be replayed exactly from the seed printed when it fails.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`, both ends included.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % width)
    }

    /// `true` with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

/// Watches one subscription and writes down every breach of the event grammar:
/// an event after the terminal event, an event after `dispose()` returned, and
/// `onDisposed` running other than exactly once.
///
/// It is fed on one thread at a time (the test's thread, or a `TestScheduler`), so it
/// needs no lock.
final class GrammarProbe {
    private(set) var events: [Recorded<Int>] = []
    private(set) var violations: [String] = []
    private(set) var disposedCount = 0
    private var terminated = false
    private var disposeReturned = false

    func on(_ event: Event<Int>) {
        let recorded = Recorded(event)
        if terminated { violations.append("\(recorded) after the terminal event") }
        if disposeReturned { violations.append("\(recorded) after dispose() returned") }
        if event.isStopEvent { terminated = true }
        events.append(recorded)
    }

    func onDisposed() { disposedCount += 1 }

    /// Call right after `dispose()` returns: from now on nothing may arrive.
    func disposeDidReturn() { disposeReturned = true }

    /// Subscribes the probe to `source`, with `onDisposed` counted.
    func subscribe(_ source: Observable<Int>) -> Disposable {
        source.subscribe(
            onNext: { [unowned self] in on(.next($0)) },
            onError: { [unowned self] in on(.error($0)) },
            onCompleted: { [unowned self] in on(.completed) },
            onDisposed: { [unowned self] in onDisposed() }
        )
    }

    /// The breaches found, once the subscription has been disposed (or has ended).
    var finalViolations: [String] {
        var all = violations
        if disposedCount != 1 { all.append("onDisposed ran \(disposedCount) times") }
        return all
    }
}

/// A description of an `Event` list for failure messages.
func describe(_ events: [Recorded<Int>]) -> String {
    "[" + events.map(\.description).joined(separator: ", ") + "]"
}
