import FoundationEssentials

/// Reads a `Decodable` value from JSON bytes, straight from the bytes, for what
/// `JSONDecoder()` with its default settings reads the same way.
///
/// It accepts a strict subset of what `JSONDecoder` accepts, and wherever it accepts a
/// document it reads the same values: ``validate()`` checks the whole document (grammar,
/// UTF-8, nesting depth) before anything is read, and whatever could read differently —
/// a key with a non-ASCII character, a key given twice, an integer written with a
/// fraction or exponent, `-0` as an integer, a number out of range, a lone surrogate,
/// `Decimal`, `superDecoder` — throws ``Unsupported``. Every error, its own or the
/// value's, is a cue for the caller (``EnvelopeCoding``) to read the message again with
/// `JSONDecoder`, whose result and error messages are the reference. `codingPath` is
/// always empty here and `userInfo` has no entries.
final class JSONByteDecoder: Decoder {
    /// What the decoder throws for anything it leaves to `JSONDecoder`, malformed input included.
    struct Unsupported: Error {}

    /// An object's members: each key's byte range and where its value starts.
    struct Members {
        fileprivate var entries: [(key: Range<Int>, value: Int)] = []
        // Large objects (dictionaries) are looked up through an index rather than a scan.
        fileprivate var index: [String: Int]?
    }

    /// The deepest nesting read; deeper documents are left to `JSONDecoder`.
    private static var maximumDepth: Int { 256 }

    let bytes: [UInt8]
    // Where the value being decoded starts.
    private var current = 0

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Checks that ``bytes`` are exactly one JSON document, in UTF-8, and returns where its
    /// value starts.
    func validate() throws -> Int {
        var index = skipWhitespace(from: 0)
        let start = index
        var nonASCII = false
        try validateValue(at: &index, depth: 0, nonASCII: &nonASCII)
        guard skipWhitespace(from: index) == bytes.count else {
            throw Unsupported()
        }
        if nonASCII, String(validating: bytes, as: UTF8.self) == nil {
            throw Unsupported()
        }
        return start
    }

    /// The value of type `T` that starts at `offset`.
    func decode<T: Decodable>(_ type: T.Type, at offset: Int) throws -> T {
        if T.self == Data.self {
            guard let data = Data(base64Encoded: try string(at: offset)) else {
                throw Unsupported()
            }
            return data as! T
        }
        if T.self == URL.self {
            guard let url = URL(string: try string(at: offset)) else {
                throw Unsupported()
            }
            return url as! T
        }
        if T.self == Decimal.self {
            throw Unsupported()
        }
        let saved = current
        defer { current = saved }
        current = offset
        return try T(from: self)
    }

    // MARK: - Validation

    private func skipWhitespace(from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    private func expect(_ byte: UInt8, at index: inout Int) throws {
        guard index < bytes.count, bytes[index] == byte else {
            throw Unsupported()
        }
        index += 1
    }

    private func validateValue(at index: inout Int, depth: Int, nonASCII: inout Bool) throws {
        guard index < bytes.count, depth < Self.maximumDepth else {
            throw Unsupported()
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index = skipWhitespace(from: index + 1)
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                try validateString(at: &index, nonASCII: &nonASCII)
                index = skipWhitespace(from: index)
                try expect(UInt8(ascii: ":"), at: &index)
                index = skipWhitespace(from: index)
                try validateValue(at: &index, depth: depth + 1, nonASCII: &nonASCII)
                if try passSeparator(closing: UInt8(ascii: "}"), at: &index) {
                    return
                }
            }
        case UInt8(ascii: "["):
            index = skipWhitespace(from: index + 1)
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                try validateValue(at: &index, depth: depth + 1, nonASCII: &nonASCII)
                if try passSeparator(closing: UInt8(ascii: "]"), at: &index) {
                    return
                }
            }
        case UInt8(ascii: "\""):
            try validateString(at: &index, nonASCII: &nonASCII)
        case UInt8(ascii: "t"):
            try validateLiteral("true", at: &index)
        case UInt8(ascii: "f"):
            try validateLiteral("false", at: &index)
        case UInt8(ascii: "n"):
            try validateLiteral("null", at: &index)
        default:
            try validateNumber(at: &index)
        }
    }

    private func validateLiteral(_ literal: StaticString, at index: inout Int) throws {
        for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            try expect(byte, at: &index)
        }
    }

    /// After a member or element: passes the `,` and the whitespace after it (false), or
    /// the container's `closing` byte (true).
    private func passSeparator(closing: UInt8, at index: inout Int) throws -> Bool {
        index = skipWhitespace(from: index)
        guard index < bytes.count else {
            throw Unsupported()
        }
        index += 1
        if bytes[index - 1] == closing {
            return true
        }
        guard bytes[index - 1] == UInt8(ascii: ",") else {
            throw Unsupported()
        }
        index = skipWhitespace(from: index)
        return false
    }

    private func validateString(at index: inout Int, nonASCII: inout Bool) throws {
        try expect(UInt8(ascii: "\""), at: &index)
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return
            case UInt8(ascii: "\\"):
                guard index < bytes.count else {
                    throw Unsupported()
                }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    continue
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy({ Self.hexValue($0) != nil }) else {
                        throw Unsupported()
                    }
                    index += 4
                default:
                    throw Unsupported()
                }
            case 0..<0x20:
                throw Unsupported()
            case 0x80...:
                nonASCII = true
            default:
                continue
            }
        }
        throw Unsupported()
    }

    private func validateNumber(at index: inout Int) throws {
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < bytes.count, Self.isDigit(bytes[index]) else {
            throw Unsupported()
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits(at: &index)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw Unsupported()
            }
            skipDigits(at: &index)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw Unsupported()
            }
            skipDigits(at: &index)
        }
    }

    private func skipDigits(at index: inout Int) {
        while index < bytes.count, Self.isDigit(bytes[index]) {
            index += 1
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: - Reading a validated document

    /// Where the string that starts at `start` ends (just past its closing quote).
    /// Only for a validated document, whose strings all end before it does.
    private func stringEnd(from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = start + 1
            while true {
                switch buffer[index] {
                case UInt8(ascii: "\""): return index + 1
                case UInt8(ascii: "\\"): index += 2
                default: index += 1
                }
            }
        }
    }

    /// Where the value that starts at `start` ends.
    private func valueEnd(from start: Int) -> Int {
        var index = start
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return stringEnd(from: index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            repeat {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index = stringEnd(from: index)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                default:
                    break
                }
                index += 1
            } while depth > 0
            return index
        default:
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                    return index
                default:
                    index += 1
                }
            }
            return index
        }
    }

    /// The members of the object that starts at `offset`.
    func members(at offset: Int) throws -> Members {
        guard bytes[offset] == UInt8(ascii: "{") else {
            throw Unsupported()
        }
        var members = Members()
        var index = skipWhitespace(from: offset + 1)
        var escaped = false
        while bytes[index] == UInt8(ascii: "\"") {
            let keyEnd = stringEnd(from: index)
            let key = index + 1..<keyEnd - 1
            // Keys are compared as ASCII bytes: one with a non-ASCII character, which
            // `String` comparison could match differently, is left to `JSONDecoder`.
            for byte in bytes[key] {
                if byte >= 0x80 {
                    throw Unsupported()
                }
                escaped = escaped || byte == UInt8(ascii: "\\")
            }
            index = skipWhitespace(from: skipWhitespace(from: keyEnd) + 1)
            members.entries.append((key, index))
            index = skipWhitespace(from: valueEnd(from: index))
            if bytes[index] == UInt8(ascii: ",") {
                index = skipWhitespace(from: index + 1)
            }
        }
        // Escaped keys are compared once unescaped, through the index.
        if members.entries.count > 16 || escaped {
            var lookup = [String: Int](minimumCapacity: members.entries.count)
            for (key, value) in members.entries {
                let name = try string(at: key.lowerBound - 1)
                guard name.utf8.allSatisfy({ $0 < 0x80 }), lookup.updateValue(value, forKey: name) == nil else {
                    throw Unsupported()
                }
            }
            members.index = lookup
        }
        return members
    }

    /// Where `key`'s value starts in `members`, or `nil` when it is absent.
    func value(forKey key: String, in members: Members) throws -> Int? {
        if let index = members.index {
            return index[key]
        }
        var key = key
        return try key.withUTF8 { wanted in
            var found: Int?
            for (range, value) in members.entries where range.count == wanted.count {
                if bytes[range].elementsEqual(wanted) {
                    guard found == nil else {
                        throw Unsupported()
                    }
                    found = value
                }
            }
            return found
        }
    }

    /// The keys of `members`, in document order.
    func keys(of members: Members) -> [String] {
        if let index = members.index {
            return Array(index.keys)
        }
        return members.entries.map { String(decoding: bytes[$0.key], as: UTF8.self) }
    }

    /// Where each element of the array that starts at `offset` starts.
    func elements(at offset: Int) throws -> [Int] {
        guard bytes[offset] == UInt8(ascii: "[") else {
            throw Unsupported()
        }
        var elements: [Int] = []
        var index = skipWhitespace(from: offset + 1)
        while bytes[index] != UInt8(ascii: "]") {
            elements.append(index)
            index = skipWhitespace(from: valueEnd(from: index))
            if bytes[index] == UInt8(ascii: ",") {
                index = skipWhitespace(from: index + 1)
            }
        }
        return elements
    }

    func isNull(at offset: Int) -> Bool {
        bytes[offset] == UInt8(ascii: "n")
    }

    func bool(at offset: Int) throws -> Bool {
        switch bytes[offset] {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: throw Unsupported()
        }
    }

    func string(at offset: Int) throws -> String {
        guard bytes[offset] == UInt8(ascii: "\"") else {
            throw Unsupported()
        }
        let end = stringEnd(from: offset) - 1
        let body = bytes[offset + 1..<end]
        guard body.contains(UInt8(ascii: "\\")) else {
            return String(decoding: body, as: UTF8.self)
        }
        var text: [UInt8] = []
        text.reserveCapacity(body.count)
        var index = offset + 1
        while index < end {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var code = hex4(at: index)
                index += 4
                if (0xD800..<0xDC00).contains(code) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 6 <= end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw Unsupported()
                    }
                    let low = hex4(at: index + 2)
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw Unsupported()
                    }
                    index += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw Unsupported()
                }
                text.append(contentsOf: UTF8.encode(scalar)!)
            default: text.append(escaped)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func hex4(at index: Int) -> UInt32 {
        bytes[index..<index + 4].reduce(0) { $0 << 4 | Self.hexValue($1)! }
    }

    /// A plain integer (no fraction, no exponent, not `-0`) that fits `I`.
    func integer<I: FixedWidthInteger>(_ type: I.Type, at offset: Int) throws -> I {
        var index = offset
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative {
            index += 1
        }
        guard index < bytes.count, Self.isDigit(bytes[index]) else {
            throw Unsupported()
        }
        var value: I = 0
        while index < bytes.count, Self.isDigit(bytes[index]) {
            let digit = I(bytes[index] - UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else {
                throw Unsupported()
            }
            value = next
            index += 1
        }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw Unsupported()
        }
        if negative, value == 0 {
            throw Unsupported()
        }
        return value
    }

    /// A finite number; `F(String)` rounds correctly, as `JSONDecoder`'s parse does.
    func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type, at offset: Int) throws -> F {
        guard bytes[offset] == UInt8(ascii: "-") || Self.isDigit(bytes[offset]) else {
            throw Unsupported()
        }
        let token = bytes[offset..<valueEnd(from: offset)]
        if token.count <= 15, bytes[offset] != UInt8(ascii: "-"), token.allSatisfy(Self.isDigit) {
            return F(try integer(Int.self, at: offset))
        }
        guard let value = F(String(decoding: token, as: UTF8.self)), value.isFinite else {
            throw Unsupported()
        }
        return value
    }

    // MARK: - Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedReader<Key>(decoder: self, members: try members(at: current)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        UnkeyedReader(decoder: self, elements: try elements(at: current))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleReader(decoder: self, offset: current)
    }
}

/// An object being read by ``JSONByteDecoder``.
private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONByteDecoder
    let members: JSONByteDecoder.Members

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        decoder.keys(of: members).compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        (try? decoder.value(forKey: key.stringValue, in: members)) != nil
    }

    private func offset(of key: Key) throws -> Int {
        guard let offset = try decoder.value(forKey: key.stringValue, in: members) else {
            throw JSONByteDecoder.Unsupported()
        }
        return offset
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.isNull(at: try offset(of: key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.bool(at: offset(of: key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.string(at: offset(of: key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.floatingPoint(type, at: offset(of: key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.floatingPoint(type, at: offset(of: key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decoder.integer(type, at: offset(of: key))
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try decoder.integer(type, at: offset(of: key))
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try decoder.integer(type, at: offset(of: key))
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try decoder.integer(type, at: offset(of: key))
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decoder.integer(type, at: offset(of: key))
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try decoder.integer(type, at: offset(of: key))
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try decoder.integer(type, at: offset(of: key))
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decoder.integer(type, at: offset(of: key))
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decoder.integer(type, at: offset(of: key))
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decoder.integer(type, at: offset(of: key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, at: offset(of: key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(KeyedReader<NestedKey>(decoder: decoder, members: try decoder.members(at: offset(of: key))))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        UnkeyedReader(decoder: decoder, elements: try decoder.elements(at: offset(of: key)))
    }

    func superDecoder() throws -> any Decoder {
        throw JSONByteDecoder.Unsupported()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw JSONByteDecoder.Unsupported()
    }
}

/// An array being read by ``JSONByteDecoder``.
private struct UnkeyedReader: UnkeyedDecodingContainer {
    let decoder: JSONByteDecoder
    let elements: [Int]
    private(set) var currentIndex = 0

    init(decoder: JSONByteDecoder, elements: [Int]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> Int {
        guard currentIndex < elements.count else {
            throw JSONByteDecoder.Unsupported()
        }
        currentIndex += 1
        return elements[currentIndex - 1]
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count else {
            throw JSONByteDecoder.Unsupported()
        }
        if decoder.isNull(at: elements[currentIndex]) {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try decoder.bool(at: next())
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try decoder.string(at: next())
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        try decoder.floatingPoint(type, at: next())
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        try decoder.floatingPoint(type, at: next())
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        try decoder.integer(type, at: next())
    }

    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try decoder.integer(type, at: next())
    }

    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try decoder.integer(type, at: next())
    }

    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try decoder.integer(type, at: next())
    }

    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try decoder.integer(type, at: next())
    }

    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try decoder.integer(type, at: next())
    }

    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try decoder.integer(type, at: next())
    }

    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try decoder.integer(type, at: next())
    }

    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try decoder.integer(type, at: next())
    }

    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try decoder.integer(type, at: next())
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decode(type, at: next())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(KeyedReader<NestedKey>(decoder: decoder, members: try decoder.members(at: next())))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        UnkeyedReader(decoder: decoder, elements: try decoder.elements(at: next()))
    }

    mutating func superDecoder() throws -> any Decoder {
        throw JSONByteDecoder.Unsupported()
    }
}

/// The single value being read by ``JSONByteDecoder``.
private struct SingleReader: SingleValueDecodingContainer {
    let decoder: JSONByteDecoder
    let offset: Int

    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        decoder.isNull(at: offset)
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        try decoder.bool(at: offset)
    }

    func decode(_ type: String.Type) throws -> String {
        try decoder.string(at: offset)
    }

    func decode(_ type: Double.Type) throws -> Double {
        try decoder.floatingPoint(type, at: offset)
    }

    func decode(_ type: Float.Type) throws -> Float {
        try decoder.floatingPoint(type, at: offset)
    }

    func decode(_ type: Int.Type) throws -> Int {
        try decoder.integer(type, at: offset)
    }

    func decode(_ type: Int8.Type) throws -> Int8 {
        try decoder.integer(type, at: offset)
    }

    func decode(_ type: Int16.Type) throws -> Int16 {
        try decoder.integer(type, at: offset)
    }

    func decode(_ type: Int32.Type) throws -> Int32 {
        try decoder.integer(type, at: offset)
    }

    func decode(_ type: Int64.Type) throws -> Int64 {
        try decoder.integer(type, at: offset)
    }

    func decode(_ type: UInt.Type) throws -> UInt {
        try decoder.integer(type, at: offset)
    }

    func decode(_ type: UInt8.Type) throws -> UInt8 {
        try decoder.integer(type, at: offset)
    }

    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try decoder.integer(type, at: offset)
    }

    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try decoder.integer(type, at: offset)
    }

    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try decoder.integer(type, at: offset)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decode(type, at: offset)
    }
}
