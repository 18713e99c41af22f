/// Whether `take(while:behavior:)` and `take(until:behavior:)` also send the element
/// that ends the sequence.
///
/// ```swift
/// Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .inclusive)   // 1, 2, 3
/// Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .exclusive)   // 1, 2
/// ```
public enum TakeBehavior: Sendable {
    /// Send the element that ends the sequence, then complete.
    case inclusive
    /// Complete without sending the element that ends the sequence.
    case exclusive
}

extension ObservableType {
    /// Sends elements while `predicate` returns `true`; completes at the first
    /// element for which it returns `false`, and disposes the source.
    ///
    /// With `.inclusive` that first failing element is sent before the completion.
    /// If `predicate` throws, the sequence ends with that error.
    ///
    /// ```
    /// source:                                         -1-2-3-4-1-|
    /// take(while: { $0 < 3 }):                        -1-2-|
    /// take(while: { $0 < 3 }, behavior: .inclusive):  -1-2-(3|)
    /// ```
    ///
    /// ```swift
    /// Observable.of(2, 4, 5, 6)
    ///     .take(while: { $0.isMultiple(of: 2) })
    ///     .subscribe(onNext: { print($0) })   // 2, 4
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Decides, for each element, whether the sequence goes on: on the
    ///     actor it was written on if it is isolated to one (elements sent elsewhere hop
    ///     there first), otherwise on the thread that sent the element.
    ///   - behavior: Whether the element that ends the sequence is sent too;
    ///     `.exclusive` by default.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements up to the first one that fails
    ///   `predicate`.
    public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        TakeWhile(source: delivering(to: isolation), predicate: predicate, stopsWhen: false, behavior: behavior)
            .deliveringOnMainActor(if: isolation)
    }

    /// Sends elements until `predicate` returns `true`; completes at the first
    /// element for which it does, and disposes the source.
    ///
    /// With `.inclusive` that element is sent before the completion. If `predicate`
    /// throws, the sequence ends with that error.
    ///
    /// ```
    /// source:                                          -1-2-3-4-|
    /// take(until: { $0 == 3 }):                        -1-2-|
    /// take(until: { $0 == 3 }, behavior: .inclusive):  -1-2-(3|)
    /// ```
    ///
    /// ```swift
    /// // Shows download progress up to and including 100 %.
    /// progress.take(until: { $0 >= 1.0 }, behavior: .inclusive)
    ///     .subscribe(onNext: { progressBar.value = $0 })
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Decides, for each element, whether the sequence ends there: on the
    ///     actor it was written on if it is isolated to one (elements sent elsewhere hop
    ///     there first), otherwise on the thread that sent the element.
    ///   - behavior: Whether the element that ends the sequence is sent too;
    ///     `.exclusive` by default.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements up to the first one that passes
    ///   `predicate`.
    public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        TakeWhile(source: delivering(to: isolation), predicate: predicate, stopsWhen: true, behavior: behavior)
            .deliveringOnMainActor(if: isolation)
    }

    /// Sends elements while `predicate` returns `true`: the name RxSwift 5 used for
    /// ``take(while:behavior:isolation:)`` with `.exclusive`.
    ///
    /// ```
    /// source:                    -1-2-3-|
    /// takeWhile { $0 < 3 }:      -1-2-|
    /// ```
    ///
    /// ```swift
    /// Observable.of(1, 2, 3).takeWhile { $0 < 3 }   // prefer take(while:)
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Returns `true` for the elements to send; runs where
    ///     ``take(while:behavior:isolation:)`` runs it.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements up to the first one that fails `predicate`, then completion.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(_ predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        take(while: predicate, behavior: .exclusive, isolation: isolation)
    }

    /// Sends elements until `predicate` returns `true`: the name RxSwift 5 used for
    /// `take(until:behavior:)` with a predicate.
    ///
    /// ```
    /// source:                                 -1-2-3-|
    /// takeUntil(.exclusive) { $0 == 3 }:      -1-2-|
    /// ```
    ///
    /// ```swift
    /// Observable.of(1, 2, 3).takeUntil(.inclusive) { $0 == 2 }   // prefer take(until:behavior:)
    /// ```
    ///
    /// - Parameters:
    ///   - behavior: Whether the element that passes `predicate` is sent (`.inclusive`) or not (`.exclusive`).
    ///   - predicate: Returns `true` for the element that ends the result; runs where
    ///     ``take(until:behavior:isolation:)`` runs it.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements up to the first one that passes `predicate`, then completion.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(_ behavior: TakeBehavior, predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        take(until: predicate, behavior: behavior, isolation: isolation)
    }
}

/// `take(while:)` and `take(until:)` with a predicate: the sequence stops at the first
/// element for which the predicate returns `stopsWhen`.
final private class TakeWhile<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let predicate: (Element) throws -> Bool
    private let stopsWhen: Bool
    private let behavior: TakeBehavior

    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool, stopsWhen: Bool, behavior: TakeBehavior) {
        self.source = source
        self.predicate = predicate
        self.stopsWhen = stopsWhen
        self.behavior = behavior
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(TakeWhileSink(predicate: predicate, stopsWhen: stopsWhen, sendsLast: behavior == .inclusive, observer: observer, cancel: cancel), to: source)
    }
}

final private class TakeWhileSink<Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let predicate: (Element) throws -> Bool
    private let stopsWhen: Bool
    private let sendsLast: Bool
    // Set at the element that ends the sequence, before anything is forwarded, so
    // an element the source sends reentrantly from there is ignored. Touched only
    // by the source, one event at a time; no access spans a call out, so the
    // runtime exclusivity checks are skipped.
    @exclusivity(unchecked) private var stopped = false

    init(predicate: @escaping (Element) throws -> Bool, stopsWhen: Bool, sendsLast: Bool, observer: Observer, cancel: SinkDisposer) {
        self.predicate = predicate
        self.stopsWhen = stopsWhen
        self.sendsLast = sendsLast
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        if stopped {
            return
        }
        let stops: Bool
        do {
            stops = try predicate(element) == stopsWhen
        } catch {
            stopped = true
            forwardErrorAndDispose(error)
            return
        }
        if !stops {
            forwardOn(next: element)
            return
        }
        stopped = true
        if sendsLast {
            forwardOn(next: element)
        }
        forwardCompletedAndDispose()
    }
}
