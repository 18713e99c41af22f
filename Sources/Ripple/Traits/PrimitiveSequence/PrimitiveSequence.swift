/// An observable sequence whose shape is fixed by a trait: a ``Single`` (exactly one
/// element or an error), a ``Maybe`` (one element, nothing, or an error) or a
/// ``Completable`` (completion or an error, never an element).
///
/// A primitive sequence wraps an ``Observable`` that keeps the trait's promise; its
/// operators build on the Observable operators and rewrap the result.
///
/// ```swift
/// let answer: Single<Int> = .just(42)
/// answer.asObservable().subscribe(onNext: { print($0) })   // 42
/// ```
public struct PrimitiveSequence<Trait, Element> {
    let source: Observable<Element>

    init(raw: Observable<Element>) {
        source = raw
    }
}

/// A type that is, or can present itself as, a ``PrimitiveSequence``: the protocol the
/// trait operators extend.
///
/// ```swift
/// func log<S: PrimitiveSequenceType>(_ trait: S) -> S.Trait.Type { S.Trait.self }
/// ```
public protocol PrimitiveSequenceType {
    /// The trait: ``SingleTrait``, ``MaybeTrait`` or ``CompletableTrait``.
    associatedtype Trait
    /// The type of element.
    associatedtype Element

    /// This value as a ``PrimitiveSequence``.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// Returns `self`.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> {
        self
    }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The wrapped sequence as an ``Observable``.
    ///
    /// ```swift
    /// Single.just(1).asObservable().subscribe(onNext: { print($0) })   // 1
    /// ```
    ///
    /// - Returns: The wrapped ``Observable``.
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension PrimitiveSequence {
    /// Calls `observableFactory` for each subscriber and subscribes to the trait it
    /// returns; if the factory throws, that subscriber gets the error.
    ///
    /// ```swift
    /// let now = Single.deferred { Single.just(Date()) }   // a fresh date per subscriber
    /// ```
    ///
    /// - Parameters:
    ///   - observableFactory: Makes the sequence for each subscriber; a throw fails that
    ///     subscriber's sequence. Runs on the actor it was written on if it is isolated to one
    ///     (a subscription made elsewhere moves there, and so does its disposal), otherwise
    ///     where the subscription is made.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: A sequence that subscribes each subscriber to a new sequence from `observableFactory`.
    public static func deferred(_ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>, isolation: (any Actor)? = #isolation) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred { try observableFactory().asObservable() }.subscribing(on: isolation))
    }

    /// Creates a resource for each subscriber, builds the trait from it, and disposes
    /// the resource when the subscription ends.
    ///
    /// ```swift
    /// Single.using({ Connection() }, primitiveSequenceFactory: { $0.fetch() })
    /// ```
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource for each subscriber; a throw fails that subscriber's sequence.
    ///   - primitiveSequenceFactory: Makes the sequence from the resource; a throw fails that subscriber's sequence.
    ///   - isolation: The caller's actor; leave the default. Factories written on an actor
    ///     run on it: a subscription made elsewhere moves there, and so does its disposal
    ///     (the resource's with it); written in nonisolated code, they run where the
    ///     subscription is made.
    /// - Returns: A sequence that owns a new resource per subscription and disposes it when the subscription ends.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>,
        isolation: (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.using(resourceFactory, observableFactory: { try primitiveSequenceFactory($0).asObservable() }).subscribing(on: isolation))
    }
}
