import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct SingleAssignmentDisposableTests {
        @Test func startsNotDisposed() {
            #expect(!SingleAssignmentDisposable().isDisposed)
        }

        @Test func setThenDisposeDisposesTheSetOne() {
            let single = SingleAssignmentDisposable()
            let inner = DisposalSpy()
            single.setDisposable(inner)
            #expect(inner.disposeCount == 0)
            #expect(!single.isDisposed)
            single.dispose()
            #expect(inner.disposeCount == 1)
            #expect(single.isDisposed)
        }

        @Test func disposeThenSetDisposesTheSetOneAtOnce() {
            let single = SingleAssignmentDisposable()
            single.dispose()
            #expect(single.isDisposed)
            let inner = DisposalSpy()
            single.setDisposable(inner)
            #expect(inner.disposeCount == 1)
            #expect(single.isDisposed)
        }

        @Test func disposeTwiceDisposesTheSetOneOnce() {
            let single = SingleAssignmentDisposable()
            let inner = DisposalSpy()
            single.setDisposable(inner)
            single.dispose()
            single.dispose()
            #expect(inner.disposeCount == 1)
        }

        @Test func disposeThenSetThenDisposeAgainDisposesOnce() {
            let single = SingleAssignmentDisposable()
            let inner = DisposalSpy()
            single.dispose()
            single.setDisposable(inner)
            single.dispose()
            #expect(inner.disposeCount == 1)
        }

        @Test func disposeWithoutSetOnlyMarksItDisposed() {
            let single = SingleAssignmentDisposable()
            single.dispose()
            #expect(single.isDisposed)
        }

        @Test func releasesTheSetOneOnceDisposed() {
            final class Owner: Disposable {
                func dispose() {}
            }
            weak var weakOwner: Owner?
            let single = SingleAssignmentDisposable()
            do {
                let owner = Owner()
                weakOwner = owner
                single.setDisposable(owner)
            }
            #expect(weakOwner != nil)
            single.dispose()
            #expect(weakOwner == nil)
        }

        @Test func raceOfSetAndDisposeDisposesTheSetOneExactlyOnce() {
            var failures = 0
            for _ in 0 ..< 2_000 {
                let single = SingleAssignmentDisposable()
                let inner = DisposalSpy()
                runConcurrently(3) { thread in
                    if thread == 0 {
                        single.setDisposable(inner)
                    } else {
                        single.dispose()
                    }
                }
                if inner.disposeCount != 1 || !single.isDisposed {
                    failures += 1
                }
            }
            #expect(failures == 0)
        }
    }
}
