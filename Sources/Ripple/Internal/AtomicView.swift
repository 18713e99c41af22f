import CRippleAtomics

/// Atomic operations on a word that lives somewhere else, at an address that stays put
/// while the view is used: in an ``AtomicValue``'s heap word, or in a class instance's
/// first stored property (``init(firstStoredPropertyOf:)``).
///
/// `@unchecked Sendable`: the view is only an address, and every access through it is
/// one of the atomic operations below.
@usableFromInline
@frozen
package struct AtomicView<Value: AtomicWord>: @unchecked Sendable {
    @usableFromInline
    let word: UnsafeMutablePointer<Int>

    /// A view of the word at `word`, which must hold a value of `Value` and outlive the view.
    @inlinable
    package init(_ word: UnsafeMutablePointer<Int>) {
        self.word = word
    }

    /// A view of `object`'s first stored property, which must be an `Int` holding a
    /// `Value` and be the first stored property of the root class (no superclass field
    /// before it): the runtime keeps an object where it was allocated, so the address of
    /// its fields is fixed until it is freed, and `_getUnsafePointerToStoredProperties`
    /// gives the address of the first one. Use it only while `object` is alive.
    @inlinable
    package init(firstStoredPropertyOf object: AnyObject) {
        word = _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: Int.self)
    }

    /// Whether `word` is where ``init(firstStoredPropertyOf:)`` looks in `object`: for
    /// an `assert` in the object's initialiser, which catches a stored property added
    /// before the word (or a superclass given one). A debug check only: the address of
    /// `&property` passed here is not promised to be the property's own.
    package static func isFirstStoredProperty(_ word: UnsafeMutablePointer<Int>, of object: AnyObject) -> Bool {
        word == AtomicView(firstStoredPropertyOf: object).word
    }

    /// The current value.
    @inlinable @inline(__always)
    package func load(ordering: AtomicOrdering) -> Value {
        Value(atomicWord: ripple_word_load(word, ordering.order))
    }

    /// Replaces the value.
    @inlinable @inline(__always)
    package func store(_ desired: Value, ordering: AtomicOrdering) {
        ripple_word_store(word, desired.atomicWord, ordering.order)
    }

    /// Replaces the value and returns the one it replaced.
    @inlinable @inline(__always)
    package func exchange(_ desired: Value, ordering: AtomicOrdering) -> Value {
        Value(atomicWord: ripple_word_exchange(word, desired.atomicWord, ordering.order))
    }

    /// Replaces the value with `desired` if it is `expected`. Returns whether it did and
    /// the value found. A failed exchange orders like a load of `ordering` (its releasing
    /// half dropped).
    @inlinable @inline(__always)
    @discardableResult
    package func compareExchange(
        expected: Value, desired: Value, ordering: AtomicOrdering
    ) -> (exchanged: Bool, original: Value) {
        var found = expected.atomicWord
        let exchanged = ripple_word_compare_exchange(word, &found, desired.atomicWord, ordering.order)
        return (exchanged, Value(atomicWord: found))
    }
}

extension AtomicView where Value: FixedWidthInteger {
    /// Adds `operand` (wrapping on overflow); returns the values before and after.
    @inlinable @inline(__always)
    @discardableResult
    package func wrappingAdd(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: ripple_word_fetch_add(word, operand.atomicWord, ordering.order))
        return (old, old &+ operand)
    }

    /// Subtracts `operand` (wrapping on overflow); returns the values before and after.
    @inlinable @inline(__always)
    @discardableResult
    package func wrappingSubtract(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: ripple_word_fetch_sub(word, operand.atomicWord, ordering.order))
        return (old, old &- operand)
    }

    /// Sets the bits of `operand`; returns the values before and after.
    @inlinable @inline(__always)
    @discardableResult
    package func bitwiseOr(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: ripple_word_fetch_or(word, operand.atomicWord, ordering.order))
        return (old, old | operand)
    }

    /// Keeps only the bits of `operand`; returns the values before and after.
    @inlinable @inline(__always)
    @discardableResult
    package func bitwiseAnd(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: ripple_word_fetch_and(word, operand.atomicWord, ordering.order))
        return (old, old & operand)
    }

    /// Raises the value to `operand` if it is lower (a compare-exchange loop); returns the
    /// values before and after.
    @inlinable
    @discardableResult
    package func max(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        var current = load(ordering: .relaxed)
        while current < operand {
            let (exchanged, found) = compareExchange(expected: current, desired: operand, ordering: ordering)
            if exchanged {
                return (current, operand)
            }
            current = found
        }
        return (current, current)
    }
}
