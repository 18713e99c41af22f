/// The `.rx` namespace: a wrapper around a value whose constrained extensions hold that
/// type's reactive API.
///
/// Extend `Reactive` where `Base` is your type, and every `ReactiveCompatible` value of
/// that type gets the members under `.rx`, without crowding the type's own namespace:
///
/// ```swift
/// final class Thermometer: ReactiveCompatible { var celsius = 20.0 }
///
/// extension Reactive where Base: Thermometer {
///     /// The temperature, as a binder that writes it on the main queue.
///     var celsius: Binder<Double> { Binder(base) { $0.celsius = $1 } }
/// }
///
/// readings.bind(to: thermometer.rx.celsius)
/// ```
///
/// For a class, every writable property is also reachable as a ``Binder`` without any
/// extension, through dynamic member lookup: `thermometer.rx.celsius` above would exist
/// even without the extension (the extension wins where both exist).
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The wrapped value the reactive members work on.
    ///
    /// ```swift
    /// extension Reactive where Base: NotificationCenter {
    ///     func post(_ name: Notification.Name) { base.post(name: name, object: nil) }
    /// }
    /// ```
    public let base: Base

    /// Wraps `base` in the reactive namespace.
    ///
    /// ```swift
    /// let rx = Reactive(URLSession.shared)   // the same as URLSession.shared.rx
    /// ```
    ///
    /// - Parameter base: The object the reactive extensions act on.
    public init(_ base: Base) {
        self.base = base
    }

    /// A ``Binder`` that writes each element to the property at `keyPath` of the base
    /// object, on the main queue, while the object is alive.
    ///
    /// ```
    /// source:            -a-b-|
    /// base[keyPath]:     -a-b     (written on the main queue; completion ignored)
    /// ```
    ///
    /// ```swift
    /// final class Label: ReactiveCompatible { var text = "" }
    /// names.bind(to: label.rx.text)   // label.rx.text is a Binder<String>
    /// ```
    ///
    /// - Parameter keyPath: The property of the base object to write.
    /// - Returns: A binder that writes each element to the base object's property at `keyPath`.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property> where Base: AnyObject {
        // The scheduler is spelled out: without it, `Binder(_:binding:)` would take a
        // main-actor closure, which the key path (not `Sendable`) cannot enter.
        Binder(base, scheduler: MainScheduler()) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

extension Reactive: Sendable where Base: Sendable {}

/// A type with reactive extensions under `.rx` (on instances) and `.rx` (on the type).
///
/// Conform by declaring it; the default implementation supplies both members:
///
/// ```swift
/// final class Counter: ReactiveCompatible { var value = 0 }
/// let binder = Counter().rx.value        // Binder<Int>, by dynamic member lookup
/// let type = Counter.rx                  // Reactive<Counter>.Type, for static members
/// ```
///
/// With `RippleFoundation` imported, every `NSObject` subclass (`URLSession`,
/// `NotificationCenter`, …) is reactive compatible, as in RxSwift.
public protocol ReactiveCompatible {
    /// The type the reactive extensions are for (normally `Self`).
    associatedtype ReactiveBase

    /// The reactive namespace for static members.
    ///
    /// ```swift
    /// extension Reactive where Base: Counter { static var zero: Observable<Int> { .just(0) } }
    /// _ = Counter.rx.zero
    /// ```
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The reactive namespace for instance members.
    ///
    /// ```swift
    /// let users = URLSession.shared.rx.data(request: request)
    /// ```
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// The reactive namespace for static members: `Reactive<Self>.self`.
    ///
    /// The setter does nothing; it exists so that mutating members can be reached
    /// through `rx` on a `var` (as in RxSwift).
    ///
    /// ```swift
    /// let type: Reactive<URLSession>.Type = URLSession.rx
    /// ```
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // A setter that ignores its value: `rx` must be settable for mutating extensions.
        set {}
    }

    /// The reactive namespace for instance members: `Reactive(self)`.
    ///
    /// The setter does nothing; it exists so that mutating members can be reached
    /// through `rx` on a `var` (as in RxSwift).
    ///
    /// ```swift
    /// let notifications = NotificationCenter.default.rx.notification(.NSSystemClockDidChange)
    /// ```
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // A setter that ignores its value: `rx` must be settable for mutating extensions.
        set {}
    }
}
