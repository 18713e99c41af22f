import Testing
@testable import Ripple

/// Subscribes `observable` and notes its events in `journal`; returns the subscription.
private func record(_ observable: Observable<Int>, in journal: Journal) -> Disposable {
    observable.subscribe(
        onNext: { journal.note("next \($0)") },
        onError: { journal.note("error \($0)") },
        onCompleted: { journal.note("completed") },
        onDisposed: { journal.note("disposed") }
    )
}

/// Page `i`'s element, `10 * i`, with its subscription and disposal noted.
private func synchronousFetch(_ journal: Journal) -> (Int) -> Observable<Int> {
    { i in
        Observable.just(10 * i).do(onSubscribe: { journal.note("subscribe \(i)") }, onDispose: { journal.note("dispose \(i)") })
    }
}

extension RippleTests {
    @Suite struct RecursivePagingTests {
        /// The journal of `scenario` run on the pages as written and on the hidden ones.
        private func both(_ form: Pager.Form, last: Int = 4, failing: Int? = nil, _ scenario: (Pager, Journal) -> Void) -> (unfolded: [String], nested: [String]) {
            var journals: [[String]] = []
            for hidden in [false, true] {
                let journal = Journal()
                let pager = Pager(form: form, last: last, hidden: hidden, failing: failing, journal: journal, fetch: synchronousFetch(journal))
                scenario(pager, journal)
                journals.append(journal.lines)
            }
            return (journals[0], journals[1])
        }

        @Test(arguments: Pager.Form.allCases)
        func synchronousPagesBehaveAsTheNestedChain(_ form: Pager.Form) {
            let (unfolded, nested) = both(form) { pager, journal in
                record(pager.page(0), in: journal).dispose()
            }
            #expect(unfolded == nested)
            #expect(unfolded.filter { $0.hasPrefix("next") || $0 == "completed" } == ["next 0", "next 10", "next 20", "next 30", "next 40", "completed"])
            // Each factory runs once the page before it has been disposed, as a nested
            // `deferred` would be subscribed.
            let pages = unfolded.filter { $0.hasPrefix("dispose") || $0.hasPrefix("factory") }
            #expect(pages.starts(with: form == .concatDeferred || form == .concatDeferredOrEmpty
                ? ["dispose 0", "factory 1", "dispose 1", "factory 2"]
                : ["factory 0", "dispose 0", "factory 1", "dispose 1", "factory 2"]))
        }

        @Test(arguments: Pager.Form.allCases)
        func aFactoryThatThrowsEndsThePagesAsInTheNestedChain(_ form: Pager.Form) {
            let (unfolded, nested) = both(form, failing: 2) { pager, journal in
                record(pager.page(0), in: journal).dispose()
            }
            #expect(unfolded == nested)
            #expect(unfolded.filter { $0.hasPrefix("next") || $0.hasPrefix("error") || $0 == "completed" } == ["next 0", "next 10", "error TestError(2)"])
            #expect(!unfolded.contains("subscribe 2"))
        }

        @Test(arguments: Pager.Form.allCases)
        func takingSomePagesBehavesAsTheNestedChainUntilTheTakeEnds(_ form: Pager.Form) {
            // `take` ends during the synchronous subscription, before its disposal can reach
            // the pages. The nested chain goes on to the last page, unheard; the unfolded
            // pages stop there, the same up to that point.
            let (unfolded, nested) = both(form) { pager, journal in
                record(pager.page(0).take(2), in: journal).dispose()
            }
            #expect(unfolded.filter { $0.hasPrefix("next") || $0 == "completed" } == ["next 0", "next 10", "completed"])
            #expect(nested.filter { $0.hasPrefix("next") || $0 == "completed" } == ["next 0", "next 10", "completed"])
            if Pager.Form.unfolded.contains(form) {
                let ended = unfolded.firstIndex(of: "completed")!
                #expect(Array(unfolded[...ended]) == Array(nested[...ended]))
                #expect(!unfolded.contains("factory 2") && !unfolded.contains("subscribe 2"))
                #expect(unfolded.filter { $0.hasPrefix("subscribe") }.count == unfolded.filter { $0.hasPrefix("dispose ") }.count)
            } else {
                #expect(unfolded == nested)
            }
        }

        /// How a subscriber stops endless pages from inside the synchronous subscription.
        enum Ending: CaseIterable {
            case take, mapThenTake, takeWhile, takeUntil, elementAt, first

            func apply(_ pages: Observable<Int>) -> Observable<Int> {
                switch self {
                case .take: pages.take(3)
                case .mapThenTake: pages.map { $0 }.take(3)
                case .takeWhile: pages.take(while: { $0 < 30 })
                case .takeUntil: pages.take(until: { $0 == 30 })
                case .elementAt: pages.element(at: 2)
                case .first: pages.first().asObservable().map { $0 ?? -1 }
                }
            }

            var elements: [String] {
                switch self {
                case .take, .mapThenTake, .takeWhile, .takeUntil: ["next 0", "next 10", "next 20"]
                case .elementAt: ["next 20"]
                case .first: ["next 0"]
                }
            }

            /// The page whose element ends the subscriber.
            var lastPage: Int {
                switch self {
                case .first: 0
                case .takeWhile, .takeUntil: 3
                default: 2
                }
            }
        }

        /// A hundred thousand synchronous pages, as good as endless: once the subscriber
        /// has its elements and has completed, no further page is made, in every form a
        /// `concat` unfolds and whatever operator ended it.
        @Test(arguments: Pager.Form.unfolded)
        func endlessPagesStopOnceTheSubscriberHasEnded(_ form: Pager.Form) {
            for ending in Ending.allCases {
                let journal = Journal()
                let pager = Pager(form: form, last: 100_000, hidden: false, failing: nil, journal: journal, fetch: synchronousFetch(journal))
                record(ending.apply(pager.page(0)), in: journal).dispose()
                let events = journal.lines.filter { $0.hasPrefix("next") || $0 == "completed" }
                #expect(events == ending.elements + ["completed"], "\(ending)")
                let next = ending.lastPage + 1
                #expect(!journal.lines.contains("factory \(next + 1)") && !journal.lines.contains("subscribe \(next)"), "\(ending): \(journal.lines.suffix(6))")
                // Every page subscribed was disposed, after the subscriber's `onDisposed`.
                let pages = journal.lines.filter { $0.hasPrefix("subscribe") }.count
                #expect(pages == ending.lastPage + 1 && journal.lines.filter { $0.hasPrefix("dispose ") }.count == pages, "\(ending)")
            }
        }

        /// The journals, unfolded and nested, of five pages whose elements come from
        /// subjects, which `drive` feeds.
        private func asynchronous(_ form: Pager.Form, _ drive: ([PublishSubject<Int>], Disposable, Journal) -> Void) -> (unfolded: [String], nested: [String]) {
            var journals: [[String]] = []
            for hidden in [false, true] {
                let journal = Journal()
                let subjects = (0...4).map { _ in PublishSubject<Int>() }
                let pager = Pager(form: form, last: 4, hidden: hidden, journal: journal) { i in
                    subjects[i].do(onSubscribe: { journal.note("subscribe \(i)") }, onDispose: { journal.note("dispose \(i)") })
                }
                drive(subjects, record(pager.page(0), in: journal), journal)
                journals.append(journal.lines)
            }
            return (journals[0], journals[1])
        }

        @Test(arguments: Pager.Form.allCases)
        func asynchronousPagesDisposedMidwayBehaveAsTheNestedChain(_ form: Pager.Form) {
            let (unfolded, nested) = asynchronous(form) { subjects, subscription, journal in
                for i in 0...4 {
                    subjects[i].onNext(10 * i)
                    if i == 2 {
                        journal.note("dispose the subscription")
                        subscription.dispose()
                    }
                    subjects[i].onCompleted()
                }
            }
            #expect(unfolded == nested)
            #expect(unfolded.filter { $0.hasPrefix("next") } == ["next 0", "next 10", "next 20"])
            #expect(!unfolded.contains("factory 3") && !unfolded.contains("subscribe 3"))
            #expect(unfolded.last == "dispose 2" || unfolded.last == "disposed")
        }

        @Test(arguments: Pager.Form.allCases)
        func anAsynchronousPageThatFailsEndsThePagesAsInTheNestedChain(_ form: Pager.Form) {
            let (unfolded, nested) = asynchronous(form) { subjects, subscription, _ in
                for i in 0...4 {
                    subjects[i].onNext(10 * i)
                    if i == 2 {
                        subjects[i].onError(TestError(id: i))
                    }
                    subjects[i].onCompleted()
                }
                subscription.dispose()
            }
            #expect(unfolded == nested)
            #expect(unfolded.filter { $0.hasPrefix("next") || $0.hasPrefix("error") } == ["next 0", "next 10", "next 20", "error TestError(2)"])
        }

        @Test(arguments: Pager.Form.allCases)
        func asynchronousPagesCompleteAsTheNestedChain(_ form: Pager.Form) {
            let (unfolded, nested) = asynchronous(form) { subjects, subscription, _ in
                for i in 0...4 {
                    subjects[i].onNext(10 * i)
                    subjects[i].onCompleted()
                }
                subscription.dispose()
            }
            #expect(unfolded == nested)
            #expect(unfolded.filter { $0.hasPrefix("next") || $0 == "completed" } == ["next 0", "next 10", "next 20", "next 30", "next 40", "completed"])
        }

        @Test func aFlatMapOverAnythingButJustIsNotTurnedIntoDeferred() {
            // `of` sends from the trampoline, not during `subscribe`: its flatMap stays one.
            let made = Counter()
            let observable = Observable.of(1).flatMap { value -> Observable<Int> in
                made.increment()
                return .just(value)
            }
            #expect(!(observable is UnfoldingProducer<Int>))
            #expect(made.value == 0)
            #expect(Observable.just(1).flatMap { Observable.just($0) } is UnfoldingProducer<Int>)
        }
    }
}
