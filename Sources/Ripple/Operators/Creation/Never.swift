extension ObservableType {
    /// A sequence that never sends anything, not even a terminal event.
    ///
    /// ```
    /// never():  ---------…
    /// ```
    ///
    /// ```swift
    /// let silence = Observable<Int>.never()   // useful as a placeholder or in tests
    /// ```
    ///
    /// - Returns: A sequence that never sends anything.
    public static func never() -> Observable<Element> {
        NeverProducer()
    }
}

final private class NeverProducer<Element>: Producer<Element> {
    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        Disposables.create()
    }
}
