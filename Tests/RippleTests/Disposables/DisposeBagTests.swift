import Testing
@testable import Ripple

extension RippleTests {
    @Suite struct DisposeBagTests {
        @Test func disposesInInsertionOrderWhenDeallocated() {
            let log = DisposalLog()
            do {
                let bag = DisposeBag()
                bag.insert(DisposalSpy("1", log: log))
                bag.insert(DisposalSpy("2", log: log))
                bag.insert(DisposalSpy("3", log: log))
                #expect(log.names.isEmpty)
            }
            #expect(log.names == ["1", "2", "3"])
        }

        @Test func disposesEachOnceWhenDeallocated() {
            let spies = (0 ..< 5).map { _ in DisposalSpy() }
            do {
                let bag = DisposeBag()
                for spy in spies {
                    bag.insert(spy)
                }
            }
            #expect(spies.allSatisfy { $0.disposeCount == 1 })
        }

        @Test func emptyBagDeallocatesQuietly() {
            let before = Resources.total
            do {
                let bag = DisposeBag()
                #expect(Resources.total == before + 1)
                _ = bag
            }
            #expect(Resources.total == before)
        }

        @Test func disposedByAddsToTheBag() {
            let log = DisposalLog()
            do {
                let bag = DisposeBag()
                DisposalSpy("a", log: log).disposed(by: bag)
                Disposables.create { log.append("b") }.disposed(by: bag)
                DisposalSpy("c", log: log).disposed(by: bag)
                #expect(log.names.isEmpty)
            }
            #expect(log.names == ["a", "b", "c"])
        }

        @Test func disposedByTiesASubscriptionToTheBag() {
            let disposedCount = Counter()
            let recorder = EventRecorder<Int>()
            do {
                let bag = DisposeBag()
                Observable<Int>.create { observer in
                    observer.onNext(1)
                    return Disposables.create { disposedCount.increment() }
                }
                .subscribe(recorder)
                .disposed(by: bag)
                #expect(disposedCount.value == 0)
            }
            #expect(disposedCount.value == 1)
            #expect(recorder.events == [.next(1)])
        }

        @Test func insertVariadic() {
            let log = DisposalLog()
            do {
                let bag = DisposeBag()
                bag.insert(DisposalSpy("1", log: log), DisposalSpy("2", log: log), DisposalSpy("3", log: log))
                bag.insert(DisposalSpy("4", log: log), DisposalSpy("5", log: log))
                #expect(log.names.isEmpty)
            }
            #expect(log.names == ["1", "2", "3", "4", "5"])
        }

        @Test func insertArray() {
            let log = DisposalLog()
            do {
                let bag = DisposeBag()
                bag.insert([DisposalSpy("1", log: log), DisposalSpy("2", log: log)] as [Disposable])
                bag.insert([] as [Disposable])
                bag.insert([DisposalSpy("3", log: log)] as [Disposable])
                #expect(log.names.isEmpty)
            }
            #expect(log.names == ["1", "2", "3"])
        }

        @Test func initDisposingVariadic() {
            let log = DisposalLog()
            do {
                let bag = DisposeBag(disposing: DisposalSpy("1", log: log), DisposalSpy("2", log: log))
                bag.insert(DisposalSpy("3", log: log))
                #expect(log.names.isEmpty)
            }
            #expect(log.names == ["1", "2", "3"])
        }

        @Test func initDisposingArray() {
            let log = DisposalLog()
            do {
                let bag = DisposeBag(disposing: [DisposalSpy("1", log: log), DisposalSpy("2", log: log), DisposalSpy("3", log: log)])
                bag.insert(DisposalSpy("4", log: log))
                #expect(log.names.isEmpty)
            }
            #expect(log.names == ["1", "2", "3", "4"])
        }

        @Test func resultBuilderInit() {
            let log = DisposalLog()
            do {
                let bag = DisposeBag {
                    DisposalSpy("1", log: log)
                    Disposables.create { log.append("2") }
                    DisposalSpy("3", log: log)
                }
                bag.insert(DisposalSpy("4", log: log))
                #expect(log.names.isEmpty)
            }
            #expect(log.names == ["1", "2", "3", "4"])
        }

        @Test func resultBuilderInsert() {
            let log = DisposalLog()
            do {
                let bag = DisposeBag()
                bag.insert(DisposalSpy("1", log: log))
                bag.insert {
                    DisposalSpy("2", log: log)
                    DisposalSpy("3", log: log)
                }
                bag.insert {
                    Disposables.create { log.append("4") }
                }
                #expect(log.names.isEmpty)
            }
            #expect(log.names == ["1", "2", "3", "4"])
        }

        @Test func replacingTheBagDisposesTheOldContents() {
            // The documented way to cancel early: assign a new bag.
            let first = DisposalSpy(), second = DisposalSpy()
            var bag = DisposeBag()
            first.disposed(by: bag)
            bag = DisposeBag()
            #expect(first.disposeCount == 1)
            second.disposed(by: bag)
            #expect(second.disposeCount == 0)
            withExtendedLifetime(bag) {}
        }

        @Test func concurrentInsertsAreAllDisposedOnceOnDeinit() {
            let threads = 4, perThread = 1_000
            let log = DisposalLog()
            let spies = (0 ..< threads).map { thread in
                (0 ..< perThread).map { DisposalSpy("\(thread)-\($0)", log: log) }
            }
            do {
                let bag = DisposeBag()
                runConcurrently(threads) { thread in
                    for (index, spy) in spies[thread].enumerated() {
                        if index.isMultiple(of: 2) {
                            bag.insert(spy)
                        } else {
                            spy.disposed(by: bag)
                        }
                    }
                }
                #expect(log.names.isEmpty)
            }
            #expect(spies.joined().allSatisfy { $0.disposeCount == 1 })
            // Each thread's disposables are disposed in the order that thread inserted them.
            let names = log.names
            #expect(names.count == threads * perThread)
            for thread in 0 ..< threads {
                let ownNames = names.filter { $0.hasPrefix("\(thread)-") }
                let inOrder = ownNames == spies[thread].map(\.name)
                #expect(inOrder, "thread \(thread)'s disposables were not disposed in the order it inserted them")
            }
        }
    }
}
