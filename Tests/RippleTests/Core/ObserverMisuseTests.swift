import Dispatch
import Testing
@testable import Ripple

extension RippleTests {
    /// Misuse of the observer an `Observable.create` closure receives: events after the
    /// terminal event are dropped in every build, and debug builds report them, and calls
    /// that overlap from two threads, through `Hooks.grammarViolationHandler`.
    @Suite struct ObserverMisuseTests {
        /// Runs `body` with the grammar-violation hook capturing its messages.
        private func reports(during body: () -> Void) -> [String] {
            let messages = Guarded<[String]>([])
            let previous = Hooks.grammarViolationHandler
            Hooks.grammarViolationHandler = { message in messages.withLock { $0.append(message) } }
            defer { Hooks.grammarViolationHandler = previous }
            body()
            return messages.withLock { $0 }
        }

        @Test func eventsAfterCompletedAreDroppedAndReportedOnceNamingTheOperator() {
            let recorder = EventRecorder<Int>()
            let messages = reports {
                Observable<Int>.create { observer in
                    observer.onNext(1)
                    observer.onCompleted()
                    observer.onNext(2)
                    observer.onNext(3)
                    observer.onError(TestError())
                    return Disposables.create()
                }
                .subscribe(recorder)
                .dispose()
            }
            #expect(recorder.events == [.next(1), .completed])
            #if DEBUG
            #expect(messages.count == 1, "\(messages)")
            #expect(messages.first?.contains("Observable<Int>.create") == true)
            #expect(messages.first?.contains("onNext(_:) was called after the sequence's terminal event") == true)
            #else
            #expect(messages.isEmpty)
            #endif
        }

        @Test func aSecondTerminalEventIsDroppedAndReported() {
            let recorder = EventRecorder<String>()
            let messages = reports {
                Observable<String>.create { observer in
                    observer.onError(TestError(id: 1))
                    observer.onCompleted()
                    return Disposables.create()
                }
                .subscribe(recorder)
                .dispose()
            }
            #expect(recorder.events == [.error(TestError(id: 1))])
            #if DEBUG
            #expect(messages.count == 1)
            #expect(messages.first?.contains("Observable<String>.create: onCompleted() was called after") == true)
            #endif
        }

        @Test func aTraitsCreateIsNamedInTheReport() {
            let maybe = reports {
                _ = Maybe<String>.create { observer in
                    observer(.success("a"))
                    observer(.completed)
                    return Disposables.create()
                }
                .subscribe { _ in }
            }
            let single = reports {
                _ = Single<Int>.create { observer in
                    observer(.success(1))
                    observer(.failure(TestError()))
                    return Disposables.create()
                }
                .subscribe { _ in }
            }
            let completable = reports {
                _ = Completable.create { observer in
                    observer(.completed)
                    observer(.completed)
                    return Disposables.create()
                }
                .subscribe { _ in }
            }
            let infallible = reports {
                _ = Infallible<Int>.create { observer in
                    observer(.completed)
                    observer(.next(1))
                    return Disposables.create()
                }
                .subscribe { _ in }
            }
            #if DEBUG
            #expect(maybe.count == 1 && maybe.first?.contains("Maybe<String>.create: onCompleted() was called after") == true, "\(maybe)")
            #expect(single.count == 1 && single.first?.contains("Single<Int>.create: onError(_:) was called after") == true, "\(single)")
            #expect(completable.count == 1 && completable.first?.contains("Completable.create: onCompleted() was called after") == true, "\(completable)")
            #expect(infallible.count == 1 && infallible.first?.contains("Infallible<Int>.create: onNext(_:) was called after") == true, "\(infallible)")
            #else
            #expect(maybe.isEmpty && single.isEmpty && completable.isEmpty && infallible.isEmpty)
            #endif
        }

        @Test func overlappingCallsFromTwoThreadsAreReportedAndStillDelivered() {
            let inside = DispatchSemaphore(value: 0)
            let reported = DispatchSemaphore(value: 0)
            let recorder = EventRecorder<Int>()
            let messages = Guarded<[String]>([])
            let previous = Hooks.grammarViolationHandler
            Hooks.grammarViolationHandler = { message in
                messages.withLock { $0.append(message) }
                reported.signal()
            }
            defer { Hooks.grammarViolationHandler = previous }
            let observerSlot = Guarded<AnyObserver<Int>?>(nil)
            let subscription = Observable<Int>.create { observer in
                observerSlot.withLock { $0 = observer }
                return Disposables.create()
            }
            .do(onNext: { element in
                if element == 1 {
                    // The first call stays inside until the second has been seen (or 2 s).
                    inside.signal()
                    _ = reported.wait(timeout: .now() + 2)
                }
            })
            .subscribe(recorder)
            let observer = Unchecked(observerSlot.withLock { $0 })
            let done = DispatchGroup()
            DispatchQueue.global().async(group: done) { observer.value?.onNext(1) }
            inside.wait()
            observer.value?.onNext(2)
            done.wait()
            subscription.dispose()
            let events = recorder.events
            #expect(events.count == 2 && events.contains(.next(1)) && events.contains(.next(2)), "\(events)")
            #if DEBUG
            let captured = messages.withLock { $0 }
            #expect(captured.count == 1, "\(captured)")
            #expect(captured.first?.contains("Observable<Int>.create: onNext(_:) was called while another thread was inside the same observer") == true)
            #endif
        }

        @Test func reentrantCallsOnOneThreadAreNotMisuse() {
            let received = Guarded<[Int]>([])
            let messages = reports {
                let observerSlot = Guarded<AnyObserver<Int>?>(nil)
                Observable<Int>.create { observer in
                    observerSlot.withLock { $0 = observer }
                    observer.onNext(1)
                    observer.onCompleted()
                    return Disposables.create()
                }
                .subscribe(onNext: { element in
                    received.withLock { $0.append(element) }
                    if element < 3 {
                        observerSlot.withLock { $0 }?.onNext(element + 1)
                    }
                })
                .dispose()
                // The slot holds the observer, which holds the closure holding the slot.
                observerSlot.withLock { $0 = nil }
            }
            #expect(received.withLock { $0 } == [1, 2, 3])
            #expect(messages.isEmpty)
        }

        @Test func callsFromTwoThreadsThatDoNotOverlapAreNotMisuse() {
            let recorder = EventRecorder<Int>()
            let messages = reports {
                let observerSlot = Guarded<AnyObserver<Int>?>(nil)
                let subscription = Observable<Int>.create { observer in
                    observerSlot.withLock { $0 = observer }
                    return Disposables.create()
                }
                .subscribe(recorder)
                let serial = DispatchQueue(label: "RippleTests.ObserverMisuseTests.serial")
                DispatchQueue.concurrentPerform(iterations: 4) { index in
                    serial.sync { _ = observerSlot.withLock { $0 }?.onNext(index) }
                }
                subscription.dispose()
            }
            #expect(recorder.events.count == 4)
            #expect(messages.isEmpty)
        }
    }
}
