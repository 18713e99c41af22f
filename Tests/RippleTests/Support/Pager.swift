import Ripple

/// What happened, in order: the observer's events, the factories (or selectors) that
/// made the next page, and each page's subscription and disposal.
final class Journal {
    var lines: [String] = []
    func note(_ line: String) { lines.append(line) }
}

/// The ways a paging user writes "this page, then the next one", each in two builds:
/// as written (a `concat` unfolds the `deferred`, or the `just(…).flatMap` that is one)
/// and hidden behind `Observable.create`, which nothing unfolds: the chain of nested
/// sinks the unfolding replaces, whose behaviour it must keep.
struct Pager {
    enum Form: String, CaseIterable {
        case concatDeferred = "fetch(i).concat(deferred { page(i + 1) })"
        case concatDeferredOrEmpty = "fetch(i).concat(i == last ? empty() : deferred { page(i + 1) })"
        case deferredConcat = "deferred { fetch(i).concat(page(i + 1)) }"
        case flatMap = "just(i).flatMap { fetch($0).concat(page(i + 1)) }"
        case concatMap = "just(i).concatMap { fetch($0).concat(page(i + 1)) }"
        case flatMapFirst = "just(i).flatMapFirst { fetch($0).concat(page(i + 1)) }"
        case flatMapLatest = "just(i).flatMapLatest { fetch($0).concat(page(i + 1)) }"

        /// The forms a `concat` unfolds: all but `flatMapLatest`, whose sink disposes a
        /// failing inner sequence before passing the error on.
        static var unfolded: [Form] { allCases.filter { $0 != .flatMapLatest } }
    }

    let form: Form
    let last: Int
    /// Whether to hide every `deferred` and `just` from `concat` and `flatMap`.
    let hidden: Bool
    /// The page whose factory (or selector) throws.
    var failing: Int?
    /// Where the factories note their calls; `nil` for depth runs.
    let journal: Journal?
    /// Page `i`'s own elements.
    let fetch: (Int) -> Observable<Int>

    private func hide(_ observable: Observable<Int>) -> Observable<Int> {
        hidden ? Observable.create { observable.subscribe($0) } : observable
    }

    /// What the factory or selector of page `i` does: notes it, throws if told to.
    private func make(_ i: Int, _ body: () -> Observable<Int>) throws -> Observable<Int> {
        journal?.note("factory \(i)")
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
