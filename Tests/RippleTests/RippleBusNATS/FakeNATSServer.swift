import Foundation
import Glibc
import Ripple
import NATSLocalServer

/// A NATS server played in process, for what nats-server does not do on demand: drop a
/// connection at a chosen moment, close every connection right after its handshake, and
/// show the exact bytes each connection received. It speaks just enough of the protocol:
/// `INFO` on accept and a `PONG` for every `PING`.
final class FakeNATSServer: Sendable {
    private struct Peer {
        let fd: Int32
        var received: [UInt8] = []
        // Descriptors are shut down only while open (under `peers`), so never one
        // the system has reused for another test's socket.
        var open = true
    }

    let port: Int
    private let listener: Int32
    private let closesAfterHandshake: Bool
    private let info: String
    private let peers = LockedValue<[Peer]>([])
    // `true` while `listener` is open (its shutdown and close happen under this lock).
    private let listening = LockedValue(true)
    // Whether a `PING` gets its `PONG` (one not answered when it comes never is).
    private let answering = LockedValue(true)

    /// Starts listening on a free loopback port.
    ///
    /// - Parameters:
    ///   - closesAfterHandshake: Whether to close each connection as soon as it has
    ///     answered the handshake's `PING`.
    ///   - connectURLs: The cluster's servers its `INFO` announces (`connect_urls`).
    init(closesAfterHandshake: Bool = false, connectURLs: [String] = []) throws {
        self.closesAfterHandshake = closesAfterHandshake
        info = Self.info(connectURLs: connectURLs, lameDuck: false)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard let port = NATSLocalServer.bindToFreeLoopbackPort(listener), listen(listener, 16) == 0 else {
            _ = close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        self.port = port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// How many connections were accepted so far.
    var connectionCount: Int {
        peers.withLock { $0.count }
    }

    /// What connection `index` (0-based, in accept order) received, as text.
    func received(_ index: Int) -> String {
        peers.withLock { String(decoding: $0[index].received, as: UTF8.self) }
    }

    /// The `INFO` line announcing `connectURLs`, and lame-duck mode if `lameDuck`.
    static func info(connectURLs: [String], lameDuck: Bool) -> String {
        let urls = connectURLs.map { "\"\($0)\"" }.joined(separator: ",")
        return #"INFO {"server_id":"fake","version":"2.9.10","max_payload":1048576,"headers":true,"connect_urls":["#
            + urls + "]" + (lameDuck ? #","ldm":true"# : "") + "}\r\n"
    }

    /// Sends `text` to connection `index`, as the server would in the middle of the stream.
    func push(_ index: Int, _ text: String) {
        peers.withLock { peers in
            if peers[index].open {
                _ = write(peers[index].fd, Array(text.utf8))
            }
        }
    }

    /// Stops (or resumes) answering `PING`s, to hold a flush or a drain in its wait.
    func answerPings(_ on: Bool) {
        answering.withLock { $0 = on }
    }

    /// Ends connection `index` as a crashed server would.
    func drop(_ index: Int) {
        peers.withLock { peers in
            if peers[index].open {
                _ = shutdown(peers[index].fd, Int32(SHUT_RDWR))
            }
        }
    }

    /// Stops listening and ends every connection.
    func stop() {
        listening.withLock { open in
            if open {
                _ = shutdown(listener, Int32(SHUT_RDWR))
            }
        }
        peers.withLock { peers in
            for peer in peers where peer.open {
                _ = shutdown(peer.fd, Int32(SHUT_RDWR))
            }
        }
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR {
                    continue
                }
                listening.withLock { open in
                    open = false
                    _ = close(listener)
                }
                return
            }
            let index = peers.withLock { peers in
                peers.append(Peer(fd: fd))
                return peers.count - 1
            }
            Thread.detachNewThread { [self] in serve(fd, index: index) }
        }
    }

    private func serve(_ fd: Int32, index: Int) {
        defer {
            peers.withLock { peers in
                peers[index].open = false
                _ = close(fd)
            }
        }
        guard write(fd, Array(info.utf8)) else {
            return
        }
        let ping = Array("PING\r\n".utf8)
        // The end of the bytes already scanned that could begin a `PING` split across
        // reads: each read is scanned once, so the work stays linear in what arrives.
        var unmatched: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 {
                return
            }
            peers.withLock { peers in
                peers[index].received.append(contentsOf: buffer[..<count])
            }
            let window = unmatched + buffer[..<count]
            var pongs = 0
            var scanned = 0
            while let range = window[scanned...].firstRange(of: ping) {
                pongs += 1
                scanned = range.upperBound
            }
            unmatched = Array(window[max(scanned, window.count - (ping.count - 1))...])
            if pongs > 0 && answering.withLock({ $0 }) {
                guard write(fd, Array(String(repeating: "PONG\r\n", count: pongs).utf8)), !closesAfterHandshake else {
                    return
                }
            }
        }
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
    }
}

extension String {
    /// The offsets at which `needle` occurs, in order.
    func offsets(of needle: String) -> [Int] {
        let bytes = Array(utf8)
        let pattern = Array(needle.utf8)
        var found: [Int] = []
        var start = 0
        while let range = bytes[start...].firstRange(of: pattern) {
            found.append(range.lowerBound)
            start = range.upperBound
        }
        return found
    }
}
