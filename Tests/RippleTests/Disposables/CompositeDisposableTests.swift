import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct CompositeDisposableTests {
        @Test func startsEmptyAndNotDisposed() {
            let composite = CompositeDisposable()
            #expect(composite.count == 0)
            #expect(!composite.isDisposed)
        }

        @Test func insertReturnsDistinctKeysAndCounts() {
            let composite = CompositeDisposable()
            let a = DisposalSpy(), b = DisposalSpy(), c = DisposalSpy()
            let keys = [composite.insert(a), composite.insert(b), composite.insert(c)]
            #expect(keys.allSatisfy { $0 != nil })
            #expect(Set(keys.compactMap { $0 }).count == 3)
            #expect(composite.count == 3)
            // Inserting disposes nothing.
            #expect([a, b, c].allSatisfy { $0.disposeCount == 0 })
        }

        @Test func insertingTheSameDisposableTwiceGivesTwoEntries() {
            let composite = CompositeDisposable()
            let spy = DisposalSpy()
            let first = composite.insert(spy), second = composite.insert(spy)
            #expect(first != second)
            #expect(composite.count == 2)
            composite.dispose()
            #expect(spy.disposeCount == 2)
        }

        @Test func removeDisposesOnlyThatOneAndDecrementsCount() throws {
            let composite = CompositeDisposable()
            let a = DisposalSpy(), b = DisposalSpy(), c = DisposalSpy()
            _ = composite.insert(a)
            let keyB = try #require(composite.insert(b))
            _ = composite.insert(c)

            composite.remove(for: keyB)
            #expect(b.disposeCount == 1)
            #expect(a.disposeCount == 0)
            #expect(c.disposeCount == 0)
            #expect(composite.count == 2)
            #expect(!composite.isDisposed)
        }

        @Test func removeTwiceIsHarmless() throws {
            let composite = CompositeDisposable()
            let a = DisposalSpy(), b = DisposalSpy()
            let keyA = try #require(composite.insert(a))
            _ = composite.insert(b)

            composite.remove(for: keyA)
            composite.remove(for: keyA)
            #expect(a.disposeCount == 1)
            #expect(b.disposeCount == 0)
            #expect(composite.count == 1)
        }

        @Test func removedOneIsNotDisposedAgainByDispose() throws {
            let composite = CompositeDisposable()
            let a = DisposalSpy(), b = DisposalSpy()
            let keyA = try #require(composite.insert(a))
            _ = composite.insert(b)
            composite.remove(for: keyA)
            composite.dispose()
            #expect(a.disposeCount == 1)
            #expect(b.disposeCount == 1)
        }

        @Test func removeAfterDisposeIsHarmless() throws {
            let composite = CompositeDisposable()
            let a = DisposalSpy()
            let keyA = try #require(composite.insert(a))
            composite.dispose()
            composite.remove(for: keyA)
            #expect(a.disposeCount == 1)
            #expect(composite.count == 0)
        }

        @Test func staleKeyDoesNotRemoveALaterEntry() throws {
            // After its entry is gone, a key never reaches a later entry: keys are
            // not recycled.
            let composite = CompositeDisposable()
            let a = DisposalSpy(), b = DisposalSpy()
            let keyA = try #require(composite.insert(a))
            composite.remove(for: keyA)
            let keyB = try #require(composite.insert(b))
            #expect(keyA != keyB)
            composite.remove(for: keyA)
            #expect(b.disposeCount == 0)
            #expect(composite.count == 1)
        }

        @Test func disposeDisposesAllInInsertionOrderOnce() {
            let log = DisposalLog()
            let composite = CompositeDisposable()
            let names = (0 ..< 100).map(String.init)
            for name in names {
                _ = composite.insert(DisposalSpy(name, log: log))
            }
            #expect(log.names.isEmpty)
            composite.dispose()
            #expect(log.names == names)
            #expect(composite.isDisposed)
            #expect(composite.count == 0)
            composite.dispose()
            #expect(log.names == names)
        }

        @Test func insertionOrderSurvivesRemovals() throws {
            let log = DisposalLog()
            let composite = CompositeDisposable()
            _ = composite.insert(DisposalSpy("a", log: log))
            let keyB = try #require(composite.insert(DisposalSpy("b", log: log)))
            _ = composite.insert(DisposalSpy("c", log: log))
            composite.remove(for: keyB)
            _ = composite.insert(DisposalSpy("d", log: log))
            composite.dispose()
            #expect(log.names == ["b", "a", "c", "d"])
        }

        @Test func insertAfterDisposeReturnsNilAndDisposesAtOnce() {
            let composite = CompositeDisposable()
            composite.dispose()
            let late = DisposalSpy()
            let key = composite.insert(late)
            #expect(key == nil)
            #expect(late.disposeCount == 1)
            #expect(composite.count == 0)
            #expect(composite.isDisposed)
        }

        @Test func insertFromAMemberDisposalIsDisposedAtOnce() {
            // Disposal runs outside the group's lock, so a member may touch the group.
            let composite = CompositeDisposable()
            let late = DisposalSpy()
            var lateKey: CompositeDisposable.DisposeKey?? = .none
            _ = composite.insert(Disposables.create { lateKey = composite.insert(late) })
            composite.dispose()
            #expect(lateKey == .some(nil))
            #expect(late.disposeCount == 1)
        }

        @Test func removeFromAMemberDisposalDoesNotDeadlock() throws {
            let composite = CompositeDisposable()
            let other = DisposalSpy()
            let otherKey = try #require(composite.insert(other))
            let key = try #require(composite.insert(Disposables.create { composite.remove(for: otherKey) }))
            composite.remove(for: key)
            #expect(other.disposeCount == 1)
            #expect(composite.count == 0)
        }

        // MARK: Initializers

        @Test func initWithTwo() {
            let log = DisposalLog()
            let composite = CompositeDisposable(DisposalSpy("1", log: log), DisposalSpy("2", log: log))
            #expect(composite.count == 2)
            composite.dispose()
            #expect(log.names == ["1", "2"])
        }

        @Test func initWithThree() {
            let log = DisposalLog()
            let composite = CompositeDisposable(
                DisposalSpy("1", log: log), DisposalSpy("2", log: log), DisposalSpy("3", log: log)
            )
            #expect(composite.count == 3)
            composite.dispose()
            #expect(log.names == ["1", "2", "3"])
        }

        @Test func initWithFourOrMore() {
            let log = DisposalLog()
            let four = CompositeDisposable(
                DisposalSpy("1", log: log), DisposalSpy("2", log: log),
                DisposalSpy("3", log: log), DisposalSpy("4", log: log)
            )
            #expect(four.count == 4)
            four.dispose()
            #expect(log.names == ["1", "2", "3", "4"])

            let sixLog = DisposalLog()
            let six = CompositeDisposable(
                DisposalSpy("1", log: sixLog), DisposalSpy("2", log: sixLog), DisposalSpy("3", log: sixLog),
                DisposalSpy("4", log: sixLog), DisposalSpy("5", log: sixLog), DisposalSpy("6", log: sixLog)
            )
            #expect(six.count == 6)
            six.dispose()
            #expect(sixLog.names == ["1", "2", "3", "4", "5", "6"])
        }

        @Test func initWithArray() {
            let log = DisposalLog()
            let names = (0 ..< 10).map(String.init)
            let composite = CompositeDisposable(disposables: names.map { DisposalSpy($0, log: log) })
            #expect(composite.count == 10)
            #expect(!composite.isDisposed)
            composite.dispose()
            #expect(log.names == names)

            let empty = CompositeDisposable(disposables: [])
            #expect(empty.count == 0)
            empty.dispose()
            #expect(empty.isDisposed)
        }

        @Test func initialMembersCanBeRemovedByLaterKeys() {
            // Members given to the initializer take the first keys, so a later insert
            // never collides with them.
            let a = DisposalSpy(), b = DisposalSpy(), c = DisposalSpy()
            let composite = CompositeDisposable(a, b)
            let key = composite.insert(c)
            #expect(composite.count == 3)
            composite.remove(for: key!)
            #expect(c.disposeCount == 1)
            #expect(a.disposeCount == 0 && b.disposeCount == 0)
            #expect(composite.count == 2)
        }

        // MARK: Concurrency

        @Test func concurrentInsertRemoveAndDisposeDisposeEachExactlyOnce() {
            // Each round, three threads insert and remove while a fourth disposes the
            // group; in the end every disposable inserted must have been disposed once:
            // by `remove`, by `dispose`, or at once by an `insert` that came too late.
            let perThread = 8
            var failures = 0
            for _ in 0 ..< 1_000 {
                let composite = CompositeDisposable()
                let spies = (0 ..< 3).map { _ in (0 ..< perThread).map { _ in DisposalSpy() } }
                let insertedCount = Counter()
                runConcurrently(4) { thread in
                    guard thread < 3 else {
                        composite.dispose()
                        return
                    }
                    for (index, spy) in spies[thread].enumerated() {
                        let key = composite.insert(spy)
                        insertedCount.increment()
                        if index.isMultiple(of: 2), let key {
                            composite.remove(for: key)
                        }
                    }
                }
                let counts = spies.joined().map(\.disposeCount)
                if insertedCount.value != 3 * perThread || counts.contains(where: { $0 != 1 }) {
                    failures += 1
                }
                if composite.count != 0 || !composite.isDisposed {
                    failures += 1
                }
            }
            #expect(failures == 0)
        }

        @Test func concurrentInsertsAreAllKeptThenDisposedOnce() {
            // Without a racing dispose, nothing inserted from several threads is lost.
            let composite = CompositeDisposable()
            let spies = (0 ..< 4).map { _ in (0 ..< 1_000).map { _ in DisposalSpy() } }
            runConcurrently(4) { thread in
                for spy in spies[thread] {
                    _ = composite.insert(spy)
                }
            }
            #expect(composite.count == 4_000)
            #expect(spies.joined().allSatisfy { $0.disposeCount == 0 })
            composite.dispose()
            #expect(spies.joined().allSatisfy { $0.disposeCount == 1 })
        }

        @Test func concurrentDisposeDisposesEachMemberOnce() {
            var failures = 0
            for _ in 0 ..< 1_000 {
                let spies = (0 ..< 4).map { _ in DisposalSpy() }
                let composite = CompositeDisposable(disposables: spies)
                runConcurrently(4) { _ in composite.dispose() }
                if spies.contains(where: { $0.disposeCount != 1 }) {
                    failures += 1
                }
            }
            #expect(failures == 0)
        }
    }
}
