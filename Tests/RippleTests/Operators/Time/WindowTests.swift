import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct WindowTests {
        /// Subscribes to each window the moment it arrives and records what it receives;
        /// records the sequence of windows as each window's index, in arrival order.
        final class WindowRecorder: ObserverType {
            private let scheduler: TestScheduler
            /// The sequence of windows: `.next(time, index)` for each window.
            private(set) var windows: [RippleTest.Recorded<Event<Int>>] = []
            /// What each window sent to the subscription made on its arrival.
            private(set) var contents: [TestableObserver<Int>] = []
            /// The windows themselves, for tests that subscribe again later.
            private(set) var observables: [Observable<Int>] = []
            private var subscriptions: [Disposable] = []

            init(scheduler: TestScheduler) {
                self.scheduler = scheduler
            }

            func on(_ event: Event<Observable<Int>>) {
                let now = scheduler.clock
                switch event {
                case .next(let window):
                    windows.append(.next(now, contents.count))
                    let content = scheduler.createObserver(Int.self)
                    contents.append(content)
                    observables.append(window)
                    subscriptions.append(window.subscribe(content))
                case .error(let error):
                    windows.append(.error(now, error))
                case .completed:
                    windows.append(.completed(now))
                }
            }

            /// Disposes the subscriptions made to the windows.
            func disposeWindowSubscriptions() {
                for subscription in subscriptions {
                    subscription.dispose()
                }
            }

            /// The events of each window, in order.
            var windowEvents: [[RippleTest.Recorded<Event<Int>>]] {
                contents.map(\.events)
            }
        }

        /// Like `TestScheduler.start`: creates at 100, subscribes at 200, and at
        /// `disposed` disposes the subscription to the windows and, when
        /// `alsoWindows`, the subscriptions to each window (as `merge` would).
        /// `prepare` receives the recorder before the scheduler runs.
        static func record(
            _ scheduler: TestScheduler,
            disposed: TestTime = 1000,
            alsoWindows: Bool = true,
            prepare: (WindowRecorder) -> Void = { _ in },
            _ create: @escaping () -> Observable<Observable<Int>>
        ) -> WindowRecorder {
            let recorder = WindowRecorder(scheduler: scheduler)
            prepare(recorder)
            var windows: Observable<Observable<Int>>?
            var subscription: Disposable?
            scheduler.scheduleAt(100) { windows = create() }
            scheduler.scheduleAt(200) { subscription = windows?.subscribe(recorder) }
            scheduler.scheduleAt(disposed) {
                subscription?.dispose()
                subscription = nil
                windows = nil
                if alsoWindows {
                    recorder.disposeWindowSubscriptions()
                }
            }
            scheduler.start()
            return recorder
        }

        static let script: [RippleTest.Recorded<Event<Int>>] = [
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3),
            .next(260, 4), .next(330, 5), .next(340, 6), .completed(420),
        ]

        @Test func aWindowClosesWhenFullOrWhenItsTimeSpanEnds() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.script)
            let recorder = Self.record(scheduler) {
                source.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
            }
            #expect(recorder.windows == [
                .next(200, 0), .next(230, 1), .next(280, 2), .next(330, 3), .next(380, 4), .completed(420),
            ])
            #expect(recorder.windowEvents == [
                [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)],
                [.next(260, 4), .completed(280)],
                [.next(330, 5), .completed(330)],
                [.next(340, 6), .completed(380)],
                [.completed(420)],
            ])
            #expect(source.subscriptions == [Subscription(200, 420)])
        }

        @Test func anErrorFailsTheOpenWindowAndTheSequenceOfWindows() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .error(270, TestError())])
            let recorder = Self.record(scheduler) {
                source.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
            }
            #expect(recorder.windows == [.next(200, 0), .next(250, 1), .error(270, TestError())])
            #expect(recorder.windowEvents == [
                [.next(210, 1), .completed(250)],
                [.next(260, 2), .error(270, TestError())],
            ])
            #expect(source.subscriptions == [Subscription(200, 270)])
        }

        @Test func disposingEverythingStopsTheTimerAndTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.script)
            let recorder = Self.record(scheduler, disposed: 270) {
                source.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
            }
            #expect(recorder.windows == [.next(200, 0), .next(230, 1)])
            #expect(recorder.windowEvents == [
                [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)],
                [.next(260, 4)],
            ])
            #expect(source.subscriptions == [Subscription(200, 270)])
        }

        @Test func aLiveWindowSubscriptionKeepsTheSourceUntilTheWindowCloses() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.script)
            let recorder = Self.record(scheduler, disposed: 270, alsoWindows: false) {
                source.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
            }
            // Window 1 still runs its time span to 280; it then completes, which
            // releases the last hold on the source.
            #expect(recorder.windows == [.next(200, 0), .next(230, 1)])
            #expect(recorder.windowEvents == [
                [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)],
                [.next(260, 4), .completed(280)],
            ])
            #expect(source.subscriptions == [Subscription(200, 280)])
        }

        @Test func windowsAreHotLateSubscribersSeeOnlyWhatFollows() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable(Self.script)
            let during = scheduler.createObserver(Int.self)
            let after = scheduler.createObserver(Int.self)
            var late: [Disposable] = []
            let recorder = Self.record(scheduler, prepare: { recorder in
                scheduler.scheduleAt(215) { late.append(recorder.observables[0].subscribe(during)) }
                scheduler.scheduleAt(240) { late.append(recorder.observables[0].subscribe(after)) }
            }) {
                source.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
            }
            #expect(during.events == [.next(220, 2), .next(230, 3), .completed(230)])
            #expect(after.events == [.completed(240)])
            #expect(recorder.windowEvents.first == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
            #expect(source.subscriptions == [Subscription(200, 420)])
            for subscription in late {
                subscription.dispose()
            }
        }

        @Test func everySubscriberOfAWindowReceivesItsElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let second = scheduler.createObserver(Int.self)
            var extra: Disposable?
            let recorder = Self.record(scheduler, prepare: { recorder in
                scheduler.scheduleAt(205) { extra = recorder.observables[0].subscribe(second) }
            }) {
                source.window(timeSpan: .seconds(500), count: 5, scheduler: scheduler)
            }
            let expected: [RippleTest.Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(300)]
            #expect(recorder.windowEvents == [expected])
            #expect(second.events == expected)
            #expect(recorder.windows == [.next(200, 0), .completed(300)])
            extra?.dispose()
        }

        @Test func aCountOfOneClosesEachWindowWithItsElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
            let recorder = Self.record(scheduler) {
                source.window(timeSpan: .seconds(50), count: 1, scheduler: scheduler)
            }
            #expect(recorder.windows == [.next(200, 0), .next(210, 1), .next(215, 2), .next(265, 3), .completed(300)])
            #expect(recorder.windowEvents == [
                [.next(210, 1), .completed(210)],
                [.next(215, 2), .completed(215)],
                [.completed(265)],
                [.completed(300)],
            ])
            #expect(source.subscriptions == [Subscription(200, 300)])
        }

        @Test func zeroTimeSpanOpensAWindowEveryTick() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(201, 1)])
            let recorder = Self.record(scheduler, disposed: 203) {
                source.window(timeSpan: .seconds(0), count: 5, scheduler: scheduler)
            }
            // The source's element at 201 comes before the window due to close then.
            #expect(recorder.windows == [.next(200, 0), .next(201, 1), .next(202, 2)])
            #expect(recorder.windowEvents == [[.next(201, 1), .completed(201)], [.completed(202)], []])
            #expect(source.subscriptions == [Subscription(200, 203)])
        }

        @Test func aSilentSourceStillOpensAWindowPerTimeSpan() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(150, 0)])
            let recorder = Self.record(scheduler, disposed: 350) {
                source.window(timeSpan: .seconds(100), count: 3, scheduler: scheduler)
            }
            #expect(recorder.windows == [.next(200, 0), .next(300, 1)])
            #expect(recorder.windowEvents == [[.completed(300)], []])
            #expect(source.subscriptions == [Subscription(200, 350)])
        }

        @Test func aCountOfZeroOrLessFailsWithoutSubscribingToTheSource() {
            for count in [0, -3] {
                let scheduler = TestScheduler(initialClock: 0)
                let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
                let recorder = Self.record(scheduler) {
                    source.window(timeSpan: .seconds(50), count: count, scheduler: scheduler)
                }
                #expect(recorder.windows == [.error(200, RxError.argumentOutOfRange)])
                #expect(recorder.windowEvents.isEmpty)
                #expect(source.subscriptions.isEmpty)
            }
        }

        @Test func timersOnOtherThreadsNeverOverlapOrLoseElements() {
            let scheduler = ConcurrentTimerScheduler()
            let count = 400
            for _ in 0..<30 {
                let source = HandDrivenSource()
                var contents: [OverlapCheckingObserver<Int>] = []
                var subscriptions: [Disposable] = []
                // Runs inside the checked call, so only one thread at a time touches
                // `contents` and `subscriptions`.
                let windows = OverlapCheckingObserver<Observable<Int>> { window in
                    let content = OverlapCheckingObserver<Int>()
                    contents.append(content)
                    subscriptions.append(window.subscribe(content))
                }
                let subscription = source.observable
                    .window(timeSpan: .microseconds(50), count: 7, scheduler: scheduler)
                    .subscribe(windows)
                source.sendAndComplete(count: count)
                #expect(windows.waitForEnd())
                #expect(windows.completedOnce)
                #expect(windows.overlaps == 0)
                #expect(windows.eventsAfterStop == 0)
                #expect(contents.count == windows.elements.count)
                #expect(contents.flatMap(\.elements) == Array(0..<count))
                #expect(contents.allSatisfy { $0.elements.count <= 7 && $0.completedOnce && $0.overlaps == 0 })
                subscription.dispose()
                for windowSubscription in subscriptions {
                    windowSubscription.dispose()
                }
                source.release()
            }
            scheduler.waitUntilIdle()
        }
    }
}
