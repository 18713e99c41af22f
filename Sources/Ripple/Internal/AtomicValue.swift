/// An atomic value that owns its word: a drop-in for the Synchronization module's
/// `Atomic`, which Ripple cannot use before macOS 15 / iOS 18.
///
/// The word is allocated on the heap when the value is made and freed when it is
/// destroyed, because the atomic operations need an address that does not move, and a
/// stored property's address is not one Swift promises. That costs an allocation per
/// value: objects made per subscription and touched per event keep their word in their
/// first stored property and use an ``AtomicView`` instead (see `Sink.disposed`).
package struct AtomicValue<Value: AtomicWord>: ~Copyable, @unchecked Sendable {
    // `@unchecked Sendable`: the word is reached only through `view`, whose every
    // operation is atomic, and is freed only by `deinit`, when no one can reach it.
    /// The operations, on the owned word.
    package let view: AtomicView<Value>

    /// An atomic holding `initialValue`.
    package init(_ initialValue: Value) {
        let word = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        word.initialize(to: initialValue.atomicWord)
        view = AtomicView(word)
    }

    deinit {
        view.word.deallocate()
    }

    /// See ``AtomicView/load(ordering:)``.
    @inline(__always)
    package func load(ordering: AtomicOrdering) -> Value {
        view.load(ordering: ordering)
    }

    /// See ``AtomicView/store(_:ordering:)``.
    @inline(__always)
    package func store(_ desired: Value, ordering: AtomicOrdering) {
        view.store(desired, ordering: ordering)
    }

    /// See ``AtomicView/exchange(_:ordering:)``.
    @inline(__always)
    package func exchange(_ desired: Value, ordering: AtomicOrdering) -> Value {
        view.exchange(desired, ordering: ordering)
    }

    /// See ``AtomicView/compareExchange(expected:desired:ordering:)``.
    @inline(__always)
    @discardableResult
    package func compareExchange(
        expected: Value, desired: Value, ordering: AtomicOrdering
    ) -> (exchanged: Bool, original: Value) {
        view.compareExchange(expected: expected, desired: desired, ordering: ordering)
    }
}

extension AtomicValue where Value: FixedWidthInteger {
    /// See ``AtomicView/wrappingAdd(_:ordering:)``.
    @inline(__always)
    @discardableResult
    package func wrappingAdd(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        view.wrappingAdd(operand, ordering: ordering)
    }

    /// See ``AtomicView/wrappingSubtract(_:ordering:)``.
    @inline(__always)
    @discardableResult
    package func wrappingSubtract(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        view.wrappingSubtract(operand, ordering: ordering)
    }

    /// See ``AtomicView/bitwiseOr(_:ordering:)``.
    @inline(__always)
    @discardableResult
    package func bitwiseOr(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        view.bitwiseOr(operand, ordering: ordering)
    }

    /// See ``AtomicView/bitwiseAnd(_:ordering:)``.
    @inline(__always)
    @discardableResult
    package func bitwiseAnd(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        view.bitwiseAnd(operand, ordering: ordering)
    }

    /// See ``AtomicView/max(_:ordering:)``.
    @inline(__always)
    @discardableResult
    package func max(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        view.max(operand, ordering: ordering)
    }
}
