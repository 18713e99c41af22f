import FoundationEssentials
import Ripple
import RippleBus

/// The JetStream API calls a durable subscription needs, over `$JS.API.*` request/reply.
enum JetStreamAPI {
    private struct Response: Decodable {
        struct Failure: Decodable {
            let code: Int
            let err_code: Int?
            let description: String
        }
        let error: Failure?
    }

    private struct StreamConfig: Encodable {
        let name: String
        let subjects: [String]
        let storage = "file"
    }

    private struct ConsumerRequest: Encodable {
        struct Config: Encodable {
            let durable_name: String
            let deliver_subject: String
            let ack_policy = "explicit"
            let deliver_policy = "all"
            let ack_wait: Int64
            let max_ack_pending: Int
        }
        let stream_name: String
        let config: Config
    }

    /// Creates the stream, or finds it as it is: the server answers a create with the
    /// same configuration as success, and refuses one that differs (another type's
    /// subject in the same stream, say) with "stream name already in use", which is
    /// reported, since the stream would never store this type's events.
    static func ensureStream(_ connection: NATSConnection, name: String, subject: String) async throws {
        try await call(connection, "$JS.API.STREAM.CREATE.\(name)", StreamConfig(name: name, subjects: [subject]))
    }

    static func ensureConsumer(
        _ connection: NATSConnection, stream: String, durable: String, deliverSubject: String, ackWait: Duration, maxAckPending: Int
    ) async throws {
        // No subject filter: `ensureStream` refuses a stream that captures anything but
        // this type's subject, so the consumer sees only this type's events.
        let request = ConsumerRequest(stream_name: stream, config: .init(
            durable_name: durable, deliver_subject: deliverSubject,
            ack_wait: Int64(ackWait.milliseconds) * 1_000_000, max_ack_pending: maxAckPending
        ))
        try await call(connection, "$JS.API.CONSUMER.DURABLE.CREATE.\(stream).\(durable)", request)
    }

    private static func call(_ connection: NATSConnection, _ subject: String, _ body: some Encodable) async throws {
        let payload = Array(try JSONEncoder().encode(body))
        let answer: NATSMessage
        do {
            answer = try await connection.request(payload, to: subject, timeout: .seconds(5)).value
        } catch NATSError.noResponders {
            throw NATSError.jetStream("JetStream is not enabled on the server (no responder for \(subject))")
        }
        let response = try JSONDecoder().decode(Response.self, from: Data(answer.payload))
        if let failure = response.error {
            throw NATSError.jetStream("\(failure.description) (\(subject), code \(failure.code))")
        }
    }
}

extension NATSEventBus {
    /// Calls `handler` with every event of type `E` stored in the JetStream stream
    /// `stream`, through the durable consumer `durable`: at least once, and resuming
    /// where the consumer left off when a subscriber with the same names comes back.
    ///
    /// The stream (capturing the type's subject, file storage) and the durable consumer
    /// (explicit acknowledgement, delivering to `ripple.durable.<stream>.<durable>`) are
    /// created if missing. Each event is acknowledged (`+ACK`) after `handler` returns;
    /// if `handler` throws, it is refused (`-NAK`) and redelivered at once; if it never
    /// answers (the process dies), the server redelivers it after `ackWait`. A message that
    /// does not decode is reported on ``errors`` and terminated (`+TERM`), so it is not
    /// redelivered forever. Events published with ``publish(_:)`` while no subscriber is
    /// there wait in the stream. Only one subscriber per durable name at a time, and one
    /// event type per stream: a stream made for another type is refused with
    /// ``NATSError/jetStream(_:)``. Events the server pushed to a subscriber that closed
    /// before acknowledging them come to the next one after `ackWait`.
    ///
    /// A handler written on an actor runs on that actor: each event is decoded, in order,
    /// on `scheduler` and handed on to the actor, where the handler runs and the event is
    /// acknowledged; the scheduler then only orders the events.
    ///
    /// ```swift
    /// let billing = try await bus.subscribeDurably(OrderPlaced.self, stream: "ORDERS", durable: "billing") { order in
    ///     try charge(order)     // throwing asks for the order again
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The event type.
    ///   - stream: The stream's name (letters, digits, `-`, `_`).
    ///   - durable: The durable consumer's name; a later subscriber with the same name resumes.
    ///   - ackWait: How long the server waits for an acknowledgement before redelivering.
    ///   - scheduler: Where `handler` runs; by default a new serial queue of its own.
    ///     For a handler written on an actor, what orders the events on their way to it.
    ///   - handler: Called with each event; throw to have it redelivered. Runs on the actor
    ///     it was written on if it is isolated to one (each event hops there from
    ///     `scheduler`, in order), otherwise on `scheduler`.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that stops the subscription (the consumer stays on the server).
    /// - Throws: ``NATSError/jetStream(_:)`` when JetStream is off or refuses the stream or consumer.
    public func subscribeDurably<E: BusEvent>(
        _ type: E.Type,
        stream: String,
        durable: String,
        ackWait: Duration = .seconds(30),
        on scheduler: ImmediateSchedulerType = EventBus.makeSubscriptionScheduler(),
        handler: @escaping @Sendable (E) throws -> Void,
        isolation: (any Actor)? = #isolation
    ) async throws -> any Disposable & Sendable {
        for name in [stream, durable] where name.isEmpty || Subject.token(from: name) != name {
            throw NATSError.invalidSubject(name)
        }
        let deliverSubject = "ripple.durable.\(stream).\(durable)"
        try await JetStreamAPI.ensureStream(connection, name: stream, subject: subject(for: E.self))
        try await JetStreamAPI.ensureConsumer(
            connection, stream: stream, durable: durable, deliverSubject: deliverSubject,
            ackWait: ackWait, maxAckPending: subscriptionBufferLimit
        )
        let connection = connection
        return try attach(
            type, subject: deliverSubject, queueGroup: nil, scheduler: scheduler,
            undeliverable: { message in
                if let reply = message.replyTo {
                    try? connection.publish(Array("+TERM".utf8), to: reply)
                }
            },
            isolation: isolation,
            deliver: { event, message in
                let verdict: String
                do {
                    try handler(event)
                    verdict = "+ACK"
                } catch {
                    verdict = "-NAK"
                }
                if let reply = message.replyTo {
                    try? connection.publish(Array(verdict.utf8), to: reply)
                }
            }
        )
    }
}
