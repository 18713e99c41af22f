/// The protocol bytes written to a connection and not yet handed to its socket, in the
/// order they were written: what lets many publishes leave in one system call.
///
/// A value with no I/O (``Transport`` keeps it under a lock and does the writing). It
/// holds at most ``limit`` bytes, except one chunk larger than the limit, which is let in
/// only when the buffer is empty and must be written at once: so at most
/// `max(limit, largest single write)` bytes ever wait here.
struct OutboundBuffer {
    /// The default bound, and the size that triggers a write: 64 KB, the official clients'
    /// order of magnitude (nats.go's write buffer is 32 KB), enough for about a thousand
    /// small publishes per system call.
    static let defaultLimit = 64 * 1024

    /// What ``append(_:)`` did with a chunk.
    enum Admission: Equatable {
        /// Queued in an empty buffer: the caller arms one flush, which sends it and
        /// whatever joins it meanwhile.
        case queuedFirst
        /// Queued behind others: a flush is already armed.
        case queued
        /// Queued alone and at least ``OutboundBuffer/limit`` long: the caller writes it
        /// now (nothing can join it: any other chunk finds the buffer full).
        case queuedAlone
        /// Not queued: it does not fit beside what waits; the caller writes what waits,
        /// then tries again.
        case full
    }

    /// The most bytes kept before a write is due.
    let limit: Int
    private var bytes: [UInt8] = []
    // The last chunk taken, emptied, kept for its capacity: the buffer and the chunk in
    // flight swap storage instead of allocating on every write.
    private var spare: [UInt8] = []

    /// A buffer that holds up to `limit` bytes (at least 1).
    init(limit: Int = defaultLimit) {
        self.limit = max(1, limit)
    }

    /// The bytes waiting.
    var count: Int {
        bytes.count
    }

    /// Whether nothing waits.
    var isEmpty: Bool {
        bytes.isEmpty
    }

    /// Queues `chunk` if it fits within ``limit`` (or, larger than the limit, if nothing
    /// else waits), and says what the caller must do next.
    mutating func append(_ chunk: [UInt8]) -> Admission {
        append(count: chunk.count) { $0.append(contentsOf: chunk) }
    }

    /// ``append(_:)`` for a chunk of `count` bytes that `write` appends straight into the
    /// buffer (a publish encoded in place, with no array of its own); `write` runs only
    /// when the chunk is admitted, and must append exactly `count` bytes.
    mutating func append(count: Int, _ write: (inout [UInt8]) -> Void) -> Admission {
        if !bytes.isEmpty && bytes.count + count > limit {
            return .full
        }
        let first = bytes.isEmpty
        write(&bytes)
        if !first {
            return .queued
        }
        return bytes.count >= limit ? .queuedAlone : .queuedFirst
    }

    /// Queues `chunk` whatever the limit: for the connection's own commands (`SUB`,
    /// `UNSUB`, `PING`, a reconnection's drain), which are written at once after this.
    mutating func force(_ chunk: [UInt8]) {
        bytes.append(contentsOf: chunk)
    }

    /// Takes everything waiting, oldest first, leaving the buffer empty.
    mutating func take() -> [UInt8] {
        var taken = spare
        swap(&taken, &bytes)
        spare = []
        return taken
    }

    /// Gives back a chunk ``take()`` returned, once written, so its storage is reused.
    mutating func recycle(_ chunk: consuming [UInt8]) {
        if spare.capacity < chunk.capacity, chunk.capacity <= 4 * limit {
            chunk.removeAll(keepingCapacity: true)
            spare = chunk
        }
    }
}
