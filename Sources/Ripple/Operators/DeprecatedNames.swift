// The operator names RxSwift 6 renamed and kept, deprecated, so that RxSwift 5 code still
// compiles (with the same warnings as under RxSwift 6): each calls its new name (the
// trait's closure-taking ones call the Observable operator, with the caller's isolation). The
// deprecated names that have an operator file of their own (`takeUntil`, `skipUntil`,
// `skipWhile`, `takeWhile`, Single's `subscribe(onSuccess:onError:onDisposed:)`) sit
// beside their new names; these are the rest.

extension ObservableType {
    /// The RxSwift 5 name of `catch(_:)`.
    ///
    /// ```swift
    /// source.catchError { _ in .just(0) }   // now: source.catch { _ in .just(0) }
    /// ```
    ///
    /// - Parameters:
    ///   - handler: Makes the sequence to continue with from the error; runs where
    ///     `catch(_:isolation:)` runs it: on the actor it was written on if it is
    ///     isolated to one, otherwise on the thread that sent the error.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: What `catch(handler)` returns.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>, isolation: (any Actor)? = #isolation) -> Observable<Element> {
        `catch`(handler, isolation: isolation)
    }

    /// The RxSwift 5 name of `catchAndReturn(_:)`.
    ///
    /// ```swift
    /// source.catchErrorJustReturn(0)   // now: source.catchAndReturn(0)
    /// ```
    ///
    /// - Parameter element: The element to send, before completing, instead of an error.
    /// - Returns: What `catchAndReturn(element)` returns.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }

    /// The RxSwift 5 name of `element(at:)`.
    ///
    /// ```swift
    /// source.elementAt(2)   // now: source.element(at: 2)
    /// ```
    ///
    /// - Parameter index: The index of the element to send.
    /// - Returns: What `element(at: index)` returns.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }

    /// The RxSwift 5 name of `retry(when:)`, for a handler of typed errors.
    ///
    /// ```swift
    /// source.retryWhen { (errors: Observable<NetworkError>) in errors.delay(.seconds(1), scheduler: s) }
    /// ```
    ///
    /// - Parameters:
    ///   - notificationHandler: Makes the trigger sequence from the errors, at
    ///     subscription: on the actor it was written on if it is isolated to one (a
    ///     subscription made elsewhere moves there), otherwise where the subscription
    ///     is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: What `retry(when: notificationHandler)` returns.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        retry(when: notificationHandler, isolation: isolation)
    }

    /// The RxSwift 5 name of `retry(when:)`.
    ///
    /// ```swift
    /// source.retryWhen { errors in errors.delay(.seconds(1), scheduler: s) }
    /// ```
    ///
    /// - Parameters:
    ///   - notificationHandler: Makes the trigger sequence from the errors, at
    ///     subscription: on the actor it was written on if it is isolated to one (a
    ///     subscription made elsewhere moves there), otherwise where the subscription
    ///     is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: What `retry(when: notificationHandler)` returns.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        retry(when: notificationHandler, isolation: isolation)
    }

    /// The RxSwift 5 name of `observe(on:)`.
    ///
    /// ```swift
    /// source.observeOn(MainScheduler.instance)   // now: source.observe(on: MainScheduler.instance)
    /// ```
    ///
    /// - Parameter scheduler: The scheduler to deliver events on.
    /// - Returns: What `observe(on: scheduler)` returns.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }

    /// The RxSwift 5 name of `subscribe(on:)`.
    ///
    /// ```swift
    /// source.subscribeOn(scheduler)   // now: source.subscribe(on: scheduler)
    /// ```
    ///
    /// - Parameter scheduler: The scheduler to subscribe and dispose on.
    /// - Returns: What `subscribe(on: scheduler)` returns.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

extension PrimitiveSequence {
    /// The RxSwift 5 name of `catch(_:)`.
    ///
    /// ```swift
    /// fetchScore().catchError { _ in .just(0) }   // now: fetchScore().catch { _ in .just(0) }
    /// ```
    ///
    /// - Parameters:
    ///   - handler: Makes the trait to continue with from the error: on the actor it was
    ///     written on if it is isolated to one (the error hops there first), otherwise
    ///     on the thread that sent the error.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: What `catch(handler)` returns.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>, isolation: (any Actor)? = #isolation) -> PrimitiveSequence<Trait, Element> {
        // Built on the Observable operator, which takes the isolation, as the trait's
        // `catch` is.
        PrimitiveSequence(raw: source.catch({ try handler($0).asObservable() }, isolation: isolation))
    }

    /// The RxSwift 5 name of `retry(when:)`, for a handler of typed errors.
    ///
    /// ```swift
    /// fetchScore().retryWhen { (errors: Observable<NetworkError>) in errors.take(3) }
    /// ```
    ///
    /// - Parameters:
    ///   - notificationHandler: Makes the trigger sequence from the errors, at
    ///     subscription: on the actor it was written on if it is isolated to one (a
    ///     subscription made elsewhere moves there), otherwise where the subscription
    ///     is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: What `retry(when: notificationHandler)` returns.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        isolation: (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler, isolation: isolation))
    }

    /// The RxSwift 5 name of `retry(when:)`.
    ///
    /// ```swift
    /// fetchScore().retryWhen { errors in errors.take(3) }
    /// ```
    ///
    /// - Parameters:
    ///   - notificationHandler: Makes the trigger sequence from the errors, at
    ///     subscription: on the actor it was written on if it is isolated to one (a
    ///     subscription made elsewhere moves there), otherwise where the subscription
    ///     is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: What `retry(when: notificationHandler)` returns.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable,
        isolation: (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler, isolation: isolation))
    }

    /// The RxSwift 5 name of `observe(on:)`.
    ///
    /// ```swift
    /// fetchScore().observeOn(MainScheduler.instance)   // now: .observe(on: MainScheduler.instance)
    /// ```
    ///
    /// - Parameter scheduler: The scheduler to deliver the event on.
    /// - Returns: What `observe(on: scheduler)` returns.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// The RxSwift 5 name of `subscribe(on:)`.
    ///
    /// ```swift
    /// fetchScore().subscribeOn(scheduler)   // now: fetchScore().subscribe(on: scheduler)
    /// ```
    ///
    /// - Parameter scheduler: The scheduler to subscribe and dispose on.
    /// - Returns: What `subscribe(on: scheduler)` returns.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }
}
