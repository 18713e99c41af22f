import Dispatch
import Foundation
import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct HotForwarderTests {
        @Test func sendsEachEventToEveryCurrentSubscriberInSubscriptionOrder() {
            let forwarder = HotForwarder<Int>()
            var log: [String] = []
            let first = forwarder.subscribe { log.append("first \($0)") }
            let second = forwarder.subscribe { log.append("second \($0)") }
            forwarder.on(next: 1)
            forwarder.on(.next(2))
            forwarder.on(.completed)
            #expect(log == [
                "first next(1)", "second next(1)", "first next(2)", "second next(2)",
                "first completed", "second completed",
            ])
            first.dispose()
            second.dispose()
        }

        @Test func replaysNothingToALateSubscriber() {
            let forwarder = HotForwarder<Int>()
            let early = EventRecorder<Int>()
            let late = EventRecorder<Int>()
            let earlySubscription = forwarder.subscribe(early)
            forwarder.on(next: 1)
            let lateSubscription = forwarder.subscribe(late)
            forwarder.on(next: 2)
            #expect(early.events == [.next(1), .next(2)])
            #expect(late.events == [.next(2)])
            earlySubscription.dispose()
            lateSubscription.dispose()
        }

        @Test func keepsTheTerminalEventForLateSubscribersAndIgnoresWhatFollows() {
            let forwarder = HotForwarder<Int>()
            let early = EventRecorder<Int>()
            let subscription = forwarder.subscribe(early)
            forwarder.on(.error(TestError(id: 1)))
            forwarder.on(next: 2)
            forwarder.on(.completed)
            let late = EventRecorder<Int>()
            let lateSubscription = forwarder.subscribe(late)
            #expect(early.events == [.error(TestError(id: 1))])
            #expect(late.events == [.error(TestError(id: 1))])
            subscription.dispose()
            lateSubscription.dispose()
        }

        @Test func aDisposedSubscriberReceivesNothingMore() {
            let forwarder = HotForwarder<Int>()
            let kept = EventRecorder<Int>()
            let dropped = EventRecorder<Int>()
            let keptSubscription = forwarder.subscribe(kept)
            let droppedSubscription = forwarder.subscribe(dropped)
            forwarder.on(next: 1)
            droppedSubscription.dispose()
            droppedSubscription.dispose()
            forwarder.on(next: 2)
            forwarder.on(.completed)
            #expect(kept.events == [.next(1), .next(2), .completed])
            #expect(dropped.events == [.next(1)])
            keptSubscription.dispose()
        }

        @Test func aSubscriberDisposedDuringDeliveryMissesThatElement() {
            let forwarder = HotForwarder<Int>()
            let second = EventRecorder<Int>()
            var secondSubscription: Disposable?
            let first = forwarder.subscribe(onNext: { element in
                if element == 2 { secondSubscription?.dispose() }
            })
            secondSubscription = forwarder.subscribe(second)
            forwarder.on(next: 1)
            forwarder.on(next: 2)
            #expect(second.events == [.next(1)])
            first.dispose()
        }

        @Test func aSubscriberAddedDuringDeliveryStartsWithTheNextElement() {
            let forwarder = HotForwarder<Int>()
            let added = EventRecorder<Int>()
            var addedSubscription: Disposable?
            let first = forwarder.subscribe(onNext: { element in
                if element == 1 { addedSubscription = forwarder.subscribe(added) }
            })
            forwarder.on(next: 1)
            forwarder.on(next: 2)
            #expect(added.events == [.next(2)])
            first.dispose()
            addedSubscription?.dispose()
        }

        @Test func subscribersComingAndGoingOnOtherThreadsEachSeeAnUnbrokenRun() {
            let forwarder = HotForwarder<Int>()
            let state = StressState()
            let group = DispatchGroup()
            let shared = Unchecked(forwarder)
            // Threads of their own, not dispatch's pool: two pool workers spinning here
            // kept the third block waiting seconds for a thread on two cores. The sender
            // waits until every thread has subscribed once: on a loaded machine the
            // threads could otherwise start after the last element, and see nothing.
            let subscribedOnce = DispatchSemaphore(value: 0)
            for _ in 0..<3 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    var first = true
                    while state.isSending {
                        let received = ReceivedElements()
                        let subscription = shared.value.subscribe { event in
                            switch event {
                            case .next(let element):
                                received.append(element)
                                state.noteElement()
                            case .error, .completed: state.stops.increment()
                            }
                        }
                        if first {
                            first = false
                            subscribedOnce.signal()
                        }
                        var spins = 0
                        while spins < 50, state.isSending { spins += 1 }
                        subscription.dispose()
                        state.record(received.elements)
                    }
                }.start()
            }
            for _ in 0..<3 {
                subscribedOnce.wait()
            }
            // 20 000 elements, then more until some subscriber has seen one (at most five
            // seconds): a subscription lives only a few spins, and on a loaded machine
            // the subscribing threads can sit descheduled through all 20 000.
            let deadline = DispatchTime.now() + .seconds(5)
            var element = 0
            while element < 20_000 || (!state.sawElement && DispatchTime.now() < deadline) {
                forwarder.on(next: element)
                element += 1
            }
            state.stopSending()
            group.wait()
            forwarder.on(.completed)
            let runs = state.runs
            #expect(runs.contains { !$0.isEmpty })
            for run in runs {
                let expected = run.first.map { Array($0..<($0 + run.count)) } ?? []
                #expect(run == expected)
            }
            #expect(state.stops.value == 0)
        }
    }

    /// What the stress test's threads share.
    final class StressState: @unchecked Sendable {
        // `@unchecked Sendable`: `recorded` is used only under `lock`; the rest is atomic.
        private let sending = AtomicValue<Bool>(true)
        private let anyElement = AtomicValue<Bool>(false)
        private let lock = Lock()
        private var recorded: [[Int]] = []
        let stops = Counter()

        var isSending: Bool { sending.load(ordering: .relaxed) }

        func stopSending() {
            sending.store(false, ordering: .relaxed)
        }

        /// Whether a subscriber has received an element yet.
        var sawElement: Bool { anyElement.load(ordering: .relaxed) }

        func noteElement() {
            anyElement.store(true, ordering: .relaxed)
        }

        /// Keeps a subscription's run of elements; an empty one proves nothing and is
        /// not kept (the subscribing threads make millions of them).
        func record(_ run: [Int]) {
            guard !run.isEmpty else { return }
            lock.withLock { recorded.append(run) }
        }

        var runs: [[Int]] {
            lock.withLock { recorded }
        }
    }

    /// The elements one subscription received: appended on the sending thread, read on
    /// the subscribing thread (an element may still arrive while `dispose()` runs).
    final class ReceivedElements: @unchecked Sendable {
        // `@unchecked Sendable`: `received` is used only under `lock`.
        private let lock = Lock()
        private var received: [Int] = []

        func append(_ element: Int) {
            lock.withLock { received.append(element) }
        }

        var elements: [Int] {
            lock.withLock { received }
        }
    }
}
