import FoundationEssentials

/// An incremental reader of the server's byte stream: feed it bytes as they arrive, in
/// pieces of any size, and take whole operations out.
///
/// It is a value with no I/O, so the tests drive it with streams split at every byte.
/// A `MSG`/`HMSG` is returned only when its payload and trailing CRLF have arrived;
/// until then `next()` returns `nil` and keeps the partial bytes.
struct ProtocolParser {
    /// The longest control line accepted (the server's own default limit is 4 KB; an
    /// `INFO` with many cluster URLs can be longer, so allow more).
    static let maxControlLine = 64 * 1024
    /// The largest message accepted: the server's own hard ceiling for `max_payload`
    /// (64 MB). A larger size in a `MSG`/`HMSG` line can only come from a broken or
    /// hostile peer, and waiting for it would buffer without a bound.
    static let maxMessageSize: UInt64 = 64 * 1024 * 1024

    private var buffer: [UInt8] = []
    // Where the unread bytes start in `buffer`.
    private var start = 0
    // Where the CRLF search resumes, so a long line arriving in pieces is scanned once.
    private var scanned = 0

    /// Appends bytes received from the socket.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compactIfWorthIt()
        buffer.append(contentsOf: bytes)
    }

    /// Appends bytes (tests, and leftovers).
    mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        compactIfWorthIt()
        buffer.append(contentsOf: bytes)
    }

    /// The next complete operation, or `nil` if more bytes are needed.
    mutating func next() throws(NATSProtocolViolation) -> ServerOperation? {
        guard let lineEnd = findCRLF() else {
            if buffer.count - start > Self.maxControlLine {
                throw NATSProtocolViolation(reason: "control line longer than \(Self.maxControlLine) bytes")
            }
            return nil
        }
        let line = buffer[start..<lineEnd]
        let afterLine = lineEnd + 2
        let (verb, rest) = Self.splitVerb(line)
        switch verb {
        case "MSG":
            return try readMessage(arguments: rest, afterLine: afterLine, withHeaders: false)
        case "HMSG":
            return try readMessage(arguments: rest, afterLine: afterLine, withHeaders: true)
        case "PING":
            consume(to: afterLine)
            return .ping
        case "PONG":
            consume(to: afterLine)
            return .pong
        case "+OK":
            consume(to: afterLine)
            return .ok
        case "-ERR":
            var text = String(decoding: rest, as: UTF8.self).trimmingSpaces()
            if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
                text = String(text.dropFirst().dropLast())
            }
            consume(to: afterLine)
            return .err(text)
        case "INFO":
            let info: NATSServerInfo
            do {
                info = try JSONDecoder().decode(NATSServerInfo.self, from: Data(rest))
            } catch {
                throw NATSProtocolViolation(reason: "INFO is not valid JSON: \(error)")
            }
            // Every publish is checked against it: none could ever be sent.
            guard info.maxPayload > 0 else {
                throw NATSProtocolViolation(reason: "INFO with max_payload \(info.maxPayload): it must be positive")
            }
            consume(to: afterLine)
            return .info(info)
        default:
            throw NATSProtocolViolation(reason: "unknown operation '\(String(decoding: line.prefix(32), as: UTF8.self))'")
        }
    }

    private mutating func readMessage(arguments: ArraySlice<UInt8>, afterLine: Int, withHeaders: Bool) throws(NATSProtocolViolation) -> ServerOperation? {
        var fields = Fields()
        guard fields.read(arguments) else {
            throw NATSProtocolViolation(reason: "\(withHeaders ? "HMSG" : "MSG") with more than 5 arguments")
        }
        let verb = withHeaders ? "HMSG" : "MSG"
        let expected = withHeaders ? 4...5 : 3...4
        guard expected.contains(fields.count) else {
            throw NATSProtocolViolation(reason: "\(verb) with \(fields.count) arguments")
        }
        guard let sid = Self.number(fields[1]) else {
            throw NATSProtocolViolation(reason: "\(verb) with a bad subscription id")
        }
        guard let total = Self.number(fields[fields.count - 1]) else {
            throw NATSProtocolViolation(reason: "\(verb) with a bad size")
        }
        guard total <= Self.maxMessageSize else {
            throw NATSProtocolViolation(reason: "\(verb) of \(total) bytes, more than \(Self.maxMessageSize)")
        }
        var headerLength = 0
        if withHeaders {
            guard let length = Self.number(fields[fields.count - 2]), length <= total else {
                throw NATSProtocolViolation(reason: "HMSG with a bad header size")
            }
            headerLength = Int(length)
        }
        let bodyEnd = afterLine + Int(total)
        guard buffer.count >= bodyEnd + 2 else {
            return nil
        }
        guard buffer[bodyEnd] == 0x0D, buffer[bodyEnd + 1] == 0x0A else {
            throw NATSProtocolViolation(reason: "\(verb) payload not followed by CRLF")
        }
        // Made only once the whole frame is there: a frame read in pieces is parsed again.
        let subject = String(decoding: fields[0], as: UTF8.self)
        let replyTo = fields.count == expected.upperBound ? String(decoding: fields[2], as: UTF8.self) : nil
        var headers: NATSHeaders?
        if withHeaders {
            // The frame is sound (its sizes held, its CRLF is there): a bad header block
            // is this message's fault alone, and the stream goes on after it.
            do {
                headers = try Self.parseHeaders(buffer[afterLine..<(afterLine + headerLength)])
            } catch {
                consume(to: bodyEnd + 2)
                return .malformed(subject: subject, reason: error.reason)
            }
        }
        let payload = Array(buffer[(afterLine + headerLength)..<bodyEnd])
        consume(to: bodyEnd + 2)
        return .msg(NATSMessage(subject: subject, sid: sid, replyTo: replyTo, headers: headers, payload: payload))
    }

    /// Reads `NATS/1.0[ status[ description]]\r\n(Name: value\r\n)*\r\n`; throws for a
    /// block that is not one (the caller makes it a per-message error).
    static func parseHeaders(_ bytes: ArraySlice<UInt8>) throws(NATSProtocolViolation) -> NATSHeaders {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), first.hasPrefix("NATS/1.0") else {
            throw NATSProtocolViolation(reason: "header block does not start with NATS/1.0")
        }
        var headers = NATSHeaders()
        let statusLine = first.dropFirst("NATS/1.0".count).trimmingSpaces()
        if !statusLine.isEmpty {
            let parts = statusLine.split(separator: " ", maxSplits: 1)
            headers.status = Int(parts[0])
            if parts.count > 1 {
                headers.statusDescription = String(parts[1])
            }
        }
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else {
                throw NATSProtocolViolation(reason: "header line without ':'")
            }
            headers.fields.append(.init(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingSpaces()
            ))
        }
        return headers
    }

    private mutating func findCRLF() -> Int? {
        var index = max(start, scanned)
        let end = buffer.count - 1
        while index < end {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A {
                return index
            }
            index += 1
        }
        scanned = max(start, end)
        return nil
    }

    private mutating func consume(to index: Int) {
        start = index
        scanned = index
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
        }
    }

    /// Drops consumed bytes once they are most of the buffer, so it does not grow.
    private mutating func compactIfWorthIt() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
    }

    /// The line's verb, upper-cased, and the arguments after it. A known verb is matched
    /// on its bytes (ASCII letters, any case), so the usual `MSG` makes no `String`.
    private static func splitVerb(_ line: ArraySlice<UInt8>) -> (String, ArraySlice<UInt8>) {
        let verbEnd = line.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) ?? line.endIndex
        let rest = line[verbEnd...].drop(while: { $0 == 0x20 || $0 == 0x09 })
        let word = line[line.startIndex..<verbEnd]
        for known in knownVerbs where known.count == word.count {
            // `| 0x20` lower-cases an ASCII letter; the verbs' other bytes ('+', '-') are
            // compared as they are.
            if zip(known, word).allSatisfy({ $0 == $1 || ($0 >= 0x41 && $0 <= 0x5A && $0 | 0x20 == $1) }) {
                return (String(decoding: known, as: UTF8.self), rest)
            }
        }
        return (String(decoding: word, as: UTF8.self).uppercased(), rest)
    }

    private static let knownVerbs: [[UInt8]] = ["MSG", "HMSG", "PING", "PONG", "+OK", "-ERR", "INFO"].map { Array($0.utf8) }

    private static func number(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 19 else {
            return nil
        }
        var value: UInt64 = 0
        for digit in digits {
            guard digit >= 0x30, digit <= 0x39 else {
                return nil
            }
            value = value * 10 + UInt64(digit - 0x30)
        }
        return value
    }
}

/// The arguments of a `MSG`/`HMSG` line (at most five), as slices of the line: split
/// without allocating, since every message has one.
private struct Fields {
    private var slices: (ArraySlice<UInt8>, ArraySlice<UInt8>, ArraySlice<UInt8>, ArraySlice<UInt8>, ArraySlice<UInt8>) = ([], [], [], [], [])
    private(set) var count = 0

    /// Splits `line` on spaces and tabs; `false` if it has more than five arguments.
    mutating func read(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == 0x20 || line[index] == 0x09 {
                index += 1
                continue
            }
            var end = index
            while end < line.endIndex, line[end] != 0x20, line[end] != 0x09 {
                end += 1
            }
            guard count < 5 else {
                return false
            }
            let field = line[index..<end]
            switch count {
            case 0: slices.0 = field
            case 1: slices.1 = field
            case 2: slices.2 = field
            case 3: slices.3 = field
            default: slices.4 = field
            }
            count += 1
            index = end
        }
        return true
    }

    subscript(position: Int) -> ArraySlice<UInt8> {
        switch position {
        case 0: slices.0
        case 1: slices.1
        case 2: slices.2
        case 3: slices.3
        default: slices.4
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
