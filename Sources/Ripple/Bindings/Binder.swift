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

    /// Makes a binder that calls `binding` with `target` and each element, on
    /// `scheduler`, while `target` is alive.
    ///
    /// ```swift
    /// let isHidden = Binder(view, scheduler: MainScheduler.instance) { view, hidden in view.isHidden = hidden }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The object the binder writes to, held weakly.
    ///   - scheduler: Where `binding` runs; by default the main queue.
    ///   - binding: Applies one element to `target`.
    public init<Target: AnyObject>(_ target: Target, scheduler: ImmediateSchedulerType = MainScheduler(), binding: @escaping (Target, Value) -> Void) {
        weak let weakTarget = target
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
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
