/// What can go wrong talking to a NATS server.
///
/// Calls that fail at once (``NATSConnection/connect(to:options:)-(String,_)``,
/// ``NATSConnection/publish(_:to:replyTo:headers:)``) throw it; problems found later (the
/// server's `-ERR`, a reconnect that gave up) arrive on ``NATSConnection/errors``.
///
/// ```swift
/// do {
///     try bus.publish(event)
/// } catch NATSError.reconnectBufferFull(let limit) {
///     print("offline and \(limit) bytes already waiting")
/// }
/// ```
public enum NATSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL is not `nats://` or `tls://` followed by `[user:password@ | token@]host[:port]`.
    case invalidURL(String)
    /// The subject (or reply subject, or queue group) is empty, has an empty token,
    /// whitespace or NUL, or misuses a wildcard.
    case invalidSubject(String)
    /// A header's name is empty or holds a colon, a space or a line break, or its value
    /// holds a line break: sent as it is, it would break the protocol's framing.
    case invalidHeader(String)
    /// The subject, with the reply subject or queue group, makes a protocol line of
    /// `length` bytes, more than `limit` (``NATSConnectionOptions/maxControlLine``): the
    /// server would close the connection over it, so it was not sent.
    case controlLineTooLong(length: Int, limit: Int)
    /// An argument or option is out of its range (the text says which and why).
    case invalidOption(String)
    /// The server could not be reached (the system's reason).
    case connectionFailed(String)
    /// The server refused the credentials (its `-ERR 'Authorization Violation'`, or
    /// credentials that expired or were revoked). The client does not retry: new
    /// credentials need a new connection.
    case authorizationViolation(String)
    /// The server refused a subscribe or publish on a subject the user may not use
    /// (`-ERR 'Permissions Violation …'`); the connection stays up.
    case permissionsViolation(String)
    /// The client insists on TLS (``NATSTLSOptions/required``, or a `tls://` URL) and the
    /// server does not offer it: nothing was sent in plain text. The client does not retry.
    case tlsRequired
    /// TLS failed for a reason that retrying would not fix, so the client does not retry:
    /// OpenSSL 3 (`libssl.so.3`) cannot be loaded, a CA, certificate or key file cannot be
    /// read, the server's certificate fails verification (an unknown authority, a name
    /// that does not match; the text says which), or the server refuses the client's
    /// certificate or its absence (a TLS alert). A connection broken in mid-handshake is
    /// ``connectionFailed(_:)`` instead, and retried like any other.
    case tlsFailed(String)
    /// The server did not answer in time: a handshake past
    /// ``NATSConnectionOptions/connectTimeout``, a flush or a request past its timeout.
    case timeout
    /// The connection is closed: by ``NATSConnection/close()``, after refused
    /// credentials, or after the reconnect policy gave up.
    case closed
    /// The connection is down and the reconnect buffer already holds `limit` bytes: the
    /// message was not accepted.
    case reconnectBufferFull(limit: Int)
    /// The message is larger than the server's `max_payload`: it was not sent.
    case payloadTooLarge(size: Int, max: Int)
    /// Nobody subscribes to the request's subject (the server's 503 status).
    case noResponders(subject: String)
    /// The reconnect policy gave up; `unsentBytes` bytes of accepted messages were never sent.
    case reconnectFailed(unsentBytes: Int)
    /// JetStream is not enabled, or refused a stream or consumer (its description).
    case jetStream(String)
    /// Another `-ERR` from the server. During a handshake it fails that attempt only (such
    /// as `Authentication Timeout` from a loaded server): the client retries.
    case server(String)
    /// The server's byte stream broke the protocol.
    case protocolViolation(String)
    /// A message on `subject` arrived whole but could not be read (a malformed header
    /// block, which any client can publish and the server forwards as it is): it was
    /// skipped, and the connection goes on.
    case malformedMessage(subject: String, reason: String)
    /// A write to the socket did not finish within ``NATSConnectionOptions/writeTimeout``
    /// (the server stopped reading): the connection was dropped and is re-established.
    case writeTimedOut(after: Duration)
    /// The server at `server` (`host:port`) announced lame-duck mode (it is about to shut
    /// down): the client left it for another server of its pool. Messages on their way
    /// through that connection at that moment may be lost, as with any dropped connection.
    case lameDuckMode(server: String)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .invalidURL(let url): "invalid NATS URL '\(url)'"
        case .invalidSubject(let subject): "invalid subject '\(subject)'"
        case .invalidHeader(let name): "invalid header '\(name)'"
        case .connectionFailed(let reason): "cannot connect to the NATS server: \(reason)"
        case .authorizationViolation(let text): "the NATS server refused the credentials (\(text))"
        case .permissionsViolation(let text): "the NATS server denied it: \(text)"
        case .tlsRequired: "TLS is required, and the NATS server does not offer it"
        case .tlsFailed(let reason): "TLS with the NATS server failed: \(reason)"
        case .timeout: "the NATS server did not answer in time"
        case .closed: "the NATS connection is closed"
        case .reconnectBufferFull(let limit): "disconnected, and the reconnect buffer is full (\(limit) bytes): message not accepted"
        case .payloadTooLarge(let size, let max): "message of \(size) bytes exceeds the server's max_payload of \(max) bytes"
        case .noResponders(let subject): "no responders for '\(subject)'"
        case .reconnectFailed(let unsent): "reconnecting gave up; \(unsent) buffered bytes were not sent"
        case .jetStream(let text): "JetStream: \(text)"
        case .server(let text): "NATS server error: \(text)"
        case .protocolViolation(let text): "NATS protocol violation: \(text)"
        case .controlLineTooLong(let length, let limit): "subject too long: its protocol line would be \(length) bytes, more than the limit of \(limit)"
        case .invalidOption(let text): "invalid NATS option: \(text)"
        case .malformedMessage(let subject, let reason): "malformed message on '\(subject)' skipped: \(reason)"
        case .writeTimedOut(let after): "the NATS server took no data for \(after): connection dropped"
        case .lameDuckMode(let server): "the NATS server \(server) is shutting down (lame-duck mode): moving to another server"
        }
    }
}
