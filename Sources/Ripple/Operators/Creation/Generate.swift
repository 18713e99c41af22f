extension ObservableType {
    /// A sequence produced by a loop: starting from `initialState`, sends each state
    /// while `condition` holds, advancing with `iterate`.
    ///
    /// ```
    /// generate(0, { $0 < 3 }, { $0 + 1 }):  -0-1-2-|
    /// ```
    ///
    /// If `condition` or `iterate` throws, the sequence fails with that error.
    ///
    /// ```swift
    /// Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 2 })
    /// // 1, 2, 4, 8, 16, 32, 64
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state, sent first if it passes `condition`.
    ///   - condition: Whether to send a state and go on; `false` completes.
    ///   - scheduler: Where the states are sent; by default the current thread's
    ///     trampoline.
    ///   - iterate: Makes the next state from the current one.
    /// - Returns: A sequence of the states, then completion.
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Generate(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
    }
}

final private class Generate<Element>: Producer<Element> {
    let initialState: Element
    let condition: (Element) throws -> Bool
    let iterate: (Element) throws -> Element
    let scheduler: ImmediateSchedulerType

    init(initialState: Element, condition: @escaping (Element) throws -> Bool, iterate: @escaping (Element) throws -> Element, scheduler: ImmediateSchedulerType) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.scheduler = scheduler
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = GenerateSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

final private class GenerateSink<Observer: ElementObserver>: Sink<Observer> {
    typealias Element = Observer.Element

    func run(_ parent: Generate<Element>) -> Disposable {
        // The recursion's state is (current state, whether it still needs `iterate`).
        parent.scheduler.scheduleRecursive((parent.initialState, false)) { step, recurse in
            do {
                let state = step.1 ? try parent.iterate(step.0) : step.0
                if try parent.condition(state) {
                    self.forwardOn(next: state)
                    recurse((state, true))
                } else {
                    self.forwardCompletedAndDispose()
                }
            } catch {
                self.forwardErrorAndDispose(error)
            }
        }
    }
}
