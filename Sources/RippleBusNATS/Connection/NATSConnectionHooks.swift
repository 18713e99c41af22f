/// Points where a test can hold a connection's thread to force an interleaving that
/// timing alone makes rare. Each hook runs on the thread that reached its point, which
/// waits for it to return. Internal: only tests set them, through
/// `NATSConnection.connect(to:options:hooks:)`; without hooks a publish pays one `nil` check.
struct NATSConnectionHooks: Sendable {
    /// In a publish, after the transport was chosen and before writing to it.
    var beforePublishWrite: (@Sendable (Transport) -> Void)?
    /// In a (re)connection's drain, holding the socket's write lock: after a chunk of
    /// `SUB` lines and buffered publishes was taken (publishes made now are buffered),
    /// before it is written.
    var beforeActivateWrite: (@Sendable (Transport) -> Void)?
    /// In ``NATSConnection/close()``, after the close was decided and before it sends
    /// what is queued on the transport's write buffer.
    var beforeCloseSend: (@Sendable (Transport) -> Void)?
}
