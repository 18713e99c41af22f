
private let liveResourceCount = AtomicValue<Int32>(0)

#if DEBUG
/// Live objects per class, for ``Resources/liveObjects``.
private let liveObjectTable = LiveObjectTable()

/// Objects counted through the public ``Resources/incrementTotal()`` (types outside Ripple).
private let liveExternalCount = AtomicValue<Int>(0)
#endif

/// Counts the live objects Ripple allocates (sequences, sinks, observers, disposables,
/// schedulers' work items …), so tests can prove that every subscription was torn down.
///
/// Ripple counts in debug builds (any build where `DEBUG` is defined, which is SwiftPM's
/// default for `swift build` and `swift test`); in release builds the counting code is
/// compiled out, ``total`` stays `0` and ``liveObjects`` stays empty.
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

    /// The live objects by kind, to locate a leak: the class name (with its generic
    /// arguments) of every kind of Ripple object that has live instances, and how many.
    ///
    /// Objects counted through ``incrementTotal()`` by types outside Ripple appear under
    /// `"(external)"`. Empty in release builds. Compare two snapshots to see what a piece
    /// of code left behind:
    ///
    /// ```swift
    /// let before = Resources.liveObjects
    /// let subscription = subject.map { $0 * 2 }.subscribe(onNext: { print($0) })
    /// print(Resources.liveObjectsDiff(from: before))
    /// // ["MapSink<Int, Int>": 1, "SinkDisposer": 1, "SubjectSubscription<Int>": 1, …]
    /// subscription.dispose()
    /// ```
    ///
    /// Reading it walks a table of a few thousand slots: fine in a test, too slow for a
    /// hot path.
    public static var liveObjects: [String: Int] {
        #if DEBUG
        var result = liveObjectTable.snapshot()
        let external = liveExternalCount.load(ordering: .relaxed)
        if external != 0 {
            result["(external)", default: 0] += external
        }
        return result
        #else
        return [:]
        #endif
    }

    /// The change in ``liveObjects`` since `before`: each kind whose count differs, with
    /// the difference (positive: objects created and still alive).
    ///
    /// - Parameter before: An earlier reading of ``liveObjects``.
    /// - Returns: The kinds whose count changed since `before`, each with the difference.
    public static func liveObjectsDiff(from before: [String: Int]) -> [String: Int] {
        var diff = liveObjects
        for (name, count) in before {
            diff[name, default: 0] -= count
        }
        return diff.filter { $0.value != 0 }
    }

    /// Counts one more live object. Types outside Ripple that want to take part in
    /// leak accounting call this from their initializer.
    ///
    /// - Returns: The new ``total``.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        #if DEBUG
        liveExternalCount.wrappingAdd(1, ordering: .relaxed)
        #endif
        return liveResourceCount.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Counts one fewer live object; call it from the `deinit` that matches
    /// ``incrementTotal()``.
    ///
    /// - Returns: The new ``total``.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        #if DEBUG
        liveExternalCount.wrappingSubtract(1, ordering: .relaxed)
        #endif
        return liveResourceCount.wrappingSubtract(1, ordering: .relaxed).newValue
    }

    #if DEBUG
    /// Counts one more live instance of `kind`: Ripple's objects call this, in debug
    /// builds only, from their initializer as `Resources.track(Self.self)`.
    static func track(_ kind: AnyClass) {
        liveResourceCount.wrappingAdd(1, ordering: .relaxed)
        liveObjectTable.add(kind, 1)
    }

    /// Counts one fewer live instance of `kind`: the `deinit` matching ``track(_:)``.
    static func untrack(_ kind: AnyClass) {
        liveResourceCount.wrappingSubtract(1, ordering: .relaxed)
        liveObjectTable.add(kind, -1)
    }
    #endif
}

#if DEBUG
/// A fixed-size, lock-free table from class to live-instance count.
///
/// Open addressing over relaxed atomics: a slot's key is the class's metadata pointer
/// (0 while free), claimed once with a compare-exchange and never released. It takes
/// no lock on purpose: a lock taken by every allocation on every thread would order
/// those threads for the Thread Sanitizer and hide the races it is run to find. Kinds
/// that find the table full are counted under `"(other)"`.
private final class LiveObjectTable: Sendable {
    private static let capacity = 16_384

    // `nonisolated(unsafe)`: the pointers never change after `init` (the table lives as
    // long as the process); the words they point to are reached only through
    // `AtomicView`s (`keySlot(_:)`, `countSlot(_:)`).
    nonisolated(unsafe) private let keys: UnsafeMutablePointer<Int>
    nonisolated(unsafe) private let counts: UnsafeMutablePointer<Int>
    private let overflow = AtomicValue<Int>(0)

    init() {
        keys = .allocate(capacity: Self.capacity)
        keys.initialize(repeating: 0, count: Self.capacity)
        counts = .allocate(capacity: Self.capacity)
        counts.initialize(repeating: 0, count: Self.capacity)
    }

    /// The atomic key of slot `index`.
    private func keySlot(_ index: Int) -> AtomicView<UInt> {
        AtomicView(keys + index)
    }

    /// The atomic count of slot `index`.
    private func countSlot(_ index: Int) -> AtomicView<Int> {
        AtomicView(counts + index)
    }

    func add(_ kind: AnyClass, _ delta: Int) {
        let key = UInt(bitPattern: ObjectIdentifier(kind))
        let mask = Self.capacity - 1
        var index = Int(truncatingIfNeeded: (key >> 4) &* 0x9E37_79B9_7F4A_7C15) & mask
        for _ in 0..<64 {
            let found = keySlot(index).load(ordering: .relaxed)
            if found == key {
                countSlot(index).wrappingAdd(delta, ordering: .relaxed)
                return
            }
            if found == 0 {
                let (claimed, original) = keySlot(index).compareExchange(
                    expected: 0, desired: key, ordering: .relaxed)
                if claimed || original == key {
                    countSlot(index).wrappingAdd(delta, ordering: .relaxed)
                    return
                }
            }
            index = (index + 1) & mask
        }
        overflow.wrappingAdd(delta, ordering: .relaxed)
    }

    func snapshot() -> [String: Int] {
        var result: [String: Int] = [:]
        for index in 0..<Self.capacity {
            let key = keySlot(index).load(ordering: .relaxed)
            guard key != 0 else { continue }
            let count = countSlot(index).load(ordering: .relaxed)
            guard count != 0 else { continue }
            let kind: AnyClass = unsafeBitCast(key, to: AnyClass.self)
            result[String(describing: kind), default: 0] += count
        }
        let other = overflow.load(ordering: .relaxed)
        if other != 0 {
            result["(other)", default: 0] += other
        }
        return result
    }
}
#endif
