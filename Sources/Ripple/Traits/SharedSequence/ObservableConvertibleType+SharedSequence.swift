// Any sequence as a shared sequence of a kind named by its sharing strategy: what
// `asDriver` and `asSignal` are made of, for code generic over the strategy.

extension ObservableConvertibleType {
    /// This sequence as a shared sequence of the kind `sharingStrategy` names,
    /// delivering on its scheduler; on error it sends `onErrorJustReturn` and completes.
    ///
    /// ```
    /// source: -1-2-X
    /// result: -1-2-(0|)
    /// ```
    ///
    /// ```swift
    /// let count = api.count.asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - sharingStrategy: The kind of shared sequence to make; inferred from the
    ///     result's type when left out.
    ///   - onErrorJustReturn: The element to send, before completing, instead of an error.
    /// - Returns: A shared sequence with this sequence's elements.
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorJustReturn: Element
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().observe(on: SharingStrategy.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// This sequence as a shared sequence of the kind `sharingStrategy` names; on
    /// error it continues with `onErrorDriveWith`.
    ///
    /// ```swift
    /// let names: Driver<String> = api.names.asSharedSequence(onErrorDriveWith: .just("offline"))
    /// ```
    ///
    /// - Parameters:
    ///   - sharingStrategy: The kind of shared sequence to make; inferred from the
    ///     result's type when left out.
    ///   - onErrorDriveWith: The shared sequence to continue with when this one fails.
    /// - Returns: A shared sequence with this sequence's elements, then, on error,
    ///   `onErrorDriveWith`'s.
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorDriveWith: SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().observe(on: SharingStrategy.scheduler).catch { _ in onErrorDriveWith.asObservable() })
    }

    /// This sequence as a shared sequence of the kind `sharingStrategy` names; on
    /// error it continues with the shared sequence `onErrorRecover` makes from the error.
    ///
    /// ```swift
    /// let status: Signal<String> = api.status.asSharedSequence(onErrorRecover: { .just("failed: \($0)") })
    /// ```
    ///
    /// - Parameters:
    ///   - sharingStrategy: The kind of shared sequence to make; inferred from the
    ///     result's type when left out.
    ///   - onErrorRecover: Makes, from the error, the shared sequence to continue with. Runs on
    ///     the actor it was written on if it is isolated to one (the error, once on the
    ///     strategy's scheduler, hops there first if that is elsewhere), otherwise on the
    ///     strategy's scheduler.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A shared sequence with this sequence's elements, then, on error, the
    ///   recovery sequence's.
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorRecover: @escaping (_ error: Swift.Error) -> SharedSequence<SharingStrategy, Element>,
        isolation: (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().observe(on: SharingStrategy.scheduler).delivering(to: isolation).catch { onErrorRecover($0).asObservable() })
    }
}
