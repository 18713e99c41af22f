// What a type gets by implementing only `asSharedSequence()` (RxExample's activity
// indicator, say): the Observable, and the Driver or Signal its strategy makes it.

extension SharedSequenceConvertibleType {
    /// This value's shared sequence as an ``Observable`` (which never fails): the
    /// ``ObservableConvertibleType`` requirement, met for a type that implements only
    /// ``asSharedSequence()``.
    ///
    /// ```swift
    /// let loading: Observable<Bool> = activityIndicator.asObservable()
    /// ```
    ///
    /// - Returns: The events of ``asSharedSequence()``.
    public func asObservable() -> Observable<Element> {
        asSharedSequence().asObservable()
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// This value as the ``Driver`` it is: its shared sequence, unchanged (no second
    /// share, no second hop to the main queue).
    ///
    /// ```swift
    /// let loading: Driver<Bool> = activityIndicator.asDriver()
    /// ```
    ///
    /// - Returns: ``asSharedSequence()``.
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// This value as the ``Signal`` it is: its shared sequence, unchanged.
    ///
    /// ```swift
    /// let taps: Signal<Void> = tapSource.asSignal()
    /// ```
    ///
    /// - Returns: ``asSharedSequence()``.
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }
}
