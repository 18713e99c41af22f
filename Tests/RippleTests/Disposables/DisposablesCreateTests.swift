import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct DisposablesCreateTests {
        // MARK: create()

        @Test func createWithoutArgumentsIsTheSharedNoOp() {
            let before = Resources.total
            let disposable = Disposables.create()
            #expect(disposable is NopDisposable)
            // It allocates no counted object, and disposing it (even twice) changes nothing.
            #expect(Resources.total == before)
            disposable.dispose()
            disposable.dispose()
            #expect(Resources.total == before)
        }

        // MARK: create(with:)

        @Test func createWithClosureDoesNotRunItUntilDisposed() {
            let counter = Counter()
            let disposable = Disposables.create { counter.increment() }
            #expect(counter.value == 0)
            #expect(!disposable.isDisposed)
            disposable.dispose()
            #expect(counter.value == 1)
            #expect(disposable.isDisposed)
        }

        @Test func createWithClosureRunsItOnceWhenDisposedTwice() {
            let counter = Counter()
            let disposable = Disposables.create { counter.increment() }
            disposable.dispose()
            disposable.dispose()
            #expect(counter.value == 1)
            #expect(disposable.isDisposed)
        }

        @Test func createWithClosureIsDisposedWhenItsClosureRuns() {
            // `isDisposed` is already true while the closure runs, and disposing again
            // from inside the closure does not run it a second time.
            let counter = Counter()
            var seenDisposed: Bool?
            var disposable: Cancelable!
            disposable = Disposables.create {
                counter.increment()
                seenDisposed = disposable.isDisposed
                disposable.dispose()
            }
            disposable.dispose()
            #expect(counter.value == 1)
            #expect(seenDisposed == true)
            disposable = nil
        }

        @Test func createWithClosureRunsItOnceUnderConcurrentDispose() {
            var failures = 0
            for _ in 0 ..< 1_000 {
                let counter = Counter()
                let disposable = Unchecked(Disposables.create { counter.increment() })
                runConcurrently(4) { _ in disposable.value.dispose() }
                if counter.value != 1 || !disposable.value.isDisposed {
                    failures += 1
                }
            }
            #expect(failures == 0)
        }

        @Test func createWithClosureReleasesTheClosureOnceDisposed() {
            final class Captured {}
            weak var weakCaptured: Captured?
            let disposable: Cancelable
            do {
                let captured = Captured()
                weakCaptured = captured
                disposable = Disposables.create { _ = captured }
            }
            #expect(weakCaptured != nil)
            disposable.dispose()
            #expect(weakCaptured == nil)
        }

        // MARK: create(_:_:)

        @Test func createWithTwoDisposesBothInOrderOnce() {
            let log = DisposalLog()
            let first = DisposalSpy("1", log: log), second = DisposalSpy("2", log: log)
            let disposable = Disposables.create(first, second)
            #expect(!disposable.isDisposed)
            #expect(log.names.isEmpty)
            disposable.dispose()
            disposable.dispose()
            #expect(log.names == ["1", "2"])
            #expect(disposable.isDisposed)
        }

        @Test func createWithTwoDisposesBothOnceUnderConcurrentDispose() {
            var failures = 0
            for _ in 0 ..< 1_000 {
                let first = DisposalSpy(), second = DisposalSpy()
                let disposable = Unchecked(Disposables.create(first, second))
                runConcurrently(4) { _ in disposable.value.dispose() }
                if first.disposeCount != 1 || second.disposeCount != 1 {
                    failures += 1
                }
            }
            #expect(failures == 0)
        }

        // MARK: create(_:_:_:)

        @Test func createWithThreeDisposesAllInOrderOnce() {
            let log = DisposalLog()
            let disposable = Disposables.create(
                DisposalSpy("1", log: log),
                DisposalSpy("2", log: log),
                DisposalSpy("3", log: log)
            )
            #expect(!disposable.isDisposed)
            disposable.dispose()
            disposable.dispose()
            #expect(log.names == ["1", "2", "3"])
            #expect(disposable.isDisposed)
        }

        // MARK: create(_:_:_:_:...)

        @Test func createWithManyDisposesAllInOrderOnce() {
            let log = DisposalLog()
            let disposable = Disposables.create(
                DisposalSpy("1", log: log),
                DisposalSpy("2", log: log),
                DisposalSpy("3", log: log),
                DisposalSpy("4", log: log),
                DisposalSpy("5", log: log),
                DisposalSpy("6", log: log)
            )
            #expect(log.names.isEmpty)
            disposable.dispose()
            disposable.dispose()
            #expect(log.names == ["1", "2", "3", "4", "5", "6"])
            #expect(disposable.isDisposed)
        }

        @Test func createWithFourDisposesAllInOrderOnce() {
            let log = DisposalLog()
            let disposable = Disposables.create(
                DisposalSpy("1", log: log),
                DisposalSpy("2", log: log),
                DisposalSpy("3", log: log),
                DisposalSpy("4", log: log)
            )
            disposable.dispose()
            disposable.dispose()
            #expect(log.names == ["1", "2", "3", "4"])
        }

        // MARK: create([Disposable])

        @Test(arguments: [0, 1, 2, 3, 7])
        func createWithArrayDisposesAllInOrderOnce(count: Int) {
            let log = DisposalLog()
            let names = (0 ..< count).map(String.init)
            let disposable = Disposables.create(names.map { DisposalSpy($0, log: log) as Disposable })
            #expect(!disposable.isDisposed)
            #expect(log.names.isEmpty)
            disposable.dispose()
            disposable.dispose()
            #expect(log.names == names)
            #expect(disposable.isDisposed)
        }

        // MARK: Nesting

        @Test func nestedCreatesDisposeDepthFirstInOrder() {
            let log = DisposalLog()
            let disposable = Disposables.create(
                Disposables.create(DisposalSpy("a", log: log), DisposalSpy("b", log: log)),
                Disposables.create { log.append("c") },
                Disposables.create([DisposalSpy("d", log: log), DisposalSpy("e", log: log), DisposalSpy("f", log: log)])
            )
            disposable.dispose()
            #expect(log.names == ["a", "b", "c", "d", "e", "f"])
        }
    }
}
