import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct ObserverTests {
        @Test func anyObserverFromAClosureReceivesEveryEvent() {
            var received: [Recorded<Int>] = []
            let observer = AnyObserver<Int> { received.append(Recorded($0)) }
            observer.onNext(1)
            observer.on(.next(2))
            observer.onError(TestError(id: 1))
            #expect(received == [.next(1), .next(2), .error(TestError(id: 1))])
        }

        @Test func anyObserverWrapsAnotherObserver() {
            let recorder = EventRecorder<String>()
            let observer = AnyObserver(recorder)
            observer.onNext("a")
            observer.onCompleted()
            #expect(recorder.events == [.next("a"), .completed])
        }

        @Test func asObserverErasesAnyObserverType() {
            let recorder = EventRecorder<Int>()
            let erased: AnyObserver<Int> = recorder.asObserver()
            erased.onNext(4)
            erased.asObserver().onCompleted()
            #expect(recorder.events == [.next(4), .completed])
        }

        @Test func mapObserverTransformsBeforeForwarding() {
            let recorder = EventRecorder<Int>()
            let strings: AnyObserver<String> = recorder.mapObserver { $0.count }
            strings.onNext("abc")
            strings.onCompleted()
            #expect(recorder.events == [.next(3), .completed])
        }

        @Test func mapObserverForwardsAThrowAsAnError() {
            let recorder = EventRecorder<Int>()
            let strings: AnyObserver<String> = recorder.mapObserver { text in
                guard let number = Int(text) else { throw TestError(id: 5) }
                return number
            }
            strings.onNext("12")
            strings.onNext("twelve")
            #expect(recorder.events == [.next(12), .error(TestError(id: 5))])
        }
    }
}
