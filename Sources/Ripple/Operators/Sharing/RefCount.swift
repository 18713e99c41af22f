extension ConnectableObservableType {
    /// Connects the source when the first observer subscribes and disconnects it when
    /// the last one leaves (or when the source ends), so it stays connected exactly as
    /// long as someone listens.
    ///
    /// ```
    /// source (hot):      -1--2--3--4--5-
    /// observer A (0…3.5): -1--2--3-
    /// observer B (1.5…):      2--3--4--5-
    /// source subscribed from 0 until B leaves
    /// ```
    ///
    /// ```swift
    /// let shared = source.publish().refCount()
    /// let a = shared.subscribe(onNext: { print("a", $0) })   // connects
    /// let b = shared.subscribe(onNext: { print("b", $0) })
    /// a.dispose()
    /// b.dispose()                                            // disconnects
    /// ```
    ///
    /// Thread safety: observers may join and leave from any threads at once. Connecting
    /// and disconnecting happen outside the lock, one at a time, in the order they were
    /// decided; a call that finds another one connecting or disconnecting leaves its
    /// work to it and returns.
    ///
    /// - Returns: A sequence that connects with its first subscriber and disconnects
    ///   after its last.
    public func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}

final private class RefCount<Source: ConnectableObservableType>: Producer<Source.Element> {
    enum Action {
        case connect
        case disconnect
    }

    let source: Source

    let lock = Lock()
    // Guarded by `lock`: the observers counted in the current connection, the number
    // of the current connection (bumped when the source ends), and the queue of
    // connects and disconnects.
    var count = 0
    var generation: UInt64 = 0
    let actions = SerializationPoint<Action, ClaimsUnderLock>()
    // Read and written only by the call holding the right to act (`actions`), which
    // is handed from call to call under `lock`.
    private var connection: Disposable?

    init(source: Source) {
        self.source = source
        super.init()
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element {
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }

    /// Under `lock`: returns `action` when this call may perform it now, or queues it
    /// for the call that is acting and returns `nil`.
    func claimOrEnqueue(_ action: Action) -> Action? {
        actions.claim(orLeaveWithoutWaiting: action) ? action : nil
    }

    /// Performs `action` and then every action queued meanwhile, outside the lock.
    func perform(_ action: Action?) {
        guard let action else {
            return
        }
        perform(action)
        actions.finishTurn(under: lock) { perform($0) }
    }

    /// Holding the right to act: connects or disconnects.
    private func perform(_ action: Action) {
        switch action {
        case .connect:
            connection = source.connect()
        case .disconnect:
            let connection = self.connection
            self.connection = nil
            connection?.dispose()
        }
    }
}

final private class RefCountSink<Source: ConnectableObservableType, Observer: ElementObserver>: Sink<Observer>, ElementObserver
    where Source.Element == Observer.Element {
    typealias Element = Observer.Element

    private let parent: RefCount<Source>
    // Guarded by `parent.lock`: the connection this observer was counted in.
    private var generation: UInt64?

    init(parent: RefCount<Source>, observer: Observer, cancel: SinkDisposer) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let subscription = parent.source.asObservable().subscribe(elementObserver: self)
        let parent = self.parent
        let action: RefCount<Source>.Action? = parent.lock.withLock {
            // Ended already (a subject that had stopped sent its terminal event).
            if isDisposed {
                return nil
            }
            generation = parent.generation
            parent.count += 1
            return parent.count == 1 ? parent.claimOrEnqueue(.connect) : nil
        }
        parent.perform(action)
        return Disposables.create { [self] in
            subscription.dispose()
            leave()
        }
    }

    private func leave() {
        let parent = self.parent
        let action: RefCount<Source>.Action? = parent.lock.withLock {
            guard let generation, generation == parent.generation else {
                return nil
            }
            self.generation = nil
            parent.count -= 1
            return parent.count == 0 ? parent.claimOrEnqueue(.disconnect) : nil
        }
        parent.perform(action)
    }

    func on(next element: Element) {
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        sourceEnded()
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        sourceEnded()
        forwardCompletedAndDispose()
    }

    /// The source ended: this connection is over for every observer.
    private func sourceEnded() {
        let parent = self.parent
        let action: RefCount<Source>.Action? = parent.lock.withLock {
            guard let generation, generation == parent.generation else {
                return nil
            }
            self.generation = nil
            parent.count = 0
            parent.generation &+= 1
            return parent.claimOrEnqueue(.disconnect)
        }
        parent.perform(action)
    }
}
