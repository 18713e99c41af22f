import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct GroupByTests {
        /// Fruit grouped by initial: groups a (210), b (230), c (270) and d (330) open
        /// while subscribed; the element at 150 comes before the subscription and the one
        /// at 410 after the end.
        static func fruit(ending end: RippleTest.Recorded<Event<String>>) -> [RippleTest.Recorded<Event<String>>] {
            [
                .next(150, "almond"),
                .next(210, "apple"), .next(230, "Banana"), .next(250, "avocado"), .next(270, "cherry"),
                .next(290, "blueberry"), .next(310, "Apricot"), .next(330, "date"), .next(350, "coconut"),
                .next(370, "Blackberry"),
                end,
                .next(410, "elderberry"),
            ]
        }

        static func initial(_ fruit: String) -> String {
            fruit.prefix(1).lowercased()
        }

        /// How the recorder subscribes to each group.
        enum GroupSubscription {
            /// Not at all (the test subscribes itself).
            case none
            /// As soon as the group arrives.
            case onArrival
            /// The given number of ticks after the group arrives.
            case after(TestTime)
        }

        /// Subscribes to the groups at 200 and records, with virtual times, the outer
        /// sequence (as each group's key) and each group's elements.
        final class GroupRecorder {
            let scheduler: TestScheduler
            let subscription: GroupSubscription
            /// The outer sequence, each group recorded as its key.
            let keys: TestableObserver<String>
            /// Every group that arrived, by key.
            private(set) var groups: [String: GroupedObservable<String, String>] = [:]
            /// What each group sent to the recorder's subscription, by key.
            private(set) var contents: [String: TestableObserver<String>] = [:]
            private(set) var groupSubscriptions: [String: Disposable] = [:]
            var outerSubscription: Disposable?

            init(scheduler: TestScheduler, subscription: GroupSubscription) {
                self.scheduler = scheduler
                self.subscription = subscription
                self.keys = scheduler.createObserver(String.self)
            }

            func subscribe(_ outer: Observable<GroupedObservable<String, String>>) {
                outerSubscription = outer.subscribe(
                    onNext: { group in
                        self.keys.onNext(group.key)
                        self.groups[group.key] = group
                        switch self.subscription {
                        case .none:
                            break
                        case .onArrival:
                            self.subscribeGroup(group.key)
                        case .after(let delay):
                            self.scheduler.scheduleAt(self.scheduler.clock + delay) { self.subscribeGroup(group.key) }
                        }
                    },
                    onError: { self.keys.onError($0) },
                    onCompleted: { self.keys.onCompleted() }
                )
            }

            func subscribeGroup(_ key: String) {
                let content = scheduler.createObserver(String.self)
                contents[key] = content
                groupSubscriptions[key] = groups[key]!.subscribe(content)
            }

            func disposeGroup(_ key: String) {
                groupSubscriptions[key]?.dispose()
            }

            func disposeAll() {
                outerSubscription?.dispose()
                for subscription in groupSubscriptions.values {
                    subscription.dispose()
                }
            }

            func events(_ key: String) -> [RippleTest.Recorded<Event<String>>] {
                contents[key]?.events ?? []
            }
        }

        /// Creates the grouping at 100, subscribes at 200 and disposes everything at
        /// `disposed`; `prepare` schedules whatever else the test needs.
        static func record(
            _ scheduler: TestScheduler,
            groups subscription: GroupSubscription,
            disposed: TestTime = 1000,
            prepare: (GroupRecorder) -> Void = { _ in },
            _ create: @escaping () -> Observable<GroupedObservable<String, String>>
        ) -> GroupRecorder {
            let recorder = GroupRecorder(scheduler: scheduler, subscription: subscription)
            var outer: Observable<GroupedObservable<String, String>>?
            scheduler.scheduleAt(100) { outer = create() }
            scheduler.scheduleAt(200) { recorder.subscribe(outer!) }
            scheduler.scheduleAt(disposed) {
                recorder.disposeAll()
                outer = nil
            }
            prepare(recorder)
            scheduler.start()
            return recorder
        }

        // MARK: The outer sequence

        @Test func sendsAGroupTheFirstTimeEachKeyAppears() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            var keyCalls = 0
            let recorder = Self.record(scheduler, groups: .none) {
                source.groupBy { fruit in
                    keyCalls += 1
                    return Self.initial(fruit)
                }
            }
            #expect(recorder.keys.events == [.next(210, "a"), .next(230, "b"), .next(270, "c"), .next(330, "d"), .completed(400)])
            #expect(source.subscriptions == [Subscription(200, 400)])
            #expect(keyCalls == 9)
        }

        @Test func theSourceErrorEndsTheOuterSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .error(400, TestError())))
            let recorder = Self.record(scheduler, groups: .none) { source.groupBy { Self.initial($0) } }
            #expect(recorder.keys.events == [.next(210, "a"), .next(230, "b"), .next(270, "c"), .next(330, "d"), .error(400, TestError())])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func disposingTheOnlySubscriptionMidwayUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            var keyCalls = 0
            let recorder = Self.record(scheduler, groups: .none, disposed: 300) {
                source.groupBy { fruit in
                    keyCalls += 1
                    return Self.initial(fruit)
                }
            }
            #expect(recorder.keys.events == [.next(210, "a"), .next(230, "b"), .next(270, "c")])
            #expect(source.subscriptions == [Subscription(200, 300)])
            #expect(keyCalls == 5)
        }

        @Test func anEmptySourceCompletesWithoutGroups() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, "almond"), .completed(400)])
            let recorder = Self.record(scheduler, groups: .onArrival) { source.groupBy { Self.initial($0) } }
            #expect(recorder.keys.events == [.completed(400)])
            #expect(recorder.groups.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func aThrowingKeySelectorEndsTheOuterSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            var keyCalls = 0
            let recorder = Self.record(scheduler, groups: .none) {
                source.groupBy { fruit -> String in
                    keyCalls += 1
                    if fruit == "date" { throw TestError(id: 5) }
                    return Self.initial(fruit)
                }
            }
            #expect(recorder.keys.events == [.next(210, "a"), .next(230, "b"), .next(270, "c"), .error(330, TestError(id: 5))])
            #expect(source.subscriptions == [Subscription(200, 330)])
            #expect(keyCalls == 7)
        }

        // MARK: The groups

        @Test func groupsSubscribedOnArrivalReceiveAllTheirElementsThenComplete() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let recorder = Self.record(scheduler, groups: .onArrival) { source.groupBy { Self.initial($0) } }
            #expect(recorder.events("a") == [.next(210, "apple"), .next(250, "avocado"), .next(310, "Apricot"), .completed(400)])
            #expect(recorder.events("b") == [.next(230, "Banana"), .next(290, "blueberry"), .next(370, "Blackberry"), .completed(400)])
            #expect(recorder.events("c") == [.next(270, "cherry"), .next(350, "coconut"), .completed(400)])
            #expect(recorder.events("d") == [.next(330, "date"), .completed(400)])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func groupsAreHotALaterSubscriptionMissesEarlierElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let recorder = Self.record(scheduler, groups: .after(50)) { source.groupBy { Self.initial($0) } }
            #expect(recorder.events("a") == [.next(310, "Apricot"), .completed(400)])
            #expect(recorder.events("b") == [.next(290, "blueberry"), .next(370, "Blackberry"), .completed(400)])
            #expect(recorder.events("c") == [.next(350, "coconut"), .completed(400)])
            #expect(recorder.events("d") == [.completed(400)])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func theSourceErrorEndsEveryGroup() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .error(400, TestError(id: 1))))
            let recorder = Self.record(scheduler, groups: .after(50)) { source.groupBy { Self.initial($0) } }
            #expect(recorder.events("a") == [.next(310, "Apricot"), .error(400, TestError(id: 1))])
            #expect(recorder.events("b") == [.next(290, "blueberry"), .next(370, "Blackberry"), .error(400, TestError(id: 1))])
            #expect(recorder.events("c") == [.next(350, "coconut"), .error(400, TestError(id: 1))])
            #expect(recorder.events("d") == [.error(400, TestError(id: 1))])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func aThrowingKeySelectorEndsEveryGroupWithItsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let recorder = Self.record(scheduler, groups: .onArrival) {
                source.groupBy { fruit -> String in
                    if fruit == "date" { throw TestError(id: 5) }
                    return Self.initial(fruit)
                }
            }
            #expect(recorder.groups.count == 3)
            #expect(recorder.events("a") == [.next(210, "apple"), .next(250, "avocado"), .next(310, "Apricot"), .error(330, TestError(id: 5))])
            #expect(recorder.events("b") == [.next(230, "Banana"), .next(290, "blueberry"), .error(330, TestError(id: 5))])
            #expect(recorder.events("c") == [.next(270, "cherry"), .error(330, TestError(id: 5))])
            #expect(source.subscriptions == [Subscription(200, 330)])
        }

        @Test func disposingEverythingMidwayUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let recorder = Self.record(scheduler, groups: .onArrival, disposed: 300) { source.groupBy { Self.initial($0) } }
            #expect(recorder.events("a") == [.next(210, "apple"), .next(250, "avocado")])
            #expect(recorder.events("b") == [.next(230, "Banana"), .next(290, "blueberry")])
            #expect(recorder.events("c") == [.next(270, "cherry")])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func theEndReachesTheGroupsInTheOrderTheyOpenedThenTheOuterSequence() {
            var log: [String] = []
            _ = Observable.of("cherry", "apple", "banana", "avocado").groupBy { Self.initial($0) }.subscribe(
                onNext: { group in
                    _ = group.subscribe(onNext: { log.append($0) }, onCompleted: { log.append("\(group.key) done") })
                },
                onCompleted: { log.append("outer done") }
            )
            #expect(log == ["cherry", "apple", "banana", "avocado", "c done", "a done", "b done", "outer done"])
        }

        @Test func aGroupCanBeSubscribedMoreThanOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let second = scheduler.createObserver(String.self)
            var secondSubscription: Disposable?
            let recorder = Self.record(scheduler, groups: .onArrival, prepare: { recorder in
                scheduler.scheduleAt(260) { secondSubscription = recorder.groups["a"]!.subscribe(second) }
                scheduler.scheduleAt(360) { secondSubscription?.dispose() }
            }) { source.groupBy { Self.initial($0) } }
            #expect(recorder.events("a") == [.next(210, "apple"), .next(250, "avocado"), .next(310, "Apricot"), .completed(400)])
            #expect(second.events == [.next(310, "Apricot")])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        // MARK: Who keeps the source subscribed

        @Test func groupsKeepTheSourceAfterTheOuterSubscriptionIsDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let recorder = Self.record(scheduler, groups: .onArrival, prepare: { recorder in
                scheduler.scheduleAt(300) { recorder.outerSubscription?.dispose() }
            }) { source.groupBy { Self.initial($0) } }
            // Group d opens after the outer subscription is gone: it is never sent.
            #expect(recorder.keys.events == [.next(210, "a"), .next(230, "b"), .next(270, "c")])
            #expect(recorder.events("a") == [.next(210, "apple"), .next(250, "avocado"), .next(310, "Apricot"), .completed(400)])
            #expect(recorder.events("b") == [.next(230, "Banana"), .next(290, "blueberry"), .next(370, "Blackberry"), .completed(400)])
            #expect(recorder.events("c") == [.next(270, "cherry"), .next(350, "coconut"), .completed(400)])
            #expect(recorder.groups["d"] == nil)
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func theSourceIsUnsubscribedWhenTheOuterAndEveryGroupSubscriptionAreGone() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let recorder = Self.record(scheduler, groups: .onArrival, prepare: { recorder in
                scheduler.scheduleAt(300) { recorder.outerSubscription?.dispose() }
                scheduler.scheduleAt(315) { recorder.disposeGroup("a") }
                scheduler.scheduleAt(320) { recorder.disposeGroup("b") }
                scheduler.scheduleAt(340) { recorder.disposeGroup("c") }
            }) { source.groupBy { Self.initial($0) } }
            #expect(recorder.events("a") == [.next(210, "apple"), .next(250, "avocado"), .next(310, "Apricot")])
            #expect(recorder.events("b") == [.next(230, "Banana"), .next(290, "blueberry")])
            #expect(recorder.events("c") == [.next(270, "cherry")])
            #expect(source.subscriptions == [Subscription(200, 340)])
        }

        @Test func disposingOneGroupLeavesTheOthersAlone() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let recorder = Self.record(scheduler, groups: .onArrival, prepare: { recorder in
                scheduler.scheduleAt(260) { recorder.disposeGroup("a") }
            }) { source.groupBy { Self.initial($0) } }
            #expect(recorder.keys.events == [.next(210, "a"), .next(230, "b"), .next(270, "c"), .next(330, "d"), .completed(400)])
            #expect(recorder.events("a") == [.next(210, "apple"), .next(250, "avocado")])
            #expect(recorder.events("b") == [.next(230, "Banana"), .next(290, "blueberry"), .next(370, "Blackberry"), .completed(400)])
            #expect(recorder.events("c") == [.next(270, "cherry"), .next(350, "coconut"), .completed(400)])
            #expect(recorder.events("d") == [.next(330, "date"), .completed(400)])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func disposingEveryGroupLeavesTheOuterSubscriptionRunning() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let recorder = Self.record(scheduler, groups: .onArrival, prepare: { recorder in
                scheduler.scheduleAt(240) { recorder.disposeGroup("a") }
                scheduler.scheduleAt(300) { recorder.disposeGroup("b") }
                scheduler.scheduleAt(300) { recorder.disposeGroup("c") }
            }) { source.groupBy { Self.initial($0) } }
            #expect(recorder.keys.events == [.next(210, "a"), .next(230, "b"), .next(270, "c"), .next(330, "d"), .completed(400)])
            #expect(recorder.events("a") == [.next(210, "apple")])
            #expect(recorder.events("b") == [.next(230, "Banana"), .next(290, "blueberry")])
            #expect(recorder.events("c") == [.next(270, "cherry")])
            #expect(recorder.events("d") == [.next(330, "date"), .completed(400)])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        // MARK: Subscribing to a group late

        @Test func aGroupSubscribedAfterCompletionCompletesAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let late = scheduler.createObserver(String.self)
            var lateSubscription: Disposable?
            let recorder = Self.record(scheduler, groups: .none, prepare: { recorder in
                scheduler.scheduleAt(500) { lateSubscription = recorder.groups["a"]!.subscribe(late) }
                scheduler.scheduleAt(1000) { lateSubscription?.dispose() }
            }) { source.groupBy { Self.initial($0) } }
            #expect(late.events == [.completed(500)])
            #expect(recorder.keys.events.last == .completed(400))
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func aGroupSubscribedAfterAnErrorFailsAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .error(400, TestError(id: 2))))
            let late = scheduler.createObserver(String.self)
            var lateSubscription: Disposable?
            _ = Self.record(scheduler, groups: .none, prepare: { recorder in
                scheduler.scheduleAt(500) { lateSubscription = recorder.groups["b"]!.subscribe(late) }
                scheduler.scheduleAt(1000) { lateSubscription?.dispose() }
            }) { source.groupBy { Self.initial($0) } }
            #expect(late.events == [.error(500, TestError(id: 2))])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func aGroupSubscribedAfterEverythingWasDisposedReceivesNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.fruit(ending: .completed(400)))
            let late = scheduler.createObserver(String.self)
            var lateSubscription: Disposable?
            _ = Self.record(scheduler, groups: .none, prepare: { recorder in
                scheduler.scheduleAt(300) { recorder.outerSubscription?.dispose() }
                scheduler.scheduleAt(500) { lateSubscription = recorder.groups["a"]!.subscribe(late) }
                scheduler.scheduleAt(1000) { lateSubscription?.dispose() }
            }) { source.groupBy { Self.initial($0) } }
            #expect(late.events.isEmpty)
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        // MARK: Synchronous sources and GroupedObservable

        @Test func groupsASynchronousSource() {
            var contents: [Int: [Int]] = [:]
            var keys: [Int] = []
            var completed = false
            _ = Observable.range(start: 1, count: 7).groupBy { $0 % 3 }.subscribe(
                onNext: { group in
                    keys.append(group.key)
                    _ = group.subscribe(onNext: { contents[group.key, default: []].append($0) })
                },
                onCompleted: { completed = true }
            )
            #expect(keys == [1, 2, 0])
            #expect(contents == [1: [1, 4, 7], 2: [2, 5], 0: [3, 6]])
            #expect(completed)
        }

        @Test func aGroupedObservableCanBeMadeDirectly() {
            let group = GroupedObservable(key: "odd", source: Observable.of(1, 3))
            #expect(group.key == "odd")
            #expect(group.recordSynchronously() == [.next(1), .next(3), .completed])
            #expect(group.asObservable().recordSynchronously() == [.next(1), .next(3), .completed])
        }
    }
}
