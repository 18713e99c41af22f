/// The last elements a ``ReplaySubject`` keeps for new subscribers: all of them, or at
/// most `limit`, dropping the oldest.
///
/// A bounded buffer is a ring: once full, each new element overwrites the oldest in
/// place, so keeping elements allocates nothing after the first `limit` of them.
struct ReplayBuffer<Element> {
    /// The most elements kept, or `nil` for no limit.
    private let limit: Int?
    private var storage: ContiguousArray<Element> = []
    // Where the oldest element is, once a bounded buffer is full.
    private var oldest = 0

    /// A buffer keeping at most `limit` elements (none when `limit` is not positive),
    /// or every element when `limit` is `nil`.
    init(limit: Int?) {
        self.limit = limit
    }

    /// Keeps `element`, dropping the oldest one if the buffer is full.
    mutating func append(_ element: Element) {
        guard let limit else {
            storage.append(element)
            return
        }
        if storage.count < limit {
            storage.append(element)
        } else if limit > 0 {
            storage[oldest] = element
            oldest += 1
            if oldest == limit {
                oldest = 0
            }
        }
    }

    /// The kept elements, oldest first.
    var elements: ContiguousArray<Element> {
        if oldest == 0 {
            return storage
        }
        var ordered = ContiguousArray<Element>()
        ordered.reserveCapacity(storage.count)
        ordered.append(contentsOf: storage[oldest...])
        ordered.append(contentsOf: storage[..<oldest])
        return ordered
    }

    /// Drops every element; returns them, so the caller can release them later.
    mutating func removeAll() -> ContiguousArray<Element> {
        let dropped = storage
        storage = []
        oldest = 0
        return dropped
    }
}
