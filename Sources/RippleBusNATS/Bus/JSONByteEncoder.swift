import FoundationEssentials

/// Writes an `Encodable` value as the JSON bytes `JSONEncoder()` with its default settings
/// writes (keys in encoding order, `/` escaped, `Data` as base64, `URL` as its string,
/// `Date` as its `Double`, whole-valued floating point numbers without `.0`), straight
/// into ``bytes``, without building a tree of the value first.
///
/// It writes as the value encodes: a container is closed when its parent writes its next
/// element or the value that opened it ends. What it does not write itself — a container
/// written to after a sibling was started, `superEncoder`, a non-finite number, `Decimal`,
/// or any thrown error — makes ``encode(_:)`` throw, and ``EnvelopeCoding`` then encodes
/// with `JSONEncoder`, whose output and errors are the reference. `codingPath` is always
/// empty here and `userInfo` has no entries.
final class JSONByteEncoder: Encoder {
    /// What ``encode(_:)`` throws for a shape it leaves to `JSONEncoder`.
    struct Unsupported: Error {}

    /// An open object or array: the byte that closes it and how many elements it has.
    fileprivate struct Open {
        let id: Int
        let closer: UInt8
        var count: Int
    }

    /// What the encoder changes as it writes.
    fileprivate struct State {
        var bytes: [UInt8]
        var open: [Open] = []
        var lastID = 0
        // The value being encoded: the depth of `open` it starts at, the container it has
        // opened (if any) and whether it wrote a single value.
        var slotDepth = 0
        var slotContainer: Int?
        var slotWritten = false
        // Set when a container is asked for in a way the stream cannot honour (the
        // protocol's container requests cannot throw); `encode` then throws.
        var failed = false
    }

    // Behind a pointer the encoder owns rather than in stored `var`s: each access to a
    // class's `var` pays a dynamic exclusivity check, a tenth of a publish's time.
    fileprivate let state: UnsafeMutablePointer<State>

    /// The JSON written so far.
    var bytes: [UInt8] {
        state.pointee.bytes
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// An encoder with room for `capacity` bytes before it grows its buffer.
    init(capacity: Int = 256) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        state = .allocate(capacity: 1)
        state.initialize(to: State(bytes: bytes))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Drops what was written after the first `count` bytes, and forgets a failed `encode`.
    func restart(keeping count: Int) {
        state.pointee.bytes.removeSubrange(count...)
        state.pointee.open.removeAll()
        state.pointee.failed = false
    }

    /// Appends `raw` to ``bytes`` as it is.
    func append(raw: some Sequence<UInt8>) {
        state.pointee.bytes.append(contentsOf: raw)
    }

    /// Appends `value`'s JSON to ``bytes``.
    /// - Throws: ``Unsupported`` or the value's own error; ``bytes`` is then unusable.
    func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value)
        if state.pointee.failed {
            throw Unsupported()
        }
    }

    // MARK: - Values

    fileprivate func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == Data.self {
            writeString((value as! Data).base64EncodedString())
            return
        }
        if T.self == URL.self {
            writeString((value as! URL).absoluteString)
            return
        }
        if T.self == Decimal.self {
            throw Unsupported()
        }
        let saved = (state.pointee.slotDepth, state.pointee.slotContainer, state.pointee.slotWritten)
        defer { (state.pointee.slotDepth, state.pointee.slotContainer, state.pointee.slotWritten) = saved }
        state.pointee.slotDepth = state.pointee.open.count
        state.pointee.slotContainer = nil
        state.pointee.slotWritten = false
        let before = state.pointee.bytes.count
        try value.encode(to: self)
        if state.pointee.bytes.count == before {
            // A value that encodes nothing is an empty object, as `JSONEncoder` writes it.
            state.pointee.bytes.append(UInt8(ascii: "{"))
            state.pointee.bytes.append(UInt8(ascii: "}"))
        } else {
            close(downTo: state.pointee.slotDepth)
        }
    }

    fileprivate func close(downTo depth: Int) {
        while state.pointee.open.count > depth {
            state.pointee.bytes.append(state.pointee.open.removeLast().closer)
        }
    }

    /// Opens the current value's container (or returns the one it opened already).
    private func openContainer(closer: UInt8) -> (id: Int, depth: Int) {
        if let id = state.pointee.slotContainer {
            if state.pointee.open.count <= state.pointee.slotDepth || state.pointee.open[state.pointee.slotDepth].id != id || state.pointee.open[state.pointee.slotDepth].closer != closer {
                state.pointee.failed = true
            }
            return (id, state.pointee.slotDepth)
        }
        if state.pointee.open.count != state.pointee.slotDepth || state.pointee.slotWritten {
            state.pointee.failed = true
        }
        state.pointee.bytes.append(closer == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return push(closer: closer)
    }

    /// Opens an object nested where `begin` (its key or element start) leaves off.
    fileprivate func nestedObject<NestedKey: CodingKey>(after begin: () throws -> Void) -> KeyedEncodingContainer<NestedKey> {
        let (id, depth) = openNested(closer: UInt8(ascii: "}"), after: begin)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(encoder: self, id: id, depth: depth))
    }

    /// Opens an array nested where `begin` (its key or element start) leaves off.
    fileprivate func nestedArray(after begin: () throws -> Void) -> any UnkeyedEncodingContainer {
        let (id, depth) = openNested(closer: UInt8(ascii: "]"), after: begin)
        return UnkeyedWriter(encoder: self, id: id, depth: depth)
    }

    // The container methods cannot throw: a failed `begin` marks the encoding failed,
    // and the caller encodes again with `JSONEncoder`.
    private func openNested(closer: UInt8, after begin: () throws -> Void) -> (id: Int, depth: Int) {
        do {
            try begin()
        } catch {
            state.pointee.failed = true
        }
        state.pointee.bytes.append(closer == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return push(closer: closer)
    }

    fileprivate func push(closer: UInt8) -> (id: Int, depth: Int) {
        state.pointee.lastID += 1
        state.pointee.open.append(Open(id: state.pointee.lastID, closer: closer, count: 0))
        state.pointee.slotContainer = state.pointee.slotContainer ?? state.pointee.lastID
        return (state.pointee.lastID, state.pointee.open.count - 1)
    }

    /// Starts the next element of the container `id` at `depth`: closes what is open
    /// inside it and writes the separator.
    fileprivate func beginElement(of id: Int, at depth: Int) throws {
        guard depth < state.pointee.open.count, state.pointee.open[depth].id == id else {
            throw Unsupported()
        }
        close(downTo: depth + 1)
        if state.pointee.open[depth].count > 0 {
            state.pointee.bytes.append(UInt8(ascii: ","))
        }
        state.pointee.open[depth].count += 1
    }

    fileprivate func beginKey(_ key: some CodingKey, of id: Int, at depth: Int) throws {
        try beginElement(of: id, at: depth)
        writeString(key.stringValue)
        state.pointee.bytes.append(UInt8(ascii: ":"))
    }

    /// Claims the current value's single slot.
    fileprivate func beginSingle() throws {
        guard state.pointee.open.count == state.pointee.slotDepth, state.pointee.slotContainer == nil, !state.pointee.slotWritten else {
            throw Unsupported()
        }
        state.pointee.slotWritten = true
    }

    // MARK: - Scalars

    fileprivate func writeNull() {
        state.pointee.bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
    }

    fileprivate func writeBool(_ value: Bool) {
        if value {
            state.pointee.bytes.append(contentsOf: [UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")])
        } else {
            state.pointee.bytes.append(contentsOf: [UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e")])
        }
    }

    fileprivate func writeInteger<I: FixedWidthInteger>(_ value: I) {
        if value < 0 {
            state.pointee.bytes.append(UInt8(ascii: "-"))
        }
        var magnitude = UInt64(value.magnitude)
        if magnitude < 10 {
            state.pointee.bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        // At most 20 digits; written backwards into a fixed buffer, then appended.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var index = 20
            while magnitude > 0 {
                index -= 1
                digits[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            state.pointee.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index...]))
        }
    }

    /// `JSONEncoder`'s form: the shortest round-tripping text, `.0` dropped.
    fileprivate func writeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws {
        guard value.isFinite else {
            throw Unsupported()
        }
        var text = value.description
        if text.hasSuffix(".0") {
            text.removeLast(2)
        }
        text.withUTF8 { state.pointee.bytes.append(contentsOf: $0) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    fileprivate func writeString(_ string: String) {
        var string = string
        state.pointee.bytes.append(UInt8(ascii: "\""))
        string.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else {
                    continue
                }
                state.pointee.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                state.pointee.bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): state.pointee.bytes.append(byte)
                case 0x08: state.pointee.bytes.append(UInt8(ascii: "b"))
                case 0x0C: state.pointee.bytes.append(UInt8(ascii: "f"))
                case 0x0A: state.pointee.bytes.append(UInt8(ascii: "n"))
                case 0x0D: state.pointee.bytes.append(UInt8(ascii: "r"))
                case 0x09: state.pointee.bytes.append(UInt8(ascii: "t"))
                default:
                    state.pointee.bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    state.pointee.bytes.append(Self.hexDigits[Int(byte >> 4)])
                    state.pointee.bytes.append(Self.hexDigits[Int(byte & 0xF)])
                }
            }
            state.pointee.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        state.pointee.bytes.append(UInt8(ascii: "\""))
    }

    // MARK: - Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (id, depth) = openContainer(closer: UInt8(ascii: "}"))
        return KeyedEncodingContainer(KeyedWriter<Key>(encoder: self, id: id, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (id, depth) = openContainer(closer: UInt8(ascii: "]"))
        return UnkeyedWriter(encoder: self, id: id, depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleWriter(encoder: self)
    }
}

/// An object being written by ``JSONByteEncoder``.
private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONByteEncoder
    let id: Int
    let depth: Int

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        try encoder.writeFloat(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        try encoder.writeFloat(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.beginKey(key, of: id, at: depth)
        try encoder.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.nestedObject(after: { try encoder.beginKey(key, of: id, at: depth) })
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.nestedArray(after: { try encoder.beginKey(key, of: id, at: depth) })
    }

    mutating func superEncoder() -> any Encoder {
        encoder.state.pointee.failed = true
        return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.state.pointee.failed = true
        return encoder
    }
}

/// An array being written by ``JSONByteEncoder``.
private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let encoder: JSONByteEncoder
    let id: Int
    let depth: Int

    var codingPath: [any CodingKey] { [] }
    var count: Int {
        depth < encoder.state.pointee.open.count && encoder.state.pointee.open[depth].id == id ? encoder.state.pointee.open[depth].count : 0
    }

    mutating func encodeNil() throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try encoder.beginElement(of: id, at: depth)
        try encoder.writeFloat(value)
    }

    mutating func encode(_ value: Float) throws {
        try encoder.beginElement(of: id, at: depth)
        try encoder.writeFloat(value)
    }

    mutating func encode(_ value: Int) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int8) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt8) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt16) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt32) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt64) throws {
        try encoder.beginElement(of: id, at: depth)
        encoder.writeInteger(value)
    }


    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.beginElement(of: id, at: depth)
        try encoder.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.nestedObject(after: { try encoder.beginElement(of: id, at: depth) })
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.nestedArray(after: { try encoder.beginElement(of: id, at: depth) })
    }

    mutating func superEncoder() -> any Encoder {
        encoder.state.pointee.failed = true
        return encoder
    }
}

/// The single value of the value being encoded by ``JSONByteEncoder``.
private struct SingleWriter: SingleValueEncodingContainer {
    let encoder: JSONByteEncoder

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        try encoder.beginSingle()
        encoder.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try encoder.beginSingle()
        encoder.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try encoder.beginSingle()
        encoder.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try encoder.beginSingle()
        try encoder.writeFloat(value)
    }

    mutating func encode(_ value: Float) throws {
        try encoder.beginSingle()
        try encoder.writeFloat(value)
    }

    mutating func encode(_ value: Int) throws {
        try encoder.beginSingle()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int8) throws {
        try encoder.beginSingle()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        try encoder.beginSingle()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        try encoder.beginSingle()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        try encoder.beginSingle()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        try encoder.beginSingle()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt8) throws {
        try encoder.beginSingle()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt16) throws {
        try encoder.beginSingle()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt32) throws {
        try encoder.beginSingle()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt64) throws {
        try encoder.beginSingle()
        encoder.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.beginSingle()
        try encoder.encodeValue(value)
    }
}
