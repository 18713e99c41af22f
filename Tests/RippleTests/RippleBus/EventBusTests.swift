import Dispatch
import Foundation
import Testing
@testable import Ripple
import RippleBlocking
import RippleBus

extension RippleTests {
    @Suite struct EventBusTests {
        // MARK: - Types

        @Test func anEventReachesOnlyTheSubscribersOfItsType() {
            let bus = EventBus()
            let ints = BusProbe<Int>()
            let strings = BusProbe<String>()
            let intSubscription = bus.subscribe(Int.self) { ints.handle($0) }
            let stringSubscription = bus.subscribe(String.self) { strings.handle($0) }
            bus.publish(1)
            bus.publish("a")
            bus.publish(2.5)            // a type nobody subscribed to
            bus.publish(Int32(7))       // a different integer type
            bus.publish(2)
            #expect(ints.wait(for: 2))
            #expect(strings.wait(for: 1))
            pause(.milliseconds(20))
            #expect(ints.values == [1, 2])
            #expect(strings.values == ["a"])
            intSubscription.dispose()
            stringSubscription.dispose()
        }

        @Test func everySubscriberOfTheTypeReceivesEveryEventInOrder() {
            let bus = EventBus()
            let probes = (0..<3).map { _ in BusProbe<Int>() }
            let subscriptions = probes.map { probe in bus.subscribe(Int.self) { probe.handle($0) } }
            for value in 0..<100 {
                bus.publish(value)
            }
            for probe in probes {
                #expect(probe.wait(for: 100))
                #expect(probe.values == Array(0..<100))
            }
            subscriptions.forEach { $0.dispose() }
        }

        @Test func isolatedBusesDoNotShareEvents() {
            let first = EventBus()
            let second = EventBus()
            let firstProbe = BusProbe<Int>()
            let secondProbe = BusProbe<Int>()
            let a = first.subscribe(Int.self) { firstProbe.handle($0) }
            let b = second.subscribe(Int.self) { secondProbe.handle($0) }
            first.publish(1)
            second.publish(2)
            #expect(firstProbe.wait(for: 1))
            #expect(secondProbe.wait(for: 1))
            pause(.milliseconds(20))
            #expect(firstProbe.values == [1])
            #expect(secondProbe.values == [2])
            #expect(EventBus.shared === EventBus.shared)
            a.dispose()
            b.dispose()
        }

        @Test func theSharedBusDelivers() {
            struct SharedBusProbeEvent: Sendable, Equatable { let id: Int }
            let probe = BusProbe<SharedBusProbeEvent>()
            let subscription = EventBus.shared.subscribe(SharedBusProbeEvent.self) { probe.handle($0) }
            EventBus.shared.publish(SharedBusProbeEvent(id: 1))
            #expect(probe.wait(for: 1))
            #expect(probe.values == [SharedBusProbeEvent(id: 1)])
            subscription.dispose()
        }

        @Test func publishingWithNoSubscribersDoesNothing() {
            let bus = EventBus()
            bus.publish(1)
            let probe = BusProbe<Int>()
            let subscription = bus.subscribe(Int.self) { probe.handle($0) }
            bus.publish(2)
            #expect(probe.wait(for: 1))
            #expect(probe.values == [2])   // nothing is replayed to a late subscriber
            subscription.dispose()
        }

        // MARK: - Where handlers run

        @Test func eachSubscriptionHasItsOwnBackgroundQueue() {
            let bus = EventBus()
            let blocked = Gate()
            let slowEntered = BusProbe<Int>()
            let fast = BusProbe<Int>()
            let slow = bus.subscribe(Int.self) { value in
                slowEntered.handle(value)
                if value == 0 { blocked.pass() }
            }
            let quick = bus.subscribe(Int.self) { fast.handle($0) }
            bus.publish(0)
            #expect(blocked.waitUntilEntered())
            // The slow handler is stuck; the other subscription still receives.
            bus.publish(1)
            #expect(fast.wait(for: 2))
            #expect(fast.values == [0, 1])
            #expect(slowEntered.values == [0])
            blocked.open()
            #expect(slowEntered.wait(for: 2))
            #expect(slowEntered.values == [0, 1])
            slow.dispose()
            quick.dispose()
        }

        @Test func aHandlerRunsOnTheSchedulerItWasGiven() {
            let bus = EventBus()
            let marked = MarkedQueue("ripple.tests.bus.marked")
            let onQueue = BusProbe<Bool>()
            let scheduler = SerialDispatchQueueScheduler(queue: marked.queue, internalSerialQueueName: "ripple.tests.bus.serial")
            let subscription = bus.subscribe(Int.self, on: scheduler) { _ in onQueue.handle(marked.isCurrent) }
            bus.publish(1)
            #expect(onQueue.wait(for: 1))
            #expect(onQueue.values == [true])
            subscription.dispose()
        }

        @Test func publishNeverWaitsForASlowHandlerAndLosesNothing() {
            let bus = EventBus()
            let gate = Gate()
            let probe = BusProbe<Int>()
            let subscription = bus.subscribe(Int.self) { value in
                if value == 0 { gate.pass() }
                probe.handle(value)
            }
            bus.publish(0)
            #expect(gate.waitUntilEntered())
            // The handler stays blocked until the gate opens below: had a publish waited
            // for it, the publishing thread would never finish.
            let published = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                for value in 1...1_000 {
                    bus.publish(value)
                }
                published.signal()
            }
            #expect(waitFor(published))
            #expect(probe.count == 0)
            gate.open()
            #expect(probe.wait(for: 1_001))
            #expect(probe.values == Array(0...1_000))
            subscription.dispose()
        }

        @Test func withAnImmediateSchedulerTheHandlerRunsInsidePublish() {
            let bus = EventBus()
            let probe = BusProbe<Int>()
            let subscription = bus.subscribe(Int.self, on: ImmediateScheduler.instance) { probe.handle($0) }
            bus.publish(1)
            #expect(probe.values == [1])
            subscription.dispose()
        }

        @Test func aHandlerThatPublishesToItselfNeitherRecursesNorReorders() {
            let bus = EventBus()
            let probe = BusProbe<Int>()
            let depth = 20_000
            let subscription = bus.subscribe(Int.self, on: ImmediateScheduler.instance) { value in
                probe.handle(value)
                if value < depth {
                    bus.publish(value + 1)   // queued behind the running call, not nested
                }
            }
            bus.publish(1)
            #expect(probe.count == depth)
            #expect(probe.values.last == depth)
            subscription.dispose()
        }

        // MARK: - Concurrency

        @Test func fourPublishingThreadsKeepEachThreadsOrderAndNeverOverlapAHandler() {
            struct Stamp: Sendable {
                let thread: Int
                let sequence: Int
            }
            let bus = EventBus()
            let perThread = 2_000
            let threads = 4
            let serialProbe = BusProbe<Stamp>()
            let concurrentProbe = BusProbe<Stamp>()
            let serial = bus.subscribe(Stamp.self) { serialProbe.handle($0) }
            // Even on a concurrent scheduler, one subscriber's calls never overlap.
            let concurrent = bus.subscribe(Stamp.self, on: ConcurrentDispatchQueueScheduler(qos: .default)) {
                concurrentProbe.handle($0)
            }
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for thread in 0..<threads {
                DispatchQueue.global().async(group: group) {
                    start.wait()
                    for sequence in 0..<perThread {
                        bus.publish(Stamp(thread: thread, sequence: sequence))
                    }
                }
            }
            for _ in 0..<threads {
                start.signal()
            }
            #expect(group.wait(timeout: .now() + waitLimit) == .success)
            for probe in [serialProbe, concurrentProbe] {
                #expect(probe.wait(for: threads * perThread))
                #expect(probe.mostAtOnce == 1)
                var next = Array(repeating: 0, count: threads)
                var inOrder = true
                for stamp in probe.values {
                    inOrder = inOrder && stamp.sequence == next[stamp.thread]
                    next[stamp.thread] += 1
                }
                #expect(inOrder)
                #expect(next == Array(repeating: perThread, count: threads))
            }
            serial.dispose()
            concurrent.dispose()
        }

        @Test func subscribingAndDisposingWhilePublishingIsSafe() {
            let bus = EventBus()
            let steady = BusProbe<Int>()
            let steadySubscription = bus.subscribe(Int.self) { steady.handle($0) }
            let churned = Counter()
            let group = DispatchGroup()
            let published = 2_000
            DispatchQueue.global().async(group: group) {
                for value in 0..<published {
                    bus.publish(value)
                }
            }
            DispatchQueue.global().async(group: group) {
                for _ in 0..<200 {
                    let subscription = bus.subscribe(Int.self, on: ImmediateScheduler.instance) { _ in churned.increment() }
                    let matching = bus.subscribe(matching: (any BusUserEvent).self, on: ImmediateScheduler.instance) { _ in
                        churned.increment()
                    }
                    subscription.dispose()
                    matching.dispose()
                }
            }
            #expect(group.wait(timeout: .now() + waitLimit) == .success)
            #expect(steady.wait(for: published))
            #expect(steady.values == Array(0..<published))
            steadySubscription.dispose()
        }

        // MARK: - Disposal

        @Test func afterDisposeReturnsNoDeliveryStarts() {
            let bus = EventBus()
            let gate = Gate()
            let probe = BusProbe<Int>()
            let subscription = bus.subscribe(Int.self) { value in
                probe.handle(value)
                if value == 1 { gate.pass() }
            }
            bus.publish(1)
            bus.publish(2)
            bus.publish(3)
            #expect(gate.waitUntilEntered())
            // The handler is inside its call for 1: dispose returns without waiting for
            // it, and 2 and 3, already buffered, are dropped.
            subscription.dispose()
            bus.publish(4)
            gate.open()
            pause(.milliseconds(50))
            #expect(probe.values == [1])
        }

        @Test func disposingFromInsideTheHandlerStopsTheNextEvents() {
            let bus = EventBus()
            let probe = BusProbe<Int>()
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(bus.subscribe(Int.self) { value in
                probe.handle(value)
                subscription.dispose()
            })
            bus.publish(1)
            bus.publish(2)
            bus.publish(3)
            #expect(probe.wait(for: 1))
            pause(.milliseconds(50))
            #expect(probe.values == [1])
        }

        @Test func disposingTwiceIsHarmlessAndOtherSubscribersKeepReceiving() {
            let bus = EventBus()
            let gone = BusProbe<Int>()
            let kept = BusProbe<Int>()
            let first = bus.subscribe(Int.self) { gone.handle($0) }
            let second = bus.subscribe(Int.self) { kept.handle($0) }
            first.dispose()
            first.dispose()
            bus.publish(1)
            #expect(kept.wait(for: 1))
            pause(.milliseconds(20))
            #expect(gone.values.isEmpty)
            #expect(kept.values == [1])
            second.dispose()
        }

        @Test func disposeReleasesTheHandlerEvenIfTheDisposableIsKept() {
            final class Owner: Sendable {}
            let bus = EventBus()
            weak var weakOwner: Owner?
            let subscription: Disposable = {
                let owner = Owner()
                weakOwner = owner
                return bus.subscribe(Int.self) { _ in _ = owner }
            }()
            #expect(weakOwner != nil)
            subscription.dispose()
            #expect(weakOwner == nil)
        }

        @Test func disposingEverySubscriptionReturnsResourcesToTheirStart() {
            let before = Resources.total
            let bus = EventBus()
            var subscriptions = (0..<50).map { _ in bus.subscribe(Int.self) { _ in } }
            subscriptions += (0..<50).map { _ in bus.subscribe(matching: (any BusUserEvent).self) { _ in } }
            subscriptions.append(bus.events(Int.self).map { $0 + 1 }.subscribe(onNext: { _ in }))
            #expect(Resources.total >= before + 101)
            bus.publish(1)
            bus.publish(BusLoggedIn(user: "dee"))
            subscriptions.forEach { $0.dispose() }
            subscriptions.removeAll()   // a disposable still held is itself still alive
            #expect(eventuallyBlocking { Resources.total == before })
        }

        // MARK: - Main queue

        @Test func subscribeOnMainDeliversOnTheMainQueueInOrder() {
            let bus = EventBus()
            let seen = BusProbe<String>()
            let subscription = bus.subscribeOnMain(Int.self) { value in
                seen.handle("\(value) main: \(DispatchQueue.isMain)")
            }
            DispatchQueue.global().async {
                for value in 1...3 {
                    bus.publish(value)
                }
            }
            #expect(seen.wait(for: 3))
            #expect(seen.values == ["1 main: true", "2 main: true", "3 main: true"])
            subscription.dispose()
        }

        @Test func publishingFromTheMainQueueStillDeliversLater() {
            let bus = EventBus()
            let log = BusProbe<String>()
            let subscription = bus.subscribeOnMain(Int.self) { value in
                log.handle("handler \(value)")
            }
            #expect(onMainQueue {
                bus.publish(1)
                log.handle("publish returned")
            })
            #expect(log.wait(for: 2))
            #expect(log.values == ["publish returned", "handler 1"])
            subscription.dispose()
        }

        @Test func disposingAMainSubscriptionBeforeTheMainQueueRunsDropsTheEvent() {
            let bus = EventBus()
            let log = BusProbe<Int>()
            let subscription = Unchecked(bus.subscribeOnMain(Int.self) { log.handle($0) })
            #expect(onMainQueue {
                bus.publish(1)              // queued behind this main-queue block
                subscription.value.dispose()
            })
            #expect(onMainQueue {})
            #expect(log.values.isEmpty)
        }

        // MARK: - Observables

        @Test func eventsComposeWithOperators() {
            let bus = EventBus()
            let recorder = EventRecorder<Int>()
            let subscription = bus.events(Int.self, on: ImmediateScheduler.instance)
                .map { $0 * 10 }
                .filter { $0 > 10 }
                .subscribe(recorder)
            bus.publish(1)
            bus.publish(2)
            bus.publish("not an int")
            bus.publish(3)
            #expect(recorder.events == [.next(20), .next(30)])
            subscription.dispose()
            bus.publish(4)
            #expect(recorder.events == [.next(20), .next(30)])
        }

        @Test func eventsDeliverOnTheirOwnQueueByDefault() throws {
            let bus = EventBus()
            let collected = DispatchSemaphore(value: 0)
            let result = LockedValue<[Int]>([])
            let subscription = bus.events(Int.self)
                .map { $0 + 1 }
                .take(3)
                .toArray()
                .subscribe(onSuccess: { values in
                    result.withLock { $0 = values }
                    collected.signal()
                })
            for value in 0..<5 {
                bus.publish(value)
            }
            #expect(waitFor(collected))
            #expect(result.withLock { $0 } == [1, 2, 3])
            subscription.dispose()
        }

        @Test func eachSubscriptionToEventsIsItsOwnSubscriber() {
            let bus = EventBus()
            let events = bus.events(Int.self, on: ImmediateScheduler.instance)
            let first = EventRecorder<Int>()
            let second = EventRecorder<Int>()
            let a = events.subscribe(first)
            bus.publish(1)
            let b = events.subscribe(second)
            bus.publish(2)
            a.dispose()
            bus.publish(3)
            #expect(first.events == [.next(1), .next(2)])
            #expect(second.events == [.next(2), .next(3)])
            b.dispose()
        }

        @Test func eventsWorkWithBlockingOperators() throws {
            let bus = EventBus()
            let publisher = DispatchQueue(label: "ripple.tests.bus.publisher")
            let ready = DispatchSemaphore(value: 0)
            let values = bus.events(String.self)
                .do(onSubscribed: { ready.signal() })
                .take(2)
                .toBlocking(timeout: 5)
            publisher.async {
                _ = ready.wait(timeout: .now() + waitLimit)
                bus.publish("a")
                bus.publish("b")
            }
            #expect(try values.toArray() == ["a", "b"])
        }

        // MARK: - Protocols and superclasses

        @Test func aMatchingSubscriberReceivesEveryConformingEvent() {
            let bus = EventBus()
            let matching = BusProbe<String>()
            let loggedInOnly = BusProbe<String>()
            let all = bus.subscribe(matching: (any BusUserEvent).self) { event in
                matching.handle("\(type(of: event)) \(event.user)")
            }
            let exact = bus.subscribe(BusLoggedIn.self) { loggedInOnly.handle($0.user) }
            bus.publish(BusLoggedIn(user: "ana"))
            bus.publish(42)
            bus.publish(BusLoggedOut(user: "ana"))
            bus.publish(BusLoggedIn(user: "bo") as any BusUserEvent)
            #expect(matching.wait(for: 3))
            #expect(loggedInOnly.wait(for: 1))
            pause(.milliseconds(20))
            #expect(matching.values == ["BusLoggedIn ana", "BusLoggedOut ana", "BusLoggedIn bo"])
            // The exact subscriber sees what was published as exactly `BusLoggedIn`;
            // the last event was published as `any BusUserEvent`.
            #expect(loggedInOnly.values == ["ana"])
            all.dispose()
            exact.dispose()
        }

        @Test func anExactSubscriberOfAnExistentialReceivesWhatIsPublishedAsIt() {
            let bus = EventBus()
            let recorder = BusProbe<String>()
            let subscription = bus.subscribe((any BusUserEvent).self, on: ImmediateScheduler.instance) {
                recorder.handle($0.user)
            }
            bus.publish(BusLoggedIn(user: "concrete"))
            bus.publish(BusLoggedIn(user: "boxed") as any BusUserEvent)
            #expect(recorder.values == ["boxed"])
            subscription.dispose()
        }

        @Test func aMatchingSubscriberOfAClassReceivesItsSubclasses() {
            let bus = EventBus()
            let recorder = EventRecorder<String>()
            let subscription = bus.events(matching: BusBaseEvent.self, on: ImmediateScheduler.instance)
                .map { "\(type(of: $0)) \($0.name)" }
                .subscribe(recorder)
            bus.publish(BusBaseEvent(name: "base"))
            bus.publish(BusDerivedEvent(name: "derived"))
            bus.publish("unrelated")
            #expect(recorder.events == [.next("BusBaseEvent base"), .next("BusDerivedEvent derived")])
            subscription.dispose()
        }

        @Test func matchingSubscribersOnMainAndByDefaultDeliver() {
            let bus = EventBus()
            let onMain = BusProbe<String>()
            let background = BusProbe<String>()
            let main = bus.subscribeOnMain(matching: (any BusUserEvent).self) { event in
                onMain.handle("\(event.user) main: \(DispatchQueue.isMain)")
            }
            let observed = bus.events(matching: (any BusUserEvent).self)
                .subscribe(onNext: { background.handle($0.user) })
            bus.publish(BusLoggedOut(user: "cy"))
            #expect(onMain.wait(for: 1))
            #expect(background.wait(for: 1))
            #expect(onMain.values == ["cy main: true"])
            #expect(background.values == ["cy"])
            main.dispose()
            observed.dispose()
        }
    }
}
