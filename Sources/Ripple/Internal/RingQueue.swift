/// A first-in, first-out queue of elements on a ring buffer that doubles when full and
/// never shrinks: once it has grown to the largest backlog it sees, enqueueing and
/// dequeueing allocate nothing.
///
/// A class, so that an operator's sink and the observer of one of its sources can share
/// it (`zip` keeps one per source). It is not synchronised: its owner guards it with
/// its own ``Lock``.
final class RingQueue<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    private var head = 0
    /// How many elements are queued.
    private(set) var count = 0

    /// An empty queue with room for `initialCapacity` elements before it first grows.
    init(initialCapacity: Int = 4) {
        capacity = Swift.max(1, initialCapacity)
        storage = .allocate(capacity: capacity)
    }

    deinit {
        while count > 0 {
            _ = dequeue()
        }
        storage.deallocate()
    }

    /// Whether no element is queued.
    var isEmpty: Bool {
        count == 0
    }

    /// Adds `element` at the back.
    func enqueue(_ element: Element) {
        if count == capacity {
            grow()
        }
        var tail = head + count
        if tail >= capacity {
            tail -= capacity
        }
        (storage + tail).initialize(to: element)
        count += 1
    }

    /// Removes and returns the element at the front.
    ///
    /// - Precondition: The queue is not empty.
    func dequeue() -> Element {
        precondition(count > 0, "RingQueue.dequeue on an empty queue")
        let element = (storage + head).move()
        head += 1
        if head == capacity {
            head = 0
        }
        count -= 1
        return element
    }

    @inline(never)
    private func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        // The elements from `head` to the end of the buffer, then the ones that wrapped
        // around to its start.
        let firstPart = Swift.min(count, capacity - head)
        newStorage.moveInitialize(from: storage + head, count: firstPart)
        (newStorage + firstPart).moveInitialize(from: storage, count: count - firstPart)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
        head = 0
    }
}
