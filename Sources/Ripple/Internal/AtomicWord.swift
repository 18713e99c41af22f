/// A value an ``AtomicValue`` or ``AtomicView`` can hold: one that converts to and from a
/// machine word (`Int`) without loss, so that every atomic is a word in memory.
@usableFromInline
package protocol AtomicWord {
    /// The value from its word (only ever one that ``atomicWord`` produced, or the result
    /// of arithmetic on such words, truncated to the type).
    init(atomicWord: Int)
    /// The value as a word.
    var atomicWord: Int { get }
}

extension Bool: AtomicWord {
    @inlinable package init(atomicWord: Int) { self = atomicWord != 0 }
    @inlinable package var atomicWord: Int { self ? 1 : 0 }
}

extension Int: AtomicWord {
    @inlinable package init(atomicWord: Int) { self = atomicWord }
    @inlinable package var atomicWord: Int { self }
}

extension UInt: AtomicWord {
    @inlinable package init(atomicWord: Int) { self = UInt(bitPattern: atomicWord) }
    @inlinable package var atomicWord: Int { Int(bitPattern: self) }
}

extension Int32: AtomicWord {
    @inlinable package init(atomicWord: Int) { self = Int32(truncatingIfNeeded: atomicWord) }
    @inlinable package var atomicWord: Int { Int(self) }
}

extension UInt8: AtomicWord {
    @inlinable package init(atomicWord: Int) { self = UInt8(truncatingIfNeeded: atomicWord) }
    @inlinable package var atomicWord: Int { Int(self) }
}
