import Testing
@testable import RippleBusNATS

extension RippleTests {
    /// The request inbox without sockets or a real timer: instants are a fixed origin plus
    /// offsets, and each returned `arm` stands for one arming of the shared timer.
    struct NATSRequestInboxTests {
        private let origin = ContinuousClock.now

        private func at(_ milliseconds: Int) -> ContinuousClock.Instant {
            origin + .milliseconds(milliseconds)
        }

        @Test func firstRequestArmsTheTimerAndLaterDeadlinesDoNot() {
            var inbox = RequestInbox<Int>(prefix: "_INBOX.abc.")
            let first = inbox.register(1, deadline: at(100))
            #expect(first.arm == at(100))
            // Equal and later deadlines: the armed timer fires first anyway.
            #expect(inbox.register(2, deadline: at(100)).arm == nil)
            #expect(inbox.register(3, deadline: at(500)).arm == nil)
            #expect(inbox.armed == at(100))
            #expect(inbox.pendingCount == 3)
        }

        @Test func anEarlierDeadlineReArmsTheTimer() {
            var inbox = RequestInbox<Int>(prefix: "_INBOX.abc.")
            _ = inbox.register(1, deadline: at(500))
            #expect(inbox.register(2, deadline: at(200)).arm == at(200))
            #expect(inbox.register(3, deadline: at(300)).arm == nil)
            #expect(inbox.armed == at(200))
        }

        @Test func expiryReturnsOnlyWhatIsDueInDeadlineOrderAndTheNextArming() {
            var inbox = RequestInbox<Int>(prefix: "_INBOX.abc.")
            _ = inbox.register(3, deadline: at(300))
            _ = inbox.register(1, deadline: at(100))
            _ = inbox.register(2, deadline: at(200))
            _ = inbox.register(4, deadline: at(400))
            // Early (a clock that fired a little before the deadline): nothing expires.
            let early = inbox.expire(now: at(99))
            #expect(early.expired.isEmpty)
            #expect(early.arm == at(100))
            let fired = inbox.expire(now: at(250))
            #expect(fired.expired == [1, 2])
            #expect(fired.arm == at(300))
            #expect(inbox.pendingCount == 2)
            let rest = inbox.expire(now: at(1_000))
            #expect(rest.expired == [3, 4])
            #expect(rest.arm == nil)
            #expect(inbox.armed == nil)
            // Unarmed, the next request arms again, whatever its deadline.
            #expect(inbox.register(5, deadline: at(2_000)).arm == at(2_000))
        }

        @Test func anAnsweredRequestNeverExpiresAndTheTimerSkipsIt() {
            var inbox = RequestInbox<Int>(prefix: "_INBOX.abc.")
            let first = inbox.register(1, deadline: at(100))
            _ = inbox.register(2, deadline: at(200))
            #expect(inbox.take(first.token) == 1)
            #expect(inbox.take(first.token) == nil)
            // The timer was left armed for 100: firing then finds nothing and re-arms.
            #expect(inbox.armed == at(100))
            let fired = inbox.expire(now: at(100))
            #expect(fired.expired.isEmpty)
            #expect(fired.arm == at(200))
            #expect(inbox.expire(now: at(200)).expired == [2])
        }

        @Test func answersFindTheirWaiterByReplySubject() {
            var inbox = RequestInbox<String>(prefix: "_INBOX.abc.")
            let a = inbox.register("a", deadline: at(100))
            let b = inbox.register("b", deadline: at(100))
            #expect(inbox.replySubject(a.token) == "_INBOX.abc.\(a.token)")
            #expect(inbox.take(replySubject: inbox.replySubject(b.token)) == "b")
            #expect(inbox.take(replySubject: "_INBOX.abc.x1") == nil)
            #expect(inbox.take(replySubject: "_INBOX.abc.") == nil)
            #expect(inbox.take(replySubject: "_INBOX.abc.99999999999999999999999") == nil)
            #expect(inbox.pendingCount == 1)
            #expect(inbox.take(replySubject: inbox.replySubject(a.token)) == "a")
        }

        @Test func tokenParsing() {
            #expect(RequestInbox<Int>.token(of: "_INBOX.x.0") == 0)
            #expect(RequestInbox<Int>.token(of: "_INBOX.x.42") == 42)
            #expect(RequestInbox<Int>.token(of: "7") == 7)
            #expect(RequestInbox<Int>.token(of: "_INBOX.x.1234567890123456789") == 1_234_567_890_123_456_789)
            #expect(RequestInbox<Int>.token(of: "_INBOX.x.-1") == nil)
            #expect(RequestInbox<Int>.token(of: "_INBOX.x.4 2") == nil)
        }

        @Test func answeredTokensDoNotGrowTheHeapPastItsBound() {
            var inbox = RequestInbox<Int>(prefix: "_INBOX.abc.")
            // One long-lived request keeps the heap's top alive, so answered ones below
            // it are not popped on the way: only the rebuild keeps them bounded.
            _ = inbox.register(0, deadline: at(1))
            for index in 1...10_000 {
                let token = inbox.register(index, deadline: at(1_000 + index)).token
                #expect(inbox.take(token) == index)
                #expect(inbox.heapCount <= 2 * inbox.pendingCount + 33)
            }
            #expect(inbox.pendingCount == 1)
            // In order (each answered before the next is asked), the heap stays at one.
            var sequential = RequestInbox<Int>(prefix: "_INBOX.abc.")
            for index in 1...100 {
                let token = sequential.register(index, deadline: at(index)).token
                _ = sequential.take(token)
                #expect(sequential.heapCount == 0)
            }
        }

        @Test func removeAllHandsBackEveryWaiterAndDisarms() {
            var inbox = RequestInbox<Int>(prefix: "_INBOX.abc.")
            _ = inbox.register(1, deadline: at(100))
            _ = inbox.register(2, deadline: at(50))
            #expect(inbox.removeAll().sorted() == [1, 2])
            #expect(inbox.pendingCount == 0)
            #expect(inbox.armed == nil)
            #expect(inbox.expire(now: at(1_000)).expired.isEmpty)
        }
    }
}
