/// A subject's subscribers in subscription order: a growable buffer of strong
/// references that the delivering call reads without any reference counting.
///
/// An array stored in a class and read while other code may run (the subscribers'
/// handlers) is retained for the read: one retain and one release per event. Here the
/// delivering call reads a raw pointer and a count, and the references are counted
/// by hand: retained when stored, released when the caller of ``take()`` or
/// ``replace(at:with:)`` drops what it returns — outside the subject's lock.
///
/// Not copyable: it owns its buffer. Guarded like the subject's state (see
/// ``SubjectCore``): changed under the subject's lock, by the holder of the right to
/// deliver or while nobody holds it; read by that holder without the lock.
struct SubscriberSlots: ~Copyable {
    private var base: UnsafeMutablePointer<Unmanaged<AnyObject>>?
    private(set) var count = 0
    private var capacity = 0

    init() {}

    deinit {
        for index in 0..<count {
            base.unsafelyUnwrapped[index].release()
        }
        base?.deallocate()
    }

    /// The subscriber at `index`, unretained: valid while it stays in the slots.
    @inline(__always)
    subscript(index: Int) -> Unmanaged<AnyObject> {
        base.unsafelyUnwrapped[index]
    }

    /// Stores `object` (retained) after the others.
    mutating func append(_ object: AnyObject) {
        if count == capacity {
            let newCapacity = Swift.max(4, capacity * 2)
            let newBase = UnsafeMutablePointer<Unmanaged<AnyObject>>.allocate(capacity: newCapacity)
            if let base {
                newBase.moveInitialize(from: base, count: count)
                base.deallocate()
            }
            base = newBase
            capacity = newCapacity
        }
        (base.unsafelyUnwrapped + count).initialize(to: .passRetained(object))
        count += 1
    }

    /// Puts `object` (retained) at `index` and returns what was there, for the caller
    /// to release once it no longer holds the subject's lock.
    mutating func replace(at index: Int, with object: AnyObject) -> AnyObject {
        let old = base.unsafelyUnwrapped[index]
        base.unsafelyUnwrapped[index] = .passRetained(object)
        return old.takeRetainedValue()
    }

    /// Keeps, in order, only the subscribers for which `keep` is true, telling each
    /// kept one its new index; returns the others for the caller to release.
    mutating func compact(keeping keep: (AnyObject, _ newIndex: Int) -> Bool) -> [AnyObject] {
        var removed: [AnyObject] = []
        var kept = 0
        for index in 0..<count {
            let object = base.unsafelyUnwrapped[index]
            if keep(object.takeUnretainedValue(), kept) {
                base.unsafelyUnwrapped[kept] = object
                kept += 1
            } else {
                removed.append(object.takeRetainedValue())
            }
        }
        count = kept
        return removed
    }

    /// Empties the slots, returning the subscribers for the caller to release.
    mutating func take() -> [AnyObject] {
        var taken: [AnyObject] = []
        taken.reserveCapacity(count)
        for index in 0..<count {
            taken.append(base.unsafelyUnwrapped[index].takeRetainedValue())
        }
        count = 0
        return taken
    }
}
