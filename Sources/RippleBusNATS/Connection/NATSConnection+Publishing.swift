import Glibc
import Ripple

// Publishing: a message's bytes, the write buffer or the reconnect buffer, the flushes.
extension NATSConnection {
    /// ``publish(_:to:replyTo:headers:)``, written by this thread before it returns when
    /// `writeNow` (a request, whose answer is awaited) instead of by the armed flush.
    /// `ownReply`: `replyTo` is this connection's inbox subject, valid by construction.
    func publish(
        _ payload: [UInt8], to subject: String, replyTo: String?, headers: NATSHeaders?, writeNow: Bool, ownReply: Bool = false
    ) throws(NATSError) {
        guard Subject.isValid(subject, allowWildcards: false) else {
            throw .invalidSubject(subject)
        }
        if !ownReply, let replyTo, !Subject.isValid(replyTo, allowWildcards: false) {
            throw .invalidSubject(replyTo)
        }
        guard let headers else {
            // The common case: `PUB` written straight into the write buffer (or the
            // reconnect buffer), its length known beforehand.
            let (line, count) = ClientCommand.publishLength(subject: subject, replyTo: replyTo, payload: payload.count)
            if line > options.maxControlLine {
                throw .controlLineTooLong(length: line, limit: options.maxControlLine)
            }
            try send(count: count, size: payload.count, writeNow: writeNow) { out in
                ClientCommand.publish(subject: subject, replyTo: replyTo, payload: payload, line: line, into: &out)
            }
            return
        }
        // `isNewline`: "\r\n" is one `Character`, equal to neither "\r" nor "\n".
        let breaksLine: (Character) -> Bool = { $0.isNewline }
        for field in headers.fields
        where field.name.isEmpty || field.name.contains(where: { breaksLine($0) || $0 == ":" || $0 == " " || $0 == "\u{0}" })
            || field.value.contains(where: breaksLine) {
            throw .invalidHeader(field.name)
        }
        if let description = headers.statusDescription, description.contains(where: breaksLine) {
            throw .invalidHeader(description)
        }
        var bytes: [UInt8] = []
        let line = ClientCommand.publish(subject: subject, replyTo: replyTo, headers: headers, payload: payload, into: &bytes)
        if line > options.maxControlLine {
            throw .controlLineTooLong(length: line, limit: options.maxControlLine)
        }
        // What the server counts against `max_payload`: the header block and the payload.
        try send(count: bytes.count, size: bytes.count - line - 4, writeNow: writeNow) { $0.append(contentsOf: bytes) }
    }

    /// Throws ``NATSError/controlLineTooLong(length:limit:)`` when the line `command`
    /// starts with (verb, subject, reply or queue, numbers; without its CRLF) is longer
    /// than ``NATSConnectionOptions/maxControlLine``: the server would close the
    /// connection over it.
    func checkControlLine(_ command: [UInt8]) throws(NATSError) {
        let length = command.firstRange(of: ClientCommand.crlf)?.lowerBound ?? command.count
        if length > options.maxControlLine {
            throw .controlLineTooLong(length: length, limit: options.maxControlLine)
        }
    }

    /// Queues a publish on the transport if connected (see ``Transport/enqueue(count:_:)``),
    /// else keeps it in the bounded reconnect buffer.
    ///
    /// A write that fails is not simply buffered: by then a reconnection may already
    /// have drained the buffer and declared the connection `connected`, and bytes added
    /// after that drain would wait for the next reconnection while this publisher's later
    /// messages went straight out ahead of them. So it tries again from the top: on the
    /// new transport if one is connected (this publisher's earlier buffered messages were
    /// drained before that), else into the buffer, which the coming drain empties before
    /// the connection is declared `connected`.
    ///
    /// `encode` appends the publish's `count` bytes to the buffer it is given: the
    /// transport's write buffer, under its lock, or a fresh array for the reconnect buffer.
    private func send(count: Int, size: Int, writeNow: Bool, encode: (inout [UInt8]) -> Void) throws(NATSError) {
        var failed: Transport?
        while true {
            let transport = try guarded.withLock { shared throws(NATSError) -> Transport? in
                if let max = shared.info?.maxPayload, size > max {
                    throw .payloadTooLarge(size: size, max: max)
                }
                switch try shared.machine.route(excluding: failed) {
                case .write(let transport):
                    return transport
                case .buffer:
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(count)
                    encode(&bytes)
                    try buffer(bytes, in: &shared)
                    return nil
                }
            }
            guard let transport else {
                return
            }
            hooks?.beforePublishWrite?(transport)
            do {
                let first = try transport.enqueue(count: count, encode)
                if writeNow {
                    flush(transport)
                } else if first {
                    if readerThread.load(ordering: .relaxed) == UInt(pthread_self()) {
                        // On the read loop's own thread: the loop writes it (see `serve`).
                        readerOwesFlush.store(true, ordering: .relaxed)
                    } else {
                        flusher.async { [weak self] in
                            self?.flush(transport)
                        }
                    }
                }
                return
            } catch {
                if case .writeTimedOut = error {
                    // The transport is shut down; the retry below buffers the message.
                    report(error)
                }
                failed = transport
            }
        }
    }

    /// Sends what publishes queued on `transport`: run on `flusher` when the first
    /// publish into an empty buffer armed it (the only delay a lone publish sees is that
    /// queue's wake-up; publishes made meanwhile join the write), or by a request itself.
    func flush(_ transport: Transport) {
        do throws(NATSError) {
            try transport.flush()
        } catch {
            // Any other failure is a dead transport, which the read loop sees.
            if case .writeTimedOut = error {
                report(error)
            }
        }
    }

    private func buffer(_ bytes: [UInt8], in shared: inout Shared) throws(NATSError) {
        if shared.pending.count + shared.inFlight.count + bytes.count > options.reconnectBufferSize {
            throw .reconnectBufferFull(limit: options.reconnectBufferSize)
        }
        shared.pending.append(contentsOf: bytes)
    }

    /// The bytes of publishes waiting for a connection, the ones being written by a
    /// reconnection included: never more than ``NATSConnectionOptions/reconnectBufferSize``.
    var bufferedByteCount: Int {
        guarded.withLock { $0.pending.count + $0.inFlight.count }
    }
}
