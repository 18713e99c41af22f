/// One operation the server sends, as the parser reads it from the byte stream.
enum ServerOperation: Sendable, Equatable {
    case info(NATSServerInfo)
    case msg(NATSMessage)
    /// A `MSG`/`HMSG` whose frame is sound but whose content is not (a malformed header
    /// block, as any other client can publish): it was skipped, and the stream goes on.
    case malformed(subject: String, reason: String)
    case ping
    case pong
    case ok
    /// `-ERR 'text'`: the text without its quotes.
    case err(String)
}

/// The server's byte stream broke the protocol: the connection cannot continue.
struct NATSProtocolViolation: Error, Equatable, CustomStringConvertible {
    let reason: String
    var description: String { "NATS protocol violation: \(reason)" }
}
