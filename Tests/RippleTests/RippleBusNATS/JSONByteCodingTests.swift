import Foundation
import Testing
@testable import RippleBusNATS

struct ShapeInner: Codable, Equatable, Sendable {
    let name: String
    let values: [Double]
    let note: String?
}

enum ShapeChoice: Codable, Equatable, Sendable {
    case none
    case one(Int)
    case pair(label: String, inner: ShapeInner)
}

struct ShapeEvent: BusEvent, Equatable {
    var text = "plain"
    var int = 0
    var int8: Int8 = -8
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var flag = true
    var optional: Int?
    var nested: ShapeInner?
    var list: [[Int]] = []
    var map: [String: Int] = [:]
    var choice = ShapeChoice.none
    var date = Date(timeIntervalSinceReferenceDate: 0)
    var data = Data()
    var url = URL(string: "https://example.com/a?b=c")!
}

/// Writes its fields through a nested keyed and a nested unkeyed container in turn.
struct ShapeHandWritten: BusEvent, Equatable {
    let first: Int
    let rest: [String]

    enum Keys: String, CodingKey { case head, tail, first, rest }

    init(first: Int, rest: [String]) {
        self.first = first
        self.rest = rest
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        first = try container.nestedContainer(keyedBy: Keys.self, forKey: .head).decode(Int.self, forKey: .first)
        var tail = try container.nestedUnkeyedContainer(forKey: .tail)
        var rest: [String] = []
        while !tail.isAtEnd {
            rest.append(try tail.decode(String.self))
        }
        self.rest = rest
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var head = container.nestedContainer(keyedBy: Keys.self, forKey: .head)
        try head.encode(first, forKey: .first)
        var tail = container.nestedUnkeyedContainer(forKey: .tail)
        for item in rest {
            try tail.encode(item)
        }
    }
}

/// Encodes nothing at all.
struct ShapeEmpty: BusEvent, Equatable {
    func encode(to encoder: any Encoder) throws {}
    init() {}
    init(from decoder: any Decoder) throws {}
}

/// Writes to its object after a nested container was started: the byte encoder leaves it
/// to `JSONEncoder`.
struct ShapeInterleaved: BusEvent, Equatable {
    enum Keys: String, CodingKey { case inner, after, value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
        try container.encode(1, forKey: .after)
        try inner.encode(2, forKey: .value)
    }

    init() {}
    init(from decoder: any Decoder) throws {}
}

@Suite("JSON byte coding against Foundation")
struct JSONByteCodingTests {
    static let strings = [
        "", "plain", "quote \" backslash \\ slash /", "controls \u{0} \u{1} \u{8} \u{9} \u{A} \u{C} \u{D} \u{1F} \u{7F}",
        "accents é ü ñ", "emoji 👩‍💻 🇫🇷", "separators \u{2028} \u{2029}", "decomposed e\u{301}", "</script>",
    ]

    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 1.5, 1e20, 1e21, 1e-7, 123_456_789.125, 9_007_199_254_740_992, 4_503_599_627_370_497.5,
        .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, -.greatestFiniteMagnitude, .pi,
    ]

    static var shapes: [ShapeEvent] {
        var shapes: [ShapeEvent] = [ShapeEvent()]
        for text in strings {
            shapes.append(ShapeEvent(text: text, map: [text: 1]))
        }
        for double in doubles {
            shapes.append(ShapeEvent(double: double, float: Float(double).isFinite ? Float(double) : 3.25))
        }
        shapes.append(ShapeEvent(int: .max, int8: .min, uint64: .max, optional: .min))
        shapes.append(ShapeEvent(int: .min, int8: .max, optional: 0))
        shapes.append(
            ShapeEvent(
                flag: false,
                nested: ShapeInner(name: "in/ner", values: [0.5, -2, 1e300], note: nil),
                list: [[], [1], [2, 3]],
                map: ["a": 1, "b": -2, "c": 3],
                choice: .pair(label: "x", inner: ShapeInner(name: "", values: [], note: "n"))
            )
        )
        shapes.append(ShapeEvent(choice: .one(7), date: Date(timeIntervalSinceReferenceDate: 123_456.789), data: Data([0, 1, 2, 250, 255])))
        shapes.append(ShapeEvent(date: Date(timeIntervalSince1970: 0), url: URL(string: "file:///tmp/a%20b")!))
        return shapes
    }

    static func foundationEnvelope<E: BusEvent>(_ event: E) throws -> [UInt8] {
        Array(try JSONEncoder().encode(Envelope(type: E.busName, version: E.schemaVersion, payload: event)))
    }

    /// Whether `ours` is `theirs` with only the members of objects in another order (Linux's
    /// `JSONEncoder` writes them in hash order): the same bytes, and the same document once
    /// keys are sorted.
    static func sameJSON(_ ours: [UInt8], _ theirs: [UInt8]) throws -> Bool {
        func sorted(_ bytes: [UInt8]) throws -> Data {
            try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed), options: [.sortedKeys, .fragmentsAllowed])
        }
        return try ours.sorted() == theirs.sorted() && sorted(ours) == sorted(theirs)
    }

    @Test("the envelope is JSONEncoder's JSON, shape by shape, with its keys in the documented order")
    func encodesAsFoundation() throws {
        let others: [any BusEvent] = [ShapeHandWritten(first: 3, rest: ["a", "b"]), ShapeEmpty(), ShapeInterleaved()]
        for shape in Self.shapes + others {
            let ours = try EnvelopeCoding.encode(shape)
            let theirs = try Self.foundationEnvelope(shape)
            #expect(try Self.sameJSON(ours, theirs), "\(String(decoding: ours, as: UTF8.self)) != \(String(decoding: theirs, as: UTF8.self))")
            #expect(ours.starts(with: Array(#"{"type":"\#(type(of: shape).busName)","version":1,"payload":"#.utf8)))
        }
        let shape = ShapeEvent(text: "a/b", int: -12, flag: false, list: [[1, 2]], choice: .one(3))
        #expect(
            String(decoding: try EnvelopeCoding.encode(shape), as: UTF8.self)
                == #"{"type":"ShapeEvent","version":1,"payload":{"text":"a\/b","int":-12,"int8":-8,"uint64":0,"double":0,"float":0,"flag":false,"#
                + #""list":[[1,2]],"map":{},"choice":{"one":{"_0":3}},"date":0,"data":"","url":"https:\/\/example.com\/a?b=c"}}"#
        )
        #expect(String(decoding: try EnvelopeCoding.encode(ShapeEmpty()), as: UTF8.self) == #"{"type":"ShapeEmpty","version":1,"payload":{}}"#)
        let interleaved = String(decoding: try EnvelopeCoding.encode(ShapeInterleaved()), as: UTF8.self)
        #expect(interleaved.contains(#""inner":{"value":2}"#))
    }

    @Test("the byte encoder writes the common shapes itself and declines what it leaves to JSONEncoder")
    func encoderDeclines() throws {
        for shape in Self.shapes {
            #expect(throws: Never.self) { try JSONByteEncoder().encode(shape) }
        }
        #expect(throws: JSONByteEncoder.Unsupported.self) { try JSONByteEncoder().encode(ShapeInterleaved()) }
        #expect(throws: JSONByteEncoder.Unsupported.self) { try JSONByteEncoder().encode(Double.nan) }
        #expect(throws: JSONByteEncoder.Unsupported.self) { try JSONByteEncoder().encode(Decimal(1)) }
    }

    @Test("a non-finite number fails as JSONEncoder fails it")
    func nonFinite() {
        #expect(throws: EncodingError.self) { try EnvelopeCoding.encode(ShapeEvent(double: .infinity)) }
        #expect(throws: EncodingError.self) { try EnvelopeCoding.encode(ShapeEvent(double: .nan)) }
    }

    @Test("the byte decoder reads every shape JSONEncoder writes, to the same value JSONDecoder reads")
    func decodesAsFoundation() throws {
        for shape in Self.shapes + [ShapeEvent(map: Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", $0) }))] {
            let bytes = try Self.foundationEnvelope(shape)
            let ours: ShapeEvent
            do {
                ours = try EnvelopeCoding.decodeAccepted(ShapeEvent.self, from: bytes, name: ShapeEvent.busName)
            } catch {
                // Non-ASCII keys are left to `JSONDecoder`, and only they.
                #expect(shape.map.keys.contains { !$0.utf8.allSatisfy { $0 < 0x80 } }, "declined \(String(decoding: bytes, as: UTF8.self))")
                continue
            }
            let theirs = try JSONDecoder().decode(WholeEnvelope<ShapeEvent>.self, from: Data(bytes)).payload
            #expect(ours == theirs)
            #expect(ours.double.sign == theirs.double.sign)
        }
        let hand = ShapeHandWritten(first: -4, rest: ["x", "y"])
        #expect(try EnvelopeCoding.decodeAccepted(ShapeHandWritten.self, from: Self.foundationEnvelope(hand), name: ShapeHandWritten.busName) == hand)
    }

    static let accepted: [String] = [
        #" { "type" : "ShapeHandWritten" , "version" : 1 , "payload" : { "head" : { "first" : 5 } , "tail" : [ "a" , "b" ] } } "#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"fir\u0073t":5,"\/":1},"tail":[]}}"#,
        #"{"extra":[1,{"x":null}],"payload":{"head":{"first":5,"more":1e5},"tail":["a","b"]},"version":0,"type":"ShapeHandWritten"}"#,
        "{\"type\":\"ShapeHandWritten\",\"version\":1,\"payload\":{\"head\":{\"first\":5},\"tail\":[\"\\u00e9\\ud83d\\ude00\\n\\/\",\"\u{e9}\"]}}",
    ]

    @Test("what both read, both read alike: whitespace, member order, unknown members, escapes")
    func acceptsAlike() throws {
        for document in Self.accepted {
            let bytes = Array(document.utf8)
            let ours = try EnvelopeCoding.decodeAccepted(ShapeHandWritten.self, from: bytes, name: ShapeHandWritten.busName)
            let theirs = try JSONDecoder().decode(WholeEnvelope<ShapeHandWritten>.self, from: Data(bytes)).payload
            #expect(ours == theirs)
        }
    }

    static let declined: [String] = [
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5},"tail":[]}} x"#,
        #"{"type":"ShapeHandWritten","type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5,"first":6},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5,"fir\u0073t":6},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"fir\u00e9":5,"first":6},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1.0,"payload":{"head":{"first":5},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":-0},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":05},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":1e2},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":99999999999999999999},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5},"tail":["\ud800"]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5},"tail":["\x"]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5},"tail":[,]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5},"tail":["a",]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5},"tail":[]},}"#,
        #"{"type":"ShapeHandWritten","version":2,"payload":{"head":{"first":5},"tail":[]}}"#,
        #"{"type":"Other","version":1,"payload":{"head":{"first":5},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":"5"},"tail":[]}}"#,
        #"{"type":"ShapeHandWritten","version":1}"#,
        "{\"type\":\"ShapeHandWritten\",\"version\":1,\"payload\":{\"head\":{\"first\":5},\"tail\":[\"a\u{1}\"]}}",
        #"["type","ShapeHandWritten"]"#,
        "",
        "{",
        "\u{FEFF}{\"type\":\"ShapeHandWritten\",\"version\":1,\"payload\":{\"head\":{\"first\":5},\"tail\":[]}}",
        #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5},"tail":[]},"deep":"#
            + String(repeating: "[", count: 400) + String(repeating: "]", count: 400) + "}",
    ]

    @Test("what the byte decoder declines is left to JSONDecoder: malformed, ambiguous or unexpected documents")
    func declinesTheRest() {
        for document in Self.declined {
            #expect(throws: (any Error).self, "\(document)") {
                try EnvelopeCoding.decodeAccepted(ShapeHandWritten.self, from: Array(document.utf8), name: ShapeHandWritten.busName)
            }
        }
        var invalidUTF8 = Array(#"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5},"tail":["#.utf8)
        invalidUTF8 += [0x22, 0xC3, 0x28, 0x22, 0x5D, 0x7D, 0x7D]
        #expect(throws: (any Error).self) {
            try EnvelopeCoding.decodeAccepted(ShapeHandWritten.self, from: invalidUTF8, name: ShapeHandWritten.busName)
        }
    }

    @Test("declined documents get JSONDecoder's answer through the envelope's decode")
    func fallbackAnswers() {
        let message = { (text: String) in NATSMessage(subject: "s", sid: 1, payload: Array(text.utf8)) }
        let duplicate = #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":5},"tail":[]},"extra":1,"extra":2}"#
        let viaEnvelope = EnvelopeCoding.decode(ShapeHandWritten.self, from: message(duplicate), using: JSONDecoder())
        let viaFoundation = try? JSONDecoder().decode(WholeEnvelope<ShapeHandWritten>.self, from: Data(duplicate.utf8)).payload
        #expect((try? viaEnvelope.get()) == viaFoundation)
        let wrongType = #"{"type":"ShapeHandWritten","version":1,"payload":{"head":{"first":"5"},"tail":[]}}"#
        guard case .failure(.undecodable(let subject, _)) = EnvelopeCoding.decode(ShapeHandWritten.self, from: message(wrongType), using: JSONDecoder()) else {
            Issue.record("a payload of the wrong type must be undecodable")
            return
        }
        #expect(subject == "s")
    }
}
