/// A stored `Disposable` that is filled once and taken out once: what `Disposable?` would
/// be, for a lot less work.
///
/// Every copy or destroy of a `Disposable?` (destroying a `nil` one included, as when it
/// is first assigned or its owner is freed) goes through the runtime's generic `Optional`
/// value witnesses, some 60 instructions each. A plain `Disposable` existential moves by
/// copying memory and is destroyed by one call to its own type's value witness, so an
/// empty slot holds a ``NopDisposable`` instead of `nil`. Filling and taking swap values
/// rather than copy them.
struct DisposableSlot {
    private var disposable: Disposable

    /// An empty slot.
    init() {
        disposable = NopDisposable()
    }

    /// A slot holding `disposable`.
    init(_ disposable: consuming Disposable) {
        self.disposable = disposable
    }

    /// Puts `disposable` in this slot, which is empty.
    @inline(__always)
    mutating func fill(with disposable: consuming Disposable) {
        self.disposable = disposable
    }

    /// Moves what `other` holds into this slot, which is empty, and leaves `other` empty.
    @inline(__always)
    mutating func fill(from other: inout DisposableSlot) {
        swap(&disposable, &other.disposable)
    }

    /// Takes the disposable out, leaving the slot empty; a ``NopDisposable`` when it was
    /// empty.
    @inline(__always)
    mutating func take() -> Disposable {
        // One move out and a store of the empty value, where `swap` moves three times.
        withUnsafeMutablePointer(to: &disposable) { slot in
            let taken = slot.move()
            slot.initialize(to: NopDisposable())
            return taken
        }
    }
}
