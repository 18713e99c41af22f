import Testing
@testable import Ripple
import RippleTest

/// The hot source of the connect/disconnect scenarios below (times as in RxSwift's
/// multicast tests).
private func scenarioSource(_ scheduler: TestScheduler, terminal: RippleTest.Recorded<Event<Int>>?) -> TestableObservable<Int> {
    var events: [RippleTest.Recorded<Event<Int>>] = [
        .next(110, 7), .next(220, 3), .next(280, 4), .next(290, 1), .next(340, 8), .next(360, 5),
        .next(370, 6), .next(390, 7), .next(410, 13), .next(430, 2),
    ]
    if let terminal {
        events.append(terminal)
    }
    events += [
        .next(450, 9), .next(520, 11), .next(560, 20), .next(570, 21), .next(580, 23), .next(590, 24),
        .next(600, 25), .next(610, 26), .next(620, 27), .next(630, 28), .error(800, TestError()),
    ]
    return scheduler.createHotObservable(events)
}

/// Connects at 300, disconnects at 400, connects at 420, connects again at 440 (the
/// same connection), disposes that at 530, connects at 575 and disposes at 621.
private func scheduleConnections<C: ConnectableObservableType>(_ scheduler: TestScheduler, _ connectable: @escaping () -> C) {
    var connection: Disposable?
    var inner: Disposable?
    var last: Disposable?
    scheduler.scheduleAt(300) { connection = connectable().connect() }
    scheduler.scheduleAt(400) { connection?.dispose() }
    scheduler.scheduleAt(420) { connection = connectable().connect() }
    scheduler.scheduleAt(440) { inner = connectable().connect() }
    scheduler.scheduleAt(530) { inner?.dispose() }
    scheduler.scheduleAt(575) { last = connectable().connect() }
    scheduler.scheduleAt(590) { connection?.dispose() }
    scheduler.scheduleAt(621) { last?.dispose() }
}

/// When the observer of ``observeScenario(_:_:subscribedAt:reconnectingAfter:)``
/// subscribes again and connects again.
private enum Reconnect {
    case afterCompletion
    case afterError
}

/// One observer of `connectable`, subscribed at `time` and kept until 1000, through the
/// connections of ``scheduleConnections(_:_:)``; runs the scheduler and returns the
/// observer. With `reconnect`, the observer's subscription runs a `do` handler that,
/// when the sequence completes (or fails), subscribes the observer again and connects.
private func observeScenario<C: ConnectableObservableType>(
    _ scheduler: TestScheduler,
    _ connectable: C,
    subscribedAt time: TestTime = 405,
    reconnectingAfter reconnect: Reconnect? = nil
) -> TestableObserver<Int> where C.Element == Int {
    let observer = scheduler.createObserver(Int.self)
    var subscription: Disposable?
    let resubscribeAndConnect = {
        subscription = connectable.subscribe(observer)
        _ = connectable.connect()
    }
    scheduler.scheduleAt(time) {
        switch reconnect {
        case nil:
            subscription = connectable.subscribe(observer)
        case .afterCompletion:
            subscription = connectable.do(onCompleted: resubscribeAndConnect).subscribe(observer)
        case .afterError:
            subscription = connectable.do(onError: { _ in resubscribeAndConnect() }).subscribe(observer)
        }
    }
    scheduler.scheduleAt(1000) { subscription?.dispose() }
    scheduleConnections(scheduler) { connectable }
    scheduler.start()
    return observer
}

extension RippleTests {
    @Suite struct MulticastTests {
        @Test func publishSharesOneSubscriptionWhileConnected() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scenarioSource(scheduler, terminal: nil)
            let published = source.publish()
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(200) { subscriptions.append(published.subscribe(first)) }
            scheduler.scheduleAt(365) { subscriptions.append(published.subscribe(second)) }
            scheduler.scheduleAt(1000) { subscriptions.forEach { $0.dispose() } }
            scheduleConnections(scheduler) { published }
            scheduler.start()
            // Disconnecting at 400 drops the subject both observers were on: the later
            // connections feed new subjects nobody here subscribed to.
            #expect(first.events == [.next(340, 8), .next(360, 5), .next(370, 6), .next(390, 7)])
            #expect(second.events == [.next(370, 6), .next(390, 7)])
            #expect(source.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
        }

        @Test func publishDeliversEverythingToEachObserverOfTheConnection() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
            let published = source.publish()
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            var bag: [Disposable] = []
            scheduler.scheduleAt(150) { bag.append(published.subscribe(first)) }
            scheduler.scheduleAt(160) { bag.append(published.subscribe(second)) }
            scheduler.scheduleAt(200) { bag.append(published.connect()) }
            scheduler.scheduleAt(1000) { bag.forEach { $0.dispose() } }
            scheduler.start()
            #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
            #expect(second.events == first.events)
            #expect(source.subscriptions == [Subscription(200, 240)])
        }

        @Test func publishForwardsAnError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 3))])
            let published = source.publish()
            let observer = scheduler.createObserver(Int.self)
            var bag: [Disposable] = []
            scheduler.scheduleAt(150) { bag.append(published.subscribe(observer)) }
            scheduler.scheduleAt(200) { bag.append(published.connect()) }
            scheduler.scheduleAt(1000) { bag.forEach { $0.dispose() } }
            scheduler.start()
            #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 3))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func publishOfAnEmptySourceCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
            let published = source.publish()
            let observer = scheduler.createObserver(Int.self)
            var bag: [Disposable] = []
            scheduler.scheduleAt(150) { bag.append(published.subscribe(observer)) }
            scheduler.scheduleAt(200) { bag.append(published.connect()) }
            scheduler.scheduleAt(1000) { bag.forEach { $0.dispose() } }
            scheduler.start()
            #expect(observer.events == [.completed(250)])
            #expect(source.subscriptions == [Subscription(200, 250)])
        }

        @Test func nothingFlowsUntilConnect() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .completed(240)])
            let published = source.publish()
            let observer = scheduler.createObserver(Int.self)
            var subscription: Disposable?
            scheduler.scheduleAt(150) { subscription = published.subscribe(observer) }
            scheduler.scheduleAt(1000) { subscription?.dispose() }
            scheduler.start()
            #expect(observer.events.isEmpty)
            #expect(source.subscriptions.isEmpty)
        }

        @Test func replayGivesALateObserverTheLastElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scenarioSource(scheduler, terminal: nil)
            let replayed = source.replay(2)
            let observer = scheduler.createObserver(Int.self)
            var connection: Disposable?
            var subscription: Disposable?
            scheduler.scheduleAt(300) { connection = replayed.connect() }
            scheduler.scheduleAt(395) { subscription = replayed.subscribe(observer) }
            scheduler.scheduleAt(455) { subscription?.dispose() }
            scheduler.scheduleAt(500) { connection?.dispose() }
            scheduler.start()
            #expect(observer.events == [.next(395, 6), .next(395, 7), .next(410, 13), .next(430, 2), .next(450, 9)])
            #expect(source.subscriptions == [Subscription(300, 500)])
        }

        @Test func replayOfZeroReplaysNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scenarioSource(scheduler, terminal: nil)
            let replayed = source.replay(0)
            let observer = scheduler.createObserver(Int.self)
            var bag: [Disposable] = []
            scheduler.scheduleAt(300) { bag.append(replayed.connect()) }
            scheduler.scheduleAt(395) { bag.append(replayed.subscribe(observer)) }
            scheduler.scheduleAt(440) { bag.forEach { $0.dispose() } }
            scheduler.start()
            #expect(observer.events == [.next(410, 13), .next(430, 2)])
            #expect(source.subscriptions == [Subscription(300, 440)])
        }

        @Test func replayWithANegativeBufferSizeFailsEachObserver() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scenarioSource(scheduler, terminal: nil)
            let replayed = source.replay(-1)
            let observer = scheduler.createObserver(Int.self)
            var bag: [Disposable] = []
            scheduler.scheduleAt(300) { bag.append(replayed.connect()) }
            scheduler.scheduleAt(395) { bag.append(replayed.subscribe(observer)) }
            scheduler.scheduleAt(440) { bag.forEach { $0.dispose() } }
            scheduler.start()
            #expect(observer.events.count == 1)
            if case .error(let error)? = observer.events.first?.value {
                guard case RxError.argumentOutOfRange = error else {
                    Issue.record("expected argumentOutOfRange, got \(error)")
                    return
                }
            } else {
                Issue.record("expected an error at 395, got \(observer.events)")
            }
        }

        @Test func replayAllGivesALateObserverEveryElementAndTheEnd() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
            ])
            let replayed = source.replayAll()
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var bag: [Disposable] = []
            scheduler.scheduleAt(200) { bag.append(replayed.connect()) }
            scheduler.scheduleAt(205) { bag.append(replayed.subscribe(early)) }
            scheduler.scheduleAt(225) { bag.append(replayed.subscribe(late)) }
            scheduler.scheduleAt(1000) { bag.forEach { $0.dispose() } }
            scheduler.start()
            #expect(early.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
            #expect(late.events == [.next(225, 1), .next(225, 2), .next(230, 3), .completed(240)])
            #expect(source.subscriptions == [Subscription(200, 240)])
        }

        @Test func makeSubjectGivesEachConnectionANewSubject() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scenarioSource(scheduler, terminal: nil)
            var made = 0
            let connectable = source.multicast(makeSubject: { () -> ReplaySubject<Int> in
                made += 1
                return ReplaySubject.create(bufferSize: 3)
            })
            let observer = observeScenario(scheduler, connectable)
            // Subscribed at 405 to the subject the connection at 420 then uses; the one
            // made at 575 is new, so nothing of it reaches the observer.
            #expect(observer.events == [.next(430, 2), .next(450, 9), .next(520, 11)])
            #expect(source.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
            #expect(made == 3)
        }

        @Test func makeSubjectConnectedFirstReplaysToALateObserver() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scenarioSource(scheduler, terminal: nil)
            let connectable = source.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) })
            let observer = observeScenario(scheduler, connectable, subscribedAt: 470)
            #expect(observer.events == [.next(470, 9), .next(520, 11)])
            #expect(source.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
        }

        @Test func makeSubjectAfterCompletionReconnectsWithANewSubject() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scenarioSource(scheduler, terminal: .completed(435))
            var made = 0
            let connectable = source.multicast(makeSubject: { () -> ReplaySubject<Int> in
                made += 1
                return ReplaySubject.create(bufferSize: 1)
            })
            let observer = observeScenario(scheduler, connectable, reconnectingAfter: .afterCompletion)
            #expect(observer.events == [.next(430, 2), .completed(435), .next(450, 9), .next(520, 11)])
            #expect(source.subscriptions == [
                Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621),
            ])
            #expect(made == 4)
        }

        @Test func makeSubjectAfterAnErrorReconnectsWithANewSubject() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scenarioSource(scheduler, terminal: .error(435, TestError(id: 1)))
            let connectable = source.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) })
            let observer = observeScenario(scheduler, connectable, reconnectingAfter: .afterError)
            #expect(observer.events == [.next(430, 2), .error(435, TestError(id: 1)), .next(450, 9), .next(520, 11)])
            #expect(source.subscriptions == [
                Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621),
            ])
        }

        @Test func oneSubjectServesEveryConnection() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scenarioSource(scheduler, terminal: nil)
            let connectable = source.multicast(ReplaySubject<Int>.create(bufferSize: 3))
            let observer = observeScenario(scheduler, connectable)
            #expect(observer.events == [
                .next(405, 5), .next(405, 6), .next(405, 7), .next(430, 2), .next(450, 9), .next(520, 11),
                .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26), .next(620, 27),
            ])
            #expect(source.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
        }

        @Test func oneSubjectAfterCompletionReplaysTheEndToLateObservers() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scenarioSource(scheduler, terminal: .completed(435))
            let connectable = source.multicast(ReplaySubject<Int>.create(bufferSize: 1))
            let observer = observeScenario(scheduler, connectable, reconnectingAfter: .afterCompletion)
            #expect(observer.events == [
                // `do` runs its handler before forwarding: the late observer is served first.
                .next(405, 7), .next(430, 2), .next(435, 2), .completed(435), .completed(435),
            ])
            #expect(source.subscriptions == [
                Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621),
            ])
        }

        @Test func selectorSharesOneSubscriptionPerSubscriber() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
            ])
            let observer = scheduler.start {
                source.multicast({ PublishSubject<Int>() }, selector: { shared in
                    Observable.zip(shared, shared.map { $0 * 10 }) { $0 + $1 }
                })
            }
            #expect(observer.events == [.next(210, 11), .next(220, 22), .next(230, 33), .completed(240)])
            #expect(source.subscriptions == [Subscription(200, 240)])
        }

        @Test func selectorDisposedMidwayLeavesTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
            let observer = scheduler.start(disposed: 225) {
                source.multicast({ ReplaySubject<Int>.createUnbounded() }, selector: { $0 })
            }
            #expect(observer.events == [.next(210, 1), .next(220, 2)])
            #expect(source.subscriptions == [Subscription(200, 225)])
        }

        @Test func selectorForwardsAnError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 2))])
            let observer = scheduler.start {
                source.multicast({ PublishSubject<Int>() }, selector: { $0.map { $0 + 1 } })
            }
            #expect(observer.events == [.next(210, 2), .error(220, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 220)])
        }

        @Test func aThrowingSubjectSelectorFailsAtSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1)])
            let observer = scheduler.start {
                source.multicast({ () throws -> PublishSubject<Int> in throw TestError(id: 4) }, selector: { $0 })
            }
            #expect(observer.events == [.error(200, TestError(id: 4))])
            #expect(source.subscriptions.isEmpty)
        }

        @Test func aThrowingSelectorFailsAtSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1)])
            let observer = scheduler.start {
                source.multicast({ PublishSubject<Int>() }, selector: { (_: Observable<Int>) throws -> Observable<Int> in
                    throw TestError(id: 5)
                })
            }
            #expect(observer.events == [.error(200, TestError(id: 5))])
            #expect(source.subscriptions.isEmpty)
        }

        @Test func aSynchronousSourceReachesObserversSubscribedBeforeConnect() {
            let published = Observable.of(1, 2, 3).publish()
            let recorder = EventRecorder<Int>()
            let subscription = published.subscribe(recorder)
            let connection = published.connect()
            #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
            connection.dispose()
            subscription.dispose()
        }
    }
}
