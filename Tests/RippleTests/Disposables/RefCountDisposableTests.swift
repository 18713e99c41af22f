import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct RefCountDisposableTests {
        @Test func withoutLeasesDisposeDisposesTheUnderlyingOnce() {
            let underlying = DisposalSpy()
            let refCount = RefCountDisposable(disposable: underlying)
            #expect(!refCount.isDisposed)
            refCount.dispose()
            #expect(underlying.disposeCount == 1)
            #expect(refCount.isDisposed)
            refCount.dispose()
            #expect(underlying.disposeCount == 1)
        }

        @Test func primaryThenLeaseDisposesTheUnderlyingAfterTheLease() {
            let underlying = DisposalSpy()
            let refCount = RefCountDisposable(disposable: underlying)
            let lease = refCount.retain()
            refCount.dispose()
            #expect(underlying.disposeCount == 0)
            #expect(!refCount.isDisposed)
            lease.dispose()
            #expect(underlying.disposeCount == 1)
            #expect(refCount.isDisposed)
        }

        @Test func leaseThenPrimaryDisposesTheUnderlyingAfterThePrimary() {
            let underlying = DisposalSpy()
            let refCount = RefCountDisposable(disposable: underlying)
            let lease = refCount.retain()
            lease.dispose()
            #expect(underlying.disposeCount == 0)
            #expect(!refCount.isDisposed)
            refCount.dispose()
            #expect(underlying.disposeCount == 1)
            #expect(refCount.isDisposed)
        }

        @Test func everyLeaseMustBeDisposed() {
            let underlying = DisposalSpy()
            let refCount = RefCountDisposable(disposable: underlying)
            let leases = (0 ..< 3).map { _ in refCount.retain() }
            refCount.dispose()
            leases[2].dispose()
            leases[0].dispose()
            #expect(underlying.disposeCount == 0)
            leases[1].dispose()
            #expect(underlying.disposeCount == 1)
            #expect(refCount.isDisposed)
        }

        @Test func leaseDisposedTwiceCountsOnce() {
            let underlying = DisposalSpy()
            let refCount = RefCountDisposable(disposable: underlying)
            let first = refCount.retain(), second = refCount.retain()
            refCount.dispose()
            first.dispose()
            first.dispose()
            #expect(underlying.disposeCount == 0)
            #expect(!refCount.isDisposed)
            second.dispose()
            #expect(underlying.disposeCount == 1)
        }

        @Test func primaryDisposedTwiceCountsOnce() {
            let underlying = DisposalSpy()
            let refCount = RefCountDisposable(disposable: underlying)
            let lease = refCount.retain()
            refCount.dispose()
            refCount.dispose()
            #expect(underlying.disposeCount == 0)
            lease.dispose()
            #expect(underlying.disposeCount == 1)
        }

        @Test func retainWhilePrimaryIsDisposedButALeaseIsOutstandingStillCounts() {
            let underlying = DisposalSpy()
            let refCount = RefCountDisposable(disposable: underlying)
            let first = refCount.retain()
            refCount.dispose()
            let second = refCount.retain()
            #expect(!(second is NopDisposable))
            first.dispose()
            #expect(underlying.disposeCount == 0)
            second.dispose()
            #expect(underlying.disposeCount == 1)
        }

        @Test func retainAfterTheUnderlyingIsGoneReturnsANoOp() {
            let underlying = DisposalSpy()
            let refCount = RefCountDisposable(disposable: underlying)
            refCount.dispose()
            #expect(refCount.isDisposed)
            let late = refCount.retain()
            #expect(late is NopDisposable)
            late.dispose()
            late.dispose()
            #expect(underlying.disposeCount == 1)
            #expect(refCount.isDisposed)
        }

        @Test func leaseKeepsTheUnderlyingAliveWhenRetainedAndReleasedRepeatedly() {
            let underlying = DisposalSpy()
            let refCount = RefCountDisposable(disposable: underlying)
            for _ in 0 ..< 10 {
                refCount.retain().dispose()
            }
            #expect(underlying.disposeCount == 0)
            #expect(!refCount.isDisposed)
            refCount.dispose()
            #expect(underlying.disposeCount == 1)
        }

        @Test func concurrentLeaseAndPrimaryDisposalDisposesTheUnderlyingOnce() {
            var failures = 0
            for _ in 0 ..< 1_000 {
                let underlying = DisposalSpy()
                let refCount = RefCountDisposable(disposable: underlying)
                let leases = Unchecked((0 ..< 4).map { _ in refCount.retain() })
                runConcurrently(5) { index in
                    if index < 4 {
                        leases.value[index].dispose()
                        leases.value[index].dispose()
                    } else {
                        refCount.dispose()
                    }
                }
                if underlying.disposeCount != 1 || !refCount.isDisposed {
                    failures += 1
                }
            }
            #expect(failures == 0)
        }
    }
}
