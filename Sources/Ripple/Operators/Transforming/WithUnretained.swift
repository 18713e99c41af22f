extension ObservableType {
    /// Sends `resultSelector((object, element))` for each element, holding `object`
    /// weakly; completes as soon as an element arrives after `object` is gone.
    ///
    /// Neither the sequence nor its subscriptions keep `object` alive, so a view model
    /// can feed itself without a retain cycle. Each element is combined with a strong
    /// reference that lives only as long as the value you make from it.
    ///
    /// ```
    /// source:                                -1------2------3-|
    /// withUnretained(o, resultSelector: f):  -f(o,1)-f(o,2)-|
    /// ```
    ///
    /// (`o` is released between 2 and 3: the result completes when 3 arrives.)
    ///
    /// ```swift
    /// taps.withUnretained(self) { owner, tap in owner.describe(tap) }
    ///     .subscribe(onNext: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - obj: The object to hand to `resultSelector`, held weakly.
    ///   - resultSelector: Combines the object and an element: on the actor it was
    ///     written on if it is isolated to one (elements sent elsewhere hop there first),
    ///     otherwise on the thread that sent the element.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of `resultSelector`'s results, while `obj` is alive.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping ((Object, Element)) -> Out,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Out> {
        WithUnretained(source: delivering(to: isolation), object: obj, resultSelector: resultSelector)
            .deliveringOnMainActor(if: isolation)
    }

    /// Sends `(object, element)` for each element, holding `object` weakly; completes
    /// as soon as an element arrives after `object` is gone.
    ///
    /// ```
    /// source:             -1-----2-----3-|
    /// withUnretained(o):  -(o,1)-(o,2)-|
    /// ```
    ///
    /// (`o` is released between 2 and 3: the result completes when 3 arrives.)
    ///
    /// ```swift
    /// viewModel.titles
    ///     .withUnretained(self)
    ///     .subscribe(onNext: { owner, title in owner.show(title) })
    /// ```
    ///
    /// - Parameter obj: The object to pair each element with, held weakly.
    /// - Returns: A sequence of `(obj, element)` pairs, while `obj` is alive.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        withUnretained(obj) { $0 }
    }
}

final private class WithUnretained<Source, Object: AnyObject, Out>: Producer<Out> {
    private let source: Observable<Source>
    private weak var object: Object?
    private let resultSelector: ((Object, Source)) -> Out

    init(source: Observable<Source>, object: Object, resultSelector: @escaping ((Object, Source)) -> Out) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Out {
        subscribing(WithUnretainedSink<Source, Object, Observer>(object: object, resultSelector: resultSelector, observer: observer, cancel: cancel), to: source)
    }
}

/// Combines each element with the object while it lives, on the element road.
final private class WithUnretainedSink<Source, Object: AnyObject, Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Source

    private weak var object: Object?
    private let resultSelector: ((Object, Source)) -> Observer.Element

    init(object: Object?, resultSelector: @escaping ((Object, Source)) -> Observer.Element, observer: Observer, cancel: SinkDisposer) {
        self.object = object
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    func on(next element: Source) {
        guard let object else {
            forwardCompletedAndDispose()
            return
        }
        forwardOn(next: resultSelector((object, element)))
    }
}
