import Dispatch
import Foundation
import NATSLocalServer
import Ripple
import RippleBusNATS

struct BenchEvent: BusEvent {
    let sent: UInt64
    let sequence: Int
}

@Sendable func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func report(_ client: String, latencies: [UInt64], messages: Int, throughput: Double) {
    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> String {
        String(format: "%.1f", Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1_000)
    }
    print("nats=\(client) rounds=\(sorted.count) latency_us_p50=\(percentile(0.50)) p90=\(percentile(0.90)) p99=\(percentile(0.99)) max=\(percentile(1.0)) messages=\(messages) throughput_msgs_per_s=\(Int(throughput))")
}

/// Runs `body` on the concurrency pool and blocks this thread until it finishes.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = LockedValue<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let outcome: Result<T, any Error>
        do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        result.withLock { $0 = outcome }
        done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
}

// MARK: - The bus

func benchBus(_ url: String, rounds: Int, messages: Int) throws {
    let publisher = try blocking { try await NATSConnection.connect(to: url) }
    let subscriberConnection = try blocking { try await NATSConnection.connect(to: url) }
    let subscriber = try NATSEventBus(connection: subscriberConnection, subscriptionBufferLimit: messages + rounds + 1)
    let bus = try NATSEventBus(connection: publisher)
    let latencies = LockedValue<[UInt64]>([])
    let received = AtomicValue<Int>(0)
    let signal = DispatchSemaphore(value: 0)
    let subscription = try subscriber.subscribe(BenchEvent.self) { event in
        if event.sequence < 0 {
            latencies.withLock { $0.append(now() - event.sent) }
            signal.signal()
        } else if received.wrappingAdd(1, ordering: .relaxed).newValue == messages {
            signal.signal()
        }
    }
    try blocking { try await subscriber.flush() }
    for _ in 0..<rounds {
        try bus.publish(BenchEvent(sent: now(), sequence: -1))
        signal.wait()
    }
    let start = now()
    for sequence in 0..<messages {
        try bus.publish(BenchEvent(sent: 0, sequence: sequence))
    }
    signal.wait()
    let seconds = Double(now() - start) / 1e9
    report("RippleBusNATS(NATSEventBus, JSON envelope)", latencies: latencies.withLock { $0 }, messages: messages, throughput: Double(messages) / seconds)
    subscription.dispose()
    bus.close()
    subscriber.close()
}

// MARK: - A raw-socket client

/// The least a client can do: a blocking socket, protocol bytes written by hand, and a
/// reader that only counts fixed-size `MSG` frames.
final class RawClient: Sendable {
    let fd: Int32

    init(port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        send(#"CONNECT {"verbose":false,"pedantic":false,"protocol":1}"# + "\r\nPING\r\n")
        _ = readUntil("PONG\r\n")
    }

    deinit { close(fd) }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Reads until `marker` has arrived; returns what was read.
    func readUntil(_ marker: String) -> [UInt8] {
        var data: [UInt8] = []
        let target = Array(marker.utf8)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !data.ends(with: target) {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Reads exactly `total` bytes.
    func read(bytes total: Int) {
        var remaining = total
        var buffer = [UInt8](repeating: 0, count: min(total, 64 * 1024))
        while remaining > 0 {
            let count = recv(fd, &buffer, min(buffer.count, remaining), 0)
            guard count > 0 else { return }
            remaining -= count
        }
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

func benchRaw(port: Int, rounds: Int, messages: Int) {
    let subscriber = RawClient(port: port)
    let publisher = RawClient(port: port)
    subscriber.send("SUB bench.raw 1\r\nPING\r\n")
    _ = subscriber.readUntil("PONG\r\n")
    // A fixed 16-byte payload, so every delivered frame has the same size.
    let payload = String(repeating: "x", count: 16)
    let frame = Array("PUB bench.raw 16\r\n\(payload)\r\n".utf8)
    let delivered = "MSG bench.raw 1 16\r\n\(payload)\r\n".utf8.count
    var latencies: [UInt64] = []
    latencies.reserveCapacity(rounds)
    for _ in 0..<rounds {
        let sent = now()
        publisher.send(frame)
        subscriber.read(bytes: delivered)
        latencies.append(now() - sent)
    }
    let start = now()
    let finished = DispatchSemaphore(value: 0)
    let readerDone = Thread {
        subscriber.read(bytes: delivered * messages)
        finished.signal()
    }
    readerDone.start()
    var batch: [UInt8] = []
    batch.reserveCapacity(frame.count * 256)
    for index in 0..<messages {
        batch.append(contentsOf: frame)
        if batch.count >= frame.count * 256 || index == messages - 1 {
            publisher.send(batch)
            batch.removeAll(keepingCapacity: true)
        }
    }
    finished.wait()
    let seconds = Double(now() - start) / 1e9
    report("raw-socket client (protocol bytes, 16-byte payload)", latencies: latencies, messages: messages, throughput: Double(messages) / seconds)
}

