import Foundation
import Testing
@testable import RippleBusNATS

/// A generator whose sequence depends only on its seed (SplitMix64), so a shuffle can be
/// repeated.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private func pool(_ urls: [String], randomize: Bool = false, seed: UInt64 = 1) throws -> ServerPool {
    var generator = SeededGenerator(state: seed)
    return try ServerPool(urls: urls, randomize: randomize, using: &generator)
}

private func keys(_ pool: ServerPool) -> [String] {
    pool.servers.map(\.key)
}

extension RippleTests {
    /// The choice of servers, without sockets: the list as the official clients take it,
    /// the order, the servers a cluster announces, lame-duck servers, per-server backoff.
    struct ServerPoolTests {
        @Test func aCommaSeparatedListIsSplitTrimmedAndParsed() throws {
            let servers = try pool(["nats://a:1, nats://b:2 ,tls://c:3,, d"])
            #expect(keys(servers) == ["a:1", "b:2", "c:3", "d:4222"])
            #expect(servers.servers.map(\.address.tls) == [false, false, true, false])
            #expect(servers.servers.allSatisfy { !$0.learned })
        }

        @Test func anArrayAndListsInsideItMakeOnePoolWithoutRepeats() throws {
            let servers = try pool(["nats://a:1,nats://B:2", "nats://user:pw@a:1", "nats://b:2", "nats://c:3"])
            #expect(keys(servers) == ["a:1", "b:2", "c:3"])
            // The first of the repeats is kept, credentials and all.
            #expect(servers.servers[0].address.user == nil)
        }

        @Test func anEmptyOrMalformedListIsRefused() {
            #expect(throws: NATSError.invalidURL(" , ")) { try pool([" , "]) }
            #expect(throws: NATSError.invalidURL("http://a:1")) { try pool(["nats://b:2,http://a:1"]) }
            #expect(throws: NATSError.invalidURL("nats://a:***@b:99999")) { try pool(["nats://a:secret@b:99999"]) }
        }

        @Test func theGivenOrderIsKeptOnRequestAndShuffledByDefault() throws {
            let urls = (1...8).map { "nats://h\($0):4222" }
            let given = urls.map { String($0.dropFirst("nats://".count)) }
            #expect(keys(try pool(urls, randomize: false)) == given)
            let orders = try Set((UInt64(1)...20).map { seed in keys(try pool(urls, randomize: true, seed: seed)) })
            // A shuffle: the same servers, and not always in the same order.
            #expect(orders.allSatisfy { Set($0) == Set(given) })
            #expect(orders.count > 10)
            #expect(keys(try pool(urls, randomize: true, seed: 7)) == keys(try pool(urls, randomize: true, seed: 7)))
        }

        @Test func eachPickMovesTheServerToTheBackAndServersPastTheirAttemptsLeave() throws {
            var servers = try pool(["nats://a:1,nats://b:2,nats://c:3"])
            #expect(servers.next(maxAttempts: 2)?.key == "a:1")
            #expect(servers.next(maxAttempts: 2)?.key == "b:2")
            #expect(keys(servers) == ["c:3", "a:1", "b:2"])
            for _ in 0..<3 {
                servers.failed("c:3")
            }
            servers.failed("a:1")
            // c failed 3 times, more than 2: it leaves; a failed once and stays.
            #expect(servers.next(maxAttempts: 2)?.key == "a:1")
            #expect(keys(servers) == ["b:2", "a:1"])
            servers.failed("a:1")
            servers.failed("a:1")
            servers.succeeded("b:2")
            #expect(servers.next(maxAttempts: 1)?.key == "b:2")
            #expect(keys(servers) == ["b:2"])
            servers.failed("b:2")
            servers.failed("b:2")
            #expect(servers.next(maxAttempts: nil)?.key == "b:2")
            #expect(servers.next(maxAttempts: 1) == nil)
            #expect(servers.isEmpty)
        }

        @Test func theWaitIsTheServersOwnBackoffPlusJitterLessTheTimeSinceItsLastAttempt() throws {
            var servers = try pool(["nats://a:1,nats://b:2"])
            let policy = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(100), maxDelay: .seconds(1))
            let start = ContinuousClock.now
            let never = try #require(servers.servers.first)
            // Never tried: at once, jitter or not.
            #expect(servers.wait(before: never, policy: policy, jitter: .milliseconds(30), now: start) == .zero)
            servers.attempted("a:1", at: start)
            servers.failed("a:1")
            servers.failed("a:1")
            servers.failed("a:1")
            let a = try #require(servers.servers.first { $0.key == "a:1" })
            // Third failure: 100 ms doubled twice, plus the jitter, less the 50 ms gone.
            #expect(servers.wait(before: a, policy: policy, jitter: .milliseconds(30), now: start + .milliseconds(50)) == .milliseconds(380))
            #expect(servers.wait(before: a, policy: policy, jitter: .zero, now: start + .seconds(1)) == .zero)
            // b's backoff is its own: a's failures do not delay it.
            let b = try #require(servers.servers.first { $0.key == "b:2" })
            #expect(servers.wait(before: b, policy: policy, jitter: .milliseconds(30), now: start + .milliseconds(50)) == .zero)
            servers.succeeded("a:1")
            let reset = try #require(servers.servers.first { $0.key == "a:1" })
            #expect(servers.wait(before: reset, policy: policy, jitter: .milliseconds(30), now: start) == .zero)
        }

        @Test func announcedServersJoinWithTheCurrentServersCredentialsAndLeaveWhenNoLongerAnnounced() throws {
            var servers = try pool(["nats://alice:pw@a:1"])
            var generator = SeededGenerator(state: 3)
            let current = servers.servers[0].address
            #expect(servers.learn(["a:1", "b:2", "c:3", "b:2"], current: current, using: &generator))
            #expect(keys(servers) == ["a:1", "b:2", "c:3"])
            #expect(servers.servers.map(\.learned) == [false, true, true])
            #expect(servers.servers.allSatisfy { $0.address.user == "alice" && $0.address.password == "pw" })
            // The same announcement again changes nothing.
            #expect(!servers.learn(["c:3", "a:1", "b:2"], current: current, using: &generator))
            // The cluster shrinks: c goes; the explicit a stays even when not announced.
            #expect(servers.learn(["b:2", "d:4"], current: current, using: &generator))
            #expect(keys(servers) == ["a:1", "b:2", "d:4"])
            #expect(servers.learn([], current: current, using: &generator))
            #expect(keys(servers) == ["a:1"])
        }

        @Test func aLearnedServerThatIsCurrentStaysWhenTheAnnouncementDropsIt() throws {
            var servers = try pool(["nats://a:1"])
            var generator = SeededGenerator(state: 3)
            servers.learn(["a:1", "b:2"], current: servers.servers[0].address, using: &generator)
            let b = servers.servers[1].address
            servers.learn(["a:1"], current: b, using: &generator)
            #expect(keys(servers) == ["a:1", "b:2"])
        }

        @Test func aServerAnnouncedByIPIsVerifiedByTheNameTheCallerGave() throws {
            var servers = try pool(["tls://nats.example.com:4222"])
            var generator = SeededGenerator(state: 3)
            let current = servers.servers[0].address
            #expect(current.verifiedName == "nats.example.com")
            servers.learn(["10.0.0.2:4222", "[fd00::3]:4222", "nats-b.example.com:4222", "10.0.0.256:4222"], current: current, using: &generator)
            let names = Dictionary(uniqueKeysWithValues: servers.servers.map { ($0.key, $0.address.tlsName) })
            // IPs keep the caller's host name; a name (and what only looks like an IP) is its own.
            #expect(names == [
                "nats.example.com:4222": nil, "10.0.0.2:4222": "nats.example.com", "fd00::3:4222": "nats.example.com",
                "nats-b.example.com:4222": nil, "10.0.0.256:4222": nil,
            ])
            #expect(servers.servers.map(\.address.verifiedName) == [
                "nats.example.com", "nats.example.com", "nats.example.com", "nats-b.example.com", "10.0.0.256",
            ])
            // Connected to a learned IP, the name it kept passes on to what that server announces.
            let learnedIP = try #require(servers.servers.first { $0.key == "10.0.0.2:4222" }).address
            servers.learn(["10.0.0.2:4222", "10.0.0.9:4222"], current: learnedIP, using: &generator)
            #expect(servers.servers.first { $0.key == "10.0.0.9:4222" }?.address.tlsName == "nats.example.com")
        }

        @Test func aServerAnnouncedByIPToAClientThatGaveAnIPIsVerifiedByItsOwnIP() throws {
            var servers = try pool(["tls://127.0.0.1:4222"])
            var generator = SeededGenerator(state: 3)
            servers.learn(["127.0.0.2:4222"], current: servers.servers[0].address, using: &generator)
            #expect(servers.servers.map(\.address.tlsName) == [nil, nil])
            #expect(servers.servers.map(\.address.verifiedName) == ["127.0.0.1", "127.0.0.2"])
            #expect(ServerPool.isIPAddress("1.2.3.4") && ServerPool.isIPAddress("::1"))
            #expect(!ServerPool.isIPAddress("1.2.3") && !ServerPool.isIPAddress("1.2.3.x") && !ServerPool.isIPAddress("localhost"))
        }

        @Test func announcedServersAreShuffledUnlessTheOrderIsKept() throws {
            let announced = (1...8).map { "h\($0):4222" }
            var kept = try pool(["nats://a:1"], randomize: false)
            var generator = SeededGenerator(state: 5)
            kept.learn(announced, current: kept.servers[0].address, using: &generator)
            #expect(keys(kept) == ["a:1"] + announced)
            let orders = try Set((UInt64(1)...20).map { seed -> [String] in
                var shuffled = try pool(["nats://a:1"], randomize: true)
                var generator = SeededGenerator(state: seed)
                shuffled.learn(announced, current: shuffled.servers[0].address, using: &generator)
                return keys(shuffled)
            })
            #expect(orders.allSatisfy { $0.first == "a:1" && Set($0.dropFirst()) == Set(announced) })
            #expect(orders.count > 10)
        }

        @Test func aLameDuckServerGoesToTheBack() throws {
            var servers = try pool(["nats://a:1,nats://b:2,nats://c:3"])
            servers.demote("a:1")
            #expect(keys(servers) == ["b:2", "c:3", "a:1"])
            servers.demote("x:9")
            #expect(keys(servers) == ["b:2", "c:3", "a:1"])
        }

        @Test func serverInfoReadsTheClusterFields() throws {
            let info = try JSONDecoder().decode(
                NATSServerInfo.self, from: Data(#"{"server_id":"x","connect_urls":["10.0.0.1:4222","10.0.0.2:4222"],"ldm":true}"#.utf8)
            )
            #expect(info.connectURLs == ["10.0.0.1:4222", "10.0.0.2:4222"])
            #expect(info.lameDuckMode)
            let plain = try JSONDecoder().decode(NATSServerInfo.self, from: Data(#"{"server_id":"x"}"#.utf8))
            #expect(plain.connectURLs.isEmpty && !plain.lameDuckMode)
        }
    }
}
