import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct SmokeTests {
        @Test func createSendsElementsThenCompletes() {
            let events = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create()
            }.recordSynchronously()
            #expect(events == [.next(1), .next(2), .completed])
        }
    }
}
