import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct SerialDisposableTests {
        @Test func startsEmptyAndNotDisposed() {
            let serial = SerialDisposable()
            #expect(!serial.isDisposed)
            #expect(serial.disposable is NopDisposable)
        }

        @Test func getterReturnsTheCurrentDisposable() {
            let serial = SerialDisposable()
            let first = DisposalSpy(), second = DisposalSpy()
            serial.disposable = first
            #expect(serial.disposable as? DisposalSpy === first)
            serial.disposable = second
            #expect(serial.disposable as? DisposalSpy === second)
        }

        @Test func replacingDisposesTheOldOneOnly() {
            let serial = SerialDisposable()
            let first = DisposalSpy(), second = DisposalSpy(), third = DisposalSpy()
            serial.disposable = first
            #expect(first.disposeCount == 0)
            serial.disposable = second
            #expect(first.disposeCount == 1)
            #expect(second.disposeCount == 0)
            serial.disposable = third
            #expect(first.disposeCount == 1)
            #expect(second.disposeCount == 1)
            #expect(third.disposeCount == 0)
            #expect(!serial.isDisposed)
        }

        @Test func disposeDisposesTheCurrentOne() {
            let serial = SerialDisposable()
            let first = DisposalSpy(), second = DisposalSpy()
            serial.disposable = first
            serial.disposable = second
            serial.dispose()
            #expect(serial.isDisposed)
            #expect(first.disposeCount == 1)
            #expect(second.disposeCount == 1)
            // The disposed one is no longer held.
            #expect(serial.disposable is NopDisposable)
        }

        @Test func disposeIsIdempotent() {
            let serial = SerialDisposable()
            let current = DisposalSpy()
            serial.disposable = current
            serial.dispose()
            serial.dispose()
            #expect(current.disposeCount == 1)
            #expect(serial.isDisposed)
        }

        @Test func disposeWhileEmptyJustMarksItDisposed() {
            let serial = SerialDisposable()
            serial.dispose()
            #expect(serial.isDisposed)
        }

        @Test func settingAfterDisposeDisposesTheNewOneAtOnce() {
            let serial = SerialDisposable()
            serial.dispose()
            let late = DisposalSpy(), later = DisposalSpy()
            serial.disposable = late
            #expect(late.disposeCount == 1)
            #expect(serial.disposable is NopDisposable)
            serial.disposable = later
            #expect(later.disposeCount == 1)
            #expect(late.disposeCount == 1)
        }

        @Test func settingFromInsideTheOldOnesDisposalDoesNotDeadlock() {
            // The old disposable is disposed outside the lock, so it may set a new one.
            let serial = SerialDisposable()
            let replacement = DisposalSpy(), newest = DisposalSpy()
            serial.disposable = Disposables.create { serial.disposable = replacement }
            serial.disposable = newest
            // `newest` was set first, then the old one's disposal set `replacement`,
            // disposing `newest`.
            #expect(newest.disposeCount == 1)
            #expect(serial.disposable as? DisposalSpy === replacement)
            serial.dispose()
            #expect(replacement.disposeCount == 1)
        }

        @Test func raceOfSetAndDisposeDisposesEveryOneExactlyOnce() {
            var failures = 0
            for _ in 0 ..< 2_000 {
                let serial = SerialDisposable()
                let spies = (0 ..< 8).map { _ in DisposalSpy() }
                runConcurrently(2) { thread in
                    if thread == 0 {
                        for spy in spies {
                            serial.disposable = spy
                        }
                    } else {
                        serial.dispose()
                    }
                }
                if spies.contains(where: { $0.disposeCount != 1 }) || !serial.isDisposed {
                    failures += 1
                }
            }
            #expect(failures == 0)
        }

        @Test func concurrentSettersDisposeEveryOneButTheLastExactlyOnce() {
            var failures = 0
            for _ in 0 ..< 1_000 {
                let serial = SerialDisposable()
                let spies = (0 ..< 4).map { _ in (0 ..< 8).map { _ in DisposalSpy() } }
                runConcurrently(4) { thread in
                    for spy in spies[thread] {
                        serial.disposable = spy
                    }
                }
                let all = spies.joined()
                // Exactly one (the one set last) is still held and not yet disposed.
                let undisposed = all.filter { $0.disposeCount == 0 }
                if undisposed.count != 1 || serial.disposable as? DisposalSpy !== undisposed.first {
                    failures += 1
                }
                serial.dispose()
                if all.contains(where: { $0.disposeCount != 1 }) {
                    failures += 1
                }
            }
            #expect(failures == 0)
        }
    }
}
