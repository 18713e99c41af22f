import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct BooleanDisposableTests {
        @Test func startsNotDisposed() {
            #expect(!BooleanDisposable().isDisposed)
        }

        @Test func initWithStateKeepsTheGivenState() {
            #expect(BooleanDisposable(isDisposed: true).isDisposed)
            #expect(!BooleanDisposable(isDisposed: false).isDisposed)
        }

        @Test func disposeMarksItDisposed() {
            let disposable = BooleanDisposable()
            disposable.dispose()
            #expect(disposable.isDisposed)
            disposable.dispose()
            #expect(disposable.isDisposed)
        }

        @Test func disposeKeepsAnAlreadyDisposedOneDisposed() {
            let disposable = BooleanDisposable(isDisposed: true)
            disposable.dispose()
            #expect(disposable.isDisposed)
        }

        @Test func disposeFromAnotherThreadIsSeen() {
            let disposable = BooleanDisposable()
            runConcurrently(4) { index in
                if index == 0 { disposable.dispose() }
            }
            #expect(disposable.isDisposed)
        }
    }
}
