/// An observer that applies each element to a target object, on a scheduler (the main
/// queue by default): the write side of a UI property.
///
/// The target is held weakly: once it is gone, elements are dropped. Completion is
/// ignored. An error is a programmer error (bindings are for sequences that never
/// fail): it goes to ``Hooks/defaultErrorHandler`` as a binding error and is not
/// applied (RxSwift stops the program in debug builds instead).
///
/// ```
/// source:  -a-b-|
/// binding: -a-b      (each on the scheduler)
/// ```
///
/// ```swift
/// final class Label { var text = "" }
/// let label = Label()
/// let text = Binder(label) { label, text in label.text = text }
/// names.bind(to: text)
/// ```
public struct Binder<Value>: ObserverType {
    private let binding: (Event<Value>) -> Void

    /// Makes a binder that calls `binding` with `target` and each element, on the main
    /// queue, while `target` is alive.
    ///
    /// `binding` is main-actor isolated, so it may touch a `@MainActor` class (a view,
    /// a label) even where the binder is made in nonisolated code, such as an extension
    /// of ``Reactive``. It always runs on the main queue: elements sent on another
    /// thread hop there, as with ``MainScheduler``.
    ///
    /// ```swift
    /// extension Reactive where Base: Label {   // Label is @MainActor
    ///     var text: Binder<String> {
    ///         Binder(base) { label, text in label.text = text }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The object the binder writes to, held weakly.
    ///   - binding: Applies one element to `target`, on the main actor.
    public init<Target: AnyObject>(_ target: Target, binding: @escaping @MainActor (Target, Value) -> Void) {
        self.init(target, scheduler: MainScheduler()) { target, element in
            // `MainScheduler` runs this on the main queue, the main actor's executor,
            // so the check passes (it is a check, not a hop: it traps elsewhere). The
            // target and the element are already where `binding` runs; the handoff
            // says so to the checker, which sees them enter the main actor's region.
            let arguments = Handoff((target, element))
            MainActor.assumeIsolated { binding(arguments.value.0, arguments.value.1) }
        }
    }

    // Disfavoured: with its trailing `isolation`, it would otherwise win over
    // `init(_:binding:)` for a call without a scheduler, which must pick the main-actor one.

    /// Makes a binder that calls `binding` with `target` and each element, on
    /// `scheduler`, while `target` is alive.
    ///
    /// Without a `scheduler`, ``init(_:binding:)`` is chosen, which runs `binding` on
    /// the main actor.
    ///
    /// A `binding` written on an actor (an actor's method, say) runs on that actor: each
    /// element goes through `scheduler` first, then on to the actor, in order. The
    /// scheduler then only orders the elements; the actor decides where `binding` runs.
    ///
    /// ```swift
    /// let isHidden = Binder(view, scheduler: MainScheduler.instance) { view, hidden in view.isHidden = hidden }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The object the binder writes to, held weakly.
    ///   - scheduler: Where `binding` runs; by default the main queue.
    ///   - binding: Applies one element to `target`: on the actor it was written on if it
    ///     is isolated to one (after `scheduler`, the element hops there), otherwise on
    ///     `scheduler`.
    ///   - isolation: The caller's actor; leave the default.
    @_disfavoredOverload
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void,
        isolation: (any Actor)? = #isolation
    ) {
        weak let weakTarget = target
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        // An isolated binding gets each element on its actor, in the scheduler's order,
        // and finds out there whether the target is still alive.
        if let isolated = IsolatedHandler<Value>(isolation: isolation, handler: { element in
            if let target = weakTarget {
                binding(target, element)
            }
        }) {
            self.binding = Self.events(on: scheduler, callStack: callStack, apply: isolated.send)
            return
        }
        self.binding = { event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    if let target = weakTarget {
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                Hooks.defaultErrorHandler(callStack, BindingError(target: "binder", error: error))
            case .completed:
                break
            }
        }
    }

    /// What a binder does with each event, for a binding given as `apply`: elements go to
    /// it through `scheduler`, completion is ignored, an error is reported.
    private static func events(on scheduler: ImmediateSchedulerType, callStack: [String], apply: @escaping (Value) -> Void) -> (Event<Value>) -> Void {
        { event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    apply(element)
                    return Disposables.create()
                }
            case .error(let error):
                Hooks.defaultErrorHandler(callStack, BindingError(target: "binder", error: error))
            case .completed:
                break
            }
        }
    }

    /// Applies a `.next` element to the target on the scheduler; ignores completion;
    /// reports an error.
    ///
    /// - Parameter event: The event to deliver to the subscribers.
    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// The binder as an ``AnyObserver``.
    ///
    /// ```swift
    /// let observer: AnyObserver<String> = textBinder.asObserver()
    /// ```
    ///
    /// - Returns: This value as an observer.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}
