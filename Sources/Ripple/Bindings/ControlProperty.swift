/// The reactive face of a UI property: an observable of its values (the current
/// one first, then each change) and an observer that sets it.
///
/// The values are subscribed on the main queue (``ConcurrentMainScheduler``). An
/// error sent to the property is a programmer error: it goes to
/// ``Hooks/defaultErrorHandler`` as a binding error and is not applied (RxSwift
/// stops the program in debug builds instead).
///
/// ```
/// value:    "a" then set "b"
/// values:   a--b-
/// changed:  ---b-
/// ```
///
/// ```swift
/// let field = BehaviorRelay<String?>(value: "")
/// let text = ControlProperty(values: field, valueSink: Binder(field) { $0.accept($1) })
/// text.orEmpty.subscribe(onNext: { print($0) })
/// ```
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The type of element.
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// Makes a property from its `values` (which must never fail, and should start
    /// with the current value) and the `valueSink` that sets it.
    ///
    /// ```swift
    /// let text = ControlProperty(values: field, valueSink: fieldBinder)
    /// ```
    ///
    /// - Parameters:
    ///   - values: The property's values; the sequence must never fail.
    ///   - valueSink: The observer that sets the property.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Element == Values.Element, Element == Sink.Element {
        self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
        self.valueSink = valueSink.asObserver()
    }

    /// Subscribes `observer` to the values: the current one, then each change.
    ///
    /// - Parameter observer: The observer that receives the events.
    /// - Returns: A disposable that ends this subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The values without the current one: only the changes.
    ///
    /// ```
    /// values:  a--b--c-
    /// changed: ---b--c-
    /// ```
    ///
    /// ```swift
    /// text.changed.subscribe(onNext: { print("edited: \($0)") })
    /// ```
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    /// The values as an ``Observable``.
    ///
    /// - Returns: This value as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        values
    }

    /// Returns `self`.
    ///
    /// - Returns: This control property.
    public func asControlProperty() -> ControlProperty<Element> {
        self
    }

    /// Sets the property to a `.next` element; forwards completion to the value sink;
    /// reports an error as a binding error without applying it.
    ///
    /// - Parameter event: The event to deliver to the subscribers.
    public func on(_ event: Event<Element>) {
        switch event {
        case .error(let error):
            let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
            Hooks.defaultErrorHandler(callStack, BindingError(target: "control property", error: error))
        case .next, .completed:
            valueSink.on(event)
        }
    }
}

/// A type that is, or presents itself as, a ``ControlProperty``: both an observable
/// of a UI property's values and an observer that sets it.
///
/// ```swift
/// func clear<P: ControlPropertyType>(_ property: P) where P.Element == String { property.onNext("") }
/// ```
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// This value as a ``ControlProperty``.
    ///
    /// - Returns: This value as a control property.
    func asControlProperty() -> ControlProperty<Element>
}

extension ControlPropertyType where Element == String? {
    /// The property with `nil` read as the empty string; setting a string sets it.
    ///
    /// ```
    /// values: nil--"a"-
    /// result: ""---"a"-
    /// ```
    ///
    /// ```swift
    /// let name: ControlProperty<String> = text.orEmpty
    /// ```
    public var orEmpty: ControlProperty<String> {
        let original = asControlProperty()
        let values: Observable<String> = original.values.map { $0 ?? "" }
        let valueSink: AnyObserver<String> = original.valueSink.mapObserver { $0 }
        return ControlProperty<String>(values: values, valueSink: valueSink)
    }
}

extension ControlProperty {
    /// The values as a ``Driver``: the current value first, then each change.
    ///
    /// ```swift
    /// let name: Driver<String> = text.orEmpty.asDriver()
    /// ```
    ///
    /// - Returns: A Driver with the property's current value and later ones.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorDriveWith: .empty())
    }
}
