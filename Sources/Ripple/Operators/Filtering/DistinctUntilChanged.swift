extension ObservableType where Element: Equatable {
    /// Drops each element that is equal to the one just before it.
    ///
    /// The first element always passes; after that an element passes only when it
    /// differs (by `==`) from the last element that passed.
    ///
    /// ```
    /// source:                  -1-1-2-2-2-1-3-|
    /// distinctUntilChanged():  -1---2-----1-3-|
    /// ```
    ///
    /// ```swift
    /// Observable.of(1, 1, 2, 2, 1)
    ///     .distinctUntilChanged()
    ///     .subscribe(onNext: { print($0) })   // 1, 2, 1
    /// ```
    ///
    /// - Returns: A sequence without consecutive equal elements.
    public func distinctUntilChanged() -> Observable<Element> {
        DistinctUntilChanged(source: asObservable(), keySelector: { $0 }, comparer: { $0 == $1 })
    }
}

extension ObservableType {
    /// Drops each element whose key, computed by `keySelector`, equals the key of the
    /// last element that passed.
    ///
    /// If `keySelector` throws, the sequence ends with that error.
    ///
    /// ```
    /// source:                               -a1-a2-b1-b2-a3-|
    /// distinctUntilChanged { $0.letter }:   -a1----b1----a3-|
    /// ```
    ///
    /// ```swift
    /// // Reacts only when the user's name changes, not on every profile update.
    /// profiles.distinctUntilChanged { $0.name }
    ///     .subscribe(onNext: { showName($0.name) })
    /// ```
    ///
    /// - Parameters:
    ///   - keySelector: Computes the value to compare for each element: on the actor it
    ///     was written on if it is isolated to one (elements sent elsewhere hop there
    ///     first), otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence without consecutive elements that compare equal.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        DistinctUntilChanged(source: delivering(to: isolation), keySelector: keySelector, comparer: { $0 == $1 })
            .deliveringOnMainActor(if: isolation)
    }

    /// Drops each element that `comparer` finds equal to the last element that passed.
    ///
    /// `comparer` receives the last element that passed and the new one. If it
    /// throws, the sequence ends with that error.
    ///
    /// ```
    /// source:                                   -1-2-4-5-9-|
    /// distinctUntilChanged { $1 - $0 < 3 }:     -1---4---9-|
    /// ```
    ///
    /// ```swift
    /// // Ignores changes smaller than a tenth of a degree.
    /// temperatures.distinctUntilChanged { abs($0 - $1) < 0.1 }
    ///     .subscribe(onNext: { display($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - comparer: Returns `true` when two elements count as equal: on the actor it
    ///     was written on if it is isolated to one (elements sent elsewhere hop there
    ///     first), otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence without consecutive elements that compare equal.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        DistinctUntilChanged(source: delivering(to: isolation), keySelector: { $0 }, comparer: comparer)
            .deliveringOnMainActor(if: isolation)
    }

    /// Drops each element whose key, computed by `keySelector`, `comparer` finds equal
    /// to the key of the last element that passed.
    ///
    /// If either closure throws, the sequence ends with that error.
    ///
    /// ```
    /// source:                                                   -"a"-"A"-"b"-"B"-|
    /// distinctUntilChanged({ $0.lowercased() }, comparer: ==):  -"a"-----"b"-----|
    /// ```
    ///
    /// ```swift
    /// searchTexts.distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 })
    ///     .subscribe(onNext: { search($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - keySelector: Computes the value to compare for each element: on the actor it
    ///     was written on if it is isolated to one (elements sent elsewhere hop there
    ///     first), otherwise on the thread that sent the element.
    ///   - comparer: Returns `true` when two keys count as equal; runs where
    ///     `keySelector` runs.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence without consecutive elements whose keys `comparer` finds
    ///   equal.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        DistinctUntilChanged(source: delivering(to: isolation), keySelector: keySelector, comparer: comparer)
            .deliveringOnMainActor(if: isolation)
    }

    /// Drops each element whose property at `keyPath` equals that property of the
    /// last element that passed.
    ///
    /// As in RxSwift, the last element that passed is kept and its property is read
    /// again at each comparison (so for a class, a mutation of that object counts).
    ///
    /// ```
    /// source:                              -{id 1}-{id 1}-{id 2}-|
    /// distinctUntilChanged(at: \.id):      -{id 1}--------{id 2}-|
    /// ```
    ///
    /// ```swift
    /// users.distinctUntilChanged(at: \.id)
    ///     .subscribe(onNext: { loadDetails(for: $0) })
    /// ```
    ///
    /// - Parameter keyPath: The property to compare.
    /// - Returns: A sequence without consecutive elements whose values at `keyPath` are
    ///   equal.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element> {
        DistinctUntilChanged(source: asObservable(), keySelector: { $0 }, comparer: { $0[keyPath: keyPath] == $1[keyPath: keyPath] })
    }
}

final private class DistinctUntilChanged<Element, Key>: Producer<Element> {
    private let source: Observable<Element>
    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool

    init(source: Observable<Element>, keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool) {
        self.source = source
        self.keySelector = keySelector
        self.comparer = comparer
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        subscribing(DistinctUntilChangedSink(keySelector: keySelector, comparer: comparer, observer: observer, cancel: cancel), to: source)
    }
}

/// Keeps the key of the last element sent and compares each new key with it.
final private class DistinctUntilChangedSink<Observer: ElementObserver, Key>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool
    // One slot, initialized while `hasKey`: the key of the last element sent. (Not a
    // `Key?`: in generic code every read or write of an optional of a generic type
    // costs a runtime type lookup, and this is touched once per element.) Touched
    // only by the source, one event at a time; no access spans a call out, so the
    // runtime exclusivity checks are skipped.
    private let lastKey = UnsafeMutablePointer<Key>.allocate(capacity: 1)
    @exclusivity(unchecked) private var hasKey = false

    init(keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool, observer: Observer, cancel: SinkDisposer) {
        self.keySelector = keySelector
        self.comparer = comparer
        super.init(observer: observer, cancel: cancel)
    }

    deinit {
        if hasKey {
            lastKey.deinitialize(count: 1)
        }
        lastKey.deallocate()
    }

    func on(next element: Element) {
        do {
            let key = try keySelector(element)
            if hasKey {
                if try comparer(lastKey.pointee, key) {
                    return
                }
                lastKey.pointee = key
            } else {
                lastKey.initialize(to: key)
                hasKey = true
            }
        } catch {
            forwardErrorAndDispose(error)
            return
        }
        forwardOn(next: element)
    }
}
