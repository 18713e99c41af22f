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

    /// A view of the word `offset` bytes into `object`'s first stored property: for a
    /// class whose first stored property is a struct of several words (the offset from
    /// `MemoryLayout.offset(of:)`); the same conditions as above.
    @inlinable
    package init(firstStoredPropertyOf object: AnyObject, offset: Int) {
        word = (_getUnsafePointerToStoredProperties(object) + offset).assumingMemoryBound(to: Int.self)
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
        switch ordering {
        case .relaxed, .acquiring:
            // Not the C function: Swift marks every call in a protocol witness thunk
            // `noinline`, and the per-element paths of the sinks are inlined into their
            // witness thunks, so there a C load stays a call. The standard library's
            // acquiring load of a word (public, inlined into the caller, no availability)
            // becomes the load instruction itself; it treats the word as an unretained
            // reference and neither dereferences nor retains it, so any word will do.
            // Acquiring is at least as strong as relaxed (the same `mov` on x86-64).
            let found = _stdlib_atomicAcquiringLoadARCRef(object: UnsafeMutablePointer<AnyObject?>(OpaquePointer(word)))
            return Value(atomicWord: Int(bitPattern: found?.toOpaque()))
        case .releasing, .acquiringAndReleasing, .sequentiallyConsistent:
            return Value(atomicWord: ripple_word_load_seq_cst(word))
        }
    }

    /// Replaces the value.
    @inlinable @inline(__always)
    package func store(_ desired: Value, ordering: AtomicOrdering) {
        switch ordering {
        case .relaxed: ripple_word_store_relaxed(word, desired.atomicWord)
        case .releasing: ripple_word_store_release(word, desired.atomicWord)
        case .acquiring, .acquiringAndReleasing, .sequentiallyConsistent: ripple_word_store_seq_cst(word, desired.atomicWord)
        }
    }

    /// Replaces the value and returns the one it replaced.
    @inlinable @inline(__always)
    package func exchange(_ desired: Value, ordering: AtomicOrdering) -> Value {
        Value(atomicWord: update(desired.atomicWord, ordering, ripple_word_exchange_relaxed, ripple_word_exchange_acquire,
                                 ripple_word_exchange_release, ripple_word_exchange_acq_rel, ripple_word_exchange_seq_cst))
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
        let exchanged = switch ordering {
        case .relaxed: ripple_word_compare_exchange_relaxed(word, &found, desired.atomicWord)
        case .acquiring: ripple_word_compare_exchange_acquire(word, &found, desired.atomicWord)
        case .releasing: ripple_word_compare_exchange_release(word, &found, desired.atomicWord)
        case .acquiringAndReleasing: ripple_word_compare_exchange_acq_rel(word, &found, desired.atomicWord)
        case .sequentiallyConsistent: ripple_word_compare_exchange_seq_cst(word, &found, desired.atomicWord)
        }
        return (exchanged, Value(atomicWord: found))
    }

    /// Applies the read-modify-write operation of `ordering` among the five given (one C
    /// function per ordering) to the word and `operand`; returns the word before it.
    @inlinable @inline(__always)
    func update(
        _ operand: Int, _ ordering: AtomicOrdering,
        _ relaxed: (UnsafeMutablePointer<Int>?, Int) -> Int, _ acquiring: (UnsafeMutablePointer<Int>?, Int) -> Int,
        _ releasing: (UnsafeMutablePointer<Int>?, Int) -> Int, _ acquiringAndReleasing: (UnsafeMutablePointer<Int>?, Int) -> Int,
        _ sequentiallyConsistent: (UnsafeMutablePointer<Int>?, Int) -> Int
    ) -> Int {
        switch ordering {
        case .relaxed: relaxed(word, operand)
        case .acquiring: acquiring(word, operand)
        case .releasing: releasing(word, operand)
        case .acquiringAndReleasing: acquiringAndReleasing(word, operand)
        case .sequentiallyConsistent: sequentiallyConsistent(word, operand)
        }
    }
}

extension AtomicView where Value: FixedWidthInteger {
    /// Adds `operand` (wrapping on overflow); returns the values before and after.
    @inlinable @inline(__always)
    @discardableResult
    package func wrappingAdd(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: update(operand.atomicWord, ordering, ripple_word_fetch_add_relaxed, ripple_word_fetch_add_acquire, ripple_word_fetch_add_release,
                   ripple_word_fetch_add_acq_rel, ripple_word_fetch_add_seq_cst))
        return (old, old &+ operand)
    }

    /// Subtracts `operand` (wrapping on overflow); returns the values before and after.
    @inlinable @inline(__always)
    @discardableResult
    package func wrappingSubtract(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: update(operand.atomicWord, ordering, ripple_word_fetch_sub_relaxed, ripple_word_fetch_sub_acquire, ripple_word_fetch_sub_release,
                   ripple_word_fetch_sub_acq_rel, ripple_word_fetch_sub_seq_cst))
        return (old, old &- operand)
    }

    /// Sets the bits of `operand`; returns the values before and after.
    @inlinable @inline(__always)
    @discardableResult
    package func bitwiseOr(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: update(operand.atomicWord, ordering, ripple_word_fetch_or_relaxed, ripple_word_fetch_or_acquire, ripple_word_fetch_or_release,
                   ripple_word_fetch_or_acq_rel, ripple_word_fetch_or_seq_cst))
        return (old, old | operand)
    }

    /// Keeps only the bits of `operand`; returns the values before and after.
    @inlinable @inline(__always)
    @discardableResult
    package func bitwiseAnd(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: update(operand.atomicWord, ordering, ripple_word_fetch_and_relaxed, ripple_word_fetch_and_acquire, ripple_word_fetch_and_release,
                   ripple_word_fetch_and_acq_rel, ripple_word_fetch_and_seq_cst))
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
