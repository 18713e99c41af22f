import Testing
@testable import Ripple

/// What happened, in order: the observer's events, the factories (or selectors) that
/// made the next page, and each page's subscription and disposal.
private final class Journal {
    var lines: [String] = []
    func note(_ line: String) { lines.append(line) }
}

/// The ways a paging user writes "this page, then the next one", each in two builds:
/// as written (a `concat` unfolds the `deferred`, or the `just(…).flatMap` that is one)
/// and hidden behind `Observable.create`, which nothing unfolds: the chain of nested
/// sinks the unfolding replaces, whose behaviour it must keep.
fileprivate struct Pager {
    enum Form: String, CaseIterable {
        case concatDeferred = "fetch(i).concat(deferred { page(i + 1) })"
        case concatDeferredOrEmpty = "fetch(i).concat(i == last ? empty() : deferred { page(i + 1) })"
        case deferredConcat = "deferred { fetch(i).concat(page(i + 1)) }"
        case flatMap = "just(i).flatMap { fetch($0).concat(page(i + 1)) }"
        case concatMap = "just(i).concatMap { fetch($0).concat(page(i + 1)) }"
        case flatMapFirst = "just(i).flatMapFirst { fetch($0).concat(page(i + 1)) }"
        case flatMapLatest = "just(i).flatMapLatest { fetch($0).concat(page(i + 1)) }"
    }

    let form: Form
    let last: Int
    /// Whether to hide every `deferred` and `just` from `concat` and `flatMap`.
    let hidden: Bool
    /// The page whose factory (or selector) throws.
    var failing: Int?
    let journal: Journal
    /// Page `i`'s own elements.
    let fetch: (Int) -> Observable<Int>

    private func hide(_ observable: Observable<Int>) -> Observable<Int> {
        hidden ? Observable.create { observable.subscribe($0) } : observable
    }

    /// What the factory or selector of page `i` does: notes it, throws if told to.
    private func make(_ i: Int, _ body: () -> Observable<Int>) throws -> Observable<Int> {
        journal.note("factory \(i)")
        if i == failing {
            throw TestError(id: i)
        }
        return body()
    }

    private func deferred(_ i: Int, _ body: @escaping () -> Observable<Int>) -> Observable<Int> {
        hide(Observable.deferred { try make(i, body) })
    }

    func page(_ i: Int) -> Observable<Int> {
        let rest = { i == last ? fetch(i) : fetch(i).concat(page(i + 1)) }
        switch form {
        case .concatDeferred:
            return i == last ? fetch(i) : fetch(i).concat(deferred(i + 1) { page(i + 1) })
        case .concatDeferredOrEmpty:
            return fetch(i).concat(i == last ? Observable.empty() : deferred(i + 1) { page(i + 1) })
        case .deferredConcat:
            return deferred(i, rest)
        case .flatMap:
            return hide(.just(i)).flatMap { _ in try make(i, rest) }
        case .concatMap:
            return hide(.just(i)).concatMap { _ in try make(i, rest) }
        case .flatMapFirst:
            return hide(.just(i)).flatMapFirst { _ in try make(i, rest) }
        case .flatMapLatest:
            return hide(.just(i)).flatMapLatest { _ in try make(i, rest) }
        }
    }
}

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
        private func both(_ form: Pager.Form, last: Int = 4, failing: Int? = nil, _ scenario: (Pager) -> Void) -> (unfolded: [String], nested: [String]) {
            var journals: [[String]] = []
            for hidden in [false, true] {
                let journal = Journal()
                let pager = Pager(form: form, last: last, hidden: hidden, failing: failing, journal: journal, fetch: synchronousFetch(journal))
                scenario(pager)
                journals.append(journal.lines)
            }
            return (journals[0], journals[1])
        }

        @Test(arguments: Pager.Form.allCases)
        fileprivate func synchronousPagesBehaveAsTheNestedChain(_ form: Pager.Form) {
            let (unfolded, nested) = both(form) { pager in
                record(pager.page(0), in: pager.journal).dispose()
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
        fileprivate func aFactoryThatThrowsEndsThePagesAsInTheNestedChain(_ form: Pager.Form) {
            let (unfolded, nested) = both(form, failing: 2) { pager in
                record(pager.page(0), in: pager.journal).dispose()
            }
            #expect(unfolded == nested)
            #expect(unfolded.filter { $0.hasPrefix("next") || $0.hasPrefix("error") || $0 == "completed" } == ["next 0", "next 10", "error TestError(2)"])
            #expect(!unfolded.contains("subscribe 2"))
        }

        @Test(arguments: Pager.Form.allCases)
        fileprivate func takingSomePagesBehavesAsTheNestedChain(_ form: Pager.Form) {
            // `take` disposes its own sink during the synchronous subscription: the pages
            // go on to the end, unheard, in both builds.
            let (unfolded, nested) = both(form) { pager in
                record(pager.page(0).take(2), in: pager.journal).dispose()
            }
            #expect(unfolded == nested)
            #expect(unfolded.filter { $0.hasPrefix("next") || $0 == "completed" } == ["next 0", "next 10", "completed"])
        }

        @Test(arguments: Pager.Form.allCases)
        fileprivate func asynchronousPagesDisposedMidwayBehaveAsTheNestedChain(_ form: Pager.Form) {
            var journals: [[String]] = []
            for hidden in [false, true] {
                let journal = Journal()
                let subjects = (0...4).map { _ in PublishSubject<Int>() }
                let pager = Pager(form: form, last: 4, hidden: hidden, journal: journal) { i in
                    subjects[i].do(onSubscribe: { journal.note("subscribe \(i)") }, onDispose: { journal.note("dispose \(i)") })
                }
                let subscription = record(pager.page(0), in: journal)
                for i in 0...4 {
                    subjects[i].onNext(10 * i)
                    if i == 2 {
                        journal.note("dispose the subscription")
                        subscription.dispose()
                    }
                    subjects[i].onCompleted()
                }
                journals.append(journal.lines)
            }
            #expect(journals[0] == journals[1])
            #expect(journals[0].filter { $0.hasPrefix("next") } == ["next 0", "next 10", "next 20"])
            #expect(!journals[0].contains("factory 3") && !journals[0].contains("subscribe 3"))
            #expect(journals[0].last == "dispose 2" || journals[0].last == "disposed")
        }

        @Test(arguments: Pager.Form.allCases)
        fileprivate func anAsynchronousPageThatFailsEndsThePagesAsInTheNestedChain(_ form: Pager.Form) {
            var journals: [[String]] = []
            for hidden in [false, true] {
                let journal = Journal()
                let subjects = (0...4).map { _ in PublishSubject<Int>() }
                let pager = Pager(form: form, last: 4, hidden: hidden, journal: journal) { i in
                    subjects[i].do(onSubscribe: { journal.note("subscribe \(i)") }, onDispose: { journal.note("dispose \(i)") })
                }
                let subscription = record(pager.page(0), in: journal)
                for i in 0...4 {
                    subjects[i].onNext(10 * i)
                    if i == 2 {
                        subjects[i].onError(TestError(id: i))
                    }
                    subjects[i].onCompleted()
                }
                subscription.dispose()
                journals.append(journal.lines)
            }
            #expect(journals[0] == journals[1])
            #expect(journals[0].filter { $0.hasPrefix("next") || $0.hasPrefix("error") } == ["next 0", "next 10", "next 20", "error TestError(2)"])
        }

        @Test(arguments: Pager.Form.allCases)
        fileprivate func asynchronousPagesCompleteAsTheNestedChain(_ form: Pager.Form) {
            var journals: [[String]] = []
            for hidden in [false, true] {
                let journal = Journal()
                let subjects = (0...4).map { _ in PublishSubject<Int>() }
                let pager = Pager(form: form, last: 4, hidden: hidden, journal: journal) { i in
                    subjects[i].do(onSubscribe: { journal.note("subscribe \(i)") }, onDispose: { journal.note("dispose \(i)") })
                }
                let subscription = record(pager.page(0), in: journal)
                for i in 0...4 {
                    subjects[i].onNext(10 * i)
                    subjects[i].onCompleted()
                }
                subscription.dispose()
                journals.append(journal.lines)
            }
            #expect(journals[0] == journals[1])
            #expect(journals[0].filter { $0.hasPrefix("next") || $0 == "completed" } == ["next 0", "next 10", "next 20", "next 30", "next 40", "completed"])
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
