import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, enough to give the example a real network to
/// talk to: it answers requests from a fixed table of routes and closes each
/// connection after one response.
///
/// A route is a list of responses: the first request to the path gets the first, the
/// second the second, and every later one the last (so `[503, 503, 200]` is a server
/// that fails twice and then recovers).
///
/// It listens on a port the system picks (``port``), accepts on its own thread, and
/// serves one connection at a time: a demo, not a web server.
///
/// ```swift
/// let server = try LoopbackHTTPServer(routes: [
///     "/users": [.init(status: 200, body: #"[{"name":"Ada"}]"#)],
/// ])
/// defer { server.stop() }
/// let url = server.url(for: "/users")
/// ```
public final class LoopbackHTTPServer: Sendable {
    /// What the server answers on one path.
    public struct Response: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// The body, sent as `application/json`.
        public var body: String

        /// A response with `status` and `body`.
        public init(status: Int, body: String) {
            self.status = status
            self.body = body
        }
    }

    /// Why the server could not start.
    public struct StartError: Error, CustomStringConvertible {
        /// The system call that failed and its `errno` text.
        public let description: String
    }

    /// The port the server listens on.
    public let port: UInt16
    private let listener: Int32

    /// Starts listening on a free loopback port and serving `routes`; any other path
    /// gets a 404.
    public init(routes: [String: [Response]]) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StartError(description: "bind/listen on 127.0.0.1: \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let table = routes
        let acceptor = Thread {
            // Only this thread serves, so the per-path request counts need no lock.
            var served: [String: Int] = [:]
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return  // the listener was shut down by stop()
                }
                LoopbackHTTPServer.serve(connection, routes: table, served: &served)
            }
        }
        acceptor.name = "LoopbackHTTPServer"
        acceptor.start()
    }

    /// The URL of `path` on this server.
    public func url(for path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Stops accepting connections and closes the listening socket.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func serve(_ connection: Int32, routes: [String: [Response]], served: inout [String: Int]) {
        defer { close(connection) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let endOfHeaders: [UInt8] = Array("\r\n\r\n".utf8)
        while !request.ends(with: endOfHeaders), request.count < 65_536 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
            request.append(contentsOf: buffer[..<count])
        }
        let requestLine = String(decoding: request, as: UTF8.self).prefix { $0 != "\r" }
        let parts = requestLine.split(separator: " ")
        let path = parts.count >= 2 ? String(parts[1]) : "/"
        let attempt = served[path, default: 0]
        served[path] = attempt + 1
        let response = routes[path].flatMap { $0.isEmpty ? nil : $0[min(attempt, $0.count - 1)] }
            ?? Response(status: 404, body: #"{"error":"not found"}"#)
        let body = Array(response.body.utf8)
        let head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
            + "Content-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\n"
            + "Connection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
