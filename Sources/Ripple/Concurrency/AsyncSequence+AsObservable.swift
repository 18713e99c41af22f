extension AsyncSequence {
    /// This async sequence as an ``Observable``: each subscription iterates it in its
    /// own task and sends what it yields.
    ///
    /// ```
    /// async sequence:  -1-2-3-(end)
    /// asObservable():  -1-2-3-|
    /// async sequence:  -1-(throws X)
    /// asObservable():  -1-X
    /// ```
    ///
    /// - The iterator is made when you subscribe, on your thread; the iteration runs
    ///   in a new task that is not isolated to any actor (not the subscriber's actor,
    ///   even if you subscribe from `@MainActor` code), so elements arrive on the
    ///   concurrency pool's threads: add `observe(on: MainScheduler.instance)` before
    ///   touching the UI.
    /// - Disposing the subscription cancels the task; nothing is sent after `dispose()`
    ///   returns.
    /// - The end of the sequence sends `.completed`; an error it throws is sent as
    ///   `.error`, except `CancellationError`, which completes (as in RxSwift: a
    ///   cancelled iteration is an end, not a failure).
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    /// let subscription = stream.asObservable().subscribe(onNext: { print($0) })
    /// continuation.yield(1)   // prints 1 (on a pool thread)
    /// ```
    ///
    /// The task runs at `priority` (`nil`, the default, leaves it to the task: it takes
    /// the subscriber's priority when there is one, as `Task.init` does):
    ///
    /// ```swift
    /// let lines = file.lines.asObservable(priority: .utility)
    /// ```
    ///
    /// - Parameter priority: The priority of the task that iterates the sequence.
    /// - Returns: A sequence that iterates this asynchronous sequence in a task for each subscriber.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create { observer in
            var iterator = self.makeAsyncIterator()
            return disposableTask(detached: false, priority: priority) {
                do {
                    while let element = try await iterator.next() {
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                } catch is CancellationError {
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
        }
    }
}
