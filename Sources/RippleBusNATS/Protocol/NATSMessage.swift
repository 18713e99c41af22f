/// One message delivered by the server to a subscription (a `MSG` or `HMSG`).
///
/// ```swift
/// let text = String(decoding: message.payload, as: UTF8.self)
/// if let reply = message.replyTo { try connection.publish(Array("ack".utf8), to: reply) }
/// ```
public struct NATSMessage: Sendable, Equatable {
    /// The subject the message was published to.
    public let subject: String
    /// The subscription id the server delivered it for.
    public let sid: UInt64
    /// The subject to answer on, if the publisher expects a reply.
    public let replyTo: String?
    /// The message's headers, if it was published with headers (an `HMSG`).
    public let headers: NATSHeaders?
    /// The message body.
    public let payload: [UInt8]

    /// A message as the server delivers it.
    ///
    /// - Parameters:
    ///   - subject: The subject it was published to.
    ///   - sid: The subscription id it was delivered for.
    ///   - replyTo: The reply subject, if any.
    ///   - headers: Its headers, if any.
    ///   - payload: Its body.
    public init(subject: String, sid: UInt64, replyTo: String? = nil, headers: NATSHeaders? = nil, payload: [UInt8]) {
        self.subject = subject
        self.sid = sid
        self.replyTo = replyTo
        self.headers = headers
        self.payload = payload
    }
}

/// The headers of a message: an optional status line (`NATS/1.0 503`) and fields.
///
/// ```swift
/// if message.headers?.status == 503 { print("no responders") }
/// let id = message.headers?["Nats-Msg-Id"]
/// ```
public struct NATSHeaders: Sendable, Equatable {
    /// The status code of the header block's first line, if it has one (`503` for "no responders").
    public var status: Int?
    /// The text after the status code, if any.
    public var statusDescription: String?
    /// The fields, in the order they were written; a name may repeat.
    public var fields: [Field]

    /// One `Name: value` line of a header block.
    public struct Field: Sendable, Equatable {
        /// The field's name, as written.
        public var name: String
        /// The field's value, without surrounding spaces.
        public var value: String

        /// A header field.
        ///
        /// - Parameters:
        ///   - name: The field name.
        ///   - value: The field value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A header block.
    ///
    /// - Parameters:
    ///   - status: The status code, if any.
    ///   - statusDescription: The status text, if any.
    ///   - fields: The fields.
    public init(status: Int? = nil, statusDescription: String? = nil, fields: [Field] = []) {
        self.status = status
        self.statusDescription = statusDescription
        self.fields = fields
    }

    /// The value of the first field named `name` (compared without regard to case).
    ///
    /// - Parameter name: The field name.
    /// - Returns: The field's value, or `nil` if there is no such field.
    public subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }
}
