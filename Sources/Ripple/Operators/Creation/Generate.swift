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
    /// Where the closures run: written in nonisolated code, where `scheduler` runs each
    /// step. Written on an actor (main-actor code, say), on that actor: with the default
    /// scheduler, the subscription moves to the actor and the loop runs there, on the
    /// trampoline of the thread it runs on; with another scheduler, each step is still
    /// scheduled on `scheduler` (its timing and order are kept), then hops to the
    /// actor, which runs the closures and sends the state.
    ///
    /// ```swift
    /// Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 2 })
    /// // 1, 2, 4, 8, 16, 32, 64
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state, sent first if it passes `condition`.
    ///   - condition: Whether to send a state and go on; `false` completes. It runs on
    ///     the actor it was written on if it is isolated to one, otherwise where
    ///     `scheduler` runs the step (see above).
    ///   - scheduler: Where the states are sent (for closures isolated to an actor,
    ///     where the steps are timed: see above); by default the current thread's
    ///     trampoline.
    ///   - iterate: Makes the next state from the current one; runs where `condition`
    ///     runs.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence of the states, then completion.
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element,
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let executor = IsolationExecutor.forIsolation(isolation) else {
            return Generate(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
        }
        if canRunLoop(on: scheduler) {
            // The loop runs on the trampoline of the thread that subscribes: the actor's.
            return Generate(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
                .subscribe(on: executor)
        }
        let steps = ActorSteps(timing: scheduler, executor: executor)
        return Generate(initialState: initialState, condition: condition, iterate: iterate, scheduler: steps)
    }
}

/// The scheduler of a `generate` whose closures are isolated to an actor and whose own
/// scheduler is not the current thread's trampoline: each step is scheduled on that
/// scheduler, as without isolation, and then runs on the actor (at once when the
/// scheduler runs it there already). Disposing it cancels the step on either side.
private struct ActorSteps: ImmediateSchedulerType {
    let timing: ImmediateSchedulerType
    let executor: IsolationExecutor

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let executor = executor
        return timing.schedule(state) { state in
            executor.schedule(state, action: action)
        }
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

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = GenerateSink<Element, Observer>(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// `Element` is a generic parameter of its own so that unspecialised code reads it from
/// the class metadata.
final private class GenerateSink<Element, Observer: ElementObserver>: TrampolineLoopSink<Observer> where Observer.Element == Element {
    // The closures are the sink's own: calling a closure held by another object would
    // retain and release its context around every call.
    private let condition: (Element) throws -> Bool
    private let iterate: (Element) throws -> Element
    private let scheduler: ImmediateSchedulerType
    // Touched only by one step at a time: the loop on the trampoline's thread, or one
    // recursive step on the scheduler. `state` is the last state sent (or the initial
    // state until the first step, when `needsIterate` is false).
    @exclusivity(unchecked) private var state: Element
    @exclusivity(unchecked) private var needsIterate = false

    init(parent: Generate<Element>, observer: Observer, cancel: SinkDisposer) {
        condition = parent.condition
        iterate = parent.iterate
        scheduler = parent.scheduler
        state = parent.initialState
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        if canRunLoop(on: scheduler) {
            return startLoop()
        }
        return scheduler.scheduleRecursive(()) { _, recurse in
            var state = self.state
            if self.step(&state) {
                self.state = state
                self.forwardOn(next: state)
                recurse(())
            }
        }
    }

    /// Moves `state` to the next state and checks it: `true` when it is to be sent;
    /// otherwise the sequence has ended (completed, or failed with what a closure threw).
    @inline(__always)
    private func step(_ state: inout Element) -> Bool {
        do {
            if needsIterate {
                state = try iterate(state)
            } else {
                needsIterate = true
            }
            if try condition(state) {
                return true
            }
            forwardCompletedAndDispose()
        } catch {
            forwardErrorAndDispose(error)
        }
        return false
    }

    override func runLoop(on trampoline: Trampoline) {
        // A local while the loop runs, stored back when it pauses: it is passed to the
        // closures and `forwardOn` without copies.
        var state = self.state
        while !isDisposed {
            guard step(&state) else {
                return
            }
            forwardOn(next: state)
            if yields(on: trampoline) {
                self.state = state
                return
            }
        }
    }
}
