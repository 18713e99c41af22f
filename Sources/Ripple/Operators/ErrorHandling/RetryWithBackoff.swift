#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ObservableType {
    /// Subscribes again after a failure, waiting longer before each new attempt
    /// (exponential backoff), at most `maxAttempts` times in all.
    ///
    /// After the *n*-th failed attempt (*n* = 1, 2, …), if `n < maxAttempts` and
    /// `shouldRetry(error)` is `true`, the operator waits
    /// `min(initialDelay × multiplierⁿ⁻¹, maxDelay)`, spread by `jitter`, on
    /// `scheduler`, and subscribes again; the new attempt's subscription happens on
    /// `scheduler`. Otherwise the error ends the result. Elements of every attempt are
    /// forwarded; the first completion ends the result.
    ///
    /// ```
    /// initialDelay 10, multiplier 2, maxAttempts 3
    /// source (1st try):  -1-x
    /// wait:                 |---10---|
    /// source (2nd try):              -1-x
    /// wait:                             |-------20-------|
    /// source (3rd try):                                  -1-x
    /// result:            -1----------1-------------------1-x
    /// ```
    ///
    /// Why an overload of `retry` and not a new name: it is the same operation as
    /// RxSwift's `retry(_:)` (resubscribe on error, bounded attempts) with a wait in
    /// between, so it sits in the `retry` family beside `retry()`, `retry(_:)` and
    /// `retry(when:)`, on which it is built; every number is labelled, so a call
    /// reads as its policy. RxSwiftExt's `retry(.exponentialDelayed(…), scheduler:)`
    /// is the same idea behind an enum.
    ///
    /// Where work runs: the wait, and the next attempt's subscription (for a request,
    /// creating and starting the next task), run on `scheduler`. (Attempts never
    /// overlap: if the previous attempt is still being set up on another thread when
    /// the wait ends, as with a source that fails synchronously and a near-zero delay,
    /// that thread subscribes the next attempt as soon as it is done.) For network work pick
    /// a background scheduler, so that retries run on a utility queue after their
    /// delay: `ConcurrentDispatchQueueScheduler(qos: .utility)`. Use
    /// `observe(on:)` after the operator to choose where the results arrive.
    ///
    /// Invalid arguments end the result with ``RxError/argumentOutOfRange`` when it is
    /// subscribed, without subscribing to this sequence: `maxAttempts < 1`, a negative
    /// or `.never` `initialDelay`, a `multiplier` below 1 (or not finite), a negative
    /// `maxDelay`, or a jitter fraction outside `0...1`. (`retry(0)` instead completes
    /// at once; an attempt budget of zero here is a mistake, not a policy.) A
    /// `shouldRetry` that throws ends the result with what it threw.
    ///
    /// ```swift
    /// session.rx.data(request: request)
    ///     .retry(maxAttempts: 4,
    ///            initialDelay: .milliseconds(500),      // 0.5 s, 1 s, 2 s
    ///            maxDelay: .seconds(5),
    ///            jitter: .proportional(0.2),
    ///            scheduler: ConcurrentDispatchQueueScheduler(qos: .utility),
    ///            shouldRetry: { error in !(error is DecodingError) })
    ///     .observe(on: MainScheduler.instance)
    ///     .subscribe(onNext: { show($0) }, onError: { report($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - maxAttempts: Attempts in all, counting the first subscription (≥ 1).
    ///   - initialDelay: The wait before the second attempt (≥ 0).
    ///   - multiplier: The factor each further wait grows by (≥ 1; 1 keeps it constant).
    ///   - maxDelay: The longest wait before jitter; `nil` or `.never` for no cap.
    ///   - jitter: How the wait is spread at random; `.none` (the default) waits
    ///     exactly, which also makes virtual-time tests exact.
    ///   - scheduler: Where the waits are timed and the next attempts subscribed.
    ///   - shouldRetry: Whether an error is worth another attempt; by default, all are.
    ///     Called once per failure: on the actor it was written on if it is isolated to
    ///     one (the error hops there first), otherwise on the thread that sent the error.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: This sequence, resubscribed after each error `shouldRetry` accepts, after a growing wait, until it succeeds or `maxAttempts` attempts have failed (then it fails with the last error).
    public func retry(
        maxAttempts: Int,
        initialDelay: RxTimeInterval,
        multiplier: Double = 2,
        maxDelay: RxTimeInterval? = nil,
        jitter: RetryJitter = .none,
        scheduler: SchedulerType,
        shouldRetry: @escaping (Swift.Error) throws -> Bool = { _ in true },
        isolation: (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let backoff = Backoff(
            maxAttempts: maxAttempts, initialDelay: initialDelay, multiplier: multiplier,
            maxDelay: maxDelay, jitter: jitter
        ) else {
            return Observable.error(RxError.argumentOutOfRange)
        }
        // The handler is Ripple's own, made at subscription wherever that happens; only
        // `shouldRetry` is the caller's, called in the `flatMap` that takes its isolation.
        return retry(when: { (errors: Observable<Swift.Error>) -> Observable<Int> in
            errors.enumerated().flatMap({ failed -> Observable<Int> in
                let failures = failed.index + 1
                guard failures < backoff.maxAttempts, try shouldRetry(failed.element) else {
                    return Observable.error(failed.element)
                }
                return Observable.timer(backoff.delay(afterFailure: failures), scheduler: scheduler)
            }, isolation: isolation)
        }, isolation: nil)
    }
}

/// How ``ObservableType/retry(maxAttempts:initialDelay:multiplier:maxDelay:jitter:scheduler:shouldRetry:isolation:)``
/// spreads its waits at random, so that many clients that failed together do not all
/// retry at the same instant.
///
/// ```swift
/// .retry(maxAttempts: 3, initialDelay: .seconds(1), jitter: .proportional(0.25), scheduler: scheduler)
/// // waits 0.75 s … 1.25 s, then 1.5 s … 2.5 s
/// ```
public struct RetryJitter: Sendable {
    /// The fraction of each wait that is randomised, in `0...1`.
    let fraction: Double
    /// A uniform random number in `0..<1`.
    let random: @Sendable () -> Double

    /// No jitter: every wait is exactly the computed delay.
    ///
    /// ```swift
    /// .retry(maxAttempts: 3, initialDelay: .seconds(1), jitter: .none, scheduler: scheduler)   // 1 s, then 2 s
    /// ```
    public static var none: RetryJitter {
        RetryJitter(fraction: 0, random: { 0.5 })
    }

    /// Each wait becomes `delay × (1 − fraction + 2 × fraction × random())`: uniformly
    /// spread over `delay × (1 ± fraction)`.
    ///
    /// `random` must return a number in `0..<1` (values outside are clamped); the
    /// default is `Double.random(in: 0..<1)`. Pass your own to make the waits
    /// reproducible in tests. A `fraction` outside `0...1` makes the retrying
    /// sequence fail with ``RxError/argumentOutOfRange``.
    ///
    /// ```swift
    /// .proportional(0.5)                    // 1 s becomes 0.5 s … 1.5 s
    /// .proportional(0.5, random: { 0 })     // always the shortest: 0.5 s
    /// ```
    ///
    /// - Parameters:
    ///   - fraction: How far each wait may move either way, as a fraction of it (`0...1`).
    ///   - random: Returns a number in `0..<1` for each wait.
    /// - Returns: A jitter that spreads each wait over `delay × (1 ± fraction)`.
    public static func proportional(_ fraction: Double, random: @escaping @Sendable () -> Double = { Double.random(in: 0 ..< 1) }) -> RetryJitter {
        RetryJitter(fraction: fraction, random: random)
    }

    /// `seconds`, spread by this jitter.
    func apply(to seconds: TimeInterval) -> TimeInterval {
        guard fraction > 0 else { return seconds }
        let unit = min(max(random(), 0), 1)
        return seconds * (1 - fraction + 2 * fraction * unit)
    }
}

/// A validated backoff policy.
private struct Backoff {
    let maxAttempts: Int
    let initialDelay: TimeInterval
    let multiplier: Double
    let maxDelay: TimeInterval
    let jitter: RetryJitter

    /// `nil` if an argument is out of range.
    init?(maxAttempts: Int, initialDelay: RxTimeInterval, multiplier: Double, maxDelay: RxTimeInterval?, jitter: RetryJitter) {
        let initial = initialDelay.seconds
        let cap = maxDelay?.seconds ?? .infinity
        guard maxAttempts >= 1,
              initial.isFinite, initial >= 0,
              multiplier.isFinite, multiplier >= 1,
              cap >= 0,
              jitter.fraction >= 0, jitter.fraction <= 1
        else {
            return nil
        }
        self.maxAttempts = maxAttempts
        self.initialDelay = initial
        self.multiplier = multiplier
        self.maxDelay = cap
        self.jitter = jitter
    }

    /// The wait after the `failures`-th failed attempt (1 for the first).
    func delay(afterFailure failures: Int) -> RxTimeInterval {
        let grown = initialDelay * pow(multiplier, Double(failures - 1))
        return RxTimeInterval(seconds: jitter.apply(to: min(grown, maxDelay)))
    }
}
