#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One TCP connection to the server: a socket that any thread may write to (one write at a
/// time, under `writer`) and only the connection's own thread reads from and closes.
///
/// The descriptor is closed only by ``close()``, after `writer` has been marked closed, so
/// no write can reach a descriptor number the system has reused.
final class Transport: Sendable {
    private static let lastID = Atomic<UInt64>(0)

    /// Unique for the process's lifetime (an object's address is not: a new transport
    /// may be allocated where a closed one was).
    let id: UInt64
    private let fd: Int32
    // Guards writes to `fd`; `true` once the socket is shut down or closed.
    private let writer = Mutex<Bool>(false)

    private init(fd: Int32) {
        self.fd = fd
        id = Self.lastID.add(1, ordering: .relaxed).newValue
    }

    /// Opens a TCP connection to `host:port`, giving up after `timeout`.
    static func open(host: String, port: Int, timeout: Duration) throws(NATSError) -> Transport {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
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
            return Transport(fd: fd)
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
        let ready = poll(&poller, 1, Int32(timeout.milliseconds))
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
        let milliseconds = timeout?.milliseconds ?? 0
        var value = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all of `bytes`; `underLock` runs first, inside the same critical section, so
    /// what it records is ordered exactly as the writes are.
    func write(_ bytes: [UInt8], underLock: () -> Void = {}) throws(NATSError) {
        let failure: NATSError? = writer.withLock { closed in
            if closed {
                return .closed
            }
            underLock()
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                }
                if written < 0 {
                    if errno == EINTR {
                        continue
                    }
                    return .connectionFailed(Self.errorText())
                }
                offset += written
            }
            return nil
        }
        if let failure {
            throw failure
        }
    }

    /// Reads what has arrived (blocking): the count, `0` at the end of the stream, `nil`
    /// on a read timeout; throws on any other failure.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(NATSError) -> Int? {
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
    func shutdown() {
        writer.withLock { closed in
            if !closed {
                closed = true
                _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
            }
        }
    }

    /// Releases the descriptor; called once, by the connection's thread, after its last read.
    func close() {
        writer.withLock { closed in
            closed = true
            _ = Glibc.close(fd)
        }
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

extension Duration {
    /// The duration in whole milliseconds (rounded down, at least 0).
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
