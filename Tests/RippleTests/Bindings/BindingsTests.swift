import Dispatch
import Testing
@testable import Ripple
import RippleTest

extension RippleTests {
    @Suite struct BindingsTests {
        final class Label {
            var text = ""
        }

        @Test func binderRunsTheBindingOnItsScheduler() {
            let scheduler = TestScheduler(initialClock: 0)
            let label = Label()
            let binder = Binder(label, scheduler: scheduler) { label, text in label.text = text }
            let source = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(230)])
            var seen: [String] = []
            scheduler.scheduleAt(0) { _ = source.bind(to: binder) }
            scheduler.scheduleAt(215) { seen.append(label.text) }
            scheduler.scheduleAt(225) { seen.append(label.text) }
            scheduler.start()
            #expect(seen == ["a", "b"])
        }

        @Test func binderOnASerialQueueAppliesOnThatQueue() {
            let queue = MarkedQueue("ripple.tests.binder")
            let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "ripple.tests.binder.scheduler")
            let label = Label()
            let onQueue = ValueLog<Bool>()
            let applied = DispatchSemaphore(value: 0)
            let binder = Binder(label, scheduler: scheduler) { label, text in
                label.text = text
                onQueue.append(queue.isCurrent)
                applied.signal()
            }
            Infallible.just("hello").bind(to: binder).dispose()
            #expect(waitFor(applied))
            #expect(onQueue.all == [true])
            #expect(label.text == "hello")
        }

        @Test func binderHoldsItsTargetWeakly() {
            var label: Label? = Label()
            weak let weakLabel = label
            var applied = 0
            let binder = Binder(label!, scheduler: CurrentThreadScheduler.instance) { label, text in
                label.text = text
                applied += 1
            }
            binder.onNext("a")
            label = nil
            #expect(weakLabel == nil)
            binder.onNext("b")
            binder.onCompleted()
            #expect(applied == 1)
        }

        @Test func binderReportsAnErrorWithoutApplyingIt() {
            let label = Label()
            let binder = Binder(label, scheduler: CurrentThreadScheduler.instance) { label, text in label.text = text }
            let reported = ValueLog<String>()
            let saved = Hooks.defaultErrorHandler
            Hooks.defaultErrorHandler = { _, error in reported.append("\(error)") }
            defer { Hooks.defaultErrorHandler = saved }
            _ = Observable<String>.concat(.just("a"), .error(TestError(id: 2))).bind(to: binder)
            #expect(label.text == "a")
            #expect(reported.count == 1)
            #expect(reported.all.first?.contains("binder") == true)
            #expect(reported.all.first?.contains("TestError(2)") == true)
        }

        @Test func binderOnTheDefaultMainSchedulerAppliesOnTheMainQueue() {
            let label = Unchecked(Label())
            let applied = DispatchSemaphore(value: 0)
            let onMain = ValueLog<Bool>()
            let binder = Binder(label.value) { label, text in
                label.text = text
                onMain.append(DispatchQueue.isMain)
                applied.signal()
            }
            binder.onNext("main")
            #expect(waitFor(applied))
            #expect(onMain.all == [true])
            #expect(label.value.text == "main")
        }

        @Test func controlPropertyIsObservableAndObserverWithOrEmptyAndChanged() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let field = BehaviorRelay<String?>(value: nil)
                let text = ControlProperty(values: field, valueSink: Binder(field, scheduler: CurrentThreadScheduler.instance) { $0.accept($1) })
                let bag = DisposeBag()
                text.orEmpty.subscribe(onNext: { log.append("orEmpty \"\($0)\"") }).disposed(by: bag)
                text.changed.subscribe(onNext: { log.append("changed \(String(describing: $0))") }).disposed(by: bag)
                text.onNext("a")
                text.orEmpty.onNext("b")
                Observable.of("c").bind(to: text.orEmpty).disposed(by: bag)
                log.append("field \(String(describing: field.value))")
            })
            #expect(log.all == [
                "orEmpty \"\"",
                "orEmpty \"a\"", "changed Optional(\"a\")",
                "orEmpty \"b\"", "changed Optional(\"b\")",
                "orEmpty \"c\"", "changed Optional(\"c\")",
                "field Optional(\"c\")",
            ])
        }

        @Test func controlPropertySubscribesOnTheMainQueue() {
            let subscribedOnMain = ValueLog<Bool>()
            let received = DispatchSemaphore(value: 0)
            let values = Observable<Int>.create { observer in
                subscribedOnMain.append(DispatchQueue.isMain)
                observer.onNext(1)
                return Disposables.create()
            }
            let property = ControlProperty(values: values, valueSink: AnyObserver<Int> { _ in })
            let subscription = property.subscribe(onNext: { _ in received.signal() })
            #expect(waitFor(received))
            #expect(subscribedOnMain.all == [true])
            subscription.dispose()
            #expect(onMainQueue {})
        }

        @Test func controlPropertyReportsAnErrorAndForwardsCompletion() {
            let sunk = ValueLog<String>()
            let property = ControlProperty(values: Observable<Int>.never(), valueSink: AnyObserver<Int> { sunk.append("\($0)") })
            let reported = ValueLog<String>()
            let saved = Hooks.defaultErrorHandler
            Hooks.defaultErrorHandler = { _, error in reported.append("\(error)") }
            defer { Hooks.defaultErrorHandler = saved }
            property.onNext(1)
            property.onError(TestError())
            property.onCompleted()
            #expect(sunk.all == ["next(1)", "completed"])
            #expect(reported.all.first?.contains("control property") == true)
        }

        @Test func controlEventSendsOnlyLaterEventsAsASignal() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let taps = PublishRelay<Int>()
                let event = ControlEvent(events: taps)
                let bag = DisposeBag()
                taps.accept(0)
                event.asSignal().emit(onNext: { log.append("signal \($0)") }).disposed(by: bag)
                event.subscribe(onNext: { log.append("event \($0)") }).disposed(by: bag)
                taps.accept(1)
            })
            #expect(log.all == ["signal 1", "event 1"])
        }

        @Test func aFormThroughDriverAndBinder() {
            let log = ValueLog<String>()
            #expect(onMainQueue {
                let field = BehaviorRelay<String?>(value: "")
                let text = ControlProperty(values: field, valueSink: Binder(field) { $0.accept($1) })
                let label = Label()
                let labelText = Binder(label) { label, text in
                    label.text = text
                    log.append(text)
                }
                let bag = DisposeBag()
                text.orEmpty.asDriver()
                    .map { $0.isEmpty ? "Type your name" : "Hello, \($0)!" }
                    .distinctUntilChanged()
                    .drive(labelText)
                    .disposed(by: bag)
                for typed in ["A", "Al", "Ala"] {
                    field.accept(typed)
                }
            })
            #expect(log.all == ["Type your name", "Hello, A!", "Hello, Al!", "Hello, Ala!"])
        }
    }
}
