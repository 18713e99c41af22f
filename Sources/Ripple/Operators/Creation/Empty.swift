extension ObservableType {
    /// A sequence that completes at once, without elements.
    ///
    /// ```
    /// empty():  |
    /// ```
    ///
    /// ```swift
    /// Observable<Int>.empty().subscribe(onCompleted: { print("done") })   // done
    /// ```
    ///
    /// - Returns: A sequence that completes at once.
    public static func empty() -> Observable<Element> {
        Empty()
    }
}

final private class Empty<Element>: Producer<Element> {
    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        observer.onCompletion()
        return Disposables.create()
    }
}
