import Testing
@testable import RippleBusNATS

extension RippleTests {
    /// The pings' bookkeeping without sockets: ticks counted only when sent, `PONG`s
    /// answering pings in order, flushes failed when the link goes.
    struct NATSKeepaliveTests {
        @Test func unansweredTickPingsMakeTheLinkStaleAtTheLimit() {
            var pings = Keepalive<String>()
            #expect(!pings.isStale(limit: 2))
            pings.tickPingSent()
            #expect(!pings.isStale(limit: 2))
            pings.tickPingSent()
            #expect(pings.isStale(limit: 2))
            #expect(pings.pingsOutstanding == 2)
            // Any `PONG` proves the link alive.
            #expect(pings.pongReceived() == nil)
            #expect(pings.pingsOutstanding == 0)
            #expect(!pings.isStale(limit: 2))
        }

        @Test func pongsResumeFlushesInTheOrderTheirPingsWereSent() {
            var pings = Keepalive<String>()
            pings.flushPingSent("a")
            pings.tickPingSent()
            pings.flushPingSent("b")
            #expect(pings.waitingCount == 3)
            #expect(pings.pongReceived() == "a")
            #expect(pings.pongReceived() == nil)
            #expect(pings.pongReceived() == "b")
            // A stray `PONG` finds nobody.
            #expect(pings.pongReceived() == nil)
            #expect(pings.waitingCount == 0)
        }

        @Test func resetHandsBackTheFlushesAndForgetsTheTicks() {
            var pings = Keepalive<String>()
            pings.tickPingSent()
            pings.flushPingSent("a")
            pings.flushPingSent("b")
            #expect(pings.reset() == ["a", "b"])
            #expect(pings.pingsOutstanding == 0)
            #expect(pings.waitingCount == 0)
            #expect(pings.reset().isEmpty)
        }
    }
}
