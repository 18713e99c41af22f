import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct BindTests {
        /// Runs `body` with `Hooks.defaultErrorHandler` recording what it receives.
        private func recordingUnhandledErrors(_ body: () -> Void) -> [String] {
            let saved = Hooks.defaultErrorHandler
            var reported: [String] = []
            Hooks.defaultErrorHandler = { _, error in reported.append(String(describing: error)) }
            body()
            Hooks.defaultErrorHandler = saved
            return reported
        }

        // MARK: Observers

        @Test func bindingToObserversForwardsEveryEventToEachInOrder() {
            let first = EventRecorder<Int>()
            let second = EventRecorder<Int>()
            let binding = Observable.of(1, 2).bind(to: first, second)
            #expect(first.events == [.next(1), .next(2), .completed])
            #expect(second.events == [.next(1), .next(2), .completed])
            binding.dispose()
        }

        @Test func bindingToAnObserverForwardsErrorsAsRxSwiftDoes() {
            let subject = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = subject.subscribe(recorder)
            let reported = recordingUnhandledErrors {
                _ = Observable<Int>.error(TestError()).bind(to: subject)
            }
            #expect(recorder.events == [.error(TestError())])
            #expect(reported == [])
            subscription.dispose()
        }

        @Test func bindingToObserversOfOptionalsWrapsElements() {
            let recorder = EventRecorder<Int?>()
            let binding = Observable.of(1, 2).bind(to: recorder)
            #expect(recorder.events == [.next(1), .next(2), .completed])
            binding.dispose()
        }

        @Test func disposingTheBindingStopsForwarding() {
            let source = PublishSubject<Int>()
            let target = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            let subscription = target.subscribe(recorder)
            let binding = source.bind(to: target)
            source.onNext(1)
            binding.dispose()
            source.onNext(2)
            #expect(recorder.events == [.next(1)])
            #expect(!source.hasObservers)
            subscription.dispose()
        }

        @Test func bindingInVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let target = ReplaySubject<Int>.createUnbounded()
            let observer = scheduler.createObserver(Int.self)
            var binding: Disposable?
            scheduler.scheduleAt(200) { binding = source.bind(to: target) }
            scheduler.scheduleAt(240) { _ = target.subscribe(observer) }
            scheduler.start()
            #expect(observer.events == [.next(240, 1), .next(240, 2), .completed(240)])
            #expect(source.subscriptions == [Subscription(200, 230)])
            binding?.dispose()
        }

        // MARK: Relays

        @Test func bindingToPublishRelaysSendsElementsAndCompletionJustEndsTheBinding() {
            let first = PublishRelay<Int>()
            let second = PublishRelay<Int>()
            let firstRecorder = EventRecorder<Int>()
            let secondRecorder = EventRecorder<Int>()
            let subscriptions = [first.subscribe(firstRecorder), second.subscribe(secondRecorder)]
            let source = PublishSubject<Int>()
            let binding = source.bind(to: first, second)
            source.onNext(1)
            source.onCompleted()
            #expect(firstRecorder.events == [.next(1)])
            #expect(secondRecorder.events == [.next(1)])
            #expect(!source.hasObservers)
            first.accept(2)   // the relay itself goes on
            #expect(firstRecorder.events == [.next(1), .next(2)])
            binding.dispose()
            subscriptions.forEach { $0.dispose() }
        }

        @Test func bindingToBehaviorRelaysUpdatesTheirValue() {
            let relay = BehaviorRelay(value: 0)
            let optional = BehaviorRelay<Int?>(value: nil)
            let binding = Observable.of(1, 2, 3).bind(to: relay)
            let optionalBinding = Observable.of(4).bind(to: optional)
            #expect(relay.value == 3)
            #expect(optional.value == 4)
            binding.dispose()
            optionalBinding.dispose()
        }

        @Test func bindingToReplayRelaysFillsTheirBuffer() {
            let relay = ReplayRelay<Int>.createUnbounded()
            let optional = ReplayRelay<Int?>.create(bufferSize: 1)
            let binding = Observable.of(1, 2).bind(to: relay)
            let optionalBinding = Observable.of(3, 4).bind(to: optional)
            #expect(relay.recordSynchronously() == [.next(1), .next(2)])
            #expect(optional.recordSynchronously() == [.next(4)])
            binding.dispose()
            optionalBinding.dispose()
        }

        @Test func bindingToPublishRelaysOfOptionalsWrapsElements() {
            let relay = PublishRelay<Int?>()
            let recorder = EventRecorder<Int?>()
            let subscription = relay.subscribe(recorder)
            let binding = Observable.of(1).bind(to: relay)
            #expect(recorder.events == [.next(1)])
            binding.dispose()
            subscription.dispose()
        }

        @Test func anErrorBoundToARelayIsReportedAndEndsTheBindingButNotTheRelay() {
            let relay = BehaviorRelay(value: 0)
            let recorder = EventRecorder<Int>()
            let subscription = relay.subscribe(recorder)
            let source = PublishSubject<Int>()
            var binding: Disposable?
            let reported = recordingUnhandledErrors {
                binding = source.bind(to: relay)
                source.onNext(1)
                source.onError(TestError(id: 3))
            }
            #expect(reported.count == 1)
            #expect(reported.first?.hasPrefix("Binding error to behavior relay: TestError(3).") == true)
            #expect(recorder.events == [.next(0), .next(1)])
            #expect(!source.hasObservers)
            relay.accept(2)
            #expect(relay.value == 2)
            binding?.dispose()
            subscription.dispose()
        }

        @Test func eachRelayKindNamesItselfInTheReport() {
            let reported = recordingUnhandledErrors {
                _ = Observable<Int>.error(TestError()).bind(to: PublishRelay<Int>())
                _ = Observable<Int>.error(TestError()).bind(to: ReplayRelay<Int>.createUnbounded())
                _ = Observable<Int>.error(TestError()).bind(to: PublishRelay<Int?>())
            }
            #expect(reported.map { $0.components(separatedBy: ":").first ?? "" } == [
                "Binding error to publish relay", "Binding error to replay relay", "Binding error to publish relay",
            ])
        }

        // MARK: Closures

        @Test func bindOnNextReceivesElementsAndReportsAnError() {
            var received: [Int] = []
            let reported = recordingUnhandledErrors {
                _ = Observable.of(1, 2).bind(onNext: { received.append($0) })
                _ = Observable<Int>.error(TestError(id: 5)).bind(onNext: { received.append($0) })
            }
            #expect(received == [1, 2])
            #expect(reported.count == 1)
            #expect(reported.first?.hasPrefix("Binding error: TestError(5).") == true)
        }

        @Test func bindToABinderFunctionCallsItWithTheSequence() {
            let source = Observable.of(1, 2)
            let count = source.bind(to: { (sequence: Observable<Int>) -> Int in
                sequence.recordSynchronously().count
            })
            #expect(count == 3)
        }

        @Test func bindToACurriedBinderPassesTheArgument() {
            func label(_ sequence: Observable<Int>) -> (String) -> [String] {
                { prefix in
                    var lines: [String] = []
                    _ = sequence.subscribe(onNext: { lines.append(prefix + String($0)) })
                    return lines
                }
            }
            let lines = Observable.of(1, 2).bind(to: label, curriedArgument: "n=")
            #expect(lines == ["n=1", "n=2"])
        }
    }
}
