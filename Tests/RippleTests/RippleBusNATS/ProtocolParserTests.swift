import Foundation
import Testing
@testable import RippleBusNATS

extension RippleTests {
    @Suite struct NATSProtocolParserTests {
        static let info = #"INFO {"server_id":"S1","version":"2.9.10","max_payload":1024,"headers":true,"auth_required":true}"# + "\r\n"
        static let stream = info
            + "MSG greet.one 7 5\r\nhello\r\n"
            + "msg greet.two 8 _INBOX.abc 0\r\n\r\n"
            + "PING\r\nPONG\r\n+OK\r\n"
            + "HMSG greet.h 9 reply.to 23 27\r\nNATS/1.0\r\nA: 1\r\nB:x\r\n\r\nbody\r\n"
            + "HMSG _INBOX.x.1 2 16 16\r\nNATS/1.0 503\r\n\r\n\r\n"
            + "MSG bin 3 4\r\n\r\n\r\n\r\n"
            + "-ERR 'Permissions Violation for Subscription to \"secret\"'\r\n"

        static let expected: [ServerOperation] = [
            .info(try! decodeInfo()),
            .msg(NATSMessage(subject: "greet.one", sid: 7, payload: Array("hello".utf8))),
            .msg(NATSMessage(subject: "greet.two", sid: 8, replyTo: "_INBOX.abc", payload: [])),
            .ping, .pong, .ok,
            .msg(NATSMessage(
                subject: "greet.h", sid: 9, replyTo: "reply.to",
                headers: NATSHeaders(fields: [.init(name: "A", value: "1"), .init(name: "B", value: "x")]),
                payload: Array("body".utf8)
            )),
            .msg(NATSMessage(subject: "_INBOX.x.1", sid: 2, headers: NATSHeaders(status: 503), payload: [])),
            .msg(NATSMessage(subject: "bin", sid: 3, payload: Array("\r\n\r\n".utf8))),
            .err("Permissions Violation for Subscription to \"secret\""),
        ]

        static func decodeInfo() throws -> NATSServerInfo {
            var parser = ProtocolParser()
            parser.append(contentsOf: Array(info.utf8))
            guard case .info(let info) = try parser.next() else {
                throw NATSProtocolViolation(reason: "no INFO")
            }
            return info
        }

        static func parseAll(_ chunks: [ArraySlice<UInt8>]) throws -> [ServerOperation] {
            var parser = ProtocolParser()
            var operations: [ServerOperation] = []
            for chunk in chunks {
                parser.append(contentsOf: chunk)
                while let operation = try parser.next() {
                    operations.append(operation)
                }
            }
            return operations
        }

        @Test func theInfoLineIsDecoded() throws {
            let info = try Self.decodeInfo()
            #expect(info.serverID == "S1")
            #expect(info.version == "2.9.10")
            #expect(info.maxPayload == 1024)
            #expect(info.headers)
            #expect(info.authRequired)
            #expect(!info.tlsRequired)
        }

        @Test func theWholeStreamAtOnce() throws {
            #expect(try Self.parseAll([Array(Self.stream.utf8)[...]]) == Self.expected)
        }

        @Test func theStreamSplitAtEveryPositionGivesTheSameOperations() throws {
            let bytes = Array(Self.stream.utf8)
            for cut in 0...bytes.count {
                let operations = try Self.parseAll([bytes[..<cut], bytes[cut...]])
                #expect(operations == Self.expected, "split at \(cut)")
            }
        }

        @Test func theStreamOneByteAtATime() throws {
            let bytes = Array(Self.stream.utf8)
            #expect(try Self.parseAll(bytes.indices.map { bytes[$0...$0] }) == Self.expected)
        }

        @Test func aMessageWaitsForItsWholePayload() throws {
            var parser = ProtocolParser()
            parser.append(contentsOf: Array("MSG a 1 10\r\n01234".utf8))
            #expect(try parser.next() == nil)
            parser.append(contentsOf: Array("56789\r".utf8))
            #expect(try parser.next() == nil)
            parser.append(contentsOf: Array("\nPING\r\n".utf8))
            #expect(try parser.next() == .msg(NATSMessage(subject: "a", sid: 1, payload: Array("0123456789".utf8))))
            #expect(try parser.next() == .ping)
            #expect(try parser.next() == nil)
        }

        @Test func brokenStreamsAreProtocolViolations() {
            for broken in ["HELLO\r\n", "MSG a b 1\r\nx\r\n", "MSG a 1 2\r\nxyz\r\n", "HMSG a 1 9 5\r\nNATS/1.0\r\n\r\n", "INFO {nope\r\n", "MSG a\r\n"] {
                var parser = ProtocolParser()
                parser.append(contentsOf: Array(broken.utf8))
                #expect(throws: NATSProtocolViolation.self, "\(broken.debugDescription)") {
                    _ = try parser.next()
                }
            }
        }

        @Test func aMalformedHeaderBlockIsOneBadMessageNotABrokenStream() throws {
            // Sizes within the frame hold, so the stream goes on after the bad message.
            let stream = "HMSG a.b 1 21 23\r\nNATS/1.0\r\nnocolon\r\n\r\nhi\r\n"
                + "HMSG a.c 2 12 14\r\nHTTP/1.1\r\n\r\n{}\r\n"
                + "PING\r\n"
            let operations = try Self.parseAll([Array(stream.utf8)[...]])
            #expect(operations == [
                .malformed(subject: "a.b", reason: "header line without ':'"),
                .malformed(subject: "a.c", reason: "header block does not start with NATS/1.0"),
                .ping,
            ])
        }

        @Test func anInfoWithoutAPositiveMaxPayloadIsRefused() {
            for payload in ["0", "-1"] {
                var parser = ProtocolParser()
                parser.append(contentsOf: Array(#"INFO {"server_id":"x","max_payload":\#(payload)}"#.utf8) + [0x0D, 0x0A])
                #expect(throws: NATSProtocolViolation(reason: "INFO with max_payload \(payload): it must be positive")) {
                    _ = try parser.next()
                }
            }
        }

        @Test func aMessageSizeBeyondTheServersCeilingIsRefusedBeforeItsPayload() {
            // 19 digits (more than Int.max), and a size that fits an Int but no server
            // sends: both refused at once, neither trapping nor waiting for the payload.
            for line in ["MSG a 1 9999999999999999999\r\n", "MSG a 1 900000000000\r\n", "HMSG a 1 12 9999999999999999999\r\n"] {
                var parser = ProtocolParser()
                parser.append(contentsOf: Array(line.utf8))
                #expect(throws: NATSProtocolViolation.self, "\(line.debugDescription)") { _ = try parser.next() }
            }
        }

        @Test func anOverlongControlLineIsRefused() {
            var parser = ProtocolParser()
            parser.append(contentsOf: [UInt8](repeating: 0x41, count: ProtocolParser.maxControlLine + 1))
            #expect(throws: NATSProtocolViolation.self) { _ = try parser.next() }
        }

        @Test func theClientsCommandsAreEncoded() {
            var out: [UInt8] = []
            ClientCommand.publish(subject: "a.b", replyTo: nil, payload: Array("hi".utf8), into: &out)
            ClientCommand.publish(subject: "a.b", replyTo: "r", payload: [], into: &out)
            ClientCommand.subscribe(subject: "a.*", queueGroup: nil, sid: 1, into: &out)
            ClientCommand.subscribe(subject: "a.>", queueGroup: "workers", sid: 2, into: &out)
            ClientCommand.unsubscribe(sid: 2, into: &out)
            ClientCommand.unsubscribe(sid: 3, after: 1, into: &out)
            ClientCommand.connect(Array("{}".utf8), into: &out)
            #expect(String(decoding: out, as: UTF8.self) == "PUB a.b 2\r\nhi\r\nPUB a.b r 0\r\n\r\nSUB a.* 1\r\nSUB a.> workers 2\r\nUNSUB 2\r\nUNSUB 3 1\r\nCONNECT {}\r\n")
        }

        @Test func publishLengthIsExactlyWhatPublishWritesForEveryNumberOfSizeDigits() {
            for size in [0, 1, 9, 10, 99, 100, 999, 1_000, 65_535, 1_048_576] {
                for replyTo in [nil, "_INBOX.abc.12"] {
                    var out: [UInt8] = [0x58]
                    let line = ClientCommand.publish(subject: "orders.eu", replyTo: replyTo, payload: [UInt8](repeating: 0x61, count: size), into: &out)
                    let length = ClientCommand.publishLength(subject: "orders.eu", replyTo: replyTo, payload: size)
                    #expect(length.line == line, "size \(size), reply \(replyTo ?? "none")")
                    #expect(length.total == out.count - 1, "size \(size), reply \(replyTo ?? "none")")
                }
            }
        }

        @Test func headersRoundTripThroughHPUBAndHMSG() throws {
            let headers = NATSHeaders(fields: [.init(name: "Nats-Msg-Id", value: "42")])
            var out: [UInt8] = []
            ClientCommand.publish(subject: "s", replyTo: nil, headers: headers, payload: Array("body".utf8), into: &out)
            let text = String(decoding: out, as: UTF8.self)
            #expect(text == "HPUB s 29 33\r\nNATS/1.0\r\nNats-Msg-Id: 42\r\n\r\nbody\r\n")
            var parser = ProtocolParser()
            parser.append(contentsOf: Array(text.replacingOccurrences(of: "HPUB s", with: "HMSG s 1").utf8))
            guard case .msg(let message) = try parser.next() else {
                Issue.record("no message")
                return
            }
            #expect(message.headers == headers)
            #expect(message.headers?["nats-msg-id"] == "42")
            #expect(message.payload == Array("body".utf8))
        }

        @Test func urlsAreParsed() throws {
            #expect(try ServerAddress(parsing: "nats://127.0.0.1:4333") == ServerAddress(host: "127.0.0.1", port: 4333))
            #expect(try ServerAddress(parsing: "nats://bob:p%40ss@host") == ServerAddress(host: "host", port: 4222, user: "bob", password: "p@ss"))
            #expect(try ServerAddress(parsing: "nats://s3cr3t@[::1]:5000") == ServerAddress(host: "::1", port: 5000, token: "s3cr3t"))
            #expect(try ServerAddress(parsing: "localhost") == ServerAddress(host: "localhost", port: 4222))
            for bad in ["http://host", "nats://host:0", "nats://host:x", "nats://:4222"] {
                #expect(throws: NATSError.invalidURL(bad)) { _ = try ServerAddress(parsing: bad) }
            }
        }

        @Test func subjectsAreValidated() {
            #expect(Subject.isValid("a.b.c", allowWildcards: false))
            #expect(Subject.isValid("a.*.>", allowWildcards: true))
            #expect(!Subject.isValid("a.*", allowWildcards: false))
            #expect(!Subject.isValid("a.>.b", allowWildcards: true))
            #expect(!Subject.isValid("a..b", allowWildcards: false))
            #expect(!Subject.isValid("a b", allowWildcards: false))
            // A CRLF is one Character: it must still be refused, or it would end the line.
            #expect(!Subject.isValid("a\r\nPING", allowWildcards: false))
            #expect(!Subject.isValid("a\nb", allowWildcards: false))
            #expect(!Subject.isValid("", allowWildcards: true))
            #expect(Subject.token(from: "Box<Int>") == "Box_Int_")
        }

        @Test func reconnectDelaysDoubleUpToTheirBound() {
            let policy = NATSReconnectPolicy(initialDelay: .milliseconds(50), maxDelay: .milliseconds(300))
            #expect((1...5).map { policy.delay(beforeAttempt: $0) } == [.milliseconds(50), .milliseconds(100), .milliseconds(200), .milliseconds(300), .milliseconds(300)])
        }
    }
}
