extension ObservableType {
    /// A sequence that owns a resource for as long as each subscription lasts.
    ///
    /// Each subscription calls `resourceFactory`, then `observableFactory` with the
    /// resource, and subscribes to the sequence it returns. The resource is disposed
    /// exactly once, right after that sequence's subscription: when the sequence
    /// completes or fails (after the observer has received the terminal event), or
    /// when the subscription is disposed. If either factory throws, the sequence fails
    /// with the thrown error (and a resource already made is disposed).
    ///
    /// ```
    /// resource:        [open-----------close]
    /// inner sequence:  -1-2-3-|
    /// using:           -1-2-3-|
    /// ```
    ///
    /// ```swift
    /// Observable.using({ try FileHandleDisposable(path) },
    ///                  observableFactory: { handle in handle.lines() })
    ///     .subscribe(onNext: { print($0) })   // the file is closed when reading ends
    /// ```
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource for each subscriber: on the actor it was
    ///     written on if it is isolated to one (a subscription made elsewhere moves
    ///     there, and so does its disposal), otherwise where the subscription is made.
    ///   - observableFactory: Makes the sequence from the resource, right after
    ///     `resourceFactory` and where it runs.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence that disposes its resource when its subscription ends.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        Using(resourceFactory: resourceFactory, observableFactory: observableFactory).subscribing(on: isolation)
    }
}

final private class Using<Element, Resource: Disposable>: Producer<Element> {
    let resourceFactory: () throws -> Resource
    let observableFactory: (Resource) throws -> Observable<Element>

    init(resourceFactory: @escaping () throws -> Resource, observableFactory: @escaping (Resource) throws -> Observable<Element>) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = UsingSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

final private class UsingSink<Observer: ElementObserver>: ForwardingSink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    /// Makes the resource and subscribes; returns the subscription followed by the
    /// resource, so disposing it releases both in that order.
    func run<Resource: Disposable>(_ parent: Using<Element, Resource>) -> Disposable {
        var resource: Resource?
        do {
            let made = try parent.resourceFactory()
            resource = made
            let source = try parent.observableFactory(made)
            return Disposables.create(source.subscribe(elementObserver: self), made)
        } catch {
            forwardErrorAndDispose(error)
            if let resource {
                return resource
            }
            return Disposables.create()
        }
    }

    func on(next element: Element) {
        forwardOn(next: element)
    }
}
