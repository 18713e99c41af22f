extension ObservableType {
    /// A sequence that fails at once with `error`.
    ///
    /// ```
    /// error(e):  x
    /// ```
    ///
    /// ```swift
    /// Observable<Int>.error(MyError.offline)
    ///     .subscribe(onError: { print($0) })   // offline
    /// ```
    ///
    /// - Parameter error: The error to send.
    /// - Returns: A sequence that fails with `error` at once.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        Fail(error: error)
    }
}

/// `error(_:)`; named `Fail` so that it does not shadow `Swift.Error`.
final private class Fail<Element>: Producer<Element> {
    private let error: Swift.Error

    init(error: Swift.Error) {
        self.error = error
    }

    override func subscribe<Observer: ElementObserver>(elementObserver observer: Observer) -> Disposable where Observer.Element == Element {
        observer.on(error: error)
        return Disposables.create()
    }
}
