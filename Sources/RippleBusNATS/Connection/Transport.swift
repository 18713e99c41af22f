#if !os(Linux)
#error("RippleBusNATS builds on Linux only: its sockets use Glibc and its TLS loads libssl.so.3 (see the module's article, \"Platforms\")")
#endif
import Glibc
import Ripple

/// One TCP connection to the server: a socket that any thread may write to (one write at a
/// time, under `writer`) and only the connection's own thread reads from and closes.
///
/// The descriptor is closed only by ``close()``, after `writer` has been marked closed, so
/// no write can reach a descriptor number the system has reused.
///
/// After ``startTLS(_:host:timeout:)`` the bytes go through an OpenSSL session instead.
/// An `SSL` object must not be used by two threads at once, so every call on it
/// (`SSL_read`, `SSL_write`, `SSL_free`) happens under `session`, and the socket becomes
/// non-blocking so that no such call ever waits under the lock: a call that needs the
/// network returns "want read"/"want write", the lock is released, and the thread waits in
/// `poll()` outside it. The reader calls `SSL_read` before polling, so bytes OpenSSL has
/// already buffered (what `SSL_pending` counts) are never left waiting for the socket.
/// Lock order: `writer`, then `outbound`, then `descriptor`, then `session` (the reader
/// takes `session` alone, ``shutdown()`` takes `descriptor` alone, a publish's
/// ``enqueue(count:_:)`` takes `outbound` alone unless it must write).
///
/// Writes are coalesced: every write first joins `outbound` (an ``OutboundBuffer``), and
/// whoever holds `writer` takes all that waits there and sends it in one go. Taking only
/// under `writer` keeps the bytes on the wire in the order they joined the buffer.
final class Transport: Sendable {
    private static let lastID = AtomicValue<Int>(0)

    /// Unique for the process's lifetime (an object's address is not: a new transport
    /// may be allocated where a closed one was).
    let id: UInt64
    private let fd: Int32
    // Guards writes to `fd`; `true` once the socket is closed.
    private let writer = LockedValue<Bool>(false)
    // What was written and not yet sent. Held only briefly, never across a system call.
    private let outbound: LockedValue<OutboundBuffer>
    // Set by `shutdown()`: later writes fail at once.
    private let isShutDown = AtomicValue<Bool>(false)
    // `true` once `close()` released `fd`; `shutdown()` checks it under this lock, which,
    // unlike `writer`, is never held across a blocking call.
    private let descriptor = LockedValue<Bool>(false)
    // The TLS session, once the handshake succeeded; every OpenSSL call on it is made
    // under this lock (see above). `nil` again after `close()` freed it.
    private let session = LockedValue<TLSSession?>(nil)
    // Whether reads and writes go through `session` (set once, before any concurrent use).
    private let secured = AtomicValue<Bool>(false)
    // The read timeout in milliseconds for TLS reads (`poll`), -1 for none.
    private let readTimeout = AtomicValue<Int>(-1)
    // How long one write may take before the transport is shut down (nil: no limit).
    private let writeTimeout: Duration?

    /// An OpenSSL `SSL *` and the library it came from. The pointer is kept as its address,
    /// an integer, so the value is `Sendable` as `LockedValue` (like `Mutex`) wants; what makes using it safe is
    /// that it lives only in `session` and is used only under that lock.
    private struct TLSSession: Sendable {
        private let address: UInt
        let library: OpenSSL

        init(ssl: OpaquePointer, library: OpenSSL) {
            address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(ssl)))
            self.library = library
        }

        var ssl: OpaquePointer {
            OpaquePointer(bitPattern: UInt(address))!
        }
    }

    /// What one OpenSSL call under `session` came to.
    private enum TLSStep {
        case done(Int)
        case wait(Int16)
        case end
        case failed(NATSError)
    }

    private init(fd: Int32, writeTimeout: Duration?, outboundLimit: Int) {
        self.fd = fd
        self.writeTimeout = writeTimeout
        outbound = LockedValue(OutboundBuffer(limit: outboundLimit))
        id = UInt64(Self.lastID.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    /// Opens a TCP connection to `host:port`, giving up after `timeout`; each later write
    /// must finish within `writeTimeout` (see ``write(deciding:)``), and at most
    /// `outboundLimit` bytes of publishes wait to be sent (see ``enqueue(count:_:)``).
    static func open(
        host: String, port: Int, timeout: Duration, writeTimeout: Duration? = nil, outboundLimit: Int = OutboundBuffer.defaultLimit
    ) throws(NATSError) -> Transport {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .connectionFailed("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address for \(host)"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            if fd < 0 {
                lastError = Self.errorText()
                continue
            }
            if let failure = connect(fd, to: address.pointee, timeout: timeout) {
                lastError = failure
                _ = Glibc.close(fd)
                continue
            }
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            return Transport(fd: fd, writeTimeout: writeTimeout, outboundLimit: outboundLimit)
        }
        throw .connectionFailed("\(host):\(port): \(lastError)")
    }

    /// Connects `fd` without blocking longer than `timeout`; returns the failure, if any.
    private static func connect(_ fd: Int32, to address: addrinfo, timeout: Duration) -> String? {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        if Glibc.connect(fd, address.ai_addr, address.ai_addrlen) == 0 {
            return nil
        }
        guard errno == EINPROGRESS else {
            return errorText()
        }
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&poller, 1, Int32(clamping: timeout.milliseconds))
        if ready == 0 {
            return "timed out after \(timeout)"
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        return error == 0 ? nil : String(cString: strerror(error))
    }

    /// Limits how long ``read(into:)`` blocks (`nil`: forever).
    func setReadTimeout(_ timeout: Duration?) {
        // At least 1 ms: a zero `timeval` would mean no timeout at all.
        let milliseconds = timeout.map { max(1, $0.milliseconds) } ?? 0
        readTimeout.store(timeout == nil ? -1 : milliseconds, ordering: .relaxed)
        var value = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Queues a publish's bytes to be sent with whatever else waits, in order, and
    /// returns whether the caller must arm a flush (the buffer was empty: one flush, run
    /// soon on another thread, sends these bytes and everything that joins them meanwhile).
    ///
    /// It does not wait for the socket unless the buffer is full: then it writes what
    /// waits itself (within the write timeout, as ``write(deciding:)``) before queuing, so
    /// at most `outboundLimit` bytes (or one larger publish, written at once) ever wait.
    /// Throws ``NATSError/closed`` once the transport is shut down, or what that write
    /// throws; either way the bytes are not fully sent (a larger publish is the last thing
    /// in its own write), so the caller may send them elsewhere without a duplicate.
    ///
    /// `write` appends the publish's `count` bytes straight into the write buffer, under
    /// its lock (see ``OutboundBuffer/append(count:_:)``), so a publish costs no array of
    /// its own; it runs at most once, when the bytes are admitted to the buffer.
    func enqueue(count: Int, _ write: (inout [UInt8]) -> Void) throws(NATSError) -> Bool {
        while true {
            // `isShutDown` is set without this lock (``shutdown()`` may run inside a
            // write's `decide`): bytes that join just as it is set are lost with the socket.
            let admission = try outbound.withLock { buffer throws(NATSError) -> OutboundBuffer.Admission in
                if isShutDown.load(ordering: .acquiring) {
                    throw .closed
                }
                return buffer.append(count: count, write)
            }
            switch admission {
            case .queuedFirst:
                return true
            case .queued:
                return false
            case .queuedAlone:
                try flush()
                return false
            case .full:
                try flush()
            }
        }
    }

    /// Sends everything queued, oldest first: the armed flush, a full buffer, a request
    /// that wants its bytes out now.
    func flush() throws(NATSError) {
        try write { nil }
    }

    /// Writes all of `bytes`, after what is queued; `underLock` runs first, inside the same
    /// critical section, so what it records is ordered exactly as the writes are.
    func write(_ bytes: [UInt8], underLock: () -> Void = {}) throws(NATSError) {
        try write {
            underLock()
            return bytes
        }
    }

    /// Writes the bytes `decide` returns (nothing for `nil`) after everything queued, with
    /// `decide` run inside the write's critical section: what it decides and records (such
    /// as "this subscription's `SUB` is on this socket") is ordered exactly as the bytes on
    /// the wire, so a `SUB` and the `UNSUB` decided after it cannot swap places, and a
    /// publish queued after it goes after it. Throws ``NATSError/closed`` without calling
    /// `decide` once the socket is shut down.
    ///
    /// A write that does not finish within the write timeout (a peer that stopped reading)
    /// throws ``NATSError/writeTimedOut(after:)`` and shuts the transport down: part of a
    /// frame may be on the wire, so nothing may follow it on this socket.
    func write(deciding decide: () -> [UInt8]?) throws(NATSError) {
        let failure: NATSError? = writer.withLock { closed in
            writeHoldingWriter(closed: closed, deadline: writeTimeout.map { ContinuousClock.now + $0 }, decide)
        }
        if let failure {
            throw failure
        }
    }

    /// Like ``write(_:underLock:)``, but writes nothing and returns `false` at once while
    /// another write holds the socket. The keepalive pings this way: a writer stuck on a
    /// peer that stopped reading must not stall the pings too, since the unanswered pings
    /// are what end such a connection (``shutdown()`` wakes the stuck writer).
    func writeIfIdle(_ bytes: [UInt8], underLock: () -> Void = {}) throws(NATSError) -> Bool {
        let outcome: NATSError?? = writer.withLockIfAvailable { closed in
            writeHoldingWriter(closed: closed, deadline: writeTimeout.map { ContinuousClock.now + $0 }) {
                underLock()
                return bytes
            }
        }
        guard let failure = outcome else {
            return false
        }
        if let failure {
            throw failure
        }
        return true
    }

    /// Holding `writer`: `decide` and the queue's take in one critical section of
    /// `outbound` (so nothing queued later goes before what it decides), then one write
    /// of the lot, which must end by `deadline` (`nil`: no limit).
    private func writeHoldingWriter(closed: Bool, deadline: ContinuousClock.Instant?, _ decide: () -> [UInt8]?) -> NATSError? {
        if closed || isShutDown.load(ordering: .acquiring) {
            return .closed
        }
        let chunk = outbound.withLock { buffer -> [UInt8] in
            if let bytes = decide() {
                buffer.force(bytes)
            }
            return buffer.take()
        }
        guard !chunk.isEmpty else {
            return nil
        }
        let failure = secured.load(ordering: .relaxed) ? writeTLS(chunk, deadline: deadline) : writePlain(chunk, deadline: deadline)
        if case .writeTimedOut = failure {
            shutdown()
        }
        outbound.withLock { $0.recycle(chunk) }
        return failure
    }

    /// `send`s all of `bytes` without blocking, waiting in `poll()` for room until `deadline`.
    private func writePlain(_ bytes: [UInt8], deadline: ContinuousClock.Instant?) -> NATSError? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                if let failure = waitForRoom(events: Int16(POLLOUT), until: deadline) {
                    return failure
                }
            default:
                return .connectionFailed(Self.errorText())
            }
        }
        return nil
    }

    /// Waits in `poll()` for `events` on the socket until `deadline` (forever for `nil`);
    /// returns ``NATSError/writeTimedOut(after:)`` once it has passed.
    private func waitForRoom(events: Int16, until deadline: ContinuousClock.Instant?) -> NATSError? {
        var timeout: Int32 = -1
        if let deadline {
            let remaining = (deadline - ContinuousClock.now).milliseconds
            if remaining <= 0 {
                return .writeTimedOut(after: writeTimeout ?? .zero)
            }
            timeout = Int32(clamping: remaining)
        }
        var poller = pollfd(fd: fd, events: events, revents: 0)
        _ = poll(&poller, 1, timeout)
        return nil
    }

    /// Reads what has arrived (blocking): the count, `0` at the end of the stream, `nil`
    /// on a read timeout; throws on any other failure.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(NATSError) -> Int? {
        if secured.load(ordering: .relaxed) {
            return try readTLS(into: buffer)
        }
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count >= 0 {
                return count
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                return nil
            default:
                throw .connectionFailed(Self.errorText())
            }
        }
    }

    /// Ends the connection both ways: a blocked ``read(into:)`` returns the end of the
    /// stream and later writes fail. Safe from any thread, any number of times.
    ///
    /// It does not take `writer`: a writer may be stuck in `send` (or in `poll` for TLS)
    /// on a peer that stopped reading, and shutting the socket down is what wakes it.
    /// `descriptor` keeps it from reaching a descriptor number ``close()`` has released.
    func shutdown() {
        isShutDown.store(true, ordering: .releasing)
        descriptor.withLock { released in
            if !released {
                _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
            }
        }
    }

    /// Ends the connection as ``shutdown()`` does, sending first what publishes queued
    /// and, to a TLS peer, that this is an orderly end (TLS's `close_notify`,
    /// `SSL_shutdown`), not a broken connection.
    ///
    /// A write in progress is waited for, and what is queued sent, within `bound` in all:
    /// interleaving with that write would corrupt it, and a peer that stopped reading
    /// must not hold the close longer. `writer` has no timed wait, so this polls it every
    /// 200 µs until the bound. Past the bound, what is still queued is lost with the
    /// socket. The `close_notify` is sent without waiting for the peer's own (the socket
    /// is non-blocking; one that cannot take it now does without).
    func shutdownOrderly(within bound: Duration) {
        let deadline = ContinuousClock.now + bound
        while true {
            let held: Void? = writer.withLockIfAvailable { closed in
                if closed || isShutDown.load(ordering: .acquiring) {
                    return
                }
                if writeHoldingWriter(closed: closed, deadline: deadline, { nil }) != nil {
                    return
                }
                if secured.load(ordering: .relaxed) {
                    session.withLock { session in
                        if let current = session {
                            current.library.errorClear()
                            _ = Self.withoutSIGPIPE { current.library.shutdown(current.ssl) }
                            current.library.errorClear()
                        }
                    }
                }
            }
            if held != nil || ContinuousClock.now >= deadline {
                break
            }
            usleep(200)
        }
        shutdown()
    }

    /// Releases the descriptor; called once, by the connection's thread, after its last read.
    func close() {
        isShutDown.store(true, ordering: .releasing)
        writer.withLock { closed in
            closed = true
            descriptor.withLock { released in
                session.withLock { session in
                    if let current = session {
                        current.library.free(current.ssl)
                    }
                    session = nil
                }
                _ = Glibc.close(fd)
                released = true
            }
        }
    }

    // MARK: - TLS

    /// Runs the TLS handshake on the connected socket (after the server's `INFO`, before
    /// anything else is sent); from then on every read and write is encrypted.
    ///
    /// - Throws: ``NATSError/tlsFailed(_:)`` when OpenSSL is missing, a file cannot be
    ///   loaded, the certificate is rejected (by either side) or the handshake breaks;
    ///   ``NATSError/connectionFailed(_:)`` when the socket does; ``NATSError/timeout``.
    func startTLS(_ options: NATSTLSOptions, host: String, timeout: Duration) throws(NATSError) {
        let library = try OpenSSL.shared.get()
        let deadline = ContinuousClock.now + timeout
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let name = options.serverName ?? host
        try session.withLock { session throws(NATSError) in
            library.errorClear()
            guard let context = library.contextNew(library.clientMethod()) else {
                throw .tlsFailed(library.errors(or: "cannot create a TLS context"))
            }
            defer { library.contextFree(context) }
            library.contextSetVerify(context, options.insecureSkipVerify ? OpenSSL.verifyNone : OpenSSL.verifyPeer, nil)
            if let caFile = options.caFile {
                guard library.contextLoadVerifyLocations(context, caFile, nil) == 1 else {
                    throw .tlsFailed("cannot load the CA file \(caFile): \(library.errors(or: "unreadable"))")
                }
            } else {
                _ = library.contextSetDefaultVerifyPaths(context)
            }
            if let certificateFile = options.certificateFile {
                guard library.contextUseCertificateChainFile(context, certificateFile) == 1 else {
                    throw .tlsFailed("cannot load the client certificate \(certificateFile): \(library.errors(or: "unreadable"))")
                }
                let keyFile = options.keyFile ?? certificateFile
                guard library.contextUsePrivateKeyFile(context, keyFile, OpenSSL.fileTypePEM) == 1 else {
                    throw .tlsFailed("cannot load the client key \(keyFile): \(library.errors(or: "unreadable"))")
                }
            }
            guard let ssl = library.new(context) else {
                throw .tlsFailed(library.errors(or: "cannot create a TLS session"))
            }
            var established = false
            defer {
                if !established {
                    library.free(ssl)
                }
            }
            _ = library.setFD(ssl, fd)
            let isAddress = Self.isIPAddress(name)
            if !options.insecureSkipVerify {
                let checked = isAddress
                    ? library.parametersSetIP(library.parameters(ssl), name)
                    : library.setHost(ssl, name)
                guard checked == 1 else {
                    throw .tlsFailed("cannot verify the server as '\(name)': \(library.errors(or: "invalid name"))")
                }
            }
            if !isAddress {
                // SSL_set_tlsext_host_name (a macro): SNI, which is for host names only.
                _ = name.withCString { library.control(ssl, OpenSSL.controlSetHostName, OpenSSL.hostNameType, UnsafeMutableRawPointer(mutating: $0)) }
            }
            while true {
                library.errorClear()
                let result = Self.withoutSIGPIPE { library.connect(ssl) }
                if result == 1 {
                    break
                }
                var events: Int16
                switch library.getError(ssl, result) {
                case OpenSSL.errorWantRead:
                    events = Int16(POLLIN)
                case OpenSSL.errorWantWrite:
                    events = Int16(POLLOUT)
                case let code:
                    throw Self.handshakeFailure(code, ssl: ssl, library: library, name: name)
                }
                let remaining = (deadline - ContinuousClock.now).milliseconds
                var poller = pollfd(fd: fd, events: events, revents: 0)
                if remaining <= 0 || poll(&poller, 1, Int32(clamping: remaining)) == 0 {
                    throw .timeout
                }
            }
            established = true
            session = TLSSession(ssl: ssl, library: library)
        }
        secured.store(true, ordering: .relaxed)
    }

    private static func handshakeFailure(_ code: Int32, ssl: OpaquePointer, library: OpenSSL, name: String) -> NATSError {
        let verification = library.verifyResult(ssl)
        if verification != 0 {
            let reason = library.verifyErrorString(verification).map { String(cString: $0) } ?? "error \(verification)"
            _ = library.errors(or: "")
            return .tlsFailed("the server's certificate for '\(name)' failed verification: \(reason)")
        }
        let reason = library.errors(or: code == OpenSSL.errorSyscall ? errorText() : "error \(code)")
        if code == OpenSSL.errorSSL, !reason.contains("unexpected eof") {
            return .tlsFailed("TLS handshake failed: \(reason)")
        }
        return .connectionFailed("TLS handshake: the connection broke (\(reason))")
    }

    /// `SSL_write`s all of `bytes` until `deadline`; called under `writer`, so writes stay serialized.
    private func writeTLS(_ bytes: [UInt8], deadline: ContinuousClock.Instant?) -> NATSError? {
        var offset = 0
        while offset < bytes.count {
            let step = session.withLock { session -> TLSStep in
                guard let current = session else {
                    return .failed(.closed)
                }
                current.library.errorClear()
                let written = bytes.withUnsafeBytes { buffer in
                    Self.withoutSIGPIPE {
                        current.library.write(current.ssl, buffer.baseAddress! + offset, Int32(clamping: buffer.count - offset))
                    }
                }
                return written > 0 ? .done(Int(written)) : Self.step(after: written, in: current)
            }
            switch step {
            case .done(let count):
                offset += count
            case .wait(let events):
                // Retried with the same bytes, as OpenSSL requires after "want write".
                if let failure = waitForRoom(events: events, until: deadline) {
                    return failure
                }
            case .end:
                return .connectionFailed("the server closed the TLS connection")
            case .failed(let error):
                return error
            }
        }
        return nil
    }

    /// `SSL_read`s what has arrived, waiting in `poll()` (outside `session`) for more.
    private func readTLS(into buffer: UnsafeMutableRawBufferPointer) throws(NATSError) -> Int? {
        while true {
            let step = session.withLock { session -> TLSStep in
                guard let current = session else {
                    return .end
                }
                current.library.errorClear()
                let count = Self.withoutSIGPIPE { current.library.read(current.ssl, buffer.baseAddress, Int32(clamping: buffer.count)) }
                return count > 0 ? .done(Int(count)) : Self.step(after: count, in: current)
            }
            switch step {
            case .done(let count):
                return count
            case .end:
                return 0
            case .failed(let error):
                throw error
            case .wait(let events):
                var poller = pollfd(fd: fd, events: events, revents: 0)
                let ready = poll(&poller, 1, Int32(clamping: readTimeout.load(ordering: .relaxed)))
                if ready == 0 {
                    return nil
                }
                if ready < 0, errno != EINTR {
                    throw .connectionFailed(Self.errorText())
                }
            }
        }
    }

    /// What an `SSL_read`/`SSL_write` that returned `result` (not positive) means.
    private static func step(after result: Int32, in session: TLSSession) -> TLSStep {
        switch session.library.getError(session.ssl, result) {
        case OpenSSL.errorWantRead:
            return .wait(Int16(POLLIN))
        case OpenSSL.errorWantWrite:
            return .wait(Int16(POLLOUT))
        case OpenSSL.errorZeroReturn:
            return .end
        case OpenSSL.errorSSL:
            let reason = session.library.errors(or: "TLS failure")
            // A peer that closes without TLS's close_notify (a stopped server) is the end
            // of the stream, as on a plain socket, not a TLS problem.
            return reason.contains("unexpected eof") ? .end : .failed(.tlsFailed(reason))
        default:
            let reason = session.library.errors(or: errorText())
            return errno == 0 ? .end : .failed(.connectionFailed(reason))
        }
    }

    /// Runs `body` (an OpenSSL call, which may write to the socket with plain `write()`,
    /// where the plain path's `send` has `MSG_NOSIGNAL`) so that a peer that went away
    /// fails it with `EPIPE` instead of killing the process with `SIGPIPE`: the signal is
    /// blocked on this thread only, and one raised meanwhile is taken off before unblocking.
    private static func withoutSIGPIPE(_ body: () -> Int32) -> Int32 {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        let alreadyPending = sigismember(&pending, SIGPIPE) == 1
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        let result = body()
        let savedErrno = errno
        if !alreadyPending {
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipe, nil, &now)
            }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = savedErrno
        return result
    }

    private static func isIPAddress(_ name: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET, name, &address) == 1 || inet_pton(AF_INET6, name, &address) == 1
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

extension Duration {
    /// The duration in whole milliseconds (rounded down, at least 0).
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        // Saturates rather than overflowing (and trapping) for an absurdly long duration.
        guard seconds < Int64(Int.max / 1000) - 1 else {
            return Int.max / 2
        }
        return max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
