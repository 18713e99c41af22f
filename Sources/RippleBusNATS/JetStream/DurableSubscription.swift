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
            let max_deliver: Int
            let backoff: [Int64]?
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
        _ connection: NATSConnection, stream: String, durable: String, deliverSubject: String, ackWait: Duration, maxAckPending: Int,
        retry: DurableRetryPolicy
    ) async throws {
        // No subject filter: `ensureStream` refuses a stream that captures anything but
        // this type's subject, so the consumer sees only this type's events.
        let backoff = retry.consumerBackoff(ackWait: ackWait).map(nanoseconds)
        let request = ConsumerRequest(stream_name: stream, config: .init(
            durable_name: durable, deliver_subject: deliverSubject,
            ack_wait: nanoseconds(ackWait), max_ack_pending: maxAckPending,
            max_deliver: retry.maxDeliveries, backoff: backoff.isEmpty ? nil : backoff
        ))
        try await call(connection, "$JS.API.CONSUMER.DURABLE.CREATE.\(stream).\(durable)", request)
    }

    /// `duration` in whole nanoseconds, as the JetStream API takes durations.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Publishes `payload` to `subject` and reads the stream's acknowledgement.
    static func publish(
        _ connection: NATSConnection, _ payload: [UInt8], to subject: String, messageID: String?, timeout: Duration
    ) -> Single<NATSPublishAck> {
        let headers = messageID.map { NATSHeaders(fields: [.init(name: "Nats-Msg-Id", value: $0)]) }
        return connection.request(payload, to: subject, headers: headers, timeout: timeout)
            .catch { error in
                if case NATSError.noResponders = error {
                    return .error(NATSError.jetStream("no stream stores \(subject)"))
                }
                return .error(error)
            }
            .map { answer in
                let response = try JSONDecoder().decode(Response.self, from: Data(answer.payload))
                if let failure = response.error {
                    throw NATSError.jetStream("\(failure.description) (\(subject), code \(failure.code))")
                }
                return try JSONDecoder().decode(NATSPublishAck.self, from: Data(answer.payload))
            }
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
    /// created if missing. Each event is acknowledged (`+ACK`) after `handler` returns.
    /// If `handler` throws, the event is refused (`-NAK`) and redelivered after the next
    /// wait of `retry`'s backoff, at most `retry.maxDeliveries` times in all; after its last
    /// delivery fails it is terminated (`+TERM`) and reported on ``errors`` as
    /// ``NATSBusError/poisonMessage(subject:streamSequence:deliveries:reason:)``. Throwing
    /// ``DurableRejection`` says otherwise: `terminate` ends it at once (reported the
    /// same way), `retry(after:)` picks the wait. If `handler` never answers (the process
    /// dies, or it outlasts `ackWait`), the server redelivers it after `ackWait`; when it
    /// gives up after the last delivery, its max-deliveries advisory is reported the same
    /// way too. Each message is reported once, whichever of the two tells of it first. A message that does not decode is
    /// reported on ``errors`` and terminated, so it is not redelivered forever. Events
    /// published with ``publish(_:)`` while no subscriber is there wait in the stream. Only
    /// one subscriber per durable name at a time, and one event type per stream: a stream
    /// made for another type is refused with ``NATSError/jetStream(_:)``. Events the server
    /// pushed to a subscriber that closed before acknowledging them come to the next one
    /// after `ackWait`.
    ///
    /// A handler written on an actor runs on that actor: each event is decoded, in order,
    /// on `scheduler` and handed on to the actor, where the handler runs and the event is
    /// acknowledged; the scheduler then only orders the events.
    ///
    /// ```swift
    /// let billing = try await bus.subscribeDurably(OrderPlaced.self, stream: "ORDERS", durable: "billing") { order in
    ///     try charge(order)     // throwing asks for the order again, after a backoff
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The event type.
    ///   - stream: The stream's name (letters, digits, `-`, `_`).
    ///   - durable: The durable consumer's name; a later subscriber with the same name resumes.
    ///   - ackWait: How long the server waits for an acknowledgement before redelivering.
    ///   - retry: How many deliveries an event gets and the waits between them.
    ///   - scheduler: Where `handler` runs; by default a new serial queue of its own.
    ///     For a handler written on an actor, what orders the events on their way to it.
    ///   - handler: Called with each event; throw to have it redelivered (or a
    ///     ``DurableRejection``). Runs on the actor it was written on if it is isolated to
    ///     one (each event hops there from `scheduler`, in order), otherwise on `scheduler`.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that stops the subscription (the consumer stays on the server).
    /// - Throws: ``NATSError/jetStream(_:)`` when JetStream is off or refuses the stream or
    ///   consumer (a consumer of that name made with another configuration included),
    ///   ``NATSError/invalidOption(_:)`` for a `retry` with fewer than one delivery.
    public func subscribeDurably<E: BusEvent>(
        _ type: E.Type,
        stream: String,
        durable: String,
        ackWait: Duration = .seconds(30),
        retry: DurableRetryPolicy = DurableRetryPolicy(),
        on scheduler: ImmediateSchedulerType = EventBus.makeSubscriptionScheduler(),
        handler: @escaping @Sendable (E) throws -> Void,
        isolation: (any Actor)? = #isolation
    ) async throws -> any Disposable & Sendable {
        try await subscribeDurably(
            type, stream: stream, durable: durable, ackWait: ackWait, retry: retry, on: scheduler,
            handler: { event, _ in try handler(event) }, isolation: isolation
        )
    }

    /// A durable subscription, as the other `subscribeDurably` makes, whose handler also
    /// receives the delivery: its count, the event's place in the stream, and
    /// ``DurableDelivery/inProgress()`` for work that outlasts `ackWait`.
    ///
    /// ```swift
    /// let encoder = try await bus.subscribeDurably(Video.self, stream: "VIDEOS", durable: "encoder") { video, delivery in
    ///     if delivery.deliveryCount > 1 { log("again: \(delivery.streamSequence)") }
    ///     try encode(video, progress: { delivery.inProgress() })
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The event type.
    ///   - stream: The stream's name (letters, digits, `-`, `_`).
    ///   - durable: The durable consumer's name.
    ///   - ackWait: How long the server waits for an acknowledgement before redelivering.
    ///   - retry: How many deliveries an event gets and the waits between them.
    ///   - scheduler: Where `handler` runs.
    ///   - handler: Called with each event and its delivery.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A disposable that stops the subscription.
    /// - Throws: As the other `subscribeDurably`.
    public func subscribeDurably<E: BusEvent>(
        _ type: E.Type,
        stream: String,
        durable: String,
        ackWait: Duration = .seconds(30),
        retry: DurableRetryPolicy = DurableRetryPolicy(),
        on scheduler: ImmediateSchedulerType = EventBus.makeSubscriptionScheduler(),
        handler: @escaping @Sendable (E, DurableDelivery) throws -> Void,
        isolation: (any Actor)? = #isolation
    ) async throws -> any Disposable & Sendable {
        for name in [stream, durable] where name.isEmpty || Subject.token(from: name) != name {
            throw NATSError.invalidSubject(name)
        }
        guard retry.maxDeliveries >= 1, retry.backoff.allSatisfy({ $0 >= .zero }) else {
            throw NATSError.invalidOption("retry needs at least one delivery and no negative wait")
        }
        let deliverSubject = "ripple.durable.\(stream).\(durable)"
        try await JetStreamAPI.ensureStream(connection, name: stream, subject: subject(for: E.self))
        try await JetStreamAPI.ensureConsumer(
            connection, stream: stream, durable: durable, deliverSubject: deliverSubject,
            ackWait: ackWait, maxAckPending: subscriptionBufferLimit, retry: retry
        )
        let connection = connection
        let subject = subject(for: E.self)
        let ledger = PoisonLedger()
        // The server's word on a message it gave up on without an answer (the handler
        // outlasted the ack wait of its last delivery, or its process died): reported as
        // the subscription's own give-ups are, once per message.
        let advisories = try connection.subscribe(
            to: MaxDeliveriesAdvisory.subject(stream: stream, consumer: durable),
            handler: { [weak self] message in
                if let advisory = MaxDeliveriesAdvisory(payload: message.payload), ledger.isFirstReport(of: advisory.streamSequence) {
                    self?.report(.poisonMessage(
                        subject: subject, streamSequence: advisory.streamSequence, deliveries: advisory.deliveries,
                        reason: MaxDeliveriesAdvisory.reason
                    ))
                }
            },
            isolation: nil
        )
        let events: NATSBusSubscription<E>
        do {
            events = try attach(
                type, subject: deliverSubject, queueGroup: nil, scheduler: scheduler,
                undeliverable: { message in
                    DurableDelivery(message: message, connection: connection).answer("+TERM")
                },
                isolation: isolation,
                deliver: { [weak self] event, message in
                    let delivery = DurableDelivery(message: message, connection: connection)
                    let poison = { (reason: String) in
                        delivery.answer("+TERM")
                        if ledger.isFirstReport(of: delivery.streamSequence) {
                            self?.report(.poisonMessage(
                                subject: subject, streamSequence: delivery.streamSequence, deliveries: delivery.deliveryCount, reason: reason
                            ))
                        }
                    }
                    do {
                        try handler(event, delivery)
                        delivery.answer("+ACK")
                    } catch DurableRejection.terminate(let reason) {
                        poison(reason)
                    } catch {
                        if delivery.deliveryCount >= retry.maxDeliveries {
                            poison(String(describing: error))
                            return
                        }
                        var delay = retry.delay(after: delivery.deliveryCount)
                        if case DurableRejection.retry(let after) = error {
                            delay = max(.zero, after)
                        }
                        delivery.answer(delay > .zero ? "-NAK {\"delay\": \(JetStreamAPI.nanoseconds(delay))}" : "-NAK")
                    }
                }
            )
        } catch {
            advisories.dispose()
            throw error
        }
        return Disposables.create(events, advisories)
    }

    /// Publishes `event` to its type's subject and emits the stream's acknowledgement:
    /// where it was stored, or that it was a duplicate.
    ///
    /// A stream must capture the type's subject (one made by ``subscribeDurably(_:stream:durable:ackWait:retry:on:handler:isolation:)-(_,_,_,_,_,_,(E)->Void,_)``
    /// does). With a `messageID` (the `Nats-Msg-Id` header), a second publish with the same
    /// id within the stream's duplicate window (two minutes by default) is not stored
    /// again: its acknowledgement says ``NATSPublishAck/duplicate`` and carries the first
    /// one's sequence. So a publisher that did not get its acknowledgement (a timeout, a
    /// lost connection) can publish again with the same id without storing the event twice.
    ///
    /// ```swift
    /// bus.publishAcknowledged(OrderPlaced(id: 7), messageID: "order-7")
    ///     .retry(3)
    ///     .subscribe(onSuccess: { print("stored as #\($0.sequence)") })
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - messageID: An id for deduplication, unique per event (an order's id, say).
    ///   - timeout: How long to wait for the acknowledgement.
    /// - Returns: A `Single` of the acknowledgement; each subscription publishes anew. It
    ///   fails with ``NATSError/jetStream(_:)`` when no stream stores the subject or the
    ///   stream refuses the message, ``NATSError/timeout``, or the publish's error.
    public func publishAcknowledged<E: BusEvent>(_ event: E, messageID: String? = nil, timeout: Duration = .seconds(5)) -> Single<NATSPublishAck> {
        let payload: [UInt8]
        do {
            payload = try EnvelopeCoding.encode(event)
        } catch {
            return Single.error(error)
        }
        return JetStreamAPI.publish(connection, payload, to: subject(for: E.self), messageID: messageID, timeout: timeout)
    }
}
