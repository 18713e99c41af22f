import Dispatch
import Foundation
import Ripple
import RippleBus
import RippleBusNATS

/// What each client is asked to do; the official clients' peers (scripts/nats-peers.sh)
/// do the same three measurements with the same numbers.
struct BenchSettings {
    var messages = 200_000
    var payload = 64
    var requests = 2_000
    var rounds = 1
}

/// One client's numbers for one round.
struct BenchResult {
    /// `messages` publishes and a flush, no subscriber: messages per second.
    var publish: Double
    /// `messages` publishes to a subscriber on another connection, until it has the last one.
    var delivered: Double
    /// One request in flight, answered by a responder on another connection: µs.
    var p50: Double
    var p99: Double
}

struct BenchEvent: BusEvent {
    let sequence: Int
    let text: String
}

struct BenchQuestion: BusEvent {
    let text: String
}

@Sendable func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func rate(_ count: Int, since start: UInt64) -> Double {
    Double(count) / (Double(now() - start) / 1e9)
}

/// The 50th and 99th percentiles of `latencies` (ns), in µs.
func percentiles(_ latencies: [UInt64]) -> (Double, Double) {
    let sorted = latencies.sorted()
    func at(_ p: Double) -> Double {
        Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1_000
    }
    return (at(0.50), at(0.99))
}

func report(_ client: String, round: Int, _ result: BenchResult) {
    print(
        "client=\(client) round=\(round) publish_msgs_per_s=\(Int(result.publish)) delivered_msgs_per_s=\(Int(result.delivered))"
            + " request_p50_us=" + String(format: "%.0f", result.p50) + " request_p99_us=" + String(format: "%.0f", result.p99)
    )
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

struct BenchTimeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "ripple-bench-nats: \(what) did not finish within a minute" }
}

/// Waits for `semaphore`, at most a minute (a dropped message would otherwise hang the run).
func wait(_ semaphore: DispatchSemaphore, for what: String) throws {
    if semaphore.wait(timeout: .now() + 60) == .timedOut {
        throw BenchTimeout(what: what)
    }
}

/// Signals `all` when `tick` has been called `target` times, from any thread.
final class Countdown: Sendable {
    let all = DispatchSemaphore(value: 0)
    private let received = AtomicValue<Int>(0)
    private let target: Int

    init(_ target: Int) {
        self.target = target
    }

    func tick() {
        if received.wrappingAdd(1, ordering: .relaxed).newValue == target {
            all.signal()
        }
    }
}

/// Sends `settings.requests` requests one at a time with `send` (which calls back with
/// the answer) and returns the latencies in ns.
func measureRequests(_ settings: BenchSettings, _ send: (@escaping @Sendable () -> Void) -> Void) throws -> [UInt64] {
    var latencies: [UInt64] = []
    latencies.reserveCapacity(settings.requests)
    let answered = DispatchSemaphore(value: 0)
    for _ in 0..<settings.requests {
        let start = now()
        send { answered.signal() }
        try wait(answered, for: "a request")
        latencies.append(now() - start)
    }
    return latencies
}

// MARK: - The raw connection

func benchConnection(_ url: String, _ settings: BenchSettings) throws -> BenchResult {
    let publisher = try blocking { try await NATSConnection.connect(to: url) }
    let subscriber = try blocking { try await NATSConnection.connect(to: url) }
    defer {
        publisher.close()
        subscriber.close()
    }
    let payload = [UInt8](repeating: 0x78, count: settings.payload)
    var start = now()
    for _ in 0..<settings.messages {
        try publisher.publish(payload, to: "bench.publish")
    }
    try blocking { try await publisher.flush(timeout: .seconds(60)) }
    let publish = rate(settings.messages, since: start)

    let countdown = Countdown(settings.messages)
    let subscription = try subscriber.subscribe(to: "bench.deliver") { _ in countdown.tick() }
    defer { subscription.dispose() }
    try blocking { try await subscriber.flush() }
    start = now()
    for _ in 0..<settings.messages {
        try publisher.publish(payload, to: "bench.deliver")
    }
    try wait(countdown.all, for: "delivery")
    let delivered = rate(settings.messages, since: start)

    let responder = try subscriber.subscribe(to: "bench.request") { message in
        if let reply = message.replyTo {
            try? subscriber.publish(message.payload, to: reply)
        }
    }
    defer { responder.dispose() }
    try blocking { try await subscriber.flush() }
    let latencies = try measureRequests(settings) { answered in
        _ = publisher.request(payload, to: "bench.request").subscribe(onSuccess: { _ in answered() })
    }
    let (p50, p99) = percentiles(latencies)
    return BenchResult(publish: publish, delivered: delivered, p50: p50, p99: p99)
}

// MARK: - The typed bus

func benchBus(_ url: String, _ settings: BenchSettings) throws -> BenchResult {
    let publisherConnection = try blocking { try await NATSConnection.connect(to: url) }
    let subscriberConnection = try blocking { try await NATSConnection.connect(to: url) }
    let bus = try NATSEventBus(connection: publisherConnection)
    let subscriber = try NATSEventBus(connection: subscriberConnection, subscriptionBufferLimit: settings.messages + 1)
    defer {
        bus.close()
        subscriber.close()
    }
    let text = String(repeating: "x", count: settings.payload)
    var start = now()
    for sequence in 0..<settings.messages {
        try bus.publish(BenchEvent(sequence: sequence, text: text))
    }
    try blocking { try await bus.flush(timeout: .seconds(60)) }
    let publish = rate(settings.messages, since: start)

    let countdown = Countdown(settings.messages)
    let subscription = try subscriber.subscribe(BenchEvent.self) { _ in countdown.tick() }
    defer { subscription.dispose() }
    try blocking { try await subscriber.flush() }
    start = now()
    for sequence in 0..<settings.messages {
        try bus.publish(BenchEvent(sequence: sequence, text: text))
    }
    try wait(countdown.all, for: "delivery")
    let delivered = rate(settings.messages, since: start)

    let responder = try subscriber.reply(to: BenchQuestion.self) { question in
        BenchEvent(sequence: 0, text: question.text)
    }
    defer { responder.dispose() }
    try blocking { try await subscriber.flush() }
    let latencies = try measureRequests(settings) { answered in
        _ = bus.request(BenchQuestion(text: text), expecting: BenchEvent.self).subscribe(onSuccess: { _ in answered() })
    }
    let (p50, p99) = percentiles(latencies)
    return BenchResult(publish: publish, delivered: delivered, p50: p50, p99: p99)
}

// MARK: - A raw-socket client

/// The least a client can do: a blocking socket, protocol bytes written by hand, writes
/// of 256 frames at a time, and a reader that only counts fixed-size `MSG` frames.
final class RawClient: Sendable {
    let fd: Int32

    init(host: String, port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(host)
        address.sin_port = UInt16(port).bigEndian
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        _ = readUntil("\r\n")
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
        var byte: UInt8 = 0
        while !(data.count >= target.count && Array(data.suffix(target.count)) == target) {
            guard recv(fd, &byte, 1, 0) == 1 else { break }
            data.append(byte)
        }
        return data
    }

    /// Reads exactly `total` bytes.
    func read(bytes total: Int) {
        var remaining = total
        var buffer = [UInt8](repeating: 0, count: min(max(total, 1), 64 * 1024))
        while remaining > 0 {
            let count = recv(fd, &buffer, min(buffer.count, remaining), 0)
            guard count > 0 else { return }
            remaining -= count
        }
    }

    /// Sends `count` copies of `frame`, 256 to a write.
    func send(_ frame: [UInt8], times count: Int) {
        var batch: [UInt8] = []
        batch.reserveCapacity(frame.count * 256)
        for index in 0..<count {
            batch.append(contentsOf: frame)
            if batch.count >= frame.count * 256 || index == count - 1 {
                send(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
    }
}

func benchSocket(_ url: String, _ settings: BenchSettings) throws -> BenchResult {
    let hostPort = url.split(separator: "/").last.map(String.init) ?? url
    let parts = hostPort.split(separator: ":")
    let host = parts.first.map(String.init) ?? "127.0.0.1"
    let port = parts.count > 1 ? Int(parts[1]) ?? 4222 : 4222
    let subscriber = RawClient(host: host, port: port)
    let publisher = RawClient(host: host, port: port)
    let payload = String(repeating: "x", count: settings.payload)

    var start = now()
    publisher.send(Array("PUB bench.publish \(settings.payload)\r\n\(payload)\r\n".utf8), times: settings.messages)
    publisher.send("PING\r\n")
    _ = publisher.readUntil("PONG\r\n")
    let publish = rate(settings.messages, since: start)

    subscriber.send("SUB bench.deliver 1\r\nPING\r\n")
    _ = subscriber.readUntil("PONG\r\n")
    let delivery = "MSG bench.deliver 1 \(settings.payload)\r\n\(payload)\r\n".utf8.count
    let all = DispatchSemaphore(value: 0)
    start = now()
    Thread.detachNewThread { [messages = settings.messages] in
        subscriber.read(bytes: delivery * messages)
        all.signal()
    }
    publisher.send(Array("PUB bench.deliver \(settings.payload)\r\n\(payload)\r\n".utf8), times: settings.messages)
    try wait(all, for: "delivery")
    let delivered = rate(settings.messages, since: start)

    // The "request": a publish to a subject the other client subscribes to, which
    // writes the same frame back on the subject the first one subscribes to.
    subscriber.send("SUB bench.request 2\r\nPING\r\n")
    _ = subscriber.readUntil("PONG\r\n")
    publisher.send("SUB bench.answer 1\r\nPING\r\n")
    _ = publisher.readUntil("PONG\r\n")
    let question = Array("PUB bench.request \(settings.payload)\r\n\(payload)\r\n".utf8)
    let answer = Array("PUB bench.answer \(settings.payload)\r\n\(payload)\r\n".utf8)
    let asked = "MSG bench.request 2 \(settings.payload)\r\n\(payload)\r\n".utf8.count
    let answered = "MSG bench.answer 1 \(settings.payload)\r\n\(payload)\r\n".utf8.count
    var latencies: [UInt64] = []
    for _ in 0..<settings.requests {
        let sent = now()
        publisher.send(question)
        subscriber.read(bytes: asked)
        subscriber.send(answer)
        publisher.read(bytes: answered)
        latencies.append(now() - sent)
    }
    let (p50, p99) = percentiles(latencies)
    return BenchResult(publish: publish, delivered: delivered, p50: p50, p99: p99)
}

// MARK: - The in-process bus

/// `messages` events published from this thread to `subscribers` subscribers of
/// RippleBus's `EventBus`, each on its own serial queue: events/s until every subscriber
/// has the last one. No server: the delivery line alone, which `NATSEventBus` shares.
func benchEventBus(_ settings: BenchSettings, subscribers: Int) throws -> Double {
    let bus = EventBus()
    let countdown = Countdown(settings.messages * subscribers)
    let subscriptions = (0..<subscribers).map { _ in bus.subscribe(BenchEvent.self) { _ in countdown.tick() } }
    defer { subscriptions.forEach { $0.dispose() } }
    let text = String(repeating: "x", count: settings.payload)
    let start = now()
    for sequence in 0..<settings.messages {
        bus.publish(BenchEvent(sequence: sequence, text: text))
    }
    try wait(countdown.all, for: "in-process delivery")
    return rate(settings.messages, since: start)
}
