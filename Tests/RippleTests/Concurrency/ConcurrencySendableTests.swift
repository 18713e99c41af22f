import Dispatch
import Testing
@testable import Ripple

/// Compiles only for `Sendable` types: the conformances below are checked by the
/// compiler, the calls by the test.
private func crossesIntoTasks<T: Sendable>(_ value: T) async -> Bool {
    await Task.detached { _ = value; return true }.value
}

extension RippleTests {
    /// The `Sendable` conformances a Swift 6 client relies on: subjects, relays,
    /// disposables, schedulers, and the trait and event types.
    @Suite struct ConcurrencySendableTests {
        @Test func subjectsAndRelaysOfSendableElementsAreSendable() async {
            #expect(await crossesIntoTasks(PublishSubject<Int>()))
            #expect(await crossesIntoTasks(BehaviorSubject(value: 0)))
            #expect(await crossesIntoTasks(ReplaySubject<Int>.create(bufferSize: 1)))
            #expect(await crossesIntoTasks(AsyncSubject<Int>()))
            #expect(await crossesIntoTasks(PublishRelay<Int>()))
            #expect(await crossesIntoTasks(BehaviorRelay(value: 0)))
            #expect(await crossesIntoTasks(ReplayRelay<Int>.create(bufferSize: 1)))
        }

        @Test func disposablesAndSchedulersAreSendable() async {
            #expect(await crossesIntoTasks(DisposeBag()))
            #expect(await crossesIntoTasks(CompositeDisposable()))
            #expect(await crossesIntoTasks(SerialDisposable()))
            #expect(await crossesIntoTasks(SingleAssignmentDisposable()))
            #expect(await crossesIntoTasks(BooleanDisposable()))
            #expect(await crossesIntoTasks(MainScheduler.instance))
            #expect(await crossesIntoTasks(SerialDispatchQueueScheduler(qos: .default)))
            #expect(await crossesIntoTasks(ConcurrentDispatchQueueScheduler(qos: .default)))
            #expect(await crossesIntoTasks(CurrentThreadScheduler.instance))
        }

        @Test func eventsOfSendableElementsAreSendable() async {
            #expect(await crossesIntoTasks(Event<Int>.next(1)))
            #expect(await crossesIntoTasks(MaybeEvent<Int>.success(1)))
            #expect(await crossesIntoTasks(InfallibleEvent<Int>.next(1)))
            #expect(await crossesIntoTasks(CompletableEvent.completed))
        }

        @Test func aSubjectFedFromManyTasksDeliversEveryElement() async {
            let baseline = Resources.total
            do {
                let subject = PublishSubject<Int>()
                let relay = BehaviorRelay(value: 0)
                let sum = ValueLog<Int>()
                let subscription = subject.subscribe(onNext: { sum.append($0) })
                await withTaskGroup(of: Void.self) { group in
                    for task in 0..<8 {
                        group.addTask {
                            for value in 0..<100 {
                                subject.onNext(task * 100 + value)
                                relay.accept(value)
                            }
                        }
                    }
                }
                #expect(sum.all.sorted() == Array(0..<800))
                #expect(relay.value == 99)
                subscription.dispose()
            }
            #expect(await resourcesReturn(to: baseline))
        }
    }
}
