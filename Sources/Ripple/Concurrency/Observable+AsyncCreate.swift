extension ObservableConvertibleType {
    /// Creates a sequence whose elements come from an `async` closure, run in a new task
    /// for each subscriber: the closure sends elements with the function it receives;
    /// its return completes the sequence and an error it throws ends it with `.error`.
    ///
    /// The name is RxSwift 6.10's (`Observable.create(detached:priority:work:)`), so
    /// RxSwift code keeps compiling; it is the async counterpart of
    /// ``ObservableType/create(_:isolation:)``, which a closure returning a `Disposable` still
    /// selects. RxSwift's `ElementObserver<Element>` typealias for the emitting function
    /// is spelled out here as `(Element) -> Void`.
    ///
    /// ```
    /// work: emit(1), await…, emit(2), return
    /// result:  -1----2-|
    /// ```
    ///
    /// Cancellation, both ways:
    /// - disposing the subscription cancels the task: `Task.isCancelled` becomes true
    ///   inside `work`, cancellable awaits throw `CancellationError`, and elements
    ///   emitted after that are dropped (nothing reaches the subscriber after
    ///   `dispose()` returns);
    /// - the task is only ever cancelled that way, so a `CancellationError` that `work`
    ///   throws while still subscribed (one it made itself, or from a child task) is an
    ///   error like any other and ends the sequence with `.error`, as in RxSwift.
    ///
    /// The task is not isolated to the subscriber's actor (`detached: true` also drops
    /// its priority and task-local values); `work` is `@Sendable` because each
    /// subscription runs it in its own task, possibly at the same time.
    ///
    /// ```swift
    /// let pages = Observable<Page>.create { emit in
    ///     var url: URL? = firstPage
    ///     while let next = url {
    ///         let page = try await client.fetch(next)
    ///         emit(page)
    ///         url = page.next
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - detached: Whether to run `work` in a detached task rather than one that inherits the caller's priority and task-local values.
    ///   - priority: The priority of the task; `nil` for the default.
    ///   - work: Called in a new task for each subscriber with the closure that sends an element; returning completes the sequence, throwing fails it.
    /// - Returns: A sequence that runs `work` for each subscriber and cancels its task when the subscription is disposed.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @escaping @Sendable (_ observer: (Element) -> Void) async throws -> Void
    ) -> Observable<Element> {
        Observable.create { observer in
            disposableTask(detached: detached, priority: priority) {
                do {
                    try await work { element in
                        if Task.isCancelled { return }
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Creates a ``Single`` from an `async` closure, run in a new task for each
    /// subscriber: what it returns is the success, what it throws the failure.
    ///
    /// RxSwift 6.10's name and labels; ``create(subscribe:isolation:)->Single<Self.Element>`` (a closure receiving the
    /// observer) is still chosen for a closure that returns a `Disposable`.
    ///
    /// ```
    /// work: await…, return 42
    /// result:  -----(42|)
    /// ```
    ///
    /// Disposing the subscription cancels the task, and whatever it returns or throws
    /// afterwards is dropped. A `CancellationError` the closure throws while still
    /// subscribed is a failure like any other. The task is not isolated to the
    /// subscriber's actor; `detached: true` also drops its priority and task-locals.
    ///
    /// ```swift
    /// let user = Single<User>.create { try await api.user(id: 7) }
    /// user.subscribe(onSuccess: { print($0.name) })
    /// ```
    ///
    /// - Parameters:
    ///   - detached: Whether to run `work` in a detached task rather than one that inherits the caller's priority and task-local values.
    ///   - priority: The priority of the task; `nil` for the default.
    ///   - work: Called in a new task for each subscriber; what it returns is the success, what it throws the failure.
    /// - Returns: A trait that runs `work` for each subscriber and cancels its task when the subscription is disposed.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @escaping @Sendable () async throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        .create { observer in
            disposableTask(detached: detached, priority: priority) {
                let result: SingleEvent<Element>
                do {
                    result = .success(try await work())
                } catch {
                    result = .failure(error)
                }
                observer(result)
            }
        }
    }
}
