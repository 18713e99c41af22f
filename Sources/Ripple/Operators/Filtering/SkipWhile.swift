extension ObservableType {
    /// Drops elements while `predicate` returns `true`; from the first element for
    /// which it returns `false` on, sends everything without asking it again.
    ///
    /// If `predicate` throws, the sequence ends with that error.
    ///
    /// ```
    /// source:                    -1-2-3-4-1-|
    /// skip(while: { $0 < 3 }):   -----3-4-1-|
    /// ```
    ///
    /// ```swift
    /// // Ignores the blank lines at the start of a file.
    /// lines.skip(while: { $0.isEmpty })
    ///     .subscribe(onNext: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Decides, for each element until it first returns `false`, whether
    ///     it is dropped: on the actor it was written on if it is isolated to one
    ///     (elements sent elsewhere hop there first), otherwise on the thread that sent
    ///     the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements from the first one that fails
    ///   `predicate` on.
    public func skip(while predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        SkipWhile(source: delivering(to: isolation), predicate: predicate).deliveringOnMainActor(if: isolation)
    }

    /// Drops elements while `predicate` returns `true`: the name RxSwift 5 used for
    /// ``skip(while:isolation:)``.
    ///
    /// ```
    /// source:                 -1-2-3-1-|
    /// skipWhile { $0 < 3 }:   -----3-1-|
    /// ```
    ///
    /// ```swift
    /// lines.skipWhile { $0.isEmpty }   // prefer skip(while:)
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Returns `true` for the leading elements to drop; runs where
    ///     ``skip(while:isolation:)`` runs it.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence with the elements from the first one that fails `predicate` on.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        skip(while: predicate, isolation: isolation)
    }
}

final private class SkipWhile<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let predicate: (Element) throws -> Bool

    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(SkipWhileSink(predicate: predicate, observer: observer, cancel: cancel), to: source)
    }
}

/// Asks the predicate until it first says no, then forwards everything.
final private class SkipWhileSink<Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let predicate: (Element) throws -> Bool
    // Touched only by the source, one event at a time; no access spans a call out,
    // so the runtime exclusivity checks are skipped.
    @exclusivity(unchecked) private var passing = false

    init(predicate: @escaping (Element) throws -> Bool, observer: Observer, cancel: SinkDisposer) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Element) {
        if !passing {
            do {
                if try predicate(element) {
                    return
                }
            } catch {
                forwardErrorAndDispose(error)
                return
            }
            passing = true
        }
        forwardOn(next: element)
    }
}
