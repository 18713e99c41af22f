/// Writes the client's operations (`CONNECT`, `PUB`, `HPUB`, `SUB`, `UNSUB`, `PING`,
/// `PONG`) as protocol bytes, appending to a buffer so a caller can batch several.
enum ClientCommand {
    static let crlf: [UInt8] = [0x0D, 0x0A]

    /// `CONNECT {json}\r\n`.
    static func connect(_ json: [UInt8], into out: inout [UInt8]) {
        out.append(contentsOf: "CONNECT ".utf8)
        out.append(contentsOf: json)
        out.append(contentsOf: crlf)
    }

    /// `PUB subject [reply] size\r\npayload\r\n`.
    static func publish(subject: String, replyTo: String?, payload: [UInt8], into out: inout [UInt8]) {
        appendHead("PUB ", subject: subject, replyTo: replyTo, sizes: [payload.count], into: &out)
        out.append(contentsOf: payload)
        out.append(contentsOf: crlf)
    }

    /// `HPUB subject [reply] headerSize totalSize\r\nheaders payload\r\n`.
    static func publish(subject: String, replyTo: String?, headers: NATSHeaders, payload: [UInt8], into out: inout [UInt8]) {
        let block = encode(headers)
        appendHead("HPUB ", subject: subject, replyTo: replyTo, sizes: [block.count, block.count + payload.count], into: &out)
        out.append(contentsOf: block)
        out.append(contentsOf: payload)
        out.append(contentsOf: crlf)
    }

    /// `VERB subject [reply] size…\r\n`: the control line of `PUB` and `HPUB`.
    private static func appendHead(_ verb: String, subject: String, replyTo: String?, sizes: [Int], into out: inout [UInt8]) {
        out.append(contentsOf: verb.utf8)
        out.append(contentsOf: subject.utf8)
        if let replyTo {
            out.append(0x20)
            out.append(contentsOf: replyTo.utf8)
        }
        for size in sizes {
            out.append(0x20)
            out.append(contentsOf: String(size).utf8)
        }
        out.append(contentsOf: crlf)
    }

    /// `SUB subject [queue] sid\r\n`.
    static func subscribe(subject: String, queueGroup: String?, sid: UInt64, into out: inout [UInt8]) {
        out.append(contentsOf: "SUB ".utf8)
        out.append(contentsOf: subject.utf8)
        if let queueGroup {
            out.append(0x20)
            out.append(contentsOf: queueGroup.utf8)
        }
        out.append(0x20)
        out.append(contentsOf: String(sid).utf8)
        out.append(contentsOf: crlf)
    }

    /// `UNSUB sid [max]\r\n`.
    static func unsubscribe(sid: UInt64, after max: Int? = nil, into out: inout [UInt8]) {
        out.append(contentsOf: "UNSUB ".utf8)
        out.append(contentsOf: String(sid).utf8)
        if let max {
            out.append(0x20)
            out.append(contentsOf: String(max).utf8)
        }
        out.append(contentsOf: crlf)
    }

    static let ping: [UInt8] = Array("PING\r\n".utf8)
    static let pong: [UInt8] = Array("PONG\r\n".utf8)

    /// A header block: `NATS/1.0\r\n`, one `Name: value\r\n` per field, and an empty line.
    static func encode(_ headers: NATSHeaders) -> [UInt8] {
        var block = Array("NATS/1.0".utf8)
        if let status = headers.status {
            block.append(contentsOf: " \(status)".utf8)
            if let text = headers.statusDescription {
                block.append(contentsOf: " \(text)".utf8)
            }
        }
        block.append(contentsOf: crlf)
        for field in headers.fields {
            block.append(contentsOf: "\(field.name): \(field.value)".utf8)
            block.append(contentsOf: crlf)
        }
        block.append(contentsOf: crlf)
        return block
    }
}
