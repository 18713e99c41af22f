import FoundationEssentials

/// The client's side of a NATS handshake with one server: the socket opened, `INFO` read,
/// TLS started when either side wants it, `CONNECT` and `PING` sent, the `PONG` awaited.
///
/// A value with one job and no shared state: the connection learns each `INFO` through
/// the callback and takes the transport only once the server has accepted it.
struct Handshake {
    /// The server to connect to, with its credentials.
    let address: ServerAddress
    /// Timeouts, TLS and the name sent in `CONNECT`.
    let options: NATSConnectionOptions

    /// Opens a socket and runs the handshake: `INFO` in, `CONNECT` and `PING` out, until
    /// the server's `PONG` (accepted) or `-ERR` (refused). The whole of it, socket and TLS
    /// included, must end within ``NATSConnectionOptions/connectTimeout``: a server that
    /// trickles its bytes must not hold the connection (or the reconnect loop) longer.
    ///
    /// Returns the transport, ready for the read loop, and the parser holding whatever the
    /// server sent after its `PONG`; `learn` gets each `INFO` as it arrives.
    func establish(learn: (NATSServerInfo) -> Void) throws(NATSError) -> (Transport, ProtocolParser) {
        let deadline = ContinuousClock.now + options.connectTimeout
        let transport = try Transport.open(
            host: address.host, port: address.port, timeout: options.connectTimeout, writeTimeout: options.writeTimeout
        )
        do throws(NATSError) {
            var parser = ProtocolParser()
            guard case .info(let info) = try Self.nextOperation(transport, &parser, until: deadline) else {
                throw NATSError.protocolViolation("the server did not start with INFO")
            }
            learn(info)
            // TLS when the server requires it (as the official clients do: with the
            // system's roots unless `options.tls` says otherwise) or the client does.
            let insisting = address.tls || options.tls?.required == true
            let secure = info.tlsRequired || insisting
            if secure {
                if !info.tlsRequired && !info.tlsAvailable {
                    throw NATSError.tlsRequired
                }
                try transport.startTLS(options.tls ?? NATSTLSOptions(required: false), host: address.verifiedName, timeout: deadline - ContinuousClock.now)
            }
            var hello: [UInt8] = []
            ClientCommand.connect(try connectJSON(tls: secure), into: &hello)
            hello.append(contentsOf: ClientCommand.ping)
            try transport.write(hello)
            while true {
                switch try Self.nextOperation(transport, &parser, until: deadline) {
                case .pong:
                    transport.setReadTimeout(nil)
                    return (transport, parser)
                case .err(let text):
                    // Refused credentials end the connection; anything else (such as
                    // `Authentication Timeout` from a loaded server) is retried.
                    if ServerErrorText.refusesCredentials(text) {
                        throw NATSError.authorizationViolation(text)
                    }
                    throw NATSError.server(text)
                case .ping:
                    try transport.write(ClientCommand.pong)
                case .info(let info):
                    learn(info)
                case .ok, .msg, .malformed:
                    continue
                }
            }
        } catch {
            transport.close()
            throw error
        }
    }

    /// Reads until the parser yields an operation (handshake only): each read waits only
    /// for what is left until `deadline`.
    private static func nextOperation(_ transport: Transport, _ parser: inout ProtocolParser, until deadline: ContinuousClock.Instant) throws(NATSError) -> ServerOperation {
        while true {
            do {
                if let operation = try parser.next() {
                    return operation
                }
            } catch {
                throw .protocolViolation(error.reason)
            }
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero {
                throw .timeout
            }
            transport.setReadTimeout(remaining)
            let received = try withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 1) { buffer throws(NATSError) -> Int in
                guard let count = try transport.read(into: buffer) else {
                    throw NATSError.timeout
                }
                parser.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                return count
            }
            if received == 0 {
                throw .connectionFailed("the server closed the connection during the handshake")
            }
        }
    }

    /// The fields of `CONNECT`, named as the protocol spells them.
    private struct ConnectMessage: Encodable {
        let verbose = false
        let pedantic = false
        let tls_required: Bool
        let lang = "swift"
        let version = "ripple-0.1"
        let `protocol` = 1
        let headers = true
        let no_responders = true
        let name: String?
        let user: String?
        let pass: String?
        let auth_token: String?
    }

    /// The `CONNECT` line's JSON: what this client supports and its credentials.
    private func connectJSON(tls: Bool) throws(NATSError) -> [UInt8] {
        let message = ConnectMessage(
            tls_required: tls, name: options.name, user: address.user, pass: address.password, auth_token: address.token
        )
        do {
            return Array(try JSONEncoder().encode(message))
        } catch {
            throw .protocolViolation("cannot encode CONNECT: \(error)")
        }
    }
}
