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

    /// `PUB subject [reply] size\r\npayload\r\n`; returns the length of its control line
    /// (without the CRLF).
    @discardableResult
    static func publish(subject: String, replyTo: String?, payload: [UInt8], into out: inout [UInt8]) -> Int {
        let line = publishLength(subject: subject, replyTo: replyTo, payload: payload.count).line
        publish(subject: subject, replyTo: replyTo, payload: payload, line: line, into: &out)
        return line
    }

    /// ``publish(subject:replyTo:payload:into:)`` with the control line's length already
    /// counted (``publishLength(subject:replyTo:payload:)``). Every publish runs this: the
    /// line is assembled on the stack and joins `out` in one copy, then the payload in
    /// another (no reservation: `out` may be the long-lived write buffer, which grows by
    /// doubling).
    static func publish(subject: String, replyTo: String?, payload: [UInt8], line: Int, into out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: line + 2) { head in
            let base = head.baseAddress!
            var at = copy("PUB ", to: base)
            at = copy(subject, to: at)
            if let replyTo {
                at.pointee = 0x20
                at = copy(replyTo, to: at + 1)
            }
            at.pointee = 0x20
            // The size's digits, right to left into the slot `publishLength` counted.
            var rest = payload.count
            var digit = base + line - 1
            repeat {
                digit.pointee = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
                digit -= 1
            } while rest > 0
            base[line] = 0x0D
            base[line + 1] = 0x0A
            out.append(contentsOf: UnsafeBufferPointer(head))
        }
        out.append(contentsOf: payload)
        out.append(0x0D)
        out.append(0x0A)
    }

    /// Copies `text`'s UTF-8 to `destination`; returns the position just past it.
    private static func copy(_ text: String, to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var text = text
        return text.withUTF8 { bytes in
            guard let source = bytes.baseAddress else {
                return destination
            }
            destination.update(from: source, count: bytes.count)
            return destination + bytes.count
        }
    }

    /// `HPUB subject [reply] headerSize totalSize\r\nheaders payload\r\n`; returns the
    /// length of its control line (without the CRLF).
    @discardableResult
    static func publish(subject: String, replyTo: String?, headers: NATSHeaders, payload: [UInt8], into out: inout [UInt8]) -> Int {
        let block = encode(headers)
        let line = appendHead("HPUB ", subject: subject, replyTo: replyTo, size: block.count, total: block.count + payload.count, into: &out)
        out.append(contentsOf: block)
        out.append(contentsOf: payload)
        out.append(contentsOf: crlf)
        return line
    }

    /// The length of `PUB`'s control line (without its CRLF) and of the whole command, as
    /// ``publish(subject:replyTo:payload:into:)`` writes them, without writing anything.
    static func publishLength(subject: String, replyTo: String?, payload: Int) -> (line: Int, total: Int) {
        var line = 4 + subject.utf8.count + 1 + decimalLength(payload)
        if let replyTo {
            line += 1 + replyTo.utf8.count
        }
        return (line, line + 2 + payload + 2)
    }

    /// How many digits ``appendDecimal(_:into:)`` writes for `value` (not negative).
    private static func decimalLength(_ value: Int) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// `VERB subject [reply] size [total]\r\n`: the control line of `PUB` and `HPUB`;
    /// returns its length without the CRLF.
    private static func appendHead(_ verb: StaticString, subject: String, replyTo: String?, size: Int, total: Int?, into out: inout [UInt8]) -> Int {
        let start = out.count
        out.append(contentsOf: UnsafeBufferPointer(start: verb.utf8Start, count: verb.utf8CodeUnitCount))
        out.append(contentsOf: subject.utf8)
        if let replyTo {
            out.append(0x20)
            out.append(contentsOf: replyTo.utf8)
        }
        out.append(0x20)
        appendDecimal(size, into: &out)
        if let total {
            out.append(0x20)
            appendDecimal(total, into: &out)
        }
        let length = out.count - start
        out.append(contentsOf: crlf)
        return length
    }

    /// The decimal digits of `value` (not negative), without making a `String`.
    private static func appendDecimal(_ value: Int, into out: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 {
            divisor *= 10
        }
        var rest = value
        while divisor > 0 {
            out.append(UInt8(0x30 + rest / divisor))
            rest %= divisor
            divisor /= 10
        }
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
