import Dispatch

/// A sequence for UI code that never fails, delivers on one scheduler (the main
/// queue) and shares one subscription among its subscribers; its
/// ``SharingStrategyProtocol`` decides how. ``Driver`` and ``Signal`` are the two
/// kinds.
///
/// Every operator result is shared again, so subscribing twice to `driver.map(f)`
/// runs `f` once per element.
///
/// ```swift
/// let title: Driver<String> = model.name.asDriver(onErrorJustReturn: "")
/// title.drive(titleLabel)
/// ```
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType, ObservableConvertibleType {
    let source: Observable<Element>

    /// Wraps `source`, shared as the strategy says; the caller guarantees it never
    /// fails and delivers on the strategy's scheduler.
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// Wraps `source`, moved onto the strategy's scheduler and shared: for sources
    /// that cannot fail (relays, ``Infallible``) but may send from any thread.
    init(observingOnScheduler source: Observable<Element>) {
        self.init(source.observe(on: SharingStrategy.scheduler))
    }

    /// Wraps `source` as it is, for sources that need no sharing (`just`, `never` …).
    init(raw source: Observable<Element>) {
        self.source = source
    }

    /// The shared sequence as an ``Observable`` (which never fails).
    ///
    /// ```swift
    /// let values: Observable<String> = driver.asObservable()
    /// ```
    ///
    /// - Returns: An ``Observable`` with this sequence's events.
    public func asObservable() -> Observable<Element> {
        source
    }

    /// Returns `self`.
    ///
    /// - Returns: This sequence.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }
}

/// How a ``SharedSequence`` kind delivers and shares: its scheduler and its `share`.
///
/// ```swift
/// DriverSharingStrategy.scheduler   // the main queue
/// ```
public protocol SharingStrategyProtocol {
    /// The scheduler elements are delivered on.
    static var scheduler: SchedulerType { get }

    /// Shares `source` among subscribers.
    ///
    /// - Parameter source: The sequence to share.
    /// - Returns: `source`, shared as the strategy prescribes.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that is, or presents itself as, a ``SharedSequence``; the protocol the
/// shared-sequence operators extend.
///
/// ```swift
/// func show<S: SharedSequenceConvertibleType>(_ s: S) where S.SharingStrategy == DriverSharingStrategy {}
/// ```
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// The sharing strategy: ``DriverSharingStrategy`` or ``SignalSharingStrategy``.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// This value as a ``SharedSequence``.
    ///
    /// - Returns: This value as a shared sequence.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
    /// Subscribes, handing every element to `accept` once for each of `relays`: the
    /// body of each `drive(_:)` and `emit(to:)` that targets relays.
    func subscribe<Relay>(relays: [Relay], accept: @escaping (Relay, Element) -> Void) -> any Disposable & Sendable {
        asSharedSequence().asObservable().subscribe(onNext: { element in
            for relay in relays {
                accept(relay, element)
            }
        })
    }
}

/// Stops the program in debug builds unless the caller runs on the main queue: the
/// check behind `drive` and `emit`, which are for main-queue (UI) code.
///
/// In release builds it checks nothing.
func ensureOnMainQueueInDebug(_ function: String) {
    #if DEBUG
    if !DispatchQueue.isMain {
        fatalError("\(function) was called off the main queue. Drivers and Signals deliver on the main queue and must be driven (or emitted) from it: subscribe from main-queue code, e.g. inside DispatchQueue.main.async { … }.")
    }
    #endif
}
