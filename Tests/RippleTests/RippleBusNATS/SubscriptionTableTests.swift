import Testing
@testable import RippleBusNATS

private func text(_ bytes: [UInt8]?) -> String? {
    bytes.map { String(decoding: $0, as: UTF8.self) }
}

extension RippleTests {
    /// The subscription table without sockets: sids, one `SUB` per transport, renewals,
    /// the drain's `UNSUB`s.
    struct NATSSubscriptionTableTests {
        @Test func sidsCountUpAndEachSubIsSentOncePerTransport() {
            var table = SubscriptionTable<Int>()
            #expect(table.nextSid == 1)
            let a = table.add(subject: "a", queueGroup: nil, handler: 10)
            let b = table.add(subject: "b.*", queueGroup: "workers", handler: 20)
            #expect((a, b) == (1, 2))
            #expect(table.isUnsent(a, on: 7))
            #expect(text(table.send(a, on: 7)) == "SUB a 1\r\n")
            #expect(!table.isUnsent(a, on: 7))
            #expect(table.send(a, on: 7) == nil)
            // A new transport needs it again.
            #expect(table.isUnsent(a, on: 8))
            #expect(text(table.send(b, on: 7)) == "SUB b.* workers 2\r\n")
            #expect(table.handlers == [1: 10, 2: 20])
        }

        @Test func renewalSendsWhatTheTransportLacksAndOnlyWhatIsIncluded() {
            var table = SubscriptionTable<Int>()
            let a = table.add(subject: "a", queueGroup: nil, handler: 1)
            let b = table.add(subject: "b", queueGroup: nil, handler: 2)
            let c = table.add(subject: "c", queueGroup: nil, handler: 3)
            _ = table.send(a, on: 9)
            var bytes: [UInt8] = []
            table.renew(on: 9, into: &bytes) { $0 != c }
            #expect(text(bytes) == "SUB b 2\r\n")
            #expect(!table.isUnsent(b, on: 9))
            #expect(table.isUnsent(c, on: 9))
            // Nothing left to renew for what was included.
            var again: [UInt8] = []
            table.renew(on: 9, into: &again) { $0 != c }
            #expect(again.isEmpty)
        }

        @Test func drainUnsubscribesInSidOrderWhatTheTransportHasButTheInbox() {
            var table = SubscriptionTable<Int>()
            for subject in ["a", "b", "inbox", "d"] {
                _ = table.add(subject: subject, queueGroup: nil, handler: 0)
            }
            for sid in [4, 1, 3] as [UInt64] {
                _ = table.send(sid, on: 5)
            }
            // sid 2 never reached transport 5; sid 3 is the inbox.
            #expect(text(table.unsubscribeAll(on: 5, excluding: 3)) == "UNSUB 1\r\nUNSUB 4\r\n")
            #expect(table.unsubscribeAll(on: 6, excluding: 3).isEmpty)
            table.removeAll(keeping: 3)
            #expect(Array(table.records.keys) == [3])
            #expect(table.remove(3)?.subject == "inbox")
            #expect(table.remove(3) == nil)
            // Sids are never reused.
            #expect(table.add(subject: "e", queueGroup: nil, handler: 0) == 5)
        }
    }
}
