/// How a ``NATSConnection`` uses TLS: whether to insist on it, which certificate
/// authority to trust, and the client's own certificate for servers that verify clients.
///
/// The client upgrades to TLS whenever the server requires it (its `INFO` says
/// `tls_required`), with or without these options, verifying the server against the
/// system's trusted roots by default; with `required`, or a `tls://` URL, it also
/// insists on TLS and refuses a server that does not offer it.
///
/// ```swift
/// var options = NATSConnectionOptions(name: "billing-worker")
/// options.tls = NATSTLSOptions(
///     caFile: "/etc/nats/ca.pem",
///     certificateFile: "/etc/nats/client.pem",
///     keyFile: "/etc/nats/client-key.pem"
/// )
/// let bus = try await NATSEventBus.connect(to: "tls://nats.internal:4222", options: options)
/// ```
///
/// TLS runs on the OpenSSL 3 library of the system (`libssl.so.3`, which Swift's
/// Foundation needs too), loaded when the first TLS connection starts; without it, such a
/// connection fails with ``NATSError/tlsFailed(_:)`` naming the library.
public struct NATSTLSOptions: Sendable, Equatable {
    /// Use TLS even when the server does not demand it, and refuse a server that does not
    /// offer it (``NATSError/tlsRequired``). A `tls://` URL means the same.
    public var required: Bool
    /// A PEM file of the certificate authorities to trust for the server's certificate,
    /// instead of the system's trusted roots.
    public var caFile: String?
    /// A PEM file with the client's certificate (and its chain), for servers that verify
    /// clients (`verify: true` in the server's `tls` block).
    public var certificateFile: String?
    /// The PEM file with the private key of ``certificateFile``.
    public var keyFile: String?
    /// The name the server's certificate must carry (and the SNI sent), when it is not the
    /// URL's host; an IP address is checked against the certificate's IP addresses.
    public var serverName: String?
    /// Accept any server certificate, unverified. **Unsafe**: anyone on the path can
    /// impersonate the server and read everything. For tests against throwaway
    /// certificates only; never in production.
    public var insecureSkipVerify: Bool

    /// TLS options.
    ///
    /// - Parameters:
    ///   - required: Insist on TLS even if the server does not require it.
    ///   - caFile: The certificate authorities to trust (PEM); `nil` for the system's roots.
    ///   - certificateFile: The client's certificate chain (PEM), for mutual TLS.
    ///   - keyFile: The client certificate's private key (PEM).
    ///   - serverName: The name to verify and send as SNI; `nil` for the URL's host.
    ///   - insecureSkipVerify: Skip verifying the server (unsafe: tests only).
    public init(
        required: Bool = true,
        caFile: String? = nil,
        certificateFile: String? = nil,
        keyFile: String? = nil,
        serverName: String? = nil,
        insecureSkipVerify: Bool = false
    ) {
        self.required = required
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.serverName = serverName
        self.insecureSkipVerify = insecureSkipVerify
    }
}
